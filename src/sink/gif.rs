//! The animated GIF sink: changed-rectangle frames compressed on all cores, written in order.
//!
//! Contract: exactly one GIF frame per drawn frame, delays rounded to 1/100 s (never under 2;
//! with smooth motion, whose in-betweens are drawn frames too, each picture's end is rounded on
//! the run's clock, so the steps keep their times; at most [`MAX_MOTION_FPS`] pictures a second),
//! the loop count as given (`Some(0)`: no loop extension, plays once). The colour table is the
//! palette, whose order puts the colours most frames change first (`render::palette`), so most
//! frames' LZW codes start at 5 or 6 bits instead of 7.
//!
//! Frames may be undone: a worker that has the image two frames back also writes a frame against it
//! when fewer pixels differ from it than from the frame just before (for a frame that changes less
//! than half the picture, at most half as many: a removal right after its placement). The sink holds each frame back until the next comes; if the next is
//! smaller written against the image two back, the held frame gets disposal "restore to previous"
//! (shown, then undone) and the next is written that way. Only a frame written against the frame just
//! before it can be undone, so what a decoder restores is always the frame before. The composited
//! frames are the same either way.

use super::{Encode, Frame, Sink, Stream};
use crate::draw::raster::canvas::IndexedImage;
use crate::encode::gif::{centiseconds, encode_frame, GifWriter, Tuning};
use crate::encode::order::ColourOrder;
use crate::encode::patch::changed_rect;
use crate::error::Error;
use ::gif::DisposalMethod;
use std::io::Write;

/// The most in-betweens a second a GIF takes: each picture must last 2/100 s or more, and a
/// step's pictures can be a little shorter than a second over the rate.
pub const MAX_MOTION_FPS: u32 = crate::motion::DEFAULT_GIF_FPS;

/// Writes an animated GIF into `W`.
pub struct GifSink<W: Write> {
    out: Option<W>,
    writer: Option<GifWriter<W>>,
    tuning: Tuning,
    /// The last frame, not yet written, and whether it may still be undone.
    held: Option<(::gif::Frame<'static>, bool)>,
    /// With smooth motion, the run's time so far in milliseconds (each delay rounded on it).
    clock: Option<u64>,
}

impl<W: Write> GifSink<W> {
    /// A GIF sink writing into `out`.
    pub fn new(out: W) -> Self {
        Self::with_tuning(out, Tuning::default())
    }

    /// A sink with some encoder optimizations switched off (benchmarks).
    pub fn with_tuning(out: W, tuning: Tuning) -> Self {
        GifSink { out: Some(out), writer: None, tuning, held: None, clock: None }
    }

    /// The writer back, after [`Sink::finish`].
    pub fn into_inner(self) -> Option<W> {
        self.out
    }
}

/// Compresses GIF frames; shared by the workers.
pub struct GifEncoder(Tuning, ColourOrder);

/// One compressed frame, and (when it may be smaller so) the same frame written against the image two
/// frames back, for the sink to use if it can undo the frame between (see the module docs).
pub struct GifFrame {
    frame: ::gif::Frame<'static>,
    over_two_back: Option<::gif::Frame<'static>>,
    delay_ms: u32,
}

impl GifEncoder {
    fn frame(&self, before: Option<&IndexedImage>, frame: &Frame<'_>) -> ::gif::Frame<'static> {
        encode_frame(before, frame.image, centiseconds(frame.delay_ms), self.0, &self.1)
    }
}

impl Encode for GifEncoder {
    type Encoded = GifFrame;

    fn encode(&self, before: Option<&IndexedImage>, frame: &Frame<'_>) -> Result<Self::Encoded, Error> {
        Ok(GifFrame { frame: self.frame(before, frame), over_two_back: None, delay_ms: frame.delay_ms })
    }

    fn encode_after(
        &self,
        two_back: Option<&IndexedImage>,
        before: Option<&IndexedImage>,
        frame: &Frame<'_>,
    ) -> Result<Self::Encoded, Error> {
        let encoded = self.frame(before, frame);
        // A second encoding is tried for a frame that changes half the picture or more (the frame
        // after a solution) with fewer pixels changed since two frames back, and for any frame with
        // at most half as many (a removal right after its placement): trying every frame saved 3.8%
        // more of `--until all` for 1.4-1.6x the time.
        // The frame's rectangle is the one that changed since `before` (see `encode_frame`).
        let (left, top) = (usize::from(encoded.left), usize::from(encoded.top));
        let near = (left, top, left + usize::from(encoded.width), top + usize::from(encoded.height));
        let big = area(near) * 2 >= frame.image.width * frame.image.height;
        let closer = if big { 1 } else { 2 };
        let over_two_back = match (two_back, before) {
            (Some(two_back), Some(before))
                if self.0.diff_frames
                    && self.0.undo_frames
                    && fewer_changes(two_back, (before, near), frame.image, closer) =>
            {
                Some(self.frame(Some(two_back), frame))
            }
            _ => None,
        };
        Ok(GifFrame { frame: encoded, over_two_back, delay_ms: frame.delay_ms })
    }

    /// Smooth motion's in-betweens are frames like any other (the sink rounds their delays).
    fn takes_motion(&self) -> bool {
        true
    }

