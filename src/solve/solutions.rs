//! Solutions without a trace: a recorder that keeps only the solutions a solver reports, so boards
//! far too large to animate can still be solved.
//!
//! Contract: every search is bounded in time (the one [`SearchBudget`]: [`SEARCH_TIME_LIMIT`] in
//! all, as the solutions are kept until it ends), not in steps, and one that runs out says which
//! algorithm can do the job instead. Every solution of a board (backtracking
//! order, `Until::All`) comes from the bitmask enumerator in `count/`, lazily, so `solve 16 --all`
//! streams its 14,772,512 solutions in flat memory; so do the solutions in `perms` order
//! ([`SolutionOrder::Perms`], seed 000's numbering), whatever `until` asks.

use super::budget::{SearchBudget, SEARCH_TIME_LIMIT};
use super::{Algorithm, SolveOptions, Until};
use crate::count::SolutionOrder;
use crate::error::Error;
use crate::trace::{Event, Full, Recorder};

/// Events between two looks at the clock (a min-conflicts step on a board of a million columns
/// costs a millisecond, so this keeps the overrun under a second).
const CLOCK_EVERY: u64 = 256;

/// Keeps only the solutions a solver reports; refuses events once the budget is spent.
struct SolutionRecorder {
    solutions: Vec<Vec<usize>>,
    budget: SearchBudget,
}

impl SolutionRecorder {
    fn new() -> Self {
        SolutionRecorder { solutions: Vec::new(), budget: SearchBudget::new().clock_every(CLOCK_EVERY) }
    }
}

impl Recorder for SolutionRecorder {
    fn record(&mut self, event: Event) -> Result<(), Full> {
        self.budget.step()?;
        if let Event::Solution { queens } = event {
            self.solutions.push(queens);
        }
        Ok(())
    }
}

/// Run a solver and return the solutions it reports, in its order (no trace is kept, so this
/// works for boards far too large to animate). With `unique`, only the first solution of each
/// symmetry class in backtracking order (its lexicographically smallest image) is kept.
pub fn solutions(options: &SolveOptions, unique: bool) -> Result<Vec<Vec<usize>>, Error> {
    Ok(solution_stream(options, unique)?.collect())
}

/// [`solutions`], lazily where it can be: every solution of a backtracking search comes from the
/// bitmask enumerator one at a time; other searches run first (bounded in time), then are handed
/// out.
pub fn solution_stream(
    options: &SolveOptions,
    unique: bool,
) -> Result<Box<dyn Iterator<Item = Vec<usize>> + Send>, Error> {
    if options.n == 0 {
        return Err(Error::BoardSize { n: 0, max: usize::MAX });
    }
    super::check_solvable(options)?;
    if let Some(puzzle) = &options.puzzle {
        // Puzzles have no symmetry classes: `unique` keeps them all. Kept until the search ends, so
        // the budget is the whole search's.
        let mut found = Vec::new();
        let mut budget = SearchBudget::new();
        super::puzzle::solutions_within(puzzle, options.until, &mut budget, &mut |queens, _| {
            found.push(queens);
            Ok(())
        })?;
        return Ok(Box::new(found.into_iter()));
    }
    let order = options.order;
    let keep = move |queens: &Vec<usize>| !unique || order.is_first_of_class(queens);
    let perms = order == SolutionOrder::Perms;
    if (options.until == Until::All || perms) && options.algorithm == Algorithm::Backtrack {
        if options.n > crate::count::MAX_N {
            return Err(Error::BoardSize { n: options.n, max: crate::count::MAX_N });
        }
        let wanted = match options.until {
            Until::All => usize::MAX,
            Until::First => 1,
            Until::Solutions(k) => usize::try_from(k).unwrap_or(usize::MAX),
        };
        return Ok(Box::new(order.solutions(options.n).filter(keep).take(wanted)));
    }
    let mut recorder = SolutionRecorder::new();
    if super::run(options, &mut recorder).is_err() {
        return Err(gave_up(options));
    }
    Ok(Box::new(recorder.solutions.into_iter().filter(keep)))
}

/// The error of a search that ran out of time, naming an algorithm that can do the job.
fn gave_up(options: &SolveOptions) -> Error {
    let instead = match (options.until, options.algorithm) {
        (Until::All | Until::Solutions(_), _) if options.n <= crate::count::MAX_N => {
            "every solution comes quickly from the backtrack algorithm (up to N = 16 in seconds)"
        }
        (_, Algorithm::MinConflicts) => "a smaller board, or the backtrack algorithm for N up to 30",
        _ => "the min-conflicts algorithm finds one solution of a large board in seconds",
    };
    Error::SearchTooLong { algorithm: options.algorithm.name(), seconds: SEARCH_TIME_LIMIT.as_secs(), instead }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_enumerator_gives_the_backtrack_solvers_solutions_in_its_order() {
        for n in [1, 4, 6, 8] {
            let mut options = SolveOptions::new(n);
            options.until = Until::All;
            let mut recorder = SolutionRecorder::new();
            super::super::run(&options, &mut recorder).unwrap();
            assert_eq!(solutions(&options, false).unwrap(), recorder.solutions, "n = {n}");
        }
        let mut options = SolveOptions::new(8);
        options.until = Until::All;
        assert_eq!(solutions(&options, true).unwrap().len(), 12);
    }

    #[test]
    fn perms_order_numbers_as_seed_000_whatever_until_asks() {
        let mut options = SolveOptions::new(8);
        options.order = SolutionOrder::Perms;
        options.until = Until::All;
        let all = solutions(&options, false).unwrap();
        // Plane 45 of seed 000's array: rows 1..8 hold their queens in columns 5,1,8,4,2,7,3,6.
        let mut plane_45 = vec![0; 8];
        for (row, col) in [5, 1, 8, 4, 2, 7, 3, 6].into_iter().enumerate() {
            plane_45[col - 1] = row;
        }
        assert_eq!((all.len(), &all[44]), (92, &plane_45));
        options.until = Until::Solutions(45);
        assert_eq!(solutions(&options, false).unwrap(), all[..45]);
        options.until = Until::First;
        assert_eq!(solutions(&options, false).unwrap(), all[..1]);
        options.until = Until::All;
        let unique = solutions(&options, true).unwrap();
        assert_eq!(unique.len(), 12);
        assert_eq!(unique[0], all[0], "the first solution is its class's first");
    }
}
