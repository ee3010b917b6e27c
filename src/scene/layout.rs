//! Frame geometry: where the board, coordinate labels and caption lines go.
//!
//! Contract: with `bare`, the frame is exactly `n * square` pixels square and square (row, col)
//! covers x in [col*square, (col+1)*square), y in [row*square, (row+1)*square). Otherwise the
//! board sits inside a margin, optionally with a-h / 1-8 labels, above a caption band whose width
//! is fixed for the whole run (numbers live in fixed-width slots), so frames never change size.
//! Without a caption (stills) the frame is exactly square: equal margins, and the rank and file
//! label bands equally wide.
//! A search tree panel, when asked for, is added to the right of all that: the board and caption
//! keep their pixels (bare: the board stays at the origin) and the frame grows to the right.
//! The code panel (`--code`) is added the same way, right of the board, caption and side band:
//! its top level with the board's (0 when bare), one margin (bare: half a square, at least 4 px)
//! between, a margin right of it; when it is taller than the board and caption, the frame grows
//! downwards (the caption band keeps its place under the board). With both, the code panel comes
//! first and the tree panel right of it, as tall as the frame.

use super::caption::{CaptionLayout, CaptionSpec, MAX_TEXT_SIZE};
use super::code::panel::CodeLayout;
use super::code::Listing;
pub use super::items::PanelLayout;
use crate::error::Error;
use crate::font::Glyphs;
use crate::trace::Algorithm;
use crate::trace::Square;
use crate::trace::MAX_REPLAY_N;

/// Smallest square size accepted, in pixels.
pub const MIN_SQUARE: usize = 4;
/// Largest square size accepted, in pixels.
pub const MAX_SQUARE: usize = 512;

/// Largest frame accepted, in pixels (4096 x 4096).
pub const PIXEL_BUDGET: usize = 4096 * 4096;

/// Largest sheet of frames or boards accepted, in pixels.
pub const SHEET_PIXEL_BUDGET: usize = 400_000_000;

/// Refuse boards of size 0, square sizes outside [`MIN_SQUARE`]..=[`MAX_SQUARE`] and boards past
/// the pixel budget, before any work.
pub fn check_geometry(n: usize, square: usize) -> Result<(), Error> {
    if n == 0 || n > MAX_REPLAY_N {
        return Err(Error::BoardSize { n, max: MAX_REPLAY_N });
    }
    if !(MIN_SQUARE..=MAX_SQUARE).contains(&square) {
        return Err(Error::SquareSize { square, min: MIN_SQUARE, max: MAX_SQUARE });
    }
    let side = n.saturating_mul(square);
    check_frame_size(side, side)
}

/// Refuse frames past [`PIXEL_BUDGET`].
pub fn check_frame_size(width: usize, height: usize) -> Result<(), Error> {
    if width.saturating_mul(height) > PIXEL_BUDGET {
        return Err(Error::ImageTooLarge { width, height, limit: "4096x4096" });
    }
    Ok(())
}

/// Default pixels per square: 60 up to 12x12, then shrinking so the board stays about 720 px.
pub fn default_square(n: usize) -> usize {
    if n <= 12 {
        60
    } else {
        (720 / n).max(MIN_SQUARE)
    }
}

/// Where coordinate labels go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Coords {
    /// No labels.
    Off,
    /// Inside the edge squares (the default): the frame keeps its size and the board its place.
    #[default]
    Inside,
    /// In a strip outside the board (ranks left of it, files under it): the frame grows by the
    /// strip; also on squares under [`MIN_COORD_SQUARE`].
    Outside,
}

impl From<bool> for Coords {
    /// `true`: labels inside the edge squares; `false`: none.
    fn from(on: bool) -> Self {
        if on {
            Coords::Inside
        } else {
            Coords::Off
        }
    }
}

