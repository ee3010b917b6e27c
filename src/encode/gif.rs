//! Animated GIF encoder: one global palette, changed-rectangle frames, run-aware LZW.
//!
//! Contract: frame 0 is written whole; every later frame holds only the rectangle that changed
//! since the previous frame, with unchanged pixels set to the transparent index 0 (or left at their
//! own colour where that compresses better) and disposal "keep", so decoders composite the exact
//! full frame. Delays are in 1/100 s and never below 2. Pixels are written in a colour order
//! (`encode::order::ColourOrder`; the global colour table lists the palette in that order), so
//! decoded colours are the palette's. The GIF sink may give a frame disposal "restore to previous"
//! instead, when the next frame is written against the frame before it (`sink::gif`).

use super::lzw;
use super::order::ColourOrder;
use super::patch::changed_rect;
use crate::error::Error;
use crate::pixels::{IndexedImage, Rgb};
use gif::{DisposalMethod, Frame, Repeat};
use std::borrow::Cow;
use std::io::Write;

pub use crate::pixels::TRANSPARENT;

/// Switches for the encoder's optimizations; all on by default. Benchmarks turn them off one at a
/// time to show what each is worth; the output means the same either way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tuning {
    /// Write only the changed rectangle of each frame, unchanged pixels transparent.
    pub diff_frames: bool,
    /// Use the crate's run-aware LZW encoder instead of the `gif` crate's.
    pub fast_lzw: bool,
    /// With `fast_lzw` and `diff_frames`: let each unchanged pixel be written as transparent or as
    /// its own colour, whichever continues the LZW phrase ([`lzw::encode_diff`]): ~4% smaller.
    pub phrase_aware_diff: bool,
    /// Write the colour table as the palette lists it, in use order (`Palette::new`), so most frames'
    /// LZW codes start narrower; off, in the paints' own order, every pixel mapped to it.
    pub colour_order: bool,
    /// With `diff_frames`: let the GIF sink undo a frame (disposal "restore to previous") when the
    /// next one is smaller written against the image two frames back.
    pub undo_frames: bool,
}

impl Default for Tuning {
    fn default() -> Self {
        Tuning { diff_frames: true, fast_lzw: true, phrase_aware_diff: true, colour_order: true, undo_frames: true }
    }
}

/// Milliseconds to GIF centiseconds, rounded, never under 2 (browsers slow anything faster to 10).
pub fn centiseconds(ms: u32) -> u16 {
    ((ms + 5) / 10).clamp(2, u32::from(u16::MAX)) as u16
}

/// The GIF frame that turns `prev` into `cur`: the changed rectangle, unchanged pixels transparent.
/// Without `prev`, the whole image. With no change at all, a single transparent pixel.
pub fn diff_frame(prev: Option<&IndexedImage>, cur: &IndexedImage) -> Frame<'static> {
    let Some(prev) = prev else {
        return Frame {
            width: cur.width as u16,
            height: cur.height as u16,
            buffer: Cow::Owned(cur.pixels.clone()),
            dispose: DisposalMethod::Keep,
            ..Frame::default()
        };
    };
    let Some((x0, y0, x1, y1)) = changed_rect(prev, cur) else {
        return Frame {
            width: 1,
            height: 1,
            buffer: Cow::Owned(vec![TRANSPARENT]),
            transparent: Some(TRANSPARENT),
            dispose: DisposalMethod::Keep,
            ..Frame::default()
        };
    };
    let mut pixels = vec![TRANSPARENT; (x1 - x0) * (y1 - y0)];
    for (out, y) in pixels.chunks_exact_mut(x1 - x0).zip(y0..y1) {
        let row = y * cur.width;
        let (old, new) = (&prev.pixels[row + x0..row + x1], &cur.pixels[row + x0..row + x1]);
        for ((o, &a), &b) in out.iter_mut().zip(old).zip(new) {
            *o = if a == b { TRANSPARENT } else { b };
        }
    }
    Frame {
        left: x0 as u16,
        top: y0 as u16,
        width: (x1 - x0) as u16,
        height: (y1 - y0) as u16,
        buffer: Cow::Owned(pixels),
        transparent: Some(TRANSPARENT),
        dispose: DisposalMethod::Keep,
        ..Frame::default()
    }
}

/// Replace a frame's pixels by their LZW code stream.
fn compress(frame: &mut Frame<'static>, fast: bool) {
    if !fast {
        frame.make_lzw_pre_encoded();
        return;
    }
    let max = frame.buffer.iter().copied().max().unwrap_or(0);
    let mut out = Vec::with_capacity(frame.buffer.len() / 8 + 16);
    lzw::encode(&frame.buffer, lzw::min_code_size(max), &mut out);
    frame.buffer = Cow::Owned(out);
}

