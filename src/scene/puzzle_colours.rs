//! The colours of a puzzle's furniture in each theme: twelve region fills, blocked squares and
//! their texture, and the outline of the squares a rule used.
//!
//! Contract: region fills come from a colour-blind-safe set (Paul Tol's light and pale schemes in
//! light themes, muted dark twins in `dark`, grays in `gray` and `print`); regions past twelve
//! reuse them (the thick region borders tell every region apart, also without hue). The queen's
//! ink (region borders, crosses on ruled-out squares) keeps 3:1 or more against every fill.

use super::color::contrast;
use crate::pixels::Rgb;

/// Region fills a theme holds.
pub const REGION_COLOURS: usize = 12;

/// A theme's puzzle colours.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleColours {
    pub regions: [Rgb; REGION_COLOURS],
    /// A blocked square, and the texture drawn over it.
    pub blocked: Rgb,
    pub blocked_ink: Rgb,
    /// The outline of the squares a rule reasoned from.
    pub rule_used: Rgb,
}

const fn rgb(hex: u32) -> Rgb {
    [(hex >> 16) as u8, (hex >> 8) as u8, hex as u8]
}

const fn all(hexes: [u32; REGION_COLOURS]) -> [Rgb; REGION_COLOURS] {
    let mut out = [[0; 3]; REGION_COLOURS];
    let mut i = 0;
    while i < REGION_COLOURS {
        out[i] = rgb(hexes[i]);
        i += 1;
    }
    out
}

impl PuzzleColours {
    /// Light themes: Tol's light scheme, then pale fills.
    pub fn light() -> Self {
        PuzzleColours {
            regions: all([
                0x77AADD, 0xEE8866, 0xEEDD88, 0xFFAABB, 0x99DDFF, 0x44BB99, 0xBBCC33, 0xDDDDDD, 0xCCBBEE, 0xAAAA00,
                0xCCDDAA, 0xFFCCCC,
            ]),
            blocked: rgb(0x2E2E2E),
            blocked_ink: rgb(0x8C8C8C),
            rule_used: rgb(0x882E72),
        }
    }

    /// No hue: grays told apart by lightness (and the borders).
    pub fn gray() -> Self {
        PuzzleColours {
            regions: all([
                0xF5F5F5, 0xC8C8C8, 0xE6E6E6, 0xB4B4B4, 0xFFFFFF, 0xD2D2D2, 0xEBEBEB, 0xBEBEBE, 0xF0F0F0, 0xDCDCDC,
                0xAAAAAA, 0xE1E1E1,
            ]),
            blocked: rgb(0x303030),
            blocked_ink: rgb(0x909090),
            rule_used: rgb(0x000000),
        }
    }

    /// Paper: the grays a little lighter.
    pub fn print() -> Self {
        PuzzleColours { blocked: rgb(0x404040), blocked_ink: rgb(0xB0B0B0), ..PuzzleColours::gray() }
    }

    /// Dark slides: muted fills under white queens and crosses.
    pub fn dark() -> Self {
        PuzzleColours {
            regions: all([
                0x2E4A6B, 0x6B3A28, 0x5C5320, 0x6A3050, 0x1F5A66, 0x1E5E48, 0x4C5A1A, 0x484848, 0x4A3A6E, 0x5A4A12,
                0x3A5232, 0x6A3434,
            ]),
            // Light on the dark page: black would vanish into the background (1.1:1).
            blocked: rgb(0xA0A4AC),
            blocked_ink: rgb(0x3A3E46),
            rule_used: rgb(0xF0A8E8),
        }
    }

    /// The colour a theme file names `key` (`region_1` .. `region_12`, `blocked`, `blocked_ink`,
    /// `rule_used`).
    pub fn slot(&mut self, key: &str) -> Option<&mut Rgb> {
        match key {
            "blocked" => Some(&mut self.blocked),
            "blocked_ink" => Some(&mut self.blocked_ink),
            "rule_used" => Some(&mut self.rule_used),
            _ => {
                let k: usize = key.strip_prefix("region_")?.parse().ok()?;
                self.regions.get_mut(k.checked_sub(1)?)
            }
        }
    }

    /// The pairs that must keep their contrast: the queen's ink on every fill (3:1: borders and
    /// crosses), the rule's outline and the blocked square against the background (3:1).
    pub fn check(&self, queen: Rgb, background: Rgb) -> Result<(), String> {
        let mut pairs: Vec<(String, Rgb, String, Rgb)> = self
            .regions
            .iter()
            .enumerate()
            .map(|(i, &c)| ("queen".into(), queen, format!("region_{}", i + 1), c))
            .collect();
        pairs.push(("rule_used".into(), self.rule_used, "background".into(), background));
        pairs.push(("blocked".into(), self.blocked, "background".into(), background));
        pairs.push(("blocked_ink".into(), self.blocked_ink, "blocked".into(), self.blocked));
        for (a, ca, b, cb) in pairs {
            let ratio = contrast(ca, cb);
            if ratio < 3.0 {
                let shown = (ratio * 100.0).floor() / 100.0; // rounded down: 2.98 never reads as 3.0
                return Err(format!("theme: {a} on {b} has contrast {shown:.2}:1, below the 3.0:1 minimum"));
            }
        }
        Ok(())
    }
}
