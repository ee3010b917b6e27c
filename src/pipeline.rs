//! Wires the stages: trace -> board states -> frames -> encoder, streaming.
//!
//! Contract: a producer thread replays the trace, draws each frame and diffs it against the
//! previous one; finished GIF frames flow through a bounded channel to the encoder, which
//! compresses them in parallel batches and writes them in order. Memory stays flat whatever the
//! number of frames. The trace is validated before anything is drawn.

use crate::board::{self, BoardFrame, Replay};
use crate::encode::gif::{centiseconds, diff_frame, GifWriter, Timing, Tuning};
use crate::render::caption::CaptionSpec;
use crate::render::layout::{MAX_SQUARE, MIN_SQUARE};
use crate::render::{RenderOptions, Renderer};
use crate::trace::{Event, Trace};
use crate::Error;
use std::io::Write;
use std::sync::mpsc::{sync_channel, SyncSender};

/// Frames in flight between the renderer and the encoder.
const CHANNEL_FRAMES: usize = 16;

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
    let mut writer = GifWriter::new(out, (width, height), &renderer.palette, timing.loop_count, tuning)?;
    std::thread::scope(|scope| -> Result<(), Error> {
        let (tx, rx) = sync_channel(CHANNEL_FRAMES);
        scope.spawn(move || produce_frames(trace, renderer, timing, tuning.diff_frames, tx));
        let total = trace.frame_count();
        for (done, frame) in rx.into_iter().enumerate() {
            writer.push(frame?)?;
            if !progress.advance(done + 1, total) {
                return Err(Error::Cancelled);
            }
        }
        Ok(())
    })?;
    let (out, frames) = writer.finish()?;
    Ok((out, AnimationSummary { frames, width, height }))
}

/// Replay, draw and diff every frame, sending each to the encoder; stops if the encoder hangs up.
fn produce_frames(
    trace: &Trace,
    mut renderer: Renderer,
    timing: &Timing,
    diff: bool,
    tx: SyncSender<Result<gif::Frame<'static>, Error>>,
) {
    let mut previous = renderer.blank();
    let mut current = renderer.blank();
    for (i, frame) in Replay::new(trace).enumerate() {
        let frame = match frame {
            Ok(frame) => frame,
            Err(e) => {
                let _ = tx.send(Err(e));
                return;
            }
        };
        renderer.draw(&frame, &mut current);
        let mut gif_frame = diff_frame((diff && i > 0).then_some(&previous), &current);
        gif_frame.delay = centiseconds(delay_ms(&frame, timing));
        if tx.send(Ok(gif_frame)).is_err() {
            return;
        }
        std::mem::swap(&mut previous, &mut current);
    }
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
