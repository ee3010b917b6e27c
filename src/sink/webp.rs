//! The animated WebP sink: lossless (VP8L) changed-rectangle frames compressed on all cores.
//!
//! Contract: one ANMF frame per drawn frame, durations in exact milliseconds. The first frame
//! covers the canvas; every later one holds the rectangle that changed (left and top even, as
//! WebP stores offsets in 2-pixel units) with unchanged pixels transparent and alpha blending on,
//! disposal none, so decoders composite exactly the drawn frame. Each frame is its own VP8L image
//! over the colours it uses (see `encode::vp8l`). Loops: `None` loops forever (loop count 0);
//! `Some(k)` plays k + 1 times in all, as the GIF's k extra plays do. The RIFF header needs the
//! file's size, so encoded frames are kept in memory until [`Sink::finish`] (a few MB for 4,000
//! frames).

use super::{Encode, Frame, Sink, Stream};
use crate::draw::raster::canvas::IndexedImage;
use crate::encode::patch::Patch;
use crate::encode::vp8l::{self, MAX_SIDE};
use crate::error::Error;
use std::io::Write;

/// Largest canvas side (24-bit fields); frames are further limited to VP8L's 16,384.
const MAX_CANVAS: usize = MAX_SIDE;
/// ANMF flag: do not blend (the frame replaces what it covers).
const NO_BLEND: u8 = 0b10;

/// Writes an animated, lossless WebP into `W`.
pub struct WebpSink<W: Write> {
    out: Option<W>,
    /// ANMF chunks so far.
    frames: Vec<u8>,
    canvas: (usize, usize),
    loop_count: u16,
    alpha: bool,
}

impl<W: Write> WebpSink<W> {
    /// An animated WebP sink writing into `out`.
    pub fn new(out: W) -> Self {
        WebpSink { out: Some(out), frames: Vec::new(), canvas: (0, 0), loop_count: 0, alpha: false }
    }

    /// The writer back, after [`Sink::finish`].
    pub fn into_inner(self) -> Option<W> {
        self.out
    }
}

/// Compresses WebP frames; shared by the workers.
pub struct WebpEncoder {
    /// Palette index -> ARGB (index 0: transparent).
    argb: Vec<u32>,
}

/// One frame's ANMF chunk, and whether it uses transparency.
pub struct WebpFrame {
    chunk: Vec<u8>,
    alpha: bool,
}

impl Encode for WebpEncoder {
    type Encoded = WebpFrame;

    fn encode(&self, before: Option<&IndexedImage>, frame: &Frame<'_>) -> Result<WebpFrame, Error> {
        let patch = Patch::between(before, frame.image, 2);
        let bitstream = vp8l::encode(&patch.pixels, patch.width, patch.height, &self.argb, &patch.used());
        let mut anmf = Vec::with_capacity(bitstream.len() + 32);
        put24(&mut anmf, patch.x / 2);
        put24(&mut anmf, patch.y / 2);
        put24(&mut anmf, patch.width - 1);
        put24(&mut anmf, patch.height - 1);
        put24(&mut anmf, frame.delay_ms.min(0xff_ffff) as usize);
        anmf.push(if patch.transparent { 0 } else { NO_BLEND });
        chunk(&mut anmf, b"VP8L", &bitstream);
        let mut out = Vec::with_capacity(anmf.len() + 8);
        chunk(&mut out, b"ANMF", &anmf);
        Ok(WebpFrame { chunk: out, alpha: patch.transparent })
    }

    /// Smooth motion's in-betweens are frames like any other, timed to the millisecond.
    fn takes_motion(&self) -> bool {
        true
    }
}

impl<W: Write> Sink for WebpSink<W> {
    type Encoder = WebpEncoder;

    fn start(&mut self, stream: &Stream<'_>) -> Result<WebpEncoder, Error> {
        let (width, height) = (stream.width, stream.height);
        if width > MAX_CANVAS || height > MAX_CANVAS {
            return Err(Error::SideTooLong { width, height, format: "WebP", max: MAX_CANVAS });
        }
        if self.out.is_none() || self.canvas != (0, 0) {
            return Err(Error::SinkState("started twice"));
        }
        self.canvas = (width, height);
        self.loop_count = stream.loop_count.map_or(0, |extra| extra.saturating_add(1));
        let palette = stream.palette;
        let argb = (0..palette.len())
            .map(|i| match i {
                0 => 0, // transparent
                _ => {
                    let [r, g, b] = palette.rgb(i as u8);
                    0xff00_0000 | u32::from(r) << 16 | u32::from(g) << 8 | u32::from(b)
                }
            })
            .collect();
        Ok(WebpEncoder { argb })
    }

    fn write(&mut self, encoded: WebpFrame) -> Result<(), Error> {
        if self.canvas == (0, 0) {
            return Err(Error::SinkState("frame before start"));
        }
        self.alpha |= encoded.alpha;
        self.frames.extend_from_slice(&encoded.chunk);
        Ok(())
    }

    fn finish(&mut self) -> Result<(), Error> {
        let mut out = self.out.take().ok_or(Error::SinkState("finish before start"))?;
        let (width, height) = self.canvas;
        let mut vp8x = vec![0b10 | if self.alpha { 0b1_0000 } else { 0 }, 0, 0, 0];
        put24(&mut vp8x, width - 1);
        put24(&mut vp8x, height - 1);
        let mut anim = vec![0u8; 4]; // background colour (unused: frames cover the canvas)
        anim.extend(self.loop_count.to_le_bytes());
        let mut head = Vec::with_capacity(64);
        chunk(&mut head, b"VP8X", &vp8x);
        chunk(&mut head, b"ANIM", &anim);
        let size = 4 + head.len() + self.frames.len();
        let size = u32::try_from(size).map_err(|_| Error::FileTooLarge { format: "WebP" })?;
        out.write_all(b"RIFF")?;
        out.write_all(&size.to_le_bytes())?;
        out.write_all(b"WEBP")?;
        out.write_all(&head)?;
        out.write_all(&std::mem::take(&mut self.frames))?;
        out.flush()?;
        self.out = Some(out);
        Ok(())
    }
}

fn put24(out: &mut Vec<u8>, value: usize) {
    out.extend_from_slice(&(value as u32).to_le_bytes()[..3]);
}

/// A RIFF chunk: tag, little-endian size, data, a pad byte when the size is odd.
fn chunk(out: &mut Vec<u8>, tag: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(tag);
    out.extend_from_slice(&(data.len() as u32).to_le_bytes());
    out.extend_from_slice(data);
    if data.len() % 2 == 1 {
        out.push(0);
    }
}
