//! Handout pages: a run's frames in a grid on paper, under a header, each with its lines of page
//! text (a step label, a question, an answer).
//!
//! Contract: A4 (595.28 x 841.89 pt) or US Letter (612 x 792 pt), portrait (landscape for frames
//! too wide to keep their text at 8 pt on a portrait page, when that keeps it). Nothing is drawn
//! within 15 mm of an edge: printers keep 12 mm (and two frames of a 6x6 run go side by side on A4
//! with their text at 8 pt only with margins under 18 mm). The header (the run on the left, "page k
//! of m" on the right, over a hairline) is the first thing under the top margin; under it, on
//! every page, the key to the frames' squares (`legend.rs`), once per page. Frames are scaled
//! alike, never above 1 pt per pixel, and never so far that the smallest text they draw falls under
//! [`MIN_TEXT_PT`]: a page holds at most `per_page` frames, fewer when more would shrink that text
//! (a frame larger than the page even at that size gets a page of its own, scaled to fit). The grid
//! has the column count that draws the frames largest; each frame is centred in its cell with a
//! hairline border, its text lines left-aligned under it, in a size of at least [`MIN_TEXT_PT`].
//! Frames are forms defined elsewhere; a page only places them.

use crate::draw::pdf::content::{EncodedContent, PageContent};
use crate::draw::pdf::{MM, PAGE_INK, PAGE_RULE};
use crate::font::Glyphs;

/// Paper sizes for handouts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Paper {
    /// ISO A4, 210 x 297 mm.
    #[default]
    A4,
    /// US Letter, 8.5 x 11 in.
    Letter,
}

impl Paper {
    /// Width and height in points, portrait.
    pub fn size(self) -> (f32, f32) {
        match self {
            Paper::A4 => (595.28, 841.89),
            Paper::Letter => (612.0, 792.0),
        }
    }

    /// The `--paper` value.
    pub fn name(self) -> &'static str {
        match self {
            Paper::A4 => "a4",
            Paper::Letter => "letter",
        }
    }
}

/// The smallest text on a handout page, frames' text included, in points (the font's em).
pub const MIN_TEXT_PT: f32 = 8.0;
/// A hair over [`MIN_TEXT_PT`]: font sizes and matrices are written to two decimals.
const MIN_TEXT_AIM: f32 = MIN_TEXT_PT + 0.02;
const LEFT: f32 = 15.0 * MM;
const RIGHT: f32 = 15.0 * MM;
const TOP: f32 = 15.0 * MM;
const BOTTOM: f32 = 15.0 * MM;
/// Between cells.
const GAP: f32 = 10.0;
/// Text sizes (the embedded font's pixel sizes, ascent to descent: 12 is 10.3 pt, 11 is 9.45 pt).
const HEADER_SIZE: u32 = 12;
const TEXT_SIZE: u32 = 11;
/// A text line under a frame, baseline to baseline, and the space above the first.
const LINE: f32 = 12.5;
const LINE_TOP: f32 = 3.0;
/// The least length of an answer line after a question's words.
const ANSWER_ROOM: f32 = 60.0;

/// One frame on a page: its form's name and the lines of text under it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slot {
    pub form: String,
    pub lines: Vec<String>,
    /// Draw a blank answer line after the last line's words (under them when they leave less than
    /// [`ANSWER_ROOM`]), to the frame's right edge.
    pub answer_rule: bool,
}

/// Where frames go on handout pages.
#[derive(Clone, Debug, PartialEq)]
pub struct HandoutLayout {
    pub paper: Paper,
    /// The page's width and height in points: the paper's, portrait or landscape.
    pub size: (f32, f32),
    /// Frames on a full page.
    pub per_page: usize,
    pub columns: usize,
    pub rows: usize,
    /// Points per frame pixel.
    pub scale: f32,
    frame: (f32, f32),
    cell: (f32, f32),
    /// Text lines under each frame.
    lines: usize,
    /// The key under the header (a form's name and its size in points), on every page.
    pub legend: Option<(String, (f32, f32))>,
}

/// The em size, in points, of text drawn at `size` pixels one point per pixel.
pub fn em_points(glyphs: &Glyphs, size: u32) -> f32 {
    glyphs.units_scale(size as f32) * glyphs.units_per_em()
}

/// The band under the header's hairline that holds the key (see `legend.rs`), kept on every page.
const LEGEND_BAND: f32 = 20.0;

/// Top of the grid below the header and its key, measured down from the page's top edge.
fn header_band(glyphs: &Glyphs) -> f32 {
    TOP + glyphs.ascent(HEADER_SIZE) + 12.0 + LEGEND_BAND
}

