//! The SVG sink: one frame as an SVG still, several as one animated SVG (CSS animations, no
//! script) with the GIF's timing and loop count. Also [`TitleWords`], which keeps the first and
//! last frames' words for the picture's title (this sink's and the HTML player's).
//!
//! Contract: frames are broken into atoms on the worker threads (`atom_frames.rs`); the sink keeps
//! only what changes between consecutive frames and writes the document at the end. With smooth
//! motion the encoder takes the motion stage's in-betweens, and [`Gather`] turns each step's
//! pictures back into the step's own frame (no frame added) with a cue for every atom that
//! changes: when, in the in-betweens, it takes its final state for good (the fade's start; see
//! `draw::svg::Timeline::push_moving`); a queen who slides (a move) is her silhouette's own
//! animation (`draw::svg::Timeline::push_slide`), and she lands at once. Delays are the GIF's
//! (rounded to 1/100 s, never under 2/100 s). With a dark theme in the stream
//! (`RenderOptions::dark`), one file carries both themes, switched by `prefers-color-scheme`.

use super::atom_frames::{AtomEncoder, AtomFrame};
use super::gather::{Gather, Gathered};
use super::{Sink, Stream};
use crate::draw::svg::{animation_title, is_queen, Atom, SvgPicture, CRISP, JUMP};
use crate::error::Error;
use std::io::Write;

/// Writes the frames it is given as an SVG (still or animated) into `W`.
pub struct SvgSink<W: Write> {
    out: Option<W>,
    title: Option<String>,
    state: Option<SvgInProgress>,
}

struct SvgInProgress {
    picture: SvgPicture,
    loop_count: Option<u16>,
    words: TitleWords,
    /// Smooth motion's pictures, gathered step by step (`None` without motion).
    gather: Option<Gather>,
}

impl SvgInProgress {
    fn frame(&mut self, frame: AtomFrame) {
        self.words.keep(frame.words);
        self.picture.push_atoms(frame.atoms, u64::from(frame.delay_cs) * 10);
    }

    fn step(&mut self, step: Gathered) {
        self.words.keep(step.frame.words.clone());
        let (duration, fade) = (u64::from(step.frame.delay_cs) * 10, step.fade_ms());
        // Only queens fade: a fade costs two keyframes a change, a jump one (the bytes of an
        // animated SVG are its keyframes); shading and ghosts jump at their cues, a wave. A queen
        // who slides leaves and lands at once, as her silhouette starts and stops.
        let ends = step.slide.as_ref().map(|slide| [Some(slide.from), Some(slide.to)]);
        let cue = |atom: &Atom| match step.cue(atom) {
            CRISP => CRISP,
            cue if !is_queen(atom) || ends.is_some_and(|ends| ends.contains(&step.stands(atom))) => cue | JUMP,
            cue => cue,
        };
        self.picture.push_moving(step.frame.atoms.clone(), duration, &cue, fade);
        if let Some(slide) = &step.slide {
            self.picture.push_slide(slide.ghost.clone(), (slide.from, slide.to), step.land_ms());
        }
    }
}

impl<W: Write> SvgSink<W> {
    /// An SVG sink writing into `out`.
    pub fn new(out: W) -> Self {
        SvgSink { out: Some(out), title: None, state: None }
    }

    /// Use `title` as the picture's words (default: the captions of the first and last frames).
    pub fn with_title(mut self, title: impl Into<String>) -> Self {
        self.title = Some(title.into());
        self
    }
}

/// The words of an animation's first and last frames, for its title.
#[derive(Default)]
pub(crate) struct TitleWords {
    pub(crate) first: String,
    last: String,
    seen: bool,
}

impl TitleWords {
    /// Keep a frame's words (the first ones seen stay the first; every later one is the last so far).
    /// Returns whether they were the first.
    pub(crate) fn keep(&mut self, words: Option<String>) -> bool {
        let Some(words) = words else { return false };
        let first = !self.seen;
        if first {
            self.first = words.clone();
            self.seen = true;
        }
        self.last = words;
        first
    }

    /// "first words — K frames — last words" (the first words alone for one frame).
    pub(crate) fn title(&self, frames: usize) -> String {
        animation_title(&self.first, &self.last, frames)
    }
}

impl<W: Write> Sink for SvgSink<W> {
    type Encoder = AtomEncoder;

    fn start(&mut self, stream: &Stream<'_>) -> Result<AtomEncoder, Error> {
        if self.state.is_some() {
            return Err(Error::SinkState("started twice"));
        }
        let picture = SvgPicture::new((stream.width, stream.height), stream.theme, stream.dark);
        let gather = stream.fine_timing().then(Gather::default);
        self.state =
            Some(SvgInProgress { picture, loop_count: stream.loop_count, words: TitleWords::default(), gather });
        Ok(AtomEncoder::new(stream))
    }

    fn write(&mut self, frame: AtomFrame) -> Result<(), Error> {
        let state = self.state.as_mut().ok_or(Error::SinkState("frame before start"))?;
        let Some(gather) = state.gather.as_mut() else {
            state.frame(frame);
            return Ok(());
        };
        if let Some(step) = gather.push(frame) {
            state.step(step);
        }
        Ok(())
    }

    fn finish(&mut self) -> Result<(), Error> {
        let mut state = self.state.take().ok_or(Error::SinkState("finish before start"))?;
        if let Some(step) = state.gather.as_mut().and_then(Gather::finish) {
            state.step(step);
        }
        let mut out = self.out.take().ok_or(Error::SinkState("finished twice"))?;
        let frames = state.picture.frames();
        let title = self.title.clone().unwrap_or_else(|| state.words.title(frames));
        let loop_count = if frames > 1 { state.loop_count } else { None };
        out.write_all(state.picture.finish(&title, loop_count).as_bytes())?;
        out.flush()?;
        Ok(())
    }

    fn holds_run(&self) -> bool {
        true
    }
}
