//! What a puzzle page knows ahead of play: one solution, and the chain of hints from the start
//! position to it, each in the words `queens puzzle hint` says.
//!
//! Contract: a region puzzle's chain is the rule solver's own: from the puzzle as given, the next
//! deduction of [`next_deduction`] (its sentence `Rule in plain words — text`, what it places or rules out, the
//! squares it reasoned from), applied, until every queen stands; where no rule applies the step
//! says so as `puzzle hint` does ("no rule applies: a guess is needed") and places the solution's
//! queen of the row, column or region with the fewest open squares (the solver's guess), naming it
//! in a second line. A completion puzzle has no rules: each step places the solution's queen of
//! the empty column with the fewest safe squares. Squares are `row * n + col`, row 0 at the top.
//! Every step agrees with [`Plan::solution`]; a puzzle without a solution is
//! [`Error::PuzzleUnsolvable`].

use crate::error::Error;
use crate::solve::puzzle::deduce::{apply, hint_words, NO_RULE_APPLIES};
use crate::solve::puzzle::region_grid::RegionGrid;
use crate::solve::puzzle::rules::{next_deduction, Effect};
use crate::solve::puzzle::solve_puzzle;
use crate::solve::Until;
use crate::trace::puzzle_furniture::Puzzle;
use crate::trace::{column_label, Square};

/// One hint: its words, what it does, and the squares it concerns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The sentence, as `puzzle hint` says it.
    pub text: String,
    /// A second line, when the sentence alone does not say where the queen goes.
    pub more: Option<String>,
    /// The queen it places, if it places one.
    pub place: Option<usize>,
    /// The squares it rules out (empty when it places a queen).
    pub out: Vec<usize>,
    /// The squares it reasoned from.
    pub used: Vec<usize>,
}

/// A solution and the hints that lead to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The solution's squares, column a first.
    pub solution: Vec<usize>,
    /// True when the puzzle has more than one solution (the hints follow the first).
    pub several: bool,
    /// The hints, in order.
    pub steps: Vec<Step>,
}

/// The first solution of `puzzle` and its chain of hints.
pub fn plan(puzzle: &Puzzle) -> Result<Plan, Error> {
    let n = puzzle.n;
    let mut found: Vec<Vec<usize>> = Vec::new();
    solve_puzzle(puzzle, Until::Solutions(2), &mut |queens| {
        found.push(queens);
        Ok(())
    })?;
    let Some(first) = found.first() else {
        let kind = if puzzle.has_regions() { "region" } else { "completion" };
        return Err(Error::PuzzleUnsolvable { n, kind });
    };
    let solution: Vec<usize> = first.iter().enumerate().map(|(col, row)| row * n + col).collect();
    let steps =
        if puzzle.has_regions() { region_steps(puzzle, &solution) } else { completion_steps(puzzle, &solution) };
    Ok(Plan { solution, several: found.len() > 1, steps })
}

/// The rule solver's deductions, a guess from the solution where none applies.
fn region_steps(puzzle: &Puzzle, solution: &[usize]) -> Vec<Step> {
    let mut state = RegionGrid::new(puzzle);
    let mut steps = Vec::new();
    while !state.solved() && state.dead_unit().is_none() {
        if let Some(deduction) = next_deduction(&state) {
            apply(&mut state, &deduction);
            let (place, out) = match deduction.step {
                Effect::Place(sq) => (Some(sq), Vec::new()),
                Effect::Eliminate(squares) => (None, squares),
            };
            let text = hint_words(deduction.rule, &deduction.text);
            steps.push(Step { text, more: None, place, out, used: deduction.used });
            continue;
        }
        let Some(unit) =
            (0..state.units()).filter(|&u| !state.unit_has_queen(u)).min_by_key(|&u| state.open_in(u).count())
        else {
            break;
        };
        let Some(sq) = state.open_in(unit).find(|sq| solution.contains(sq)) else { break };
        let more = format!("The solution's queen of {} is on {}.", state.unit_name(unit), state.name(sq));
        let used = state.open_in(unit).collect();
        state.put_queen(sq);
        let text = NO_RULE_APPLIES.to_string();
        steps.push(Step { text, more: Some(more), place: Some(sq), out: Vec::new(), used });
    }
    steps
}

