//! Caption band text: what happened in words, the step, and running counters.
//!
//! Contract: line 1 says what the frame's event did ("place c3", "remove c3", "check c3: attacked
//! by a5", "solution 1 found"); line 2 is "step k of M"; line 3 counts placements, backtracks and
//! solutions. Lines are right-aligned under the board's right edge, and whatever changes from frame
//! to frame stays put, so a GIF frame's changed rectangle stays small: the square after a verb sits
//! in a fixed slot at the right end of line 1 (the verb right-aligned before it), and numbers sit
//! right-aligned in fixed-width slots.

use super::canvas::IndexedImage;
use super::glyphs::Glyphs;
use super::layout::CaptionLayout;
use super::theme::{Paint, Palette};
use crate::board::{BoardFrame, Counters};
use crate::trace::{column_label, Event, Square};

/// What the caption must make room for, fixed for a whole run.
#[derive(Clone, Debug, Default)]
pub struct CaptionSpec {
    pub n: usize,
    pub algorithm: String,
    /// Total events in the run (the largest step and counter values).
    pub total_events: usize,
    /// Whether a checks counter is shown.
    pub has_checks: bool,
    /// Largest number any slot must hold (events, tries, ...).
    pub max_value: u64,
}

/// A piece of a caption line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Segment {
    Text(String),
    /// Right-aligned in a slot of `CaptionLayout::digits` digits.
    Number(u64),
}

fn text(s: &str) -> Segment {
    Segment::Text(s.to_string())
}

/// Line 1: a verb and what it acted on (drawn at a fixed x), or a whole sentence in `verb`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Action {
    pub verb: &'static str,
    pub detail: String,
}

impl Action {
    fn sentence(text: String) -> Self {
        Action { verb: "", detail: text }
    }

    /// The line as plain text.
    pub fn text(&self) -> String {
        if self.verb.is_empty() {
            self.detail.clone()
        } else {
            format!("{} {}", self.verb, self.detail)
        }
    }
}

/// The three caption lines of one frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaptionText {
    pub action: Action,
    pub step: Vec<Segment>,
    pub counters: Vec<Segment>,
}

/// Caption for a frame.
pub fn caption_for(frame: &BoardFrame, spec: &CaptionSpec) -> CaptionText {
    let conflicts = frame.board.conflicts().len() as u64;
    caption_lines(frame.index, frame.event.as_ref(), frame.counters, conflicts, spec)
}

fn caption_lines(index: usize, event: Option<&Event>, c: Counters, conflicts: u64, spec: &CaptionSpec) -> CaptionText {
    let mut step = vec![text("step "), Segment::Number(index as u64), text(&format!(" of {}", spec.total_events))];
    if spec.has_checks {
        step.extend([text(" · checks: "), Segment::Number(c.checks)]);
    }
    if spec.algorithm == "forward" {
        step.extend([text(" · dead ends: "), Segment::Number(c.deadends)]);
    }
    let solutions = [text(" · solutions: "), Segment::Number(c.solutions)];
    let counters = match spec.algorithm.as_str() {
        "shuffle" => [vec![text("tries: "), Segment::Number(c.layouts)], solutions.to_vec()].concat(),
        "permutations" => [vec![text("permutations: "), Segment::Number(c.layouts)], solutions.to_vec()].concat(),
        "min-conflicts" => {
            vec![text("moves: "), Segment::Number(c.moves), text(" · attacking pairs: "), Segment::Number(conflicts)]
        }
        _ => [
            vec![
                text("placements: "),
                Segment::Number(c.placements),
                text(" · backtracks: "),
                Segment::Number(c.removals),
            ],
            solutions.to_vec(),
        ]
        .concat(),
    };
    CaptionText { action: action_text(event, spec, c.solutions), step, counters }
}

