//! The event vocabulary of a solving run and the recorded trace.
//!
//! Contract: a [`Trace`] is `{"n": N, "algorithm": "...", "events": [...]}` in JSON (a puzzle's
//! trace adds `"puzzle": {...}` after `algorithm`: the board's furniture before event 1). Events use
//! 0-based coordinates, `row` 0 = top row, `col` 0 = left column. Solvers push events into a
//! [`Recorder`]; the recorder may refuse (frame cap reached), which makes the solver stop at once.
//! Extra fields may be added later; the fields here keep their meaning.

mod algorithm;
mod event;
mod json_bounds;
pub mod jsonl;
pub mod puzzle_file;
pub mod puzzle_furniture;
mod recorder;
mod run;
pub mod select;

pub use algorithm::Algorithm;
pub use event::Event;
pub use recorder::{Full, Recorder, VecRecorder};
pub use run::RunInfo;

/// Largest board a trace can be replayed on (a board keeps one flag per square).
pub const MAX_REPLAY_N: usize = 4096;

use puzzle_furniture::Puzzle;
use serde::{Deserialize, Serialize};

/// A square on the board, 0-based; `row` 0 is the top row, `col` 0 the left column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Square {
    /// Row, 0 = top.
    pub row: usize,
    /// Column, 0 = left.
    pub col: usize,
}

impl Square {
    /// The square at `row`, `col`.
    pub fn new(row: usize, col: usize) -> Self {
        Square { row, col }
    }

    /// Chess-style name on an `n`-board: column letter (a, b, ..., z, aa, ...) then rank, rank 1 at
    /// the bottom. `Square::new(0, 0).name(8)` is `"a8"`.
    pub fn name(self, n: usize) -> String {
        format!("{}{}", column_label(self.col), n - self.row)
    }

    /// True when a queen on `self` attacks `other` (same row, column or diagonal; not itself).
    pub fn attacks(self, other: Square) -> bool {
        self != other
            && (self.row == other.row
                || self.col == other.col
                || self.row.abs_diff(other.row) == self.col.abs_diff(other.col))
    }
}

/// Column letters as on a chessboard, extended past `z` as `aa`, `ab`, ... for big boards.
pub fn column_label(col: usize) -> String {
    let mut label = Vec::new();
    let mut c = col + 1;
    while c > 0 {
        c -= 1;
        label.push(b'a' + (c % 26) as u8);
        c /= 26;
    }
    label.reverse();
    String::from_utf8(label).expect("ascii letters")
}

/// A recorded solving run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Trace {
    /// The board size.
    pub n: usize,
    /// The algorithm's name (one of ours, or any name a solver of your own gives).
    pub algorithm: String,
    /// The puzzle the run solves (its furniture stands on the board from frame 0); `None` for
    /// the empty board.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub puzzle: Option<Puzzle>,
    /// The run's events, in order.
    pub events: Vec<Event>,
}

impl Trace {
    /// Number of frames an animation of this trace has: the empty board plus one per event.
    pub fn frame_count(&self) -> usize {
        self.events.len() + 1
    }

    /// A trace of the empty board (no puzzle).
    pub fn new(n: usize, algorithm: impl Into<String>, events: Vec<Event>) -> Self {
        Trace { n, algorithm: algorithm.into(), puzzle: None, events }
    }

    /// Write as JSON with one event per line (compact, yet readable and diff-friendly).
    pub fn write_json<W: std::io::Write>(&self, mut out: W) -> Result<(), crate::error::Error> {
        write!(out, "{{\"n\":{},\"algorithm\":{},", self.n, serde_json::to_string(&self.algorithm)?)?;
        if let Some(puzzle) = &self.puzzle {
            write!(out, "\"puzzle\":{},", serde_json::to_string(puzzle)?)?;
        }
        write!(out, "\"events\":[")?;
        for (i, event) in self.events.iter().enumerate() {
            let sep = if i == 0 { "\n" } else { ",\n" };
            write!(out, "{sep}{}", serde_json::to_string(event)?)?;
        }
        writeln!(out, "\n]}}")?;
        Ok(())
    }

    /// Read a trace from JSON (bounded: see [`crate::trace::jsonl::read_whole`]).
    pub fn read_json<R: std::io::Read>(input: R) -> Result<Self, crate::error::Error> {
        crate::trace::jsonl::read_whole(std::io::BufReader::new(input))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_follow_chess_ranks() {
        assert_eq!(Square::new(0, 0).name(8), "a8");
        assert_eq!(Square::new(7, 7).name(8), "h1");
        assert_eq!(Square::new(2, 2).name(5), "c3");
        assert_eq!(column_label(25), "z");
        assert_eq!(column_label(26), "aa");
        assert_eq!(column_label(27), "ab");
    }

    #[test]
    fn trace_json_round_trips() {
        let trace = Trace {
            n: 4,
            algorithm: "backtrack".into(),
            puzzle: None,
            events: vec![Event::Place { row: 1, col: 0 }, Event::Remove { row: 1, col: 0 }],
        };
        let mut json = Vec::new();
        trace.write_json(&mut json).unwrap();
        let value: serde_json::Value = serde_json::from_slice(&json).unwrap();
        assert_eq!(value["n"], 4);
        assert_eq!(value["events"][1]["event"], "remove");
        assert_eq!(Trace::read_json(&json[..]).unwrap(), trace);
    }

    #[test]
    fn a_puzzle_is_written_after_the_algorithm_only_when_present() {
        let plain = Trace::new(4, "backtrack", vec![Event::Place { row: 1, col: 0 }]);
        let mut json = Vec::new();
        plain.write_json(&mut json).unwrap();
        assert_eq!(
            String::from_utf8(json).unwrap(),
            "{\"n\":4,\"algorithm\":\"backtrack\",\"events\":[\n{\"event\":\"place\",\"row\":1,\"col\":0}\n]}\n"
        );
        let puzzle =
            Puzzle { n: 4, regions: vec![], blocked: vec![Square::new(0, 0)], givens: vec![Square::new(1, 2)] };
        let trace = Trace { puzzle: Some(puzzle), ..plain };
        let mut json = Vec::new();
        trace.write_json(&mut json).unwrap();
        let text = String::from_utf8(json.clone()).unwrap();
        assert!(
            text.starts_with(r#"{"n":4,"algorithm":"backtrack","puzzle":{"n":4,"blocked":[{"row":0,"col":0}],"givens":[{"row":1,"col":2}]},"events":["#),
            "{text}"
        );
        assert_eq!(Trace::read_json(&json[..]).unwrap(), trace);
    }
}
