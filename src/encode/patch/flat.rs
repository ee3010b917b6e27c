//! Flat regions: unchanged pixels of a patch given their colour back where that makes a region of
//! one colour flat instead of cut into an outline.
//!
//! Contract: [`keep_flat_regions`] changes only transparent pixels of the patch, each to the colour
//! the new frame has there, so the patch still draws the new frame exactly. Regions are found
//! from the changed pixels outwards, as runs of one colour per row linked to the runs they touch in
//! the rows above and below; rows no changed region reaches are never scanned.

use super::run_length;
use crate::pixels::{IndexedImage, TRANSPARENT};

/// The new frame under a patch: rows `width` pixels long from (x0, y0).
pub struct Under<'a> {
    /// The new frame.
    pub image: &'a IndexedImage,
    /// Left edge of the patch.
    pub x0: usize,
    /// Top edge of the patch.
    pub y0: usize,
    /// Width of the patch.
    pub width: usize,
}

impl Under<'_> {
    fn row(&self, y: usize) -> &[u8] {
        let start = (self.y0 + y) * self.image.width + self.x0;
        &self.image.pixels[start..start + self.width]
    }
}

/// No region (the run belongs to no region holding a changed pixel).
const NO_REGION: u32 = u32::MAX;

/// A run of one colour in a row of the new frame: its columns and colour, its region, and the
/// first run of the row above (`up`) and below (`down`) that ends after it starts, once the rows
/// are linked. Small, since a frame has thousands.
#[derive(Clone, Copy)]
struct Run {
    start: u32,
    end: u32,
    region: u32,
    up: u32,
    down: u32,
    colour: u8,
}

impl Run {
    fn columns(&self) -> (usize, usize) {
        (self.start as usize, self.end as usize)
    }
}

/// The runs of the rows looked at so far: row y's are `runs[row[y].0..row[y].1]` once found, and
/// `linked[y]` once rows y and y + 1 know their neighbours.
struct Runs<'a> {
    under: &'a Under<'a>,
    runs: Vec<Run>,
    row: Vec<Option<(usize, usize)>>,
    linked: Vec<bool>,
}

impl<'a> Runs<'a> {
    fn new(under: &'a Under<'a>, height: usize) -> Self {
        Runs { under, runs: Vec::new(), row: vec![None; height], linked: vec![false; height] }
    }

    /// Row `y`'s runs, as indices into `runs` (found on first use).
    fn line(&mut self, y: usize) -> (usize, usize) {
        if let Some(range) = self.row[y] {
            return range;
        }
        let (first, line) = (self.runs.len(), self.under.row(y));
        let mut x = 0;
        while x < line.len() {
            let end = x + run_length(&line[x..]);
            self.runs.push(Run {
                start: x as u32,
                end: end as u32,
                region: NO_REGION,
                up: 0,
                down: 0,
                colour: line[x],
            });
            x = end;
        }
        self.row[y] = Some((first, self.runs.len()));
        (first, self.runs.len())
    }

    /// Links rows `y` and `y + 1` (found on first use): each run's first run in the other row that
    /// ends after it starts. Returns both rows' runs.
    fn link(&mut self, y: usize) -> ((usize, usize), (usize, usize)) {
        let (above, below) = (self.line(y), self.line(y + 1));
        if !self.linked[y] {
            self.linked[y] = true;
            for (rows, others, down) in [(above, below, true), (below, above, false)] {
                let (mut o, last) = (others.0, others.1 - 1);
                for r in rows.0..rows.1 {
                    let start = self.runs[r].start;
                    while o < last && self.runs[o].end <= start {
                        o += 1;
                    }
                    let link = if down { &mut self.runs[r].down } else { &mut self.runs[r].up };
                    *link = o as u32;
                }
            }
        }
        (above, below)
    }
}

/// A run of some region: (run, row).
type Member = (usize, usize);