/// Geometry of coordinate labels: inside the edge squares (ranks at the bottom left of the a-file's
/// squares, files at the bottom right of rank 1's), or in the strip outside the board (`outside`:
/// ranks right-aligned a margin left of the board, each centred on its rank; files centred under
/// their files, a margin under the board).
#[derive(Clone, Debug)]
pub struct LabelLayout {
    /// Text size of the labels, in pixels: capitals at least [`COORD_CAP_HEIGHT`] x square.
    pub size: u32,
    /// Distance from the square's edges to the label, in pixels: clear of a highlight's corner
    /// brackets and their halo (inside labels).
    pub inset: f32,
    /// The strip outside the board holds the labels.
    pub outside: bool,
    /// Outside labels: the width of the strip left of the board and the height of the one under it
    /// (each includes the margin between the board and its labels; equal, so stills stay square).
    pub strip: usize,
    /// Outside labels: the files' baseline, below the board's bottom edge, in pixels.
    pub file_baseline: f32,
}

/// The least capital height of coordinate labels, as a fraction of the square.
pub const COORD_CAP_HEIGHT: f32 = 0.16;

/// The smallest square that carries coordinate labels: below it a label legible at
/// [`MIN_COORD_TEXT`] would cover the queen.
pub const MIN_COORD_SQUARE: usize = 36;

/// The smallest text size of coordinate labels, in pixels.
pub const MIN_COORD_TEXT: u32 = 11;

/// Where everything goes in a frame.
#[derive(Clone, Debug)]
pub struct Layout {
    /// The board size.
    pub n: usize,
    /// Side of a square, in pixels.
    pub square: usize,
    /// Frame width in pixels.
    pub width: usize,
    /// Frame height in pixels.
    pub height: usize,
    /// Left edge of the board, in frame pixels.
    pub board_x: usize,
    /// Top edge of the board, in frame pixels.
    pub board_y: usize,
    /// Space around the picture, in pixels.
    pub margin: usize,
    /// Thickness of a highlight stroke inside a square (brackets, outlines): about square / 12.
    pub border: usize,
    /// The coordinate labels' geometry (`None` without labels).
    pub labels: Option<LabelLayout>,
    /// The caption band's geometry (`None` when bare).
    pub caption: Option<CaptionLayout>,
    /// Width of the band right of the board holding per-row numbers (0 when unused).
    pub side_band: usize,
    /// The search tree panel's nodes, right of everything else (`None` when unused).
    pub tree: Option<PanelLayout>,
    /// The code panel (`--code`), right of the board and caption (`None` when unused).
    pub code: Option<CodeLayout>,
    /// The tree panel's legend, under its nodes (`None` when there is no tree panel).
    pub tree_legend: Option<PanelLayout>,
    /// Top of the legend row under the board (min-conflicts' count badges; `None` without one).
    pub legend: Option<usize>,
}

impl Layout {
    /// Exactly the board: `n * square` pixels square.
    pub fn bare(n: usize, square: usize) -> Self {
        Layout {
            n,
            square,
            width: n * square,
            height: n * square,
            board_x: 0,
            board_y: 0,
            margin: 0,
            border: 0,
            labels: None,
            caption: None,
            side_band: 0,
            tree: None,
            code: None,
            tree_legend: None,
            legend: None,
        }
    }

    /// This layout with the code panel for `listing` right of everything so far (`widest`: each
    /// variable's widest value); the frame grows right, and down when the panel is taller.
    pub fn with_code_panel(mut self, listing: &Listing, widest: &[String], glyphs: &Glyphs) -> Self {
        let (gap, y) = if self.margin == 0 { ((self.square / 2).max(4), 0) } else { (self.margin, self.board_y) };
        let x = self.width - self.margin + gap;
        let code = CodeLayout::new(listing, self.square, widest, (x, y), glyphs);
        self.width = x + code.rect.width + self.margin;
        self.height = self.height.max(y + code.rect.height + self.margin);
        self.code = Some(code);
        self
    }

    /// The left edge of the first panel right of the board (the frame's width without panels).
    pub fn panels_left(&self) -> usize {
        let code = self.code.as_ref().map(|c| c.rect.x);
        code.into_iter().chain(self.tree.map(|t| t.x)).min().unwrap_or(self.width)
    }

