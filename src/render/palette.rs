//! The fixed global palette every frame is drawn in, and colour arithmetic (linear-light blends,
//! WCAG luminance and contrast).
//!
//! Contract: indices `0..PAINT_COUNT` are the [`Paint`]s with their theme colours; after them come
//! `LEVELS - 1` anti-aliasing blends for each (ink, background) pair of `blended_pairs`, so glyphs
//! and lines are smooth without per-frame colour quantization. At most 64 entries (6-bit LZW codes).

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
    pub fn new(theme: &Theme) -> Self {
        let mut colors: Vec<Rgb> = Paint::ALL.iter().map(|&p| theme.color(p)).collect();
        let mut blends = vec![0u8; PAINT_COUNT * PAINT_COUNT];
        for (ink, bg) in blended_pairs() {
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

    pub fn is_empty(&self) -> bool {
        self.colors.is_empty()
    }

    pub fn rgb(&self, index: u8) -> Rgb {
        self.colors[index as usize]
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

/// `bg` moved `level / LEVELS` of the way to `ink`, per channel in linear light.
fn mix(bg: Rgb, ink: Rgb, level: u8) -> Rgb {
    let t = f32::from(level) / f32::from(LEVELS);
    let mut out = [0u8; 3];
    for c in 0..3 {
        let lin = to_linear(bg[c]) * (1.0 - t) + to_linear(ink[c]) * t;
        out[c] = from_linear(lin);
    }
    out
}

pub fn to_linear(c: u8) -> f32 {
    let c = f32::from(c) / 255.0;
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

fn from_linear(l: f32) -> u8 {
    let c = if l <= 0.003_130_8 { l * 12.92 } else { 1.055 * l.powf(1.0 / 2.4) - 0.055 };
    (c * 255.0).round().clamp(0.0, 255.0) as u8
}

/// WCAG relative luminance.
pub fn luminance(c: Rgb) -> f32 {
    0.2126 * to_linear(c[0]) + 0.7152 * to_linear(c[1]) + 0.0722 * to_linear(c[2])
}

/// WCAG contrast ratio between two colours (1.0 ..= 21.0).
pub fn contrast(a: Rgb, b: Rgb) -> f32 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
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