/// Regions holding a changed pixel, flooded from the runs that hold one: each region is a
/// 4-connected area of one colour in the new frame. Returns the runs of all regions, as (run,
/// row), and per region whether it holds a changed pixel and an unchanged one. Only rows with
/// `changed` set are searched for seeds.
fn regions(pixels: &[u8], runs: &mut Runs<'_>, changed: &[bool]) -> (Vec<Member>, Vec<(bool, bool)>) {
    let width = runs.under.width;
    let (mut members, mut mixed, mut stack) = (Vec::new(), Vec::new(), Vec::new());
    for y in (0..changed.len()).filter(|&y| changed[y]) {
        let (first, last) = runs.line(y);
        for r in first..last {
            let (start, end) = runs.runs[r].columns();
            if runs.runs[r].region != NO_REGION || all_clear(&pixels[y * width + start..y * width + end]) {
                continue;
            }
            let region = mixed.len() as u32;
            mixed.push((false, false));
            runs.runs[r].region = region;
            stack.push((r, y));
            while let Some((r, y)) = stack.pop() {
                members.push((r, y));
                let ((start, end), colour) = (runs.runs[r].columns(), runs.runs[r].colour);
                let line = &pixels[y * width + start..y * width + end];
                let m = &mut mixed[region as usize];
                *m = (m.0 || !all_clear(line), m.1 || line.contains(&TRANSPARENT));
                let above = (y > 0).then(|| {
                    let (rows, _) = runs.link(y - 1);
                    (y - 1, runs.runs[r].up as usize, rows.1)
                });
                let below = (y + 1 < changed.len()).then(|| {
                    let (_, rows) = runs.link(y);
                    (y + 1, runs.runs[r].down as usize, rows.1)
                });
                for (ny, from, to) in [above, below].into_iter().flatten() {
                    for n in from..to {
                        let run = &mut runs.runs[n];
                        if run.start as usize >= end {
                            break;
                        }
                        if run.region == NO_REGION && run.colour == colour {
                            run.region = region;
                            stack.push((n, ny));
                        }
                    }
                }
            }
        }
    }
    (members, mixed)
}

/// Every pixel of `line` (not empty) is transparent.
fn all_clear(line: &[u8]) -> bool {
    line[0] == TRANSPARENT && run_length(line) == line.len()
}

/// Unchanged pixels that would cut holes into a region of one colour are given that colour back.
///
/// A region is a 4-connected area of one colour in the new frame that holds changed and unchanged
/// pixels (a square a queen was removed from: the changed pixels form the queen's silhouette).
/// Left transparent, its unchanged pixels outline the silhouette; given their colour, the region is
/// flat and its outline is the region's own (usually straight) edge. Each region takes the choice
/// with fewer outline steps, counting only steps that do not continue a step in the row above
/// (compressors copy rows that repeat). `changed[y]` is false for rows of `pixels` that are all
/// transparent.
pub fn keep_flat_regions(pixels: &mut [u8], under: &Under<'_>, changed: &[bool]) {
    let width = under.width;
    let mut runs = Runs::new(under, changed.len());
    let (members, mixed) = regions(pixels, &mut runs, changed);
    let candidate = |region: u32| region != NO_REGION && mixed[region as usize] == (true, true);
    // Outline steps per region if kept (0) or left transparent (1).
    let mut steps = vec![[0u32; 2]; mixed.len()];
    for &(r, y) in &members {
        let me = runs.runs[r].region;
        if candidate(me) {
            let [kept, clear] = run_steps(pixels, &runs.runs, (r, y), width);
            steps[me as usize][0] += kept;
            steps[me as usize][1] += clear;
        }
    }
    for &(r, y) in &members {
        let ((start, end), region) = (runs.runs[r].columns(), runs.runs[r].region);
        if candidate(region) && steps[region as usize][0] < steps[region as usize][1] {
            pixels[y * width + start..y * width + end].fill(under.row(y)[start]);
        }
    }
}

/// The outline steps run `r` of row `y` adds to its region if the region is kept, and if it is
/// left transparent: between x - 1 and x, at the run's ends and where its pixels change, unless
/// the row above has the same step.
fn run_steps(pixels: &[u8], runs: &[Run], (r, y): (usize, usize), width: usize) -> [u32; 2] {
    let ((start, end), me) = (runs[r].columns(), runs[r].region);
    let shown = |yy: usize, xx: usize| pixels[yy * width + xx] != TRANSPARENT;
    // The region above pixel x, for x never decreasing (the rows are linked).
    let mut c = if start > 0 { runs[r - 1].up } else { runs[r].up } as usize;
    let mut above = |x: usize| {
        while runs[c].end as usize <= x {
            c += 1;
        }
        runs[c].region
    };
    let mut steps = [0u32; 2];
    let mut count = |x: usize, left: u32, right: u32| {
        let step_kept = (shown(y, x - 1) || left == me) != (shown(y, x) || right == me);
        let above_kept = y > 0 && (shown(y - 1, x - 1) || above(x - 1) == me) != (shown(y - 1, x) || above(x) == me);
        let step_shown = shown(y, x - 1) != shown(y, x);
        let above_shown = y > 0 && shown(y - 1, x - 1) != shown(y - 1, x);
        steps[0] += u32::from(step_kept && !above_kept);
        steps[1] += u32::from(step_shown && !above_shown);
    };
    if start > 0 {
        count(start, runs[r - 1].region, me);
    }
    let line = &pixels[y * width..y * width + end];
    let mut x = start + run_length(&line[start..]);
    while x < end {
        count(x, me, me);
        x += run_length(&line[x..]);
    }
    if end < width {
        count(end, me, runs[r + 1].region);
    }
    steps
}

