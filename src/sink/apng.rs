//! The APNG sink: palette PNG frames with a transparent index, changed rectangles, compressed on
//! all cores.
//!
//! Contract: one APNG frame per drawn frame, delays in exact milliseconds (as ms/1000 s, or
//! tenths of the delay over 100 when it passes 65,535 ms). One global palette (PLTE) with index 0
//! fully transparent (tRNS); 8-bit indices. The first frame is the default image (IDAT) and covers
//! the canvas; every later frame holds the rectangle that changed, unchanged pixels transparent,
//! blended OVER the frame before, disposal none, so decoders composite exactly the drawn frame.
//! Loops: `None` loops forever (num_plays 0); `Some(k)` plays k + 1 times. Rows use the filter
//! [`FILTER`], chosen by measurement (see `examples/bench.rs`), and are deflated by
//! [`zlib::deflate_rows_piece`], which knows the row length.
//! Frames stream straight to the writer when their number is known at the start (not with smooth
//! motion, whose in-betweens are frames too: then the file is kept until the end).

use super::{Encode, Frame, Sink, Stream};
use crate::draw::raster::canvas::IndexedImage;
use crate::encode::patch::Patch;
use crate::encode::png::write_chunk;
use crate::encode::zlib::{self, Deflated};
use crate::error::Error;
use rayon::prelude::*;
use std::io::Write;

/// Row filter: 0 None, 2 Up. Measured on `animate 8` with miniz at level 9: None 234 KB, Up 312 KB
/// (not measured again with the row matcher).
const FILTER: u8 = 0;
/// Pixels per independently deflated strip of the first frame (later frames are compressed in
/// parallel with each other, whole: a split costs a block header and the matches across it).
const STRIP_PIXELS: usize = 1 << 16;
/// fcTL blend_op: draw the frame OVER the one before (transparent pixels keep it).
const BLEND_OVER: u8 = 1;

/// Writes an APNG into `W`.
pub struct ApngSink<W: Write> {
    out: Option<W>,
    /// Next sequence number (fcTL and fdAT chunks share one count).
    sequence: u32,
    frames: u32,
    /// Header fields, until the header is written.
    header: Option<ChunkHeader>,
    /// Frames held back while the frame count is unknown.
    held: Vec<u8>,
}

/// What the file header says: size, frames (when known up front), plays, palette.
struct ChunkHeader {
    width: usize,
    height: usize,
    frames: Option<usize>,
    plays: u32,
    palette: Vec<u8>,
}

impl<W: Write> ApngSink<W> {
    /// An APNG sink writing into `out`.
    pub fn new(out: W) -> Self {
        ApngSink { out: Some(out), sequence: 0, frames: 0, header: None, held: Vec::new() }
    }

    /// The writer back, after [`Sink::finish`].
    pub fn into_inner(self) -> Option<W> {
        self.out
    }
}

impl ChunkHeader {
    fn write<W: Write>(&self, out: &mut W, frames: usize) -> Result<(), Error> {
        let mut ihdr = Vec::with_capacity(13);
        ihdr.extend((self.width as u32).to_be_bytes());
        ihdr.extend((self.height as u32).to_be_bytes());
        ihdr.extend([8, 3, 0, 0, 0]); // 8-bit palette indices, no interlace
        let mut actl = Vec::with_capacity(8);
        actl.extend((frames as u32).to_be_bytes());
        actl.extend(self.plays.to_be_bytes());
        out.write_all(b"\x89PNG\r\n\x1a\n")?;
        write_chunk(out, b"IHDR", &[&ihdr])?;
        write_chunk(out, b"acTL", &[&actl])?;
        write_chunk(out, b"PLTE", &[&self.palette])?;
        write_chunk(out, b"tRNS", &[&[0]])?;
        Ok(())
    }
}

/// Compresses APNG frames; shared by the workers.
pub struct ApngEncoder;

/// One frame: its fcTL fields after the sequence number, and its zlib stream in pieces.
pub struct ApngFrame {
    control: Vec<u8>,
    data: Vec<Deflated>,
    first: bool,
}

impl Encode for ApngEncoder {
    type Encoded = ApngFrame;

