//! The code panel's geometry and items: the listing, the highlighted line, the variables.
//!
//! Contract: the panel is a rectangle right of everything else in the frame (see
//! [`crate::scene::layout`]); its text's capitals are at least [`CODE_CAP_HEIGHT`] x square (never
//! under a 12 px size). Each pseudocode line owns a box `line_height` tall, the first one `pad`
//! under the panel's top; its text starts at `text_x` plus `indent` per level. The line the frame
//! executes gets a bar behind it, from half a pad left of `text_x` to the panel's right edge, in a
//! light tint of the board's highlight for that step ([`Paint::tint`]: the step is marked alike on
//! the board, in the code and in the tree), its words in the text colour (4.5:1 or more on every
//! tint), and a marker (`▶`) in the gutter left of it in the highlight itself (the text colour
//! where the board has none). Under the lines, after half a line and a rule, one line per variable: its
//! name at `text_x`, its value at `value_x`. Everything that changes from frame to frame stays in
//! place: the bar and marker move between fixed line boxes, values sit in a fixed column.

use super::{CodeView, Listing, Step};
use crate::font::Glyphs;
use crate::scene::items::{Item, PanelLayout, Scene};
use crate::scene::theme::Paint;
use crate::trace::Event;

/// The least capital height of the code's text, as a fraction of the square.
pub const CODE_CAP_HEIGHT: f32 = 0.18;

/// The marker left of the highlighted line.
pub const MARKER: &str = "▶";

/// Where the code panel's parts go.
#[derive(Clone, Debug, PartialEq)]
pub struct CodeLayout {
    /// The panel's rectangle in frame pixels.
    pub rect: PanelLayout,
    /// Text size in pixels (the font's ascent to descent).
    pub size: u32,
    /// Distance between two lines' baselines, in pixels.
    pub line_height: f32,
    /// Space around the text, in pixels.
    pub pad: f32,
    /// Where an unindented line's text starts.
    pub text_x: f32,
    /// Width of one indent level.
    pub indent: f32,
    /// Top of line 0's box.
    pub lines_top: f32,
    /// Number of code lines.
    pub lines: usize,
    /// The rule over the variables: its top and thickness.
    pub rule: (f32, f32),
    /// Top of the first variable's box.
    pub variables_top: f32,
    /// Where values start.
    pub value_x: f32,
}

/// The text size for `square`: the smallest whose capitals are a pixel taller than
/// [`CODE_CAP_HEIGHT`] x square, at least 12 px.
pub fn code_text_size(square: usize, glyphs: &Glyphs) -> u32 {
    let want = square as f32 * CODE_CAP_HEIGHT + 1.0;
    (12..=400).find(|&size| glyphs.cap_height(size) >= want).unwrap_or(400)
}

impl CodeLayout {
    /// The panel for `listing` with its top-left corner at `(x, y)`; `widest`: each variable's
    /// widest value.
    pub fn new(listing: &Listing, square: usize, widest: &[String], (x, y): (usize, usize), glyphs: &Glyphs) -> Self {
        let size = code_text_size(square, glyphs);
        let s = size as f32;
        let (line_height, pad, indent) = ((s * 1.45).round(), (s * 0.5).round(), (s * 1.25).round());
        let text_x = x as f32 + glyphs.text_width(MARKER, size) + s * 0.6;
        let code_width = listing
            .lines
            .iter()
            .map(|line| line.indent as f32 * indent + glyphs.text_width(line.text, size))
            .fold(0.0, f32::max);
        let names = listing.variables.iter().map(|name| glyphs.text_width(name, size)).fold(0.0, f32::max);
        let values = widest.iter().map(|value| glyphs.text_width(value, size)).fold(0.0, f32::max);
        let value_x = text_x + names + s;
        let right = (text_x + code_width).max(value_x + values) + pad;
        let lines_top = y as f32 + pad;
        let rule_top = lines_top + listing.lines.len() as f32 * line_height + line_height * 0.5;
        let rule = (rule_top, (s / 12.0).round().max(1.0));
        let variables_top = rule_top + rule.1 + line_height * 0.3;
        let bottom = variables_top + listing.variables.len() as f32 * line_height + pad;
        let rect = PanelLayout {
            x,
            y,
            width: (right - x as f32).ceil() as usize,
            height: (bottom - y as f32).ceil() as usize,
        };
        CodeLayout {
            rect,
            size,
            line_height,
            pad,
            text_x,
            indent,
            lines_top,
            lines: listing.lines.len(),
            rule,
            variables_top,
            value_x,
        }
    }

