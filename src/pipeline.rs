//! Wires the stages: trace -> board states -> frames -> encoder, streaming.
//!
//! Contract: a producer thread replays the trace into board states and sends them in chunks
//! through a bounded channel; each chunk is split across the cores, every worker drawing, diffing
//! and compressing its consecutive frames (it first draws the frame before its first, as the diff
//! base); the compressed frames are written in order. Frames hold board state, not pixels, until
//! a worker draws them, so memory stays flat whatever the number of frames. The trace is validated
//! before anything is drawn.

use crate::board::{self, BoardFrame, Replay};
use crate::encode::gif::{centiseconds, encode_frame, GifWriter, Timing, Tuning};
use crate::render::caption::CaptionSpec;
use crate::render::layout::{MAX_SQUARE, MIN_SQUARE};
use crate::render::{RenderOptions, Renderer};
use crate::trace::{Event, Trace};
use crate::Error;
use rayon::prelude::*;
use std::io::Write;
use std::sync::mpsc::{sync_channel, SyncSender};

/// Frames replayed and handed to the workers at a time.
const CHUNK_FRAMES: usize = 64;

/// Chunks in flight between the replay thread and the workers.
const CHANNEL_CHUNKS: usize = 2;

/// Largest frame accepted, in pixels (4096 x 4096).
pub const PIXEL_BUDGET: usize = 4096 * 4096;

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

/// What an animation run produced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnimationSummary {
    pub frames: usize,
    pub width: usize,
    pub height: usize,
}

/// Refuse square sizes outside the supported range and frames past the pixel budget.
pub fn check_geometry(n: usize, options: &RenderOptions) -> Result<(), Error> {
    if n == 0 {
        return Err(Error::BoardSize(0));
    }
    let square = options.square_for(n);
    if !(MIN_SQUARE..=MAX_SQUARE).contains(&square) {
        return Err(Error::SquareSize(square));
    }
    let side = n.saturating_mul(square);
    if side.saturating_mul(side) > PIXEL_BUDGET {
        return Err(Error::ImageTooLarge { width: side, height: side, limit: "4096x4096 pixels".into() });
    }
    Ok(())
}

/// The caption a trace's frames need room for.
pub fn caption_spec(trace: &Trace) -> CaptionSpec {
    CaptionSpec {
        n: trace.n,
        algorithm: trace.algorithm.clone(),
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

/// Render a trace as an animated GIF into `out`: exactly `events + 1` frames.
pub fn render_gif<W: Write + Send>(
    trace: &Trace,
    options: &RenderOptions,
    timing: &Timing,
    (max_frames, tuning): (usize, Tuning),
    out: W,
    progress: &dyn Progress,
) -> Result<(W, AnimationSummary), Error> {
    check_geometry(trace.n, options)?;
    if trace.frame_count() > max_frames {
        return Err(Error::TooManyFrames { limit: max_frames });
    }
    board::validate(trace)?;
    let renderer = Renderer::new(trace.n, options, Some(caption_spec(trace)));
    let (width, height) = (renderer.layout.width, renderer.layout.height);
    if width * height > PIXEL_BUDGET {
        return Err(Error::ImageTooLarge { width, height, limit: "4096x4096 pixels".into() });
    }
    let mut writer = GifWriter::new(out, (width, height), &renderer.palette, timing.loop_count)?;
    let workers = if tuning.parallel { rayon::current_num_threads().max(1) } else { 1 };
    let mut renderers: Vec<Renderer> = vec![renderer; workers];
    std::thread::scope(|scope| -> Result<(), Error> {
        let (tx, rx) = sync_channel(CHANNEL_CHUNKS);
        scope.spawn(move || replay_in_chunks(trace, tx));
        let total = trace.frame_count();
        let mut before: Option<BoardFrame> = None;
        let mut done = 0;
        for chunk in rx {
            let chunk = chunk?;
            for frame in encode_chunk(&mut renderers, before.as_ref(), &chunk, timing, tuning) {
                writer.write(&frame)?;
                done += 1;
                if !progress.advance(done, total) {
                    return Err(Error::Cancelled);
                }
            }
            before = chunk.last().cloned();
        }
        Ok(())
    })?;
    let (out, frames) = writer.finish()?;
    Ok((out, AnimationSummary { frames, width, height }))
}

/// Replay the trace and send its frames in chunks; stops if the receiver hangs up.
fn replay_in_chunks(trace: &Trace, tx: SyncSender<Result<Vec<BoardFrame>, Error>>) {
    let mut chunk = Vec::with_capacity(CHUNK_FRAMES);
    for frame in Replay::new(trace) {
        match frame {
            Ok(frame) => chunk.push(frame),
            Err(e) => {
                let _ = tx.send(Err(e));
                return;
            }
        }
        if chunk.len() == CHUNK_FRAMES && tx.send(Ok(std::mem::take(&mut chunk))).is_err() {
            return;
        }
    }
    if !chunk.is_empty() {
        let _ = tx.send(Ok(chunk));
    }
}

/// Draw, diff and compress a chunk of consecutive frames, split across `renderers` (one per
/// worker); `before` is the frame preceding the chunk. Returns the GIF frames in order.
fn encode_chunk(
    renderers: &mut [Renderer],
    before: Option<&BoardFrame>,
    chunk: &[BoardFrame],
    timing: &Timing,
    tuning: Tuning,
) -> Vec<gif::Frame<'static>> {
    let part = chunk.len().div_ceil(renderers.len()).max(1);
    let parts: Vec<(usize, &[BoardFrame])> = chunk.chunks(part).enumerate().map(|(i, p)| (i * part, p)).collect();
    let encoded: Vec<Vec<gif::Frame<'static>>> = renderers
        .par_iter_mut()
        .zip(parts)
        .map(|(renderer, (start, frames))| {
            let base = if start == 0 { before } else { Some(&chunk[start - 1]) };
            encode_run(renderer, base, frames, timing, tuning)
        })
        .collect();
    encoded.into_iter().flatten().collect()
}

/// Draw consecutive frames with one renderer, each diffed against the one before.
fn encode_run(
    renderer: &mut Renderer,
    base: Option<&BoardFrame>,
    frames: &[BoardFrame],
    timing: &Timing,
    tuning: Tuning,
) -> Vec<gif::Frame<'static>> {
    let mut previous = renderer.blank();
    let mut current = renderer.blank();
    if let Some(base) = base {
        renderer.draw(base, &mut previous);
    }
    let mut out = Vec::with_capacity(frames.len());
    for (i, frame) in frames.iter().enumerate() {
        renderer.draw(frame, &mut current);
        let has_previous = base.is_some() || i > 0;
        let delay = centiseconds(delay_ms(frame, timing));
        out.push(encode_frame(has_previous.then_some(&previous), &current, delay, tuning));
        std::mem::swap(&mut previous, &mut current);
    }
    out
}

/// How long a frame shows: end hold on the last frame, hold on solutions, else the delay.
pub fn delay_ms(frame: &BoardFrame, timing: &Timing) -> u32 {
    if frame.index == frame.total {
        timing.end_hold_ms
    } else if matches!(frame.event, Some(Event::Solution { .. })) {
        timing.hold_ms
    } else {
        timing.delay_ms
    }
}