/// The changed rectangle of `cur` against `prev`, compressed by [`lzw::encode_diff`]: unchanged
/// pixels are written as transparent or as their own colour, whichever continues the LZW phrase.
fn diff_frame_compressed(prev: &IndexedImage, cur: &IndexedImage, order: &ColourOrder) -> Frame<'static> {
    let Some((x0, y0, x1, y1)) = changed_rect(prev, cur) else {
        let mut frame = diff_frame(Some(prev), cur);
        compress(&mut frame, true);
        return frame;
    };
    let w = x1 - x0;
    let (mut old, mut new) = (Vec::with_capacity(w * (y1 - y0)), Vec::with_capacity(w * (y1 - y0)));
    for y in y0..y1 {
        let row = y * cur.width;
        let (a, b) = (&prev.pixels[row + x0..row + x1], &cur.pixels[row + x0..row + x1]);
        if order.is_identity() {
            old.extend_from_slice(a);
            new.extend_from_slice(b);
        } else {
            // `encode_diff` only asks whether an old pixel equals the new one, so the old row need not be
            // mapped: it takes the new (mapped) pixel where they agree, and anything else where not.
            let start = new.len();
            order.map_into(b, &mut new);
            old.extend(a.iter().zip(b).zip(&new[start..]).map(|((&p, &q), &n)| if p == q { n } else { !n }));
        }
    }
    let max = largest_changed(&old, &new);
    let mut out = Vec::with_capacity(new.len() / 8 + 16);
    lzw::encode_diff(&old, &new, TRANSPARENT, lzw::min_code_size(max), &mut out);
    Frame {
        left: x0 as u16,
        top: y0 as u16,
        width: w as u16,
        height: (y1 - y0) as u16,
        buffer: Cow::Owned(out),
        transparent: Some(TRANSPARENT),
        dispose: DisposalMethod::Keep,
        ..Frame::default()
    }
}

/// The largest value in `new` where it differs from `old` (0 if none), in 32-lane chunks the
/// compiler vectorizes.
fn largest_changed(old: &[u8], new: &[u8]) -> u8 {
    let mut lanes = [0u8; 32];
    let (old_chunks, new_chunks) = (old.chunks_exact(32), new.chunks_exact(32));
    let tail = old_chunks.remainder().iter().zip(new_chunks.remainder());
    let tail_max = tail.map(|(&a, &b)| if a == b { 0 } else { b }).max().unwrap_or(0);
    for (a, b) in old_chunks.zip(new_chunks) {
        for i in 0..32 {
            lanes[i] = lanes[i].max(b[i] & u8::from(a[i] != b[i]).wrapping_neg());
        }
    }
    lanes.into_iter().fold(tail_max, u8::max)
}

/// The compressed GIF frame that turns `prev` (the previous frame, if any) into `cur`, its pixels
/// written in `order` (the order of the GIF's colour table: [`GifWriter::new`] with `order.table(..)`).
pub fn encode_frame(
    prev: Option<&IndexedImage>,
    cur: &IndexedImage,
    delay_cs: u16,
    tuning: Tuning,
    order: &ColourOrder,
) -> Frame<'static> {
    let mut frame = match prev.filter(|_| tuning.diff_frames) {
        Some(prev) if tuning.fast_lzw && tuning.phrase_aware_diff => diff_frame_compressed(prev, cur, order),
        prev => {
            let mut frame = diff_frame(prev, cur);
            if !order.is_identity() {
                let mut mapped = Vec::with_capacity(frame.buffer.len());
                order.map_into(&frame.buffer, &mut mapped);
                frame.buffer = Cow::Owned(mapped);
            }
            compress(&mut frame, tuning.fast_lzw);
            frame
        }
    };
    frame.delay = delay_cs;
    frame
}

/// Writes pre-compressed frames (from [`encode_frame`]) into a GIF, in order.
pub struct GifWriter<W: Write> {
    encoder: gif::Encoder<W>,
    frames: usize,
}

impl<W: Write> GifWriter<W> {
    /// Starts a GIF of `width` x `height` with the global colour table `colors`, looping as `loop_count` says.
    pub fn new(
        out: W,
        (width, height): (usize, usize),
        colors: &[Rgb],
        loop_count: Option<u16>,
    ) -> Result<Self, Error> {
        if width > usize::from(u16::MAX) || height > usize::from(u16::MAX) {
            return Err(Error::SideTooLong { width, height, format: "GIF", max: usize::from(u16::MAX) });
        }
        let mut encoder = gif::Encoder::new(out, width as u16, height as u16, colors.as_flattened())?;
        let repeat = loop_count.map_or(Repeat::Infinite, Repeat::Finite);
        if repeat != Repeat::Finite(0) {
            encoder.set_repeat(repeat)?;
        }
        Ok(GifWriter { encoder, frames: 0 })
    }