    /// Top of line `i`'s box.
    pub fn line_top(&self, i: usize) -> f32 {
        self.lines_top + i as f32 * self.line_height
    }

    /// The bar behind line `i`: left, top, width, height in whole pixels.
    pub fn bar(&self, i: usize) -> (i64, i64, i64, i64) {
        let left = (self.text_x - self.pad / 2.0).round() as i64;
        let top = self.line_top(i).round() as i64;
        let right = (self.rect.x + self.rect.width) as i64;
        (left, top, right - left, self.line_height.round() as i64)
    }

    /// The baseline of text in a box whose top is `top`: the capitals centred in it.
    fn baseline(&self, top: f32, glyphs: &Glyphs) -> f32 {
        (top + (self.line_height + glyphs.cap_height(self.size)) / 2.0).round()
    }

    /// The panel's items for a frame showing `view` after `event`.
    pub fn items(&self, listing: &Listing, view: &CodeView, event: Option<&Event>, glyphs: &Glyphs, scene: &mut Scene) {
        let size = self.size;
        for (i, line) in listing.lines.iter().enumerate() {
            let top = self.line_top(i);
            let baseline = self.baseline(top, glyphs);
            let x = self.text_x + line.indent as f32 * self.indent;
            if view.line == Some(i) {
                let ink = marker_paint(view.step, event);
                scene.push(Item::Fill { rect: self.bar(i), paint: ink.tint() });
                let marker = Item::Text { x: self.rect.x as f32, baseline, size, text: MARKER.to_string(), paint: ink };
                scene.push(marker);
            }
            scene.push(Item::Text { x, baseline, size, text: line.text.to_string(), paint: Paint::Text });
        }
        let (rule_top, thickness) = self.rule;
        let rule_width = (self.rect.x + self.rect.width) as f32 - self.text_x;
        let rule = (self.text_x as i64, rule_top.round() as i64, rule_width as i64, thickness as i64);
        scene.push(Item::Fill { rect: rule, paint: Paint::Text });
        for (i, (name, value)) in listing.variables.iter().zip(&view.values).enumerate() {
            let baseline = self.baseline(self.variables_top + i as f32 * self.line_height, glyphs);
            scene.text((self.text_x, baseline), size, *name);
            scene.text((self.value_x, baseline), size, value.as_str());
        }
    }
}

/// The marker's colour: the board's highlight for the step (placed, removed, checked, dead), the
/// text colour otherwise. Every one keeps 3:1 or more against the background (the theme rule).
pub fn marker_paint(step: Step, event: Option<&Event>) -> Paint {
    match (step, event) {
        (Step::Place | Step::Move | Step::Deduce | Step::Guess, _) => Paint::Placed,
        (Step::Remove | Step::Undo, _) => Paint::Removed,
        (Step::Check, Some(Event::Check { safe: true, .. })) => Paint::CheckSafe,
        (Step::Check | Step::DeadEnd | Step::Eliminate | Step::Refute, _) => Paint::CheckAttacked,
        _ => Paint::Text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::code::listing;
    use crate::trace::Algorithm;

    #[test]
    fn the_marker_is_in_the_font_and_type_scales_with_the_square() {
        let glyphs = Glyphs::new();
        assert!(glyphs.text_width(MARKER, 20) > 5.0, "DejaVu Sans has the marker");
        for square in [4usize, 24, 60, 140, 512] {
            let size = code_text_size(square, &glyphs);
            assert!(glyphs.cap_height(size) >= CODE_CAP_HEIGHT * square as f32, "{square}");
            assert!(size >= 12);
        }
    }

    #[test]
    fn lines_and_variables_stack_inside_the_panel() {
        let glyphs = Glyphs::new();
        let listing = listing(Algorithm::Backtrack).unwrap();
        let widest = listing.widest_values(8, 3);
        let code = CodeLayout::new(&listing, 60, &widest, (500, 10), &glyphs);
        let (x, y, w, h) = code.bar(listing.lines.len() - 1);
        let rect = code.rect;
        assert!(x > rect.x as i64 && x + w == (rect.x + rect.width) as i64 && y + h < code.rule.0 as i64);
        let last = code.variables_top + listing.variables.len() as f32 * code.line_height;
        assert!(last <= (rect.y + rect.height) as f32);
        let longest = listing.lines.iter().map(|l| glyphs.text_width(l.text, code.size)).fold(0.0, f32::max);
        assert!(code.text_x + longest <= (rect.x + rect.width) as f32);
    }
}
