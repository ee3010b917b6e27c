//! Sinks: where a run's drawn frames go: GIF, animated WebP, APNG, MP4 or WebM through ffmpeg, SVG,
//! PDF pages and handouts, the HTML player, PNG stills, frame sheets and split PNGs, siblings behind one trait; `format.rs`
//! picks among them.
//!
//! Contract: the pipeline calls [`Sink::start`] once with the frame geometry, palette, loop count
//! and frame count, and gets back the sink's [`Encode`]r. Workers then draw consecutive frames and
//! hand each, with the frame shown just before it, to [`Encode::encode`] on their own thread (so
//! compression runs on all cores while the pixels are still in cache); the results reach
//! [`Sink::write`] in output order; [`Sink::finish`] ends the file. A sink sees pixels, never
//! board state, so every sink shows the same picture: the pixels, or the scene they were
//! painted from.

pub mod apng;
pub mod atlas;
pub mod atom_frames;
pub mod format;
pub(crate) mod gather;
pub mod gif;
pub mod html;
mod matroska;
pub mod options;
pub mod pdf;
pub mod sheet;
pub mod split;
pub mod still;
pub mod svg;
pub mod svg_sheet;
pub mod transcript;
pub mod video;
pub mod webp;

use crate::board::facts::StepFacts;
use crate::draw::raster::canvas::IndexedImage;
use crate::draw::raster::palette::Palette;
use crate::error::Error;
use crate::scene::items::Scene;
use crate::scene::theme::Theme;
use crate::trace::Event;

pub use self::apng::ApngSink;
pub use self::format::{AnyEncoder, AnySink, Format, ANIMATION_FORMATS, STILL_FORMATS};
pub use self::gif::GifSink;
pub use self::html::HtmlSink;
pub use self::options::{Quiz, SheetOptions, SinkOptions};
pub use self::pdf::{Handout, PdfSink};
pub use self::sheet::{FrameSheetSink, SheetCell};
pub use self::split::SplitSink;
pub use self::still::StillSink;
pub use self::svg::SvgSink;
pub use self::svg_sheet::SvgSheetSink;
pub use self::transcript::{Transcript, TranscriptSink};
pub use self::video::{VideoCodec, VideoSink};
pub use self::webp::WebpSink;

/// What a sink is told once, before any frame.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Stream<'a> {
    /// Frame size in pixels (every frame has it).
    pub width: usize,
    /// Frame height in pixels.
    pub height: usize,
    /// Index -> colour of every pixel value a frame uses (index 0 is never drawn: transparent).
    pub palette: &'a Palette,
    /// `None` loops forever; `Some(k)` plays k extra times; `Some(0)` plays once.
    pub loop_count: Option<u16>,
    /// How many frames will come; `None` for a stream whose length is not known.
    pub frames: Option<usize>,
    /// Every delay a frame can have, in milliseconds (a video's tick divides them all).
    pub delays: &'a [u32],
    /// The colours the palette was made from (vector sinks draw with them).
    pub theme: &'a Theme,
    /// A second theme for dark-mode viewers, which vector sinks may carry too.
    pub dark: Option<&'a Theme>,
    /// The run's motion: with `step_ms`, a sink finds when a step's in-betweens were drawn
    /// ([`motion::schedule`](crate::motion::schedule)).
    pub motion: crate::motion::Motion,
    /// An ordinary step's delay in milliseconds (the in-betweens' pace).
    pub step_ms: u32,
}

impl Stream<'_> {
    /// Pictures are timed to the millisecond (smooth motion's in-betweens, only for encoders
    /// whose [`Encode::takes_motion`] says so): a video ticks every millisecond.
    pub fn fine_timing(&self) -> bool {
        self.motion != crate::motion::Motion::None
    }
}

/// One drawn frame of a run, as a sink's encoder sees it.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct Frame<'a> {
    /// The frame's number in the run (frame k shows the board after events 1..k).
    pub step: usize,
    /// The event that led to this frame (`None` for frame 0).
    pub event: Option<&'a Event>,
    /// How long the frame shows, in milliseconds.
    pub delay_ms: u32,
    /// The frame's caption as plain text, one string a line in reading order (what the event did,
    /// the step, the counters), also when bare frames do not draw it; empty when the frame has
    /// none (stills, races).
    pub caption: &'a [String],
    /// What the frame's step did, in types: its kind and the line it runs out (documents read
    /// these, never the caption's text).
    pub facts: &'a StepFacts,
    /// Position among the output frames (0-based).
    pub position: usize,
    /// The frame's pixels: palette indices, the colours in `palette`. Empty (0 x 0) for an encoder
    /// whose [`Encode::needs_pixels`] is false: vector sinks draw `scene`, and nothing is painted.
    pub image: &'a IndexedImage,
    /// What the frame shows, as the rasterizer painted it into `image` (vector sinks draw this).
    pub scene: &'a Scene,
    /// The run's palette (the one [`Stream::palette`] named): index -> colour of `image`'s pixels.
    pub palette: &'a Palette,
}