impl HandoutLayout {
    /// The grid for at most `per_page` frames of `frame` pixels on `paper`, each with `lines`
    /// lines of text under it; `smallest` is the em size (points at one point per pixel) of the
    /// smallest text the frames draw (`None`: none). Portrait, unless a frame fits a portrait page
    /// only with its text under [`MIN_TEXT_PT`] and a landscape one with it at that size.
    pub fn new(paper: Paper, per_page: usize, frame: (usize, usize), smallest: Option<f32>, lines: usize) -> Self {
        let (width, height) = paper.size();
        let frame = (frame.0.max(1) as f32, frame.1.max(1) as f32);
        let least = smallest.map_or(0.0, |em| (MIN_TEXT_AIM / em).min(1.0));
        let portrait = Self::grid(paper, (width, height), per_page, frame, least, lines);
        let landscape = Self::grid(paper, (height, width), per_page, frame, least, lines);
        match (portrait, landscape) {
            ((0, _), (1.., landscape)) => landscape,
            ((_, portrait), _) => portrait,
        }
    }

    /// The grid on a page of `size` points; and how many frames fit it at the `least` scale.
    fn grid(
        paper: Paper,
        size: (f32, f32),
        per_page: usize,
        frame: (f32, f32),
        least: f32,
        lines: usize,
    ) -> (usize, Self) {
        let avail = (size.0 - LEFT - RIGHT, size.1 - header_band(&Glyphs::new()) - BOTTOM);
        let text = lines as f32 * LINE + if lines > 0 { LINE_TOP + 3.0 } else { 0.0 };
        let fit = |room: f32, side: f32| ((room + GAP) / (side + GAP)).floor().max(0.0) as usize;
        let fits = fit(avail.0, frame.0 * least) * fit(avail.1, frame.1 * least + text);
        let per_page = per_page.max(1).min(fits.max(1));
        let mut best = (0.0f32, 1, per_page, avail);
        for columns in 1..=per_page {
            let rows = per_page.div_ceil(columns);
            let cell_w = (avail.0 - (columns - 1) as f32 * GAP) / columns as f32;
            let cell_h = (avail.1 - (rows - 1) as f32 * GAP) / rows as f32;
            let scale = (cell_w / frame.0).min((cell_h - text) / frame.1).min(1.0);
            if scale > best.0 {
                best = (scale, columns, rows, (cell_w, cell_h));
            }
        }
        let (scale, columns, rows, cell) = best;
        let scale = scale.max(0.01);
        (fits, HandoutLayout { paper, size, per_page, columns, rows, scale, frame, cell, lines, legend: None })
    }

    /// Pages for `frames` frames.
    pub fn pages(&self, frames: usize) -> usize {
        frames.div_ceil(self.per_page).max(1)
    }

    /// The frame's size on paper, in points.
    fn placed(&self) -> (f32, f32) {
        (self.frame.0 * self.scale, self.frame.1 * self.scale)
    }

    /// The bottom-left corner of slot `i`'s frame, in page points (y up).
    pub fn frame_origin(&self, i: usize) -> (f32, f32) {
        let (column, row) = (i % self.columns, i / self.columns);
        let (_, height) = self.size;
        let (fw, fh) = self.placed();
        let cell_x = LEFT + column as f32 * (self.cell.0 + GAP);
        let cell_top = height - header_band(&Glyphs::new()) - row as f32 * (self.cell.1 + GAP);
        let block = fh + self.lines as f32 * LINE + if self.lines > 0 { LINE_TOP + 3.0 } else { 0.0 };
        let x = cell_x + (self.cell.0 - fw) / 2.0;
        let top = cell_top - (self.cell.1 - block) / 2.0;
        (x, top - fh)
    }

    /// `text` broken at spaces into lines no wider than a frame on paper.
    pub fn wrap(&self, glyphs: &Glyphs, text: &str) -> Vec<String> {
        let room = self.placed().0;
        let mut lines: Vec<String> = Vec::new();
        for word in text.split(' ') {
            match lines.last_mut() {
                Some(line) if glyphs.text_width(&format!("{line} {word}"), TEXT_SIZE) <= room => {
                    line.push(' ');
                    line.push_str(word);
                }
                _ => lines.push(word.to_string()),
            }
        }
        lines
    }