    /// Width of a search tree panel beside this layout's board: about 1.25 boards.
    pub fn tree_panel_width(&self) -> usize {
        (self.board_size() * 5 / 4).max(240)
    }

    /// This layout with a search tree panel to the right: as tall as the board (bare) or the board
    /// and caption (framed), [`Layout::tree_panel_width`] wide, its bottom `legend` pixels (at most
    /// half the panel) given to the legend and the rest to the nodes.
    pub fn with_tree_panel(mut self, legend: usize) -> Self {
        let gap = if self.margin == 0 { (self.square / 2).max(4) } else { self.margin };
        let width = self.tree_panel_width();
        let (y, height) = if self.margin == 0 {
            (0, self.height)
        } else {
            (self.board_y, self.height - self.board_y - self.margin / 2)
        };
        let x = self.width - self.margin + gap;
        let legend = legend.min(height / 2);
        self.tree = Some(PanelLayout { x, y, width, height: height - legend });
        self.tree_legend = Some(PanelLayout { x, y: y + height - legend, width, height: legend });
        self.width += width + gap;
        if self.margin != 0 {
            self.width += self.margin - gap;
        }
        self
    }

    /// Board with margins, optional coordinate labels and (when `caption` is given) a caption band.
    /// `coords`: where the coordinate labels go ([`Coords`]; `true` is inside, `false` none).
    pub fn framed(
        n: usize,
        square: usize,
        coords: impl Into<Coords>,
        caption: Option<&CaptionSpec>,
        glyphs: &Glyphs,
    ) -> Self {
        let board = n * square;
        let margin = frame_margin(square);
        let coords = coords.into();
        let side_band = if caption.is_some_and(|c| c.kind == Some(Algorithm::Forward)) {
            let size = side_text_size(square);
            (glyphs.text_width(&n.to_string(), size) + size as f32).ceil() as usize
        } else {
            0
        };
        let labels = match coords {
            Coords::Inside if square >= MIN_COORD_SQUARE => Some(label_layout(square, glyphs)),
            Coords::Outside => Some(outside_label_layout(n, square, margin, glyphs)),
            _ => None,
        };
        let strip = labels.as_ref().map_or(0, |l| l.strip);
        let legend = legend_height(caption, n, square, glyphs);
        let caption_top = margin + board + strip + legend + margin / 2;
        // The caption wraps to the board's width (and the side band's): it never widens the frame.
        let width = margin + strip + board + side_band + margin;
        let caption = caption.map(|spec| {
            CaptionLayout::new(spec, square, (caption_top, margin + strip), width - 2 * margin - strip, glyphs)
        });
        // Without a caption the bottom margin equals the others, so a still is exactly square.
        let height = caption.as_ref().map_or(margin + board + strip + margin, |c| c.top + c.height);
        let board_x = margin + strip;
        Layout {
            n,
            square,
            width,
            height,
            board_x,
            board_y: margin,
            margin,
            border: border_for(square),
            labels,
            caption,
            side_band,
            tree: None,
            code: None,
            tree_legend: None,
            legend: (legend > 0).then_some(margin + board + strip + margin / 2),
        }
    }

    /// Top-left pixel of a square.
    pub fn square_origin(&self, sq: Square) -> (usize, usize) {
        (self.board_x + sq.col * self.square, self.board_y + sq.row * self.square)
    }

    /// Centre of a square in pixel coordinates.
    pub fn square_centre(&self, sq: Square) -> (f32, f32) {
        let (x, y) = self.square_origin(sq);
        let half = self.square as f32 / 2.0;
        (x as f32 + half, y as f32 + half)
    }

    /// Side of the board in pixels.
    pub fn board_size(&self) -> usize {
        self.n * self.square
    }
}

/// Text size of the per-row numbers beside the board.
pub fn side_text_size(square: usize) -> u32 {
    ((square as f32 * 0.36).round() as u32).clamp(11, 22)
}

