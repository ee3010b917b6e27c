//! How hard a book's puzzle is, from what its solution needs.
//!
//! Contract: a region puzzle is graded by the rule solver's run to its solution: `easy` needs only
//! `last-square` and `neighbours`, `medium` also `region-in-line`, `hard` also `regions-in-lines`
//! or `sees-region`, `expert` a guess (no rule applies somewhere). A completion puzzle (no rules)
//! is graded by the dead ends a `forward` search meets before its solution: none is easy, up to
//! 3 medium, up to 15 hard, more expert. Within a grade, [`score`] orders by how much of the
//! harder reasoning it takes.

use super::BookPuzzle;
use crate::solve::puzzle::deduce::{solve, Outcome};
use crate::solve::{Algorithm, SolveOptions, Until};
use crate::trace::puzzle_furniture::Puzzle;
use crate::trace::Event;

/// A puzzle's difficulty, easiest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Grade {
    /// The last open square of a line or region, and what a queen rules out.
    Easy,
    /// Also a region confined to one line.
    Medium,
    /// Also several regions in as many lines, or a square that would empty a region.
    Hard,
    /// A guess is needed (region puzzles), or many dead ends (completion puzzles).
    Expert,
}

impl Grade {
    /// The grade's word, as printed.
    pub fn name(self) -> &'static str {
        match self {
            Grade::Easy => "easy",
            Grade::Medium => "medium",
            Grade::Hard => "hard",
            Grade::Expert => "expert",
        }
    }
}

/// The grade of `puzzle` and what its solution needs, in words.
pub fn grade(puzzle: &Puzzle) -> (Grade, String) {
    if !puzzle.has_regions() {
        let dead_ends = forward_dead_ends(puzzle);
        let grade = match dead_ends {
            0 => Grade::Easy,
            1..=3 => Grade::Medium,
            4..=15 => Grade::Hard,
            _ => Grade::Expert,
        };
        let givens = puzzle.givens.len();
        return (grade, format!("{givens} given, {dead_ends} dead ends in a forward search"));
    }
    let outcome = rule_run(puzzle);
    (region_grade(&outcome), outcome.rule_mix())
}

/// The rule solver's run to the first solution (guessing when no rule applies).
fn rule_run(puzzle: &Puzzle) -> Outcome {
    solve(puzzle, Until::First, true, &mut |_, _| Ok(())).unwrap_or_default()
}

/// The grade of a rule run (counts in `RULE_ORDER`: last-square, neighbours, region-in-line,
/// regions-in-lines, sees-region).
fn region_grade(outcome: &Outcome) -> Grade {
    if outcome.guesses > 0 {
        Grade::Expert
    } else if outcome.counts[3] + outcome.counts[4] > 0 {
        Grade::Hard
    } else if outcome.counts[2] > 0 {
        Grade::Medium
    } else {
        Grade::Easy
    }
}

/// Dead ends of a `forward` search before its first solution.
fn forward_dead_ends(puzzle: &Puzzle) -> u64 {
    let mut options = SolveOptions::new(puzzle.n);
    options.algorithm = Algorithm::Forward;
    options.puzzle = Some(puzzle.clone());
    match crate::solve::record(&options, usize::MAX) {
        Ok(trace) => trace.events.iter().filter(|e| matches!(e, Event::Deadend { .. })).count() as u64,
        Err(_) => u64::MAX,
    }
}

/// Order within a grade: the harder rules' uses weighed (region puzzles), or the givens missing
/// (completion puzzles).
pub fn score(p: &BookPuzzle) -> u64 {
    if !p.puzzle.has_regions() {
        return (p.puzzle.n * p.puzzle.n - p.puzzle.givens.len()) as u64;
    }
    let outcome = rule_run(&p.puzzle);
    let c = outcome.counts;
    c[2] + 3 * c[3] + 2 * c[4] + 10 * outcome.guesses
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grades_follow_the_rules_used() {
        let mut o = Outcome::default();
        assert_eq!(region_grade(&o), Grade::Easy);
        o.counts[2] = 1;
        assert_eq!(region_grade(&o), Grade::Medium);
        o.counts[4] = 1;
        assert_eq!(region_grade(&o), Grade::Hard);
        o.guesses = 1;
        assert_eq!(region_grade(&o), Grade::Expert);
        assert!(Grade::Easy < Grade::Expert);
    }
}
