//! Coordinate labels, and the room every label on a square keeps from its queen.
//!
//! Contract: with labels inside (the default), each rank sits at the bottom left of its a-file
//! square and each file at the bottom right of its rank-1 square, inset past a highlight's corner
//! brackets, in the queens' ink; on hatched grounds a plate of the square's unhatched paint, framed
//! thinly in the hatching's ink, clears the hatching under the label (the ink keeps its contrast
//! with the square's own paint). With
//! labels outside (`--coords outside`), ranks stand right-aligned a margin left of the board, each
//! centred on its rank, and files centred under their files a margin under the board, in the text
//! colour on the background. A queen (or the ghost of one) on a square carrying labels (inside
//! coordinates, a region letter) gives way to them ([`GiveWay`](super::give_way::GiveWay)): no
//! label's ink comes within 2 pixels of her silhouette.

use super::items::{Ground, Inset, Item, Rect, Scene};
use super::theme::Paint;
use super::Describer;
use crate::board::Board;
use crate::trace::{column_label, Square};

/// One coordinate label: its square (inside labels) or none (outside), words and pen position.
pub(super) struct CoordLabel {
    pub square: Option<Square>,
    pub text: String,
    pub x: f32,
    pub baseline: f32,
}

impl Describer {
    /// Every coordinate label of this layout, ranks then files (none without labels).
    pub(super) fn coord_labels(&self) -> Vec<CoordLabel> {
        let Some(labels) = &self.layout.labels else { return Vec::new() };
        let l = &self.layout;
        let (n, s, size) = (l.n, l.square as f32, labels.size);
        let cap = self.glyphs.cap_height(size);
        let mut all = Vec::with_capacity(2 * n);
        if labels.outside {
            let right = l.board_x as f32 - l.margin as f32;
            let file_baseline = (l.board_y + l.board_size()) as f32 + labels.file_baseline;
            for i in 0..n {
                let text = (n - i).to_string();
                let (_, y) = l.square_origin(Square::new(i, 0));
                let x = right - self.glyphs.text_width(&text, size);
                all.push(CoordLabel { square: None, text, x, baseline: (y as f32 + (s + cap) / 2.0).round() });
            }
            for i in 0..n {
                let text = column_label(i);
                let (x, _) = l.square_origin(Square::new(n - 1, i));
                let x = x as f32 + (s - self.glyphs.text_width(&text, size)) / 2.0;
                all.push(CoordLabel { square: None, text, x, baseline: file_baseline });
            }
            return all;
        }
        // Both sit on the bottom edge: the queen's crown reaches into the top corners, its base
        // leaves the bottom ones freer.
        let (inset, descent) = (labels.inset, size as f32 * 0.22);
        for i in 0..n {
            let square = Square::new(i, 0);
            let (x, y) = l.square_origin(square);
            let baseline = y as f32 + s - inset - descent;
            all.push(CoordLabel { square: Some(square), text: (n - i).to_string(), x: x as f32 + inset, baseline });
        }
        for i in 0..n {
            let square = Square::new(n - 1, i);
            let (x, y) = l.square_origin(square);
            let text = column_label(i);
            let x = x as f32 + s - inset - self.glyphs.text_width(&text, size);
            all.push(CoordLabel { square: Some(square), text, x, baseline: y as f32 + s - inset - descent });
        }
        all
    }

    /// The coordinate labels (see the module docs).
    pub(super) fn labels(&self, board: &Board, solved: bool, scene: &mut Scene) {
        let Some(size) = self.layout.labels.as_ref().map(|l| l.size) else { return };
        for label in self.coord_labels() {
            let Some(sq) = label.square else {
                scene.push(Item::Text {
                    x: label.x,
                    baseline: label.baseline,
                    size,
                    text: label.text,
                    paint: Paint::Text,
                });
                continue;
            };
            if let Some(rect) = self.glyphs.ink_box(&label.text, size, (label.x, label.baseline)) {
                self.label_plate(board, sq, solved, rect, scene);
            }
            let paint = self.label_ink(board, sq);
            scene.push(Item::Text { x: label.x, baseline: label.baseline, size, text: label.text, paint });
        }
    }

    /// A label's ink: the queens', but on a puzzle's blocked square (dark in light themes) the
    /// background's when that stands further from the blocked paint.
    fn label_ink(&self, board: &Board, sq: Square) -> Paint {
        if !board.puzzle().is_some_and(|p| p.is_blocked(sq)) {
            return Paint::Queen;
        }
        self.blocked_label
    }

    /// On a hatched (attacked) square, a plate of the square's unhatched paint two pixels around a
    /// label's ink box (left, top, right, bottom exclusive), its outer pixel framed in the
    /// hatching's ink: the label reads on the square's own paint, as on any square not hatched.
    fn label_plate(
        &self,
        board: &Board,
        sq: Square,
        solved: bool,
        (l, t, r, b): (i64, i64, i64, i64),
        scene: &mut Scene,
    ) {
        if !self.hatch || board.has_regions() || self.ground(board, sq, solved) != Ground::Attacked {
            return;
        }
        let dark = (sq.row + sq.col) % 2 == 1;
        let rect = (l - 2, t - 2, r - l + 4, b - t + 4);
        scene.push(Item::Fill { rect, paint: super::items::square_paint(dark, false) });
        // Framed in the hatching's ink: a window cut in the hatching, not a patch merging into it.
        scene.push(Item::Outline { rect, thickness: 1, paint: super::items::square_paint(dark, true) });
    }

    /// The ink boxes (left, top, width, height, in frame pixels) of the labels standing on `sq`:
    /// inside coordinates (with their plates in themes that hatch) and a region letter.
    pub(super) fn label_boxes(&self, board: &Board, sq: Square) -> Vec<Rect> {
        let mut boxes = Vec::new();
        if let Some(labels) = self.layout.labels.as_ref().filter(|l| !l.outside) {
            let (row, col, n) = (sq.row, sq.col, self.layout.n);
            if col == 0 || row + 1 == n {
                for label in self.coord_labels().into_iter().filter(|label| label.square == Some(sq)) {
                    if let Some((l, t, r, b)) = self.glyphs.ink_box(&label.text, labels.size, (label.x, label.baseline))
                    {
                        // On hatched grounds the label's plate reaches 2 px further.
                        let grow = if self.hatch && !board.has_regions() { 2 } else { 0 };
                        boxes.push((l - grow, t - grow, r - l + 2 * grow, b - t + 2 * grow));
                    }
                }
            }
        }
        boxes.extend(self.region_letter_box(board, sq));
        boxes
    }

    /// Where the queen (or her ghost) on `sq` stands: inset clear of the labels on it, or `None`
    /// (the whole square).
    pub(super) fn queen_inset(&self, board: &Board, sq: Square) -> Option<Inset> {
        let boxes = self.label_boxes(board, sq);
        if boxes.is_empty() {
            return None;
        }
        let (x, y) = self.layout.square_origin(sq);
        let (x, y) = (x as i64, y as i64);
        let relative: Vec<Rect> = boxes.into_iter().map(|(l, t, w, h)| (l - x, t - y, w, h)).collect();
        self.give_way.inset(&self.glyphs, &relative)
    }
}

#[cfg(test)]
#[path = "labels_tests.rs"]
mod tests;
