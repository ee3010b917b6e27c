//! Heatmaps: how often each square holds a queen over all solutions of a board, as a PNG still.
//!
//! Contract: [`heatmap_counts`] gives `counts[row][col]`, the number of solutions (one per symmetry
//! class with `unique`) with a queen on (row, col). [`write_heatmap`] draws them as an RGB PNG:
//! square (row, col) at the board's origin plus (col, row) * PX, filled with [`ramp`] of its count
//! over the largest count (a single-hue lightness ramp, so it survives grayscale and colour
//! blindness), the count printed in it (light text on dark cells), a title above, and a legend
//! below (the ramp from 0 to the largest count).

use crate::render::glyphs::Glyphs;
use crate::render::theme::{Rgb, LEVELS};
use crate::render::RenderOptions;
use crate::solve::{solutions, SolveOptions, Until};
use crate::Error;
use std::io::Write;

/// `counts[row][col]`: solutions with a queen on (row, col).
pub fn heatmap_counts(n: usize, unique: bool) -> Result<Vec<Vec<u64>>, Error> {
    let mut options = SolveOptions::new(n);
    options.until = Until::All;
    let mut counts = vec![vec![0u64; n]; n];
    for queens in solutions(&options, unique)? {
        for (col, &row) in queens.iter().enumerate() {
            counts[row][col] += 1;
        }
    }
    Ok(counts)
}

/// The colour of a cell at `t` in [0, 1]: near-white to deep blue, lightness falling steadily.
pub fn ramp(t: f32) -> Rgb {
    const STOPS: [Rgb; 5] =
        [[0xF7, 0xFB, 0xFF], [0xC6, 0xDB, 0xEF], [0x6B, 0xAE, 0xD6], [0x21, 0x71, 0xB5], [0x08, 0x30, 0x6B]];
    let t = t.clamp(0.0, 1.0) * (STOPS.len() - 1) as f32;
    let i = (t.floor() as usize).min(STOPS.len() - 2);
    let f = t - i as f32;
    let mix = |a: u8, b: u8| (f32::from(a) + (f32::from(b) - f32::from(a)) * f).round() as u8;
    [mix(STOPS[i][0], STOPS[i + 1][0]), mix(STOPS[i][1], STOPS[i + 1][1]), mix(STOPS[i][2], STOPS[i + 1][2])]
}

/// An RGB image with text from the embedded font.
struct Picture {
    width: usize,
    height: usize,
    pixels: Vec<Rgb>,
    glyphs: Glyphs,
}

impl Picture {
    fn fill(&mut self, (x, y, w, h): (usize, usize, usize, usize), colour: Rgb) {
        for row in y..(y + h).min(self.height) {
            for col in x..(x + w).min(self.width) {
                self.pixels[row * self.width + col] = colour;
            }
        }
    }

    /// Text centred on `centre_x`, blended by glyph coverage.
    fn text(&mut self, text: &str, size: u32, (centre_x, baseline): (f32, f32), colour: Rgb) {
        let mut pen = centre_x - self.glyphs.text_width(text, size) / 2.0;
        for ch in text.chars() {
            let glyph = self.glyphs.glyph(ch, size).clone();
            let (gx, gy) = (pen.round() as i64 + glyph.left, baseline.round() as i64 + glyph.top);
            for my in 0..glyph.mask.height {
                for mx in 0..glyph.mask.width {
                    let (x, y) = (gx + mx as i64, gy + my as i64);
                    let level = glyph.mask.levels[my * glyph.mask.width + mx];
                    if level == 0 || x < 0 || y < 0 || x >= self.width as i64 || y >= self.height as i64 {
                        continue;
                    }
                    let pixel = &mut self.pixels[y as usize * self.width + x as usize];
                    let a = f32::from(level) / f32::from(LEVELS);
                    for c in 0..3 {
                        pixel[c] = (f32::from(pixel[c]) * (1.0 - a) + f32::from(colour[c]) * a).round() as u8;
                    }
                }
            }
            pen += glyph.advance;
        }
    }
}

/// Draw the heatmap of `n` (over unique solutions with `unique`) as a PNG into `out`; returns its
/// size in pixels.
pub fn write_heatmap<W: Write>(
    n: usize,
    unique: bool,
    options: &RenderOptions,
    out: W,
) -> Result<(usize, usize), Error> {
    let square = options.square_for(n);
    crate::render::layout::check_geometry(n, square)?;
    let counts = heatmap_counts(n, unique)?;
    let total: u64 = counts.first().map_or(0, |row| row.iter().sum());
    let max = counts.iter().flatten().copied().max().unwrap_or(0).max(1);
    let theme = &options.theme;
    let size = ((square as f32 * 0.32).round() as u32).clamp(8, 20);
    let title_size = size.max(13);
    let margin = (square / 3).clamp(8, 24);
    let board = n * square;
    let title_band = title_size as usize * 2;
    let legend_band = size as usize * 4;
    let (width, height) = (board.max(240) + 2 * margin, margin + title_band + board + legend_band + margin);
    crate::render::layout::check_frame_size(width, height)?;
    let mut pic = Picture { width, height, pixels: vec![theme.background; width * height], glyphs: Glyphs::new() };
    let which = if unique { "unique solutions" } else { "solutions" };
    let title = format!("{n}×{n}: queens per square over {total} {which}");
    let title_base = (margin + title_size as usize + title_size as usize / 4) as f32;
    pic.text(&title, title_size, (width as f32 / 2.0, title_base), theme.text);
    let (x0, y0) = ((width - board) / 2, margin + title_band);
    for (row, counts) in counts.iter().enumerate() {
        for (col, &count) in counts.iter().enumerate() {
            let colour = ramp(count as f32 / max as f32);
            let (x, y) = (x0 + col * square, y0 + row * square);
            pic.fill((x, y, square, square), colour);
            let ink = if crate::render::palette::luminance(colour) < 0.25 { [0xFF; 3] } else { [0x10; 3] };
            let baseline = y as f32 + square as f32 / 2.0 + pic.glyphs.ascent(size) * 0.4;
            if square >= 12 {
                pic.text(&count.to_string(), size, (x as f32 + square as f32 / 2.0, baseline), ink);
            }
        }
    }
    // Legend: the ramp from 0 to the largest count, labelled at both ends.
    let (bar_y, bar_h, bar_w) = (y0 + board + size as usize, size as usize, board.min(width - 2 * margin) / 2);
    let bar_x = (width - bar_w) / 2;
    for i in 0..bar_w {
        pic.fill((bar_x + i, bar_y, 1, bar_h), ramp(i as f32 / (bar_w - 1).max(1) as f32));
    }
    let label_base = (bar_y + bar_h / 2) as f32 + pic.glyphs.ascent(size) * 0.4;
    let gap = size as f32 * 0.4;
    let zero_x = bar_x as f32 - gap - pic.glyphs.text_width("0", size) / 2.0;
    pic.text("0", size, (zero_x, label_base), theme.text);
    let max_text = max.to_string();
    let max_x = (bar_x + bar_w) as f32 + gap + pic.glyphs.text_width(&max_text, size) / 2.0;
    pic.text(&max_text, size, (max_x, label_base), theme.text);
    let note_base = (bar_y + bar_h) as f32 + size as f32 * 1.6;
    pic.text("solutions with a queen on the square", size, (width as f32 / 2.0, note_base), theme.text);
    let mut encoder = png::Encoder::new(out, width as u32, height as u32);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(pic.pixels.as_flattened())?;
    writer.finish()?;
    Ok((width, height))
}
