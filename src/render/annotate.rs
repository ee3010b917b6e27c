//! Per-algorithm annotations drawn over or beside the board.
//!
//! Contract: `forward` frames show each empty row's count of free squares in a band right of the
//! board (a dead end's 0 in the alarm colour, its row outlined); `min-conflicts` frames show in
//! each square how many queens attack it (boards up to 16x16 with squares of 24 px or more);
//! `move` events mark the queen's old square with a ghost and its new one as placed.

use super::canvas::IndexedImage;
use super::caption::{draw_text, draw_text_in};
use super::layout::side_text_size;
use super::theme::Paint;
use super::Renderer;
use crate::board::Board;
use crate::trace::{Event, Square};

/// What an algorithm's frames add to the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Annotation {
    None,
    FreeCounts,
    AttackCounts,
}

impl Annotation {
    pub fn for_algorithm(algorithm: &str) -> Self {
        match algorithm {
            "forward" => Annotation::FreeCounts,
            "min-conflicts" => Annotation::AttackCounts,
            _ => Annotation::None,
        }
    }
}

impl Renderer {
    /// Draw this frame's annotation, if the algorithm has one.
    pub(super) fn annotate(&mut self, board: &Board, event: Option<&Event>, canvas: &mut IndexedImage) {
        match self.annotation {
            Annotation::FreeCounts => self.draw_free_counts(board, event, canvas),
            Annotation::AttackCounts => self.draw_attack_counts(board, canvas),
            Annotation::None => {}
        }
    }

    fn draw_free_counts(&mut self, board: &Board, event: Option<&Event>, canvas: &mut IndexedImage) {
        let l = &self.layout;
        let size = side_text_size(l.square);
        let x = (l.board_x + l.board_size()) as f32 + size as f32 * 0.5;
        let (square, board_y) = (l.square as f32, l.board_y as f32);
        let ascent = self.glyphs.ascent(size);
        let dead = match event {
            Some(Event::Deadend { row }) => Some(*row),
            _ => None,
        };
        if let Some(row) = dead {
            let (x0, y0) = self.layout.square_origin(Square::new(row, 0));
            let (w, b) = (self.layout.board_size() as i64, self.layout.border as i64);
            canvas.stroke_rect(x0 as i64, y0 as i64, w, self.layout.square as i64, b, Paint::CheckAttacked);
        }
        for row in (0..board.n()).filter(|&r| !board.row_has_queen(r)) {
            let count = board.free_in_row(row).to_string();
            let baseline = board_y + square * (row as f32 + 0.5) + ascent * 0.38;
            let ink = if dead == Some(row) { Paint::CheckAttacked } else { Paint::Text };
            draw_text_in(canvas, &mut self.glyphs, &self.palette, (x, baseline), &count, size, ink);
        }
    }

    fn draw_attack_counts(&mut self, board: &Board, canvas: &mut IndexedImage) {
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
                draw_text(canvas, &mut self.glyphs, &self.palette, pos, &count.to_string(), size);
            }
        }
    }

    /// A move: ghost on the square left, removed brackets on it, placed brackets on the square entered.
    pub(super) fn draw_move(&self, from: Square, to: Square, canvas: &mut IndexedImage) {
        let (fx, fy) = self.layout.square_origin(from);
        canvas.draw_mask(&self.tiles.ghost, fx as i64, fy as i64, Paint::Ghost, &self.palette);
        self.mark_square(from, Paint::Removed, canvas);
        self.mark_square(to, Paint::Placed, canvas);
    }

    /// Corner brackets inside a square: they read as a highlight, and unlike a full border they
    /// leave most pixel rows of the square alone (a GIF frame's LZW cost grows with the colour
    /// changes per row: full borders made animate 8 7% larger).
    pub(super) fn mark_square(&self, sq: Square, paint: Paint, canvas: &mut IndexedImage) {
        let l = &self.layout;
        let (x, y) = l.square_origin(sq);
        let (s, b) = (l.square as i64, l.border as i64);
        canvas.stroke_corners((x as i64, y as i64, s, s), (s / 4).max(2 * b), b, paint);
    }
}
