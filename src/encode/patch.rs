//! The part of a frame that changed, for formats that store frames as patches over the last one.
//!
//! Contract: [`Patch::between`] gives the rectangle that covers every pixel differing from the
//! frame before (its left and top rounded down to a multiple of `align`), with unchanged pixels
//! set to [`TRANSPARENT`], so drawing the patch over the old frame with transparency gives the new
//! one exactly. The first frame is whole and opaque; an unchanged frame is one transparent pixel.

mod flat;

use crate::pixels::IndexedImage;
pub use crate::pixels::TRANSPARENT;
use flat::{keep_flat_regions, Under};

/// A rectangle of palette indices placed at (x, y) on the canvas.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Patch {
    /// Left edge on the canvas.
    pub x: usize,
    /// Top edge on the canvas.
    pub y: usize,
    /// Columns of pixels.
    pub width: usize,
    /// Rows of pixels.
    pub height: usize,
    /// `width * height` palette indices, row by row.
    pub pixels: Vec<u8>,
    /// Some pixel is [`TRANSPARENT`] (the patch must be blended over the frame before).
    pub transparent: bool,
}

impl Patch {
    /// The patch that turns `before` (`None`: nothing yet) into `cur`.
    pub fn between(before: Option<&IndexedImage>, cur: &IndexedImage, align: usize) -> Patch {
        let Some(before) = before else {
            let (width, height) = (cur.width, cur.height);
            return Patch { x: 0, y: 0, width, height, pixels: cur.pixels.clone(), transparent: false };
        };
        let Some((x0, y0, x1, y1)) = changed_rect(before, cur) else {
            return Patch { x: 0, y: 0, width: 1, height: 1, pixels: vec![TRANSPARENT], transparent: true };
        };
        let (x0, y0) = (x0 / align * align, y0 / align * align);
        let (width, height) = (x1 - x0, y1 - y0);
        let mut pixels = Vec::with_capacity(width * height);
        let mut changed = Vec::with_capacity(height);
        for y in y0..y1 {
            let row = y * cur.width;
            let (old, new) = (&before.pixels[row + x0..row + x1], &cur.pixels[row + x0..row + x1]);
            changed.push(old != new);
            if old == new {
                pixels.resize(pixels.len() + width, TRANSPARENT);
            } else {
                pixels.extend(old.iter().zip(new).map(|(&a, &b)| if a == b { TRANSPARENT } else { b }));
            }
        }
        keep_flat_regions(&mut pixels, &Under { image: cur, x0, y0, width }, &changed);
        let transparent = pixels.contains(&TRANSPARENT);
        Patch { x: x0, y: y0, width, height, pixels, transparent }
    }

    /// Palette indices the patch uses, ascending.
    pub fn used(&self) -> Vec<u8> {
        let mut seen = [false; 256];
        self.pixels.iter().for_each(|&p| seen[p as usize] = true);
        (0..=255u8).filter(|&i| seen[i as usize]).collect()
    }
}

/// How many values at the start of `line` (not empty) equal the first, eight at a time.
pub(crate) fn run_length(line: &[u8]) -> usize {
    let first = u64::from_ne_bytes([line[0]; 8]);
    let mut n = 0;
    for chunk in line.chunks_exact(8) {
        let word = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
        if word != first {
            return n + ((word ^ first).trailing_zeros() / 8) as usize;
        }
        n += 8;
    }
    n + line[n..].iter().take_while(|&&v| v == line[0]).count()
}

/// Bounding box (x0, y0, x1, y1), exclusive ends, of pixels that differ; `None` if none do.
pub fn changed_rect(prev: &IndexedImage, cur: &IndexedImage) -> Option<(usize, usize, usize, usize)> {
    let w = cur.width;
    let row = IndexedImage::row;
    let y0 = (0..cur.height).find(|&y| row(prev, y) != row(cur, y))?;
    let y1 = (y0..cur.height).rev().find(|&y| row(prev, y) != row(cur, y))? + 1;
    let (mut x0, mut x1) = (w, 0);
    for y in y0..y1 {
        let (old, new) = (row(prev, y), row(cur, y));
        if old[..x0] != new[..x0] || old[x1..] != new[x1..] {
            x0 = x0.min(first_difference(old, new));
            x1 = x1.max(w - first_difference_from_end(old, new));
        }
    }
    Some((x0, y0, x1.max(x0 + 1), y1))
}

/// Index of the first differing byte (slices of equal length that differ somewhere).
fn first_difference(a: &[u8], b: &[u8]) -> usize {
    let chunks = a.chunks_exact(8).zip(b.chunks_exact(8)).position(|(x, y)| x != y).unwrap_or(a.len() / 8);
    let start = chunks * 8;
    start + a[start..].iter().zip(&b[start..]).position(|(x, y)| x != y).unwrap_or(a.len() - start)
}

/// Number of equal bytes at the end of two equal-length slices.
fn first_difference_from_end(a: &[u8], b: &[u8]) -> usize {
    a.iter().rev().zip(b.iter().rev()).position(|(x, y)| x != y).unwrap_or(a.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::theme::Paint;

    #[test]
    fn run_lengths_count_equal_leading_values() {
        assert_eq!(run_length(&[3]), 1);
        assert_eq!(run_length(&[3, 3, 3, 3, 3, 3, 3, 3, 3, 4, 3]), 9);
        assert_eq!(run_length(&[0; 20]), 20);
        assert_eq!(run_length(&[1, 2]), 1);
    }

    #[test]
    fn patches_align_and_mark_unchanged_pixels() {
        let before = IndexedImage::filled(10, 8, Paint::Light.index());
        let mut cur = before.clone();
        cur.fill_rect(3, 3, 2, 2, Paint::Queen.index());
        let p = Patch::between(Some(&before), &cur, 2);
        assert_eq!((p.x, p.y, p.width, p.height), (2, 2, 3, 3));
        assert_eq!(p.pixels[0], TRANSPARENT);
        assert_eq!(p.pixels[4], Paint::Queen.index());
        assert!(p.transparent);
        let same = Patch::between(Some(&before), &before, 2);
        assert_eq!((same.width, same.height, same.pixels.clone()), (1, 1, vec![TRANSPARENT]));
        let first = Patch::between(None, &cur, 2);
        assert!(!first.transparent && first.pixels == cur.pixels);
    }
}
