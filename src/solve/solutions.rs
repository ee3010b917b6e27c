//! Solutions without a trace: a recorder that keeps only the solutions a solver reports, so boards
//! far too large to animate can still be solved.

use super::SolveOptions;
use crate::trace::{Event, Full, Recorder};
use crate::Error;

/// Events a search for [`solutions`] may take before it gives up (shuffle on a big board would
/// otherwise run for ever).
pub const SEARCH_EVENT_LIMIT: u64 = 50_000_000;

/// Keeps only the solutions a solver reports; refuses events past [`SEARCH_EVENT_LIMIT`].
#[derive(Default)]
struct SolutionRecorder {
    solutions: Vec<Vec<usize>>,
    events: u64,
}

impl Recorder for SolutionRecorder {
    fn record(&mut self, event: Event) -> Result<(), Full> {
        self.events += 1;
        if self.events > SEARCH_EVENT_LIMIT {
            return Err(Full);
        }
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
    if options.n == 0 {
        return Err(Error::BoardSize { n: 0, max: usize::MAX });
    }
    let mut recorder = SolutionRecorder::default();
    if super::run(options, &mut recorder).is_err() {
        return Err(Error::SearchTooLong { algorithm: options.algorithm.name(), events: SEARCH_EVENT_LIMIT });
    }
    let mut found = recorder.solutions;
    if unique {
        found.retain(|queens| crate::count::canonical(queens) == *queens);
    }
    Ok(found)
}
