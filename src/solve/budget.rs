//! The one time budget every search runs under: `solve`'s searches that keep their solutions,
//! puzzle searches (solving, counting, `--puzzle` runs recorded for pictures).
//!
//! Contract: a search may run [`SEARCH_TIME_LIMIT`] without handing its caller a result; then it
//! stops (the search sees `Err(Full)`, as from a full recorder) and [`SearchBudget::spent`] says
//! why. A search whose results are kept until it ends (a count, a recorded trace, collected
//! solutions) thus has the limit in all; one whose solutions stream out (`puzzle solve --all`)
//! calls [`SearchBudget::restart`] for each, so every next solution (or the end) comes within the
//! limit. The clock is read every `clock_every` steps, so a step's cost decides the overrun.

use crate::trace::{Event, Full, Recorder};
use std::time::{Duration, Instant};

/// How long a search may run without handing out a result before it gives up (shuffle on a big
/// board, or backtracking on 1,000 columns, or a puzzle too open to search, would otherwise run
/// for ever).
pub const SEARCH_TIME_LIMIT: Duration = Duration::from_secs(5);

/// The time a search has left; see the module's contract.
#[derive(Clone, Debug)]
#[allow(clippy::new_without_default)] // a budget starts its clock: made on purpose, not by default
pub struct SearchBudget {
    limit: Duration,
    started: Instant,
    clock_every: u64,
    steps: u64,
    spent: bool,
}

impl SearchBudget {
    /// [`SEARCH_TIME_LIMIT`] from now, the clock read at every step.
    pub fn new() -> Self {
        Self::with_limit(SEARCH_TIME_LIMIT)
    }

    /// `limit` from now (tests use a zero limit to see a search give up at once).
    pub fn with_limit(limit: Duration) -> Self {
        SearchBudget { limit, started: Instant::now(), clock_every: 1, steps: 0, spent: false }
    }

    /// The same budget, its clock read every `steps` steps (at least 1): cheap steps read it seldom.
    pub fn clock_every(mut self, steps: u64) -> Self {
        self.set_clock_every(steps);
        self
    }

    /// Read the clock every `steps` steps from now on (a search whose steps cost little).
    pub fn set_clock_every(&mut self, steps: u64) {
        self.clock_every = steps.max(1);
    }

    /// One step of the search: `Err(Full)` once the budget is spent.
    pub fn step(&mut self) -> Result<(), Full> {
        self.steps += 1;
        if !self.spent && self.steps % self.clock_every == 0 && self.started.elapsed() >= self.limit {
            self.spent = true;
        }
        if self.spent {
            Err(Full)
        } else {
            Ok(())
        }
    }

    /// A result left the search: the next one has the whole limit again.
    pub fn restart(&mut self) {
        self.started = Instant::now();
    }

    /// True once the search ran out of time (rather than being stopped by its caller).
    pub fn spent(&self) -> bool {
        self.spent
    }

    /// The limit in whole seconds, for messages.
    pub fn seconds(&self) -> u64 {
        self.limit.as_secs()
    }
}

/// A recorder that takes a budget step per event before passing it on.
pub struct BudgetRecorder<'a> {
    /// The recorder the events go to.
    pub inner: &'a mut dyn Recorder,
    /// The budget each event spends a step of.
    pub budget: SearchBudget,
}

impl Recorder for BudgetRecorder<'_> {
    fn record(&mut self, event: Event) -> Result<(), Full> {
        self.budget.step()?;
        self.inner.record(event)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spent_budget_stops_and_says_so_and_a_restart_renews_it() {
        let mut budget = SearchBudget::with_limit(Duration::from_secs(3600));
        assert!(budget.step().is_ok() && !budget.spent());
        let mut spent = SearchBudget::with_limit(Duration::ZERO).clock_every(4);
        assert!((0..3).all(|_| spent.step().is_ok()), "the clock is read every fourth step");
        assert_eq!(spent.step(), Err(Full));
        assert!(spent.spent());
        assert_eq!(spent.step(), Err(Full), "a spent budget stays spent");
        budget.restart();
        assert!(budget.step().is_ok());
    }
}
