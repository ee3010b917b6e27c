//! Puzzles solved: region puzzles by named deductions (guessing only when no rule applies), and
//! the tree searches around a puzzle's furniture; plus the hint, and puzzle generation.
//!
//! Contract: [`deduce::solve`] hands out the region solver's steps; [`search::run`] emits the
//! usual events of backtrack, grid and forward; [`solve_puzzle`] streams a puzzle's solutions;
//! [`hint`] says the next deduction in words; [`generate::generate`] makes puzzles with one
//! solution, deterministic per seed. Every search from outside (solving, counting, a recorded
//! `--puzzle` run) spends the one search budget (`solve/budget.rs`).

pub mod deduce;
pub mod generate;
pub mod region_grid;
pub mod rules;
pub mod search;
mod solutions;

pub use solutions::{count_puzzle_solutions, solve_puzzle};
pub(crate) use solutions::{gave_up, solutions_within, RECORDED_INSTEAD};

use crate::error::Error;
use crate::solve::{Algorithm, SolveOptions};
use crate::trace::puzzle_file::MAX_PUZZLE_N;
use crate::trace::puzzle_furniture::{Puzzle, Rule};
use crate::trace::{Event, Full, Recorder, Square};
use deduce::Move;
use region_grid::RegionGrid;
use rules::{Deduction, Effect};

/// The next deduction on the puzzle as given, in words (or why there is none).
pub fn hint(puzzle: &Puzzle) -> String {
    if !puzzle.has_regions() {
        return "a completion puzzle has no rules to apply: search it (backtrack, grid or forward)".to_string();
    }
    let state = RegionGrid::new(puzzle);
    if let Some(unit) = state.dead_unit() {
        return format!("no solution: {} has no open square left", state.unit_name(unit));
    }
    if state.solved() {
        return "solved: every queen stands".to_string();
    }
    match rules::next_deduction(&state) {
        Some(deduction) => deduce::hint_words(deduction.rule, &deduction.text),
        None => deduce::NO_RULE_APPLIES.to_string(),
    }
}

/// The rules (and guesses) the rule solver uses on its way to the first solution, as
/// "last-square 8, neighbours 8, region-in-line 2, guess 1".
pub fn rule_mix(puzzle: &Puzzle) -> String {
    let outcome = deduce::solve(puzzle, crate::solve::Until::First, true, &mut |_, _| Ok(()));
    outcome.map(|o| o.rule_mix()).unwrap_or_default()
}

/// Refuse a puzzle that does not fit its board (`n`), or a search that does not solve it.
pub fn check(puzzle: &Puzzle, n: usize, algorithm: Algorithm) -> Result<(), Error> {
    if puzzle.n != n || n == 0 || n > MAX_PUZZLE_N {
        return Err(Error::PuzzleShape {
            reason: format!("a {}x{} puzzle on a {n}x{n} board (puzzles go up to {MAX_PUZZLE_N})", puzzle.n, puzzle.n),
        });
    }
    puzzle.check()?;
    let kind = if puzzle.has_regions() { "region puzzles" } else { "completion puzzles" };
    match algorithm {
        Algorithm::Backtrack | Algorithm::Grid | Algorithm::Forward => Ok(()),
        Algorithm::Deduce if puzzle.has_regions() => Ok(()),
        Algorithm::Deduce => Err(Error::PuzzleAlgorithm {
            algorithm: "deduce",
            kind,
            instead: "its rules need regions; use backtrack, grid or forward",
        }),
        other => Err(Error::PuzzleAlgorithm {
            algorithm: other.name(),
            kind,
            instead: "it tries whole layouts, not squares around the furniture; use backtrack, grid or forward",
        }),
    }
}

/// Run the puzzle's solver: `deduce` (region puzzles) or a tree search around the furniture.
pub fn run(options: &SolveOptions, puzzle: &Puzzle, rec: &mut dyn Recorder) -> Result<(), Full> {
    if options.algorithm != Algorithm::Deduce {
        return search::run(options, puzzle, rec);
    }
    let squares = |list: &[usize]| list.iter().map(|&sq| Square::new(sq / puzzle.n, sq % puzzle.n)).collect::<Vec<_>>();
    let outcome = deduce::solve(puzzle, options.until, true, &mut |_, step| {
        rec.record(match step {
            Move::Deduce(Deduction { rule, step: Effect::Place(sq), used, text }) => {
                Event::Deduce { row: sq / puzzle.n, col: sq % puzzle.n, rule, used: squares(&used), text }
            }
            Move::Deduce(Deduction { rule, step: Effect::Eliminate(out), used, text }) => {
                Event::Eliminate { squares: squares(&out), rule, used: squares(&used), text }
            }
            Move::Guess(sq) => Event::Guess { row: sq / puzzle.n, col: sq % puzzle.n },
            Move::Undo { queens, reopened, text } => {
                Event::Undo { queens: squares(&queens), reopened: squares(&reopened), text }
            }
            Move::Refuted { square, text } => {
                Event::Eliminate { squares: squares(&[square]), rule: Rule::Guess, used: squares(&[square]), text }
            }
            Move::Solution(queens) => Event::Solution { queens },
        })
    });
    outcome.map(|_| ())
}
