//! A run's frames pulled one at a time as `image::RgbaImage`s (feature `image`), for programs that
//! want pixels in memory rather than a file.
//!
//! Contract: the same frames, pixels and delays that [`render`](super::render) hands a sink, in
//! order, with the same checks up front (the trace is validated before anything is drawn). Each
//! `next` replays up to the next selected frame, describes it and paints it on the calling thread
//! into one reused canvas, so memory is flat in the number of frames: one indexed canvas plus the
//! image handed out. No thread is started and nothing is written anywhere.

use super::timing::Pacer;
use super::workers::{frame_delay, paced_words, Drawer, RunDrawer};
use super::{prepare_trace, Animation, Timing};
use crate::board::Replay;
use crate::error::Error;
use crate::pixels::IndexedImage;
use crate::trace::Trace;
use std::iter::Peekable;

/// The frames of one run, drawn as they are pulled: each item is the frame's picture and how long
/// it shows, in milliseconds. Made by [`frames`].
pub struct Frames<'a> {
    drawer: RunDrawer,
    replay: Replay<'a>,
    /// The frame numbers to hand out, increasing (`None`: every frame).
    wanted: Option<Peekable<std::vec::IntoIter<usize>>>,
    timing: Timing,
    /// Holds the run's sentences as `render` does (frames come in order).
    pacer: Pacer,
    canvas: IndexedImage,
    /// Frames handed out so far, and how many will be.
    position: usize,
    count: usize,
}

/// The frames of `trace` that `animation` selects, drawn one at a time as the iterator is pulled:
/// `(picture, delay in milliseconds)`, exactly what [`render`](super::render) hands a sink.
///
/// Fails up front as [`render`](super::render) does (an invalid trace, a board or frame too
/// large, too many frames, a frame list out of range); a failure while replaying ends the
/// iteration with that error.
///
/// ```
/// let trace = queens::record(&queens::SolveOptions::new(4), queens::DEFAULT_MAX_FRAMES)?;
/// let mut total_ms = 0;
/// for frame in queens::frames(&trace, &queens::Animation::new())? {
///     let (picture, delay_ms) = frame?;
///     assert_eq!(picture.get_pixel(0, 0).0[3], 255, "opaque");
///     total_ms += delay_ms;
/// }
/// assert!(total_ms > 0);
/// # Ok::<(), queens::Error>(())
/// ```
pub fn frames<'a>(trace: &'a Trace, animation: &Animation) -> Result<Frames<'a>, Error> {
    let (describer, selected) = prepare_trace(trace, animation)?;
    let count = selected.as_ref().map_or(trace.frame_count(), Vec::len);
    let drawer = RunDrawer::new(describer, &animation.look.theme);
    Ok(Frames {
        canvas: drawer.blank(),
        drawer,
        replay: Replay::new(trace),
        wanted: selected.map(|frames| frames.into_iter().peekable()),
        timing: animation.timing,
        pacer: Pacer::new(animation.timing.pace),
        position: 0,
        count,
    })
}

impl Frames<'_> {
    /// The frames' size in pixels, width then height (every frame has it).
    pub fn size(&self) -> (u32, u32) {
        (self.canvas.width as u32, self.canvas.height as u32)
    }
}

impl Iterator for Frames<'_> {
    type Item = Result<(image::RgbaImage, u32), Error>;

    fn next(&mut self) -> Option<Self::Item> {
        while self.position < self.count {
            let frame = match self.replay.next()? {
                Ok(frame) => frame,
                Err(e) => {
                    self.position = self.count;
                    return Some(Err(e));
                }
            };
            if let Some(wanted) = self.wanted.as_mut() {
                if wanted.next_if_eq(&frame.index).is_none() {
                    continue;
                }
            }
            let scene = self.drawer.describe(&frame);
            self.drawer.paint(&scene, &mut self.canvas);
            self.position += 1;
            let last = self.position == self.count;
            let words = paced_words(&self.drawer, &mut self.pacer, &frame);
            let delay_ms = frame_delay(&self.timing, &frame, last, &words);
            return Some(Ok((self.canvas.to_rgba(self.drawer.palette().colors()), delay_ms)));
        }
        None
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (0, Some(self.count - self.position))
    }
}
