//! LZW benchmark on real frames: how the unchanged pixels of a changed rectangle are written.
//!
//! Decodes a GIF the tool wrote, composites it, and for every frame after the first takes the
//! changed rectangle between consecutive composited frames (the bounding box of differing pixels,
//! as `encode::gif::diff_frame` does). Then, single-threaded, it compares:
//!
//! - `all-transparent`: every unchanged pixel is the transparent index 0, then `lzw::encode`;
//! - `run-rule`: `diff_frame`'s rule (unchanged pixels take their colour when that continues the
//!   previous pixel's run, else transparent), then `lzw::encode`;
//! - `greedy diff`: `lzw::encode_diff`'s parse without its cut (`encode_diff_greedy`): picks per
//!   unchanged pixel while it parses, plain greedy;
//! - `encode_diff`: the same plus the cut (a phrase may end with its leading run when the phrase from
//!   the changed pixel after it then reaches further);
//! - `weezl`: the `run-rule` pixels through the gif crate's own encoder (`make_lzw_pre_encoded`).
//!
//! Each row gives LZW bytes, the size of the whole GIF rebuilt with those frames (same header,
//! palette, delays; first frame by `lzw::encode`), and the time to choose pixels and encode (each
//! frame encoded `REPS` times, the fastest counted: the machine is noisy). The `greedy diff` and
//! `encode_diff` GIFs are decoded again and checked against the original, frame by frame. The last
//! row is the floor no LZW encoder can beat on these rectangles, whatever it writes for the unchanged
//! pixels.
//!
//! Run with `cargo run --release --example lzw_bench [GIF [REPS]]` (REPS: default 3). Default GIF:
//! `/tmp/a8.gif`, made (if missing) with `target/release/queens animate 8 --until all -o /tmp/a8.gif`.

use std::borrow::Cow;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use queens::internals::lzw;

/// Palette index the tool uses for "unchanged".
const TRANSPARENT: u8 = 0;
const DEFAULT_GIF: &str = "/tmp/a8.gif";
const DEFAULT_REPS: usize = 3;

/// A decoded GIF, composited: every full frame in turn, plus what is needed to write it again.
struct Frames {
    decoder: gif::Decoder<std::fs::File>,
    canvas: Vec<u8>,
    /// The canvas to go back to before the next frame (after a frame with disposal "restore to previous").
    restore: Option<Vec<u8>>,
}

/// What one frame looked like in the original file.
struct Meta {
    delay: u16,
    dispose: gif::DisposalMethod,
}

impl Frames {
    fn open(path: &Path) -> Frames {
        let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let mut options = gif::DecodeOptions::new();
        options.set_color_output(gif::ColorOutput::Indexed);
        let decoder = options.read_info(file).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let canvas = vec![0; usize::from(decoder.width()) * usize::from(decoder.height())];
        Frames { decoder, canvas, restore: None }
    }

    fn size(&self) -> (usize, usize) {
        (usize::from(self.decoder.width()), usize::from(self.decoder.height()))
    }

    /// Composites the next frame onto the canvas (disposal "keep", or "restore to previous" for frames the
    /// tool undoes: the canvas shows the frame, and the next frame is drawn over what was there before).
    fn next(&mut self) -> Option<Meta> {
        let width = usize::from(self.decoder.width());
        let frame = self.decoder.read_next_frame().expect("decodable GIF")?;
        let before = self.restore.take().unwrap_or_else(|| self.canvas.clone());
        self.canvas.copy_from_slice(&before);
        if frame.dispose == gif::DisposalMethod::Previous {
            self.restore = Some(before);
        }
        let (left, top, w) = (usize::from(frame.left), usize::from(frame.top), usize::from(frame.width));
        for (y, row) in frame.buffer.chunks_exact(w).enumerate() {
            let line = &mut self.canvas[(top + y) * width + left..][..w];
            for (dst, &src) in line.iter_mut().zip(row) {
                if Some(src) != frame.transparent {
                    *dst = src;
                }
            }
        }
        Some(Meta { delay: frame.delay, dispose: frame.dispose })
    }
}

/// Bounding box `(x0, y0, x1, y1)` (exclusive ends) of the pixels that differ, if any do.
fn changed_rect(prev: &[u8], cur: &[u8], width: usize) -> Option<(usize, usize, usize, usize)> {
    let rows = || prev.chunks_exact(width).zip(cur.chunks_exact(width)).enumerate();
    let changed: Vec<usize> = rows().filter(|(_, (a, b))| a != b).map(|(y, _)| y).collect();
    let (&y0, &y1) = (changed.first()?, changed.last()?);
    let (mut x0, mut x1) = (width, 0);
    for (_, (a, b)) in rows().skip(y0).take(y1 + 1 - y0) {
        if let Some(x) = a.iter().zip(b).position(|(p, q)| p != q) {
            x0 = x0.min(x);
            x1 = x1.max(width - a.iter().rev().zip(b.iter().rev()).position(|(p, q)| p != q).unwrap());
        }
    }
    Some((x0, y0, x1, y1 + 1))
}

