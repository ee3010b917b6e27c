//! Heatmaps: how often each square holds a queen over all solutions of a board, as a PNG or SVG
//! still.
//!
//! Contract: [`heatmap_counts`] gives `counts[row][col]`, the number of solutions (one per symmetry
//! class with `unique`) with a queen on (row, col). [`describe`] lays the picture out once, as
//! [`Mark`]s: square (row, col) at the board's origin plus (col, row) * PX, filled with [`ramp`] of
//! its count over the largest count (a single-hue lightness ramp, so it survives grayscale and
//! colour blindness), the count printed in it (light text on dark cells), a title above, and a
//! legend below (the ramp from 0 to the largest count). Two backends draw the same marks:
//! [`write_heatmap`] (an RGB PNG, `raster`) and [`write_heatmap_svg`] (`svg`: text as the same
//! glyph outlines, the legend as a gradient through the ramp's stops).

mod raster;
mod svg;

#[cfg(feature = "image")]
pub use raster::heatmap_rgba;
pub use raster::write_heatmap_png;
pub use svg::write_heatmap_svg;

use crate::render::glyphs::Glyphs;
use crate::render::theme::Rgb;
use crate::render::RenderOptions;
use crate::solve::{solution_stream, SolveOptions, Until};
use crate::Error;

/// `counts[row][col]`: solutions with a queen on (row, col). All solutions are counted by a
/// bitmask search that adds each placement's number of solutions below it (parallel over the
/// first column's rows, half of them mirrored); one per class walks the lazy enumerator.
pub fn heatmap_counts(n: usize, unique: bool) -> Result<Vec<Vec<u64>>, Error> {
    if !unique && (1..=crate::count::MAX_N).contains(&n) {
        return Ok(all_counts(n));
    }
    let mut options = SolveOptions::new(n);
    options.until = Until::All;
    let mut counts = vec![vec![0u64; n]; n];
    for queens in solution_stream(&options, unique)? {
        for (col, &row) in queens.iter().enumerate() {
            counts[row][col] += 1;
        }
    }
    Ok(counts)
}

/// [`heatmap_counts`] of all solutions: each first-column row of the top half searched on its own
/// core, the bottom half their mirror images (row r <-> n - 1 - r maps solutions to solutions).
fn all_counts(n: usize) -> Vec<Vec<u64>> {
    use rayon::prelude::*;
    let full = (1u64 << n) - 1;
    let from_row = |row: usize| {
        let mut counts = vec![vec![0u64; n]; n];
        let bit = 1u64 << row;
        let below = Lines { full, rows: bit, down: (bit << 1) & full, up: bit >> 1 };
        counts[row][0] = solutions_below(below, 1, &mut counts);
        counts
    };
    let top: Vec<Vec<Vec<u64>>> = (0..n / 2).into_par_iter().map(from_row).collect();
    let mut counts = if n % 2 == 1 { from_row(n / 2) } else { vec![vec![0u64; n]; n] };
    for part in top {
        for (row, cells) in part.into_iter().enumerate() {
            for (col, count) in cells.into_iter().enumerate() {
                counts[row][col] += count;
                counts[n - 1 - row][col] += count;
            }
        }
    }
    counts
}

/// Rows a queen in the next column may not take: used rows, and the two diagonals shifted to it.
#[derive(Clone, Copy)]
struct Lines {
    full: u64,
    rows: u64,
    down: u64,
    up: u64,
}

/// Solutions completing the columns from `col` on; adds each placement's solutions to `counts`.
fn solutions_below(lines: Lines, col: usize, counts: &mut [Vec<u64>]) -> u64 {
    if lines.rows == lines.full {
        return 1;
    }
    let mut free = lines.full & !(lines.rows | lines.down | lines.up);
    let mut total = 0;
    while free != 0 {
        let bit = free & free.wrapping_neg();
        free ^= bit;
        let next = Lines {
            full: lines.full,
            rows: lines.rows | bit,
            down: ((lines.down | bit) << 1) & lines.full,
            up: (lines.up | bit) >> 1,
        };
        let found = solutions_below(next, col + 1, counts);
        counts[bit.trailing_zeros() as usize][col] += found;
        total += found;
    }
    total
}

/// The colours [`ramp`] passes through, evenly spaced from 0 to 1.
const STOPS: [Rgb; 5] =
    [[0xF7, 0xFB, 0xFF], [0xC6, 0xDB, 0xEF], [0x6B, 0xAE, 0xD6], [0x21, 0x71, 0xB5], [0x08, 0x30, 0x6B]];

/// The colour of a cell at `t` in [0, 1]: near-white to deep blue, lightness falling steadily.
pub fn ramp(t: f32) -> Rgb {
    let t = t.clamp(0.0, 1.0) * (STOPS.len() - 1) as f32;
    let i = (t.floor() as usize).min(STOPS.len() - 2);
    let f = t - i as f32;
    let mix = |a: u8, b: u8| (f32::from(a) + (f32::from(b) - f32::from(a)) * f).round() as u8;
    [mix(STOPS[i][0], STOPS[i + 1][0]), mix(STOPS[i][1], STOPS[i + 1][1]), mix(STOPS[i][2], STOPS[i + 1][2])]
}

