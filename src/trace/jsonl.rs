//! Traces as JSON Lines: a header line `{"n": 6, "algorithm": "backtrack"}` (a puzzle's adds
//! `"puzzle": {...}` after `algorithm`), then one event object
//! per line (the same objects as the JSON trace's `events`). Written and read as a stream, so a
//! run of any length passes through in flat memory.
//!
//! Contract: [`open`] tells a JSON trace from JSON Lines by content (a first line that is a whole
//! JSON object without `events` is a JSON Lines header) and returns either the whole trace or a
//! lazy event reader. Blank lines are skipped; a line that is not an event is an error naming its
//! line number (1-based, the header is line 1).

use crate::error::Error;
use crate::trace::json_bounds::{Bounded, Limits};
use crate::trace::RunInfo;
use crate::trace::{Event, Trace};
use serde::{Deserialize, Serialize};
use std::io::{BufRead, Write};

/// The first line of a JSON Lines trace.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header {
    /// The board size.
    pub n: usize,
    /// The algorithm's name.
    pub algorithm: String,
    /// The puzzle the run solves, as in [`Trace::puzzle`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub puzzle: Option<crate::trace::puzzle_furniture::Puzzle>,
}

/// Write `trace` as JSON Lines.
pub fn write<W: Write>(trace: &Trace, mut out: W) -> Result<(), Error> {
    let header = Header { n: trace.n, algorithm: trace.algorithm.clone(), puzzle: trace.puzzle.clone() };
    writeln!(out, "{}", serde_json::to_string(&header)?)?;
    for event in &trace.events {
        writeln!(out, "{}", serde_json::to_string(event)?)?;
    }
    out.flush()?;
    Ok(())
}

/// Longest line of a JSON Lines trace, in bytes (1 MiB): one event of the largest board drawn
/// takes a few dozen kilobytes, so a longer line is not an event.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// Largest JSON (not Lines) trace read whole, in bytes (1 GiB). JSON Lines streams and has no such
/// cap.
pub const MAX_JSON_BYTES: u64 = 1 << 30;

/// Longest algorithm name a trace may give, in characters (captions and headers show it).
pub const MAX_ALGORITHM_CHARS: usize = 64;

/// A trace read from a file or stream: whole (JSON) or as a lazy stream of events (JSON Lines).
pub enum Input<R: BufRead> {
    /// A JSON trace, read whole.
    Whole(Trace),
    /// A JSON Lines trace, its events read as they are pulled.
    Lines(Events<R>),
}

/// Read the start of `input` and tell JSON from JSON Lines. Every read is bounded: a line past
/// [`MAX_LINE_BYTES`] that is not a whole JSON trace, a JSON trace past [`MAX_JSON_BYTES`], text
/// that is not UTF-8 (UTF-16, stray bytes), a JSON trace's string longer than a line and algorithm
/// names past [`MAX_ALGORITHM_CHARS`] are refused with an error that says so, as soon as they are
/// read.
pub fn open<R: BufRead>(mut input: R) -> Result<Input<R>, Error> {
    let mut first = Vec::new();
    let complete = read_line_within(&mut input, &mut first, MAX_LINE_BYTES)? == LineRead::Line;
    check_encoding_start(&first)?;
    if first.starts_with(UTF8_BOM) {
        first.drain(..UTF8_BOM.len());
    }
    if complete {
        let text = std::str::from_utf8(&first).map_err(|e| not_utf8(1, e))?;
        if let Ok(serde_json::Value::Object(object)) = serde_json::from_str::<serde_json::Value>(text.trim()) {
            if !object.contains_key("events") {
                let header: Header = serde_json::from_value(serde_json::Value::Object(object))
                    .map_err(|e| Error::TraceLine { line: 1, reason: format!("not a JSON Lines header: {e}") })?;
                check_algorithm(&header.algorithm)?;
                return Ok(Input::Lines(Events { header, input, line: 1, buffer: Vec::new() }));
            }
        }
    }
    let rest = std::io::Read::chain(std::io::Cursor::new(first), input);
    Ok(Input::Whole(read_whole(rest)?))
}

/// A JSON trace read whole from `input` (at most [`MAX_JSON_BYTES`]), its algorithm name checked.
/// The bounds are kept while it is read: a string past a line's length, or an algorithm name past
/// [`MAX_ALGORITHM_CHARS`], stops the read there.
pub fn read_whole<R: std::io::Read>(input: R) -> Result<Trace, Error> {
    read_whole_within(input, MAX_JSON_BYTES)
}