/// What an event did, in words.
pub fn action_text(event: Option<&Event>, spec: &CaptionSpec, solutions: u64) -> Action {
    let n = spec.n;
    let name = |row: usize, col: usize| Square::new(row, col).name(n);
    let verb = |verb: &'static str, detail: String| Action { verb, detail };
    match event {
        None => Action::sentence(format!("{n}×{n} board · {}", spec.algorithm)),
        Some(Event::Place { row, col }) => verb("place", name(*row, *col)),
        Some(Event::Remove { row, col }) => verb("remove", name(*row, *col)),
        Some(Event::Solution { .. }) => Action::sentence(format!("solution {solutions} found")),
        Some(Event::Layout { tries: Some(t), .. }) => Action::sentence(format!("try layout {t}")),
        Some(Event::Layout { .. }) => Action::sentence("new layout".to_string()),
        Some(Event::Move { from, to }) => verb("move", format!("{} → {}", from.name(n), to.name(n))),
        Some(Event::Deadend { row }) => Action::sentence(format!("row {} has no free square", n - row)),
        Some(Event::Check { row, col, safe: true, .. }) => verb("check", format!("{}: safe", name(*row, *col))),
        Some(Event::Check { row, col, attacker, .. }) => match attacker {
            Some(a) => verb("check", format!("{}: attacked by {}", name(*row, *col), a.name(n))),
            None => verb("check", format!("{}: attacked", name(*row, *col))),
        },
    }
}

/// Width of the slot at the right end of line 1 that holds an action's square (its widest name).
pub fn square_slot(n: usize, size: u32, glyphs: &Glyphs) -> f32 {
    let widest = (0..n).map(|col| glyphs.text_width(&format!("{}{n}", column_label(col)), size));
    widest.fold(0.0, f32::max)
}

/// Width the widest caption of this run needs, in pixels.
pub fn required_width(spec: &CaptionSpec, layout: &CaptionLayout, glyphs: &Glyphs) -> usize {
    let n = spec.n;
    let widest_square = format!("{}{}", column_label(n - 1), n);
    let sentences = [action_text(None, spec, 0).detail, format!("solution {} found", spec.total_events)];
    let sentence = sentences.iter().map(|a| glyphs.text_width(a, layout.action_size)).fold(0.0, f32::max);
    let detail = format!("check {widest_square}: attacked by {widest_square}");
    let action = sentence.max(glyphs.text_width(&detail, layout.action_size));
    let lines = caption_lines(0, None, Counters::default(), 0, spec);
    let step = segments_width(&lines.step, layout, glyphs);
    let counters = segments_width(&lines.counters, layout, glyphs);
    action.max(step).max(counters).ceil() as usize
}

fn segments_width(segments: &[Segment], layout: &CaptionLayout, glyphs: &Glyphs) -> f32 {
    segments.iter().map(|s| segment_width(s, layout, glyphs)).sum()
}

fn segment_width(segment: &Segment, layout: &CaptionLayout, glyphs: &Glyphs) -> f32 {
    match segment {
        Segment::Text(s) => glyphs.text_width(s, layout.text_size),
        Segment::Number(_) => glyphs.advance('0', layout.text_size) * layout.digits as f32,
    }
}

/// Draw `text` in the text colour starting at pen position (x, baseline); returns the pen's x after it.
pub fn draw_text(
    canvas: &mut IndexedImage,
    glyphs: &mut Glyphs,
    palette: &Palette,
    at: (f32, f32),
    text: &str,
    size: u32,
) -> f32 {
    draw_text_in(canvas, glyphs, palette, at, text, size, Paint::Text)
}

/// [`draw_text`] in any ink.
pub fn draw_text_in(
    canvas: &mut IndexedImage,
    glyphs: &mut Glyphs,
    palette: &Palette,
    (x, baseline): (f32, f32),
    text: &str,
    size: u32,
    ink: Paint,
) -> f32 {
    let mut pen = x;
    for ch in text.chars() {
        let glyph = glyphs.glyph(ch, size);
        let gx = pen.round() as i64 + glyph.left;
        let gy = baseline.round() as i64 + glyph.top;
        canvas.draw_mask(&glyph.mask, gx, gy, ink, palette);
        pen += glyph.advance;
    }
    pen
}

