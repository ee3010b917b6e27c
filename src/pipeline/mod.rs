//! Wires the stages: trace (or a stream of events) -> replayed board states -> drawn frames -> a
//! [`Sink`], streaming.
//!
//! Contract: a whole trace is validated before anything is drawn; a stream is validated as it is
//! replayed (the sink's output is discarded by its caller on error). A producer thread replays it
//! (every event, so each frame shows the board of its own step) and sends the selected frames in
//! chunks (as many frames as the encoder asks for: `Encode::frames_per_chunk`) through a bounded
//! channel; each chunk is drawn on all cores (every worker drawing a run
//! of consecutive frames with its own drawer) and handed to the sink in order, which compresses
//! it (in parallel where it can). Frames hold board state, not pixels, until they are drawn, and at
//! most a few chunks exist at once, so memory stays flat whatever the number of frames. A search
//! tree panel is laid out from the whole run first, so it needs a whole trace, not a stream.

#[cfg(feature = "image")]
mod frames;
mod inbetweens;
mod race;
mod timing;
mod workers;

#[cfg(feature = "image")]
pub use frames::{frames, Frames};
pub use race::{render_race, Clock};
pub use timing::{
    reading_ms, Pace, Pacer, Timing, DEFAULT_DEADEND_HOLD_MS, DEFAULT_DELAY_MS, DEFAULT_END_HOLD_MS, DEFAULT_HOLD_MS,
    DEFAULT_START_HOLD_MS, MAX_DELAY_MS, MIN_DELAY_MS,
};

use crate::board::{self, Replay, StreamReplay};
use crate::error::Error;
use crate::motion::Motion;
use crate::scene::caption::CaptionSpec;
use crate::scene::{Describer, RenderOptions};
use crate::sink::Sink;
use crate::trace::select::Selection;
use crate::trace::{Event, RunInfo, Trace};
use workers::{draw_frames, RunDrawer, Selected};

/// Default cap on frames per animation (`--max-frames`).
pub const DEFAULT_MAX_FRAMES: usize = 100_000;

/// What to draw of a run and how: everything but the run itself and where the frames go.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Animation {
    /// How frames look. Default: [`RenderOptions::default`].
    pub look: RenderOptions,
    /// Delays and looping. Default: [`Timing::default`].
    pub timing: Timing,
    /// Refuse runs with more frames than this (checked before any work). Default: [`DEFAULT_MAX_FRAMES`].
    pub max_frames: usize,
    /// Which frames to output (a frame list and a stride, resolved against the run). Default:
    /// every frame.
    pub selection: Selection,
    /// How the picture moves between steps: [`Motion::None`] (the default) or smooth in-betweens,
    /// for sinks that take them (the animations: GIF at 30 pictures a second or fewer, WebP, APNG,
    /// MP4, WebM, HTML and SVG; others are refused with [`Error::MotionUnsupported`]). A frame's
    /// in-betweens share its position; [`Summary::frames`]
    /// still counts frames, not pictures; `queens::frames` draws the frames alone.
    pub motion: Motion,
}

impl Default for Animation {
    fn default() -> Self {
        Animation {
            look: RenderOptions::default(),
            timing: Timing::default(),
            max_frames: DEFAULT_MAX_FRAMES,
            selection: Selection::all(),
            motion: Motion::None,
        }
    }
}

impl Animation {
    /// The defaults: every frame, default look and timing, at most [`DEFAULT_MAX_FRAMES`] frames.
    pub fn new() -> Self {
        Self::default()
    }
}

/// Told about progress as frames are written; returning `false` cancels the run
/// ([`Error::Cancelled`]). Implementations must be cheap: they are called once per frame. `total`
/// is the number of frames that will be written, `None` for a stream of unknown length.
pub trait Progress: Sync {
    /// `done` frames of `total` are written; return `false` to cancel.
    fn advance(&self, done: usize, total: Option<usize>) -> bool;
}

/// Progress that nobody watches.
pub struct NoProgress;

impl Progress for NoProgress {
    fn advance(&self, _done: usize, _total: Option<usize>) -> bool {
        true
    }
}

/// What a run produced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Summary {
    /// Frames handed to the sink.
    pub frames: usize,
    /// Frame width in pixels.
    pub width: usize,
    /// Frame height in pixels.
    pub height: usize,
}

/// Draw the frames of `trace` that `animation` selects and hand them to `sink`, in order.
///
/// The trace is validated first; nothing reaches the sink if it is invalid. Here every tenth frame
/// of a run (and its last) becomes an animated WebP:
///
/// ```
/// # let dir = tempfile::tempdir()?;
/// let trace = queens::record(&queens::SolveOptions::new(6), queens::DEFAULT_MAX_FRAMES)?;
/// let mut animation = queens::Animation::new();
/// animation.selection.every = std::num::NonZeroUsize::new(10);
/// let mut file = queens::OutputFile::create(&dir.path().join("every-tenth.webp"))?;
/// let summary = queens::render(&trace, &animation, &mut queens::WebpSink::new(&mut file), &queens::NoProgress)?;
/// file.commit()?;
/// assert_eq!(summary.frames, 7); // frames 0, 10, ..., 50 and 57, the solution
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn render<S: Sink>(
    trace: &Trace,
    animation: &Animation,
    sink: &mut S,
    progress: &dyn Progress,
) -> Result<Summary, Error> {
    let (describer, selected) = prepare_trace(trace, animation)?;
    let drawer = RunDrawer::new(describer, &animation.look.theme);
    draw_frames(drawer, Replay::new(trace), Selected::new(selected, trace.frame_count()), animation, sink, progress)
}

