//! `--why` drawn: on a dead-end frame (see [`crate::board::deadend`] for which frames those are
//! and what they mean), the line that ran out of safe squares is outlined and each of its squares
//! is joined to the queen attacking it by a thin line.

use super::annotate::Annotation;
use super::scene::{Item, Scene};
use super::theme::Paint;
use super::Renderer;
use crate::board::deadend::{dead_end, Line};
use crate::board::Board;
use crate::trace::Event;

impl Renderer {
    /// With `--why`, a dead-end frame's line outlined (forward's free counts outline their own) and
    /// each of its squares joined to its attacker by a thin line.
    pub(super) fn why_marks(&self, board: &Board, event: Option<&Event>, scene: &mut Scene) {
        let Some(spec) = self.caption.as_ref().filter(|_| self.why) else { return };
        let Some(dead) = dead_end(spec.kind, board, event, spec.has_checks) else { return };
        let l = &self.layout;
        if self.annotation != Annotation::FreeCounts {
            let first = dead.line.squares(board.n()).next().expect("a line has squares");
            let (x, y) = l.square_origin(first);
            let (long, short) = (l.board_size() as i64, l.square as i64);
            let (w, h) = if matches!(dead.line, Line::Column(_)) { (short, long) } else { (long, short) };
            scene.push(Item::Outline {
                rect: (x as i64, y as i64, w, h),
                thickness: l.border as i64,
                paint: Paint::CheckAttacked,
            });
        }
        let width = (l.square as f32 / 30.0).max(1.0);
        for (square, attacker) in dead.links {
            let (from, to) = (l.square_centre(attacker), l.square_centre(square));
            // Start at the edge of the attacker's square, so the line leaves the queen visible.
            let step = |a: usize, b: usize| (b.cmp(&a) as i8) as f32 * l.square as f32 * 0.5;
            let from = (from.0 + step(attacker.col, square.col), from.1 + step(attacker.row, square.row));
            scene.push(Item::Line { from, to, width, paint: Paint::CheckAttacked });
        }
    }
}
