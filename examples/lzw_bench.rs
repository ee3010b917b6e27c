//! Single-threaded LZW benchmark: `queens::encode::lzw` against the gif crate's own encoder (weezl, via
//! `gif::Frame::make_lzw_pre_encoded`) on synthetic frames shaped like ours: a 450x300 changed rectangle,
//! mostly transparent rows, a few 60 px board squares (one with an anti-aliased queen disc) and a line of
//! anti-aliased text.
//!
//! Run with `cargo run --release --example lzw_bench [frames]` (default 4000 frames).

use std::borrow::Cow;
use std::time::{Duration, Instant};

use queens::encode::lzw;

const WIDTH: usize = 450;
const HEIGHT: usize = 300;
const GLYPH_W: usize = 8;
const GLYPH_H: usize = 14;
/// Largest palette index the frames use; the renderer knows it from its palette, so it is not timed.
const PALETTE_MAX: u8 = 63;

struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// 40 glyphs made of two or three anti-aliased strokes; palette indices 56..=63 are ink coverage levels.
fn glyphs(rng: &mut XorShift) -> Vec<[u8; GLYPH_W * GLYPH_H]> {
    (0..40)
        .map(|_| {
            let strokes: Vec<[f32; 4]> = (0..2 + rng.below(2))
                .map(|_| [1.0, 1.0, 6.0, 12.0].map(|max| rng.below(100) as f32 / 100.0 * max + 0.5))
                .collect();
            let mut glyph = [0u8; GLYPH_W * GLYPH_H];
            for (i, px) in glyph.iter_mut().enumerate() {
                let (x, y) = ((i % GLYPH_W) as f32, (i / GLYPH_W) as f32);
                let ink = strokes.iter().fold(0.0f32, |ink, &[x0, y0, x1, y1]| {
                    let (dx, dy) = (x1 - x0, y1 - y0);
                    let t = (((x - x0) * dx + (y - y0) * dy) / (dx * dx + dy * dy)).clamp(0.0, 1.0);
                    let dist = (x - x0 - t * dx).hypot(y - y0 - t * dy);
                    ink.max((1.6 - dist).clamp(0.0, 1.0))
                });
                *px = if ink < 0.1 { 0 } else { 56 + (ink * 7.0) as u8 };
            }
            glyph
        })
        .collect()
}

/// One frame: rows of transparent index 0, board squares (1 and 2), a queen disc (3, rim 8..=15), text.
fn frame(rng: &mut XorShift, glyphs: &[[u8; GLYPH_W * GLYPH_H]], px: &mut [u8]) {
    px.fill(0);
    for square in 0..1 + rng.below(3) {
        let (x0, y0) = (rng.below(WIDTH / 60) * 60, rng.below(HEIGHT / 60) * 60);
        let colour = 1 + rng.below(2) as u8;
        for y in y0..y0 + 60 {
            px[y * WIDTH + x0..y * WIDTH + x0 + 60].fill(colour);
        }
        if square == 0 {
            for y in y0..y0 + 60 {
                for x in x0..x0 + 60 {
                    let dist = ((x - x0) as f32 - 29.5).hypot((y - y0) as f32 - 29.5);
                    let ink = (22.0 - dist).clamp(0.0, 1.0);
                    if ink > 0.0 {
                        px[y * WIDTH + x] = if ink >= 1.0 { 3 } else { 8 + (ink * 7.99) as u8 };
                    }
                }
            }
        }
    }
    let (y0, count) = (rng.below(HEIGHT - GLYPH_H), 10 + rng.below(40));
    for slot in 0..count {
        let glyph = &glyphs[rng.below(glyphs.len())];
        let x0 = 10 + slot * (GLYPH_W + 1);
        for (row, line) in glyph.chunks_exact(GLYPH_W).enumerate() {
            px[(y0 + row) * WIDTH + x0..][..GLYPH_W].copy_from_slice(line);
        }
    }
}

fn main() {
    let frames: usize = std::env::args().nth(1).map_or(4000, |arg| arg.parse().expect("frame count"));
    let mut rng = XorShift(0x5EED_1234_ABCD_9876);
    let glyphs = glyphs(&mut rng);
    let mut px = vec![0u8; WIDTH * HEIGHT];
    let (mut ours_time, mut gif_time) = (Duration::ZERO, Duration::ZERO);
    let (mut ours_bytes, mut gif_bytes, mut identical, mut zeros) = (0usize, 0usize, 0usize, 0usize);
    let mut out = Vec::new();
    for _ in 0..frames {
        frame(&mut rng, &glyphs, &mut px);
        zeros += px.iter().filter(|&&p| p == 0).count();

        let start = Instant::now();
        out.clear();
        lzw::encode(&px, lzw::min_code_size(PALETTE_MAX), &mut out);
        ours_time += start.elapsed();

        let start = Instant::now();
        let mut frame = gif::Frame { width: WIDTH as u16, height: HEIGHT as u16, ..gif::Frame::default() };
        frame.buffer = Cow::Borrowed(&px);
        frame.make_lzw_pre_encoded();
        gif_time += start.elapsed();

        ours_bytes += out.len();
        gif_bytes += frame.buffer.len();
        identical += usize::from(out[..] == frame.buffer[..]);
    }
    let megabytes = (frames * WIDTH * HEIGHT) as f64 / 1e6;
    let transparent = 100.0 * zeros as f64 / (frames * WIDTH * HEIGHT) as f64;
    println!("{frames} frames of {WIDTH}x{HEIGHT} ({megabytes:.0} MB of pixels, {transparent:.1}% index 0)");
    for (name, time, bytes) in [("queens lzw", ours_time, ours_bytes), ("gif/weezl", gif_time, gif_bytes)] {
        let speed = megabytes / time.as_secs_f64();
        println!("{name:>10}: {:8.1} ms {speed:8.1} MB/s {bytes:>11} bytes", time.as_secs_f64() * 1e3);
    }
    let speedup = gif_time.as_secs_f64() / ours_time.as_secs_f64();
    let size = ours_bytes as f64 / gif_bytes as f64;
    println!("speed-up {speedup:.2}x, size ratio {size:.4}, byte-identical frames {identical}/{frames}");
}
