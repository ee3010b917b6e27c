//! The event vocabulary of a solving run and the recorded trace.
//!
//! Contract: a [`Trace`] is `{"n": N, "algorithm": "...", "events": [...]}` in JSON. Events use
//! 0-based coordinates, `row` 0 = top row, `col` 0 = left column. Solvers push events into a
//! [`Recorder`]; the recorder may refuse (frame cap reached), which makes the solver stop at once.
//! Extra fields may be added later; the fields here keep their meaning.

mod algorithm;
pub mod jsonl;
pub mod puzzle;
pub mod puzzle_file;
mod run;
pub mod select;

pub use algorithm::Algorithm;
pub use run::RunInfo;

/// Largest board a trace can be replayed on (a board keeps one flag per square).
pub const MAX_REPLAY_N: usize = 4096;

use serde::{Deserialize, Serialize};

/// A square on the board, 0-based; `row` 0 is the top row, `col` 0 the left column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Square {
    pub row: usize,
    pub col: usize,
}

impl Square {
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

/// One step of a solving run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "lowercase")]
pub enum Event {
    /// A queen is put on a square.
    Place { row: usize, col: usize },
    /// A queen is taken off a square (a backtrack).
    Remove { row: usize, col: usize },
    /// The board holds a solution; `queens[col] = row`.
    Solution { queens: Vec<usize> },
    /// The board is replaced by a whole layout, `queens[col] = row` (shuffle, permutations,
    /// min-conflicts' start); conflicts are allowed. `tries` counts layouts tried so far.
    Layout {
        queens: Vec<usize>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tries: Option<u64>,
    },
    /// A queen moves from one square to another (min-conflicts).
    Move { from: Square, to: Square },
    /// Look-ahead found a row with no free square left, so the search backtracks.
    Deadend { row: usize },
    /// A square was examined; `attacker` is a queen attacking it, present only when not safe.
    Check {
        row: usize,
        col: usize,
        safe: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        attacker: Option<Square>,
    },
}

impl Event {
    /// The square this event acts on, if any.
    pub fn square(&self) -> Option<Square> {
        match *self {
            Event::Place { row, col } | Event::Remove { row, col } | Event::Check { row, col, .. } => {
                Some(Square::new(row, col))
            }
            Event::Move { to, .. } => Some(to),
            Event::Solution { .. } | Event::Layout { .. } | Event::Deadend { .. } => None,
        }
    }
}

/// A recorded solving run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Trace {
    pub n: usize,
    pub algorithm: String,
    pub events: Vec<Event>,
}

impl Trace {
    /// Number of frames an animation of this trace has: the empty board plus one per event.
    pub fn frame_count(&self) -> usize {
        self.events.len() + 1
    }

    /// Write as JSON with one event per line (compact, yet readable and diff-friendly).
    pub fn write_json<W: std::io::Write>(&self, mut out: W) -> Result<(), crate::Error> {
        write!(out, "{{\"n\":{},\"algorithm\":{},\"events\":[", self.n, serde_json::to_string(&self.algorithm)?)?;
        for (i, event) in self.events.iter().enumerate() {
            let sep = if i == 0 { "\n" } else { ",\n" };
            write!(out, "{sep}{}", serde_json::to_string(event)?)?;
        }
        writeln!(out, "\n]}}")?;
        Ok(())
    }

    /// Read a trace from JSON (bounded: see [`crate::jsonl::read_whole`]).
    pub fn read_json<R: std::io::Read>(input: R) -> Result<Self, crate::Error> {
        crate::jsonl::read_whole(std::io::BufReader::new(input))
    }
}

/// The recorder refused an event: the run has reached its cap and should stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Full;

/// Where solvers send their events.
pub trait Recorder {
    /// Record one event. `Err(Full)` tells the solver to stop now.
    fn record(&mut self, event: Event) -> Result<(), Full>;
}

/// Records events into memory, refusing any past `limit`.
#[derive(Debug)]
pub struct VecRecorder {
    pub events: Vec<Event>,
    limit: usize,
    overflowed: bool,
}

impl VecRecorder {
    /// A recorder that keeps at most `limit` events.
    pub fn with_limit(limit: usize) -> Self {
        VecRecorder { events: Vec::new(), limit, overflowed: false }
    }

    /// True when the solver tried to record more than `limit` events.
    pub fn overflowed(&self) -> bool {
        self.overflowed
    }
}

impl Recorder for VecRecorder {
    fn record(&mut self, event: Event) -> Result<(), Full> {
        if self.events.len() >= self.limit {
            self.overflowed = true;
            return Err(Full);
        }
        self.events.push(event);
        Ok(())
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
    fn events_serialize_to_the_documented_json() {
        let place = serde_json::to_string(&Event::Place { row: 1, col: 2 }).unwrap();
        assert_eq!(place, r#"{"event":"place","row":1,"col":2}"#);
        let check = Event::Check { row: 3, col: 1, safe: false, attacker: Some(Square::new(0, 0)) };
        assert_eq!(
            serde_json::to_string(&check).unwrap(),
            r#"{"event":"check","row":3,"col":1,"safe":false,"attacker":{"row":0,"col":0}}"#
        );
        let safe = Event::Check { row: 3, col: 1, safe: true, attacker: None };
        assert_eq!(serde_json::to_string(&safe).unwrap(), r#"{"event":"check","row":3,"col":1,"safe":true}"#);
        let solution = Event::Solution { queens: vec![0, 2, 4, 1, 3] };
        assert_eq!(serde_json::to_string(&solution).unwrap(), r#"{"event":"solution","queens":[0,2,4,1,3]}"#);
        let layout = Event::Layout { queens: vec![1, 0], tries: Some(3) };
        assert_eq!(serde_json::to_string(&layout).unwrap(), r#"{"event":"layout","queens":[1,0],"tries":3}"#);
        let step = Event::Move { from: Square::new(0, 1), to: Square::new(2, 1) };
        assert_eq!(
            serde_json::to_string(&step).unwrap(),
            r#"{"event":"move","from":{"row":0,"col":1},"to":{"row":2,"col":1}}"#
        );
        assert_eq!(serde_json::to_string(&Event::Deadend { row: 6 }).unwrap(), r#"{"event":"deadend","row":6}"#);
    }

    #[test]
    fn trace_json_round_trips() {
        let trace = Trace {
            n: 4,
            algorithm: "backtrack".into(),
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
    fn recorder_refuses_past_its_limit() {
        let mut rec = VecRecorder::with_limit(1);
        assert!(rec.record(Event::Place { row: 0, col: 0 }).is_ok());
        assert_eq!(rec.record(Event::Place { row: 1, col: 1 }), Err(Full));
        assert!(rec.overflowed());
    }
}
