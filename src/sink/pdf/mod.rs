//! The PDF sink: a run's frames as vector PDF pages, one page per frame, or as handout pages
//! holding a grid of frames on A4 or Letter paper, or as a worksheet of questions and answers.
//!
//! Contract: frames are drawn into deflated content streams on the worker threads; the sink
//! writes each page (or each handout frame, as a form) as it arrives and keeps only the objects'
//! offsets, so memory stays flat however long the run. A page is the frame's size, one point per
//! pixel; a handout page places up to `per_page` frames (see [`HandoutLayout`]: fewer when more
//! would shrink the frames' text under 8 pt; the first frame's text decides) under the header
//! "`<title>` · page k of m" (m when the frame count is known). Each frame carries one step label:
//! its caption's "step K of M", or, when the frame draws no caption, a line "step K" under it.
//! With a quiz the pages are a worksheet (see [`worksheet`]), all written at the end, numbered
//! "page k of m". The theme's colours are drawn; a dark-mode second theme is not carried. Same
//! frames, same bytes.

use super::{Encode, Frame, Quiz, Sink, Stream};
use crate::draw::pdf::{draw_scene, scene_content, EncodedContent, PageContent};
use crate::draw::raster::canvas::IndexedImage;
use crate::error::Error;
use crate::font::Glyphs;
use crate::scene::items::{Item, Scene};
use crate::scene::theme::Theme;
use crate::sink::options::QuizChooser;
use std::io::Write;

mod document;
mod handout;
mod worksheet;

pub use document::PdfDocument;
use handout::{em_points, Slot};
pub use handout::{HandoutLayout, Paper};
use worksheet::{step_lines, Ask, Worksheet};

/// Handout pages: the paper, frames per page, and the run's words for the header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Handout {
    /// A4 or US Letter, portrait.
    pub paper: Paper,
    /// Frames on each page at most (the last page may hold fewer; fewer on all when more would
    /// shrink the frames' text under 8 pt).
    pub per_page: usize,
    /// Shown on the left of every page's header, e.g. "6×6 · backtrack".
    pub title: String,
}

/// Writes the frames it is given as PDF pages into `W`.
pub struct PdfSink<W: Write> {
    out: Option<W>,
    handout: Option<Handout>,
    quiz: Option<Quiz>,
    state: Option<PdfInProgress<W>>,
    pages: Option<usize>,
}

struct PdfInProgress<W: Write> {
    doc: PdfDocument<W>,
    size: (f32, f32),
    frames: Option<usize>,
    glyphs: Glyphs,
    layout: Option<HandoutLayout>,
    /// Handout frames waiting for their page.
    pending: Vec<Slot>,
    forms: usize,
    worksheet: Option<Worksheet>,
}

impl<W: Write> PdfSink<W> {
    /// One page per frame.
    pub fn new(out: W) -> Self {
        PdfSink { out: Some(out), handout: None, quiz: None, state: None, pages: None }
    }

    /// Handout pages instead.
    pub fn handout(out: W, handout: Handout) -> Self {
        PdfSink { handout: Some(handout), ..PdfSink::new(out) }
    }

    /// With handout pages, a worksheet of the questions `quiz` chooses and their answer key.
    pub fn quiz(mut self, quiz: Option<Quiz>) -> Self {
        self.quiz = quiz;
        self
    }
}

/// Draws frames into content streams on the worker threads.
pub struct PdfEncoder {
    glyphs: Glyphs,
    theme: Theme,
}

/// One frame's page content, and what a handout needs to know of it.
pub struct PdfFrame {
    content: EncodedContent,
    step: usize,
    /// The em size (points at one point per pixel) of the smallest text the frame draws.
    smallest: Option<f32>,
    /// The frame draws its step (its caption's "step K of M").
    draws_step: bool,
    /// What the step could be asked as (see [`worksheet`]).
    placed: Option<String>,
    dead_end: Option<Ask>,
}

impl Encode for PdfEncoder {
    type Encoded = PdfFrame;

    fn encode(&self, _before: Option<&IndexedImage>, frame: &Frame<'_>) -> Result<PdfFrame, Error> {
        let texts = frame.scene.items.iter().filter_map(|item| match item {
            Item::Text { size, text, .. } => Some((*size, text)),
            _ => None,
        });
        let (mut smallest, mut draws_step) = (None::<u32>, false);
        for (size, text) in texts {
            smallest = Some(smallest.map_or(size, |s| s.min(size)));
            draws_step |= text.starts_with("step ");
        }
        let n = super::atom_frames::board(frame.scene).map(|[.., n]| n);
        let placed = match (frame.event, n) {
            (Some(crate::trace::Event::Place { row, col }), Some(n)) => {
                Some(crate::trace::Square::new(*row, *col).name(n))
            }
            _ => None,
        };
        let line = frame.facts.dead_end().zip(n).map(|(dead, n)| dead.line.name(n, false));
        Ok(PdfFrame {
            content: scene_content(frame.scene, &self.theme, &self.glyphs),
            step: frame.step,
            smallest: smallest.map(|size| em_points(&self.glyphs, size)),
            draws_step,
            dead_end: line.map(|line| Ask::DeadEnd { line, placed: placed.clone() }),
            placed,
        })
    }

