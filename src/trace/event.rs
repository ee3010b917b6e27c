//! The events of a solving run: what each one says happened, its tag in trace JSON, and the
//! bound on the caption sentence a puzzle event carries.
//!
//! Contract: an [`Event`] serializes as one JSON object tagged by `"event"` (`"place"`,
//! `"eliminate"`, ...), 0-based squares, row 0 at the top; the fields here keep their meaning.

use super::puzzle_furniture::Rule;
use super::Square;
use serde::{Deserialize, Serialize};

/// Longest caption sentence a puzzle event may carry, in characters: the solvers' own stay under
/// a hundred, and a longer one would wrap into a band taller than any frame allows.
pub const MAX_CAPTION_CHARS: usize = 400;

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

    /// Why the event's caption cannot be drawn: longer than `MAX_CAPTION_CHARS` (400 characters).
    pub fn caption_fault(&self) -> Option<crate::error::TraceFault> {
        let chars = self.text()?.chars().count();
        (chars > MAX_CAPTION_CHARS)
            .then_some(crate::error::TraceFault::CaptionTooLong { chars, max: MAX_CAPTION_CHARS })
    }

    /// True for the events only a puzzle's trace holds (eliminate, deduce, guess, undo).
    pub fn is_puzzle_event(&self) -> bool {
        matches!(self, Event::Eliminate { .. } | Event::Deduce { .. } | Event::Guess { .. } | Event::Undo { .. })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
