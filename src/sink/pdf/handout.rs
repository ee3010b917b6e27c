//! Handout pages: a run's frames in a grid on paper, with a header and each frame's number.
//!
//! Contract: A4 (595.28 x 841.89 pt) or US Letter (612 x 792 pt), portrait. Margins: 25 mm on
//! the left (binding), 12 mm on the right, 15 mm at the top and bottom; a header line in the top
//! margin's band (the run on the left, "page k of m" on the right, under a hairline), and under
//! each frame "step K". The grid has the column count that draws `per_page` frames largest;
//! every frame is scaled alike (never above 1 pt per pixel), centred in its cell, with a hairline
//! border. Frames are forms defined elsewhere; a page only places them.

use crate::draw::pdf::content::{EncodedContent, PageContent};
use crate::font::Glyphs;
use crate::scene::theme::Rgb;

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

const MM: f32 = 72.0 / 25.4;
const LEFT: f32 = 25.0 * MM;
const RIGHT: f32 = 12.0 * MM;
const TOP: f32 = 15.0 * MM;
const BOTTOM: f32 = 15.0 * MM;
/// Below the top margin's band: the header's hairline, then the grid.
const HEADER: f32 = 8.0;
/// Space under each frame for its number, and between cells.
const LABEL: f32 = 14.0;
const GAP: f32 = 10.0;
/// Text size (the embedded font's pixel size, read as points).
const HEADER_SIZE: u32 = 11;
const LABEL_SIZE: u32 = 10;
const INK: Rgb = [0x33, 0x33, 0x33];
const RULE: Rgb = [0x99, 0x99, 0x99];

/// Where frames go on handout pages.
#[derive(Clone, Debug, PartialEq)]
pub struct HandoutLayout {
    pub paper: Paper,
    pub per_page: usize,
    pub columns: usize,
    pub rows: usize,
    /// Points per frame pixel.
    pub scale: f32,
    frame: (f32, f32),
    cell: (f32, f32),
}

impl HandoutLayout {
    /// The grid for `per_page` frames of `frame` pixels on `paper`.
    pub fn new(paper: Paper, per_page: usize, frame: (usize, usize)) -> Self {
        let per_page = per_page.max(1);
        let (width, height) = paper.size();
        let (avail_w, avail_h) = (width - LEFT - RIGHT, height - TOP - BOTTOM - HEADER);
        let frame = (frame.0.max(1) as f32, frame.1.max(1) as f32);
        let mut best = (0.0f32, 1, per_page, (avail_w, avail_h));
        for columns in 1..=per_page {
            let rows = per_page.div_ceil(columns);
            let cell_w = (avail_w - (columns - 1) as f32 * GAP) / columns as f32;
            let cell_h = (avail_h - (rows - 1) as f32 * GAP) / rows as f32;
            let scale = (cell_w / frame.0).min((cell_h - LABEL) / frame.1).min(1.0);
            if scale > best.0 {
                best = (scale, columns, rows, (cell_w, cell_h));
            }
        }
        let (scale, columns, rows, cell) = best;
        HandoutLayout { paper, per_page, columns, rows, scale: scale.max(0.01), frame, cell }
    }

    /// The bottom-left corner of slot `i`'s frame, in page points (y up).
    pub fn frame_origin(&self, i: usize) -> (f32, f32) {
        let (column, row) = (i % self.columns, i / self.columns);
        let (_, height) = self.paper.size();
        let (fw, fh) = (self.frame.0 * self.scale, self.frame.1 * self.scale);
        let cell_x = LEFT + column as f32 * (self.cell.0 + GAP);
        let cell_top = height - TOP - HEADER - row as f32 * (self.cell.1 + GAP);
        let block = fh + LABEL;
        let x = cell_x + (self.cell.0 - fw) / 2.0;
        let top = cell_top - (self.cell.1 - block) / 2.0;
        (x, top - fh)
    }

    /// One page: `frames` (each a form's name and its frame number) in the grid, `header` on the
    /// left of the header line, `page` on its right.
    pub fn page(&self, glyphs: &Glyphs, frames: &[(String, usize)], header: &str, page: &str) -> EncodedContent {
        let mut content = PageContent::new();
        let (width, height) = self.paper.size();
        let (fw, fh) = (self.frame.0 * self.scale, self.frame.1 * self.scale);
        content.fill_rgb(INK);
        let baseline = height - TOP;
        content.text(glyphs, (LEFT, baseline), HEADER_SIZE as f32, header);
        let page_width = glyphs.text_width(page, HEADER_SIZE);
        content.text(glyphs, (width - RIGHT - page_width, baseline), HEADER_SIZE as f32, page);
        content.stroke_rgb(RULE);
        content.line((LEFT, baseline - 4.0), (width - RIGHT, baseline - 4.0), 0.5);
        for (i, (name, step)) in frames.iter().enumerate() {
            let (x, y) = self.frame_origin(i);
            content.place_named(name, [self.scale, 0.0, 0.0, self.scale, x, y]);
            content.stroke_rect((x, y, fw, fh), 0.5);
            let label = format!("step {step}");
            let label_x = x + (fw - glyphs.text_width(&label, LABEL_SIZE)) / 2.0;
            content.text(glyphs, (label_x, y - LABEL + 3.0), LABEL_SIZE as f32, &label);
        }
        content.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn six_frames_of_a_small_board_go_two_across() {
        let layout = HandoutLayout::new(Paper::A4, 6, (400, 480));
        assert_eq!((layout.columns, layout.rows), (2, 3));
        let (width, _) = Paper::A4.size();
        for i in 0..6 {
            let (x, y) = layout.frame_origin(i);
            assert!(x >= LEFT - 0.01 && x + 400.0 * layout.scale <= width - RIGHT + 0.01, "slot {i} at {x}");
            assert!(y - LABEL >= BOTTOM - 0.01, "slot {i} at {y}");
        }
    }

    #[test]
    fn frames_are_never_enlarged() {
        let layout = HandoutLayout::new(Paper::Letter, 1, (100, 100));
        assert_eq!(layout.scale, 1.0);
    }
}
