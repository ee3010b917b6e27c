//! The heatmap laid out as a [`Scene`]: what every backend draws.
//!
//! Contract: square (row, col) is a fill `square` pixels a side at the board's origin plus
//! (col, row) * square, in the fill paint of its ramp step (see `colours`: the count's place between
//! the smallest and the largest count), with its count centred in it in the step's ink (when squares
//! are 12 pixels or more); a title above; below, the legend: one swatch per step from the smallest
//! count to the largest, labelled at both ends, and a line saying what the numbers count. Fills come
//! first, text over them.

use super::colours::{ink, step, STEPS};
use crate::error::Error;
use crate::font::Glyphs;
use crate::scene::items::{Item, Scene};
use crate::scene::layout::{check_frame_size, check_geometry};
use crate::scene::theme::Paint;

/// Text centred on `centre_x`, on `baseline`, in `paint`.
fn centred(glyphs: &Glyphs, text: String, size: u32, (centre_x, baseline): (f32, f32), paint: Paint) -> Item {
    let x = centre_x - glyphs.text_width(&text, size) / 2.0;
    Item::Text { x, baseline, size, text, paint }
}

/// A fill of `(x, y, w, h)` in pixels.
fn fill((x, y, w, h): (usize, usize, usize, usize), paint: Paint) -> Item {
    Item::Fill { rect: (x as i64, y as i64, w as i64, h as i64), paint }
}

/// The counts the ramp runs between: the smallest and the largest (0 and at least 1 when they
/// are equal, so a lone count takes the far end).
fn range(counts: &[Vec<u64>]) -> (u64, u64) {
    let lo = counts.iter().flatten().copied().min().unwrap_or(0);
    let hi = counts.iter().flatten().copied().max().unwrap_or(0);
    if hi > lo {
        (lo, hi)
    } else {
        (0, hi.max(1))
    }
}

/// The heatmap of `counts` (`unique`: one solution per class) with `square`-pixel squares, and
/// its title.
pub fn describe(counts: &[Vec<u64>], unique: bool, square: usize, glyphs: &Glyphs) -> Result<(Scene, String), Error> {
    let n = counts.len();
    check_geometry(n, square)?;
    let total: u64 = counts.first().map_or(0, |row| row.iter().sum());
    let (lo, hi) = range(counts);
    let size = ((square as f32 * 0.32).round() as u32).clamp(8, 20);
    let title_size = size.max(13);
    let margin = (square / 3).clamp(8, 24);
    let board = n * square;
    let (title_band, legend_band) = (title_size as usize * 2, size as usize * 4);
    let (width, height) = (board.max(240) + 2 * margin, margin + title_band + board + legend_band + margin);
    check_frame_size(width, height)?;
    let mut scene = Scene::new(width, height);
    let mut texts = Vec::new();
    let which = if unique { "unique solutions" } else { "solutions" };
    let title = format!("{n}×{n}: queens per square over {total} {which}");
    let title_base = (margin + title_size as usize + title_size as usize / 4) as f32;
    texts.push(centred(glyphs, title.clone(), title_size, (width as f32 / 2.0, title_base), Paint::Text));
    let (x0, y0) = ((width - board) / 2, margin + title_band);
    for (row, counts) in counts.iter().enumerate() {
        for (col, &count) in counts.iter().enumerate() {
            let k = step((count - lo) as f32 / (hi - lo) as f32);
            let (x, y) = (x0 + col * square, y0 + row * square);
            scene.push(fill((x, y, square, square), Paint::region(k as u8)));
            if square >= 12 {
                let centre =
                    (x as f32 + square as f32 / 2.0, y as f32 + square as f32 / 2.0 + glyphs.ascent(size) * 0.4);
                texts.push(centred(glyphs, count.to_string(), size, centre, ink(k)));
            }
        }
    }
    // Legend: the steps from the smallest count to the largest, labelled at both ends.
    let (bar_y, bar_h, bar_w) = (y0 + board + size as usize, size as usize, board.min(width - 2 * margin) / 2);
    let bar_x = (width - bar_w) / 2;
    for k in 0..STEPS {
        let (left, right) = (bar_x + k * bar_w / STEPS, bar_x + (k + 1) * bar_w / STEPS);
        scene.push(fill((left, bar_y, right - left, bar_h), Paint::region(k as u8)));
    }
    let label_base = (bar_y + bar_h / 2) as f32 + glyphs.ascent(size) * 0.4;
    let gap = size as f32 * 0.4;
    let lo_text = lo.to_string();
    let lo_x = bar_x as f32 - gap - glyphs.text_width(&lo_text, size) / 2.0;
    texts.push(centred(glyphs, lo_text, size, (lo_x, label_base), Paint::Text));
    let max_text = hi.to_string();
    let max_x = (bar_x + bar_w) as f32 + gap + glyphs.text_width(&max_text, size) / 2.0;
    texts.push(centred(glyphs, max_text, size, (max_x, label_base), Paint::Text));
    let note_base = (bar_y + bar_h) as f32 + size as f32 * 1.6;
    let note = "solutions with a queen on the square".to_string();
    texts.push(centred(glyphs, note, size, (width as f32 / 2.0, note_base), Paint::Text));
    texts.into_iter().for_each(|text| scene.push(text));
    Ok((scene, title))
}
