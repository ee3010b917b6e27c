//! The SVG sink: one frame as an SVG still, several as one animated SVG (CSS animations, no
//! script) with the GIF's timing and loop count.
//!
//! Contract: frames are broken into atoms on the worker threads; the sink keeps only what changes
//! between consecutive frames and writes the document at the end. Delays are the GIF's (rounded
//! to 1/100 s, never under 2/100 s). With a dark theme in the stream (`RenderOptions::dark`), one
//! file carries both themes, switched by `prefers-color-scheme`.

use super::{Encode, Frame, Sink, Stream};
use crate::encode::gif::centiseconds;
use crate::render::canvas::IndexedImage;
use crate::render::glyphs::Glyphs;
use crate::render::svg::{animation_title, atoms, words, Atom, SvgPicture};
use crate::Error;
use std::io::Write;

/// Writes the frames it is given as an SVG (still or animated) into `W`.
pub struct SvgSink<W: Write> {
    out: Option<W>,
    title: Option<String>,
    state: Option<State>,
}

struct State {
    picture: SvgPicture,
    loop_count: Option<u16>,
    first_words: String,
    last_words: String,
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

/// Breaks frames into atoms on the worker threads.
pub struct SvgEncoder {
    glyphs: Glyphs,
    hatch: bool,
    frames: Option<usize>,
}

/// One frame, ready for the timeline.
pub struct SvgFrame {
    atoms: Vec<Atom>,
    duration_ms: u64,
    words: Option<String>,
}

impl Encode for SvgEncoder {
    type Encoded = SvgFrame;

    fn encode(&self, _before: Option<&IndexedImage>, frame: &Frame<'_>) -> Result<SvgFrame, Error> {
        // The words of the first and last frames make the title (every frame's when the count is unknown).
        let first_or_last = frame.position == 0 || self.frames.map_or(true, |n| frame.position + 1 == n);
        Ok(SvgFrame {
            atoms: atoms(frame.scene, &self.glyphs, self.hatch),
            duration_ms: u64::from(centiseconds(frame.delay_ms)) * 10,
            words: first_or_last.then(|| words(frame.scene, &self.glyphs)),
        })
    }
}

impl<W: Write> Sink for SvgSink<W> {
    type Encoder = SvgEncoder;

    fn start(&mut self, stream: &Stream<'_>) -> Result<SvgEncoder, Error> {
        if self.state.is_some() {
            return Err(Error::SinkState("started twice"));
        }
        let picture = SvgPicture::new((stream.width, stream.height), stream.theme, stream.dark);
        let loop_count = stream.loop_count;
        self.state = Some(State { picture, loop_count, first_words: String::new(), last_words: String::new() });
        Ok(SvgEncoder { glyphs: Glyphs::new(), hatch: stream.theme.hatch, frames: stream.frames })
    }

    fn write(&mut self, frame: SvgFrame) -> Result<(), Error> {
        let state = self.state.as_mut().ok_or(Error::SinkState("frame before start"))?;
        if let Some(words) = frame.words {
            if state.picture.frames() == 0 {
                state.first_words = words.clone();
            }
            state.last_words = words;
        }
        state.picture.push_atoms(frame.atoms, frame.duration_ms);
        Ok(())
    }

    fn finish(&mut self) -> Result<(), Error> {
        let state = self.state.take().ok_or(Error::SinkState("finish before start"))?;
        let mut out = self.out.take().ok_or(Error::SinkState("finished twice"))?;
        let frames = state.picture.frames();
        let title = match &self.title {
            Some(title) => title.clone(),
            None => animation_title(&state.first_words, &state.last_words, frames),
        };
        let loop_count = if frames > 1 { state.loop_count } else { None };
        out.write_all(state.picture.finish(&title, loop_count).as_bytes())?;
        out.flush()?;
        Ok(())
    }
}
