//! Caption geometry and placement: where the caption band's lines, its title and their slots go,
//! and the text items that put a frame's caption there.
//!
//! Contract: type scales with the square: the action line (line 1, the caption's main line) has a
//! capital height of at least [`MAIN_CAP_HEIGHT`] x square (DejaVu's capitals are 0.729 em), the
//! other lines and the run's title a little smaller; the band grows to fit and the board never
//! shrinks. The band's width is fixed for the whole run. Every caption line is right-aligned at
//! `right`; the run's title (`8×8 · backtrack`) sits at `left` on line 1 on every frame. Numbers are
//! written as they are, with no padding (digits share one advance, so a number keeps its place
//! while its digit count does): a line is split into groups at its ` · ` separators, drawn as a
//! one-em gap, and each group is right-aligned in a fixed slot as wide as its widest value, so what
//! changes from frame to frame stays put and the slack reads as the space between columns; an
//! action's square sits left-aligned in a fixed slot at the end of line 1.

use super::{action_text, caption_lines, Action, CaptionSpec, CaptionText, Segment, UNKNOWN_TOTAL_DIGITS};
use crate::board::Counters;
use crate::render::glyphs::Glyphs;
use crate::render::scene::Scene;
use crate::trace::column_label;

/// The least capital height of the caption's main line, as a fraction of the square.
pub const MAIN_CAP_HEIGHT: f32 = 0.22;

/// The largest text size searched for (512 px squares need about 180).
pub const MAX_TEXT_SIZE: u32 = 400;

/// Geometry of the caption band.
#[derive(Clone, Debug)]
pub struct CaptionLayout {
    /// Top of the band, in frame pixels.
    pub top: usize,
    /// Height of the band, in pixels.
    pub height: usize,
    /// Where the lines start, in frame pixels.
    pub left: f32,
    /// Text size of the action line, in pixels.
    pub action_size: u32,
    /// Text size of the step and counters lines, in pixels.
    pub text_size: u32,
    /// Baselines of the action line, the step line and the counters line.
    pub baselines: [f32; 3],
    /// Digits reserved for every number slot.
    pub digits: usize,
    /// Width the caption text needs (the frame is at least this plus two margins).
    pub width: usize,
    /// The x where every caption line ends (lines are right-aligned).
    pub right: f32,
    /// Width of the slot at the end of line 1 holding the square an action names.
    pub square_slot: f32,
    /// The run's title (`8×8 · backtrack`), drawn at `left` on line 1 of every frame.
    pub title: String,
}

/// Text sizes for a square: the action line's (the smallest, at least 15 px, whose capitals are
/// a pixel taller than [`MAIN_CAP_HEIGHT`] x square, room for rasterizing) and the other lines'
/// (a quarter of the square, never under 12 px). Sizes are the font's pixel sizes (ascent to
/// descent), of which DejaVu's capitals are 0.63.
pub fn text_sizes(square: usize, glyphs: &Glyphs) -> (u32, u32) {
    let want = square as f32 * MAIN_CAP_HEIGHT + 1.0;
    let action = (15..=MAX_TEXT_SIZE).find(|&size| glyphs.cap_height(size) >= want).unwrap_or(MAX_TEXT_SIZE);
    let text = ((square as f32 * 0.25).round() as u32).max(12);
    (action, text)
}