/// The least capital height of labels (sheet labels, the tree panel's legend), as a fraction of
/// the square.
pub const LABEL_CAP_HEIGHT: f32 = 0.18;

/// Text size of labels: the smallest, at least 11 px, whose capitals (and digits) are at least
/// [`LABEL_CAP_HEIGHT`] x `square`.
pub fn label_text_size(square: usize, glyphs: &Glyphs) -> u32 {
    let want = square as f32 * LABEL_CAP_HEIGHT + 0.5;
    (11..=MAX_TEXT_SIZE).find(|&size| glyphs.cap_height(size) >= want).unwrap_or(MAX_TEXT_SIZE)
}

/// Space around a framed board: a quarter of a square, 6 to 24 pixels.
pub fn frame_margin(square: usize) -> usize {
    (square / 4).clamp(6, 24)
}

/// Thickness of a highlight stroke inside a square for squares of `square` pixels.
pub fn border_for(square: usize) -> usize {
    (square / 12).max(2)
}

/// Width of the background-coloured halo around highlight strokes: 1 px, 2 px from 80 px squares.
pub fn halo_for(square: usize) -> usize {
    if square >= 80 {
        2
    } else {
        1
    }
}

/// Text size of coordinate labels (and region letters, count badges): the smallest, at least
/// [`MIN_COORD_TEXT`], whose capitals are [`COORD_CAP_HEIGHT`] x `square` or more.
pub fn coord_text_size(square: usize, glyphs: &Glyphs) -> u32 {
    let want = square as f32 * COORD_CAP_HEIGHT;
    (MIN_COORD_TEXT..=MAX_TEXT_SIZE).find(|&size| glyphs.cap_height(size) >= want).unwrap_or(MAX_TEXT_SIZE)
}

fn label_layout(square: usize, glyphs: &Glyphs) -> LabelLayout {
    let size = coord_text_size(square, glyphs);
    let inset = (border_for(square) + halo_for(square)) as f32;
    LabelLayout { size, inset, outside: false, strip: 0, file_baseline: 0.0 }
}

/// Labels in a strip outside the board: as wide (left) as the widest rank and as tall (under the
/// board) as the files' ink, each plus a margin between it and the board, the larger of the two.
fn outside_label_layout(n: usize, square: usize, margin: usize, glyphs: &Glyphs) -> LabelLayout {
    let size = coord_text_size(square, glyphs);
    let ranks = glyphs.text_width(&n.to_string(), size).ceil() as usize;
    let (mut above, mut below) = (0i64, 0i64);
    for col in 0..n {
        if let Some((_, top, _, bottom)) = glyphs.ink_box(&crate::trace::column_label(col), size, (0.0, 0.0)) {
            (above, below) = (above.max(-top), below.max(bottom));
        }
    }
    let files = (above + below).max(0) as usize;
    let strip = ranks.max(files) + margin;
    LabelLayout { size, inset: 0.0, outside: true, strip, file_baseline: (margin as i64 + above) as f32 }
}

/// Height of the legend row under the board (min-conflicts runs whose squares show counts): a
/// count badge's height and half a margin; 0 for other runs.
fn legend_height(caption: Option<&CaptionSpec>, n: usize, square: usize, glyphs: &Glyphs) -> usize {
    if !caption.is_some_and(|c| c.kind == Some(Algorithm::MinConflicts)) || !shows_counts(n, square) {
        return 0;
    }
    badge_height(square, glyphs) + frame_margin(square) / 2
}

/// Whether min-conflicts squares carry their counts: boards up to 16x16, squares of 24 px or more.
pub fn shows_counts(n: usize, square: usize) -> bool {
    n <= 16 && square >= 24
}

/// Height of a count badge: a digit's cap height, 2 px of padding above and below, and its 1 px frame.
pub fn badge_height(square: usize, glyphs: &Glyphs) -> usize {
    glyphs.cap_height(coord_text_size(square, glyphs)).ceil() as usize + 6
}