    fn encode(&self, before: Option<&IndexedImage>, frame: &Frame<'_>) -> Result<ApngFrame, Error> {
        let patch = Patch::between(before, frame.image, 1);
        let mut control = Vec::with_capacity(22);
        for v in [patch.width, patch.height, patch.x, patch.y] {
            control.extend((v as u32).to_be_bytes());
        }
        let (num, den) = delay_fraction(frame.delay_ms);
        control.extend(num.to_be_bytes());
        control.extend(den.to_be_bytes());
        control.push(0); // dispose_op: none
        control.push(if patch.transparent { BLEND_OVER } else { 0 });
        let rows = if before.is_none() { STRIP_PIXELS.div_ceil(patch.width) } else { patch.height };
        let strips: Vec<&[u8]> = patch.pixels.chunks(patch.width * rows.max(1)).collect();
        let deflate = |(i, rows): (usize, &&[u8])| {
            zlib::deflate_rows_piece(&filtered(rows, patch.width), patch.width + 1, i + 1 == strips.len())
        };
        let data = if strips.len() > 1 {
            strips.par_iter().enumerate().map(deflate).collect()
        } else {
            strips.iter().enumerate().map(deflate).collect()
        };
        Ok(ApngFrame { control, data, first: before.is_none() })
    }

    /// Smooth motion's in-betweens are frames like any other, timed to the millisecond.
    fn takes_motion(&self) -> bool {
        true
    }
}

/// Rows with their filter byte ([`FILTER`]; the first row of a strip always None).
fn filtered(pixels: &[u8], width: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(pixels.len() + pixels.len() / width);
    let mut above: Option<&[u8]> = None;
    for row in pixels.chunks_exact(width) {
        match above.filter(|_| FILTER == 2) {
            Some(above) => {
                out.push(2);
                out.extend(row.iter().zip(above).map(|(&p, &a)| p.wrapping_sub(a)));
            }
            None => {
                out.push(0);
                out.extend_from_slice(row);
            }
        }
        above = Some(row);
    }
    out
}

/// A delay as the fraction APNG stores (16-bit numerator and denominator), exact up to 65,535 ms.
fn delay_fraction(ms: u32) -> (u16, u16) {
    match u16::try_from(ms) {
        Ok(ms) => (ms, 1000),
        Err(_) => (((ms + 5) / 10).min(u32::from(u16::MAX)) as u16, 100),
    }
}

impl<W: Write> Sink for ApngSink<W> {
    type Encoder = ApngEncoder;

    fn start(&mut self, stream: &Stream<'_>) -> Result<ApngEncoder, Error> {
        if self.header.is_some() || self.out.is_none() {
            return Err(Error::SinkState("started twice"));
        }
        let header = ChunkHeader {
            width: stream.width,
            height: stream.height,
            // Smooth motion's pictures are counted as they come (equal in-betweens are merged).
            frames: stream.frames.filter(|_| stream.motion == crate::motion::Motion::None),
            plays: stream.loop_count.map_or(0, |extra| u32::from(extra) + 1),
            palette: stream.palette.flat(),
        };
        if let (Some(frames), Some(out)) = (header.frames, self.out.as_mut()) {
            header.write(out, frames)?;
        }
        self.header = Some(header);
        Ok(ApngEncoder)
    }

    fn write(&mut self, encoded: ApngFrame) -> Result<(), Error> {
        let streaming = self.header.as_ref().ok_or(Error::SinkState("frame before start"))?.frames.is_some();
        let out = self.out.as_mut().ok_or(Error::SinkState("frame after finish"))?;
        let out: &mut dyn Write = if streaming { out } else { &mut self.held };
        let sequence = self.sequence;
        write_chunk(out, b"fcTL", &[&sequence.to_be_bytes(), &encoded.control])?;
        let mut next = sequence + 1;
        for piece in zlib::stream_chunks(&encoded.data) {
            if encoded.first {
                write_chunk(out, b"IDAT", &[&piece])?;
            } else {
                write_chunk(out, b"fdAT", &[&next.to_be_bytes(), &piece])?;
                next += 1;
            }
        }
        self.sequence = next;
        self.frames += 1;
        Ok(())
    }

    fn finish(&mut self) -> Result<(), Error> {
        let header = self.header.take().ok_or(Error::SinkState("finish before start"))?;
        let out = self.out.as_mut().ok_or(Error::SinkState("finish twice"))?;
        if header.frames.is_none() {
            header.write(out, self.frames as usize)?;
            out.write_all(&std::mem::take(&mut self.held))?;
        }
        write_chunk(out, b"IEND", &[])?;
        out.flush()?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delays_are_exact_fractions() {
        assert_eq!(delay_fraction(250), (250, 1000));
        assert_eq!(delay_fraction(65_535), (65_535, 1000));
        assert_eq!(delay_fraction(655_350), (65_535, 100));
    }
}
