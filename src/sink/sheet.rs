//! The frame sheet sink: a run's frames as one PNG sprite sheet, cells of the frame's exact size
//! in reading order, with where each frame landed (for an atlas).
//!
//! Contract: `columns` cells per row (default about the square root of the count), `gap` pixels of
//! background between cells (none at the edges); the sheet is refused before any frame is drawn
//! when it would pass [`SHEET_PIXEL_BUDGET`]. Rows of cells are deflated as they fill, so memory
//! holds one row of cells plus the compressed rows. [`SheetGrid`] is the one sheet geometry: the
//! sheets of boards in `stills` place their cells with it too.

use super::still::CopyEncoder;
use super::{OwnedFrame, Sink, Stream};
use crate::draw::raster::canvas::IndexedImage;
use crate::encode::png::Compact;
use crate::encode::zlib::Deflated;
use crate::error::Error;
use crate::scene::layout::SHEET_PIXEL_BUDGET;
use crate::scene::theme::Paint;
use crate::trace::Event;
use std::io::Write;

/// Where one frame landed on a sheet.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct SheetCell {
    /// The frame's number in the run.
    pub step: usize,
    /// The event that led to this frame (`None` for frame 0).
    pub event: Option<Event>,
    /// How long the frame shows in the animation, in milliseconds.
    pub delay_ms: u32,
    /// The frame's caption, its lines joined by " / " (empty when it has none).
    pub caption: String,
    /// Left edge of the frame on the sheet, in pixels.
    pub x: usize,
    /// Top edge of the frame on the sheet, in pixels.
    pub y: usize,
    /// Frame width in pixels.
    pub width: usize,
    /// Frame height in pixels.
    pub height: usize,
}

/// Writes the frames it is given as one sprite sheet PNG into `W`.
pub struct FrameSheetSink<W: Write> {
    out: Option<W>,
    columns: Option<usize>,
    gap: usize,
    grid: Option<Grid>,
    strip: IndexedImage,
    pieces: Vec<Deflated>,
    cells: Vec<SheetCell>,
}

/// The sheet's geometry and palette, fixed at start.
struct Grid {
    compact: Compact,
    grid: SheetGrid,
    cell: (usize, usize),
    /// The palette index of the gaps between cells.
    background: u8,
}

/// Cells of one size in rows on a sheet (frame sheets here, sheets of boards in `stills`): where
/// each cell goes and the strips of pixel rows drawn and deflated together, one per row of cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SheetGrid {
    pub columns: usize,
    pub rows: usize,
    /// From one cell's top-left pixel to the next one's, across and down.
    pub pitch: (usize, usize),
    /// Top-left pixel of the first cell.
    pub origin: (usize, usize),
    /// The sheet's width and height.
    pub size: (usize, usize),
}

impl SheetGrid {
    /// `columns` x `rows` cells `pitch` apart from `origin` on a sheet of `size` pixels.
    pub fn new(
        columns: usize,
        rows: usize,
        pitch: (usize, usize),
        origin: (usize, usize),
        size: (usize, usize),
    ) -> Self {
        SheetGrid { columns, rows, pitch, origin, size }
    }

    /// A sheet of `count` (at least 1) frames of `cell` pixels: `columns` to a row (`None`: about
    /// the square root of the count), `gap` pixels between cells, none at the edges.
    pub fn of_frames(count: usize, columns: Option<usize>, cell: (usize, usize), gap: usize) -> Self {
        let columns = columns.unwrap_or_else(|| default_columns(count)).clamp(1, count);
        let rows = count.div_ceil(columns);
        let span =
            |cells: usize, side: usize| cells.saturating_mul(side).saturating_add((cells - 1).saturating_mul(gap));
        let size = (span(columns, cell.0), span(rows, cell.1));
        SheetGrid::new(columns, rows, (cell.0 + gap, cell.1 + gap), (0, 0), size)
    }

    /// Whether the sheet stays within [`SHEET_PIXEL_BUDGET`] (and a PNG's 32-bit width).
    pub fn fits(&self) -> bool {
        let (width, height) = self.size;
        width.saturating_mul(height) <= SHEET_PIXEL_BUDGET && width <= u32::MAX as usize
    }

    /// Top-left pixel of the cell in `row`, `column`.
    pub fn cell(&self, row: usize, column: usize) -> (usize, usize) {
        (self.origin.0 + column * self.pitch.0, self.origin.1 + row * self.pitch.1)
    }

    /// Top of the strip of pixel rows drawn with cell row `row`: the sheet's top for row 0 (what
    /// lies above the first cells included), else the row's top.
    pub fn strip_top(&self, row: usize) -> usize {
        if row == 0 {
            0
        } else {
            self.cell(row, 0).1
        }
    }