#[cfg(test)]
mod tests {
    use crate::encode::patch::{Patch, TRANSPARENT};
    use crate::pixels::IndexedImage;

    /// The contract spelled out pixel by pixel: regions by flood fill, steps at every pixel.
    fn reference(before: &IndexedImage, cur: &IndexedImage) -> Vec<u8> {
        let (w, h) = (cur.width, cur.height);
        let mut pixels: Vec<u8> =
            before.pixels.iter().zip(&cur.pixels).map(|(&a, &b)| if a == b { TRANSPARENT } else { b }).collect();
        let mut label = vec![usize::MAX; w * h];
        let mut count = 0;
        for seed in 0..w * h {
            if label[seed] == usize::MAX {
                let mut stack = vec![seed];
                label[seed] = count;
                while let Some(p) = stack.pop() {
                    let (x, y) = (p % w, p / w);
                    let near = [
                        (x > 0, p.wrapping_sub(1)),
                        (x + 1 < w, p + 1),
                        (y > 0, p.wrapping_sub(w)),
                        (y + 1 < h, p + w),
                    ];
                    for (ok, q) in near {
                        if ok && label[q] == usize::MAX && cur.pixels[q] == cur.pixels[p] {
                            label[q] = count;
                            stack.push(q);
                        }
                    }
                }
                count += 1;
            }
        }
        let mut mixed = vec![(false, false); count];
        for (p, &l) in label.iter().enumerate() {
            mixed[l].0 |= pixels[p] != TRANSPARENT;
            mixed[l].1 |= pixels[p] == TRANSPARENT;
        }
        let candidate = |l: usize| mixed[l] == (true, true);
        let mut steps = vec![[0u32; 2]; count];
        let shown = |p: usize| pixels[p] != TRANSPARENT;
        for y in 0..h {
            for x in 1..w {
                let p = y * w + x;
                let (left, right) = (label[p - 1], label[p]);
                for me in if left == right { vec![left] } else { vec![left, right] } {
                    if candidate(me) {
                        let kept = |q: usize| shown(q) || label[q] == me;
                        let step_kept = kept(p - 1) != kept(p);
                        let above_kept = y > 0 && kept(p - 1 - w) != kept(p - w);
                        let step_shown = shown(p - 1) != shown(p);
                        let above_shown = y > 0 && shown(p - 1 - w) != shown(p - w);
                        steps[me][0] += u32::from(step_kept && !above_kept);
                        steps[me][1] += u32::from(step_shown && !above_shown);
                    }
                }
            }
        }
        for (p, &l) in label.iter().enumerate() {
            if candidate(l) && steps[l][0] < steps[l][1] {
                pixels[p] = cur.pixels[p];
            }
        }
        pixels
    }

    /// A pseudo-random picture: rectangles of a few colours.
    fn scribble(image: &mut IndexedImage, seed: &mut u64, rects: usize) {
        let mut next = |n: usize| {
            *seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            (*seed >> 33) as usize % n
        };
        for _ in 0..rects {
            let (x, y) = (next(image.width), next(image.height));
            let (w, h) = (1 + next(image.width - x), 1 + next(image.height - y));
            let colour = 1 + next(4) as u8;
            for yy in y..y + h {
                image.pixels[yy * image.width + x..yy * image.width + x + w].fill(colour);
            }
        }
    }

    #[test]
    fn flat_regions_match_the_pixel_by_pixel_reference() {
        let mut seed = 7;
        for case in 0..300 {
            let mut before = IndexedImage { width: 23 + case % 17, height: 9 + case % 13, pixels: Vec::new() };
            before.pixels = vec![1; before.width * before.height];
            scribble(&mut before, &mut seed, 12);
            let mut cur = before.clone();
            scribble(&mut cur, &mut seed, 1 + case % 5);
            cur.pixels[0] = before.pixels[0] % 4 + 1; // the patch covers the whole picture
            let last = cur.pixels.len() - 1;
            cur.pixels[last] = before.pixels[last] % 4 + 1;
            let patch = Patch::between(Some(&before), &cur, 1);
            assert_eq!((patch.width, patch.height), (cur.width, cur.height));
            assert_eq!(patch.pixels, reference(&before, &cur), "case {case}");
        }
    }
}
