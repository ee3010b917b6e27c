//! Solvers: each runs a search on an n-board and emits [`Event`]s into a [`Recorder`].
//!
//! Contract: solvers know nothing about pixels. They stop as soon as the recorder refuses an event
//! (`Err(Full)`) or when [`Until`] is satisfied, right after recording the deciding `solution`.

mod backtrack;
pub(crate) mod budget;
pub mod estimate;
mod forward;
mod grid;
pub mod las_vegas;
mod min_conflicts;
mod permutations;
pub mod profile;
pub mod puzzle;
mod shuffle;
mod solutions;
mod swap_repair;

pub use budget::SEARCH_TIME_LIMIT;
pub use solutions::{solution_stream, solutions};

use crate::count::SolutionOrder;
use crate::error::Error;
use crate::trace::puzzle_furniture::Puzzle;
pub use crate::trace::Algorithm;
use crate::trace::{Event, Full, Recorder, Trace, VecRecorder, MAX_REPLAY_N};
use std::fmt;
use std::str::FromStr;

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
    /// The name the command line and traces use.
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

/// Seed used when none is given: the randomized solvers are deterministic per seed.
pub const DEFAULT_SEED: u64 = 1;

/// What to solve and how much to record.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct SolveOptions {
    /// Board size (N x N board, N queens). No default: [`SolveOptions::new`] takes it.
    pub n: usize,
    /// The search. Default: [`Algorithm::Backtrack`] (columns left to right, rows top to bottom).
    pub algorithm: Algorithm,
    /// When to stop. Default: [`Until::First`] solution.
    pub until: Until,
    /// What to record. Default: [`Detail::Placements`] (place, remove, solution events).
    pub detail: Detail,
    /// Seed of the randomized solvers (shuffle, min-conflicts): same seed, same trace. Default:
    /// [`DEFAULT_SEED`].
    pub seed: u64,
    /// The puzzle to solve (its furniture stands from the start); `None`, the default, solves
    /// the empty board.
    pub puzzle: Option<Puzzle>,
    /// The order every solution comes in from the backtrack algorithm ([`solution_stream`]).
    /// Default: [`SolutionOrder::Backtrack`].
    pub order: SolutionOrder,
}

impl SolveOptions {
    /// The defaults for an `n` x `n` board.
    pub fn new(n: usize) -> Self {
        SolveOptions {
            n,
            algorithm: Algorithm::default(),
            until: Until::default(),
            detail: Detail::default(),
            seed: DEFAULT_SEED,
            puzzle: None,
            order: SolutionOrder::Backtrack,
        }
    }
}

/// Run the solver, sending events to `recorder`. Returns `Err(Full)` if the recorder stopped it.
pub fn run(options: &SolveOptions, recorder: &mut dyn Recorder) -> Result<(), Full> {
    if let Some(puzzle) = &options.puzzle {
        return puzzle::run(options, puzzle, recorder);
    }
    match options.algorithm {
        Algorithm::Backtrack => backtrack::run(options, recorder),
        Algorithm::Grid => grid::run(options, recorder),
        Algorithm::Forward => forward::run(options, recorder),
        Algorithm::Shuffle => shuffle::run(options, recorder),
        Algorithm::Permutations => permutations::run(options, recorder),
        Algorithm::MinConflicts => min_conflicts::run(options, recorder),
        // `check_solvable` refuses `deduce` without a puzzle before any run starts.
        Algorithm::Deduce => Ok(()),
    }
}

/// Refuse what no solver here runs: `deduce` without a region puzzle, a puzzle that does not fit
/// its board, a search that does not take puzzles.
pub(crate) fn check_solvable(options: &SolveOptions) -> Result<(), Error> {
    match &options.puzzle {
        None if options.algorithm == Algorithm::Deduce => Err(Error::PuzzleAlgorithm {
            algorithm: "deduce",
            kind: "the empty board",
            instead:
                "give it a region puzzle, or pick backtrack, grid, forward, shuffle, permutations or min-conflicts",
        }),
        None => Ok(()),
        Some(puzzle) => puzzle::check(puzzle, options.n, options.algorithm),
    }
}

