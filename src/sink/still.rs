//! The PNG still sink: one frame of a run as a palette PNG, pixel for pixel the frame the GIF
//! would show.
//!
//! Contract: exactly one frame is accepted (a second is refused); the PNG holds only the colours
//! the frame uses.

use super::{Encode, Frame, OwnedFrame, Sink, Stream};
use crate::draw::raster::canvas::IndexedImage;
use crate::draw::raster::palette::Palette;
use crate::encode::png::write_png;
use crate::error::Error;
use std::io::Write;

/// Writes the one frame it is given as a PNG into `W`.
pub struct StillSink<W: Write> {
    out: Option<W>,
    palette: Option<Palette>,
}

impl<W: Write> StillSink<W> {
    /// A PNG still sink writing into `out`.
    pub fn new(out: W) -> Self {
        StillSink { out: Some(out), palette: None }
    }
}

/// Hands a copy of the frame to the writer (a PNG compresses its strips on all cores itself).
pub struct CopyEncoder;

impl Encode for CopyEncoder {
    type Encoded = OwnedFrame;

    fn encode(&self, _before: Option<&IndexedImage>, frame: &Frame<'_>) -> Result<OwnedFrame, Error> {
        Ok(frame.to_owned())
    }
}

impl<W: Write> Sink for StillSink<W> {
    type Encoder = CopyEncoder;

    fn start(&mut self, stream: &Stream<'_>) -> Result<CopyEncoder, Error> {
        match stream.frames {
            Some(1) => {}
            Some(frames) => return Err(Error::StillFrames { frames }),
            None => return Err(Error::SelectionNeedsLength),
        }
        self.palette = Some(stream.palette.clone());
        Ok(CopyEncoder)
    }

    fn write(&mut self, frame: OwnedFrame) -> Result<(), Error> {
        let out = self.out.take().ok_or(Error::SinkState("a still takes one frame"))?;
        let palette = self.palette.as_ref().ok_or(Error::SinkState("frame before start"))?;
        write_png(out, &frame.image, palette.colors())
    }

    fn finish(&mut self) -> Result<(), Error> {
        Ok(())
    }
}
