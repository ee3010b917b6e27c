//! A puzzle's solutions, handed out one at a time under the search budget.
//!
//! Contract: region puzzles are solved by the rule solver (guessing where the rules stop: every
//! solution exactly once, in its order), completion puzzles by the bitmask search of `count/` run
//! on the puzzle turned over its main diagonal, which finds the backtrack search's solutions in
//! its order (columns left to right, rows top to bottom) many times faster. Every step spends the
//! [`SearchBudget`] the caller gives; a spent budget is [`Error::PuzzleSearchTooLong`], naming the
//! search and what to do instead. [`solve_puzzle`] streams: each solution renews the budget when
//! the run asks for all of them (`Until::All`), so every next one, or the end, comes within
//! [`SEARCH_TIME_LIMIT`](crate::solve::SEARCH_TIME_LIMIT); a run for the first or first K has the
//! limit in all.

use super::deduce::{self, Move};
use crate::count::{puzzle_solutions, PuzzleVisit};
use crate::error::Error;
use crate::solve::budget::SearchBudget;
use crate::solve::Until;
use crate::trace::puzzle_furniture::Puzzle;
use crate::trace::{Full, Square};

/// Steps of the bitmask search between two looks at the clock (a step is well under a
/// microsecond); the rule solver's steps are dearer, so it looks at every one.
const BITMASK_CLOCK_EVERY: u64 = 4096;

/// Hand every solution of `puzzle` (`queens[col] = row`) to `visit` as it is found, in the
/// solvers' order, up to `until`; the number handed out. `visit` may stop the run (`Err(Full)`:
/// the count so far is returned). A search that runs [`SEARCH_TIME_LIMIT`](crate::solve::SEARCH_TIME_LIMIT)
/// without a next solution (or without ending) stops with [`Error::PuzzleSearchTooLong`].
///
/// ```
/// let puzzle = queens::parse_puzzle(b"....\n....\n....\n....\n")?.puzzle;
/// let mut found = Vec::new();
/// let count = queens::solve_puzzle(&puzzle, queens::Until::All, &mut |queens| {
///     found.push(queens);
///     Ok(())
/// })?;
/// assert_eq!((count, found), (2, vec![vec![1, 3, 0, 2], vec![2, 0, 3, 1]]));
/// # Ok::<(), queens::Error>(())
/// ```
pub fn solve_puzzle(
    puzzle: &Puzzle,
    until: Until,
    visit: &mut dyn FnMut(Vec<usize>) -> Result<(), Full>,
) -> Result<u64, Error> {
    let mut budget = SearchBudget::new();
    solutions_within(puzzle, until, &mut budget, &mut |queens, budget| {
        visit(queens)?;
        if until == Until::All {
            budget.restart();
        }
        Ok(())
    })
}

/// What takes each solution, with the budget (to renew it when the solution left the search).
pub(crate) type SolutionVisit<'a> = dyn FnMut(Vec<usize>, &mut SearchBudget) -> Result<(), Full> + 'a;

/// [`solve_puzzle`] with the caller's budget; `visit` gets the budget too (to renew it).
pub(crate) fn solutions_within(
    puzzle: &Puzzle,
    until: Until,
    budget: &mut SearchBudget,
    visit: &mut SolutionVisit,
) -> Result<u64, Error> {
    puzzle.check()?;
    let mut found = 0;
    let stopped = if puzzle.has_regions() {
        budget.set_clock_every(1);
        let run = deduce::solve(puzzle, until, true, &mut |_, step| {
            budget.step()?;
            match step {
                Move::Solution(queens) => {
                    found += 1;
                    visit(queens, budget)
                }
                _ => Ok(()),
            }
        });
        run.is_err()
    } else {
        budget.set_clock_every(BITMASK_CLOCK_EVERY);
        let cap = match until {
            Until::First => 1,
            Until::Solutions(k) => k,
            Until::All => u64::MAX,
        };
        let run = puzzle_solutions(&turned(puzzle), cap, &mut |step| match step {
            PuzzleVisit::Step => budget.step(),
            PuzzleVisit::Solution(by_row) => {
                found += 1;
                visit(turned_queens(by_row), budget)
            }
        });
        run.is_err()
    };
    if stopped && budget.spent() {
        let instead = if puzzle.has_regions() { REGION_INSTEAD } else { COMPLETION_INSTEAD };
        let algorithm = if puzzle.has_regions() { "deduce" } else { "backtrack" };
        return Err(gave_up(puzzle, algorithm, found, budget, instead));
    }
    Ok(found)
}