impl CaptionLayout {
    /// The caption band of a run at `top`, for squares of `square` pixels.
    pub fn new(spec: &CaptionSpec, square: usize, top: usize, margin: usize, glyphs: &Glyphs) -> Self {
        let (action_size, text_size) = text_sizes(square, glyphs);
        let pad = text_size as f32 * 0.6;
        let first = pad + glyphs.ascent(action_size);
        let second = first + action_size as f32 * 0.5 + glyphs.ascent(text_size);
        let third = second + text_size as f32 * 1.35;
        let height = (third + pad + text_size as f32 * 0.25).ceil() as usize;
        let digits = match spec.total_events {
            Some(total) => spec.max_value.max(total as u64).max(1).to_string().len(),
            None => UNKNOWN_TOTAL_DIGITS.max(spec.max_value.to_string().len()),
        };
        let mut caption = CaptionLayout {
            top,
            height,
            left: margin as f32,
            width: 0,
            right: 0.0,
            square_slot: 0.0,
            action_size,
            text_size,
            baselines: [top as f32 + first, top as f32 + second, top as f32 + third],
            digits,
            title: spec.title(),
        };
        caption.square_slot = square_slot(spec.n, action_size, glyphs);
        caption.width = required_width(spec, &caption, glyphs);
        caption
    }
}

/// Width of the slot at the right end of line 1 that holds an action's square (its widest name).
fn square_slot(n: usize, size: u32, glyphs: &Glyphs) -> f32 {
    let widest = (0..n).map(|col| glyphs.text_width(&format!("{}{n}", column_label(col)), size));
    widest.fold(0.0, f32::max)
}

/// Width the widest caption of this run needs, in pixels: line 1 holds the title, a gap and the
/// widest action.
fn required_width(spec: &CaptionSpec, layout: &CaptionLayout, glyphs: &Glyphs) -> usize {
    let n = spec.n;
    let widest_square = format!("{}{}", column_label(n - 1), n);
    let most_solutions = "9".repeat(layout.digits);
    let mut sentences =
        vec![action_text(None, spec, 0).detail, format!("solution {most_solutions} found"), spec.longest_text.clone()];
    if spec.why {
        sentences.extend(crate::board::deadend::widest_sentences(n));
    }
    let sentence = sentences.iter().map(|a| glyphs.text_width(a, layout.action_size)).fold(0.0, f32::max);
    let detail = format!("check {widest_square}: attacked by {widest_square}");
    let action = sentence.max(glyphs.text_width(&detail, layout.action_size));
    let title = glyphs.text_width(&layout.title, layout.text_size) + glyphs.advance(' ', layout.action_size) * 2.0;
    let lines = caption_lines(0, None, Counters::default(), 0, spec);
    let step = line_width(&lines.step, layout, glyphs);
    let counters = line_width(&lines.counters, layout, glyphs);
    (title + action).max(step).max(counters).ceil() as usize
}

/// A line's groups: split before every text segment that starts a new group (` · ...`).
fn groups(segments: &[Segment]) -> Vec<&[Segment]> {
    let starts_group = |s: &Segment| matches!(s, Segment::Text(t) if t.starts_with(" · "));
    let mut out = Vec::new();
    let mut start = 0;
    for (i, segment) in segments.iter().enumerate().skip(1) {
        if starts_group(segment) {
            out.push(&segments[start..i]);
            start = i;
        }
    }
    out.push(&segments[start..]);
    out
}

/// A segment as drawn: a group's leading ` · ` becomes the gap before its slot.
fn drawn(segment: &Segment) -> String {
    match segment {
        Segment::Text(s) => s.strip_prefix(" · ").unwrap_or(s).to_string(),
        Segment::Number(v) => v.to_string(),
    }
}

/// Width of a group as drawn: numbers as they are (`widest`: every number at the slot's digits).
fn group_width(group: &[Segment], layout: &CaptionLayout, glyphs: &Glyphs, widest: bool) -> f32 {
    let digit = glyphs.advance('0', layout.text_size);
    let width = |s: &Segment| match s {
        Segment::Text(_) => glyphs.text_width(&drawn(s), layout.text_size),
        Segment::Number(_) if widest => digit * layout.digits as f32,
        Segment::Number(v) => digit * v.to_string().len() as f32,
    };
    group.iter().map(width).sum()
}

/// The gap before every group but the first: one em.
fn group_gap(layout: &CaptionLayout) -> f32 {
    layout.text_size as f32
}

