//! Random shuffling, after seed 003 (exercise 6.20): start from the identity permutation
//! `queens[col] = col`, shuffle it (Fisher-Yates, seeded PRNG) and show the result as
//! `layout {queens, tries: k}` for try k = 1, 2, ...; a layout with no two queens on a diagonal is
//! a solution. Only the first time a solution turns up is it announced with a `solution` event, so
//! the solution counter counts distinct solutions.
//!
//! Contract: `--until first` stops at the first solution; `--until K` after K distinct solutions
//! (or all of them, if there are fewer); `--until all` after every solution of the board was seen,
//! their number counted up front for N <= 14 (beyond that the frame cap ends the run). Runs are
//! endless in principle: only the recorder's cap stops an unlucky one. N = 2 and 3 have no
//! solution and record nothing. Same seed, same trace.

use super::{first_conflict, record_solution, Rng, SolveOptions, Until};
use crate::trace::{Event, Full, Recorder};
use std::collections::HashSet;

/// Largest N whose solutions are counted (365,596 for N = 14) to know when `--until all` is done.
const MAX_COUNTED_N: usize = 14;

pub(super) fn run(options: &SolveOptions, rec: &mut dyn Recorder) -> Result<(), Full> {
    let n = options.n;
    if matches!(n, 2 | 3) {
        return Ok(());
    }
    let target = distinct_target(n, options.until);
    let mut rng = Rng::new(options.seed);
    let mut queens: Vec<usize> = (0..n).collect();
    let mut seen = HashSet::new();
    for tries in 1u64.. {
        shuffle(&mut queens, &mut rng);
        rec.record(Event::Layout { queens: queens.clone(), tries: Some(tries) })?;
        if first_conflict(&queens).is_none() && seen.insert(queens.clone()) {
            record_solution(rec, &queens)?;
            if seen.len() as u64 >= target {
                break;
            }
        }
    }
    Ok(())
}

/// How many distinct solutions end the run.
fn distinct_target(n: usize, until: Until) -> u64 {
    match until {
        Until::First => 1,
        Until::Solutions(k) => k.min(total_solutions(n)),
        Until::All => total_solutions(n),
    }
}

/// Fisher-Yates: every permutation equally likely.
fn shuffle(queens: &mut [usize], rng: &mut Rng) {
    for i in (1..queens.len()).rev() {
        let j = rng.below(i + 1);
        queens.swap(i, j);
    }
}

/// Number of solutions of the n-board; `u64::MAX` (unbounded) past [`MAX_COUNTED_N`], where no
/// run could see them all anyway.
fn total_solutions(n: usize) -> u64 {
    crate::count::known_count(n).filter(|_| n <= MAX_COUNTED_N).unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_known_solution_numbers() {
        let known = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724];
        for (i, &count) in known.iter().enumerate() {
            assert_eq!(total_solutions(i + 1), count, "n = {}", i + 1);
        }
        assert_eq!(total_solutions(MAX_COUNTED_N + 1), u64::MAX);
    }

    #[test]
    fn shuffles_are_permutations() {
        let mut rng = Rng::new(7);
        let mut queens: Vec<usize> = (0..10).collect();
        shuffle(&mut queens, &mut rng);
        let mut sorted = queens.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..10).collect::<Vec<_>>());
        assert_ne!(queens, sorted);
    }
}
