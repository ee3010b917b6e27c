//! Region letters on a region puzzle's board, so the squares a caption names ("region G") can be
//! found without the puzzle file.
//!
//! Contract: every region's letter (as the puzzle file spells it: `A`..`Z`, then `a`..`z`) is drawn
//! once, in the queens' ink at the coordinate labels' size (beside coordinate labels inside the
//! board, in a thin frame of the same ink: a tag, so it never reads as a file label, which stands
//! bare), in the region's first square in
//! reading order (top row first): at its top left, or its top right when that square holds a given
//! queen (whose tab is at the top left). A queen standing there gives way to the tag (see
//! `labels.rs`); on squares too small for that, the tag moves to the region's first square without
//! a queen. Never on bare frames.

use super::items::{Item, Rect, Scene};
use super::theme::Paint;
use super::Describer;
use crate::board::Board;
use crate::trace::puzzle_file::region_letter;
use crate::trace::Square;

/// One region's tag: its square, letter, pen position, frame (left, top, width, height) and the
/// room it keeps (its frame and its letter's ink).
struct Tag {
    square: Square,
    letter: String,
    pen: (f32, f32),
    frame: Rect,
    room: Rect,
}

impl Describer {
    /// Each region's tag in its first square (see the module docs).
    pub(super) fn region_letters(&self, board: &Board, scene: &mut Scene) {
        let size = self.letter_size();
        let thickness = self.tag_thickness();
        for tag in self.tags(board) {
            if self.tag_framed() {
                scene.push(Item::Outline { rect: tag.frame, thickness, paint: Paint::Queen });
            }
            let (x, baseline) = tag.pen;
            scene.push(Item::Text { x, baseline, size, text: tag.letter, paint: Paint::Queen });
        }
    }

    /// The room the region tag standing on `sq` keeps (its frame and ink), if one does.
    pub(super) fn region_letter_box(&self, board: &Board, sq: Square) -> Option<Rect> {
        self.tags(board).into_iter().find(|tag| tag.square == sq).map(|tag| tag.room)
    }

    fn letter_size(&self) -> u32 {
        self.layout
            .labels
            .as_ref()
            .map_or_else(|| super::layout::coord_text_size(self.layout.square, &self.glyphs), |labels| labels.size)
    }

    /// Whether tags are framed: only beside file labels inside the board, which stand bare.
    fn tag_framed(&self) -> bool {
        self.layout.labels.as_ref().is_some_and(|labels| !labels.outside)
    }

    /// The frame's thickness (0 when unframed).
    fn tag_thickness(&self) -> i64 {
        if !self.tag_framed() {
            0
        } else if self.layout.square >= 80 {
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
        let t = self.tag_thickness();
        let pad = if t > 0 { 1 + t } else { 0 };
        let cap = self.glyphs.cap_height(size).ceil() as i64;
        // Each region's squares in reading order, regions in the order of their first squares.
        let mut regions: Vec<(u8, Vec<Square>)> = Vec::new();
        for sq in (0..n * n).map(|i| Square::new(i / n, i % n)) {
            let Some(region) = p.puzzle().region(sq) else { continue };
            match regions.iter_mut().find(|(r, _)| *r == region) {
                Some((_, squares)) => squares.push(sq),
                None => regions.push((region, vec![sq])),
            }
        }
        let tag = |sq: Square, letter: &str| {
            let (x, y) = l.square_origin(sq);
            let (x, y) = (x as i64, y as i64);
            let width = self.glyphs.text_width(letter, size).ceil() as i64;
            let (w, h) = (width + 2 * (t + pad), cap + 2 * (t + pad));
            let left = if p.is_given(sq) { x + l.square as i64 - inset - w } else { x + inset };
            let frame = (left, y + inset, w, h);
            let pen = ((left + t + pad) as f32, (y + inset + t + pad + cap) as f32);
            let (fl, ft, fr, fb) = (frame.0, frame.1, frame.0 + frame.2, frame.1 + frame.3);
            let (il, it, ir, ib) = self
                .glyphs
                .ink_box(letter, size, pen)
                .map_or((fl, ft, fr, fb), |(l, t, r, b)| (l.min(fl), t.min(ft), r.max(fr), b.max(fb)));
            Tag { square: sq, letter: letter.to_string(), pen, frame, room: (il, it, ir - il, ib - it) }
        };
        let mut tags = Vec::new();
        for (region, squares) in regions {
            let letter = region_letter(region).to_string();
            // The first square, unless a queen stands there with no room to give way (small
            // squares): then the first square of the region without a queen.
            let fits = |tag: &Tag| {
                let (x, y) = l.square_origin(tag.square);
                let (fx, fy, fw, fh) = tag.room;
                let relative = [(fx - x as i64, fy - y as i64, fw, fh)];
                !board.has_queen(tag.square) || self.give_way.room(&self.glyphs, &relative).is_ok()
            };
            let first = tag(squares[0], &letter);
            let chosen = if fits(&first) {
                first
            } else {
                squares.iter().map(|&sq| tag(sq, &letter)).find(|t| fits(t)).unwrap_or(first)
            };
            tags.push(chosen);
        }
        tags
    }
}
