//! The event vocabulary of a solving run and the recorded trace.
//!
//! Contract: a [`Trace`] is `{"n": N, "algorithm": "...", "events": [...]}` in JSON (a puzzle's
//! trace adds `"puzzle": {...}` after `algorithm`: the board's furniture before event 1). Events use
//! 0-based coordinates, `row` 0 = top row, `col` 0 = left column. Solvers push events into a
//! [`Recorder`]; the recorder may refuse (frame cap reached), which makes the solver stop at once.
//! Extra fields may be added later; the fields here keep their meaning.

mod algorithm;
mod json_bounds;
pub mod jsonl;
pub mod puzzle_file;
pub mod puzzle_furniture;
mod run;
pub mod select;

pub use algorithm::Algorithm;
pub use run::RunInfo;

/// Largest board a trace can be replayed on (a board keeps one flag per square).
pub const MAX_REPLAY_N: usize = 4096;

/// Longest caption sentence a puzzle event may carry, in characters: the solvers' own stay under
/// a hundred, and a longer one would wrap into a band taller than any frame allows.
pub const MAX_CAPTION_CHARS: usize = 400;

use puzzle_furniture::{Puzzle, Rule};
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

/// One step of a solving run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "lowercase")]
pub enum Event {
    /// A queen is put on a square.
    Place {
        /// Row, 0 = top.
        row: usize,
        /// Column, 0 = left.
        col: usize,
    },
    /// A queen is taken off a square (a backtrack).
    Remove {
        /// Row, 0 = top.
        row: usize,
        /// Column, 0 = left.
        col: usize,
    },
    /// The board holds a solution; `queens[col] = row`.
    Solution {
        /// The solution, `queens[col] = row`.
        queens: Vec<usize>,
    },
    /// The board is replaced by a whole layout, `queens[col] = row` (shuffle, permutations,
    /// min-conflicts' start); conflicts are allowed. `tries` counts layouts tried so far.
    Layout {
        /// The layout, `queens[col] = row`.
        queens: Vec<usize>,
        /// Layouts tried so far, when the solver counts them.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tries: Option<u64>,
    },
    /// A queen moves from one square to another (min-conflicts).
    Move {
        /// The square the queen leaves.
        from: Square,
        /// The square it goes to.
        to: Square,
    },
    /// Look-ahead found a row with no free square left, so the search backtracks.
    Deadend {
        /// The row without a free square.
        row: usize,
    },
    /// A square was examined; `attacker` is a queen attacking it, present only when not safe.
    Check {
        /// Row of the square examined.
        row: usize,
        /// Column of the square examined.
        col: usize,
        /// Whether no queen attacks it.
        safe: bool,
        /// A queen attacking it (only when not safe).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        attacker: Option<Square>,
    },
    /// Puzzle: squares ruled out by a named deduction; `used` are the squares the rule reasoned
    /// from (outlined in the frame); `text` is the caption's sentence, e.g.
    /// "region D fits only in row 3: row 3 cleared elsewhere".
    Eliminate {
        /// The squares ruled out.
        squares: Vec<Square>,
        /// The deduction that rules them out.
        rule: Rule,
        /// The squares the rule reasoned from.
        used: Vec<Square>,
        /// The caption's sentence.
        text: String,
    },
    /// Puzzle: a queen placed because a rule forces it (replays like Place).
    Deduce {
        /// Row, 0 = top.
        row: usize,
        /// Column, 0 = left.
        col: usize,
        /// The deduction that forces the queen.
        rule: Rule,
        /// The squares the rule reasoned from.
        used: Vec<Square>,
        /// The caption's sentence.
        text: String,
    },
    /// Puzzle: no rule applies, so a queen is guessed on an open square (replays like Place).
    Guess {
        /// Row, 0 = top.
        row: usize,
        /// Column, 0 = left.
        col: usize,
    },
    /// Puzzle: the last guess failed; back to the state before it: these queens come off and these
    /// squares reopen. `text` says why ("region C has no open square left: the guess on d4 fails").
    Undo {
        /// The queens taken off.
        queens: Vec<Square>,
        /// The squares open again.
        reopened: Vec<Square>,
        /// The caption's sentence: why the guess failed.
        text: String,
    },
}

