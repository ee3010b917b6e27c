//! Per-algorithm annotations described over or beside the board.
//!
//! Contract: `forward` frames show each empty row's count of free squares in a band right of the
//! board (a dead end's 0 in the alarm colour; its row is marked as every dead line is, `why.rs`);
//! `min-conflicts` frames show in each empty square how many queens attack it, in a small badge at
//! its top left (boards up to 16x16 with squares of 24 px or more), explained by a one-line legend
//! under the board (a badge reading 2, then "queens attack this square").

use super::items::{Item, Scene};
use super::layout::{badge_height, coord_text_size, halo_for, shows_counts, side_text_size};
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
            Annotation::AttackCounts => self.attack_counts(board, event, scene),
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

    /// Each empty square's count of queens attacking it, in a badge at its top left (clear of a
    /// highlight's corner brackets), and the legend under the board. Squares holding a queen or
    /// the ghost of one that just left carry none (her silhouette fills the square; her conflicts
    /// are drawn as lines).
    fn attack_counts(&self, board: &Board, event: Option<&Event>, scene: &mut Scene) {
        let l = &self.layout;
        if !shows_counts(board.n(), l.square) {
            return;
        }
        let left = match event {
            Some(Event::Move { from, .. }) => Some(*from),
            Some(Event::Remove { .. }) => event.and_then(Event::square),
            _ => None,
        };
        let inset = (l.border + halo_for(l.square)) as i64;
        for row in 0..board.n() {
            for col in 0..board.n() {
                let sq = Square::new(row, col);
                let count = board.attackers(sq);
                if count == 0 || board.has_queen(sq) || left == Some(sq) {
                    continue;
                }
                let (x, y) = l.square_origin(sq);
                self.badge((x as i64 + inset, y as i64 + inset), &count.to_string(), scene);
            }
        }
        if let Some(top) = l.legend {
            let right = self.badge((l.board_x as i64, top as i64), "2", scene);
            let size = coord_text_size(l.square, &self.glyphs);
            let room = (l.board_x + l.board_size()) as f32 - right;
            let text = ["queens attack this square", "attackers"]
                .into_iter()
                .find(|t| self.glyphs.text_width(t, size) + size as f32 * 0.4 <= room)
                .unwrap_or("attackers");
            let baseline =
                top as f32 + ((badge_height(l.square, &self.glyphs) as f32 + self.glyphs.cap_height(size)) / 2.0);
            scene.text((right + size as f32 * 0.4, baseline.round()), size, text);
        }
    }

    /// A count badge with its top-left corner at `at`: the number in the text colour on the
    /// background, framed by a pixel of the text colour. Returns the badge's right edge.
    fn badge(&self, (x, y): (i64, i64), text: &str, scene: &mut Scene) -> f32 {
        let size = coord_text_size(self.layout.square, &self.glyphs);
        let h = badge_height(self.layout.square, &self.glyphs) as i64;
        let width = self.glyphs.text_width(text, size).ceil() as i64;
        let w = (width + 6).max(h);
        scene.push(Item::Fill { rect: (x, y, w, h), paint: Paint::Background });
        scene.push(Item::Outline { rect: (x, y, w, h), thickness: 1, paint: Paint::Text });
        let pen = (x as f32 + (w - width) as f32 / 2.0, (y + h - 3) as f32);
        scene.text(pen, size, text);
        (x + w) as f32
    }
}