    /// One page: `slots` in the grid, `header` on the left of the header line, `page` on its right.
    pub fn page(&self, glyphs: &Glyphs, slots: &[Slot], header: &str, page: &str) -> EncodedContent {
        let mut content = PageContent::new();
        let (width, height) = self.size;
        let (fw, fh) = self.placed();
        content.fill_rgb(PAGE_INK);
        let baseline = height - TOP - glyphs.ascent(HEADER_SIZE);
        content.text(glyphs, (LEFT, baseline), HEADER_SIZE as f32, header);
        let page_width = glyphs.text_width(page, HEADER_SIZE);
        content.text(glyphs, (width - RIGHT - page_width, baseline), HEADER_SIZE as f32, page);
        content.stroke_rgb(PAGE_RULE);
        content.line((LEFT, baseline - 4.0), (width - RIGHT, baseline - 4.0), 0.5);
        if let Some((form, (w, h))) = &self.legend {
            // One point per pixel, scaled down only if wider than the page's text column.
            let scale = ((width - LEFT - RIGHT) / w).min(1.0);
            let top = baseline - 4.0 - (LEGEND_BAND - h * scale) / 2.0;
            content.place_named(form, [scale, 0.0, 0.0, scale, LEFT, top - h * scale]);
        }
        for (i, slot) in slots.iter().enumerate() {
            let (x, y) = self.frame_origin(i);
            content.place_named(&slot.form, [self.scale, 0.0, 0.0, self.scale, x, y]);
            content.stroke_rgb(PAGE_RULE);
            content.stroke_rect((x, y, fw, fh), 0.5);
            let mut line_y = y - LINE_TOP - glyphs.ascent(TEXT_SIZE);
            for line in &slot.lines {
                content.text(glyphs, (x, line_y), TEXT_SIZE as f32, line);
                line_y -= LINE;
            }
            if let (true, Some(last)) = (slot.answer_rule, slot.lines.last()) {
                // After the last line's words, or under them when that leaves no room to write.
                let mut at = (x + glyphs.text_width(last, TEXT_SIZE) + 6.0, line_y + LINE - 2.0);
                if x + fw - at.0 < ANSWER_ROOM {
                    at = (x, line_y - 2.0);
                }
                content.stroke_rgb(PAGE_INK);
                content.line(at, (x + fw, at.1), 0.6);
            }
        }
        content.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 6x6 frame's smallest text: 15 px counters, 12.89 pt at one point per pixel.
    const SMALL: Option<f32> = Some(12.89);

    #[test]
    fn a_small_board_goes_two_by_two_with_text_at_8_pt() {
        for paper in [Paper::A4, Paper::Letter] {
            let layout = HandoutLayout::new(paper, 6, (390, 484), SMALL, 0);
            assert_eq!((layout.per_page, layout.columns, layout.rows), (4, 2, 2), "{paper:?}");
            assert!(layout.scale * 12.89 >= MIN_TEXT_PT, "{paper:?}: {}", layout.scale);
            let (width, height) = paper.size();
            for i in 0..4 {
                let (x, y) = layout.frame_origin(i);
                assert!(x >= LEFT - 0.01 && x + 390.0 * layout.scale <= width - RIGHT + 0.01, "slot {i} at {x}");
                assert!(y >= BOTTOM - 0.01 && y + 484.0 * layout.scale <= height - TOP, "slot {i} at {y}");
            }
        }
    }

    #[test]
    fn frames_without_text_keep_the_count_asked() {
        let layout = HandoutLayout::new(Paper::A4, 6, (360, 360), None, 1);
        assert_eq!((layout.per_page, layout.columns, layout.rows), (6, 2, 3));
    }

    #[test]
    fn wide_frames_turn_the_page_when_that_keeps_8_pt() {
        let layout = HandoutLayout::new(Paper::A4, 6, (855, 484), SMALL, 0);
        assert_eq!((layout.size, layout.per_page), ((841.89, 595.28), 1));
        assert!(layout.scale * 12.89 >= MIN_TEXT_PT, "{}", layout.scale);
        let layout = HandoutLayout::new(Paper::A4, 6, (746, 551), SMALL, 0);
        assert_eq!(layout.size, (595.28, 841.89), "a frame fitting a portrait page keeps it");
    }

    #[test]
    fn frames_are_never_enlarged() {
        let layout = HandoutLayout::new(Paper::Letter, 1, (100, 100), SMALL, 0);
        assert_eq!(layout.scale, 1.0);
    }

    #[test]
    fn questions_wrap_to_the_frame() {
        let layout = HandoutLayout::new(Paper::A4, 4, (390, 484), SMALL, 2);
        let glyphs = Glyphs::new();
        let lines = layout.wrap(&glyphs, "2. Next: a queen on e3. Which column runs out of safe squares?");
        assert_eq!(lines.len(), 2, "{lines:?}");
        assert!(lines.iter().all(|l| glyphs.text_width(l, TEXT_SIZE) <= 390.0 * layout.scale));
    }
}
