//! Solvers: each runs a search on an n-board and emits [`Event`]s into a [`Recorder`].
//!
//! Contract: solvers know nothing about pixels. They stop as soon as the recorder refuses an event
//! (`Err(Full)`) or when [`Until`] is satisfied, right after recording the deciding `solution`.

mod backtrack;

use crate::trace::{Event, Full, Recorder, Trace, VecRecorder};
use crate::Error;
use std::fmt;
use std::str::FromStr;

/// Which search to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Algorithm {
    /// Column by column, rows top to bottom, recursive backtracking (the blog post's algorithm).
    #[default]
    Backtrack,
}

impl Algorithm {
    pub const ALL: [Algorithm; 1] = [Algorithm::Backtrack];

    /// The name used on the command line and in trace files.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Backtrack => "backtrack",
        }
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Algorithm {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Algorithm::ALL.into_iter().find(|a| a.name() == s).ok_or_else(|| {
            let names: Vec<_> = Algorithm::ALL.iter().map(|a| a.name()).collect();
            format!("unknown algorithm '{s}' (expected one of: {})", names.join(", "))
        })
    }
}

/// When a run stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Until {
    /// At the first solution.
    #[default]
    First,
    /// After this many solutions (or when the search ends, if there are fewer).
    Solutions(u64),
    /// When the whole search space is exhausted.
    All,
}

impl Until {
    /// True once `found` solutions satisfy this stopping rule.
    pub fn reached(self, found: u64) -> bool {
        match self {
            Until::First => found >= 1,
            Until::Solutions(k) => found >= k,
            Until::All => false,
        }
    }
}

impl fmt::Display for Until {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Until::First => f.write_str("first"),
            Until::Solutions(k) => write!(f, "{k}"),
            Until::All => f.write_str("all"),
        }
    }
}

impl FromStr for Until {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "first" => Ok(Until::First),
            "all" => Ok(Until::All),
            _ => match s.parse::<u64>() {
                Ok(k) if k >= 1 => Ok(Until::Solutions(k)),
                _ => Err(format!("'{s}' is not first, all or a number of solutions >= 1")),
            },
        }
    }
}

/// How much of the search becomes events.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Detail {
    /// Placements, removals and solutions.
    #[default]
    Placements,
    /// Also every square examined, with its attacker when it is not safe.
    Checks,
}

impl Detail {
    pub fn name(self) -> &'static str {
        match self {
            Detail::Placements => "placements",
            Detail::Checks => "checks",
        }
    }
}

impl FromStr for Detail {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "placements" => Ok(Detail::Placements),
            "checks" => Ok(Detail::Checks),
            _ => Err(format!("unknown detail '{s}' (expected placements or checks)")),
        }
    }
}

/// What to solve and how much to record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolveOptions {
    pub n: usize,
    pub algorithm: Algorithm,
    pub until: Until,
    pub detail: Detail,
}

impl SolveOptions {
    pub fn new(n: usize) -> Self {
        SolveOptions { n, algorithm: Algorithm::default(), until: Until::default(), detail: Detail::default() }
    }
}

/// Run the solver, sending events to `recorder`. Returns `Err(Full)` if the recorder stopped it.
pub fn run(options: &SolveOptions, recorder: &mut dyn Recorder) -> Result<(), Full> {
    match options.algorithm {
        Algorithm::Backtrack => backtrack::run(options, recorder),
    }
}

/// Record a whole run as a [`Trace`], refusing runs of more than `max_events` events with
/// [`Error::TooManyFrames`] (the run stops as soon as it passes the cap).
pub fn record(options: &SolveOptions, max_events: usize) -> Result<Trace, Error> {
    if options.n == 0 {
        return Err(Error::BoardSize(0));
    }
    let mut recorder = VecRecorder::with_limit(max_events);
    if run(options, &mut recorder).is_err() || recorder.overflowed() {
        return Err(Error::TooManyFrames { limit: max_events + 1 });
    }
    Ok(Trace { n: options.n, algorithm: options.algorithm.name().to_string(), events: recorder.events })
}

/// Emit a `solution` event for the current queens (`queens[col] = row`).
fn record_solution(recorder: &mut dyn Recorder, queens: &[usize]) -> Result<(), Full> {
    recorder.record(Event::Solution { queens: queens.to_vec() })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn until_parses_first_all_and_counts() {
        assert_eq!("first".parse::<Until>(), Ok(Until::First));
        assert_eq!("all".parse::<Until>(), Ok(Until::All));
        assert_eq!("3".parse::<Until>(), Ok(Until::Solutions(3)));
        assert!("0".parse::<Until>().is_err());
        assert!("-1".parse::<Until>().is_err());
        assert!("many".parse::<Until>().is_err());
    }
}