/// Width of a line whose groups all hold their widest values (the line's fixed width).
fn line_width(segments: &[Segment], layout: &CaptionLayout, glyphs: &Glyphs) -> f32 {
    let groups = groups(segments);
    let gaps = group_gap(layout) * (groups.len() - 1) as f32;
    groups.iter().map(|g| group_width(g, layout, glyphs, true)).sum::<f32>() + gaps
}

/// All caption lines as text items, right-aligned at `layout.right` (the x where the text ends),
/// and the run's title at `layout.left` on line 1.
pub fn caption_items(scene: &mut Scene, layout: &CaptionLayout, caption: &CaptionText, glyphs: &Glyphs) {
    let right = layout.right;
    let [first, second, third] = layout.baselines;
    scene.text((layout.left, first), layout.text_size, layout.title.as_str());
    action_items(scene, layout, &caption.action, (right, first), glyphs);
    for (segments, baseline) in [(&caption.step, second), (&caption.counters, third)] {
        let mut slot_start = right - line_width(segments, layout, glyphs);
        for group in groups(segments) {
            let slot = group_width(group, layout, glyphs, true);
            let mut pen = slot_start + slot - group_width(group, layout, glyphs, false);
            for segment in group {
                let text = drawn(segment);
                let width = glyphs.text_width(&text, layout.text_size);
                scene.text((pen, baseline), layout.text_size, text);
                pen += width;
            }
            slot_start += slot + group_gap(layout);
        }
    }
}

/// Line 1 ending at `right`: a square goes left-aligned into the slot at the end, its verb right-aligned
/// before it; anything longer is right-aligned whole.
fn action_items(
    scene: &mut Scene,
    layout: &CaptionLayout,
    action: &Action,
    (right, baseline): (f32, f32),
    glyphs: &Glyphs,
) {
    let size = layout.action_size;
    let slot = layout.square_slot;
    if !action.verb.is_empty() && glyphs.text_width(&action.detail, size) <= slot {
        let detail_x = right - slot;
        scene.text((detail_x, baseline), size, action.detail.as_str());
        let verb_x = detail_x - glyphs.advance(' ', size) - glyphs.text_width(action.verb, size);
        scene.text((verb_x, baseline), size, action.verb);
    } else {
        let text = action.text();
        let x = right - glyphs.text_width(&text, size);
        scene.text((x, baseline), size, text);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::canvas::IndexedImage;
    use crate::render::palette::Palette;
    use crate::render::raster::{paint, Tiles};
    use crate::render::theme::{Paint, Theme};
    use crate::trace::Event;

    fn spec() -> CaptionSpec {
        super::super::example_spec()
    }

    #[test]
    fn a_new_verb_on_the_same_square_changes_only_the_verb_column() {
        let mut glyphs = Glyphs::new();
        let layout = crate::render::layout::Layout::framed(8, 60, false, Some(&spec()), &glyphs).caption.unwrap();
        let palette = Palette::new(&Theme::default());
        let tiles = Tiles::new(60, &glyphs, &palette, false);
        let mut draw_action = |event: Event| {
            let width = (layout.right + layout.left).ceil() as usize;
            let mut scene = Scene::new(width, layout.top + layout.height);
            let text = caption_lines(1, Some(&event), Counters::default(), 0, &spec());
            caption_items(&mut scene, &layout, &text, &glyphs);
            let mut canvas = IndexedImage::filled(scene.width, scene.height, palette.slot(Paint::Background));
            paint(&scene, &mut canvas, &tiles, &mut glyphs, &palette);
            canvas
        };
        let place = draw_action(Event::Place { row: 1, col: 4 });
        let remove = draw_action(Event::Remove { row: 1, col: 4 });
        let detail_x = (layout.right - layout.square_slot).floor() as usize;
        let changed: Vec<usize> = (0..place.pixels.len()).filter(|&i| place.pixels[i] != remove.pixels[i]).collect();
        assert!(!changed.is_empty(), "the verb changed");
        assert!(changed.iter().all(|&i| i % place.width < detail_x), "pixels right of the verb column changed");
    }
}
