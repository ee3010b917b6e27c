//! The video sink: MP4 (H.264) or WebM (VP9) through the system's `ffmpeg`, frames piped in raw.
//!
//! Contract: every picture goes to ffmpeg once, as rgb24 in a Matroska stream ([`super::matroska`])
//! stamped with the time it starts; the timestamps are whole ticks, the greatest common divisor
//! of the run's delays (at least 10 ms), so every delay lasts exactly as long as in the GIF (delays
//! that are not multiples of a 10 ms tick round to it, as the GIF's do) and a long hold costs one
//! picture, not one per tick; a stream with smooth motion's in-betweens ([`Stream::fine_timing`])
//! ticks every millisecond. The last picture, when it lasts more than a tick, is sent again one
//! tick before the end (ffmpeg gives a last picture one tick). Odd sides are padded to even by
//! repeating the last column or row; pixels are yuv420p (BT.709, limited range, tagged as such);
//! H.264 MP4s have their index first (`+faststart`). ffmpeg writes into an unnamed temporary
//! file of ours (O_TMPFILE, or created and unlinked at once, in the temp folder), reached as its
//! standard output through `/proc/self/fd/1`: no name anyone could plant a link, pipe or folder
//! at, nothing left behind even after SIGKILL. [`Sink::finish`] copies it into the writer. Video
//! does not loop. Missing ffmpeg is [`Error::FfmpegMissing`] at [`Sink::start`]; an ffmpeg
//! failure is [`Error::Ffmpeg`] with its last message. Dropping the sink before it finishes kills
//! and reaps ffmpeg; so does [`crate::remove_temporaries`] (Ctrl-C), for every sink still running.

use super::{matroska, Encode, Frame, Sink, Stream};
use crate::draw::raster::canvas::IndexedImage;
use crate::error::Error;
use crate::output;
use std::fs::File;
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::Path;
use std::process::{ChildStdin, Command, Stdio};
use std::sync::{Arc, Mutex};

/// Which video to make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum VideoCodec {
    /// H.264 in MP4 (libx264).
    H264,
    /// VP9 in WebM (libvpx-vp9).
    Vp9,
}

impl VideoCodec {
    fn encoder(self) -> &'static str {
        match self {
            VideoCodec::H264 => "libx264",
            VideoCodec::Vp9 => "libvpx-vp9",
        }
    }

    /// Encoder arguments, chosen on `animate 8` by size and by the error against the GIF's
    /// frames in flat areas (square centres) and at edges: x264 crf 18 / 24 / 25 / 26 gave
    /// 395 / 314 / 298 / 284 KB with flat error p99 3 / 4 / 4 / 4, max 18 / 34 / 39 / 50 (edge
    /// error, p90 16-18, is yuv420p's halved chroma at any crf); preset fast and veryfast were
    /// larger at the same crf. VP9 crf 24 / 32: 371 / 289 KB, flat p99 5 / 6 (cpu-used 6 larger,
    /// realtime much worse).
    fn args(self) -> &'static [&'static str] {
        match self {
            VideoCodec::H264 => &[
                "-c:v",
                "libx264",
                "-preset",
                "medium",
                "-tune",
                "animation",
                "-crf",
                "25",
                "-movflags",
                "+faststart",
                "-f",
                "mp4",
            ],
            VideoCodec::Vp9 => &[
                "-c:v",
                "libvpx-vp9",
                "-crf",
                "32",
                "-b:v",
                "0",
                "-deadline",
                "good",
                "-cpu-used",
                "4",
                "-row-mt",
                "1",
                // No random track id: the same frames make the same file.
                "-fflags",
                "+bitexact",
                "-f",
                "webm",
            ],
        }
    }
}

/// Shortest tick, in milliseconds (100 frames a second).
const MIN_TICK_MS: u32 = 10;

/// Writes an MP4 or WebM made by ffmpeg into `W`.
pub struct VideoSink<W: Write> {
    out: Option<W>,
    codec: VideoCodec,
    tick_ms: u32,
    ffmpeg: Option<Ffmpeg>,
    /// Milliseconds and ticks written so far.
    elapsed_ms: u64,
    ticks: u64,
    /// The latest picture, held back until the next one (or the end) says whether it is the last:
    /// its pixels, its first tick and the tick it ends at.
    pending: Option<(Vec<u8>, u64, u64)>,
}