fn read_whole_within<R: std::io::Read>(input: R, limit: u64) -> Result<Trace, Error> {
    let limits = Limits { bytes: limit, string_bytes: MAX_LINE_BYTES, algorithm_chars: MAX_ALGORITHM_CHARS };
    let mut bounded = std::io::BufReader::new(Bounded::new(input, limits));
    let trace: Result<Trace, _> = serde_json::from_reader(&mut bounded);
    if let Some(fault) = bounded.into_inner().fault {
        return Err(fault);
    }
    let trace = trace?;
    check_algorithm(&trace.algorithm)?;
    if let Some((i, fault)) = trace.events.iter().enumerate().find_map(|(i, e)| Some((i, e.caption_fault()?))) {
        return Err(Error::InvalidTrace { event: i + 1, fault });
    }
    Ok(trace)
}

/// Refuse algorithm names longer than [`MAX_ALGORITHM_CHARS`].
fn check_algorithm(name: &str) -> Result<(), Error> {
    let chars = name.chars().count();
    if chars > MAX_ALGORITHM_CHARS {
        return Err(Error::AlgorithmName { chars, max: MAX_ALGORITHM_CHARS });
    }
    Ok(())
}

const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

/// Refuse UTF-16 and UTF-32 text (a byte order mark, or NUL bytes, which JSON text never holds).
fn check_encoding_start(start: &[u8]) -> Result<(), Error> {
    let utf16 = start.starts_with(b"\xFF\xFE") || start.starts_with(b"\xFE\xFF");
    if utf16 || start.contains(&0) {
        let what = if utf16 { "it is UTF-16 text" } else { "it holds NUL bytes (UTF-16 text, or not text at all)" };
        return Err(Error::TraceEncoding { reason: what.to_string() });
    }
    Ok(())
}

/// The error for line `line` that is not UTF-8.
fn not_utf8(line: usize, e: std::str::Utf8Error) -> Error {
    Error::TraceLine { line, reason: format!("not UTF-8 text (byte {}); save the trace as UTF-8", e.valid_up_to() + 1) }
}

/// How a bounded line read ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LineRead {
    /// Nothing left.
    End,
    /// A line (with its newline, unless the input ended).
    Line,
    /// More than the cap without a newline: `buffer` holds the first `cap + 1` bytes.
    TooLong,
}

/// Read one line into `buffer` (cleared first), keeping at most `cap` bytes besides its newline.
fn read_line_within<R: BufRead>(input: &mut R, buffer: &mut Vec<u8>, cap: usize) -> Result<LineRead, Error> {
    buffer.clear();
    loop {
        let available = match input.fill_buf() {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(Error::TraceRead(e)),
        };
        if available.is_empty() {
            return Ok(if buffer.is_empty() { LineRead::End } else { LineRead::Line });
        }
        let (take, ends) = match available.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (available.len(), false),
        };
        if buffer.len() + take > cap + usize::from(ends) {
            let keep = (cap + 1).saturating_sub(buffer.len()).min(take);
            buffer.extend_from_slice(&available[..keep]);
            input.consume(keep);
            return Ok(LineRead::TooLong);
        }
        buffer.extend_from_slice(&available[..take]);
        input.consume(take);
        if ends {
            return Ok(LineRead::Line);
        }
    }
}

/// The events of a JSON Lines trace, read one line at a time (each at most [`MAX_LINE_BYTES`]).
pub struct Events<R: BufRead> {
    /// The trace's first line.
    pub header: Header,
    input: R,
    line: usize,
    buffer: Vec<u8>,
}

impl<R: BufRead> Events<R> {
    /// Line number of the event last returned.
    pub fn line(&self) -> usize {
        self.line
    }
}

