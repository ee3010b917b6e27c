//! Region letters on a region puzzle's board, so the squares a caption names ("region G") can be
//! found without the puzzle file.
//!
//! Contract: every region's letter (as the puzzle file spells it: `A`..`Z`, then `a`..`z`) is drawn
//! once, in the queens' ink at the coordinate labels' size, inside the region's first square in
//! reading order (top row first): at its top left, or its top right when that square holds a given
//! queen (whose tab is at the top left). The places are fixed for the run. Never on bare frames.

use super::items::{Item, Scene};
use super::theme::Paint;
use super::Describer;
use crate::board::Board;
use crate::trace::puzzle_file::region_letter;
use crate::trace::Square;

impl Describer {
    /// Each region's letter in its first square (see the module docs).
    pub(super) fn region_letters(&self, board: &Board, scene: &mut Scene) {
        let Some(p) = board.puzzle().filter(|p| p.puzzle().has_regions()) else { return };
        let n = board.n();
        let l = &self.layout;
        let size = l.labels.as_ref().map_or_else(|| self.label_size(), |labels| labels.size);
        let inset = l.labels.as_ref().map_or((l.border + 1) as f32, |labels| labels.inset);
        let cap = self.glyphs.cap_height(size);
        let mut seen = [false; 64];
        for sq in (0..n * n).map(|i| Square::new(i / n, i % n)) {
            let Some(region) = p.puzzle().region(sq) else { continue };
            if std::mem::replace(&mut seen[usize::from(region) % 64], true) {
                continue;
            }
            let letter = region_letter(region).to_string();
            let (x, y) = l.square_origin(sq);
            let width = self.glyphs.text_width(&letter, size);
            let x = if p.is_given(sq) { x as f32 + l.square as f32 - inset - width } else { x as f32 + inset };
            scene.push(Item::Text { x, baseline: y as f32 + inset + cap, size, text: letter, paint: Paint::Queen });
        }
    }
}
