//! Theme: named colours for every role in the picture (built-in themes, JSON theme files, the
//! contrast rule they must pass).
//!
//! Contract: a [`Paint`] is both a role in the picture and its palette index; index 0 is reserved
//! for transparency. The palette built from a theme (paints, then anti-aliasing blends of a few
//! inks over the paints they can sit on) lives in [`super::palette`].

use super::color::contrast;
pub use crate::pixels::Rgb;

/// Roles in the picture. The discriminant is the palette index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
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

pub use super::color::LEVELS;

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
pub(super) fn blended_pairs() -> Vec<(Paint, Paint)> {
    let mut pairs = Vec::new();
    for ink in [Paint::Queen, Paint::Ghost, Paint::CheckAttacked] {
        pairs.extend(SQUARES.iter().map(|&bg| (ink, bg)));
    }
    pairs.push((Paint::CheckAttacked, Paint::Queen));
    pairs.push((Paint::Text, Paint::Background));
    pairs.push((Paint::Text, Paint::SolutionBand));
    pairs.push((Paint::CheckAttacked, Paint::Background));
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
    /// Draw attacked squares as the plain square with diagonal hatching in the attacked colour
    /// (for printing), instead of a solid shade.
    pub hatch: bool,
}

/// Names accepted by `--theme`.
pub const THEME_NAMES: [&str; 4] = ["default", "gray", "dark", "print"];

fn hex(s: &str) -> Option<Rgb> {
    let h = s.strip_prefix('#')?;
    if h.len() != 6 || !h.is_ascii() {
        return None;
    }
    let byte = |i: usize| u8::from_str_radix(&h[i..i + 2], 16).ok();
    Some([byte(0)?, byte(2)?, byte(4)?])
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
            hatch: false,
        }
    }
}

impl Theme {
    /// The blog post's board: gray squares at 0.9 and 0.7 of white, black queens.
    pub fn gray() -> Self {
        Theme {
            name: "gray".into(),
            light: [0xE6, 0xE6, 0xE6],
            dark: [0xB3, 0xB3, 0xB3],
            light_attacked: [0xE3, 0xBD, 0xBD],
            dark_attacked: [0xA0, 0x7E, 0x7E],
            queen: [0, 0, 0],
            ..Theme::default()
        }
    }

    /// For dark slide decks: slate board, white queens, light text on near-black.
    pub fn dark() -> Self {
        Theme {
            name: "dark".into(),
            background: [0x1B, 0x1D, 0x23],
            solution_band: [0x5A, 0x4A, 0x12],
            light: [0x6B, 0x73, 0x85],
            dark: [0x4C, 0x52, 0x61],
            light_attacked: [0x7E, 0x50, 0x58],
            dark_attacked: [0x4E, 0x30, 0x36],
            queen: [0xFF, 0xFF, 0xFF],
            ghost: [0xB0, 0xB0, 0xB0],
            text: [0xED, 0xED, 0xED],
            placed: [0x56, 0xB4, 0xE9],
            ..Theme::default()
        }
    }

    /// Black and white for printers: white and light-gray squares, attacked squares hatched.
    pub fn print() -> Self {
        Theme {
            name: "print".into(),
            solution_band: [0xE0, 0xE0, 0xE0],
            light: [0xFF, 0xFF, 0xFF],
            dark: [0xD0, 0xD0, 0xD0],
            light_attacked: [0x80, 0x80, 0x80],
            dark_attacked: [0x60, 0x60, 0x60],
            queen: [0, 0, 0],
            ghost: [0x70, 0x70, 0x70],
            text: [0, 0, 0],
            placed: [0, 0, 0],
            removed: [0x70, 0x70, 0x70],
            check_safe: [0x40, 0x40, 0x40],
            check_attacked: [0, 0, 0],
            solution: [0x40, 0x40, 0x40],
            hatch: true,
            ..Theme::default()
        }
    }

    /// A built-in theme by name (see [`THEME_NAMES`]).
    pub fn named(name: &str) -> Result<Self, String> {
        match name {
            "default" => Ok(Theme::default()),
            "gray" | "grey" => Ok(Theme::gray()),
            "dark" => Ok(Theme::dark()),
            "print" => Ok(Theme::print()),
            _ => Err(format!("unknown theme '{name}' (expected one of: {})", THEME_NAMES.join(", "))),
        }
    }

