//! Caption geometry and placement: where the caption band's lines, its title and their slots go,
//! and the text items that put a frame's caption there.
//!
//! Contract: the band is as wide as the board (and the side band beside it): text wraps, the frame
//! never widens for it, so no option or caption moves the board. Type scales with the square: the
//! action line (line 1, the caption's main line) has a capital height of at least
//! [`MAIN_CAP_HEIGHT`] x square (DejaVu's capitals are 0.729 em), the other lines and the run's
//! title a little smaller; the band grows downwards to fit. Rows from the top: the action, wrapped
//! at spaces into as many rows as the run's widest sentence needs (fixed for the run; a short
//! action takes the first row); the action's reason (a dead end's), smaller, in rows of its own
//! (as many as the run's widest reason needs, none in runs without); the run's title (`8×8 · backtrack`) at `left` with the step line
//! right-aligned on the same row (the title takes a row of its own when both do not fit); the
//! counters, their ` · ` groups wrapped into rows. Every row is right-aligned at `right`. Numbers
//! are written as they are, with no padding (digits share one advance, so a number keeps its place
//! while its digit count does): each group sits right-aligned in a fixed slot as wide as its
//! widest value, so what changes from frame to frame stays put; an action's square sits
//! left-aligned in a fixed slot at the end of line 1.