impl<W: Write> VideoSink<W> {
    /// A sink for frames shown with the delays [`Stream::delays`] lists.
    pub fn new(out: W, codec: VideoCodec) -> Self {
        VideoSink { out: Some(out), codec, tick_ms: MIN_TICK_MS, ffmpeg: None, elapsed_ms: 0, ticks: 0, pending: None }
    }

    /// The writer back, after [`Sink::finish`].
    pub fn into_inner(self) -> Option<W> {
        self.out.filter(|_| self.ffmpeg.is_none())
    }

    /// Milliseconds per tick: every picture starts on a whole tick (known once started).
    pub fn tick_ms(&self) -> u32 {
        self.tick_ms
    }

    /// Send the held-back picture, if any, at its first tick.
    fn send_pending(&mut self, last: bool) -> Result<(), Error> {
        let ffmpeg = self.ffmpeg.as_mut().ok_or(Error::SinkState("frame before start"))?;
        let Some((rgb, start, end)) = self.pending.take() else { return Ok(()) };
        let tick = u64::from(self.tick_ms);
        ffmpeg.send(&rgb, start * tick)?;
        if last && end - start > 1 {
            ffmpeg.send(&rgb, (end - 1) * tick)?;
        }
        Ok(())
    }
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// Turns frames into padded rgb24 on the workers.
pub struct VideoEncoder {
    rgb: Vec<[u8; 3]>,
    /// Even width and height.
    padded: (usize, usize),
}

/// One frame as padded rgb24, and its delay in milliseconds.
pub struct VideoFrame {
    rgb: Vec<u8>,
    delay_ms: u32,
}

impl Encode for VideoEncoder {
    type Encoded = VideoFrame;

    fn encode(&self, _before: Option<&IndexedImage>, frame: &Frame<'_>) -> Result<VideoFrame, Error> {
        let image = frame.image;
        let (width, height) = self.padded;
        let mut out = Vec::with_capacity(width * height * 3);
        for y in 0..height {
            let row = &image.pixels[y.min(image.height - 1) * image.width..][..image.width];
            out.extend(row.iter().flat_map(|&p| self.rgb[p as usize]));
            if width > image.width {
                out.extend(self.rgb[row[image.width - 1] as usize]);
            }
        }
        Ok(VideoFrame { rgb: out, delay_ms: frame.delay_ms })
    }

    fn takes_motion(&self) -> bool {
        true
    }
}

impl<W: Write> Sink for VideoSink<W> {
    type Encoder = VideoEncoder;

    fn start(&mut self, stream: &Stream<'_>) -> Result<VideoEncoder, Error> {
        if self.ffmpeg.is_some() || self.out.is_none() {
            return Err(Error::SinkState("started twice"));
        }
        let padded = (stream.width.div_ceil(2) * 2, stream.height.div_ceil(2) * 2);
        self.tick_ms = match stream.fine_timing() {
            true => 1,
            false => stream.delays.iter().copied().fold(0, gcd).max(MIN_TICK_MS),
        };
        self.ffmpeg = Some(Ffmpeg::spawn(self.codec, padded, self.tick_ms)?);
        let rgb = (0..stream.palette.len()).map(|i| stream.palette.rgb(i as u8)).collect();
        Ok(VideoEncoder { rgb, padded })
    }

    fn write(&mut self, frame: VideoFrame) -> Result<(), Error> {
        self.send_pending(false)?;
        // Frame ends at the tick nearest its end time (never before the next tick).
        self.elapsed_ms += u64::from(frame.delay_ms);
        let tick = u64::from(self.tick_ms);
        let end = ((self.elapsed_ms + tick / 2) / tick).max(self.ticks + 1);
        self.pending = Some((frame.rgb, self.ticks, end));
        self.ticks = end;
        Ok(())
    }

    fn finish(&mut self) -> Result<(), Error> {
        self.send_pending(true)?;
        let ffmpeg = self.ffmpeg.take().ok_or(Error::SinkState("finish before start"))?;
        let out = self.out.as_mut().ok_or(Error::SinkState("finish before start"))?;
        ffmpeg.finish(out)
    }
}

/// Where ffmpeg writes: its own standard output, which is our unnamed temporary file. Opening the
/// path (as ffmpeg does, for writing, and again for reading to move the MP4 index first) reaches
/// that file; nothing is created by name.
fn own_stdout() -> &'static str {
    if Path::new("/proc/self/fd").is_dir() {
        "/proc/self/fd/1"
    } else {
        "/dev/stdout"
    }
}

