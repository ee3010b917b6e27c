//! The part of a frame that changed, for formats that store frames as patches over the last one.
//!
//! Contract: [`Patch::between`] gives the rectangle that covers every pixel differing from the
//! frame before (its left and top rounded down to a multiple of `align`), with unchanged pixels
//! set to [`TRANSPARENT`], so drawing the patch over the old frame with transparency gives the new
//! one exactly. The first frame is whole and opaque; an unchanged frame is one transparent pixel.

use crate::pixels::IndexedImage;
pub use crate::pixels::TRANSPARENT;

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
        for y in y0..y1 {
            let row = y * cur.width;
            let (old, new) = (&before.pixels[row + x0..row + x1], &cur.pixels[row + x0..row + x1]);
            pixels.extend(old.iter().zip(new).map(|(&a, &b)| if a == b { TRANSPARENT } else { b }));
        }
        {
            let mut actual = Vec::with_capacity(width * height);
            for y in y0..y1 {
                actual.extend_from_slice(&cur.pixels[y * cur.width + x0..y * cur.width + x1]);
            }
            keep_flat_regions(&mut pixels, &actual, width);
        }
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

/// Unchanged pixels that would cut holes into a region of one colour are given that colour back.
///
/// A region is a 4-connected area of one colour in the new frame that holds changed and unchanged
/// pixels (a square a queen was removed from: the changed pixels form the queen's silhouette).
/// Left transparent, its unchanged pixels outline the silhouette; given their colour, the region is
/// flat and its outline is the region's own (usually straight) edge. Each region takes the choice
/// with fewer outline steps, counting only steps that do not continue a step in the row above
/// (compressors copy rows that repeat). Regions are found as runs of one colour joined to
/// overlapping runs of that colour in the row above.
fn keep_flat_regions(pixels: &mut [u8], actual: &[u8], width: usize) {
    let height = pixels.len() / width;
    // Runs of one colour in each row: (start, end); row y's runs are runs[row[y]..row[y + 1]].
    let mut runs: Vec<(usize, usize)> = Vec::new();
    let mut row = Vec::with_capacity(height + 1);
    for line in actual.chunks_exact(width) {
        row.push(runs.len());
        let mut x = 0;
        while x < width {
            let end = x + run_length(&line[x..]);
            runs.push((x, end));
            x = end;
        }
    }
    row.push(runs.len());
    // Regions: runs joined to overlapping runs of the same colour in the row above (union-find).
    let mut parent: Vec<u32> = (0..runs.len() as u32).collect();
    fn root(parent: &mut [u32], mut r: u32) -> u32 {
        while parent[r as usize] != r {
            parent[r as usize] = parent[parent[r as usize] as usize];
            r = parent[r as usize];
        }
        r
    }
    for y in 1..height {
        let (mut a, mut b) = (row[y], row[y - 1]);
        while a < row[y + 1] && b < row[y] {
            let ((a0, a1), (b0, b1)) = (runs[a], runs[b]);
            if a0 < b1 && b0 < a1 && actual[y * width + a0] == actual[(y - 1) * width + b0] {
                let (ra, rb) = (root(&mut parent, a as u32), root(&mut parent, b as u32));
                parent[ra.max(rb) as usize] = ra.min(rb);
            }
            if a1 <= b1 {
                a += 1;
            } else {
                b += 1;
            }
        }
    }
    let region: Vec<u32> = (0..runs.len() as u32).map(|r| root(&mut parent, r)).collect();
    // Regions holding both changed and unchanged pixels are the candidates.
    let mut mixed = vec![(false, false); runs.len()];
    for y in 0..height {
        for r in row[y]..row[y + 1] {
            let (x0, x1) = runs[r];
            let line = &pixels[y * width + x0..y * width + x1];
            let m = &mut mixed[region[r] as usize];
            if !(m.0 && m.1) {
                let all_clear = line[0] == TRANSPARENT && run_length(line) == line.len();
                *m = (m.0 || !all_clear, m.1 || line.contains(&TRANSPARENT));
            }
        }
    }
    let candidate = |g: u32| mixed[g as usize] == (true, true);
    // The region of pixel x in row y.
    let region_at = |y: usize, x: usize| {
        let line = &runs[row[y]..row[y + 1]];
        region[row[y] + line.partition_point(|&(_, end)| end <= x)]
    };
    // Outline steps per region if kept (0) or left transparent (1), between x - 1 and x in row y.
    let mut steps = vec![[0u32; 2]; runs.len()];
    let mut count = |y: usize, x: usize, left: u32, right: u32| {
        let shown = |yy: usize, xx: usize| pixels[yy * width + xx] != TRANSPARENT;
        for me in [left, right] {
            if candidate(me) {
                let kept = |yy: usize, xx: usize, g: u32| shown(yy, xx) || g == me;
                let (up_left, up_right) = if y > 0 { (region_at(y - 1, x - 1), region_at(y - 1, x)) } else { (0, 0) };
                let step_kept = kept(y, x - 1, left) != kept(y, x, right);
                let above_kept = y > 0 && kept(y - 1, x - 1, up_left) != kept(y - 1, x, up_right);
                let step_shown = shown(y, x - 1) != shown(y, x);
                let above_shown = y > 0 && shown(y - 1, x - 1) != shown(y - 1, x);
                let s = &mut steps[me as usize];
                s[0] += u32::from(step_kept && !above_kept);
                s[1] += u32::from(step_shown && !above_shown);
            }
            if left == right {
                break;
            }
        }
    };
    // Steps happen at run ends, and inside runs of candidate regions.
    for y in 0..height {
        for r in row[y]..row[y + 1] {
            let (x0, x1) = runs[r];
            if x0 > 0 {
                count(y, x0, region[r - 1], region[r]);
            }
            if candidate(region[r]) {
                let line = &pixels[y * width..(y + 1) * width];
                for x in x0 + 1..x1 {
                    if line[x - 1] != line[x] {
                        count(y, x, region[r], region[r]);
                    }
                }
            }
        }
    }
    for y in 0..height {
        for r in row[y]..row[y + 1] {
            let s = steps[region[r] as usize];
            if candidate(region[r]) && s[0] < s[1] {
                let (x0, x1) = runs[r];
                pixels[y * width + x0..y * width + x1].fill(actual[y * width + x0]);
            }
        }
    }
}

/// How many values at the start of `line` (not empty) equal the first, eight at a time.
fn run_length(line: &[u8]) -> usize {
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