use super::{action_text, caption_lines, Action, CaptionPiece, CaptionSpec, CaptionText, UNKNOWN_TOTAL_DIGITS};
use crate::board::Counters;
use crate::font::Glyphs;
use crate::scene::items::{Item, Scene};
use crate::scene::theme::Paint;
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
    /// Where the rows start, in frame pixels.
    pub left: f32,
    /// The x where every row ends (rows are right-aligned).
    pub right: f32,
    /// Text size of the action line, in pixels.
    pub action_size: u32,
    /// Text size of the title, step and counters lines, in pixels.
    pub text_size: u32,
    /// Text size of the action's reason (a dead end's), in pixels: near the action's, so the
    /// reason reads as part of what happened, not as one more counter.
    pub reason_size: u32,
    /// Baselines of the action's rows (a sentence wraps into them).
    pub action_rows: Vec<f32>,
    /// Baselines of the rows under the action holding its reason (a dead end's), at the text size;
    /// none in runs without reasons.
    pub reason_rows: Vec<f32>,
    /// Baseline of the run's title.
    pub title_row: f32,
    /// Baselines of the step line's rows, and the index of the group each row starts with.
    pub step_rows: Vec<(f32, usize)>,
    /// Baselines of the counters line's rows, and the index of the group each row starts with.
    pub counter_rows: Vec<(f32, usize)>,
    /// Digits reserved for every number slot.
    pub digits: usize,
    /// Width of the slot at the end of line 1 holding the square an action names.
    pub square_slot: f32,
    /// The run's title (`8×8 · backtrack`), drawn at `left` on every frame.
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
    /// The caption band of a run at `top`, its rows starting `left` and `width` pixels wide, for
    /// squares of `square` pixels.
    pub fn new(spec: &CaptionSpec, square: usize, (top, left): (usize, usize), width: usize, glyphs: &Glyphs) -> Self {
        let (action_size, text_size) = text_sizes(square, glyphs);
        let digits = match spec.total_events {
            Some(total) => spec.max_value.max(total as u64).max(1).to_string().len(),
            None => UNKNOWN_TOTAL_DIGITS.max(spec.max_value.to_string().len()),
        };
        let mut caption = CaptionLayout {
            top,
            height: 0,
            left: left as f32,
            right: (left + width) as f32,
            action_size,
            text_size,
            reason_size: ((action_size as f32 * 0.85).round() as u32).max(text_size),
            action_rows: Vec::new(),
            reason_rows: Vec::new(),
            title_row: 0.0,
            step_rows: Vec::new(),
            counter_rows: Vec::new(),
            digits,
            square_slot: square_slot(spec.n, action_size, glyphs),
            title: spec.title(),
        };
        caption.place_rows(spec, glyphs);
        caption
    }

    /// The text width rows may take.
    pub fn width(&self) -> f32 {
        self.right - self.left
    }

    /// Baselines for every row, and the band's height.
    fn place_rows(&mut self, spec: &CaptionSpec, glyphs: &Glyphs) {
        let (action, text) = (self.action_size as f32, self.text_size as f32);
        let pad = text * 0.6;
        let action_rows = widest_sentences(spec, self.digits)
            .iter()
            .map(|sentence| wrap(sentence, self.action_size, self.width(), glyphs).len())
            .max()
            .unwrap_or(1)
            .max(1);
        let reason_rows = crate::board::deadend::widest_reasons(spec.n, spec.kind, spec.puzzle.is_some())
            .iter()
            .map(|reason| wrap(reason, self.reason_size, self.width(), glyphs).len())
            .max()
            .unwrap_or(0);
        let y = self.top as f32 + pad + glyphs.ascent(self.action_size);
        self.action_rows = (0..action_rows).map(|row| y + row as f32 * action * 1.2).collect();
        // The reason follows the action's last row in use; it may reach as low as this.
        self.reason_rows = (0..reason_rows).map(|row| self.reason_baseline(action_rows, row, glyphs)).collect();
        let mut y = match self.reason_rows.last() {
            Some(&reason) => reason + self.reason_size as f32 * 0.5 + text * 1.2,
            None => self.action_rows[action_rows - 1] + action * 0.5 + glyphs.ascent(self.text_size),
        };
        let lines = caption_lines(0, None, Counters::default(), 0, spec);
        let step_breaks = self.breaks(&lines.step, glyphs);
        let first_step_row = self.first_row_width(&lines.step, &step_breaks, glyphs);
        let title = glyphs.text_width(&self.title, self.text_size) + glyphs.advance(' ', self.action_size) * 2.0;
        self.title_row = y;
        if title + first_step_row > self.width() {
            y += text * 1.35;
        }
        self.step_rows = step_breaks.into_iter().enumerate().map(|(i, g)| (y + i as f32 * text * 1.35, g)).collect();
        y = self.step_rows.last().map_or(y, |r| r.0) + text * 1.35;
        let counter_breaks = self.breaks(&lines.counters, glyphs);
        self.counter_rows =
            counter_breaks.into_iter().enumerate().map(|(i, g)| (y + i as f32 * text * 1.35, g)).collect();
        let last = self.counter_rows.last().map_or(y, |r| r.0);
        self.height = (last + pad + text * 0.25).ceil() as usize - self.top;
    }

    /// The baseline of the reason's row `row` under an action taking `action_rows` rows.
    fn reason_baseline(&self, action_rows: usize, row: usize, glyphs: &Glyphs) -> f32 {
        let last_action = self.action_rows[0] + (action_rows - 1) as f32 * self.action_size as f32 * 1.2;
        let size = self.reason_size as f32;
        last_action + self.action_size as f32 * 0.35 + glyphs.ascent(self.reason_size) + row as f32 * size * 1.2
    }

    /// Where a line's rows start (group indices), packing its groups at their widest values into
    /// rows no wider than the band.
    fn breaks(&self, segments: &[CaptionPiece], glyphs: &Glyphs) -> Vec<usize> {
        let mut breaks = vec![0];
        let mut row = 0.0;
        for (i, group) in groups(segments).iter().enumerate() {
            let width = group_width(group, self, glyphs, true);
            if i > 0 && row + group_gap(self) + width > self.width() {
                breaks.push(i);
                row = width;
            } else {
                row += if i > 0 { group_gap(self) + width } else { width };
            }
        }
        breaks
    }

    /// Width of a line's first row at its widest values.
    fn first_row_width(&self, segments: &[CaptionPiece], breaks: &[usize], glyphs: &Glyphs) -> f32 {
        let groups = groups(segments);
        let end = breaks.get(1).copied().unwrap_or(groups.len());
        row_width(&groups[..end], self, glyphs)
    }
}

