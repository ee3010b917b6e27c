//! Theme: named colours for every role in the picture (built-in themes, JSON theme files, the
//! contrast rule they must pass).
//!
//! Contract: a theme gives every [`Paint`] (`paint.rs`) a colour and passes the contrast rule. The
//! palette built from a theme (paints, then anti-aliasing blends of a few inks over the paints they
//! can sit on) lives in [`crate::draw::raster::palette`].

use super::color::{contrast, tint};
pub use super::paint::{Paint, PAINT_COUNT};
use super::puzzle_colours::{PuzzleColours, REGION_COLOURS};
pub use crate::pixels::Rgb;

/// Square paints a queen or line can be drawn over.
const SQUARES: [Paint; 4] = [Paint::Light, Paint::Dark, Paint::LightAttacked, Paint::DarkAttacked];

/// The (ink, background) pairs that get anti-aliasing blends; other pairs round to ink or background.
/// Lines are drawn over a halo of the background paint, so only their ink over the background blends
/// (the halo's own edge rounds); queens sit on squares and on the solution paint, rings on free
/// squares (only in themes that ring them: the palette keeps to 64 entries with the tints);
/// ghosts are drawn unblended.
pub fn blended_pairs(theme: &Theme) -> Vec<(Paint, Paint)> {
    let mut pairs: Vec<(Paint, Paint)> = SQUARES.iter().map(|&bg| (Paint::Queen, bg)).collect();
    pairs.push((Paint::Queen, Paint::Solution));
    if theme.rings {
        pairs.push((Paint::MarkLight, Paint::Light));
        pairs.push((Paint::MarkDark, Paint::Dark));
    }
    pairs.push((Paint::Text, Paint::Background));
    if !theme.rings {
        // Themes that ring free squares round the caption's text on a solution's band instead.
        pairs.push((Paint::Text, Paint::SolutionBand));
    }
    // The code panel's current line (text on a tint) rounds: its blends would take the palette
    // past 64 colours once the puzzle paints are in.
    pairs.push((Paint::CheckAttacked, Paint::Background));
    pairs
}

/// Colours for every paint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Theme {
    /// The theme's name (`default`, `dark`, `gray`, `print`, or a file's).
    pub name: String,
    /// Colour of [`Paint::Background`].
    pub background: Rgb,
    /// Colour of [`Paint::SolutionBand`].
    pub solution_band: Rgb,
    /// Colour of [`Paint::Light`].
    pub light: Rgb,
    /// Colour of [`Paint::Dark`].
    pub dark: Rgb,
    /// Colour of [`Paint::LightAttacked`].
    pub light_attacked: Rgb,
    /// Colour of [`Paint::DarkAttacked`].
    pub dark_attacked: Rgb,
    /// Colour of [`Paint::Queen`].
    pub queen: Rgb,
    /// Colour of [`Paint::Ghost`].
    pub ghost: Rgb,
    /// Colour of [`Paint::Text`].
    pub text: Rgb,
    /// Colour of [`Paint::Placed`].
    pub placed: Rgb,
    /// Colour of [`Paint::Removed`].
    pub removed: Rgb,
    /// Colour of [`Paint::CheckSafe`].
    pub check_safe: Rgb,
    /// Colour of [`Paint::CheckAttacked`].
    pub check_attacked: Rgb,
    /// Colour of [`Paint::Solution`].
    pub solution: Rgb,
    /// Colour of [`Paint::MarkLight`].
    pub mark_light: Rgb,
    /// Colour of [`Paint::MarkDark`].
    pub mark_dark: Rgb,
    /// Draw a thin outline around the board (print: white edge squares on white paper).
    pub outline: bool,
    /// Ring free squares in the mark colours (themes whose free and attacked squares cannot differ
    /// by 1.25:1 in lightness: a dark board under white queens).
    pub rings: bool,
    /// Draw attacked squares as the plain square with diagonal hatching in the attacked colour
    /// (for printing), instead of a solid shade.
    pub hatch: bool,
    /// A puzzle's region fills, blocked squares and rule outlines.
    pub puzzle: PuzzleColours,
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