/// One ffmpeg process, its stdin, a thread collecting its messages, and the file it writes.
struct Ffmpeg {
    child: output::children::SharedChild,
    stdin: Option<ChildStdin>,
    messages: Option<std::thread::JoinHandle<String>>,
    file: File,
    codec: VideoCodec,
}

impl Ffmpeg {
    fn spawn(codec: VideoCodec, (width, height): (usize, usize), tick_ms: u32) -> Result<Self, Error> {
        let folder = std::env::temp_dir();
        let file = tempfile::tempfile_in(&folder).map_err(|e| {
            Error::output(&folder, &format!("cannot hold ffmpeg's output there ({e}); set TMPDIR to a writable folder"))
        })?;
        let target = file.try_clone()?;
        let mut command = Command::new("ffmpeg");
        command
            .args(["-hide_banner", "-loglevel", "error", "-nostats", "-f", "matroska", "-i", "-"])
            .args(["-fps_mode", "passthrough", "-enc_time_base:v", "1:1000"])
            .args(["-vf", "scale=out_color_matrix=bt709:out_range=tv", "-pix_fmt", "yuv420p"])
            .args(["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709"])
            .args(["-color_range", "tv"])
            .args(codec.args())
            // The name exists already (it is our file): -y opens it without asking.
            .args(["-y", own_stdout()])
            .stdin(Stdio::piped())
            .stdout(target)
            .stderr(Stdio::piped());
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0); // Ctrl-C reaches us, not it
        if output::closing() {
            return Err(Error::Cancelled);
        }
        let mut child = command.spawn().map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => Error::FfmpegMissing,
            _ => Error::Ffmpeg { codec: codec.encoder(), reason: e.to_string() },
        })?;
        let stdin = child.stdin.take();
        let mut stderr = child.stderr.take();
        let messages = std::thread::spawn(move || {
            let mut text = String::new();
            if let Some(stderr) = stderr.as_mut() {
                let _ = stderr.take(1 << 16).read_to_string(&mut text);
            }
            text
        });
        let child = Arc::new(Mutex::new(Some(child)));
        output::children::register(&child);
        let mut ffmpeg = Ffmpeg { child, stdin, messages: Some(messages), file, codec };
        ffmpeg.write(&matroska::header(width, height, tick_ms))?;
        Ok(ffmpeg)
    }

    /// One picture, shown from `at_ms`.
    fn send(&mut self, rgb: &[u8], at_ms: u64) -> Result<(), Error> {
        self.write(&matroska::picture(at_ms, rgb.len()))?;
        self.write(rgb)
    }

    fn write(&mut self, bytes: &[u8]) -> Result<(), Error> {
        let stdin = self.stdin.as_mut().ok_or(Error::SinkState("frame after finish"))?;
        if stdin.write_all(bytes).is_err() {
            return Err(self.failure("it stopped reading frames"));
        }
        Ok(())
    }

    /// The error for a failed run, with ffmpeg's last message when it left one.
    fn failure(&mut self, fallback: &str) -> Error {
        self.stdin = None;
        self.reap();
        let text = self.messages.take().and_then(|m| m.join().ok()).unwrap_or_default();
        let reason = text.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or(fallback).trim().to_string();
        Error::Ffmpeg { codec: self.codec.encoder(), reason }
    }

    /// Wait for ffmpeg to exit; whether it succeeded.
    fn reap(&mut self) -> bool {
        let child = self.child.lock().ok().and_then(|mut c| c.take());
        child.and_then(|mut child| child.wait().ok()).is_some_and(|status| status.success())
    }

    /// Close ffmpeg's input, wait for it, and copy its file into `out`.
    fn finish<W: Write>(mut self, out: &mut W) -> Result<(), Error> {
        self.stdin = None; // end of input
        if !self.reap() {
            return Err(self.failure("it exited with an error"));
        }
        self.file.seek(SeekFrom::Start(0))?;
        std::io::copy(&mut self.file, out)?;
        out.flush()?;
        Ok(())
    }
}

impl Drop for Ffmpeg {
    fn drop(&mut self) {
        self.stdin = None;
        if let Ok(mut child) = self.child.lock() {
            if let Some(mut child) = child.take() {
                let _ = child.kill();
                let _ = child.wait();
            }
        }
        output::children::forget(&self.child);
    }
}
