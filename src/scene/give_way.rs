//! A queen giving way to the labels on her square.
//!
//! Contract: a queen's silhouette is her outline filled, crown to base: on each pixel row, every
//! pixel from the leftmost her glyph covers at all to the rightmost. Given the ink boxes of the
//! labels on a square (coordinates, a region letter), [`GiveWay::inset`] says where the queen on
//! that square stands so that no box comes within [`SPARE`] pixels of her silhouette: `None` when
//! she clears them where she always stands (centred, [`QUEEN_FILL`] of the square); otherwise the
//! largest queen that clears them, moved as little as possible from the centre (ties: upwards, then
//! left), her ink kept a pixel inside the square: first of sides from the whole square down to
//! two thirds of it that still ink the square's centre pixel and its four neighbours fully, then
//! of sides down to a third of it. The answer depends only on the boxes, so it is worked out once per run.

use super::items::{Inset, Rect, QUEEN_FILL};
use crate::font::{Glyphs, QUEEN};
use std::collections::HashMap;
use std::sync::Mutex;

/// Pixels left clear between a label's ink and a queen's silhouette, at the least.
pub const SPARE: i64 = 2;

/// A queen's silhouette on a square of some side: each row's filled span (left, right inclusive),
/// and the pixels her ink covers fully.
pub(crate) struct Silhouette {
    rows: Vec<Option<(i64, i64)>>,
    full: Vec<bool>,
    side: usize,
}

impl Silhouette {
    /// The silhouette of the queen drawn on a `side`-pixel square (as the backends draw her).
    pub(crate) fn new(glyphs: &Glyphs, side: usize) -> Self {
        let mask = glyphs.piece(QUEEN, side, QUEEN_FILL);
        let rows = (0..mask.height)
            .map(|y| {
                let row = &mask.levels[y * mask.width..(y + 1) * mask.width];
                let left = row.iter().position(|&c| c > 0)?;
                let right = row.iter().rposition(|&c| c > 0)?;
                Some((left as i64, right as i64))
            })
            .collect();
        let full = mask.levels.iter().map(|&c| c == crate::font::LEVELS).collect();
        Silhouette { rows, full, side }
    }

    /// Whether her ink, moved by (dx, dy), covers pixel (x, y) fully.
    fn covers(&self, (dx, dy): (i64, i64), (x, y): (i64, i64)) -> bool {
        let (u, v) = (x - dx, y - dy);
        let side = self.side as i64;
        (0..side).contains(&u) && (0..side).contains(&v) && self.full[(v * side + u) as usize]
    }

    /// Her ink's bounds: left, top, right, bottom (inclusive).
    fn bounds(&self) -> Option<(i64, i64, i64, i64)> {
        let top = self.rows.iter().position(Option::is_some)? as i64;
        let bottom = self.rows.iter().rposition(Option::is_some)? as i64;
        let left = self.rows.iter().flatten().map(|s| s.0).min()?;
        let right = self.rows.iter().flatten().map(|s| s.1).max()?;
        Some((left, top, right, bottom))
    }

    /// The fewest pixels between her silhouette, moved by (dx, dy), and the box (left, top, right,
    /// bottom exclusive): 0 when they touch or overlap, up to `limit`.
    pub(crate) fn clearance(&self, (dx, dy): (i64, i64), (l, t, r, b): (i64, i64, i64, i64), limit: i64) -> i64 {
        let mut best = limit;
        // Rows further than `limit` above or below the box cannot come closer.
        let first = (t - limit - 1 - dy).max(0) as usize;
        let last = (b + limit - dy).clamp(0, self.rows.len() as i64) as usize;
        for (y, span) in self.rows.iter().enumerate().take(last).skip(first) {
            let Some((left, right)) = span else { continue };
            let (y, left, right) = (y as i64 + dy, left + dx, right + dx);
            let gap_y = if y < t {
                t - y - 1
            } else if y >= b {
                y - b
            } else {
                -1
            };
            let gap_x = if right < l {
                l - right - 1
            } else if left >= r {
                left - r
            } else {
                -1
            };
            best = best.min(gap_x.max(gap_y).max(0));
        }
        best
    }
}

/// Where a queen stands among some labels: `Ok(None)` where she always does, `Ok(Some(inset))`
/// giving way, `Err(())` with no room.
type Room = Result<Option<Inset>, ()>;

/// Where queens stand on labelled squares of one size, worked out once per set of label boxes.
pub struct GiveWay {
    square: usize,
    known: Mutex<HashMap<Vec<Rect>, Room>>,
}

impl GiveWay {
    /// For squares of `square` pixels.
    pub fn new(square: usize) -> Self {
        GiveWay { square, known: Mutex::new(HashMap::new()) }
    }

    /// Where a queen stands on a square carrying labels whose ink boxes (left, top, width, height,
    /// in the square's own pixels) are `boxes` (see the module docs): `None` where she always
    /// does (also when not even a third of her size clears them: see [`GiveWay::room`]).
    pub fn inset(&self, glyphs: &Glyphs, boxes: &[Rect]) -> Option<Inset> {
        self.room(glyphs, boxes).ok().flatten()
    }

