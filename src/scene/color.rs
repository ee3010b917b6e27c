//! Colour arithmetic in linear light: blends for anti-aliasing, WCAG 2.1 relative luminance and
//! contrast ratio (what themes are checked with).

use crate::pixels::Rgb;

pub use crate::font::LEVELS;

/// `bg` moved `level / LEVELS` of the way to `ink`, per channel in linear light.
pub fn mix(bg: Rgb, ink: Rgb, level: u8) -> Rgb {
    let t = f32::from(level) / f32::from(LEVELS);
    let mut out = [0u8; 3];
    for c in 0..3 {
        let lin = to_linear(bg[c]) * (1.0 - t) + to_linear(ink[c]) * t;
        out[c] = from_linear(lin);
    }
    out
}

/// An sRGB channel value in linear light, 0.0 to 1.0.
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

/// A light tint of `ink` over `background` (a low-weight highlight: the code panel's current line,
/// the tree's path): `background` moved a fifth of the way to `ink` in linear light, less where
/// that would leave `text` under 4.75:1 on it, also with 10% white projector flare added (a 4.5:1
/// rule with room for rounding and colour-vision simulations), or the tint over 2.5:1 against
/// `background` (low weight: under the 3:1 of a mark meant to be seen first).
pub fn tint(background: Rgb, ink: Rgb, text: Rgb) -> Rgb {
    let at = |t: f32| {
        let mut out = [0u8; 3];
        for c in 0..3 {
            out[c] = from_linear(to_linear(background[c]) * (1.0 - t) + to_linear(ink[c]) * t);
        }
        out
    };
    (0..=20)
        .rev()
        .map(|k| at(k as f32 / 100.0))
        .find(|&c| contrast(text, c) >= 4.75 && flared_contrast(text, c) >= 4.75 && contrast(c, background) <= 2.5)
        .unwrap_or(background)
}

/// Contrast with 10% white mixed into linear light (a projector's flare).
fn flared_contrast(a: Rgb, b: Rgb) -> f32 {
    let (la, lb) = (0.9 * luminance(a) + 0.1, 0.9 * luminance(b) + 0.1);
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}
