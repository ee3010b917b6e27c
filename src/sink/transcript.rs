//! Transcripts: a run's captions as text, one entry per output frame with the time it starts: the
//! text alternative of an animation (a looping GIF says nothing to a screen reader). A frame drawn
//! as several pictures (smooth motion's in-betweens: one output position) is one entry.
//!
//! Contract: [`TranscriptSink`] wraps any sink and passes every frame through to it unchanged; as
//! each frame is written it writes one entry: WebVTT ([`Transcript::WebVtt`]: a `WEBVTT` header,
//! then per frame a cue numbered by its step, `HH:MM:SS.mmm --> HH:MM:SS.mmm`, and the caption's
//! lines, `&`, `<` and `>` escaped) or plain text ([`Transcript::Text`]: per frame one line, the
//! start time `HH:MM:SS.mmm`, a space, the caption's lines joined by " / "). Start times are the
//! sums of the delays of the frames output before (the pipeline's milliseconds, reading time
//! included: a GIF rounds each delay to 10 ms), so the cues cover one play exactly, in order,
//! without gaps. A frame without a caption gets "step k". Entries stream out as frames are
//! written: memory stays flat. The writer is flushed at [`Sink::finish`], after the inner sink's.

use super::{caption_line, Encode, Frame, Sink, Stream};
use crate::error::Error;
use crate::pixels::IndexedImage;
use std::io::Write;
use std::path::Path;

/// Which text a transcript is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Transcript {
    /// WebVTT subtitles (`.vtt`): for a video's or the HTML player's `<track>`, and ffmpeg.
    WebVtt,
    /// Plain text, one line per frame: alt text for a GIF in a post.
    Text,
}

impl Transcript {
    /// WebVTT for a path ending in `.vtt` (any case), plain text otherwise (`-` included).
    pub fn for_path(path: &Path) -> Self {
        match path.extension().and_then(|e| e.to_str()) {
            Some(ext) if ext.eq_ignore_ascii_case("vtt") => Transcript::WebVtt,
            _ => Transcript::Text,
        }
    }
}

/// Passes frames to the sink it wraps and writes their captions, timed, into `W`.
pub struct TranscriptSink<S, W: Write> {
    inner: S,
    out: W,
    form: Transcript,
    /// Milliseconds of the frames written so far: where the next entry starts.
    elapsed_ms: u64,
    /// The latest frame's entry, held until a picture of another frame (or the end) comes.
    pending: Option<Cue>,
}

impl<S: Sink, W: Write> TranscriptSink<S, W> {
    /// Wrap `inner`, writing the transcript in `form` into `out`.
    pub fn new(inner: S, out: W, form: Transcript) -> Self {
        TranscriptSink { inner, out, form, elapsed_ms: 0, pending: None }
    }

    /// The sink wrapped and the transcript's writer.
    pub fn into_parts(self) -> (S, W) {
        (self.inner, self.out)
    }
}

/// One frame's transcript entry, made on a worker.
pub struct Cue {
    step: usize,
    position: usize,
    delay_ms: u32,
    lines: Vec<String>,
}

/// The encoder of a [`TranscriptSink`]: the inner encoder's frame and the frame's [`Cue`].
pub struct TranscriptEncoder<E>(E);

impl<E: Encode> Encode for TranscriptEncoder<E> {
    type Encoded = (E::Encoded, Cue);

    fn encode(&self, before: Option<&IndexedImage>, frame: &Frame<'_>) -> Result<Self::Encoded, Error> {
        Ok((self.0.encode(before, frame)?, cue(frame)))
    }

    fn encode_after(
        &self,
        two_back: Option<&IndexedImage>,
        before: Option<&IndexedImage>,
        frame: &Frame<'_>,
    ) -> Result<Self::Encoded, Error> {
        Ok((self.0.encode_after(two_back, before, frame)?, cue(frame)))
    }

    fn frames_per_chunk(&self) -> usize {
        self.0.frames_per_chunk()
    }

    fn needs_pixels(&self) -> bool {
        self.0.needs_pixels()
    }

    fn takes_motion(&self) -> bool {
        self.0.takes_motion()
    }
}