/// The solution's queens, the empty column with the fewest safe squares first.
fn completion_steps(puzzle: &Puzzle, solution: &[usize]) -> Vec<Step> {
    let n = puzzle.n;
    let square = |sq: usize| Square::new(sq / n, sq % n);
    let mut queens: Vec<usize> = puzzle.givens.iter().map(|s| s.row * n + s.col).collect();
    let safe = |queens: &[usize], sq: usize| {
        !puzzle.is_blocked(square(sq)) && queens.iter().all(|&q| q != sq && !square(q).attacks(square(sq)))
    };
    let mut steps = Vec::new();
    loop {
        let columns = (0..n).filter(|&col| queens.iter().all(|&q| q % n != col));
        let Some((col, open)) = columns
            .map(|col| (col, (0..n).map(|row| row * n + col).filter(|&sq| safe(&queens, sq)).collect::<Vec<_>>()))
            .min_by_key(|(_, open)| open.len())
        else {
            return steps;
        };
        let sq = solution[col];
        let (file, name) = (column_label(col), square(sq).name(n));
        let text = match open.len() {
            1 => format!("column {file} has one safe square left: a queen on {name}"),
            k => format!("column {file} has {k} safe squares; the solution's queen is on {name}"),
        };
        queens.push(sq);
        steps.push(Step { text, more: None, place: Some(sq), out: Vec::new(), used: open });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trace::puzzle_file::parse_puzzle;

    fn puzzle(text: &str) -> Puzzle {
        parse_puzzle(text.as_bytes()).unwrap().puzzle
    }

    #[test]
    fn a_region_chain_starts_with_the_hint_and_places_the_solution() {
        let p = puzzle("AABBCCCC\nAABBBBDD\nAABBBDDD\nAEFBBDDD\nFFFFGDDD\nFFFFDDDD\nFFFFFFDD\nFFFFFDDH\n");
        let plan = plan(&p).unwrap();
        assert_eq!(plan.steps[0].text, crate::solve::puzzle::hint(&p));
        let placed: Vec<usize> = plan.steps.iter().filter_map(|s| s.place).collect();
        let mut solution = plan.solution.clone();
        solution.sort_unstable();
        let mut sorted = placed.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, solution);
        assert!(!plan.several);
        let ruled_out = plan.steps.iter().flat_map(|s| &s.out);
        assert!(ruled_out.clone().all(|sq| !plan.solution.contains(sq)));
    }

    #[test]
    fn hints_speak_plain_words_not_rule_ids() {
        // queens puzzle generate --size 7 --seed 38: every rule.
        let p = puzzle("AAAABCB\nAADBBBB\nAADBBBB\nAEDBBBB\nEEDDFFF\nEGDDFFF\nGGGDDFF\n");
        let plan = plan(&p).unwrap();
        let ids = ["last-square", "neighbours:", "region-in-line", "regions-in-lines", "sees-region", "guess:"];
        for step in &plan.steps {
            assert!(ids.iter().all(|id| !step.text.contains(id)), "{}", step.text);
            assert!(step.text.contains(" — "), "the rule in words, then the sentence: {}", step.text);
        }
        assert!(plan.steps[0].text.starts_with("Only one open square left — region C"), "{}", plan.steps[0].text);
    }

    #[test]
    fn a_guess_is_said_as_the_hint_says_it_and_named() {
        // queens puzzle generate --size 6 --seed 1 --hard: the rules stop once.
        let p = puzzle("ABBACC\nAAAACC\nDDDCCC\nDEEECC\nDEEECF\nDEEEEF\n");
        let plan = plan(&p).unwrap();
        let guesses: Vec<&Step> = plan.steps.iter().filter(|s| s.more.is_some()).collect();
        assert_eq!(guesses.len(), 1);
        assert_eq!(guesses[0].text, "no rule applies: a guess is needed");
        assert!(plan.solution.contains(&guesses[0].place.unwrap()));
        assert!(guesses[0].more.as_ref().unwrap().starts_with("The solution's queen of "));
    }

    #[test]
    fn completion_steps_fill_the_empty_columns_from_the_solution() {
        let p = puzzle("Q....\n.....\n.....\n.....\n.....\n");
        let plan = plan(&p).unwrap();
        assert_eq!(plan.steps.len(), 4);
        assert!(plan.steps.iter().all(|s| plan.solution.contains(&s.place.unwrap())));
        assert!(plan.several, "a 5x5 board with a queen on a5 has two solutions");
        let none = puzzle("Q...\n....\n....\n....\n");
        assert!(matches!(super::plan(&none), Err(Error::PuzzleUnsolvable { n: 4, kind: "completion" })));
    }
}
