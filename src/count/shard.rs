//! Splitting one count into shards for machines that never talk to each other.
//!
//! Contract: for every `n` and `of >= 1`, the results of [`count_shard`] for
//! shards `1..=of` add up to `(A000170(n), A002562(n))`, i.e. to
//! [`crate::count::takaken::count_both`]. The split depends only on `(n, of)`:
//! every machine computes the same [`plan`] on its own, with no clock,
//! randomness or thread count in it.
//!
//! Method: the Takaken search is cut into work units (its partial boards a
//! few rows deep, `units`), deep enough for at least [`UNITS_PER_SHARD`]
//! units per shard where that stays small. Each unit's work is estimated by counting its partial
//! boards [`PROBE_ROWS`] rows further down (a cheap, shallow search); units
//! are then dealt out longest-first, each to the shard with the least
//! estimated work so far (ties to the lower shard; equal estimates in unit
//! order), the classic LPT rule.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::fmt;
use std::str::FromStr;

use rayon::prelude::*;

use crate::count::check_n;
use crate::count::takaken::{units, Counts, Setup, Unit};
use crate::error::Error;

/// Units wanted per shard before the split stops going deeper.
pub const UNITS_PER_SHARD: usize = 32;
/// Rows below a unit searched to estimate its work.
pub const PROBE_ROWS: usize = 3;
/// Shallowest unit depth (rows placed); the same depth the parallel count uses.
const MIN_DEPTH: usize = 3;
/// Deepest unit depth: beyond it unit lists grow large for little gain.
const MAX_DEPTH: usize = 7;
/// The split stops going deeper once it has this many units (a unit is a few
/// hundred bytes, and one row deeper multiplies them by up to about `n`), so
/// very many shards get fewer than [`UNITS_PER_SHARD`] units each, or none.
const DEEPEN_BELOW: usize = 1 << 16;

/// Most shards one count can be split into.
pub const MAX_SHARDS: usize = 1 << 20;

/// Shard `index` of `of` (1-based), as written `K/M`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which shard, from 1.
    pub index: usize,
    /// How many shards the count is split into.
    pub of: usize,
}

impl Shard {
    /// Shard `index` of `of`; refuses `of` outside `1..=MAX_SHARDS` and an index outside `1..=of`.
    pub fn new(index: usize, of: usize) -> Result<Shard, Error> {
        if of == 0 || of > MAX_SHARDS {
            return Err(Error::ShardSpec(format!(
                "shard {index}/{of}: the number of shards must be from 1 to {MAX_SHARDS}"
            )));
        }
        if index == 0 || index > of {
            return Err(Error::ShardSpec(format!("shard {index}/{of}: K must be from 1 to {of}")));
        }
        Ok(Shard { index, of })
    }
}

impl FromStr for Shard {
    type Err = Error;

    /// Parses `K/M`, e.g. `3/64`.
    fn from_str(text: &str) -> Result<Shard, Error> {
        let malformed = || Error::ShardSpec(format!("'{text}' is not a shard K/M such as 3/64 (K from 1 to M)"));
        let (k, m) = text.split_once('/').ok_or_else(malformed)?;
        let k = k.trim().parse().map_err(|_| malformed())?;
        let m = m.trim().parse().map_err(|_| malformed())?;
        Shard::new(k, m)
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.of)
    }
}

/// How the work of one `n` is dealt out to `of` shards.
#[derive(Clone, Debug)]
pub struct Plan {
    units: Vec<Unit>,
    /// `owner[u]`: the 0-based shard of unit `u`.
    owner: Vec<usize>,
    /// Estimated work of each shard (partial boards [`PROBE_ROWS`] below its units).
    pub loads: Vec<u64>,
}

/// The split of the count of `n` into `of` shards (`of >= 1`).
///
/// # Panics
/// If `n > MAX_N` or `of == 0`.
#[must_use]
pub fn plan(n: usize, of: usize) -> Plan {
    check_n(n);
    assert!(of >= 1, "at least one shard");
    let units = units_for(n, of);
    let estimates: Vec<u64> = units.par_iter().map(estimate).collect();
    let owner = deal(&estimates, of);
    let mut loads = vec![0; of];
    for (&shard, &work) in owner.iter().zip(&estimates) {
        loads[shard] += work;
    }
    Plan { units, owner, loads }
}

impl Plan {
    /// Number of work units in the plan.
    #[must_use]
    pub fn unit_count(&self) -> usize {
        self.units.len()
    }