fn cue(frame: &Frame<'_>) -> Cue {
    let mut lines: Vec<String> = frame.caption.iter().map(|l| l.trim().to_string()).filter(|l| !l.is_empty()).collect();
    if lines.is_empty() {
        lines.push(format!("step {}", frame.step));
    }
    Cue { step: frame.step, position: frame.position, delay_ms: frame.delay_ms, lines }
}

impl<S: Sink, W: Write> Sink for TranscriptSink<S, W> {
    type Encoder = TranscriptEncoder<S::Encoder>;

    fn start(&mut self, stream: &Stream<'_>) -> Result<Self::Encoder, Error> {
        let encoder = self.inner.start(stream)?;
        if self.form == Transcript::WebVtt {
            self.out.write_all(b"WEBVTT\n")?;
        }
        Ok(TranscriptEncoder(encoder))
    }

    fn write(&mut self, (encoded, cue): (<S::Encoder as Encode>::Encoded, Cue)) -> Result<(), Error> {
        self.inner.write(encoded)?;
        match self.pending.as_mut() {
            Some(pending) if pending.position == cue.position => {
                pending.delay_ms += cue.delay_ms;
                Ok(())
            }
            _ => match self.pending.replace(cue) {
                Some(done) => self.entry(done),
                None => Ok(()),
            },
        }
    }

    fn finish(&mut self) -> Result<(), Error> {
        if let Some(done) = self.pending.take() {
            self.entry(done)?;
        }
        self.inner.finish()?;
        self.out.flush()?;
        Ok(())
    }

    fn sheet(&self) -> Option<(&[super::SheetCell], (usize, usize))> {
        self.inner.sheet()
    }

    fn pages(&self) -> Option<usize> {
        self.inner.pages()
    }
}

impl<S: Sink, W: Write> TranscriptSink<S, W> {
    /// Write one frame's entry.
    fn entry(&mut self, cue: Cue) -> Result<(), Error> {
        let start = self.elapsed_ms;
        self.elapsed_ms += u64::from(cue.delay_ms);
        let entry = match self.form {
            Transcript::WebVtt => {
                let text: Vec<String> = cue.lines.iter().map(|l| escape(l)).collect();
                let (from, to) = (timestamp(start), timestamp(self.elapsed_ms));
                format!("\n{}\n{from} --> {to}\n{}\n", cue.step, text.join("\n"))
            }
            Transcript::Text => format!("{} {}\n", timestamp(start), caption_line(&cue.lines)),
        };
        self.out.write_all(entry.as_bytes())?;
        Ok(())
    }
}

/// `HH:MM:SS.mmm` (hours grow past two digits when they must).
pub fn timestamp(ms: u64) -> String {
    let (h, m, s, ms) = (ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000);
    format!("{h:02}:{m:02}:{s:02}.{ms:03}")
}

/// Cue text with WebVTT's markup characters escaped.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_and_escapes() {
        assert_eq!(timestamp(0), "00:00:00.000");
        assert_eq!(timestamp(3_723_456), "01:02:03.456");
        assert_eq!(timestamp(360_000_000), "100:00:00.000");
        assert_eq!(escape("a < b & c -> d"), "a &lt; b &amp; c -&gt; d");
        assert_eq!(Transcript::for_path(Path::new("run.VTT")), Transcript::WebVtt);
        assert_eq!(Transcript::for_path(Path::new("-")), Transcript::Text);
    }

    #[test]
    fn cues_follow_the_frames_delays() {
        let trace = crate::solve::record(&crate::solve::SolveOptions::new(4), 1000).unwrap();
        let mut gif = Vec::new();
        let mut text = Vec::new();
        let mut sink = TranscriptSink::new(super::super::GifSink::new(&mut gif), &mut text, Transcript::WebVtt);
        let done = crate::pipeline::render(
            &trace,
            &crate::pipeline::Animation::new(),
            &mut sink,
            &crate::pipeline::NoProgress,
        )
        .unwrap();
        drop(sink);
        let text = String::from_utf8(text).unwrap();
        assert!(text.starts_with("WEBVTT\n\n0\n00:00:00.000 --> 00:00:01.000\nempty board\n"), "{text}");
        assert_eq!(text.matches(" --> ").count(), done.frames);
        assert!(!gif.is_empty());
    }
}
