//! Caption band text: what happened in words, the step, and running counters.
//!
//! Contract: line 1 says what the frame's event did ("place c3", "remove c3", "check c3: attacked
//! by a5", "solution 1 found"); line 2 is "step k of M"; line 3 counts placements, backtracks and
//! solutions. Whatever changes from frame to frame stays put so only its own pixels change (GIF
//! frames store just the changed rectangle): the square after a verb starts at one x for every verb,
//! and numbers sit right-aligned in fixed-width slots.

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
    /// Left-aligned in such a slot: reads as "label 5" with the padding after it.
    Count(u64),
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

/// Verbs whose detail is drawn in the column after the widest of them.
const VERBS: [&str; 4] = ["place", "remove", "check", "move"];

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
        step.extend([text("   checks "), Segment::Count(c.checks)]);
    }
    if spec.algorithm == "forward" {
        step.extend([text("   dead ends "), Segment::Count(c.deadends)]);
    }
    let solutions = [text("   solutions "), Segment::Count(c.solutions)];
    let counters = match spec.algorithm.as_str() {
        "shuffle" => [vec![text("tries "), Segment::Count(c.layouts)], solutions.to_vec()].concat(),
        "permutations" => [vec![text("permutations "), Segment::Count(c.layouts)], solutions.to_vec()].concat(),
        "min-conflicts" => {
            vec![text("moves "), Segment::Count(c.moves), text("   attacking pairs "), Segment::Count(conflicts)]
        }
        _ => [
            vec![text("placements "), Segment::Count(c.placements), text("   backtracks "), Segment::Count(c.removals)],
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

/// Pen x, from the caption's left edge, where an action's detail starts.
fn detail_offset(layout: &CaptionLayout, glyphs: &Glyphs) -> f32 {
    let space = glyphs.advance(' ', layout.action_size);
    VERBS.iter().map(|v| glyphs.text_width(v, layout.action_size)).fold(0.0, f32::max) + space
}

/// Width the widest caption of this run needs, in pixels.
pub fn required_width(spec: &CaptionSpec, layout: &CaptionLayout, glyphs: &Glyphs) -> usize {
    let n = spec.n;
    let widest_square = format!("{}{}", column_label(n - 1), n);
    let sentences = [action_text(None, spec, 0).detail, format!("solution {} found", spec.total_events)];
    let sentence = sentences.iter().map(|a| glyphs.text_width(a, layout.action_size)).fold(0.0, f32::max);
    let detail = format!("{widest_square}: attacked by {widest_square}");
    let action = sentence.max(detail_offset(layout, glyphs) + glyphs.text_width(&detail, layout.action_size));
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
        Segment::Number(_) | Segment::Count(_) => glyphs.advance('0', layout.text_size) * layout.digits as f32,
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

/// Draw all three caption lines.
pub fn draw(
    canvas: &mut IndexedImage,
    layout: &CaptionLayout,
    caption: &CaptionText,
    glyphs: &mut Glyphs,
    palette: &Palette,
) {
    let [first, second, third] = layout.baselines;
    let action = &caption.action;
    let mut pen = layout.left;
    if !action.verb.is_empty() {
        draw_text(canvas, glyphs, palette, (pen, first), action.verb, layout.action_size);
        pen += detail_offset(layout, glyphs);
    }
    draw_text(canvas, glyphs, palette, (pen, first), &action.detail, layout.action_size);
    for (segments, baseline) in [(&caption.step, second), (&caption.counters, third)] {
        let mut pen = layout.left;
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
                Segment::Count(v) => {
                    draw_text(canvas, glyphs, palette, (pen, baseline), &v.to_string(), layout.text_size);
                }
            }
            pen += slot;
        }
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
            let mut canvas = IndexedImage::new(600, layout.top + layout.height, Paint::Background);
            let counters = Counters::default();
            let text = caption_lines(1, Some(&event), counters, 0, &spec());
            draw(&mut canvas, &layout, &text, glyphs, &palette);
            canvas
        };
        let place = draw_action(Event::Place { row: 1, col: 4 }, &mut glyphs);
        let remove = draw_action(Event::Remove { row: 1, col: 4 }, &mut glyphs);
        let detail_x = (layout.left + detail_offset(&layout, &glyphs)).floor() as usize;
        let changed: Vec<usize> = (0..place.pixels.len()).filter(|&i| place.pixels[i] != remove.pixels[i]).collect();
        assert!(!changed.is_empty(), "the verb changed");
        assert!(changed.iter().all(|&i| i % place.width < detail_x), "pixels right of the verb column changed");
    }
}