impl<R: BufRead> Iterator for Events<R> {
    /// The line an event came from, and the event.
    type Item = Result<(usize, Event), Error>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            self.line += 1;
            let line = self.line;
            match read_line_within(&mut self.input, &mut self.buffer, MAX_LINE_BYTES) {
                Ok(LineRead::End) => return None,
                Ok(LineRead::TooLong) => {
                    let reason = format!("longer than {MAX_LINE_BYTES} bytes, the limit of a trace line (one event)");
                    return Some(Err(Error::TraceLine { line, reason }));
                }
                Ok(LineRead::Line) => {}
                Err(e) => return Some(Err(e)),
            }
            let text = match std::str::from_utf8(&self.buffer) {
                Ok(text) => text.trim(),
                Err(e) => return Some(Err(not_utf8(line, e))),
            };
            if text.is_empty() {
                continue;
            }
            let parsed: Result<Event, _> = serde_json::from_str(text);
            return Some(match parsed {
                Ok(event) => match event.caption_fault() {
                    Some(fault) => Err(Error::TraceLine { line, reason: fault.to_string() }),
                    None => Ok((line, event)),
                },
                Err(e) => Err(Error::TraceLine { line, reason: e.to_string() }),
            });
        }
    }
}

/// Events read ahead of a stream before drawing starts: a stream that ends within them is known
/// whole (length and caption sizes exact); a longer one is drawn with "step k" captions.
pub const READ_AHEAD_EVENTS: usize = 1 << 16;

impl<R: BufRead> Events<R> {
    /// Read up to [`READ_AHEAD_EVENTS`] events: what is known of the run, and those events.
    pub fn read_ahead(&mut self) -> Result<(RunInfo, Vec<(usize, Event)>), Error> {
        let mut ahead = Vec::new();
        for event in self.by_ref() {
            ahead.push(event?);
            if ahead.len() == READ_AHEAD_EVENTS {
                let events: Vec<Event> = ahead.iter().map(|(_, e)| e.clone()).collect();
                let info = RunInfo::new(self.header.n, &self.header.algorithm, &events, false);
                return Ok((info.with_puzzle(self.header.puzzle.clone()), ahead));
            }
        }
        let events: Vec<Event> = ahead.iter().map(|(_, e)| e.clone()).collect();
        let info = RunInfo::new(self.header.n, &self.header.algorithm, &events, true);
        Ok((info.with_puzzle(self.header.puzzle.clone()), ahead))
    }

