//! The embedded font (DejaVu Sans, see fonts/DejaVu-LICENSE.txt) and a cache of rasterized glyphs.
//!
//! Contract: glyphs are rasterized once per (character, size) into coverage [`Mask`]s; text is
//! laid out with plain advances (digits share one advance, so numbers in fixed slots stay put).
//! The font is a stage of its own, below what a frame shows: layout measures text with it, and
//! the backends draw its masks (raster) and outlines (SVG, PDF).

use ab_glyph::{point, Font, FontRef, Glyph, OutlineCurve, OutlinedGlyph, PxScale, ScaleFont};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Coverage is quantized to `0..=LEVELS`; levels strictly between are palette blends.
pub const LEVELS: u8 = 4;

/// Coverage mask: `levels[y * width + x]` in `0..=LEVELS`.
#[derive(Clone, Debug, Default)]
pub struct Mask {
    /// Columns of the mask.
    pub width: usize,
    /// Rows of the mask.
    pub height: usize,
    /// Coverage per pixel, row by row.
    pub levels: Vec<u8>,
}

/// A multiply-and-rotate hash for the glyph cache's (character, size) keys: every caption glyph of
/// every frame is looked up, and the standard hasher (SipHash, built against hostile keys) took as
/// long as drawing the glyph. A frame draws a few dozen distinct keys: no flooding to guard against.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        bytes.iter().for_each(|&b| self.write_u64(u64::from(b)));
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

static FONT_BYTES: &[u8] = include_bytes!("../fonts/DejaVuSans.ttf");

/// The solid queen (U+265B) drawn for every queen on the board.
pub const QUEEN: char = '\u{265B}';

/// A glyph ready to draw: its mask's top-left sits at (pen x + left, baseline + top).
#[derive(Clone, Debug)]
pub struct TextGlyph {
    /// Coverage of the glyph's pixels.
    pub mask: Mask,
    /// Offset of the mask's left edge from the pen, in pixels.
    pub left: i64,
    /// Offset of the mask's top edge from the baseline, in pixels.
    pub top: i64,
    /// How far the pen moves after the glyph, in pixels.
    pub advance: f32,
}

/// Font plus caches of rasterized text glyphs and board pieces.
#[derive(Clone)]
pub struct Glyphs {
    font: FontRef<'static>,
    text: HashMap<(char, u32), TextGlyph, BuildHasherDefault<KeyHasher>>,
    /// Advances of the ASCII characters in font units, and the font's unscaled height: captions
    /// are measured every frame, and each look-up in the font's tables costs a search.
    ascii_advances: [f32; 128],
    height_unscaled: f32,
}

impl Default for Glyphs {
    fn default() -> Self {
        Self::new()
    }
}

impl Glyphs {
    /// The embedded font, with empty caches.
    pub fn new() -> Self {
        let font = FontRef::try_from_slice(FONT_BYTES).expect("the embedded DejaVu Sans font parses");
        let ascii_advances = std::array::from_fn(|c| font.h_advance_unscaled(font.glyph_id(char::from(c as u8))));
        let height_unscaled = font.height_unscaled();
        Glyphs { font, text: HashMap::default(), ascii_advances, height_unscaled }
    }

    fn outline(&self, ch: char, size: f32) -> Option<OutlinedGlyph> {
        let glyph: Glyph = self.font.glyph_id(ch).with_scale_and_position(PxScale::from(size), point(0.0, 0.0));
        self.font.outline_glyph(glyph)
    }

    /// Horizontal advance of `ch` at `size` pixels.
    pub fn advance(&self, ch: char, size: u32) -> f32 {
        match self.ascii_advances.get(ch as usize) {
            // ab_glyph's own arithmetic (`h_scale_factor * h_advance_unscaled`), from the cached values.
            Some(&units) => size as f32 / self.height_unscaled * units,
            None => self.font.as_scaled(PxScale::from(size as f32)).h_advance(self.font.glyph_id(ch)),
        }
    }

    /// Width in pixels of `text` at `size`.
    pub fn text_width(&self, text: &str, size: u32) -> f32 {
        text.chars().map(|c| self.advance(c, size)).sum()
    }

