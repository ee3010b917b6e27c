//! Transcripts: a run's captions as text, with the times they show: the text alternative of an
//! animation (a looping GIF says nothing to a screen reader). A frame drawn as several pictures
//! (smooth motion's in-betweens: one output position) is one frame here.
//!
//! Contract: [`TranscriptSink`] wraps any sink and passes every frame through to it unchanged; as
//! frames are written it writes the transcript:
//! - plain text ([`Transcript::Text`]): per frame one line, the start time `HH:MM:SS.mmm`, a space,
//!   the caption's lines (action, step, counters) joined by " / ": the whole record, frame by frame.
//! - WebVTT ([`Transcript::WebVtt`]): a `WEBVTT` header, then subtitles: one cue per sentence,
//!   `HH:MM:SS.mmm --> HH:MM:SS.mmm`, at most two lines: the frame's action ("place e3") and, when
//!   it has one, its reason ("column f: no safe square"); no step or counters. No cue is shorter
//!   than [`MIN_CUE_MS`]: a frame showing for less takes the frames after it into its cue until
//!   the cue lasts that long (the cue keeps the first frame's start and runs until the next cue
//!   starts), unless the next frame shows that long by itself: then the short frames join the cue
//!   before them (so a held sentence keeps a cue of its own). A merged cue's lines list its
//!   frames' actions (and reasons) in order, joined by ", ", a line equal to the one before said
//!   once, the middle ones left out as "…" past four; a last cue that would be shorter joins the
//!   one before. A cue's id is its first step, or `first-last` when it covers several.
//!
//! Start times are the sums of the delays of the frames output before (the pipeline's milliseconds,
//! reading time included: a GIF rounds each delay to 10 ms), so the entries cover one play exactly,
//! in order, without gaps. A frame without a caption says "step k". Every caption line goes through
//! the one text escaper, [`crate::error::echo::printable`] (control characters, newlines and CRs
//! written as `\n`, `\u{1b}`, ...), so a trace's text can neither add a line nor drive a terminal;
//! WebVTT's markup characters `&`, `<`, `>` are escaped too (so a cue never holds `-->`). Entries
//! stream out as frames are written, at most two cues held back: memory stays flat. The writer is
//! flushed at [`Sink::finish`], after the inner sink's.

use super::{caption_line, Encode, Frame, Sink, Stream};
use crate::error::echo::printable;
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
    /// WebVTT: the cue being filled, and the full one before it (held back so that a short last
    /// cue can join it).
    cues: (Option<Subtitle>, Option<Subtitle>),
}

impl<S: Sink, W: Write> TranscriptSink<S, W> {
    /// Wrap `inner`, writing the transcript in `form` into `out`.
    pub fn new(inner: S, out: W, form: Transcript) -> Self {
        TranscriptSink { inner, out, form, elapsed_ms: 0, pending: None, cues: (None, None) }
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
    let mut lines: Vec<String> = frame.caption.iter().map(|l| printable(l.trim())).filter(|l| !l.is_empty()).collect();
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
        self.last_cues()?;
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

    fn holds_run(&self) -> bool {
        self.inner.holds_run()
    }
}

/// The shortest WebVTT cue, in milliseconds (shorter frames are merged into one cue).
pub const MIN_CUE_MS: u64 = 600;

/// The most actions (or reasons) a merged cue names; past that the middle ones are "…".
const NAMED: usize = 4;

/// A WebVTT cue being made: frames merged while it is shorter than [`MIN_CUE_MS`].
struct Subtitle {
    steps: (usize, usize),
    start: u64,
    ms: u64,
    /// The first actions, the last one, and how many in all; the same for the reasons.
    actions: Named,
    reasons: Named,
}

/// Lines kept in bounded memory: the first [`NAMED`] - 1, the latest, and how many.
#[derive(Default)]
struct Named {
    first: Vec<String>,
    last: Option<String>,
    count: usize,
}

impl Named {
    fn push(&mut self, line: String) {
        if self.last.as_ref().or(self.first.last()) == Some(&line) {
            return;
        }
        self.count += 1;
        if self.first.len() < NAMED - 1 {
            self.first.push(line);
        } else {
            self.last = Some(line);
        }
    }

    fn extend(&mut self, other: Named) {
        // Lines the other left out as "…" still count.
        let left_out = other.count - other.first.len() - usize::from(other.last.is_some());
        for line in other.first.into_iter().chain(other.last) {
            self.push(line);
        }
        self.count += left_out;
    }

    /// The lines joined by ", ", with "…" where lines were left out.
    fn line(&self) -> Option<String> {
        let mut parts: Vec<&str> = self.first.iter().map(String::as_str).collect();
        if self.count > NAMED {
            parts.push("…");
        }
        parts.extend(self.last.as_deref());
        (!parts.is_empty()).then(|| parts.join(", "))
    }
}

impl Subtitle {
    /// A frame's cue: its caption's first line split into the action and, after " · ", the reason.
    fn of(cue: &Cue, start: u64) -> Self {
        let sentence = cue.lines.first().map(String::as_str).unwrap_or_default();
        let (action, reason) = match sentence.split_once(" · ") {
            Some((action, reason)) => (action.trim(), Some(reason.trim())),
            None => (sentence, None),
        };
        let mut subtitle = Subtitle {
            steps: (cue.step, cue.step),
            start,
            ms: u64::from(cue.delay_ms),
            actions: Named::default(),
            reasons: Named::default(),
        };
        subtitle.actions.push(action.to_string());
        if let Some(reason) = reason.filter(|r| !r.is_empty()) {
            subtitle.reasons.push(reason.to_string());
        }
        subtitle
    }

