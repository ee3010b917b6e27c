//! The animated GIF sink: changed-rectangle frames compressed on all cores, written in order.
//!
//! Contract: exactly one GIF frame per drawn frame, delays rounded to 1/100 s (never under 2),
//! the loop count as given (`Some(0)`: no loop extension, plays once).

use super::{Encode, Frame, Sink, Stream};
use crate::encode::gif::{centiseconds, encode_frame, GifWriter, Tuning};
use crate::render::canvas::IndexedImage;
use crate::Error;
use std::io::Write;

/// Writes an animated GIF into `W`.
pub struct GifSink<W: Write> {
    out: Option<W>,
    writer: Option<GifWriter<W>>,
    tuning: Tuning,
}

impl<W: Write> GifSink<W> {
    /// A GIF sink writing into `out`.
    pub fn new(out: W) -> Self {
        Self::with_tuning(out, Tuning::default())
    }

    /// A sink with some encoder optimizations switched off (benchmarks).
    pub fn with_tuning(out: W, tuning: Tuning) -> Self {
        GifSink { out: Some(out), writer: None, tuning }
    }

    /// The writer back, after [`Sink::finish`].
    pub fn into_inner(self) -> Option<W> {
        self.out
    }
}

/// Compresses GIF frames; shared by the workers.
pub struct GifEncoder(Tuning);

impl Encode for GifEncoder {
    type Encoded = ::gif::Frame<'static>;

    fn encode(&self, before: Option<&IndexedImage>, frame: &Frame<'_>) -> Result<Self::Encoded, Error> {
        Ok(encode_frame(before, frame.image, centiseconds(frame.delay_ms), self.0))
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

    fn write(&mut self, encoded: ::gif::Frame<'static>) -> Result<(), Error> {
        self.writer.as_mut().ok_or(Error::SinkState("frame before start"))?.write(&encoded)
    }

    fn finish(&mut self) -> Result<(), Error> {
        let writer = self.writer.take().ok_or(Error::SinkState("finish before start"))?;
        let (out, _) = writer.finish()?;
        self.out = Some(out);
        Ok(())
    }
}