/// Largest theme read, in bytes of JSON (a theme file, or a Python dict as its JSON): a theme is
/// a few hundred bytes.
pub const MAX_THEME_BYTES: usize = 64 * 1024;

/// The first key a JSON object gives twice (`None`: each once); JSON that is not an object fails.
struct Keys(Option<String>);

impl<'de> serde::Deserialize<'de> for Keys {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = Keys;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Keys, A::Error> {
                let mut seen = std::collections::HashSet::new();
                let mut twice = None;
                while let Some((key, _)) = map.next_entry::<String, serde::de::IgnoredAny>()? {
                    if twice.is_none() && !seen.insert(key.clone()) {
                        twice = Some(key);
                    }
                }
                Ok(Keys(twice))
            }
        }
        deserializer.deserialize_map(Visit)
    }
}

impl Theme {
    /// A built-in theme by name (`default`, `gray`, `dark`, `print`).
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
    /// names of [`Theme`] with `#rrggbb` colours (plus `"hatch"`, `"outline"`, `"rings"`: true or false); missing keys come from
    /// `base`. The result must pass [`Theme::check_contrast`].
    pub fn from_json(text: &str) -> Result<Self, String> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text); // a UTF-8 byte order mark
        if text.len() > MAX_THEME_BYTES {
            return Err(format!("a theme is at most {} KiB of JSON, not {} bytes", MAX_THEME_BYTES / 1024, text.len()));
        }
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| format!("theme file is not JSON: {e}"))?;
        let map = value.as_object().ok_or("theme file must hold a JSON object")?;
        if let Ok(Keys(Some(key))) = serde_json::from_str::<Keys>(text) {
            let clip = |text: &str| crate::error::echo::clipped(text, 40);
            return Err(format!("theme key '{}' is given twice (give each key once)", clip(&key)));
        }
        let base = match map.get("base") {
            None => "default",
            Some(b) => b.as_str().ok_or_else(|| format!("theme 'base' must be a theme's name in quotes, not {b}"))?,
        };
        let mut theme = Theme::named(base)?;
        theme.name = "custom".into();
        for (key, v) in map {
            match key.as_str() {
                "base" => {}
                "name" => theme.name = v.as_str().ok_or("theme 'name' must be a string")?.to_string(),
                "hatch" => theme.hatch = v.as_bool().ok_or("theme 'hatch' must be true or false")?,
                "outline" => theme.outline = v.as_bool().ok_or("theme 'outline' must be true or false")?,
                "rings" => theme.rings = v.as_bool().ok_or("theme 'rings' must be true or false")?,
                _ => {
                    // Keys and values are echoed clipped: a theme file may hold 64 KiB in one of them.
                    let clip = |text: &str| crate::error::echo::clipped(text, 40);
                    let slot = theme.slot(key).ok_or_else(|| format!("unknown theme key '{}'", clip(key)))?;
                    let colour = v.as_str().and_then(hex);
                    *slot = colour.ok_or_else(|| {
                        format!("theme key '{key}': {} is not a #rrggbb colour", clip(&v.to_string()))
                    })?;
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
            "mark_light" => &mut self.mark_light,
            "mark_dark" => &mut self.mark_dark,
            _ => return self.puzzle.slot(key),
        })
    }

    /// Queens and text must keep a contrast ratio of at least 4.5:1 against what they sit on;
    /// the rings on free squares and the highlights (on their background-coloured halo) 3:1.
    pub fn check_contrast(&self) -> Result<(), String> {
        let mut pairs = vec![
            ("queen", self.queen, "light", self.light, 4.5),
            ("queen", self.queen, "dark", self.dark, 4.5),
            ("queen", self.queen, "solution", self.solution, 4.5),
        ];
        if !self.hatch {
            pairs.push(("queen", self.queen, "light_attacked", self.light_attacked, 4.5));
            pairs.push(("queen", self.queen, "dark_attacked", self.dark_attacked, 4.5));
        }
        pairs.push(("text", self.text, "background", self.background, 4.5));
        pairs.push(("text", self.text, "solution_band", self.solution_band, 4.5));
        pairs.push(("mark_light", self.mark_light, "light", self.light, 3.0));
        pairs.push(("mark_dark", self.mark_dark, "dark", self.dark, 3.0));
        for (name, ink) in [
            ("placed", self.placed),
            ("removed", self.removed),
            ("check_safe", self.check_safe),
            ("check_attacked", self.check_attacked),
        ] {
            pairs.push((name, ink, "background", self.background, 3.0));
        }
        for (a, ca, b, cb, minimum) in pairs {
            let ratio = contrast(ca, cb);
            if ratio < minimum {
                let shown = (ratio * 100.0).floor() / 100.0; // rounded down: 4.48 never reads as 4.5
                return Err(format!("theme: {a} on {b} has contrast {shown:.2}:1, below the {minimum:.1}:1 minimum"));
            }
        }
        self.puzzle.check(self.queen, self.background)
    }

    /// The colour this theme gives `paint`.
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
            Paint::MarkLight => self.mark_light,
            Paint::MarkDark => self.mark_dark,
            Paint::Blocked => self.puzzle.blocked,
            Paint::BlockedInk => self.puzzle.blocked_ink,
            Paint::RuleUsed => self.puzzle.rule_used,
            Paint::PlacedTint
            | Paint::RemovedTint
            | Paint::CheckSafeTint
            | Paint::CheckAttackedTint
            | Paint::TextTint => {
                let ink = match paint {
                    Paint::PlacedTint => self.placed,
                    Paint::RemovedTint => self.removed,
                    Paint::CheckSafeTint => self.check_safe,
                    Paint::CheckAttackedTint => self.check_attacked,
                    _ => self.text,
                };
                tint(self.background, ink, self.text)
            }
            region => self.puzzle.regions[(region as usize - Paint::Region0 as usize) % REGION_COLOURS],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::raster::palette::Palette;
    use crate::scene::color::luminance;

    #[test]
    fn long_unknown_keys_and_values_are_clipped() {
        let key = "k".repeat(60_000);
        let message = Theme::from_json(&format!("{{\"{key}\": \"#000000\"}}")).unwrap_err();
        assert!(message.len() < 120 && message.contains("(59960 more characters)"), "{}", &message[..100]);
        let message = Theme::from_json(&format!("{{\"queen\": \"{key}\"}}")).unwrap_err();
        assert!(message.len() < 140, "{}", &message[..100]);
    }

    #[test]
    fn paint_list_matches_discriminants() {
        for (i, p) in Paint::ALL.iter().enumerate() {
            assert_eq!(p.index() as usize, i);
        }
    }

    #[test]
    fn every_theme_keeps_contrast_and_the_palette_budget() {
        for name in THEME_NAMES {
            let t = Theme::named(name).unwrap();
            t.check_contrast().unwrap_or_else(|e| panic!("{name}: {e}"));
            // Attacked squares are dimmer than their free twins (tests/it/legibility.rs measures the
            // rendered contrasts in grayscale and under colour-blindness simulations).
            for (free, attacked) in [(t.light, t.light_attacked), (t.dark, t.dark_attacked)] {
                assert!(t.hatch || luminance(attacked) < luminance(free), "{name}: {free:?} vs {attacked:?}");
            }
            assert!(Palette::new(&t).len() <= 64, "{name}");
            for ink in [Paint::Placed, Paint::Removed, Paint::CheckSafe, Paint::CheckAttacked, Paint::Text] {
                let (tinted, text) = (t.color(ink.tint()), t.text);
                assert!(contrast(text, tinted) >= 4.5, "{name}: text on the tint of {ink:?}");
                let (calm, loud) = (contrast(tinted, t.background), contrast(t.color(ink), t.background));
                assert!(calm > 1.05 && calm < 3.0 && calm < loud, "{name}: the tint of {ink:?}: {calm:.2}:1");
            }
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