    /// Take the frames of `later`, which starts where this cue ends, into this cue.
    fn absorb(&mut self, later: Subtitle) {
        self.steps.1 = later.steps.1;
        self.ms += later.ms;
        self.actions.extend(later.actions);
        self.reasons.extend(later.reasons);
    }

    fn text(&self) -> String {
        let (from, to) = (timestamp(self.start), timestamp(self.start + self.ms));
        let id = match self.steps {
            (first, last) if first == last => first.to_string(),
            (first, last) => format!("{first}-{last}"),
        };
        let lines: Vec<String> =
            [self.actions.line(), self.reasons.line()].into_iter().flatten().map(|l| escape(&l)).collect();
        format!("\n{id}\n{from} --> {to}\n{}\n", lines.join("\n"))
    }
}

impl<S: Sink, W: Write> TranscriptSink<S, W> {
    /// One frame's entry: a plain line, or its part of a WebVTT cue.
    fn entry(&mut self, cue: Cue) -> Result<(), Error> {
        let start = self.elapsed_ms;
        self.elapsed_ms += u64::from(cue.delay_ms);
        if self.form == Transcript::Text {
            let entry = format!("{} {}\n", timestamp(start), caption_line(&cue.lines));
            self.out.write_all(entry.as_bytes())?;
            return Ok(());
        }
        let frame = Subtitle::of(&cue, start);
        let (open, full) = (&mut self.cues.0, &mut self.cues.1);
        match (open.take(), full.take()) {
            // Short frames before one that stands alone join the cue before them.
            (Some(short), Some(mut before)) if short.ms < MIN_CUE_MS && frame.ms >= MIN_CUE_MS => {
                before.absorb(short);
                *full = Some(frame);
                self.subtitle(before)?;
            }
            (Some(mut short), before) if short.ms < MIN_CUE_MS => {
                short.absorb(frame);
                (*open, *full) = (Some(short), before);
            }
            (None, before) => (*open, *full) = (Some(frame), before),
            (Some(done), before) => {
                (*open, *full) = (Some(frame), Some(done));
                if let Some(before) = before {
                    self.subtitle(before)?;
                }
            }
        }
        Ok(())
    }

    /// The cues held back, a short last one joining the one before.
    fn last_cues(&mut self) -> Result<(), Error> {
        let (open, full) = (self.cues.0.take(), self.cues.1.take());
        match (full, open) {
            (Some(mut full), Some(open)) if open.ms < MIN_CUE_MS => {
                full.absorb(open);
                self.subtitle(full)
            }
            (full, open) => full.into_iter().chain(open).try_for_each(|cue| self.subtitle(cue)),
        }
    }

    fn subtitle(&mut self, cue: Subtitle) -> Result<(), Error> {
        self.out.write_all(cue.text().as_bytes())?;
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

    fn frame_cue(step: usize, delay_ms: u32, line: &str) -> Cue {
        let lines = vec![printable(line), format!("step {step} of 9")];
        Cue { step, position: step, delay_ms, lines }
    }

    #[test]
    fn short_frames_merge_into_cues_of_at_least_600_ms_and_two_lines() {
        let mut sink = TranscriptSink::new(super::super::StillSink::new(Vec::new()), Vec::new(), Transcript::WebVtt);
        let frames = [
            (1000, "empty board"),
            (250, "place a6"),
            (250, "place b4"),
            (250, "place c2"),
            (250, "place d5"),
            (250, "place e2"),
            (1950, "place e3 · column f: no safe square"),
            (250, "remove e3 · column f: no safe square"),
            (1950, "remove d5 · column e: no safe square left"),
            (100, "place a1\n00:00:09.000 --> forged\u{1b}[2J"),
        ];
        for (step, (delay, line)) in frames.into_iter().enumerate() {
            sink.entry(frame_cue(step, delay, line)).unwrap();
        }
        sink.last_cues().unwrap();
        let text = String::from_utf8(sink.into_parts().1).unwrap();
        let expected = "\n0\n00:00:00.000 --> 00:00:01.000\nempty board\n\n\
            1-5\n00:00:01.000 --> 00:00:02.250\nplace a6, place b4, place c2, …, place e2\n\n\
            6-7\n00:00:02.250 --> 00:00:04.450\nplace e3, remove e3\ncolumn f: no safe square\n\n\
            8-9\n00:00:04.450 --> 00:00:06.500\nremove d5, place a1\\n00:00:09.000 --&gt; forged\\u{1b}[2J\n\
            column e: no safe square left\n";
        assert_eq!(text, expected);
    }

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
        assert!(text.starts_with("WEBVTT\n\n0-1\n00:00:00.000 --> 00:00:01.250\nempty board, place a4\n\n"), "{text}");
        assert!(text.matches(" --> ").count() < done.frames);
        assert!(!gif.is_empty());
    }
}
