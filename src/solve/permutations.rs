//! Permutation enumeration, after seeds 000 (`perms`) and 003 (exercise 6.22): every layout with one
//! queen per row and column is a permutation `queens[col] = row`; walk all n! of them in
//! lexicographic order and keep those with no two queens on a diagonal.
//!
//! What is shown: every kept permutation as a `layout` followed by its `solution`, and every k-th
//! rejected permutation as a `layout`, with k = max(1, ceil(n! / 100)) so a run shows at most 100
//! rejected layouts. `tries` is the permutation's 1-based index in the enumeration, so captions can
//! say how many were examined.
//!
//! Contract: the events are exactly those of checking the permutations one by one; internally, a
//! run of permutations sharing a conflicting prefix is rejected in one step (they are contiguous in
//! lexicographic order), so large N stays lazy and the recorder's cap or `--until` ends it. Counts
//! are exact up to N = 20 (`tries` saturates beyond). Past N = 12 rejects are rarely shown, so long
//! stretches record nothing and the cap cannot cut them short: N = 30 takes about a minute (release
//! build) to reach its first solution.

use super::{first_conflict, record_solution, SolveOptions};
use crate::trace::{Event, Full, Recorder};

/// Largest number of rejected layouts a run shows.
const SHOWN_REJECTS: u128 = 100;

/// Where the enumeration stands: the current permutation, its 1-based index, rejects so far.
struct Walk {
    queens: Vec<usize>,
    index: u128,
    rejected: u128,
    every: u128,
}

pub(super) fn run(options: &SolveOptions, rec: &mut dyn Recorder) -> Result<(), Full> {
    let n = options.n;
    let every = factorial(n).div_ceil(SHOWN_REJECTS).max(1);
    let mut walk = Walk { queens: (0..n).collect(), index: 1, rejected: 0, every };
    let mut found = 0;
    loop {
        let block = match first_conflict(&walk.queens) {
            None => {
                walk.show(rec, walk.queens.clone(), 0)?;
                record_solution(rec, &walk.queens)?;
                found += 1;
                if options.until.reached(found) {
                    return Ok(());
                }
                1
            }
            Some(col) => walk.reject_block(col, rec)?,
        };
        walk.index = walk.index.saturating_add(block);
        if !next_permutation(&mut walk.queens) {
            return Ok(());
        }
    }
}

impl Walk {
    /// Record the permutation `offset` places after the current one as a layout.
    fn show(&self, rec: &mut dyn Recorder, queens: Vec<usize>, offset: u128) -> Result<(), Full> {
        let tries = u64::try_from(self.index.saturating_add(offset)).unwrap_or(u64::MAX);
        rec.record(Event::Layout { queens, tries: Some(tries) })
    }

    /// Reject every permutation sharing the current one's prefix up to the conflicting column
    /// `col`, showing the k-th rejects among them; leaves the last of them current and returns how
    /// many there were. The current permutation is the first of that block: its tail is ascending.
    fn reject_block(&mut self, col: usize, rec: &mut dyn Recorder) -> Result<u128, Full> {
        let tail = col + 1;
        debug_assert!(self.queens[tail..].windows(2).all(|w| w[0] < w[1]), "the walk enters each block at its start");
        let size = factorial(self.queens.len() - tail);
        let last = self.rejected.saturating_add(size);
        let mut shown = (self.rejected / self.every + 1).saturating_mul(self.every);
        while shown <= last && shown != u128::MAX {
            let offset = shown - self.rejected - 1;
            let mut queens = self.queens.clone();
            unrank_tail(&mut queens[tail..], offset);
            self.show(rec, queens, offset)?;
            shown = shown.saturating_add(self.every);
        }
        self.rejected = last;
        self.queens[tail..].reverse();
        Ok(size)
    }
}

/// n!, saturating.
fn factorial(n: usize) -> u128 {
    (1..=n as u128).fold(1u128, |acc, k| acc.saturating_mul(k))
}

/// Rearrange an ascending `tail` into its `rank`-th permutation in lexicographic order (0-based).
fn unrank_tail(tail: &mut [usize], mut rank: u128) {
    let mut pool = tail.to_vec();
    for slot in tail.iter_mut() {
        let block = factorial(pool.len() - 1);
        let digit = usize::try_from(rank / block).unwrap_or(usize::MAX).min(pool.len() - 1);
        rank -= digit as u128 * block;
        *slot = pool.remove(digit);
    }
}

/// Step to the next permutation in lexicographic order; false after the last one.
fn next_permutation(queens: &mut [usize]) -> bool {
    let Some(pivot) = (1..queens.len()).rev().find(|&i| queens[i - 1] < queens[i]).map(|i| i - 1) else {
        return false;
    };
    let successor = (pivot + 1..queens.len()).rev().find(|&i| queens[i] > queens[pivot]).expect("pivot has one");
    queens.swap(pivot, successor);
    queens[pivot + 1..].reverse();
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trace::VecRecorder;

    /// The rule checked permutation by permutation, as the module documents it.
    fn one_by_one(n: usize) -> Vec<Event> {
        let every = factorial(n).div_ceil(SHOWN_REJECTS).max(1);
        let (mut queens, mut events, mut rejected) = ((0..n).collect::<Vec<_>>(), Vec::new(), 0);
        for tries in 1u64.. {
            let layout = Event::Layout { queens: queens.clone(), tries: Some(tries) };
            if first_conflict(&queens).is_none() {
                events.extend([layout, Event::Solution { queens: queens.clone() }]);
            } else {
                rejected += 1;
                if rejected % every == 0 {
                    events.push(layout);
                }
            }
            if !next_permutation(&mut queens) {
                break;
            }
        }
        events
    }

    #[test]
    fn block_skipping_matches_checking_one_by_one() {
        for n in 1..=8 {
            let mut options = SolveOptions::new(n);
            options.until = super::super::Until::All;
            let mut rec = VecRecorder::with_limit(10_000);
            run(&options, &mut rec).unwrap();
            assert_eq!(rec.events, one_by_one(n), "n = {n}");
        }
    }

    #[test]
    fn unranks_in_lexicographic_order() {
        let mut tail = [1, 4, 6, 9];
        let mut expected = tail;
        for rank in 0..24 {
            let mut got = tail;
            unrank_tail(&mut got, rank);
            assert_eq!(got, expected, "rank {rank}");
            next_permutation(&mut expected);
        }
        tail.reverse();
        assert!(!next_permutation(&mut tail));
    }
}