    /// Read a theme from JSON: `{"base": "default", "light": "#f0e6d2", ...}`. Keys are the field
    /// names of [`Theme`] with `#rrggbb` colours (plus `"hatch": true`); missing keys come from
    /// `base`. The result must pass [`Theme::check_contrast`].
    pub fn from_json(text: &str) -> Result<Self, String> {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| format!("theme file is not JSON: {e}"))?;
        let map = value.as_object().ok_or("theme file must hold a JSON object")?;
        let base = map.get("base").and_then(|b| b.as_str()).unwrap_or("default");
        let mut theme = Theme::named(base)?;
        theme.name = "custom".into();
        for (key, v) in map {
            match key.as_str() {
                "base" => {}
                "name" => theme.name = v.as_str().ok_or("theme 'name' must be a string")?.to_string(),
                "hatch" => theme.hatch = v.as_bool().ok_or("theme 'hatch' must be true or false")?,
                _ => {
                    let slot = theme.slot(key).ok_or_else(|| format!("unknown theme key '{key}'"))?;
                    let colour = v.as_str().and_then(hex);
                    *slot = colour.ok_or_else(|| format!("theme key '{key}': {v} is not a #rrggbb colour"))?;
                }
            }
        }
        theme.check_contrast()?;
        Ok(theme)
    }

    fn slot(&mut self, key: &str) -> Option<&mut Rgb> {
        Some(match key {
            "background" => &mut self.background,
            "solution_band" => &mut self.solution_band,
            "light" => &mut self.light,
            "dark" => &mut self.dark,
            "light_attacked" => &mut self.light_attacked,
            "dark_attacked" => &mut self.dark_attacked,
            "queen" => &mut self.queen,
            "ghost" => &mut self.ghost,
            "text" => &mut self.text,
            "placed" => &mut self.placed,
            "removed" => &mut self.removed,
            "check_safe" => &mut self.check_safe,
            "check_attacked" => &mut self.check_attacked,
            "solution" => &mut self.solution,
            _ => return None,
        })
    }

    /// Queens and text must keep a contrast ratio of at least 4.5:1 against what they sit on.
    pub fn check_contrast(&self) -> Result<(), String> {
        let mut pairs = vec![("queen", self.queen, "light", self.light), ("queen", self.queen, "dark", self.dark)];
        if !self.hatch {
            pairs.push(("queen", self.queen, "light_attacked", self.light_attacked));
            pairs.push(("queen", self.queen, "dark_attacked", self.dark_attacked));
        }
        pairs.push(("text", self.text, "background", self.background));
        pairs.push(("text", self.text, "solution_band", self.solution_band));
        for (a, ca, b, cb) in pairs {
            let ratio = contrast(ca, cb);
            if ratio < 4.5 {
                return Err(format!("theme: {a} on {b} has contrast {ratio:.1}:1, below the 4.5:1 minimum"));
            }
        }
        Ok(())
    }

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::palette::{luminance, Palette};

    #[test]
    fn paint_list_matches_discriminants() {
        for (i, p) in Paint::ALL.iter().enumerate() {
            assert_eq!(p.index() as usize, i);
        }
    }

    /// CIE L* (perceived lightness, 0..100).
    fn lightness(c: Rgb) -> f32 {
        let y = luminance(c);
        if y > 0.008856 {
            116.0 * y.cbrt() - 16.0
        } else {
            903.3 * y
        }
    }

    #[test]
    fn every_theme_keeps_contrast_and_lightness_steps() {
        for name in THEME_NAMES {
            let t = Theme::named(name).unwrap();
            t.check_contrast().unwrap_or_else(|e| panic!("{name}: {e}"));
            // Attacked squares are told apart from free ones by lightness, not hue alone.
            for (free, attacked) in [(t.light, t.light_attacked), (t.dark, t.dark_attacked)] {
                let step = (lightness(free) - lightness(attacked)).abs();
                assert!(step >= 8.0, "{name}: {free:?} vs {attacked:?} differ by L* {step}");
            }
            assert!(Palette::new(&t).len() <= 64, "{name}");
        }
    }

    #[test]
    fn theme_files_override_a_base() {
        let t = Theme::from_json(r##"{"base": "gray", "light": "#ffffff", "hatch": true}"##).unwrap();
        assert_eq!((t.light, t.dark, t.hatch), ([255, 255, 255], Theme::gray().dark, true));
        assert!(Theme::from_json(r##"{"lite": "#ffffff"}"##).unwrap_err().contains("'lite'"));
        assert!(Theme::from_json(r##"{"light": "white"}"##).unwrap_err().contains("#rrggbb"));
        assert!(Theme::from_json(r##"{"queen": "#f0f0f0"}"##).unwrap_err().contains("contrast"));
        assert!(Theme::from_json("[1]").is_err());
        assert!(Theme::named("neon").unwrap_err().contains("gray"));
    }
}