/// A frame with its own copy of the pixels, for sinks that keep whole frames.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct OwnedFrame {
    /// The frame's number in the run.
    pub step: usize,
    /// The event that led to this frame (`None` for frame 0).
    pub event: Option<Event>,
    /// How long the frame shows, in milliseconds.
    pub delay_ms: u32,
    /// The frame's caption as plain text, one string a line ([`Frame::caption`]).
    pub caption: Vec<String>,
    /// The frame's pixels.
    pub image: IndexedImage,
}

/// Caption lines as one line: the non-empty ones joined by " / " (atlases, plain transcripts).
pub fn caption_line(lines: &[String]) -> String {
    let lines: Vec<&str> = lines.iter().map(|l| l.trim()).filter(|l| !l.is_empty()).collect();
    lines.join(" / ")
}

impl Frame<'_> {
    /// A copy that owns its pixels.
    pub fn to_owned(&self) -> OwnedFrame {
        OwnedFrame {
            step: self.step,
            event: self.event.cloned(),
            delay_ms: self.delay_ms,
            caption: self.caption.to_vec(),
            image: self.image.clone(),
        }
    }

    /// The frame in full colour (feature `image`), as a GIF of the run shows it.
    #[cfg(feature = "image")]
    pub fn to_rgba(&self) -> image::RgbaImage {
        self.image.to_rgba(self.palette.colors())
    }
}

/// Receives a run's frames in order.
pub trait Sink {
    /// Prepares frames for writing on worker threads.
    type Encoder: Encode;
    /// Called once before any frame.
    fn start(&mut self, stream: &Stream<'_>) -> Result<Self::Encoder, Error>;
    /// One encoded frame, in output order.
    fn write(&mut self, encoded: <Self::Encoder as Encode>::Encoded) -> Result<(), Error>;
    /// Called once after the last frame: write trailers, flush.
    fn finish(&mut self) -> Result<(), Error>;

    /// A sheet's cells (where each frame went) and its size in pixels, after the run; `None` for
    /// everything but sheets. By default `None`.
    fn sheet(&self) -> Option<(&[SheetCell], (usize, usize))> {
        None
    }

    /// Pages written (PDF), after the run; `None` for formats without pages. By default `None`.
    fn pages(&self) -> Option<usize> {
        None
    }
}

/// The parallel half of a sink: turns a drawn frame into what [`Sink::write`] stores.
pub trait Encode: Sync {
    /// What one frame becomes, handed to [`Sink::write`].
    type Encoded: Send;
    /// `before` is the image shown just before `frame` (`None` for the first output frame).
    fn encode(&self, before: Option<&IndexedImage>, frame: &Frame<'_>) -> Result<Self::Encoded, Error>;

    /// [`Encode::encode`], also given the image shown two frames back when the worker has it: a
    /// codec that can undo a frame (GIF's "restore to previous") may also write `frame` against
    /// `two_back`. By default the same as `encode`.
    fn encode_after(
        &self,
        two_back: Option<&IndexedImage>,
        before: Option<&IndexedImage>,
        frame: &Frame<'_>,
    ) -> Result<Self::Encoded, Error> {
        let _ = two_back;
        self.encode(before, frame)
    }

    /// How many frames the pipeline hands the workers at a time: a chunk's encoded frames are held
    /// until its slowest worker is done, so encoders whose frames are large (raw pixels) keep the
    /// default, and those whose frames are compressed may take more (fewer waits between chunks).
    fn frames_per_chunk(&self) -> usize {
        64
    }

    /// Whether the encoder reads [`Frame::image`] (and the images before it). Vector encoders
    /// (SVG, HTML, PDF) draw [`Frame::scene`] and say no: the pipeline then paints no pixels at
    /// all and hands them an empty image. By default yes.
    fn needs_pixels(&self) -> bool {
        true
    }

    /// Whether the sink shows in-betweens (several pictures per frame, timed to the millisecond:
    /// `Animation::motion`). By default no: the pipeline refuses smooth motion.
    fn takes_motion(&self) -> bool {
        false
    }
}
