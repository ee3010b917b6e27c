//! Per-algorithm annotations described over or beside the board.
//!
//! Contract: `forward` frames show each empty row's count of free squares in a band right of the
//! board (a dead end's 0 in the alarm colour; its row is marked as every dead line is, `why.rs`); `min-conflicts` frames show in
//! each square how many queens attack it (boards up to 16x16 with squares of 24 px or more).

use super::items::{Item, Scene};
use super::layout::side_text_size;
use super::theme::Paint;
use super::Describer;
use crate::board::Board;
use crate::trace::Algorithm;
use crate::trace::{Event, Square};

/// What an algorithm's frames add to the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Annotation {
    None,
    FreeCounts,
    AttackCounts,
}

impl Annotation {
    pub fn for_algorithm(algorithm: Option<Algorithm>) -> Self {
        match algorithm {
            Some(Algorithm::Forward) => Annotation::FreeCounts,
            Some(Algorithm::MinConflicts) => Annotation::AttackCounts,
            _ => Annotation::None,
        }
    }
}

impl Describer {
    /// Describe this frame's annotation, if the algorithm has one.
    /// (A dead row is marked like every dead line, with the other marks: `why.rs`.)
    pub(super) fn annotate(&self, board: &Board, event: Option<&Event>, scene: &mut Scene) {
        match self.annotation {
            Annotation::FreeCounts => self.free_counts(board, event, scene),
            Annotation::AttackCounts => self.attack_counts(board, scene),
            Annotation::None => {}
        }
    }

    fn free_counts(&self, board: &Board, event: Option<&Event>, scene: &mut Scene) {
        let l = &self.layout;
        let size = side_text_size(l.square);
        let x = (l.board_x + l.board_size()) as f32 + size as f32 * 0.5;
        let (square, board_y) = (l.square as f32, l.board_y as f32);
        let ascent = self.glyphs.ascent(size);
        let dead = match event {
            Some(Event::Deadend { row }) => Some(*row),
            _ => None,
        };
        for row in (0..board.n()).filter(|&r| !board.row_has_queen(r)) {
            let text = board.free_in_row(row).to_string();
            let baseline = board_y + square * (row as f32 + 0.5) + ascent * 0.38;
            let paint = if dead == Some(row) { Paint::CheckAttacked } else { Paint::Text };
            scene.push(Item::Text { x, baseline, size, text, paint });
        }
    }

    fn attack_counts(&self, board: &Board, scene: &mut Scene) {
        let square = self.layout.square;
        if board.n() > 16 || square < 24 {
            return;
        }
        let size = ((square as f32 * 0.26).round() as u32).max(9);
        let ascent = self.glyphs.ascent(size);
        for row in 0..board.n() {
            for col in 0..board.n() {
                let sq = Square::new(row, col);
                let count = board.attackers(sq);
                if count == 0 {
                    continue;
                }
                let (x, y) = self.layout.square_origin(sq);
                let pos = (x as f32 + size as f32 * 0.25, y as f32 + size as f32 * 0.15 + ascent);
                scene.text(pos, size, count.to_string());
            }
        }
    }
}