/// Width of the slot at the right end of line 1 that holds an action's square (its widest name).
fn square_slot(n: usize, size: u32, glyphs: &Glyphs) -> f32 {
    let widest = (0..n).map(|col| glyphs.text_width(&format!("{}{n}", column_label(col)), size));
    widest.fold(0.0, f32::max)
}

/// The longest action lines this run can show (the band makes room for the one needing most rows).
fn widest_sentences(spec: &CaptionSpec, digits: usize) -> Vec<String> {
    let n = spec.n;
    let widest_square = format!("{}{}", column_label(n - 1), n);
    let most_solutions = "9".repeat(digits);
    let mut sentences = vec![
        action_text(None, spec, 0).detail,
        format!("solution {most_solutions} found"),
        spec.longest_text.clone(),
        format!("check {widest_square}: attacked by {widest_square}"),
    ];
    if spec.kind == Some(crate::trace::Algorithm::Forward) {
        sentences.push(action_text(Some(&crate::trace::Event::Deadend { row: 0 }), spec, 0).detail);
    }
    sentences
}

/// `text` broken at spaces into rows no wider than `width` at `size` (a word wider than a row
/// takes a row of its own), balanced: as few rows as the greedy break, each as even as the
/// narrowest width that keeps that count (no lone word on a last row).
pub fn wrap(text: &str, size: u32, width: f32, glyphs: &Glyphs) -> Vec<String> {
    let rows = wrap_greedy(text, size, width, glyphs);
    if rows.len() < 2 {
        return rows;
    }
    let (mut lo, mut hi) = (0.0f32, width);
    for _ in 0..12 {
        let mid = (lo + hi) / 2.0;
        if wrap_greedy(text, size, mid, glyphs).len() <= rows.len() {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    wrap_greedy(text, size, hi, glyphs)
}

fn wrap_greedy(text: &str, size: u32, width: f32, glyphs: &Glyphs) -> Vec<String> {
    let mut rows: Vec<String> = Vec::new();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        match rows.last_mut() {
            Some(row) if glyphs.text_width(&format!("{row} {word}"), size) <= width => {
                row.push(' ');
                row.push_str(word);
            }
            _ => rows.push(word.to_string()),
        }
    }
    if rows.is_empty() {
        rows.push(String::new());
    }
    rows
}

/// A line's groups: split before every text segment that starts a new group (` · ...`).
fn groups(segments: &[CaptionPiece]) -> Vec<&[CaptionPiece]> {
    let starts_group = |s: &CaptionPiece| matches!(s, CaptionPiece::Text(t) if t.starts_with(" · "));
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
fn drawn(segment: &CaptionPiece) -> String {
    match segment {
        CaptionPiece::Text(s) => s.strip_prefix(" · ").unwrap_or(s).to_string(),
        CaptionPiece::Number(v) => v.to_string(),
    }
}

/// Width of a group as drawn: numbers as they are (`widest`: every number at the slot's digits).
fn group_width(group: &[CaptionPiece], layout: &CaptionLayout, glyphs: &Glyphs, widest: bool) -> f32 {
    let digit = glyphs.advance('0', layout.text_size);
    let width = |s: &CaptionPiece| match s {
        CaptionPiece::Text(_) => glyphs.text_width(&drawn(s), layout.text_size),
        CaptionPiece::Number(_) if widest => digit * layout.digits as f32,
        CaptionPiece::Number(v) => digit * v.to_string().len() as f32,
    };
    group.iter().map(width).sum()
}

/// The gap before every group of a row but the first: one em.
fn group_gap(layout: &CaptionLayout) -> f32 {
    layout.text_size as f32
}

/// Width of a row whose groups all hold their widest values (the row's fixed width).
fn row_width(groups: &[&[CaptionPiece]], layout: &CaptionLayout, glyphs: &Glyphs) -> f32 {
    let gaps = group_gap(layout) * groups.len().saturating_sub(1) as f32;
    groups.iter().map(|g| group_width(g, layout, glyphs, true)).sum::<f32>() + gaps
}

/// All caption rows as text items, right-aligned at `layout.right` (the x where the text ends),
/// and the run's title at `layout.left`.
pub fn caption_items(scene: &mut Scene, layout: &CaptionLayout, caption: &CaptionText, glyphs: &Glyphs) {
    scene.text((layout.left, layout.title_row), layout.text_size, layout.title.as_str());
    action_items(scene, layout, &caption.action, glyphs);
    for (segments, rows) in [(&caption.step, &layout.step_rows), (&caption.counters, &layout.counter_rows)] {
        let groups = groups(segments);
        for (r, &(baseline, first)) in rows.iter().enumerate() {
            let end = rows.get(r + 1).map_or(groups.len(), |next| next.1).min(groups.len());
            let row = &groups[first.min(end)..end];
            let mut slot_start = layout.right - row_width(row, layout, glyphs);
            for group in row {
                let slot = group_width(group, layout, glyphs, true);
                let mut pen = slot_start + slot - group_width(group, layout, glyphs, false);
                for segment in *group {
                    let text = drawn(segment);
                    let width = glyphs.text_width(&text, layout.text_size);
                    scene.text((pen, baseline), layout.text_size, text);
                    pen += width;
                }
                slot_start += slot + group_gap(layout);
            }
        }
    }
}

/// Line 1 ending at `right`: a square goes left-aligned into the slot at the end of the first row,
/// its verb right-aligned before it; anything longer is wrapped into the action's rows; the reason
/// wrapped into the rows under it, smaller; every row right-aligned.
fn action_items(scene: &mut Scene, layout: &CaptionLayout, action: &Action, glyphs: &Glyphs) {
    let (size, right, slot) = (layout.action_size, layout.right, layout.square_slot);
    let first = layout.action_rows[0];
    let used = if !action.verb.is_empty() && glyphs.text_width(&action.detail, size) <= slot {
        let detail_x = right - slot;
        scene.text((detail_x, first), size, action.detail.as_str());
        let verb_x = detail_x - glyphs.advance(' ', size) - glyphs.text_width(action.verb, size);
        scene.text((verb_x, first), size, action.verb);
        1
    } else {
        wrapped_items(scene, layout, &action.main_text(), (size, &layout.action_rows), glyphs, Paint::Text)
    };
    if let Some(reason) = &action.reason {
        let rows: Vec<f32> =
            (0..layout.reason_rows.len()).map(|row| layout.reason_baseline(used, row, glyphs)).collect();
        wrapped_items(scene, layout, reason, (layout.reason_size, &rows), glyphs, Paint::CheckAttacked);
    }
}

/// `text` wrapped into `rows` at `size` in `paint`, each row right-aligned (rows past the last
/// join it); returns the number of rows used.
fn wrapped_items(
    scene: &mut Scene,
    layout: &CaptionLayout,
    text: &str,
    (size, rows): (u32, &[f32]),
    glyphs: &Glyphs,
    paint: Paint,
) -> usize {
    let Some(reserved) = rows.len().checked_sub(1) else { return 0 };
    let mut lines = wrap(text, size, layout.width(), glyphs);
    if lines.len() > rows.len() {
        let rest = lines.split_off(reserved).join(" ");
        lines.push(rest);
    }
    let used = lines.len();
    for (line, &baseline) in lines.into_iter().zip(rows) {
        let x = layout.right - glyphs.text_width(&line, size);
        scene.push(Item::Text { x, baseline, size, text: line, paint });
    }
    used
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::raster::canvas::IndexedImage;
    use crate::draw::raster::palette::Palette;
    use crate::draw::raster::{paint, Tiles};
    use crate::scene::theme::Theme;
    use crate::trace::Event;

    fn spec() -> CaptionSpec {
        super::super::example_spec()
    }

    #[test]
    fn a_new_verb_on_the_same_square_changes_only_the_verb_column() {
        let mut glyphs = Glyphs::new();
        let layout = crate::scene::layout::Layout::framed(8, 60, true, Some(&spec()), &glyphs).caption.unwrap();
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