    /// Height of a capital (`H`; digits are as tall) at `size` pixels, from the outline.
    pub fn cap_height(&self, size: u32) -> f32 {
        let height =
            self.font.outline(self.font.glyph_id('H')).map_or(0.0, |o| (o.bounds.max.y - o.bounds.min.y).abs());
        height * self.units_scale(size as f32)
    }

    /// Ascent above the baseline at `size` (for placing lines of text).
    pub fn ascent(&self, size: u32) -> f32 {
        self.font.as_scaled(PxScale::from(size as f32)).ascent()
    }

    /// The pixels `text` at `size` can ink when its pen starts at (x, baseline), placed as the
    /// rasterizer places each glyph (pen rounded, whole-pixel bounds): left, top, right, bottom
    /// (right and bottom exclusive); `None` for text without ink.
    pub fn ink_box(&self, text: &str, size: u32, (x, baseline): (f32, f32)) -> Option<(i64, i64, i64, i64)> {
        let mut pen = x;
        let mut found: Option<(i64, i64, i64, i64)> = None;
        for ch in text.chars() {
            if let Some(outlined) = self.outline(ch, size as f32) {
                let b = outlined.px_bounds();
                let (gx, gy) = (pen.round() as i64 + b.min.x as i64, baseline.round() as i64 + b.min.y as i64);
                let (w, h) = ((b.max.x - b.min.x) as i64, (b.max.y - b.min.y) as i64);
                let (l, t, r, bo) = found.unwrap_or((gx, gy, gx + w, gy + h));
                found = Some((l.min(gx), t.min(gy), r.max(gx + w), bo.max(gy + h)));
            }
            pen += self.advance(ch, size);
        }
        found
    }

    /// The cached glyph for `ch` at `size` pixels.
    pub fn glyph(&mut self, ch: char, size: u32) -> &TextGlyph {
        if !self.text.contains_key(&(ch, size)) {
            let glyph = self.rasterize_text(ch, size);
            self.text.insert((ch, size), glyph);
        }
        &self.text[&(ch, size)]
    }

    fn rasterize_text(&self, ch: char, size: u32) -> TextGlyph {
        let advance = self.advance(ch, size);
        match self.outline(ch, size as f32) {
            Some(outlined) => {
                let bounds = outlined.px_bounds();
                TextGlyph {
                    mask: coverage_mask(&outlined),
                    left: bounds.min.x as i64,
                    top: bounds.min.y as i64,
                    advance,
                }
            }
            None => TextGlyph { mask: Mask::default(), left: 0, top: 0, advance },
        }
    }

    /// Where `piece` sits when it fills `fill` of a `square`-pixel square, centred: the pixel size
    /// it is drawn at and its mask's top-left corner in the square (whole pixels).
    pub fn piece_placement(&self, piece: char, square: usize, fill: f32) -> Option<PiecePlacement> {
        let probe = 100.0;
        let b = self.outline(piece, probe)?.px_bounds();
        let scale = probe * fill * square as f32 / (b.max.x - b.min.x).max(b.max.y - b.min.y);
        let b = self.outline(piece, scale)?.px_bounds();
        let (w, h) = (b.max.x - b.min.x, b.max.y - b.min.y);
        let offset_x = ((square as f32 - w) / 2.0).round();
        let offset_y = ((square as f32 - h) / 2.0).round();
        Some(PiecePlacement { scale, offset: (offset_x, offset_y), bounds_min: (b.min.x, b.min.y) })
    }

    /// `piece` rasterized to fill `fill` of a `square`-pixel square, centred: a `square` x `square` mask.
    pub fn piece(&self, piece: char, square: usize, fill: f32) -> Mask {
        let mut mask = Mask { width: square, height: square, levels: vec![0; square * square] };
        let Some(place) = self.piece_placement(piece, square, fill) else { return mask };
        let outlined = self.outline(piece, place.scale).expect("glyph outlines at any size");
        let (offset_x, offset_y) = place.offset;
        let glyph_mask = coverage_mask(&outlined);
        for y in 0..glyph_mask.height {
            for x in 0..glyph_mask.width {
                let (tx, ty) = (x as i64 + offset_x as i64, y as i64 + offset_y as i64);
                if (0..square as i64).contains(&tx) && (0..square as i64).contains(&ty) {
                    mask.levels[ty as usize * square + tx as usize] = glyph_mask.levels[y * glyph_mask.width + x];
                }
            }
        }
        mask
    }

