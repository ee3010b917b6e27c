//! Region letters on a region puzzle's board, so the squares a caption names ("region G") can be
//! found without the puzzle file.
//!
//! Contract: every region's letter (as the puzzle file spells it: `A`..`Z`, then `a`..`z`) is drawn
//! once, in the queens' ink at the coordinate labels' size, inside a thin frame of the same ink (a
//! tag, so it never reads as a file label, which stands bare), in the region's first square in
//! reading order (top row first): at its top left, or its top right when that square holds a given
//! queen (whose tab is at the top left). The places are fixed for the run; a queen standing there
//! gives way to the tag (see `labels.rs`). Never on bare frames.

use super::items::{Item, Rect, Scene};
use super::theme::Paint;
use super::Describer;
use crate::board::Board;
use crate::trace::puzzle_file::region_letter;
use crate::trace::Square;

/// One region's tag: its square, letter, pen position and frame (left, top, width, height).
struct Tag {
    square: Square,
    letter: String,
    pen: (f32, f32),
    frame: Rect,
}

impl Describer {
    /// Each region's tag in its first square (see the module docs).
    pub(super) fn region_letters(&self, board: &Board, scene: &mut Scene) {
        let size = self.letter_size();
        let thickness = self.tag_thickness();
        for tag in self.tags(board) {
            scene.push(Item::Outline { rect: tag.frame, thickness, paint: Paint::Queen });
            let (x, baseline) = tag.pen;
            scene.push(Item::Text { x, baseline, size, text: tag.letter, paint: Paint::Queen });
        }
    }

    /// The frame of the region tag standing on `sq`, if one does.
    pub(super) fn region_letter_box(&self, board: &Board, sq: Square) -> Option<Rect> {
        self.tags(board).into_iter().find(|tag| tag.square == sq).map(|tag| tag.frame)
    }

    fn letter_size(&self) -> u32 {
        self.layout.labels.as_ref().map_or_else(
            || super::layout::coord_text_size(self.layout.square, &self.glyphs),
            |labels| labels.size,
        )
    }

    fn tag_thickness(&self) -> i64 {
        if self.layout.square >= 80 {
            2
        } else {
            1
        }
    }

    /// Every region's tag, in the order of the regions' first squares.
    fn tags(&self, board: &Board) -> Vec<Tag> {
        let Some(p) = board.puzzle().filter(|p| p.puzzle().has_regions()) else { return Vec::new() };
        let n = board.n();
        let l = &self.layout;
        let size = self.letter_size();
        // Clear of a highlight's corner brackets and the token's frame.
        let inset = (super::layout::border_for(l.square) + super::layout::halo_for(l.square)) as i64;
        let (t, pad) = (self.tag_thickness(), 1 + self.tag_thickness());
        let cap = self.glyphs.cap_height(size).ceil() as i64;
        let mut seen = [false; 64];
        let mut tags = Vec::new();
        for sq in (0..n * n).map(|i| Square::new(i / n, i % n)) {
            let Some(region) = p.puzzle().region(sq) else { continue };
            if std::mem::replace(&mut seen[usize::from(region) % 64], true) {
                continue;
            }
            let letter = region_letter(region).to_string();
            let (x, y) = l.square_origin(sq);
            let (x, y) = (x as i64, y as i64);
            let width = self.glyphs.text_width(&letter, size).ceil() as i64;
            let (w, h) = (width + 2 * (t + pad), cap + 2 * (t + pad));
            let left = if p.is_given(sq) { x + l.square as i64 - inset - w } else { x + inset };
            let frame = (left, y + inset, w, h);
            let pen = ((left + t + pad) as f32, (y + inset + t + pad + cap) as f32);
            tags.push(Tag { square: sq, letter, pen, frame });
        }
        tags
    }
}
