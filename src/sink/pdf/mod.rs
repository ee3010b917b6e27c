//! The PDF sink: a run's frames as vector PDF pages, one page per frame, or as handout pages
//! holding a grid of frames on A4 or Letter paper.
//!
//! Contract: frames are drawn into deflated content streams on the worker threads; the sink
//! writes each page (or each handout frame, as a form) as it arrives and keeps only the objects'
//! offsets, so memory stays flat however long the run. A page is the frame's size, one point per
//! pixel; a handout page places `per_page` frames (see [`HandoutLayout`]) under the
//! header "`<title>` · page k of m" (m when the frame count is known). The theme's colours are
//! drawn; a dark-mode second theme is not carried. Same frames, same bytes.

use super::{Encode, Frame, Sink, Stream};
use crate::draw::pdf::{draw_scene, scene_content, EncodedContent, PageContent};
use crate::draw::raster::canvas::IndexedImage;
use crate::error::Error;
use crate::font::Glyphs;
use crate::scene::items::Scene;
use crate::scene::theme::Theme;
use std::io::Write;

mod document;
mod handout;

pub use document::PdfDocument;
pub use handout::{HandoutLayout, Paper};

/// Handout pages: the paper, frames per page, and the run's words for the header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Handout {
    /// A4 or US Letter, portrait.
    pub paper: Paper,
    /// Frames on each page (the last page may hold fewer).
    pub per_page: usize,
    /// Shown on the left of every page's header, e.g. "6×6 · backtrack".
    pub title: String,
}

/// Writes the frames it is given as PDF pages into `W`.
pub struct PdfSink<W: Write> {
    out: Option<W>,
    handout: Option<Handout>,
    state: Option<PdfInProgress<W>>,
}

struct PdfInProgress<W: Write> {
    doc: PdfDocument<W>,
    size: (f32, f32),
    frames: Option<usize>,
    glyphs: Glyphs,
    layout: Option<HandoutLayout>,
    /// Handout frames waiting for their page: form name and frame number.
    pending: Vec<(String, usize)>,
    placed: usize,
}

impl<W: Write> PdfSink<W> {
    /// One page per frame.
    pub fn new(out: W) -> Self {
        PdfSink { out: Some(out), handout: None, state: None }
    }

    /// Handout pages instead.
    pub fn handout(out: W, handout: Handout) -> Self {
        PdfSink { out: Some(out), handout: Some(handout), state: None }
    }
}

/// Draws frames into content streams on the worker threads.
pub struct PdfEncoder {
    glyphs: Glyphs,
    theme: Theme,
}

/// One frame's page content.
pub struct PdfFrame {
    content: EncodedContent,
    step: usize,
}

impl Encode for PdfEncoder {
    type Encoded = PdfFrame;

    fn encode(&self, _before: Option<&IndexedImage>, frame: &Frame<'_>) -> Result<PdfFrame, Error> {
        Ok(PdfFrame { content: scene_content(frame.scene, &self.theme, &self.glyphs), step: frame.step })
    }

    /// Draws the scene: no pixels needed.
    fn needs_pixels(&self) -> bool {
        false
    }
}

impl<W: Write> PdfInProgress<W> {
    /// Write the handout page holding the pending frames.
    fn handout_page(&mut self, title: &str) -> Result<(), Error> {
        let Some(layout) = &self.layout else { return Ok(()) };
        if self.pending.is_empty() {
            return Ok(());
        }
        let number = self.doc.pages() + 1;
        let page = match self.frames {
            Some(frames) => format!("page {number} of {}", frames.div_ceil(layout.per_page).max(1)),
            None => format!("page {number}"),
        };
        let content = layout.page(&self.glyphs, &self.pending, title, &page);
        self.doc.add_page(layout.paper.size(), &content)?;
        self.pending.clear();
        Ok(())
    }
}

impl<W: Write> Sink for PdfSink<W> {
    type Encoder = PdfEncoder;

    fn start(&mut self, stream: &Stream<'_>) -> Result<PdfEncoder, Error> {
        if self.state.is_some() {
            return Err(Error::SinkState("started twice"));
        }
        let out = self.out.take().ok_or(Error::SinkState("started twice"))?;
        let size = (stream.width as f32, stream.height as f32);
        let layout =
            self.handout.as_ref().map(|h| HandoutLayout::new(h.paper, h.per_page, (stream.width, stream.height)));
        self.state = Some(PdfInProgress {
            doc: PdfDocument::new(out, stream.theme)?,
            size,
            frames: stream.frames,
            glyphs: Glyphs::new(),
            layout,
            pending: Vec::new(),
            placed: 0,
        });
        Ok(PdfEncoder { glyphs: Glyphs::new(), theme: stream.theme.clone() })
    }

    fn write(&mut self, frame: PdfFrame) -> Result<(), Error> {
        let state = self.state.as_mut().ok_or(Error::SinkState("frame before start"))?;
        let Some(handout) = &self.handout else {
            return state.doc.add_page(state.size, &frame.content);
        };
        let name = format!("Fr{}", state.placed);
        state.placed += 1;
        state.doc.add_form(name.clone(), state.size, &frame.content)?;
        state.pending.push((name, frame.step));
        if state.pending.len() == handout.per_page {
            state.handout_page(&handout.title)?;
        }
        Ok(())
    }

    fn finish(&mut self) -> Result<(), Error> {
        let mut state = self.state.take().ok_or(Error::SinkState("finish before start"))?;
        if let Some(handout) = &self.handout {
            state.handout_page(&handout.title)?;
        }
        state.doc.finish()?;
        Ok(())
    }
}

/// Longest side of a PDF page, in points (PDF's own limit: 200 inches; Acrobat refuses more).
pub const MAX_PAGE_POINTS: f32 = 14_400.0;

/// One scene as a one-page PDF, one point per pixel; a scene past [`MAX_PAGE_POINTS`] on a side
/// (a sheet of many boards) is scaled down as a whole to fit, as vector drawing allows.
pub fn still<W: std::io::Write>(scene: &Scene, theme: &Theme, out: W) -> Result<W, crate::error::Error> {
    let mut doc = PdfDocument::new(out, theme)?;
    let glyphs = Glyphs::new();
    let (width, height) = (scene.width as f32, scene.height as f32);
    let scale = (MAX_PAGE_POINTS / width.max(height)).min(1.0);
    let mut content = PageContent::new();
    if scale < 1.0 {
        content.scale(scale);
    }
    content.flip(height);
    draw_scene(&mut content, scene, theme, &glyphs);
    doc.add_page(((width * scale).min(MAX_PAGE_POINTS), (height * scale).min(MAX_PAGE_POINTS)), &content.finish())?;
    doc.finish()
}