    /// Draws the scene: no pixels needed.
    fn needs_pixels(&self) -> bool {
        false
    }
}

impl<W: Write> PdfInProgress<W> {
    /// Write `frame` as a form; returns its name.
    fn form(&mut self, frame: &PdfFrame) -> Result<String, Error> {
        let name = format!("Fr{}", self.forms);
        self.forms += 1;
        self.doc.add_form(name.clone(), self.size, &frame.content)?;
        Ok(name)
    }

    /// Write a handout page holding `slots`, numbered "page k of `total`" (`None`: unknown).
    fn page(&mut self, slots: &[Slot], title: &str, total: Option<usize>) -> Result<(), Error> {
        let Some(layout) = &self.layout else { return Ok(()) };
        let number = self.doc.pages() + 1;
        let page = match total {
            Some(total) => format!("page {number} of {total}"),
            None => format!("page {number}"),
        };
        let content = layout.page(&self.glyphs, slots, title, &page);
        self.doc.add_page(layout.size, &content)
    }

    /// Write the page holding the pending frames.
    fn handout_page(&mut self, title: &str) -> Result<(), Error> {
        if self.pending.is_empty() {
            return Ok(());
        }
        let total = self.layout.as_ref().zip(self.frames).map(|(layout, frames)| layout.pages(frames));
        let slots = std::mem::take(&mut self.pending);
        self.page(&slots, title, total)
    }

    /// Write the worksheet's pages: the prompts, then the answer key.
    fn worksheet_pages(&mut self, worksheet: Worksheet, title: &str) -> Result<(), Error> {
        let Some(layout) = self.layout.clone() else { return Ok(()) };
        let prompts: Vec<Slot> = worksheet
            .prompts
            .into_iter()
            .map(|(mut lines, form, question)| {
                lines.extend(layout.wrap(&self.glyphs, &question));
                Slot { form, lines, answer_rule: true }
            })
            .collect();
        if prompts.is_empty() {
            return self.page(&[], &format!("{title} · worksheet: no step of the run is asked"), Some(1));
        }
        let per_page = layout.per_page;
        let total = prompts.len().div_ceil(per_page) + worksheet.answers.len().div_ceil(per_page);
        for slots in prompts.chunks(per_page) {
            self.page(slots, &format!("{title} · worksheet"), Some(total))?;
        }
        for slots in worksheet.answers.chunks(per_page) {
            self.page(slots, &format!("{title} · answer key"), Some(total))?;
        }
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
        self.state = Some(PdfInProgress {
            doc: PdfDocument::new(out, stream.theme)?,
            size: (stream.width as f32, stream.height as f32),
            frames: stream.frames,
            glyphs: Glyphs::new(),
            layout: None,
            pending: Vec::new(),
            forms: 0,
            worksheet: self.handout.as_ref().and(self.quiz).map(|quiz| Worksheet::new(QuizChooser::new(quiz))),
        });
        Ok(PdfEncoder { glyphs: Glyphs::new(), theme: stream.theme.clone() })
    }

    fn write(&mut self, frame: PdfFrame) -> Result<(), Error> {
        let state = self.state.as_mut().ok_or(Error::SinkState("frame before start"))?;
        let Some(handout) = &self.handout else {
            return state.doc.add_page(state.size, &frame.content);
        };
        if state.layout.is_none() {
            // A worksheet's prompt: the question in up to two lines, the answer line after it.
            let lines = usize::from(!frame.draws_step) + if state.worksheet.is_some() { 2 } else { 0 };
            let size = (state.size.0 as usize, state.size.1 as usize);
            state.layout = Some(HandoutLayout::new(handout.paper, handout.per_page, size, frame.smallest, lines));
        }
        if let Some(mut worksheet) = state.worksheet.take() {
            let taken = worksheet.take(frame, |frame| state.form(frame));
            state.worksheet = Some(worksheet);
            return taken;
        }
        let form = state.form(&frame)?;
        state.pending.push(Slot { form, lines: step_lines(&frame), answer_rule: false });
        if state.layout.as_ref().is_some_and(|layout| state.pending.len() == layout.per_page) {
            state.handout_page(&handout.title)?;
        }
        Ok(())
    }

    fn finish(&mut self) -> Result<(), Error> {
        let mut state = self.state.take().ok_or(Error::SinkState("finish before start"))?;
        if let Some(handout) = &self.handout {
            match state.worksheet.take() {
                Some(worksheet) => state.worksheet_pages(worksheet, &handout.title)?,
                None => state.handout_page(&handout.title)?,
            }
        }
        self.pages = Some(state.doc.pages());
        state.doc.finish()?;
        Ok(())
    }

    fn pages(&self) -> Option<usize> {
        self.pages
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