/// Draw all three caption lines, right-aligned at `right` (the x where the text ends).
pub fn draw(
    canvas: &mut IndexedImage,
    layout: &CaptionLayout,
    caption: &CaptionText,
    glyphs: &mut Glyphs,
    palette: &Palette,
) {
    let right = layout.right;
    let [first, second, third] = layout.baselines;
    draw_action(canvas, layout, &caption.action, (right, first), glyphs, palette);
    for (segments, baseline) in [(&caption.step, second), (&caption.counters, third)] {
        let mut pen = right - segments_width(segments, layout, glyphs);
        for segment in segments {
            let slot = segment_width(segment, layout, glyphs);
            match segment {
                Segment::Text(s) => {
                    draw_text(canvas, glyphs, palette, (pen, baseline), s, layout.text_size);
                }
                Segment::Number(v) => {
                    let digits = v.to_string();
                    let used = glyphs.text_width(&digits, layout.text_size);
                    draw_text(canvas, glyphs, palette, (pen + slot - used, baseline), &digits, layout.text_size);
                }
            }
            pen += slot;
        }
    }
}

/// Line 1 ending at `right`: a square goes left-aligned into the slot at the end, its verb right-aligned
/// before it; anything longer is right-aligned whole.
fn draw_action(
    canvas: &mut IndexedImage,
    layout: &CaptionLayout,
    action: &Action,
    (right, baseline): (f32, f32),
    glyphs: &mut Glyphs,
    palette: &Palette,
) {
    let size = layout.action_size;
    let slot = layout.square_slot;
    if !action.verb.is_empty() && glyphs.text_width(&action.detail, size) <= slot {
        let detail_x = right - slot;
        draw_text(canvas, glyphs, palette, (detail_x, baseline), &action.detail, size);
        let verb_x = detail_x - glyphs.advance(' ', size) - glyphs.text_width(action.verb, size);
        draw_text(canvas, glyphs, palette, (verb_x, baseline), action.verb, size);
    } else {
        let text = action.text();
        let x = right - glyphs.text_width(&text, size);
        draw_text(canvas, glyphs, palette, (x, baseline), &text, size);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::layout::Layout;
    use crate::render::theme::Theme;

    fn spec() -> CaptionSpec {
        CaptionSpec { n: 8, algorithm: "backtrack".into(), total_events: 219, has_checks: false, max_value: 219 }
    }

    #[test]
    fn actions_read_as_verb_and_square() {
        let place = action_text(Some(&Event::Place { row: 1, col: 4 }), &spec(), 0);
        assert_eq!(place.text(), "place e7");
        assert_eq!(action_text(Some(&Event::Remove { row: 3, col: 4 }), &spec(), 0).text(), "remove e5");
        assert_eq!(action_text(None, &spec(), 0).text(), "8×8 board · backtrack");
    }

    #[test]
    fn a_new_verb_on_the_same_square_changes_only_the_verb_column() {
        let mut glyphs = Glyphs::new();
        let layout = Layout::framed(8, 60, false, Some(&spec()), &glyphs).caption.unwrap();
        let palette = Palette::new(&Theme::default());
        let draw_action = |event: Event, glyphs: &mut Glyphs| {
            let width = (layout.right + layout.left).ceil() as usize;
            let mut canvas = IndexedImage::new(width, layout.top + layout.height, Paint::Background);
            let counters = Counters::default();
            let text = caption_lines(1, Some(&event), counters, 0, &spec());
            draw(&mut canvas, &layout, &text, glyphs, &palette);
            canvas
        };
        let place = draw_action(Event::Place { row: 1, col: 4 }, &mut glyphs);
        let remove = draw_action(Event::Remove { row: 1, col: 4 }, &mut glyphs);
        let detail_x = (layout.right - layout.square_slot).floor() as usize;
        let changed: Vec<usize> = (0..place.pixels.len()).filter(|&i| place.pixels[i] != remove.pixels[i]).collect();
        assert!(!changed.is_empty(), "the verb changed");
        assert!(changed.iter().all(|&i| i % place.width < detail_x), "pixels right of the verb column changed");
    }
}
