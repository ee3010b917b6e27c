//! Wires the stages: trace -> replayed board states -> drawn frames -> a [`Sink`], streaming.
//!
//! Contract: the trace is validated before anything is drawn. A producer thread replays it
//! (every event, so each frame shows the board of its own step) and sends the selected frames in
//! chunks through a bounded channel; each chunk is drawn on all cores (every worker drawing a run
//! of consecutive frames with its own renderer) and handed to the sink in order, which compresses
//! it (in parallel where it can). Frames hold board state, not pixels, until they are drawn, and at
//! most a few chunks exist at once, so memory stays flat whatever the number of frames.

use crate::board::{self, BoardFrame, Replay};
use crate::render::caption::CaptionSpec;
use crate::render::{RenderOptions, Renderer};
use crate::sink::{Encode, Frame, Sink, Stream};
use crate::trace::{Event, Trace};
use crate::Error;
use rayon::prelude::*;
use std::sync::mpsc::{sync_channel, SyncSender};

/// Default milliseconds per ordinary frame (`--delay`).
pub const DEFAULT_DELAY_MS: u32 = 250;
/// Default milliseconds a solution frame shows (`--hold`).
pub const DEFAULT_HOLD_MS: u32 = 1500;
/// Default milliseconds the last frame shows (`--end-hold`).
pub const DEFAULT_END_HOLD_MS: u32 = 3000;
/// Default cap on frames per animation (`--max-frames`).
pub const DEFAULT_MAX_FRAMES: usize = 100_000;

/// Frames replayed and handed to the workers at a time (board states, not pixels: each worker
/// holds just two images).
const CHUNK_FRAMES: usize = 64;
/// Chunks in flight between the replay thread and the drawing workers.
const CHANNEL_CHUNKS: usize = 2;

/// How long frames show and how often the animation repeats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Timing {
    /// Delay of an ordinary frame, in milliseconds. Default: [`DEFAULT_DELAY_MS`].
    pub delay_ms: u32,
    /// Delay of a solution frame. Default: [`DEFAULT_HOLD_MS`].
    pub hold_ms: u32,
    /// Delay of the last frame (before the animation loops). Default: [`DEFAULT_END_HOLD_MS`].
    pub end_hold_ms: u32,
    /// `None` loops forever; `Some(k)` plays k extra times; `Some(0)` plays once. Default: `None`.
    pub loop_count: Option<u16>,
}

impl Default for Timing {
    fn default() -> Self {
        Timing {
            delay_ms: DEFAULT_DELAY_MS,
            hold_ms: DEFAULT_HOLD_MS,
            end_hold_ms: DEFAULT_END_HOLD_MS,
            loop_count: None,
        }
    }
}

impl Timing {
    /// How long an output frame shows: end hold on the last one, hold on solutions, else the delay.
    pub fn delay_for(&self, event: Option<&Event>, last: bool) -> u32 {
        if last {
            self.end_hold_ms
        } else if matches!(event, Some(Event::Solution { .. })) {
            self.hold_ms
        } else {
            self.delay_ms
        }
    }
}

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
    /// The frames to output, increasing, each at most the run's last frame; `None` for all.
    /// Default: `None`.
    pub frames: Option<Vec<usize>>,
}

impl Default for Animation {
    fn default() -> Self {
        Animation {
            look: RenderOptions::default(),
            timing: Timing::default(),
            max_frames: DEFAULT_MAX_FRAMES,
            frames: None,
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
/// ([`Error::Cancelled`]). Implementations must be cheap: they are called once per frame.
pub trait Progress: Sync {
    fn advance(&self, done: usize, total: usize) -> bool;
}

/// Progress that nobody watches.
pub struct NoProgress;

impl Progress for NoProgress {
    fn advance(&self, _done: usize, _total: usize) -> bool {
        true
    }
}

/// What a run produced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Summary {
    /// Frames handed to the sink.
    pub frames: usize,
    pub width: usize,
    pub height: usize,
}

/// The caption a trace's frames need room for.
pub fn caption_spec(trace: &Trace) -> CaptionSpec {
    CaptionSpec {
        n: trace.n,
        algorithm: trace.algorithm.clone(),
        kind: trace.algorithm.parse().ok(),
        total_events: trace.events.len(),
        has_checks: trace.events.iter().any(|e| matches!(e, Event::Check { .. })),
        max_value: trace
            .events
            .iter()
            .filter_map(|e| match e {
                Event::Layout { tries, .. } => *tries,
                _ => None,
            })
            .max()
            .unwrap_or(0),
    }
}

/// Draw the frames of `trace` that `animation` selects and hand them to `sink`, in order.
pub fn render<S: Sink>(
    trace: &Trace,
    animation: &Animation,
    sink: &mut S,
    progress: &dyn Progress,
) -> Result<Summary, Error> {
    let renderer = prepare(trace, animation)?;
    let selected = selected_frames(trace, animation)?;
    let (width, height) = (renderer.layout.width, renderer.layout.height);
    let total = selected.as_ref().map_or(trace.frame_count(), Vec::len);
    let encoder = sink.start(&Stream {
        width,
        height,
        palette: &renderer.palette,
        loop_count: animation.timing.loop_count,
        frames: total,
    })?;
    let mut renderers = vec![renderer; rayon::current_num_threads().max(1)];
    std::thread::scope(|scope| -> Result<(), Error> {
        let (tx, rx) = sync_channel(CHANNEL_CHUNKS);
        let selected = selected.as_deref();
        scope.spawn(move || replay_in_chunks(trace, selected, tx));
        let mut before: Option<BoardFrame> = None;
        let mut done = 0;
        for chunk in rx {
            let chunk = chunk?;
            let job = Job { encoder: &encoder, timing: &animation.timing, first: done, total };
            for encoded in job.run(&mut renderers, before.as_ref(), &chunk) {
                sink.write(encoded?)?;
                done += 1;
                if !progress.advance(done, total) {
                    return Err(Error::Cancelled);
                }
            }
            before = chunk.into_iter().last();
        }
        Ok(())
    })?;
    sink.finish()?;
    Ok(Summary { frames: total, width, height })
}

/// Drawing and encoding one chunk of frames on all cores.
struct Job<'a, E> {
    encoder: &'a E,
    timing: &'a Timing,
    /// Output position of the chunk's first frame.
    first: usize,
    /// Output frames in all.
    total: usize,
}

impl<E: Encode> Job<'_, E> {
    /// Split the chunk into runs of consecutive frames, one per renderer; each worker draws its
    /// run (after the frame before it, as the base of the first difference) and encodes every
    /// frame while its pixels are in cache. Results come back in order.
    fn run(
        &self,
        renderers: &mut [Renderer],
        before: Option<&BoardFrame>,
        chunk: &[BoardFrame],
    ) -> Vec<Result<E::Encoded, Error>> {
        let part = chunk.len().div_ceil(renderers.len()).max(1);
        let encoded: Vec<Vec<Result<E::Encoded, Error>>> = renderers
            .par_iter_mut()
            .zip(chunk.par_chunks(part).enumerate().collect::<Vec<_>>())
            .map(|(renderer, (i, frames))| {
                let base = if i == 0 { before } else { Some(&chunk[i * part - 1]) };
                self.encode_run(renderer, base, frames, i * part)
            })
            .collect();
        encoded.into_iter().flatten().collect()
    }