/// Every unchanged pixel transparent.
fn all_transparent(prev: &[u8], cur: &[u8], out: &mut Vec<u8>) {
    out.clear();
    out.extend(prev.iter().zip(cur).map(|(&o, &n)| if o == n { TRANSPARENT } else { n }));
}

/// `diff_frame`'s rule: an unchanged pixel takes its colour if that continues the current run.
fn run_rule(prev: &[u8], cur: &[u8], width: usize, out: &mut Vec<u8>) {
    out.clear();
    let mut last = TRANSPARENT;
    for (old, new) in prev.chunks_exact(width).zip(cur.chunks_exact(width)) {
        out.extend(old.iter().zip(new).map(|(&o, &n)| {
            last = if o != n || last == n { n } else { TRANSPARENT };
            last
        }));
    }
}

/// Min code size for a frame's pixels, as `encode::gif::compress` picks it.
fn code_size(pixels: &[u8]) -> u8 {
    lzw::min_code_size(pixels.iter().copied().max().unwrap_or(0))
}

/// Fewest bytes any GIF LZW stream of `n` pixels takes at this min code size: a phrase is at most one pixel
/// longer than the longest before it, so `c` codes cover at most `c (c + 1) / 2` pixels; count their widths
/// as the table grows (no reset: `c` stays far below 4096 for rectangles under 8 million pixels).
fn floor_bytes(n: usize, size: u8) -> usize {
    let codes = (0..).find(|c: &usize| c * (c + 1) / 2 >= n).unwrap();
    let (mut width, mut next, mut bits) = (u32::from(size) + 1, (1usize << size) + 2, 0);
    bits += width; // clear code
    for k in 0..codes {
        bits += width;
        if k + 1 < codes {
            next += 1;
            if next > 1 << width && width < 12 {
                width += 1;
            }
        }
    }
    bits += width; // end code
    1 + bits.div_ceil(8) as usize
}

/// One way of writing the frames: its running totals and the GIF it rebuilds.
struct Method {
    name: &'static str,
    time: Duration,
    bytes: usize,
    gif: gif::Encoder<Vec<u8>>,
}

impl Method {
    fn write(&mut self, rect: (usize, usize, usize, usize), meta: &Meta, lzw: &[u8]) {
        self.bytes += lzw.len();
        let (x0, y0, x1, y1) = rect;
        let frame = gif::Frame {
            left: x0 as u16,
            top: y0 as u16,
            width: (x1 - x0) as u16,
            height: (y1 - y0) as u16,
            delay: meta.delay,
            // Rebuilt frames are each the change from the frame before: always kept.
            dispose: gif::DisposalMethod::Keep,
            transparent: Some(TRANSPARENT),
            buffer: Cow::Borrowed(lzw),
            ..gif::Frame::default()
        };
        self.gif.write_lzw_pre_encoded_frame(&frame).expect("GIF in memory");
    }
}

/// The GIF to measure: the argument, or the default one, made with the release binary if missing.
fn gif_path() -> PathBuf {
    if let Some(arg) = std::env::args().nth(1) {
        return arg.into();
    }
    let path = PathBuf::from(DEFAULT_GIF);
    if !path.exists() {
        let binary = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/release/queens");
        let args = ["animate", "8", "--until", "all", "-o", DEFAULT_GIF];
        println!("{DEFAULT_GIF} is missing; running {} {}", binary.display(), args.join(" "));
        let ok = Command::new(&binary).args(args).status().is_ok_and(|status| status.success());
        assert!(ok, "could not run {}: `cargo build --release` first, or pass a GIF path", binary.display());
    }
    path
}

