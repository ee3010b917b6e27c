//! The SVG frame sheet sink: a run's frames side by side in one SVG, cells laid out like the PNG
//! frame sheet's, with where each frame landed (for an atlas).
//!
//! Contract: `columns` cells per row (default about the square root of the count), `gap` pixels of
//! background between cells; every cell is its frame's scene moved to the cell (the board's base
//! defined once and placed per cell). Frames are broken into atoms on the worker threads; cells
//! are written as they arrive, so memory holds the markup, not the frames.

use super::sheet::{SheetCell, SheetGrid};
use super::{Encode, Frame, Sink, Stream};
use crate::draw::raster::canvas::IndexedImage;
use crate::draw::svg::{atoms, use_of, words, Atom, Doc, Paints, BASE};
use crate::error::Error;
use crate::font::Glyphs;
use std::io::Write;

/// Writes the frames it is given side by side as one SVG into `W`.
pub struct SvgSheetSink<W: Write> {
    out: Option<W>,
    columns: Option<usize>,
    gap: usize,
    state: Option<SheetInProgress>,
    cells: Vec<SheetCell>,
    size: Option<(usize, usize)>,
}

struct SheetInProgress {
    doc: Doc,
    body: String,
    grid: SheetGrid,
    first_words: String,
}

impl<W: Write> SvgSheetSink<W> {
    /// A sheet with `columns` cells per row (`None`: about the square root of the frame count)
    /// and `gap` pixels between cells.
    pub fn new(out: W, columns: Option<usize>, gap: usize) -> Self {
        SvgSheetSink { out: Some(out), columns, gap, state: None, cells: Vec::new(), size: None }
    }

    /// Every frame written, with its cell, in order.
    pub fn cells(&self) -> &[SheetCell] {
        &self.cells
    }

    /// The sheet's width and height in pixels (after start).
    pub fn size(&self) -> Option<(usize, usize)> {
        self.size
    }
}

/// Breaks frames into atoms on the worker threads.
pub struct SheetEncoder {
    glyphs: Glyphs,
    hatch: bool,
}

/// One frame, ready for its cell.
pub struct SheetFrame {
    atoms: Vec<Atom>,
    cell: SheetCell,
    words: Option<String>,
}

impl Encode for SheetEncoder {
    type Encoded = SheetFrame;

    fn encode(&self, _before: Option<&IndexedImage>, frame: &Frame<'_>) -> Result<SheetFrame, Error> {
        let (width, height) = (frame.scene.width, frame.scene.height);
        let (step, event, delay_ms) = (frame.step, frame.event.cloned(), frame.delay_ms);
        Ok(SheetFrame {
            atoms: atoms(frame.scene, &self.glyphs, self.hatch),
            cell: SheetCell {
                step,
                event,
                delay_ms,
                caption: super::caption_line(frame.caption),
                x: 0,
                y: 0,
                width,
                height,
            },
            words: (frame.position == 0).then(|| words(frame.scene, &self.glyphs)),
        })
    }

    /// Draws the scene: no pixels needed.
    fn needs_pixels(&self) -> bool {
        false
    }
}

impl<W: Write> Sink for SvgSheetSink<W> {
    type Encoder = SheetEncoder;

    fn start(&mut self, stream: &Stream<'_>) -> Result<SheetEncoder, Error> {
        let count = stream.frames.ok_or(Error::SinkState("a sheet needs the frame count"))?.max(1);
        let grid = SheetGrid::of_frames(count, self.columns, (stream.width, stream.height), self.gap);
        let doc = Doc::new(Paints::new(stream.theme, stream.dark));
        self.size = Some(grid.size);
        self.state = Some(SheetInProgress { doc, body: String::new(), grid, first_words: String::new() });
        Ok(SheetEncoder { glyphs: Glyphs::new(), hatch: stream.theme.hatch })
    }

    fn write(&mut self, frame: SheetFrame) -> Result<(), Error> {
        let state = self.state.as_mut().ok_or(Error::SinkState("frame before start"))?;
        let index = self.cells.len();
        let (x, y) = state.grid.cell(index / state.grid.columns, index % state.grid.columns);
        if let Some(words) = frame.words {
            state.first_words = words;
        }
        let base = frame.atoms.iter().take_while(|a| a.layer == BASE).count();
        let mut markup = String::new();
        state.doc.atoms(&frame.atoms[..base], &mut markup);
        let id = state.doc.defs.shared(markup);
        state.body.push_str(&use_of(&id, x as i64, y as i64));
        let moved: Vec<Atom> = frame.atoms[base..].iter().map(|a| a.moved(x as i64, y as i64)).collect();
        state.doc.atoms(&moved, &mut state.body);
        self.cells.push(SheetCell { x, y, ..frame.cell });
        Ok(())
    }

    fn finish(&mut self) -> Result<(), Error> {
        let state = self.state.take().ok_or(Error::SinkState("finish before start"))?;
        let mut out = self.out.take().ok_or(Error::SinkState("finished twice"))?;
        let title = format!("{} — {} frames", state.first_words, self.cells.len());
        let size = state.grid.size;
        out.write_all(state.doc.finish(size, &title, "", &state.body).as_bytes())?;
        out.flush()?;
        Ok(())
    }

    fn sheet(&self) -> Option<(&[SheetCell], (usize, usize))> {
        Some((self.cells(), self.size()?))
    }
}