/// Record a whole run as a [`Trace`], refusing runs of more than `max_frames` frames (events + 1)
/// with [`Error::TooManyFrames`] (the run stops as soon as it passes the cap), and a puzzle's run
/// that passes [`SEARCH_TIME_LIMIT`] with [`Error::PuzzleSearchTooLong`].
///
/// ```
/// let mut options = queens::SolveOptions::new(6);
/// options.algorithm = queens::Algorithm::Forward;
/// let trace = queens::record(&options, queens::DEFAULT_MAX_FRAMES)?;
/// assert_eq!(trace.algorithm, "forward");
/// assert!(matches!(trace.events.last(), Some(queens::Event::Solution { .. })));
/// # Ok::<(), queens::Error>(())
/// ```
pub fn record(options: &SolveOptions, max_frames: usize) -> Result<Trace, Error> {
    let (recorder, stopped, budget) = recorded(options, max_frames.saturating_sub(1))?;
    if let (true, Some(puzzle)) = (budget.spent(), &options.puzzle) {
        return Err(gave_up(options, puzzle, &recorder, &budget));
    }
    if stopped || recorder.overflowed() {
        return Err(Error::TooManyFrames { limit: max_frames });
    }
    Ok(trace_of(options, recorder.events))
}

/// The first `events` events of the run `options` asks for (fewer when the run is shorter): a
/// hint's first deduction without recording the rest of the run. A puzzle's search spends the
/// search budget as in [`record`].
pub fn record_first(options: &SolveOptions, events: usize) -> Result<Trace, Error> {
    // Stopping at the limit is the point: a full recorder ends the run early, as asked.
    let (recorder, _, budget) = recorded(options, events)?;
    if let (true, Some(puzzle)) = (budget.spent() && recorder.events.len() < events, &options.puzzle) {
        return Err(gave_up(options, puzzle, &recorder, &budget));
    }
    Ok(trace_of(options, recorder.events))
}

/// The run `options` asks for, recorded into a recorder of at most `limit` events: the recorder,
/// whether the run stopped early (the recorder full, or the budget spent) and the search budget a
/// puzzle's run spends (a deduction on a big board is dear, so the frame cap alone would not bound
/// its time; the recording is kept whole, so the budget is its all).
fn recorded(options: &SolveOptions, limit: usize) -> Result<(VecRecorder, bool, budget::SearchBudget), Error> {
    if options.n == 0 || options.n > MAX_REPLAY_N {
        return Err(Error::BoardSize { n: options.n, max: MAX_REPLAY_N });
    }
    check_solvable(options)?;
    let mut recorder = VecRecorder::with_limit(limit);
    let mut timed =
        budget::BudgetRecorder { inner: &mut recorder, budget: budget::SearchBudget::new().clock_every(16) };
    let stopped = match &options.puzzle {
        Some(_) => run(options, &mut timed).is_err(),
        None => run(options, timed.inner).is_err(),
    };
    let budget = timed.budget;
    Ok((recorder, stopped, budget))
}

/// A puzzle's recorded run that spent its budget, as the error naming what to do instead.
fn gave_up(options: &SolveOptions, puzzle: &Puzzle, recorder: &VecRecorder, budget: &budget::SearchBudget) -> Error {
    let found = recorder.events.iter().filter(|e| matches!(e, Event::Solution { .. })).count() as u64;
    puzzle::gave_up(puzzle, options.algorithm.name(), found, budget, puzzle::RECORDED_INSTEAD)
}

/// The trace of `options`' run holding `events`.
fn trace_of(options: &SolveOptions, events: Vec<Event>) -> Trace {
    Trace { n: options.n, algorithm: options.algorithm.name().to_string(), puzzle: options.puzzle.clone(), events }
}

/// Emit a `solution` event for the current queens (`queens[col] = row`).
fn record_solution(recorder: &mut dyn Recorder, queens: &[usize]) -> Result<(), Full> {
    recorder.record(Event::Solution { queens: queens.to_vec() })
}

/// The first column whose queen shares a row or diagonal with a queen further left in the layout
/// `queens[col] = row` (rows must be `< queens.len()`), or `None` when the layout is a solution.
fn first_conflict(queens: &[usize]) -> Option<usize> {
    let n = queens.len();
    let (mut rows, mut diags, mut antis) = (vec![false; n], vec![false; 2 * n], vec![false; 2 * n]);
    queens.iter().enumerate().position(|(col, &row)| {
        let lines = [&mut rows[row], &mut diags[row + n - col], &mut antis[row + col]];
        let clash = lines.iter().any(|used| **used);
        lines.into_iter().for_each(|used| *used = true);
        clash
    })
}

/// Small deterministic PRNG (splitmix64) for the randomized solvers; no external crate.
#[derive(Clone, Debug)]
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Self {
        Rng(seed)
    }

    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` (`bound > 0`), by multiply-shift.
    fn below(&mut self, bound: usize) -> usize {
        ((u128::from(self.next_u64()) * bound as u128) >> 64) as usize
    }
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
