//! Puzzles solved: region puzzles by named deductions (guessing only when no rule applies), and
//! the tree searches around a puzzle's furniture; plus the hint, and puzzle generation.
//!
//! Contract: [`deduce::solve`] hands out the region solver's steps; [`search::run`] emits the
//! usual events of backtrack, grid and forward; [`hint`] says the next deduction in words;
//! [`generate::generate`] makes puzzles with one solution, deterministic per seed.

pub mod deduce;
pub mod generate;
pub mod rules;
pub mod search;
pub mod state;

use crate::trace::puzzle::Puzzle;
use state::State;

/// The next deduction on the puzzle as given, in words (or why there is none).
pub fn hint(puzzle: &Puzzle) -> String {
    let state = State::new(puzzle);
    if let Some(unit) = state.dead_unit() {
        return format!("no solution: {} has no open square left", state.unit_name(unit));
    }
    if state.solved() {
        return "solved: every queen stands".to_string();
    }
    match rules::next_deduction(&state) {
        Some(deduction) => format!("{}: {}", deduce::rule_name(deduction.rule), deduction.text),
        None => "no rule applies: a guess is needed".to_string(),
    }
}

/// The rules (and guesses) the rule solver uses on its way to the first solution, as
/// "last-square 8, neighbours 8, region-in-line 2, guess 1".
pub fn rule_mix(puzzle: &Puzzle) -> String {
    let outcome = deduce::solve(puzzle, crate::solve::Until::First, true, &mut |_, _| Ok(()));
    outcome.map(|o| o.rule_mix()).unwrap_or_default()
}

/// Every solution the solvers find, in their order, up to `until`: region puzzles by the rule
/// solver (guessing where the rules stop), completion puzzles by backtracking around the furniture.
pub fn solve_puzzle(puzzle: &Puzzle, until: crate::solve::Until) -> Vec<Vec<usize>> {
    let mut found = Vec::new();
    if puzzle.has_regions() {
        let _ = deduce::solve(puzzle, until, true, &mut |_, step| {
            if let deduce::Move::Solution(queens) = step {
                found.push(queens);
            }
            Ok(())
        });
    } else {
        let mut options = crate::solve::SolveOptions::new(puzzle.n);
        options.until = until;
        let _ = search::run(&options, puzzle, &mut Solutions(&mut found));
    }
    found
}

/// A recorder keeping the solutions only.
struct Solutions<'a>(&'a mut Vec<Vec<usize>>);

impl crate::trace::Recorder for Solutions<'_> {
    fn record(&mut self, event: crate::trace::Event) -> Result<(), crate::trace::Full> {
        if let crate::trace::Event::Solution { queens } = event {
            self.0.push(queens);
        }
        Ok(())
    }
}