/// What to do instead when a completion puzzle's search gives up.
const COMPLETION_INSTEAD: &str =
    "a completion puzzle this open needs more givens or blocked squares (an empty board: queens solve N --algorithm min-conflicts)";

/// What to do instead when a region puzzle's search gives up.
const REGION_INSTEAD: &str =
    "the rules deduce little here (regions in pieces, or wide open): give it compact regions, givens or blocked squares";

/// What to do instead when a recorded `--puzzle` run gives up.
pub(crate) const RECORDED_INSTEAD: &str =
    "a --puzzle run is searched whole before it is drawn: draw a smaller or narrower puzzle, or stop sooner (--until first)";

/// The error of a puzzle's `algorithm` search whose budget ran out after `found` solutions.
pub(crate) fn gave_up(
    puzzle: &Puzzle,
    algorithm: &'static str,
    found: u64,
    budget: &SearchBudget,
    instead: &'static str,
) -> Error {
    Error::PuzzleSearchTooLong {
        algorithm,
        n: puzzle.n,
        kind: if puzzle.has_regions() { "region" } else { "completion" },
        found,
        seconds: budget.seconds(),
        instead,
    }
}

/// The completion puzzle turned over its main diagonal (row and column swapped): the N-Queens
/// rules are the same, and its rows are the puzzle's columns.
fn turned(puzzle: &Puzzle) -> Puzzle {
    let swap = |list: &[Square]| list.iter().map(|s| Square::new(s.col, s.row)).collect();
    Puzzle { n: puzzle.n, regions: Vec::new(), blocked: swap(&puzzle.blocked), givens: swap(&puzzle.givens) }
}

/// A solution of the turned puzzle (`by_row[turned col] = turned row`, that is
/// `by_row[row] = col`) as the puzzle's `queens[col] = row`.
fn turned_queens(by_row: &[usize]) -> Vec<usize> {
    let mut queens = vec![0; by_row.len()];
    for (row, &col) in by_row.iter().enumerate() {
        queens[col] = row;
    }
    queens
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trace::puzzle_file::parse_puzzle;
    use std::time::Duration;

    fn gives_up(text: &str) -> Error {
        let puzzle = parse_puzzle(text.as_bytes()).unwrap().puzzle;
        let mut budget = SearchBudget::with_limit(Duration::ZERO);
        solutions_within(&puzzle, Until::First, &mut budget, &mut |_, _| Ok(())).unwrap_err()
    }

    #[test]
    fn a_spent_budget_names_the_search_and_what_to_do() {
        let open = format!("{}\n", ".".repeat(52)).repeat(52);
        let err = gives_up(&open);
        assert!(matches!(err, Error::PuzzleSearchTooLong { algorithm: "backtrack", n: 52, found: 0, .. }), "{err}");
        assert!(err.to_string().contains("more givens or blocked squares"), "{err}");
        let stripes: String = (0..16)
            .map(|r| (0..16).map(|c| (b'A' + ((r * 7 + c * 3) % 16) as u8) as char).chain(['\n']).collect::<String>())
            .collect();
        let err = gives_up(&stripes);
        assert!(matches!(err, Error::PuzzleSearchTooLong { algorithm: "deduce", kind: "region", .. }), "{err}");
    }

    #[test]
    fn the_caller_may_stop_the_stream() {
        let open = parse_puzzle(b"......\n......\n......\n......\n......\n......\n").unwrap().puzzle;
        let mut seen = 0;
        let count = solve_puzzle(&open, Until::All, &mut |_| {
            seen += 1;
            if seen == 2 {
                Err(Full)
            } else {
                Ok(())
            }
        });
        assert_eq!((count.unwrap(), seen), (2, 2));
        let turned = turned_queens(&[1, 3, 0, 2]);
        assert_eq!(turned, vec![2, 0, 3, 1]);
    }
}