    /// Height of the strip of cell row `row` (what lies below the last row included in its strip).
    pub fn strip_height(&self, row: usize) -> usize {
        let end = if row + 1 >= self.rows { self.size.1 } else { self.cell(row + 1, 0).1 };
        end - self.strip_top(row)
    }
}

impl<W: Write> FrameSheetSink<W> {
    /// A sheet with `columns` cells per row (`None`: about the square root of the frame count)
    /// and `gap` pixels between cells.
    pub fn new(out: W, columns: Option<usize>, gap: usize) -> Self {
        FrameSheetSink {
            out: Some(out),
            columns,
            gap,
            grid: None,
            strip: IndexedImage::filled(0, 0, 0),
            pieces: Vec::new(),
            cells: Vec::new(),
        }
    }

    /// Every frame written, with its cell, in order.
    pub fn cells(&self) -> &[SheetCell] {
        &self.cells
    }

    /// The sheet's width and height in pixels (after start).
    pub fn size(&self) -> Option<(usize, usize)> {
        self.grid.as_ref().map(|g| g.grid.size)
    }
}

/// Columns of a sheet of `count` cells when none are asked for: about the square root.
pub fn default_columns(count: usize) -> usize {
    ((count as f64).sqrt().ceil() as usize).max(1)
}

impl Grid {
    fn new(stream: &Stream<'_>, columns: Option<usize>, gap: usize) -> Result<Self, Error> {
        let count = stream.frames.ok_or(Error::SelectionNeedsLength)?.max(1);
        let grid = SheetGrid::of_frames(count, columns, (stream.width, stream.height), gap);
        if !grid.fits() {
            let (width, height) = grid.size;
            return Err(Error::SheetTooLarge { frames: count, width, height, limit: "400 million" });
        }
        let used: Vec<u8> = (1..stream.palette.len() as u8).collect();
        let compact = Compact::new(stream.palette.colors(), &used);
        Ok(Grid {
            compact,
            grid,
            cell: (stream.width, stream.height),
            background: stream.palette.slot(Paint::Background),
        })
    }
}

impl<W: Write> Sink for FrameSheetSink<W> {
    type Encoder = CopyEncoder;

    fn start(&mut self, stream: &Stream<'_>) -> Result<CopyEncoder, Error> {
        let grid = Grid::new(stream, self.columns, self.gap)?;
        self.strip = IndexedImage::filled(grid.grid.size.0, grid.grid.strip_height(0), grid.background);
        self.grid = Some(grid);
        Ok(CopyEncoder)
    }

    fn write(&mut self, frame: OwnedFrame) -> Result<(), Error> {
        let grid = self.grid.as_ref().ok_or(Error::SinkState("frame before start"))?;
        let index = self.cells.len();
        let (columns, rows) = (grid.grid.columns, grid.grid.rows);
        let (row, column) = (index / columns, index % columns);
        let (w, h) = grid.cell;
        let (x, y) = grid.grid.cell(row, column);
        self.strip.blit(&frame.image, x, y - grid.grid.strip_top(row));
        let (step, event, delay_ms) = (frame.step, frame.event, frame.delay_ms);
        let caption = super::caption_line(&frame.caption);
        self.cells.push(SheetCell { step, event, delay_ms, caption, x, y, width: w, height: h });
        let last = index + 1 == columns * rows || column + 1 == columns;
        if last {
            self.flush_row(row);
        }
        Ok(())
    }

    fn finish(&mut self) -> Result<(), Error> {
        let grid = self.grid.as_ref().ok_or(Error::SinkState("finish before start"))?;
        let written_rows = self.pieces.len();
        for row in written_rows..grid.grid.rows {
            self.flush_row(row);
        }
        let grid = self.grid.as_ref().ok_or(Error::SinkState("finish before start"))?;
        let out = self.out.take().ok_or(Error::SinkState("finished twice"))?;
        grid.compact.write(out, grid.grid.size, &self.pieces)
    }

    fn sheet(&self) -> Option<(&[SheetCell], (usize, usize))> {
        Some((self.cells(), self.size()?))
    }
}

impl<W: Write> FrameSheetSink<W> {
    /// Deflate the strip of cell row `row` and start the next one.
    fn flush_row(&mut self, row: usize) {
        let Some(grid) = self.grid.as_ref() else { return };
        let last = row + 1 == grid.grid.rows;
        self.pieces.push(grid.compact.deflate_rows(&self.strip.pixels, grid.grid.size.0, last));
        if !last {
            self.strip = IndexedImage::filled(grid.grid.size.0, grid.grid.strip_height(row + 1), grid.background);
        }
    }
}