fn main() {
    let path = gif_path();
    let mut frames = Frames::open(&path);
    let (width, height) = frames.size();
    let palette = frames.decoder.global_palette().expect("a global palette").to_vec();
    let first = frames.next().expect("at least one frame");
    let reps: usize = std::env::args().nth(2).map_or(DEFAULT_REPS, |r| r.parse().expect("REPS: a number"));
    let names = ["all-transparent", "run-rule", "greedy diff", "encode_diff", "weezl (run-rule)"];
    let mut methods: Vec<Method> = names
        .into_iter()
        .map(|name| {
            let mut gif = gif::Encoder::new(Vec::new(), width as u16, height as u16, &palette).unwrap();
            gif.set_repeat(frames.decoder.repeat()).unwrap();
            let mut lzw = Vec::new();
            lzw::encode(&frames.canvas, code_size(&frames.canvas), &mut lzw);
            let frame = gif::Frame {
                width: width as u16,
                height: height as u16,
                delay: first.delay,
                dispose: first.dispose,
                buffer: Cow::Owned(lzw),
                ..gif::Frame::default()
            };
            gif.write_lzw_pre_encoded_frame(&frame).unwrap();
            Method { name, time: Duration::ZERO, bytes: 0, gif }
        })
        .collect();
    let (mut prev, mut count, mut area, mut changed, mut floor) = (frames.canvas.clone(), 0, 0, 0, 0);
    let (mut old, mut new, mut pixels, mut out) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    while let Some(meta) = frames.next() {
        let cur = &frames.canvas;
        // A frame with no change is one transparent pixel in every method.
        let rect = changed_rect(&prev, cur, width).unwrap_or((0, 0, 1, 1));
        let (x0, y0, x1, y1) = rect;
        old.clear();
        new.clear();
        for y in y0..y1 {
            old.extend_from_slice(&prev[y * width + x0..y * width + x1]);
            new.extend_from_slice(&cur[y * width + x0..y * width + x1]);
        }
        count += 1;
        area += old.len();
        changed += old.iter().zip(&new).filter(|(a, b)| a != b).count();
        floor += floor_bytes(old.len(), code_size(&new));
        let w = x1 - x0;
        for (k, method) in methods.iter_mut().enumerate() {
            let mut fastest = Duration::MAX;
            for _ in 0..reps.max(1) {
                out.clear();
                let start = Instant::now();
                match k {
                    0 => {
                        all_transparent(&old, &new, &mut pixels);
                        lzw::encode(&pixels, code_size(&pixels), &mut out);
                    }
                    1 => {
                        run_rule(&old, &new, w, &mut pixels);
                        lzw::encode(&pixels, code_size(&pixels), &mut out);
                    }
                    2 => lzw::encode_diff_greedy(&old, &new, TRANSPARENT, code_size(&new), &mut out),
                    3 => lzw::encode_diff(&old, &new, TRANSPARENT, code_size(&new), &mut out),
                    _ => {
                        run_rule(&old, &new, w, &mut pixels);
                        let height = (y1 - y0) as u16;
                        let mut frame = gif::Frame { width: w as u16, height, ..Default::default() };
                        frame.buffer = Cow::Borrowed(&pixels);
                        frame.make_lzw_pre_encoded();
                        out.extend_from_slice(&frame.buffer);
                    }
                }
                fastest = fastest.min(start.elapsed());
            }
            method.time += fastest;
            method.write(rect, &meta, &out);
        }
        std::mem::swap(&mut prev, &mut frames.canvas);
        frames.canvas.copy_from_slice(&prev);
    }
    let file = std::fs::metadata(&path).map_or(0, |m| m.len());
    println!("{}: {file} bytes, {} frames of {width}x{height}", path.display(), count + 1);
    let mean = area as f64 / count.max(1) as f64;
    println!(
        "{count} changed rectangles, mean {mean:.0} px, {changed} pixels changed in all, single thread, \
         fastest of {reps} per frame:"
    );
    println!("{:>18} {:>11} {:>9} {:>11} {:>9} {:>8}", "method", "LZW bytes", "B/frame", "GIF bytes", "ms", "MB/s");
    let mut rebuilt = Vec::new();
    let times: Vec<f64> = methods.iter().map(|m| m.time.as_secs_f64()).collect();
    let bytes: Vec<f64> = methods.iter().map(|m| m.bytes as f64).collect();
    for method in methods {
        let gif = method.gif.into_inner().unwrap();
        let ms = method.time.as_secs_f64() * 1e3;
        let speed = area as f64 / 1e3 / ms;
        let per_frame = method.bytes as f64 / count.max(1) as f64;
        println!("{:>18} {:>11} {per_frame:>9.0} {:>11} {ms:>9.1} {speed:>8.1}", method.name, method.bytes, gif.len());
        rebuilt.push(gif);
    }
    let per_frame = floor as f64 / count.max(1) as f64;
    println!(
        "{:>18} {floor:>11} {per_frame:>9.0}   (fewest bytes any LZW stream of these rectangles needs)",
        "LZW floor"
    );
    println!(
        "encode_diff vs greedy diff: {:+.2}% LZW bytes, {:.2}x the time; {:.1}x as fast as weezl",
        (bytes[3] / bytes[2] - 1.0) * 100.0,
        times[3] / times[2],
        times[4] / times[3]
    );
    verify(&path, &rebuilt[2], "greedy diff");
    verify(&path, &rebuilt[3], "encode_diff");
}

/// Decodes `rebuilt` (the GIF of method `name`) alongside the original GIF and checks every composited
/// frame is the same.
fn verify(original: &Path, rebuilt: &[u8], name: &str) {
    let scratch = std::env::temp_dir().join(format!("lzw_bench_{}.gif", std::process::id()));
    std::fs::write(&scratch, rebuilt).unwrap();
    let (mut a, mut b) = (Frames::open(original), Frames::open(&scratch));
    let mut k = 0;
    loop {
        match (a.next(), b.next()) {
            (None, None) => break,
            (Some(_), Some(_)) => assert!(a.canvas == b.canvas, "{name} GIF differs at frame {k}"),
            _ => panic!("{name} GIF has a different frame count"),
        }
        k += 1;
    }
    std::fs::remove_file(&scratch).ok();
    println!("{name} GIF decodes to the same {k} frames");
}
