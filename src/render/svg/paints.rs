//! Colours in an SVG: fill and stroke attributes for one theme, or classes switched between a
//! light and a dark theme by `prefers-color-scheme`.
//!
//! Contract: with one theme every element carries its colour (`fill="#cfbe9f"`), which every
//! importer understands; with a dark theme too, elements carry a class per paint role and the
//! style sheet holds both palettes, the dark one inside `@media (prefers-color-scheme: dark)`.

use crate::render::theme::{Paint, Rgb, Theme};
use std::fmt::Write;

/// How colours are written.
#[derive(Clone, Debug)]
pub struct Paints {
    light: Theme,
    dark: Option<Theme>,
}

/// `#rrggbb`, or `#rgb` when that says the same.
pub fn hex([r, g, b]: Rgb) -> String {
    if [r, g, b].iter().all(|c| c >> 4 == c & 15) {
        format!("#{:x}{:x}{:x}", r & 15, g & 15, b & 15)
    } else {
        format!("#{r:02x}{g:02x}{b:02x}")
    }
}

/// The class of a paint role (one letter, never `a`: animation classes start with it).
fn class(paint: Paint) -> char {
    match paint {
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
    }
}

impl Paints {
    pub fn new(theme: &Theme, dark: Option<&Theme>) -> Self {
        Paints { light: theme.clone(), dark: dark.cloned() }
    }

    /// Whether colours are classes (a style sheet is needed).
    pub fn classes(&self) -> bool {
        self.dark.is_some()
    }

    /// The attribute that fills with `paint`.
    pub fn fill(&self, paint: Paint) -> String {
        match self.dark {
            None => format!("fill=\"{}\"", hex(self.light.color(paint))),
            Some(_) => format!("class=\"{}\"", class(paint)),
        }
    }

    /// The attributes that stroke with `paint` (round caps, no fill).
    pub fn stroke(&self, paint: Paint) -> String {
        match self.dark {
            None => format!("stroke=\"{}\" fill=\"none\" stroke-linecap=\"round\"", hex(self.light.color(paint))),
            Some(_) => format!("class=\"{}\"", class(paint).to_ascii_uppercase()),
        }
    }

    /// The style rules for the classes (empty with one theme).
    pub fn style(&self) -> String {
        let Some(dark) = &self.dark else { return String::new() };
        let mut out = stroke_rule();
        out.push_str(&rules(&self.light));
        let _ = write!(out, "@media (prefers-color-scheme:dark){{{}}}", rules(dark));
        out
    }
}

fn rules(theme: &Theme) -> String {
    let mut out = String::new();
    for &paint in &Paint::ALL[1..] {
        let _ = write!(out, ".{}{{fill:{}}}", class(paint), hex(theme.color(paint)));
        let _ = write!(out, ".{}{{stroke:{}}}", class(paint).to_ascii_uppercase(), hex(theme.color(paint)));
    }
    out
}

/// Rules every stroke class shares (outside the media query: they do not change with the theme).
pub fn stroke_rule() -> String {
    let classes: Vec<String> = Paint::ALL[1..].iter().map(|&p| format!(".{}", class(p).to_ascii_uppercase())).collect();
    format!("{}{{fill:none;stroke-linecap:round}}", classes.join(","))
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
        let style = paints.style();
        assert!(style.contains(".q{fill:#1a1a1a}") && style.contains("prefers-color-scheme:dark){"), "{style}");
        assert!(style.contains(".q{fill:#fff}"), "{style}");
    }
}