    /// Compressed frames are a few KB: 256 at a time, one wait between chunks instead of four
    /// (`animate 8 --until all` about 0.9x the time of 64, in the bench's `--job` runs).
    fn frames_per_chunk(&self) -> usize {
        256
    }
}

/// Pixels in a rectangle `(x0, y0, x1, y1)`.
fn area((x0, y0, x1, y1): (usize, usize, usize, usize)) -> usize {
    (x1 - x0) * (y1 - y0)
}

/// Whether `closer` times the pixels of `cur` that differ from `two_back` are fewer than those that
/// differ from `before` inside `near`, the rectangle that changed since `before` (both bounded by a
/// first look at the changed rectangles: a rectangle three times the area is not worth counting).
/// A frame equal to `before` is written as one transparent pixel at the origin, its `near`: no
/// pixel differs there, so it is never "fewer" (unless it equals `two_back` too, where both
/// encodings are the same pixel and the sink keeps the first).
fn fewer_changes(
    two_back: &IndexedImage,
    (before, near): (&IndexedImage, (usize, usize, usize, usize)),
    cur: &IndexedImage,
    closer: usize,
) -> bool {
    let Some(far) = changed_rect(two_back, cur) else { return true };
    if area(far) >= 3 * area(near) {
        return false;
    }
    // Both counts on the same rows, at least four of the shorter rectangle's, at most every 16th.
    let rows = (far.3 - far.1).min(near.3 - near.1);
    let every = (rows / 4).clamp(1, 16);
    closer * differing(two_back, cur, far, every) < differing(before, cur, near, every)
}

/// Pixels that differ between `a` and `b` inside `rect`, on the rows that are multiples of `every`
/// (an estimate, enough to choose which rectangles to encode twice: sampling every 16th row instead
/// of every 4th left `animate 8 --until all` a little smaller), counted in byte lanes the compiler
/// vectorizes.
fn differing(
    a: &IndexedImage,
    b: &IndexedImage,
    (x0, y0, x1, y1): (usize, usize, usize, usize),
    every: usize,
) -> usize {
    let w = a.width;
    let mut total = 0;
    for y in (y0.next_multiple_of(every)..y1).step_by(every) {
        let (p, q) = (&a.pixels[y * w + x0..y * w + x1], &b.pixels[y * w + x0..y * w + x1]);
        // At most 255 per lane and chunk: u8 lanes cannot overflow.
        for (p, q) in p.chunks(255 * 32).zip(q.chunks(255 * 32)) {
            let mut lanes = [0u8; 32];
            let (pc, qc) = (p.chunks_exact(32), q.chunks_exact(32));
            total += pc.remainder().iter().zip(qc.remainder()).filter(|(u, v)| u != v).count();
            for (u, v) in pc.zip(qc) {
                for i in 0..32 {
                    lanes[i] += u8::from(u[i] != v[i]);
                }
            }
            total += lanes.iter().map(|&l| usize::from(l)).sum::<usize>();
        }
    }
    total
}

impl<W: Write> Sink for GifSink<W> {
    type Encoder = GifEncoder;

    fn start(&mut self, stream: &Stream<'_>) -> Result<GifEncoder, Error> {
        let out = self.out.take().ok_or(Error::SinkState("started twice"))?;
        // The palette is in use order already (`Palette::new`); without `colour_order`, the table is
        // written in the paints' own order, every pixel mapped to it.
        let order = if self.tuning.colour_order {
            ColourOrder::identity(stream.palette.len())
        } else {
            ColourOrder::first(&stream.palette.in_natural_order(), stream.palette.len())
        };
        if let crate::motion::Motion::Smooth { fps } = stream.motion {
            if fps > MAX_MOTION_FPS {
                return Err(Error::MotionTooFastForGif { fps });
            }
            self.clock = Some(0);
        }
        let table = order.table(stream.palette.colors());
        self.writer = Some(GifWriter::new(out, (stream.width, stream.height), &table, stream.loop_count)?);
        Ok(GifEncoder(self.tuning, order))
    }

    fn write(&mut self, encoded: GifFrame) -> Result<(), Error> {
        let writer = self.writer.as_mut().ok_or(Error::SinkState("frame before start"))?;
        let GifFrame { mut frame, mut over_two_back, delay_ms } = encoded;
        if let Some(clock) = self.clock.as_mut() {
            // A picture stretched to 2/100 s moves the clock with it: the next ones give it back.
            let start = (*clock + 5) / 10;
            *clock += u64::from(delay_ms);
            let end = (*clock + 5) / 10;
            if end < start + 2 {
                *clock = (start + 2) * 10;
            }
            let delay = (end.max(start + 2) - start).min(u64::from(u16::MAX)) as u16;
            frame.delay = delay;
            if let Some(instead) = over_two_back.as_mut() {
                instead.delay = delay;
            }
        }
        let mut undoable = true;
        if let Some((mut held, held_undoable)) = self.held.take() {
            if let Some(instead) = over_two_back.filter(|f| held_undoable && f.buffer.len() < frame.buffer.len()) {
                held.dispose = DisposalMethod::Previous;
                frame = instead;
                // Written over the image under the undone frame: this one stays.
                undoable = false;
            }
            writer.write(&held)?;
        }
        self.held = Some((frame, undoable));
        Ok(())
    }

    fn finish(&mut self) -> Result<(), Error> {
        let mut writer = self.writer.take().ok_or(Error::SinkState("finish before start"))?;
        if let Some((held, _)) = self.held.take() {
            writer.write(&held)?;
        }
        let (out, _) = writer.finish()?;
        self.out = Some(out);
        Ok(())
    }
}
