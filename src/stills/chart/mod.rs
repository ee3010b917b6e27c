//! Charts of Knuth's numbers (issue 56): a search tree's profile as bars on a log axis
//! (`profile.rs`), Knuth's estimator converging on the tree's size (`estimate.rs`), the problem's growth with N
//! (`growth.rs`), each a still
//! [`Picture`] any backend draws. This file holds what both share: the plot's frame, ticks, text
//! placement, number formats and the palette.
//!
//! Contract: a chart is fills (bars, bands, grid lines and axes, whole pixels), lines (the running
//! estimate) and text in the theme's paints: text, grid and axes in `Text`/`TextTint`, the first
//! series in `Placed` (its band in `PlacedTint`), the second outlined in `CheckSafe`, the exact
//! value in `CheckAttacked`. Every number a chart shows is the one the command prints.

pub mod estimate;
pub mod growth;
pub mod profile;

use super::picture::Picture;
use crate::draw::raster::palette::Palette;
use crate::font::Glyphs;
use crate::scene::items::{Item, Scene};
use crate::scene::theme::{Paint, Theme};
use crate::scene::RenderOptions;

/// Chart text sizes: the title, and labels and ticks.
const TITLE: u32 = 18;
const LABEL: u32 = 13;

/// The plotting rectangle inside a chart, in frame pixels.
#[derive(Clone, Copy, Debug)]
struct Plot {
    x: f32,
    y: f32,
    w: f32,
    h: f32,
}

impl Plot {
    fn bottom(&self) -> f32 {
        self.y + self.h
    }
}

/// `n` with thousands separators: 1141190303 -> "1,141,190,303".
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// A power of ten as an axis label: 1, 10, ..., 1,000,000, then 10⁷, 10⁸, ...
fn power_label(k: u32) -> String {
    if k <= 6 {
        return thousands(10u64.pow(k));
    }
    const SUPER: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    let exponent: String = k.to_string().chars().map(|c| SUPER[c.to_digit(10).unwrap_or(0) as usize]).collect();
    format!("10{exponent}")
}

/// Places text in a chart.
struct Writer<'a> {
    glyphs: &'a Glyphs,
    items: Vec<Item>,
}

impl Writer<'_> {
    fn at(&mut self, x: f32, baseline: f32, size: u32, text: &str, paint: Paint) {
        self.items.push(Item::Text { x, baseline, size, text: text.to_string(), paint });
    }

    fn centred(&mut self, centre: f32, baseline: f32, size: u32, text: &str, paint: Paint) {
        let x = centre - self.glyphs.text_width(text, size) / 2.0;
        self.at(x, baseline, size, text, paint);
    }

    fn right(&mut self, right: f32, baseline: f32, size: u32, text: &str, paint: Paint) {
        let x = right - self.glyphs.text_width(text, size);
        self.at(x, baseline, size, text, paint);
    }

    fn width(&self, text: &str, size: u32) -> f32 {
        self.glyphs.text_width(text, size)
    }

    /// Baseline that centres digits on `y`.
    fn middle(&self, y: f32, size: u32) -> f32 {
        y + self.glyphs.cap_height(size) / 2.0
    }
}

/// A fill of whole pixels covering (x, y, w, h) rounded.
fn fill(x: f32, y: f32, w: f32, h: f32, paint: Paint) -> Item {
    let (left, top) = (x.round() as i64, y.round() as i64);
    let (right, bottom) = ((x + w).round() as i64, (y + h).round() as i64);
    Item::Fill { rect: (left, top, (right - left).max(1), (bottom - top).max(1)), paint }
}

/// The chart's picture: `scene` in `options`' theme (and dark theme for SVG viewers).
fn picture(scene: Scene, title: String, options: &RenderOptions) -> Picture {
    let pairs = [
        (Paint::Text, Paint::Background),
        (Paint::Placed, Paint::Background),
        (Paint::Placed, Paint::PlacedTint),
        (Paint::CheckAttacked, Paint::Background),
        (Paint::CheckAttacked, Paint::PlacedTint),
        (Paint::CheckSafe, Paint::Background),
    ];
    let theme: Theme = options.theme.clone();
    Picture { palette: Palette::with_blends(&theme, &pairs), scene, theme, dark: options.dark.clone(), title }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_as_lecturers_write_them() {
        assert_eq!(thousands(1_141_190_303), "1,141,190,303");
        assert_eq!(thousands(92), "92");
        assert_eq!(thousands(2057), "2,057");
        assert_eq!(power_label(0), "1");
        assert_eq!(power_label(6), "1,000,000");
        assert_eq!(power_label(12), "10¹²");
    }
}