    fn encode_run(
        &self,
        renderer: &mut Renderer,
        base: Option<&BoardFrame>,
        frames: &[BoardFrame],
        offset: usize,
    ) -> Vec<Result<E::Encoded, Error>> {
        let mut previous = renderer.blank();
        let mut current = renderer.blank();
        if let Some(base) = base {
            renderer.draw(base, &mut previous);
        }
        let mut out = Vec::with_capacity(frames.len());
        for (i, board_frame) in frames.iter().enumerate() {
            renderer.draw(board_frame, &mut current);
            let position = self.first + offset + i;
            let last = position + 1 == self.total;
            let frame = Frame {
                step: board_frame.index,
                event: board_frame.event.as_ref(),
                delay_ms: self.timing.delay_for(board_frame.event.as_ref(), last),
                position,
                image: &current,
            };
            let has_before = base.is_some() || i > 0;
            out.push(self.encoder.encode(has_before.then_some(&previous), &frame));
            std::mem::swap(&mut previous, &mut current);
        }
        out
    }
}

/// Check the run against the animation's limits and make its renderer.
fn prepare(trace: &Trace, animation: &Animation) -> Result<Renderer, Error> {
    crate::render::layout::check_geometry(trace.n, animation.look.square_for(trace.n))?;
    if trace.frame_count() > animation.max_frames {
        return Err(Error::TooManyFrames { limit: animation.max_frames });
    }
    board::validate(trace)?;
    let renderer = Renderer::new(trace.n, &animation.look, Some(caption_spec(trace)));
    crate::render::layout::check_frame_size(renderer.layout.width, renderer.layout.height)?;
    Ok(renderer)
}

/// The selected frame numbers, checked against the run (`None`: every frame).
fn selected_frames(trace: &Trace, animation: &Animation) -> Result<Option<Vec<usize>>, Error> {
    let Some(frames) = &animation.frames else { return Ok(None) };
    let last = trace.events.len();
    if let Some(&past) = frames.iter().find(|&&k| k > last) {
        return Err(Error::FrameOutOfRange { frame: past, last });
    }
    if frames.windows(2).any(|w| w[0] >= w[1]) || frames.is_empty() {
        return Err(Error::FrameSelection);
    }
    Ok(Some(frames.clone()))
}

/// Replay the trace and send the selected frames in chunks; stops if the receiver hangs up.
fn replay_in_chunks(trace: &Trace, selected: Option<&[usize]>, tx: SyncSender<Result<Vec<BoardFrame>, Error>>) {
    let mut chunk = Vec::with_capacity(CHUNK_FRAMES);
    let mut wanted = selected.map(|s| s.iter().copied().peekable());
    for frame in Replay::new(trace) {
        let frame = match frame {
            Ok(frame) => frame,
            Err(e) => {
                let _ = tx.send(Err(e));
                return;
            }
        };
        if let Some(wanted) = wanted.as_mut() {
            if wanted.peek() != Some(&frame.index) {
                continue;
            }
            wanted.next();
        }
        chunk.push(frame);
        if chunk.len() == CHUNK_FRAMES && tx.send(Ok(std::mem::take(&mut chunk))).is_err() {
            return;
        }
        if wanted.as_mut().is_some_and(|w| w.peek().is_none()) {
            break;
        }
    }
    if !chunk.is_empty() {
        let _ = tx.send(Ok(chunk));
    }
}
