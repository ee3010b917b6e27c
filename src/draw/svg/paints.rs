//! Colours in an SVG: fill and stroke attributes for one theme, or classes switched between a
//! light and a dark theme by `prefers-color-scheme`.
//!
//! Contract: with one theme every element carries its colour (`fill="#cfbe9f"`), which every
//! importer understands; with a dark theme too, elements carry a class per paint role and the
//! style sheet holds both palettes (the rules of the paints used, fills and strokes apart), the
//! dark one inside `@media (prefers-color-scheme: dark)`.

use crate::scene::theme::{Paint, Rgb, Theme};
use std::cell::Cell;
use std::fmt::Write;

/// How colours are written, and which were asked for.
#[derive(Clone, Debug)]
pub struct Paints {
    light: Theme,
    dark: Option<Theme>,
    /// Bit `paint` of the fills and of the strokes asked for.
    fills: Cell<u64>,
    strokes: Cell<u64>,
}

/// `#rrggbb`, or `#rgb` when that says the same.
pub fn hex([r, g, b]: Rgb) -> String {
    if [r, g, b].iter().all(|c| c >> 4 == c & 15) {
        format!("#{:x}{:x}{:x}", r & 15, g & 15, b & 15)
    } else {
        format!("#{r:02x}{g:02x}{b:02x}")
    }
}

/// The class of a paint role (one letter, never `a`: animation classes start with it; region
/// fills `k0` .. `k11`).
fn class(paint: Paint) -> String {
    let letter = match paint {
        Paint::Transparent | Paint::Background => 'b',
        Paint::SolutionBand => 'n',
        Paint::Light => 'l',
        Paint::Dark => 'd',
        Paint::LightAttacked => 'm',
        Paint::DarkAttacked => 'e',
        Paint::Queen => 'q',
        Paint::Ghost => 'g',
        Paint::Text => 't',
        Paint::Placed => 'p',
        Paint::Removed => 'r',
        Paint::CheckSafe => 'c',
        Paint::CheckAttacked => 'x',
        Paint::Solution => 's',
        Paint::MarkLight => 'f',
        Paint::MarkDark => 'h',
        Paint::Blocked => 'o',
        Paint::BlockedInk => 'i',
        Paint::RuleUsed => 'u',
        Paint::PlacedTint => 'v',
        Paint::RemovedTint => 'w',
        Paint::CheckSafeTint => 'y',
        Paint::CheckAttackedTint => 'z',
        Paint::TextTint => 'j',
        region => return format!("k{}", region as usize - Paint::Region0 as usize),
    };
    letter.to_string()
}

impl Paints {
    pub fn new(theme: &Theme, dark: Option<&Theme>) -> Self {
        Paints { light: theme.clone(), dark: dark.cloned(), fills: Cell::new(0), strokes: Cell::new(0) }
    }

    /// The attribute that fills with `paint`.
    pub fn fill(&self, paint: Paint) -> String {
        self.fills.set(self.fills.get() | 1 << paint.index());
        match self.dark {
            None => format!("fill=\"{}\"", hex(self.light.color(paint))),
            Some(_) => format!("class=\"{}\"", class(paint)),
        }
    }

    /// The attributes that stroke with `paint` (round caps, no fill).
    pub fn stroke(&self, paint: Paint) -> String {
        self.strokes.set(self.strokes.get() | 1 << paint.index());
        match self.dark {
            None => format!("stroke=\"{}\" fill=\"none\" stroke-linecap=\"round\"", hex(self.light.color(paint))),
            Some(_) => format!("class=\"{}\"", class(paint).to_ascii_uppercase()),
        }
    }

    /// The style rules for the classes of the paints used so far (empty with one theme).
    pub fn style(&self) -> String {
        let Some(dark) = &self.dark else { return String::new() };
        let strokes: Vec<Paint> = Paint::ALL.into_iter().filter(|p| self.strokes.get() >> p.index() & 1 == 1).collect();
        let mut out = String::new();
        if !strokes.is_empty() {
            // Shared by every stroke class, outside the media query: they do not change with the theme.
            let classes: Vec<String> = strokes.iter().map(|&p| format!(".{}", class(p).to_ascii_uppercase())).collect();
            let _ = write!(out, "{}{{fill:none;stroke-linecap:round}}", classes.join(","));
        }
        out.push_str(&self.rules(&self.light));
        let _ = write!(out, "@media (prefers-color-scheme:dark){{{}}}", self.rules(dark));
        out
    }

    fn rules(&self, theme: &Theme) -> String {
        let mut out = String::new();
        for paint in Paint::ALL {
            let colour = hex(theme.color(paint));
            if self.fills.get() >> paint.index() & 1 == 1 {
                let _ = write!(out, ".{}{{fill:{colour}}}", class(paint));
            }
            if self.strokes.get() >> paint.index() & 1 == 1 {
                // Rings are drawn when either theme rings free squares; the other hides them.
                let ring = matches!(paint, Paint::MarkLight | Paint::MarkDark);
                let colour = if ring && !theme.rings { "none".to_string() } else { colour };
                let _ = write!(out, ".{}{{stroke:{colour}}}", class(paint).to_ascii_uppercase());
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_are_short() {
        assert_eq!(hex([255, 255, 255]), "#fff");
        assert_eq!(hex([0xcf, 0xbe, 0x9f]), "#cfbe9f");
        assert_eq!(hex([0x11, 0x22, 0x33]), "#123");
    }

    #[test]
    fn two_themes_give_classes_and_a_media_query() {
        let paints = Paints::new(&Theme::default(), Some(&Theme::dark()));
        assert_eq!(paints.fill(Paint::Queen), "class=\"q\"");
        assert!(!paints.style().contains(".l{"), "only the paints used");
        let style = paints.style();
        assert!(style.contains(".q{fill:#000}") && style.contains("prefers-color-scheme:dark){"), "{style}");
        assert!(style.contains(".q{fill:#fff}"), "{style}");
    }
}
