//! The solution reveal: the gold ring around the board and the gold caption band, drawn alike in
//! every output (raster, SVG, PDF, the player: they all draw these items).
//!
//! Contract: the ring is `margin / 2` pixels wide and leaves at least its own width between it and
//! the frame's edges (never a few pixels from the edge). It hugs the board from above and below;
//! across it spans the part of the frame left of the panels less that margin on either side (the
//! board alone when the board fills that width; in frames made wider by their caption, such as a
//! puzzle's, the ring widens with the caption rather than leaving the band wider than the ring),
//! except beside a side band (forward's counts): there it hugs the board, leaving no gap.
//! The band fills the caption's rows from the ring's left edge to as far from the frame's right
//! edge: exactly as wide as the ring without panels (no T shape), across the board and the panels
//! with them (the panels draw over it without clearing it).

use super::items::{Item, Rect, Scene};
use super::theme::Paint;
use super::Describer;

impl Describer {
    /// The ring's outer rectangle and its width, in frame pixels.
    pub(super) fn solution_ring_rect(&self) -> (Rect, i64) {
        let l = &self.layout;
        let margin = l.margin as i64;
        let ring = (margin / 2).max(1);
        let size = l.board_size() as i64;
        let (board_x, board_y) = (l.board_x as i64, l.board_y as i64);
        let region_right = l.panels_left() as i64;
        let left = board_x.min(margin) - ring;
        // A side band (forward's counts) stays outside the ring: it hugs the board there, so no
        // gap opens between the board and the gold.
        let right = match l.side_band {
            0 => (board_x + size).max(region_right - margin),
            _ => board_x + size,
        } + ring;
        ((left, board_y - ring, right - left, size + 2 * ring), ring)
    }

    /// The gold ring around a solved board.
    pub(super) fn solution_ring(&self, scene: &mut Scene) {
        let (rect, thickness) = self.solution_ring_rect();
        scene.push(Item::Outline { rect, thickness, paint: Paint::Solution });
    }

    /// The gold band under a solution's caption (`top`, `height`: the caption's rows).
    pub(super) fn solution_band(&self, (top, height): (usize, usize), scene: &mut Scene) {
        let ((left, ..), _) = self.solution_ring_rect();
        let left = left.max(0);
        let band = (left, top as i64, self.layout.width as i64 - 2 * left, height as i64);
        scene.push(Item::Fill { rect: band, paint: Paint::SolutionBand });
    }
}
