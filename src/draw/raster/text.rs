//! Text drawing: runs of text rasterized glyph by glyph from the embedded font's cache.
//!
//! Contract: the pen starts at (x, baseline); each glyph's mask is placed at the pen rounded to
//! whole pixels plus the glyph's bearing, blended into what lies under it, and the pen advances by
//! the glyph's unrounded advance.

use super::canvas::IndexedImage;
use super::palette::Palette;
use crate::font::Glyphs;
use crate::scene::theme::Paint;

/// Text sizes below this, in the queens' ink, are drawn darkened (see `IndexedImage::draw_mask_darkened`).
pub const DARKEN_BELOW: u32 = 14;

/// Draw `text` in `ink` from pen position (x, baseline); returns the pen's x after it.
pub fn draw_text(
    canvas: &mut IndexedImage,
    glyphs: &mut Glyphs,
    palette: &Palette,
    (x, baseline): (f32, f32),
    (text, size): (&str, u32),
    ink: Paint,
) -> f32 {
    // Small type in the queens' ink (coordinate labels, region letters) is darkened: its strokes
    // keep 3:1 against mid-tone squares.
    let darken = if ink == Paint::Queen && size < DARKEN_BELOW { 2 } else { 0 };
    let mut pen = x;
    for ch in text.chars() {
        let glyph = glyphs.glyph(ch, size);
        let gx = pen.round() as i64 + glyph.left;
        let gy = baseline.round() as i64 + glyph.top;
        canvas.draw_mask_darkened(&glyph.mask, (gx, gy), ink, palette, darken);
        pen += glyph.advance;
    }
    pen
}