impl Event {
    /// The square this event acts on, if any.
    pub fn square(&self) -> Option<Square> {
        match *self {
            Event::Place { row, col }
            | Event::Remove { row, col }
            | Event::Check { row, col, .. }
            | Event::Deduce { row, col, .. }
            | Event::Guess { row, col } => Some(Square::new(row, col)),
            Event::Move { to, .. } => Some(to),
            Event::Solution { .. }
            | Event::Layout { .. }
            | Event::Deadend { .. }
            | Event::Eliminate { .. }
            | Event::Undo { .. } => None,
        }
    }

    /// The event's tag in trace JSON (`"place"`, `"eliminate"`, ...).
    pub fn name(&self) -> &'static str {
        match self {
            Event::Place { .. } => "place",
            Event::Remove { .. } => "remove",
            Event::Solution { .. } => "solution",
            Event::Layout { .. } => "layout",
            Event::Move { .. } => "move",
            Event::Deadend { .. } => "deadend",
            Event::Check { .. } => "check",
            Event::Eliminate { .. } => "eliminate",
            Event::Deduce { .. } => "deduce",
            Event::Guess { .. } => "guess",
            Event::Undo { .. } => "undo",
        }
    }

    /// The caption sentence a puzzle event carries (eliminate, deduce, undo).
    pub fn text(&self) -> Option<&str> {
        match self {
            Event::Eliminate { text, .. } | Event::Deduce { text, .. } | Event::Undo { text, .. } => Some(text),
            _ => None,
        }
    }

    /// Why the event's caption cannot be drawn: longer than [`MAX_CAPTION_CHARS`].
    pub fn caption_fault(&self) -> Option<crate::error::TraceFault> {
        let chars = self.text()?.chars().count();
        (chars > MAX_CAPTION_CHARS).then_some(crate::error::TraceFault::CaptionTooLong { chars, max: MAX_CAPTION_CHARS })
    }

    /// True for the events only a puzzle's trace holds (eliminate, deduce, guess, undo).
    pub fn is_puzzle_event(&self) -> bool {
        matches!(self, Event::Eliminate { .. } | Event::Deduce { .. } | Event::Guess { .. } | Event::Undo { .. })
    }
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
    /// The events recorded so far.
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
    fn puzzle_events_serialize_with_lowercase_tags() {
        let sq = Square::new;
        let eliminate = Event::Eliminate {
            squares: vec![sq(2, 0)],
            rule: Rule::RegionInLine,
            used: vec![sq(2, 3)],
            text: "region D fits only in row 3: row 3 cleared elsewhere".into(),
        };
        assert_eq!(
            serde_json::to_string(&eliminate).unwrap(),
            r#"{"event":"eliminate","squares":[{"row":2,"col":0}],"rule":"region-in-line","used":[{"row":2,"col":3}],"text":"region D fits only in row 3: row 3 cleared elsewhere"}"#
        );
        let deduce = Event::Deduce { row: 1, col: 2, rule: Rule::LastSquare, used: vec![], text: "t".into() };
        assert_eq!(
            serde_json::to_string(&deduce).unwrap(),
            r#"{"event":"deduce","row":1,"col":2,"rule":"last-square","used":[],"text":"t"}"#
        );
        assert_eq!(
            serde_json::to_string(&Event::Guess { row: 0, col: 3 }).unwrap(),
            r#"{"event":"guess","row":0,"col":3}"#
        );
        let undo = Event::Undo { queens: vec![sq(0, 3)], reopened: vec![sq(1, 1)], text: "u".into() };
        assert_eq!(
            serde_json::to_string(&undo).unwrap(),
            r#"{"event":"undo","queens":[{"row":0,"col":3}],"reopened":[{"row":1,"col":1}],"text":"u"}"#
        );
        for event in [eliminate, deduce, Event::Guess { row: 0, col: 3 }, undo] {
            assert!(event.is_puzzle_event());
            assert!(serde_json::to_string(&event).unwrap().starts_with(&format!("{{\"event\":\"{}\"", event.name())));
        }
        assert!(!Event::Place { row: 0, col: 0 }.is_puzzle_event());
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

    #[test]
    fn recorder_refuses_past_its_limit() {
        let mut rec = VecRecorder::with_limit(1);
        assert!(rec.record(Event::Place { row: 0, col: 0 }).is_ok());
        assert_eq!(rec.record(Event::Place { row: 1, col: 1 }), Err(Full));
        assert!(rec.overflowed());
    }
}
