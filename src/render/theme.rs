//! Theme (named colours) and the fixed global palette every frame is drawn in.
//!
//! Contract: a [`Paint`] is both a role in the picture and its palette index; index 0 is reserved
//! for transparency. After the paints come anti-aliasing blends of a few inks over the paints they
//! can sit on, so glyphs and lines are smooth without any per-frame colour quantization.

/// An sRGB colour.
pub type Rgb = [u8; 3];

/// Roles in the picture. The discriminant is the palette index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Paint {
    Transparent = 0,
    Background,
    SolutionBand,
    Light,
    Dark,
    LightAttacked,
    DarkAttacked,
    Queen,
    Ghost,
    Text,
    Placed,
    Removed,
    CheckSafe,
    CheckAttacked,
    Solution,
}

/// Number of [`Paint`] values (they occupy palette indices `0..PAINT_COUNT`).
pub const PAINT_COUNT: usize = 15;

/// Coverage is quantized to `0..=LEVELS`; levels strictly between are palette blends.
pub const LEVELS: u8 = 4;

impl Paint {
    pub const ALL: [Paint; PAINT_COUNT] = [
        Paint::Transparent,
        Paint::Background,
        Paint::SolutionBand,
        Paint::Light,
        Paint::Dark,
        Paint::LightAttacked,
        Paint::DarkAttacked,
        Paint::Queen,
        Paint::Ghost,
        Paint::Text,
        Paint::Placed,
        Paint::Removed,
        Paint::CheckSafe,
        Paint::CheckAttacked,
        Paint::Solution,
    ];

    pub fn index(self) -> u8 {
        self as u8
    }
}

/// Square paints a queen or line can be drawn over.
const SQUARES: [Paint; 4] = [Paint::Light, Paint::Dark, Paint::LightAttacked, Paint::DarkAttacked];

/// The (ink, background) pairs that get anti-aliasing blends; other pairs round to ink or background.
fn blended_pairs() -> Vec<(Paint, Paint)> {
    let mut pairs = Vec::new();
    for ink in [Paint::Queen, Paint::Ghost, Paint::CheckAttacked] {
        pairs.extend(SQUARES.iter().map(|&bg| (ink, bg)));
    }
    pairs.push((Paint::CheckAttacked, Paint::Queen));
    pairs.push((Paint::Text, Paint::Background));
    pairs.push((Paint::Text, Paint::SolutionBand));
    pairs
}

/// Colours for every paint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Theme {
    pub name: String,
    pub background: Rgb,
    pub solution_band: Rgb,
    pub light: Rgb,
    pub dark: Rgb,
    pub light_attacked: Rgb,
    pub dark_attacked: Rgb,
    pub queen: Rgb,
    pub ghost: Rgb,
    pub text: Rgb,
    pub placed: Rgb,
    pub removed: Rgb,
    pub check_safe: Rgb,
    pub check_attacked: Rgb,
    pub solution: Rgb,
}

impl Default for Theme {
    /// Warm board; attacked squares are darker and rosier than their free twins, so they read by
    /// lightness as well as hue. Highlights come from the Okabe-Ito colour-blind-safe set.
    fn default() -> Self {
        Theme {
            name: "default".into(),
            background: [0xFF, 0xFF, 0xFF],
            solution_band: [0xFF, 0xE8, 0x8A],
            light: [0xF3, 0xEC, 0xDC],
            dark: [0xCF, 0xBE, 0x9F],
            light_attacked: [0xE2, 0xB4, 0xA8],
            dark_attacked: [0xB3, 0x86, 0x7C],
            queen: [0x1A, 0x1A, 0x1A],
            ghost: [0x6E, 0x6E, 0x6E],
            text: [0x1F, 0x1F, 0x1F],
            placed: [0x00, 0x72, 0xB2],
            removed: [0xE6, 0x9F, 0x00],
            check_safe: [0x00, 0x9E, 0x73],
            check_attacked: [0xD5, 0x1E, 0x00],
            solution: [0xE6, 0xB4, 0x00],
        }
    }
}

impl Theme {
    pub fn color(&self, paint: Paint) -> Rgb {
        match paint {
            Paint::Transparent | Paint::Background => self.background,
            Paint::SolutionBand => self.solution_band,
            Paint::Light => self.light,
            Paint::Dark => self.dark,
            Paint::LightAttacked => self.light_attacked,
            Paint::DarkAttacked => self.dark_attacked,
            Paint::Queen => self.queen,
            Paint::Ghost => self.ghost,
            Paint::Text => self.text,
            Paint::Placed => self.placed,
            Paint::Removed => self.removed,
            Paint::CheckSafe => self.check_safe,
            Paint::CheckAttacked => self.check_attacked,
            Paint::Solution => self.solution,
        }
    }
}

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
    fn paint_list_matches_discriminants() {
        for (i, p) in Paint::ALL.iter().enumerate() {
            assert_eq!(p.index() as usize, i);
        }
    }

    #[test]
    fn palette_fits_six_bits() {
        let palette = Palette::new(&Theme::default());
        assert!(palette.len() <= 64, "{} colours", palette.len());
    }

    #[test]
    fn default_theme_contrast_and_lightness() {
        let t = Theme::default();
        for bg in [t.light, t.dark, t.light_attacked, t.dark_attacked] {
            assert!(contrast(t.queen, bg) >= 4.5, "queen on {bg:?}");
        }
        assert!(contrast(t.text, t.background) >= 4.5);
        assert!(contrast(t.text, t.solution_band) >= 4.5);
        // Attacked squares are told apart from free ones by lightness, not hue alone.
        for (free, attacked) in [(t.light, t.light_attacked), (t.dark, t.dark_attacked)] {
            assert!(luminance(free) - luminance(attacked) > 0.12, "{free:?} vs {attacked:?}");
        }
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
