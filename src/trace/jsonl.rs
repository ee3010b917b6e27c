//! Traces as JSON Lines: a header line `{"n": 6, "algorithm": "backtrack"}`, then one event object
//! per line (the same objects as the JSON trace's `events`). Written and read as a stream, so a
//! run of any length passes through in flat memory.
//!
//! Contract: [`open`] tells a JSON trace from JSON Lines by content (a first line that is a whole
//! JSON object without `events` is a JSON Lines header) and returns either the whole trace or a
//! lazy event reader. Blank lines are skipped; a line that is not an event is an error naming its
//! line number (1-based, the header is line 1).

use crate::trace::RunInfo;
use crate::trace::{Event, Trace};
use crate::Error;
use serde::{Deserialize, Serialize};
use std::io::{BufRead, Write};

/// The first line of a JSON Lines trace.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header {
    pub n: usize,
    pub algorithm: String,
}

/// Write `trace` as JSON Lines.
pub fn write<W: Write>(trace: &Trace, mut out: W) -> Result<(), Error> {
    let header = Header { n: trace.n, algorithm: trace.algorithm.clone() };
    writeln!(out, "{}", serde_json::to_string(&header)?)?;
    for event in &trace.events {
        writeln!(out, "{}", serde_json::to_string(event)?)?;
    }
    out.flush()?;
    Ok(())
}

/// A trace read from a file or stream: whole (JSON) or as a lazy stream of events (JSON Lines).
pub enum Input<R: BufRead> {
    Whole(Trace),
    Lines(Events<R>),
}

/// Read the start of `input` and tell JSON from JSON Lines.
pub fn open<R: BufRead>(mut input: R) -> Result<Input<R>, Error> {
    let mut first = String::new();
    input.read_line(&mut first)?;
    if let Ok(serde_json::Value::Object(object)) = serde_json::from_str::<serde_json::Value>(first.trim()) {
        if !object.contains_key("events") {
            let header: Header = serde_json::from_value(serde_json::Value::Object(object))
                .map_err(|e| Error::TraceLine { line: 1, reason: format!("not a JSON Lines header: {e}") })?;
            return Ok(Input::Lines(Events { header, input, line: 1, buffer: String::new() }));
        }
    }
    let rest = std::io::Read::chain(std::io::Cursor::new(first), input);
    Ok(Input::Whole(serde_json::from_reader(rest)?))
}

/// The events of a JSON Lines trace, read one line at a time.
pub struct Events<R: BufRead> {
    pub header: Header,
    input: R,
    line: usize,
    buffer: String,
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
            self.buffer.clear();
            self.line += 1;
            match self.input.read_line(&mut self.buffer) {
                Ok(0) => return None,
                Ok(_) if self.buffer.trim().is_empty() => continue,
                Ok(_) => {
                    let parsed = serde_json::from_str(self.buffer.trim()).map(|event| (self.line, event));
                    return Some(parsed.map_err(|e| Error::TraceLine { line: self.line, reason: e.to_string() }));
                }
                Err(e) => return Some(Err(e.into())),
            }
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
                return Ok((RunInfo::new(self.header.n, &self.header.algorithm, &events, false), ahead));
            }
        }
        let events: Vec<Event> = ahead.iter().map(|(_, e)| e.clone()).collect();
        Ok((RunInfo::new(self.header.n, &self.header.algorithm, &events, true), ahead))
    }

    /// Read every event (checking each parses, not that it can happen): what is known of the run.
    pub fn scan(self) -> Result<RunInfo, Error> {
        let mut info = RunInfo::new(self.header.n, &self.header.algorithm, &[], true);
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
        Trace { n: 4, algorithm: "backtrack".into(), events }
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
    fn a_bad_line_is_named() {
        let text = "{\"n\":4,\"algorithm\":\"x\"}\n{\"event\":\"place\",\"row\":0,\"col\":0}\n\n{\"event\":\"fly\"}\n";
        let Input::Lines(events) = open(text.as_bytes()).unwrap() else { panic!() };
        let results: Vec<_> = events.collect();
        assert!(results[0].is_ok());
        assert!(results[1].as_ref().unwrap_err().to_string().starts_with("line 4: "), "{:?}", results[1]);
    }
}
