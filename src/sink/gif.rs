//! The animated GIF sink: changed-rectangle frames compressed on all cores, written in order.
//!
//! Contract: exactly one GIF frame per drawn frame, delays rounded to 1/100 s (never under 2),
//! the loop count as given (`Some(0)`: no loop extension, plays once). Each frame is held until the
//! next arrives: when the next one is smaller written against the frame before the held one (a
//! solution's unshaded picture between two shaded boards), the held frame gets disposal "restore
//! to previous" (decoders undo it after it shows) and the next is written that way. Never two
//! undone frames in a row, so "previous" is always a frame as it was drawn.

use super::{Encode, Frame, Sink, Stream};
use crate::encode::gif::{centiseconds, encode_frame_undoable, GifFrame, GifWriter, Tuning};
use crate::render::canvas::IndexedImage;
use crate::Error;
use std::io::Write;

/// Writes an animated GIF into `W`.
pub struct GifSink<W: Write> {
    out: Option<W>,
    writer: Option<GifWriter<W>>,
    tuning: Tuning,
    /// The last frame received, not written yet (its disposal depends on the next).
    held: Option<::gif::Frame<'static>>,
    /// The held frame is itself written against the frame two before it.
    held_after_undo: bool,
}

impl<W: Write> GifSink<W> {
    /// A GIF sink writing into `out`.
    pub fn new(out: W) -> Self {
        Self::with_tuning(out, Tuning::default())
    }

    /// A sink with some encoder optimizations switched off (benchmarks).
    pub fn with_tuning(out: W, tuning: Tuning) -> Self {
        GifSink { out: Some(out), writer: None, tuning, held: None, held_after_undo: false }
    }

    /// The writer back, after [`Sink::finish`].
    pub fn into_inner(self) -> Option<W> {
        self.out
    }
}

/// Compresses GIF frames; shared by the workers.
pub struct GifEncoder(Tuning);

impl Encode for GifEncoder {
    type Encoded = GifFrame;

    fn encode(&self, before: Option<&IndexedImage>, frame: &Frame<'_>) -> Result<Self::Encoded, Error> {
        Ok(encode_frame_undoable(frame.earlier, before, frame.image, centiseconds(frame.delay_ms), self.0))
    }
}

impl<W: Write> Sink for GifSink<W> {
    type Encoder = GifEncoder;

    fn start(&mut self, stream: &Stream<'_>) -> Result<GifEncoder, Error> {
        let out = self.out.take().ok_or(Error::SinkState("started twice"))?;
        self.writer =
            Some(GifWriter::new(out, (stream.width, stream.height), stream.palette.colors(), stream.loop_count)?);
        Ok(GifEncoder(self.tuning))
    }

    fn write(&mut self, encoded: GifFrame) -> Result<(), Error> {
        let writer = self.writer.as_mut().ok_or(Error::SinkState("frame before start"))?;
        let GifFrame { frame, after_undo } = encoded;
        let (next, after_undo) = match (self.held.take(), after_undo) {
            (Some(mut held), Some(undone)) if !self.held_after_undo => {
                held.dispose = ::gif::DisposalMethod::Previous;
                writer.write(&held)?;
                (undone, true)
            }
            (held, _) => {
                if let Some(held) = held {
                    writer.write(&held)?;
                }
                (frame, false)
            }
        };
        self.held = Some(next);
        self.held_after_undo = after_undo;
        Ok(())
    }

    fn finish(&mut self) -> Result<(), Error> {
        let mut writer = self.writer.take().ok_or(Error::SinkState("finish before start"))?;
        if let Some(held) = self.held.take() {
            writer.write(&held)?;
        }
        let (out, _) = writer.finish()?;
        self.out = Some(out);
        Ok(())
    }
}
