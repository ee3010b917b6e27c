//! A puzzle's solutions, handed out one at a time under the search budget.
//!
//! Contract: both kinds are solved by the bitmask search of `count/` run on the puzzle turned over
//! its main diagonal, which finds the backtrack search's solutions in its order (columns left to
//! right, rows top to bottom; each solution once) many times faster than the traced search or the
//! rule solver (which costs 1,000x more per step on region puzzles in pieces). Every step spends the
//! [`SearchBudget`] the caller gives; a spent budget is [`Error::PuzzleSearchTooLong`], naming the
//! search and what to do instead. [`solve_puzzle`] streams: each solution renews the budget when
//! the run asks for all of them (`Until::All`), so every next one, or the end, comes within
//! [`SEARCH_TIME_LIMIT`](crate::solve::SEARCH_TIME_LIMIT); a run for the first or first K has the
//! limit in all.

use crate::count::{puzzle_solutions, PuzzleVisit};
use crate::error::Error;
use crate::solve::budget::SearchBudget;
use crate::solve::Until;
use crate::trace::puzzle_furniture::Puzzle;
use crate::trace::{Full, Square};
use std::sync::atomic::{AtomicBool, Ordering};

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

/// How many solutions `puzzle` has, counting stops at `cap`, under the same 5 s budget as
/// [`solve_puzzle`] (in all). Counting needs no order, and which way round the search goes
/// decides its speed (on region puzzles in pieces, 10x either way), so two searches race on two
/// threads, one filling rows and one columns; the first to finish answers and stops the other.
///
/// ```
/// let puzzle = queens::parse_puzzle(b"....\n....\n....\n....\n")?.puzzle;
/// assert_eq!(queens::count_puzzle_solutions(&puzzle, 10)?, 2);
/// assert_eq!(queens::count_puzzle_solutions(&puzzle, 1)?, 1);
/// # Ok::<(), queens::Error>(())
/// ```
pub fn count_puzzle_solutions(puzzle: &Puzzle, cap: u64) -> Result<u64, Error> {
    puzzle.check()?;
    let done = AtomicBool::new(false);
    let turned = turned(puzzle);
    let (by_rows, by_columns) = std::thread::scope(|scope| {
        let other = scope.spawn(|| count_one_way(&turned, cap, &done));
        let mine = count_one_way(puzzle, cap, &done);
        (mine, other.join().unwrap_or(Err(None)))
    });
    match (by_rows, by_columns) {
        (Ok(count), _) | (_, Ok(count)) => Ok(count),
        (Err(Some((found, budget))), _) | (_, Err(Some((found, budget)))) => {
            let instead = if puzzle.has_regions() { REGION_INSTEAD } else { COMPLETION_INSTEAD };
            Err(gave_up(puzzle, "backtrack", found, &budget, instead))
        }
        (Err(None), Err(None)) => unreachable!("a search stopped by the other one means the other answered"),
    }
}

/// One of [`count_puzzle_solutions`]' two searches: the count, or `Err(Some(..))` when its budget
/// ran out (with what it found), or `Err(None)` when the other search answered first.
fn count_one_way(puzzle: &Puzzle, cap: u64, done: &AtomicBool) -> Result<u64, Option<(u64, SearchBudget)>> {
    let mut budget = SearchBudget::new();
    budget.set_clock_every(BITMASK_CLOCK_EVERY);
    let mut found = 0;
    let run = puzzle_solutions(puzzle, cap, &mut |step| match step {
        PuzzleVisit::Step if done.load(Ordering::Relaxed) => Err(Full),
        PuzzleVisit::Step => budget.step(),
        PuzzleVisit::Solution(_) => {
            found += 1;
            Ok(())
        }
    });
    match run {
        Ok(_) => {
            done.store(true, Ordering::Relaxed);
            Ok(found)
        }
        Err(Full) if budget.spent() => Err(Some((found, budget))),
        Err(Full) => Err(None),
    }
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
    budget.set_clock_every(BITMASK_CLOCK_EVERY);
    let cap = match until {
        Until::First => 1,
        Until::Solutions(k) => k,
        Until::All => u64::MAX,
    };
    let stopped = puzzle_solutions(&turned(puzzle), cap, &mut |step| match step {
        PuzzleVisit::Step => budget.step(),
        PuzzleVisit::Solution(by_row) => {
            found += 1;
            visit(turned_queens(by_row), budget)
        }
    })
    .is_err();
    if stopped && budget.spent() {
        let instead = if puzzle.has_regions() { REGION_INSTEAD } else { COMPLETION_INSTEAD };
        return Err(gave_up(puzzle, "backtrack", found, budget, instead));
    }
    Ok(found)
}

/// What to do instead when a completion puzzle's search gives up.
const COMPLETION_INSTEAD: &str =
    "a completion puzzle this open needs more givens or blocked squares (an empty board: queens solve N --algorithm min-conflicts)";

/// What to do instead when a region puzzle's search gives up.
const REGION_INSTEAD: &str =
    "regions this open or in this many pieces leave too many boards to try: give it givens, blocked squares or more compact regions";

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

/// The puzzle turned over its main diagonal (row and column swapped, regions with their squares):
/// the N-Queens rules and the region rules are the same, and its rows are the puzzle's columns.
fn turned(puzzle: &Puzzle) -> Puzzle {
    let n = puzzle.n;
    let swap = |list: &[Square]| list.iter().map(|s| Square::new(s.col, s.row)).collect();
    let regions = if puzzle.has_regions() {
        (0..n * n).map(|at| puzzle.regions[(at % n) * n + at / n]).collect()
    } else {
        Vec::new()
    };
    Puzzle { n, regions, blocked: swap(&puzzle.blocked), givens: swap(&puzzle.givens) }
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
        assert!(matches!(err, Error::PuzzleSearchTooLong { algorithm: "backtrack", kind: "region", .. }), "{err}");
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