    /// `(all, unique)` of shard `index` (1-based), its units counted in parallel.
    ///
    /// # Panics
    /// If `index` is not in `1..=of`.
    #[must_use]
    pub fn count(&self, index: usize) -> (u64, u64) {
        assert!((1..=self.loads.len()).contains(&index), "shard {index} of {}", self.loads.len());
        let mine: Vec<&Unit> =
            self.units.iter().zip(&self.owner).filter(|&(_, &o)| o + 1 == index).map(|(u, _)| u).collect();
        mine.par_iter().map(|unit| unit.count()).reduce(Counts::default, |a, b| a + b).totals()
    }
}

/// `(all, unique)` counted by shard `shard` of the split of `n`: the shards'
/// results add up to the solutions and symmetry classes of `n`. Boards of
/// size 0 and 1 have no units: shard 1 carries their count (0 or 1).
///
/// # Panics
/// If `n > MAX_N`.
#[must_use]
pub fn count_shard(n: usize, shard: Shard) -> (u64, u64) {
    check_n(n);
    if n <= 1 {
        let one = u64::from(n == 1 && shard.index == 1);
        return (one, one);
    }
    plan(n, shard.of).count(shard.index)
}

/// The units of `n` at the shallowest depth giving [`UNITS_PER_SHARD`] per
/// shard (or [`DEEPEN_BELOW`] units, or [`MAX_DEPTH`] rows).
fn units_for(n: usize, of: usize) -> Vec<Unit> {
    let want = of.saturating_mul(UNITS_PER_SHARD).min(DEEPEN_BELOW);
    let mut depth = MIN_DEPTH;
    let mut found = units(n, depth);
    while found.len() < want && depth < MAX_DEPTH.min(n.saturating_sub(2)) {
        depth += 1;
        found = units(n, depth);
    }
    found
}

/// Estimated work of a unit: its partial boards [`PROBE_ROWS`] rows further
/// down (at least 1, so that every unit weighs something).
fn estimate(unit: &Unit) -> u64 {
    let stop = (unit.y + PROBE_ROWS).min(unit.setup.last);
    let lines = (unit.left, unit.down, unit.right);
    let frontier = if unit.setup.corner {
        frontier::<false>(&unit.setup, unit.y, stop, lines)
    } else {
        frontier::<true>(&unit.setup, unit.y, stop, lines)
    };
    frontier.max(1)
}

/// Partial boards reaching row `stop` from row `y` with lines `(left, down, right)`.
fn frontier<const EDGE: bool>(s: &Setup, y: usize, stop: usize, (l, d, r): (u64, u64, u64)) -> u64 {
    if y >= stop {
        return 1;
    }
    let mut avail = s.allowed::<EDGE>(y, d, s.mask & !(l | d | r));
    let mut total = 0;
    while avail != 0 {
        let bit = avail & avail.wrapping_neg();
        avail ^= bit;
        total += frontier::<EDGE>(s, y + 1, stop, ((l | bit) << 1, d | bit, (r | bit) >> 1));
    }
    total
}

/// Longest-processing-time assignment of work items to `bins` bins: items in
/// decreasing `work` (ties in index order), each to the bin with the least
/// work so far (ties to the lower bin). Returns each item's bin.
fn deal(work: &[u64], bins: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..work.len()).collect();
    order.sort_by_key(|&i| (Reverse(work[i]), i));
    let mut heap: BinaryHeap<Reverse<(u64, usize)>> = (0..bins).map(|b| Reverse((0, b))).collect();
    let mut owner = vec![0; work.len()];
    for i in order {
        let Reverse((load, bin)) = heap.pop().expect("at least one bin");
        owner[i] = bin;
        heap.push(Reverse((load + work[i], bin)));
    }
    owner
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::takaken::count_both;

    #[test]
    fn deal_is_lpt_with_ties_to_lower_bins() {
        assert_eq!(deal(&[5, 5, 5], 2), [0, 1, 0]);
        assert_eq!(deal(&[1, 7, 3, 3], 2), [1, 0, 1, 1]);
        assert_eq!(deal(&[], 3), Vec::<usize>::new());
    }

    #[test]
    fn shards_add_up_and_plans_repeat() {
        for n in [2, 3, 8, 11] {
            for of in [1, 2, 5, 40] {
                let p = plan(n, of);
                let sum = (1..=of).map(|k| p.count(k)).fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
                assert_eq!(sum, count_both(n), "n = {n}, of = {of}");
                assert_eq!(p.owner, plan(n, of).owner);
            }
        }
    }

    #[test]
    fn parses_k_of_m() {
        assert_eq!("3/64".parse::<Shard>().unwrap(), Shard { index: 3, of: 64 });
        for bad in ["0/4", "5/4", "1/0", "3of4", "3/", "/4", "-1/4", "", "1/2000000"] {
            assert!(matches!(bad.parse::<Shard>(), Err(Error::ShardSpec(_))), "{bad}");
        }
    }
}
