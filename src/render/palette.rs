//! The fixed global palette every frame is drawn in: the theme's paints, then anti-aliasing blends
//! (the colour arithmetic is in `super::color`).
//!
//! Contract: indices `0..PAINT_COUNT` are the [`Paint`]s with their theme colours; after them come
//! `LEVELS - 1` anti-aliasing blends for each (ink, background) pair of `blended_pairs`, so glyphs
//! and lines are smooth without per-frame colour quantization. At most 64 entries (6-bit LZW codes).

use super::color::mix;
pub use super::color::{contrast, luminance, to_linear};
use super::theme::{blended_pairs, Paint, Rgb, Theme, LEVELS, PAINT_COUNT};

/// The global palette: paint colours, then blends. Also answers "which index draws ink over this
/// pixel at this coverage level".
#[derive(Clone, Debug)]
pub struct Palette {
    colors: Vec<Rgb>,
    /// `blends[ink * PAINT_COUNT + bg]` = first of `LEVELS - 1` consecutive blend indices, or 0.
    blends: Vec<u8>,
}

impl Palette {
    /// The palette of `theme`: its paints, then the anti-aliasing blends.
    pub fn new(theme: &Theme) -> Self {
        Palette::with_blends(theme, &blended_pairs())
    }

    /// The palette of `theme` with anti-aliasing blends for the (ink, background) `pairs` only
    /// (a still's own choice; at most 74 pairs, so indices stay below 256).
    pub fn with_blends(theme: &Theme, pairs: &[(Paint, Paint)]) -> Self {
        let mut colors: Vec<Rgb> = Paint::ALL.iter().map(|&p| theme.color(p)).collect();
        let mut blends = vec![0u8; PAINT_COUNT * PAINT_COUNT];
        for &(ink, bg) in pairs {
            blends[ink as usize * PAINT_COUNT + bg as usize] = colors.len() as u8;
            for level in 1..LEVELS {
                colors.push(mix(theme.color(bg), theme.color(ink), level));
            }
        }
        Palette { colors, blends }
    }

    /// Number of palette entries in use.
    pub fn len(&self) -> usize {
        self.colors.len()
    }

    /// Whether the palette has no entry (never, for a palette made by [`Palette::new`]).
    pub fn is_empty(&self) -> bool {
        self.colors.is_empty()
    }

    /// The colour of palette index `index`.
    pub fn rgb(&self, index: u8) -> Rgb {
        self.colors[index as usize]
    }

    /// Every entry's colour, index i at position i (what codecs are handed).
    pub fn colors(&self) -> &[Rgb] {
        &self.colors
    }

    /// `[r, g, b, r, g, b, ...]` for encoders.
    pub fn flat(&self) -> Vec<u8> {
        self.colors.iter().flatten().copied().collect()
    }

    /// The index to write where `ink` covers a pixel currently holding `under` at `level`
    /// (1..=LEVELS). Pixels that are not plain paints, or pairs without blends, round.
    pub fn ink_over(&self, ink: Paint, under: u8, level: u8) -> u8 {
        if level >= LEVELS {
            return ink.index();
        }
        let start =
            if (under as usize) < PAINT_COUNT { self.blends[ink as usize * PAINT_COUNT + under as usize] } else { 0 };
        match (start, level * 2 >= LEVELS) {
            (0, true) => ink.index(),
            (0, false) => under,
            (start, _) => start + level - 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn palette_fits_six_bits() {
        let palette = Palette::new(&Theme::default());
        assert!(palette.len() <= 64, "{} colours", palette.len());
    }

    #[test]
    fn ink_over_uses_blends_then_rounds() {
        let p = Palette::new(&Theme::default());
        assert_eq!(p.ink_over(Paint::Queen, Paint::Light.index(), LEVELS), Paint::Queen.index());
        let mid = p.ink_over(Paint::Queen, Paint::Light.index(), 2);
        assert!(mid as usize >= PAINT_COUNT);
        assert_eq!(p.ink_over(Paint::Queen, Paint::Placed.index(), 1), Paint::Placed.index());
        assert_eq!(p.ink_over(Paint::Queen, Paint::Placed.index(), 3), Paint::Queen.index());
    }
}
