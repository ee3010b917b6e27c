//! Dead ends drawn: on a dead-end frame (see `crate::board::deadend` for which frames those are
//! and what they mean) and on the removal it causes, the line that ran out of safe squares is
//! underlined (a column; a row is marked left of the board), always; with `--why` each of its squares is also joined (on the dead-end frame) to the
//! queen attacking it by a thin line. On a removal whose line's safe squares were all tried, those
//! squares carry a small cross (the "ruled out" mark puzzles use too), so the caption's "e3 tried"
//! can be seen on a board where e3 is free again.

use super::annotate::Annotation;
use super::describe::Marks;
use super::describe::StrokedLine;
use super::Describer;
use crate::board::deadend::{dead_end, dead_line, Cause, DeadLine, Line};
use crate::board::Board;
use crate::trace::{Event, Square};

impl Describer {
    /// With `--why`, a dead-end frame's line outlined (forward's free counts outline their own) and
    /// each of its squares joined to its attacker by a line (0.8 of an attack line's width) from the edge of the attacker's square
    /// (so the queen stays clear) to the square's centre.
    pub(super) fn why_marks(&self, board: &Board, event: Option<&Event>, marks: &mut Marks) {
        let Some(spec) = self.caption.as_ref() else { return };
        let l = &self.layout;
        let dead_line = dead_line(spec.kind, board, event, spec.has_checks);
        if let Some(DeadLine { cause: Cause::Tried(tried), .. }) = &dead_line {
            marks.tried.extend(tried.iter().filter(|&&sq| !board.has_queen(sq)));
        }
        if let Some(line) = dead_line.map(|d| d.line).filter(|_| self.annotation != Annotation::FreeCounts) {
            let first = line.squares(board.n()).next().expect("a line has squares");
            let (x, y) = l.square_origin(first);
            let (long, short) = (l.board_size() as i64, l.square as i64);
            let (w, h) = if matches!(line, Line::Column(_)) { (short, long) } else { (long, short) };
            marks.dead_lines.push((x as i64, y as i64, w, h));
        }
        let Some(dead) = dead_end(spec.kind, board, event, spec.has_checks).filter(|_| self.why) else { return };
        for (square, attacker) in dead.links {
            let (from, _) = self.edge_to_edge(attacker, square);
            marks.lines.push((from, l.square_centre(square), self.line_width() * 0.8));
        }
    }

    /// The two strokes crossing out a tried square: centred, a third of the square across, in
    /// the ghost's weight, so it reads as "ruled out" without looking like an attack.
    pub(super) fn tried_cross(&self, sq: Square) -> [StrokedLine; 2] {
        let (cx, cy) = self.layout.square_centre(sq);
        let s = self.layout.square as f32;
        let (h, width) = (s * 0.16, (s / 22.0).max(1.5));
        [((cx - h, cy - h), (cx + h, cy + h), width), ((cx - h, cy + h), (cx + h, cy - h), width)]
    }
}
