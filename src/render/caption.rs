//! Caption band text: what happened in words, the step, and running counters.
//!
//! Contract: line 1 says what the frame's event did ("place queen on c3", "backtrack: remove c3",
//! "check c3: attacked by a5", "solution 1 found"); line 2 is "step k of M"; line 3 counts
//! placements, backtracks and solutions. Numbers sit right-aligned in fixed-width slots so only
//! their digits change from frame to frame.

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

/// The three caption lines of one frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaptionText {
    pub action: String,
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
        step.extend([text(" · checks "), Segment::Number(c.checks)]);
    }
    if spec.algorithm == "forward" {
        step.extend([text(" · dead ends "), Segment::Number(c.deadends)]);
    }
    let solutions = [text(" · solutions "), Segment::Number(c.solutions)];
    let counters = match spec.algorithm.as_str() {
        "shuffle" => [vec![text("tries "), Segment::Number(c.layouts)], solutions.to_vec()].concat(),
        "permutations" => [vec![text("permutations "), Segment::Number(c.layouts)], solutions.to_vec()].concat(),
        "min-conflicts" => {
            vec![text("moves "), Segment::Number(c.moves), text(" · attacking pairs "), Segment::Number(conflicts)]
        }
        _ => [
            vec![
                text("placements "),
                Segment::Number(c.placements),
                text(" · backtracks "),
                Segment::Number(c.removals),
            ],
            solutions.to_vec(),
        ]
        .concat(),
    };
    CaptionText { action: action_text(event, spec, c.solutions), step, counters }
}

/// What an event did, in words.
pub fn action_text(event: Option<&Event>, spec: &CaptionSpec, solutions: u64) -> String {
    let n = spec.n;
    let name = |row: usize, col: usize| Square::new(row, col).name(n);
    match event {
        None => format!("{n}×{n} board · {}", spec.algorithm),
        Some(Event::Place { row, col }) => format!("place queen on {}", name(*row, *col)),
        Some(Event::Remove { row, col }) => format!("backtrack: remove {}", name(*row, *col)),
        Some(Event::Solution { .. }) => format!("solution {solutions} found"),
        Some(Event::Layout { tries: Some(t), .. }) => format!("try layout {t}"),
        Some(Event::Layout { .. }) => "new layout".to_string(),
        Some(Event::Move { from, to }) => format!("move queen {} → {}", from.name(n), to.name(n)),
        Some(Event::Deadend { row }) => format!("row {} has no free square", n - row),
        Some(Event::Check { row, col, safe: true, .. }) => format!("check {}: safe", name(*row, *col)),
        Some(Event::Check { row, col, attacker, .. }) => match attacker {
            Some(a) => format!("check {}: attacked by {}", name(*row, *col), a.name(n)),
            None => format!("check {}: attacked", name(*row, *col)),
        },
    }
}

/// Width the widest caption of this run needs, in pixels.
pub fn required_width(spec: &CaptionSpec, layout: &CaptionLayout, glyphs: &Glyphs) -> usize {
    let n = spec.n;
    let widest_square = format!("{}{}", column_label(n - 1), n);
    let actions = [
        action_text(None, spec, 0),
        format!("check {widest_square}: attacked by {widest_square}"),
        format!("backtrack: remove {widest_square}"),
        format!("solution {} found", spec.total_events),
    ];
    let action = actions.iter().map(|a| glyphs.text_width(a, layout.action_size)).fold(0.0, f32::max);
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

/// Draw all three caption lines.
pub fn draw(
    canvas: &mut IndexedImage,
    layout: &CaptionLayout,
    caption: &CaptionText,
    glyphs: &mut Glyphs,
    palette: &Palette,
) {
    let [first, second, third] = layout.baselines;
    draw_text(canvas, glyphs, palette, (layout.left, first), &caption.action, layout.action_size);
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
            }
            pen += slot;
        }
    }
}
