//! Caption geometry and placement: where the caption band's three lines and their slots go, and
//! the text items that put a frame's caption there.
//!
//! Contract: the band's width is fixed for the whole run (numbers live in fixed-width slots sized
//! for the run's largest value), lines are right-aligned at `right`, and an action's square sits
//! left-aligned in a fixed slot at the end of line 1.

use super::{action_text, caption_lines, Action, CaptionSpec, CaptionText, Segment, UNKNOWN_TOTAL_DIGITS};
use crate::board::Counters;
use crate::render::glyphs::Glyphs;
use crate::render::scene::Scene;
use crate::trace::column_label;

/// Geometry of the caption band.
#[derive(Clone, Debug)]
pub struct CaptionLayout {
    pub top: usize,
    pub height: usize,
    pub left: f32,
    pub action_size: u32,
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
}

impl CaptionLayout {
    /// The caption band of a run at `top`, for squares of `square` pixels.
    pub fn new(spec: &CaptionSpec, square: usize, top: usize, margin: usize, glyphs: &Glyphs) -> Self {
        let text_size = ((square as f32 * 0.27).round() as u32).clamp(12, 18);
        let action_size = text_size + 3;
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

/// Width the widest caption of this run needs, in pixels.
fn required_width(spec: &CaptionSpec, layout: &CaptionLayout, glyphs: &Glyphs) -> usize {
    let n = spec.n;
    let widest_square = format!("{}{}", column_label(n - 1), n);
    let most_solutions = "9".repeat(layout.digits);
    let mut sentences = vec![action_text(None, spec, 0).detail, format!("solution {most_solutions} found")];
    if spec.why {
        sentences.extend(crate::board::deadend::widest_sentences(n));
    }
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

/// All three caption lines as text items, right-aligned at `layout.right` (the x where the text ends).
pub fn caption_items(scene: &mut Scene, layout: &CaptionLayout, caption: &CaptionText, glyphs: &Glyphs) {
    let right = layout.right;
    let [first, second, third] = layout.baselines;
    action_items(scene, layout, &caption.action, (right, first), glyphs);
    for (segments, baseline) in [(&caption.step, second), (&caption.counters, third)] {
        let mut pen = right - segments_width(segments, layout, glyphs);
        for segment in segments {
            let slot = segment_width(segment, layout, glyphs);
            match segment {
                Segment::Text(s) => scene.text((pen, baseline), layout.text_size, s.as_str()),
                Segment::Number(v) => {
                    let digits = v.to_string();
                    let used = glyphs.text_width(&digits, layout.text_size);
                    scene.text((pen + slot - used, baseline), layout.text_size, digits);
                }
            }
            pen += slot;
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
            let mut canvas = IndexedImage::new(scene.width, scene.height, Paint::Background);
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