    /// Append one frame made by [`encode_frame`].
    pub fn write(&mut self, frame: &Frame<'_>) -> Result<(), Error> {
        self.encoder.write_lzw_pre_encoded_frame(frame)?;
        self.frames += 1;
        Ok(())
    }

    /// Write the trailer; returns the writer and the number of frames.
    pub fn finish(self) -> Result<(W, usize), Error> {
        let frames = self.frames;
        Ok((self.encoder.into_inner()?, frames))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::theme::Paint;

    #[test]
    fn delays_round_and_never_drop_below_two() {
        assert_eq!(centiseconds(0), 2);
        assert_eq!(centiseconds(14), 2);
        assert_eq!(centiseconds(250), 25);
        assert_eq!(centiseconds(1004), 100);
        assert_eq!(centiseconds(u32::MAX - 10), u16::MAX);
    }

    #[test]
    fn diff_covers_only_the_change() {
        let prev = IndexedImage::filled(10, 8, Paint::Light.index());
        let mut cur = prev.clone();
        cur.fill_rect(3, 2, 2, 3, Paint::Queen.index());
        cur.pixels[2 * 10 + 3] = Paint::Light.index();
        let f = diff_frame(Some(&prev), &cur);
        assert_eq!((f.left, f.top, f.width, f.height), (3, 2, 2, 3));
        assert_eq!(f.buffer[0], TRANSPARENT);
        assert_eq!(f.buffer[1], Paint::Queen.index());
        let mut moved = prev.clone();
        moved.fill_rect(0, 0, 3, 1, Paint::Dark.index());
        moved.pixels[1] = Paint::Light.index();
        let f = diff_frame(Some(&prev), &moved);
        assert_eq!((f.left, f.width), (0, 3));
        assert_eq!(&f.buffer[..], &[Paint::Dark.index(), TRANSPARENT, Paint::Dark.index()]);
        let same = diff_frame(Some(&prev), &prev);
        assert_eq!((same.width, same.height), (1, 1));
    }

    /// Frames written in a colour order decode (gif crate, composited) to the palette's colours,
    /// for every encoder path.
    #[test]
    fn ordered_frames_decode_to_the_palette_colours() {
        let colors: Vec<Rgb> = (0..48u8).map(|i| [i * 5, 255 - i * 5, i]).collect();
        let order = ColourOrder::first(&[40, 41, 42, 3, 7], colors.len());
        let mut frames = vec![IndexedImage::filled(16, 12, Paint::Light.index())];
        for k in 0..4i64 {
            let mut next = frames[k as usize].clone();
            next.fill_rect(k * 3, k, 4, 5, Paint::Queen.index());
            for (i, p) in next.pixels.iter_mut().enumerate().skip(k as usize * 7).step_by(5).take(9) {
                *p = [40, 41, 42, 44, 9][i % 5];
            }
            frames.push(next);
        }
        let all_off = Tuning { diff_frames: false, fast_lzw: false, phrase_aware_diff: false, ..Tuning::default() };
        for tuning in [Tuning::default(), Tuning { phrase_aware_diff: false, ..Tuning::default() }, all_off] {
            let mut writer = GifWriter::new(Vec::new(), (16, 12), &order.table(&colors), None).unwrap();
            for (k, image) in frames.iter().enumerate() {
                let prev = k.checked_sub(1).map(|j| &frames[j]);
                writer.write(&encode_frame(prev, image, 10, tuning, &order)).unwrap();
            }
            let (bytes, _) = writer.finish().unwrap();
            let mut options = gif::DecodeOptions::new();
            options.set_color_output(gif::ColorOutput::Indexed);
            let mut decoder = options.read_info(bytes.as_slice()).unwrap();
            let table = decoder.global_palette().unwrap().to_vec();
            let mut canvas = [0u8; 16 * 12];
            for image in &frames {
                let frame = decoder.read_next_frame().unwrap().unwrap();
                let (left, top, w) = (usize::from(frame.left), usize::from(frame.top), usize::from(frame.width));
                for (y, row) in frame.buffer.chunks_exact(w).enumerate() {
                    for (x, &p) in row.iter().enumerate() {
                        if Some(p) != frame.transparent {
                            canvas[(top + y) * 16 + left + x] = p;
                        }
                    }
                }
                for (&got, &want) in canvas.iter().zip(&image.pixels) {
                    let got = &table[usize::from(got) * 3..][..3];
                    assert_eq!(got, colors[usize::from(want)], "{tuning:?}");
                }
            }
        }
    }
}
