//! Describing a frame: board state and event -> [`Scene`] items, in painting order.
//!
//! Contract (order matters where items overlap): solution ring, squares (with queens and attack
//! shading), lines between attacking queens, the algorithm's annotation, `--why`'s dead-end lines
//! (see `why.rs`), the highlight of the
//! event's square, coordinate labels, then the caption band (gold on solutions) and its text, then
//! the search tree panel over its own background.

use super::caption::{self, caption_items};
use super::scene::{Item, Scene};
use super::theme::Paint;
use super::Renderer;
use crate::board::{Board, BoardFrame};
use crate::trace::{column_label, Event, Square};

impl Renderer {
    /// What `frame` shows, laid out in this renderer's frame.
    pub fn describe(&self, frame: &BoardFrame) -> Scene {
        let mut scene = Scene::new(self.layout.width, self.layout.height);
        let solution = matches!(frame.event, Some(Event::Solution { .. }));
        if solution && !self.bare {
            self.solution_ring(&mut scene);
        }
        self.squares(&frame.board, &mut scene);
        if !self.bare {
            self.conflicts(&frame.board, &mut scene);
            self.annotate(&frame.board, frame.event.as_ref(), &mut scene);
            self.why_marks(&frame.board, frame.event.as_ref(), &mut scene);
            if let Some(event) = &frame.event {
                self.highlight(event, &mut scene);
            }
            self.labels(&mut scene);
        }
        if let (Some(layout), Some(spec)) = (&self.layout.caption, &self.caption) {
            if solution {
                // The band stops short of a tree panel, which reaches down beside the caption.
                let width = self.layout.tree.map_or(scene.width, |panel| panel.x);
                let band = (0, layout.top as i64, width as i64, layout.height as i64);
                scene.push(Item::Fill { rect: band, paint: Paint::SolutionBand });
            }
            caption_items(&mut scene, layout, &caption::caption_for(frame, spec), &self.glyphs);
        }
        self.tree_panel(frame, &mut scene);
        scene
    }

    fn squares(&self, board: &Board, scene: &mut Scene) {
        let size = self.layout.square;
        for row in 0..board.n() {
            for col in 0..board.n() {
                let sq = Square::new(row, col);
                let (x, y) = self.layout.square_origin(sq);
                let attacked = self.shade_attacks && board.is_attacked(sq);
                let (dark, queen) = ((row + col) % 2 == 1, board.has_queen(sq));
                scene.push(Item::Square { x, y, size, dark, attacked, queen });
            }
        }
    }

    /// Width of the lines joining squares.
    pub(super) fn line_width(&self) -> f32 {
        (self.layout.square as f32 / 16.0).max(1.5)
    }

    /// A line between every pair of queens that attack each other.
    fn conflicts(&self, board: &Board, scene: &mut Scene) {
        for (a, b) in board.conflicts() {
            let (from, to) = (self.layout.square_centre(a), self.layout.square_centre(b));
            scene.push(Item::Line { from, to, width: self.line_width(), paint: Paint::CheckAttacked });
        }
    }

    fn solution_ring(&self, scene: &mut Scene) {
        let l = &self.layout;
        let ring = (l.margin * 2 / 3).max(3) as i64;
        let size = l.board_size() as i64;
        let (x, y) = (l.board_x as i64 - ring, l.board_y as i64 - ring);
        scene.push(Item::Outline {
            rect: (x, y, size + 2 * ring, size + 2 * ring),
            thickness: ring,
            paint: Paint::Solution,
        });
    }

    fn highlight(&self, event: &Event, scene: &mut Scene) {
        if let Event::Move { from, to } = event {
            return self.move_marks(*from, *to, scene);
        }
        let Some(sq) = event.square() else { return };
        let paint = match event {
            Event::Place { .. } => Paint::Placed,
            Event::Remove { .. } => Paint::Removed,
            Event::Check { safe: true, .. } => Paint::CheckSafe,
            _ => Paint::CheckAttacked,
        };
        self.mark_square(sq, paint, scene);
        if let Event::Check { attacker: Some(attacker), safe: false, .. } = event {
            let (from, to) = (self.layout.square_centre(*attacker), self.layout.square_centre(sq));
            scene.push(Item::Line { from, to, width: self.line_width(), paint: Paint::CheckAttacked });
        }
    }

    /// A move: ghost on the square left, removed brackets on it, placed brackets on the square entered.
    fn move_marks(&self, from: Square, to: Square, scene: &mut Scene) {
        let (x, y) = self.layout.square_origin(from);
        scene.push(Item::Ghost { x, y, size: self.layout.square });
        self.mark_square(from, Paint::Removed, scene);
        self.mark_square(to, Paint::Placed, scene);
    }

    /// Corner brackets inside a square: they read as a highlight, and unlike a full border they
    /// leave most pixel rows of the square alone (a GIF frame's LZW cost grows with the colour
    /// changes per row: full borders made animate 8 7% larger).
    fn mark_square(&self, sq: Square, paint: Paint, scene: &mut Scene) {
        let l = &self.layout;
        let (x, y) = l.square_origin(sq);
        let (s, b) = (l.square as i64, l.border as i64);
        scene.push(Item::Corners { rect: (x as i64, y as i64, s, s), arm: (s / 4).max(2 * b), thickness: b, paint });
    }

    fn labels(&self, scene: &mut Scene) {
        let Some(labels) = &self.layout.labels else { return };
        let l = &self.layout;
        let (n, square, size) = (l.n, l.square as f32, labels.size);
        let ascent = self.glyphs.ascent(size);
        let file_baseline = (l.board_y + l.board_size()) as f32 + labels.size as f32 * 0.25 + ascent;
        let (board_x, board_y) = (l.board_x as f32, l.board_y as f32);
        for i in 0..n {
            let file = column_label(i);
            let w = self.glyphs.text_width(&file, size);
            scene.text((board_x + square * (i as f32 + 0.5) - w / 2.0, file_baseline), size, file);
            let rank = (n - i).to_string();
            let w = self.glyphs.text_width(&rank, size);
            let baseline = board_y + square * (i as f32 + 0.5) + ascent * 0.38;
            scene.text((board_x - w - size as f32 * 0.4, baseline), size, rank);
        }
    }
}