/// A colour of the picture: fixed, or the theme's text colour (which an SVG with a dark theme
/// switches for dark-mode viewers, with the background).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ink {
    Fixed(Rgb),
    Text,
}

/// One thing drawn, in painting order.
#[derive(Clone, Debug, PartialEq)]
pub enum Mark {
    /// A cell: `(x, y, w, h)` in one colour.
    Cell { rect: (usize, usize, usize, usize), colour: Rgb },
    /// The legend bar: the whole ramp from left (0) to right (1).
    Ramp { rect: (usize, usize, usize, usize) },
    /// Text centred on `centre_x`, on `baseline`.
    Text { text: String, size: u32, centre_x: f32, baseline: f32, ink: Ink },
}

/// The heatmap laid out: its size and marks over the theme's background.
#[derive(Clone, Debug)]
pub struct Drawing {
    pub width: usize,
    pub height: usize,
    pub marks: Vec<Mark>,
}

/// Lay out the heatmap of `n` (over unique solutions with `unique`) with `options`' square size.
pub fn describe(n: usize, unique: bool, options: &RenderOptions, glyphs: &Glyphs) -> Result<Drawing, Error> {
    let square = options.square_for(n);
    crate::render::layout::check_geometry(n, square)?;
    let counts = heatmap_counts(n, unique)?;
    let total: u64 = counts.first().map_or(0, |row| row.iter().sum());
    let max = counts.iter().flatten().copied().max().unwrap_or(0).max(1);
    let size = ((square as f32 * 0.32).round() as u32).clamp(8, 20);
    let title_size = size.max(13);
    let margin = (square / 3).clamp(8, 24);
    let board = n * square;
    let (title_band, legend_band) = (title_size as usize * 2, size as usize * 4);
    let (width, height) = (board.max(240) + 2 * margin, margin + title_band + board + legend_band + margin);
    crate::render::layout::check_frame_size(width, height)?;
    let mut marks = Vec::new();
    let mut text = |text: String, size: u32, (centre_x, baseline): (f32, f32), ink: Ink| {
        marks.push(Mark::Text { text, size, centre_x, baseline, ink });
    };
    let which = if unique { "unique solutions" } else { "solutions" };
    let title_base = (margin + title_size as usize + title_size as usize / 4) as f32;
    text(
        format!("{n}×{n}: queens per square over {total} {which}"),
        title_size,
        (width as f32 / 2.0, title_base),
        Ink::Text,
    );
    let mut cells = Vec::new();
    let (x0, y0) = ((width - board) / 2, margin + title_band);
    for (row, counts) in counts.iter().enumerate() {
        for (col, &count) in counts.iter().enumerate() {
            let colour = ramp(count as f32 / max as f32);
            let (x, y) = (x0 + col * square, y0 + row * square);
            cells.push(Mark::Cell { rect: (x, y, square, square), colour });
            let ink = if crate::render::palette::luminance(colour) < 0.25 { [0xFF; 3] } else { [0x10; 3] };
            let baseline = y as f32 + square as f32 / 2.0 + glyphs.ascent(size) * 0.4;
            if square >= 12 {
                text(count.to_string(), size, (x as f32 + square as f32 / 2.0, baseline), Ink::Fixed(ink));
            }
        }
    }
    // Legend: the ramp from 0 to the largest count, labelled at both ends.
    let (bar_y, bar_h, bar_w) = (y0 + board + size as usize, size as usize, board.min(width - 2 * margin) / 2);
    let bar_x = (width - bar_w) / 2;
    let label_base = (bar_y + bar_h / 2) as f32 + glyphs.ascent(size) * 0.4;
    let gap = size as f32 * 0.4;
    let zero_x = bar_x as f32 - gap - glyphs.text_width("0", size) / 2.0;
    text("0".into(), size, (zero_x, label_base), Ink::Text);
    let max_text = max.to_string();
    let max_x = (bar_x + bar_w) as f32 + gap + glyphs.text_width(&max_text, size) / 2.0;
    text(max_text, size, (max_x, label_base), Ink::Text);
    let note_base = (bar_y + bar_h) as f32 + size as f32 * 1.6;
    text("solutions with a queen on the square".into(), size, (width as f32 / 2.0, note_base), Ink::Text);
    // Cells and the bar go under the text.
    cells.push(Mark::Ramp { rect: (bar_x, bar_y, bar_w, bar_h) });
    cells.append(&mut marks);
    Ok(Drawing { width, height, marks: cells })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fast_counts_match_the_solutions() {
        for n in 1..=9 {
            let mut expected = vec![vec![0u64; n]; n];
            for queens in crate::count::solutions(n) {
                for (col, &row) in queens.iter().enumerate() {
                    expected[row][col] += 1;
                }
            }
            assert_eq!(all_counts(n), expected, "n = {n}");
        }
    }
}