    /// The outline of `ch` in font units (y up), or `None` for glyphs without ink (space).
    pub fn outline_curves(&self, ch: char) -> Option<Vec<OutlineCurve>> {
        self.font.outline(self.font.glyph_id(ch)).map(|o| o.curves)
    }

    /// Font units per em (vector backends scale outlines by it).
    pub fn units_per_em(&self) -> f32 {
        self.font.units_per_em().unwrap_or(2048.0)
    }

    /// Horizontal advance of `ch` in font units.
    pub fn advance_units(&self, ch: char) -> f32 {
        self.font.h_advance_unscaled(self.font.glyph_id(ch))
    }

    /// Pixels per font unit at `size` pixels (text and pieces are scaled by this).
    pub fn units_scale(&self, size: f32) -> f32 {
        self.font.as_scaled(PxScale::from(size)).h_scale_factor()
    }
}

/// A piece's size and position in its square (see [`Glyphs::piece_placement`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PiecePlacement {
    /// Pixel size the piece is outlined at.
    pub scale: f32,
    /// Top-left of its mask in the square, whole pixels.
    pub offset: (f32, f32),
    /// Top-left of its mask relative to the glyph origin (whole pixels, from the outline's bounds).
    pub bounds_min: (f32, f32),
}

impl PiecePlacement {
    /// Where the glyph origin lands in the square: font-unit point (x, y) is drawn at
    /// `origin + (x, -y) * units_scale(scale)`.
    pub fn origin(&self) -> (f32, f32) {
        (self.offset.0 - self.bounds_min.0, self.offset.1 - self.bounds_min.1)
    }
}

/// Rasterize an outlined glyph into a mask the size of its pixel bounds.
fn coverage_mask(outlined: &OutlinedGlyph) -> Mask {
    let b = outlined.px_bounds();
    let (width, height) = ((b.max.x - b.min.x) as usize, (b.max.y - b.min.y) as usize);
    let mut levels = vec![0u8; width * height];
    outlined.draw(|x, y, c| {
        let (x, y) = (x as usize, y as usize);
        if x < width && y < height {
            levels[y * width + x] = (c.clamp(0.0, 1.0) * f32::from(LEVELS)).round() as u8;
        }
    });
    Mask { width, height, levels }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queen_glyph_exists_and_fills_the_square() {
        let glyphs = Glyphs::new();
        let mask = glyphs.piece(QUEEN, 60, 0.84);
        let centre = mask.levels[30 * 60 + 30];
        assert_eq!(centre, LEVELS, "the queen's body covers the square centre");
        let covered = mask.levels.iter().filter(|&&l| l > 0).count();
        assert!(covered > 60 * 60 / 4, "queen covers {covered} px");
        assert_eq!(mask.levels[0], 0, "corners stay free");
    }

    #[test]
    fn capitals_are_0_63_of_the_pixel_size() {
        // DejaVu Sans: capitals 1493 units, ascent to descent 2384.
        let cap = Glyphs::new().cap_height(100);
        assert!((62.0..63.5).contains(&cap), "{cap}");
    }

    #[test]
    fn digits_share_one_advance() {
        let glyphs = Glyphs::new();
        let a0 = glyphs.advance('0', 16);
        for d in '1'..='9' {
            assert_eq!(glyphs.advance(d, 16), a0);
        }
    }

    /// The cached ASCII advances give exactly the font's own, at any size.
    #[test]
    fn cached_advances_equal_the_fonts() {
        let glyphs = Glyphs::new();
        for size in [7, 11, 13, 24, 44, 200] {
            let scaled = glyphs.font.as_scaled(PxScale::from(size as f32));
            for ch in (0u8..128).map(char::from).chain(['×', '·', 'é']) {
                assert_eq!(
                    glyphs.advance(ch, size).to_bits(),
                    scaled.h_advance(glyphs.font.glyph_id(ch)).to_bits(),
                    "{ch:?} at {size}"
                );
            }
        }
    }
}