/// Check and validate a whole trace before anything is drawn; its describer (with the tree panel
/// laid out when asked) and the frame numbers `animation` selects (`None`: every frame).
fn prepare_trace(trace: &Trace, animation: &Animation) -> Result<(Describer, Option<Vec<usize>>), Error> {
    let info = RunInfo::of_trace(trace);
    if trace.frame_count() > animation.max_frames {
        return Err(Error::TooManyFrames { limit: animation.max_frames });
    }
    // A trace's own faults (an overlong caption) are named before the frame size they cause.
    board::validate(trace)?;
    let mut describer = prepare(&info, animation)?;
    if animation.look.tree {
        describer = describer.with_tree(crate::board::tree::SearchTree::from_trace(trace)?);
        crate::scene::layout::check_frame_size(describer.layout.width, describer.layout.height)?;
    }
    let selected = selected_frames(&animation.selection, trace.events.len(), &info.solution_frames)?;
    Ok((describer, selected))
}

/// Draw the frames of a stream of events (each with the line it came from) and hand them to `sink`,
/// in order. `info` describes the run as far as it is known; events are validated as they come,
/// and a run past `animation.max_frames` frames stops with [`Error::TooManyFrames`].
pub fn render_stream<S, I>(
    info: &RunInfo,
    events: I,
    animation: &Animation,
    sink: &mut S,
    progress: &dyn Progress,
) -> Result<Summary, Error>
where
    S: Sink,
    I: Iterator<Item = Result<(usize, Event), Error>> + Send,
{
    if animation.look.tree {
        return Err(Error::TreeNeedsWholeRun);
    }
    let drawer = RunDrawer::new(prepare(info, animation)?, &animation.look.theme);
    if info.total_events.is_some_and(|events| events >= animation.max_frames) {
        return Err(Error::TooManyFrames { limit: animation.max_frames });
    }
    // A stream of unknown length stops at the frame limit.
    let limit = animation.max_frames;
    let events = events.enumerate().map(move |(i, event)| match i + 2 > limit {
        true => Err(Error::TooManyFrames { limit }),
        false => event,
    });
    let selected = match info.total_events {
        Some(total) => Selected::new(selected_frames(&animation.selection, total, &info.solution_frames)?, total + 1),
        None if !animation.selection.is_all() => return Err(Error::SelectionNeedsLength),
        None => Selected::all_of_unknown(),
    };
    let replay = StreamReplay::new(info.n, info.total_events, events).with_puzzle(info.puzzle.as_ref());
    draw_frames(drawer, replay, selected, animation, sink, progress)
}

/// Check the board and frame sizes and make the run's describer.
fn prepare(info: &RunInfo, animation: &Animation) -> Result<Describer, Error> {
    crate::scene::layout::check_geometry(info.n, animation.look.square_for(info.n))?;
    let spec = CaptionSpec::for_run(info);
    if animation.look.why && !crate::board::deadend::explains(spec.kind) {
        return Err(Error::NothingToExplain { algorithm: info.algorithm.clone() });
    }
    if animation.look.code && spec.kind.and_then(crate::scene::code::listing).is_none() {
        return Err(Error::NoCode { algorithm: info.algorithm.clone() });
    }
    let describer = Describer::new(info.n, &animation.look, Some(spec));
    crate::scene::layout::check_frame_size(describer.layout.width, describer.layout.height)?;
    Ok(describer)
}

/// The frame numbers `selection` picks of a run of `events` events (`None`: every frame).
fn selected_frames(selection: &Selection, events: usize, solutions: &[usize]) -> Result<Option<Vec<usize>>, Error> {
    if selection.is_all() {
        return Ok(None);
    }
    Ok(Some(selection.resolve_frames(events, solutions)?))
}

/// Draw a trace read from `input`, JSON or JSON Lines (told apart by content). JSON Lines is
/// streamed: `info` describes the run when the caller knows it (a file scanned first); otherwise
/// the first events are read ahead to learn what they can.
pub fn render_reader<R, S>(
    input: R,
    info: Option<&RunInfo>,
    animation: &Animation,
    sink: &mut S,
    progress: &dyn Progress,
) -> Result<Summary, Error>
where
    R: std::io::BufRead + Send,
    S: Sink,
{
    match crate::trace::jsonl::open(input)? {
        crate::trace::jsonl::Input::Whole(trace) => render(&trace, animation, sink, progress),
        crate::trace::jsonl::Input::Lines(events) if animation.look.tree && info.is_some() => {
            // The tree is laid out from the whole run: a file's events are read in first.
            let header = events.header.clone();
            let events = events.map(|e| e.map(|(_, event)| event)).collect::<Result<_, _>>()?;
            let trace = Trace { n: header.n, algorithm: header.algorithm, puzzle: header.puzzle, events };
            render(&trace, animation, sink, progress)
        }
        crate::trace::jsonl::Input::Lines(mut events) => {
            if let Some(info) = info {
                return render_stream(info, events, animation, sink, progress);
            }
            let (info, ahead) = events.read_ahead()?;
            render_stream(&info, ahead.into_iter().map(Ok).chain(events), animation, sink, progress)
        }
    }
}