    /// As [`GiveWay::inset`], but `Err(())` when no queen of a third of her size or more clears them.
    #[allow(clippy::result_unit_err)]
    pub fn room(&self, glyphs: &Glyphs, boxes: &[Rect]) -> Result<Option<Inset>, ()> {
        if boxes.is_empty() {
            return Ok(None);
        }
        let key = boxes.to_vec();
        if let Some(known) = self.known.lock().ok().and_then(|k| k.get(&key).copied()) {
            return known;
        }
        let found = self.search(glyphs, boxes);
        if let Ok(mut known) = self.known.lock() {
            known.insert(key, found);
        }
        found
    }

    fn search(&self, glyphs: &Glyphs, boxes: &[Rect]) -> Result<Option<Inset>, ()> {
        let boxes: Vec<(i64, i64, i64, i64)> = boxes.iter().map(|&(x, y, w, h)| (x, y, x + w, y + h)).collect();
        // First a queen of two thirds her size or more still inking the square's centre pixel and
        // its four neighbours fully (where a reader's eye, and a probe, finds her), then any.
        self.search_sides(glyphs, &boxes, (self.square * 2 / 3, true))
            .or_else(|| self.search_sides(glyphs, &boxes, (self.square / 3, false)))
            .ok_or(())
    }

    /// The largest queen of side `smallest` or more that clears `boxes` (and inks the centre
    /// when `ink_centre`): `Some(None)` where she always stands.
    fn search_sides(
        &self,
        glyphs: &Glyphs,
        boxes: &[(i64, i64, i64, i64)],
        (smallest, ink_centre): (usize, bool),
    ) -> Option<Option<Inset>> {
        let s = self.square as i64;
        let middle = (s / 2, s / 2);
        // Sides and offsets in at most 64 steps each, so big squares stay quick.
        let step = (self.square / 64).max(1);
        for side in (smallest..=self.square).rev().step_by(step) {
            let silhouette = Silhouette::new(glyphs, side);
            let Some((left, top, right, bottom)) = silhouette.bounds() else { return Some(None) };
            // Her ink a pixel inside the square.
            let (dx_range, dy_range) = ((1 - left)..=(s - 2 - right), (1 - top)..=(s - 2 - bottom));
            if dx_range.is_empty() || dy_range.is_empty() {
                continue;
            }
            let centre = (s - side as i64) / 2;
            let steps = |r: std::ops::RangeInclusive<i64>| {
                let by = ((r.end() - r.start()) / 64).max(1) as usize;
                let mut all: Vec<i64> = r.clone().step_by(by).collect();
                all.extend([centre.clamp(*r.start(), *r.end()), *r.end()]);
                all
            };
            let (xs, ys) = (steps(dx_range), steps(dy_range));
            let mut offsets: Vec<(i64, i64)> = ys.iter().flat_map(|&dy| xs.iter().map(move |&dx| (dx, dy))).collect();
            offsets.sort_by_key(|&(dx, dy)| ((dx - centre).pow(2) + (dy - centre).pow(2), dy, dx));
            offsets.dedup();
            let clear = |at: (i64, i64)| {
                (!ink_centre
                    || [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)]
                        .iter()
                        .all(|&(u, v)| silhouette.covers(at, (middle.0 + u, middle.1 + v))))
                    && boxes.iter().all(|&b| silhouette.clearance(at, b, SPARE) >= SPARE)
            };
            if let Some((dx, dy)) = offsets.into_iter().find(|&at| clear(at)) {
                if side == self.square && (dx, dy) == (0, 0) {
                    return Some(None);
                }
                return Some(Some(Inset { dx, dy, side }));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_queen_clear_of_the_boxes_stays_put_and_one_near_them_moves_or_shrinks() {
        let glyphs = Glyphs::new();
        let way = GiveWay::new(60);
        assert_eq!(way.inset(&glyphs, &[]), None);
        // A box in the top-left corner, far from her: she stays.
        assert_eq!(way.inset(&glyphs, &[(0, 0, 3, 3)]), None);
        // A label at the bottom left, as wide as two digits: she gives way, clear by SPARE.
        let label = (6, 40, 16, 12);
        let inset = way.inset(&glyphs, &[label]).expect("she gives way");
        let silhouette = Silhouette::new(&glyphs, inset.side);
        let (x, y, w, h) = label;
        assert!(silhouette.clearance((inset.dx, inset.dy), (x, y, x + w, y + h), 10) >= SPARE);
        // Labels in both bottom corners: a smaller queen between them.
        let both = way.inset(&glyphs, &[(6, 40, 9, 12), (45, 40, 9, 12)]).expect("she gives way");
        assert!(both.side < 60);
    }

    #[test]
    fn clearance_counts_the_pixels_between() {
        let silhouette = Silhouette { rows: vec![Some((5, 9))], full: vec![false; 100], side: 10 };
        assert_eq!(silhouette.clearance((0, 0), (12, 0, 14, 1), 9), 2);
        assert_eq!(silhouette.clearance((0, 0), (10, 0, 14, 1), 9), 0);
        assert_eq!(silhouette.clearance((0, 0), (0, 3, 4, 5), 9), 2);
    }
}