    /// Read every event (checking each parses, not that it can happen): what is known of the run.
    pub fn scan(self) -> Result<RunInfo, Error> {
        let mut info =
            RunInfo::new(self.header.n, &self.header.algorithm, &[], true).with_puzzle(self.header.puzzle.clone());
        for event in self {
            info.add(&event?.1);
        }
        Ok(info)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn trace() -> Trace {
        let events = vec![Event::Place { row: 0, col: 0 }, Event::Remove { row: 0, col: 0 }];
        Trace::new(4, "backtrack", events)
    }

    #[test]
    fn json_lines_round_trip_and_json_is_told_apart() {
        let mut lines = Vec::new();
        write(&trace(), &mut lines).unwrap();
        assert!(String::from_utf8_lossy(&lines).starts_with("{\"n\":4,\"algorithm\":\"backtrack\"}\n"));
        let Input::Lines(events) = open(&lines[..]).unwrap() else { panic!("JSON Lines expected") };
        assert_eq!(events.header.n, 4);
        let read: Vec<(usize, Event)> = events.collect::<Result<_, _>>().unwrap();
        assert_eq!(read.iter().map(|(line, _)| *line).collect::<Vec<_>>(), [2, 3]);
        assert_eq!(read.into_iter().map(|(_, e)| e).collect::<Vec<_>>(), trace().events);
        let mut json = Vec::new();
        trace().write_json(&mut json).unwrap();
        let Input::Whole(whole) = open(&json[..]).unwrap() else { panic!("JSON expected") };
        assert_eq!(whole, trace());
        let one_line = serde_json::to_vec(&trace()).unwrap();
        assert!(matches!(open(&one_line[..]).unwrap(), Input::Whole(_)));
    }

    #[test]
    fn a_puzzle_rides_in_the_header() {
        let regions = vec![0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3];
        let puzzle = crate::trace::puzzle_furniture::Puzzle { n: 4, regions, blocked: vec![], givens: vec![] };
        let trace = Trace { puzzle: Some(puzzle), ..trace() };
        let mut lines = Vec::new();
        write(&trace, &mut lines).unwrap();
        let first = String::from_utf8_lossy(&lines).lines().next().unwrap().to_string();
        assert!(first.starts_with(r#"{"n":4,"algorithm":"backtrack","puzzle":{"n":4,"regions":[0,"#), "{first}");
        let Input::Lines(events) = open(&lines[..]).unwrap() else { panic!("JSON Lines expected") };
        assert_eq!(events.header.puzzle, trace.puzzle);
        let wrapped = String::from_utf8_lossy(&lines).replacen(",3,3]", ",3,60]", 1);
        let Err(err) = open(wrapped.as_bytes()) else { panic!("a region past the board's is refused") };
        assert!(err.to_string().contains("the puzzle's regions[15]: square d1 is in region 60"), "{err}");
    }

    #[test]
    fn a_bad_line_is_named() {
        let text = "{\"n\":4,\"algorithm\":\"x\"}\n{\"event\":\"place\",\"row\":0,\"col\":0}\n\n{\"event\":\"fly\"}\n";
        let Input::Lines(events) = open(text.as_bytes()).unwrap() else { panic!() };
        let results: Vec<_> = events.collect();
        assert!(results[0].is_ok());
        assert!(results[1].as_ref().unwrap_err().to_string().starts_with("line 4: "), "{:?}", results[1]);
    }

    #[test]
    fn lines_are_read_within_their_cap() {
        let mut buffer = Vec::new();
        let mut input = &b"abcd\nabcde\nabcdef"[..];
        assert_eq!(read_line_within(&mut input, &mut buffer, 5).unwrap(), LineRead::Line);
        assert_eq!(buffer, b"abcd\n");
        assert_eq!(read_line_within(&mut input, &mut buffer, 5).unwrap(), LineRead::Line);
        assert_eq!(buffer, b"abcde\n");
        assert_eq!(read_line_within(&mut input, &mut buffer, 5).unwrap(), LineRead::TooLong);
        assert_eq!(buffer, b"abcdef", "the cap plus one byte, to tell it was passed");
        // Split across reads of a small buffer, the cap holds too.
        let mut small = std::io::BufReader::with_capacity(2, &b"abcde\nabcdefgh\n"[..]);
        assert_eq!(read_line_within(&mut small, &mut buffer, 5).unwrap(), LineRead::Line);
        assert_eq!(read_line_within(&mut small, &mut buffer, 5).unwrap(), LineRead::TooLong);
        assert_eq!(buffer.len(), 6);
        assert_eq!(read_line_within(&mut &b""[..], &mut buffer, 5).unwrap(), LineRead::End);
    }

    #[test]
    fn a_whole_trace_past_its_size_cap_is_refused() {
        let mut json = Vec::new();
        trace().write_json(&mut json).unwrap();
        assert!(read_whole_within(&json[..], json.len() as u64).is_ok());
        let err = read_whole_within(&json[..], json.len() as u64 - 1).unwrap_err();
        assert!(matches!(err, Error::TraceTooLarge { .. }), "{err}");
        let long = Trace { algorithm: "x".repeat(MAX_ALGORITHM_CHARS + 1), ..trace() };
        let mut json = Vec::new();
        long.write_json(&mut json).unwrap();
        assert!(matches!(open(&json[..]), Err(Error::AlgorithmName { chars: 65, max: 64 })));
    }

    /// An endless input that counts the bytes taken from it.
    struct Endless<'a> {
        start: &'a [u8],
        fill: u8,
        taken: usize,
    }

    impl std::io::Read for Endless<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            for (i, byte) in buf.iter_mut().enumerate() {
                *byte = self.start.get(self.taken + i).copied().unwrap_or(self.fill);
            }
            self.taken += buf.len();
            Ok(buf.len())
        }
    }

    #[test]
    fn a_field_past_its_bound_is_refused_before_the_rest_is_read() {
        type Expected = fn(&Error) -> bool;
        let cases: [(&[u8], Expected); 2] = [
            (br#"{"n":8,"algorithm":""#, |e| matches!(e, Error::AlgorithmName { .. })),
            (br#"{"n":8,"algorithm":"b","events":[{"event":"undo","text":""#, |e| {
                matches!(e, Error::TraceStringTooLong { .. })
            }),
        ];
        for (start, expected) in cases {
            let mut endless = Endless { start, fill: b'x', taken: 0 };
            let err = read_whole_within(&mut endless, 64 << 20).unwrap_err();
            assert!(expected(&err), "{err}");
            assert!(endless.taken < MAX_LINE_BYTES + (64 << 10), "read {} bytes before refusing", endless.taken);
        }
    }
}
