//! Knuth's estimator of a backtrack tree's size (TAOCP 7.2.2, after Hall and Knuth 1965): a probe
//! walks from the root to a leaf, choosing each child uniformly at random; the product of the
//! branching degrees met on the way to level k estimates the nodes on level k, without bias.
//!
//! Contract: the tree is `solve::backtrack`'s (the tree [`count::profile`](crate::count::profile)
//! counts with [`ProfileSearch::Backtrack`](crate::count::profile::ProfileSearch)): a probe at
//! level k with d free rows in column k scores the product of the degrees so far times d for level
//! k + 1; the estimate of a level is the mean of its scores over the probes (0 past a dead end),
//! the total the mean of each probe's sum over levels (root included), the solutions the mean of
//! level n. Each mean comes with its standard error (the scores' sample standard deviation over the
//! square root of the number of probes). Probes draw from the solvers' seeded generator, one after
//! another: same seed, same numbers.

use super::Rng;

/// A mean and its standard error.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Stat {
    /// The mean over the probes.
    pub mean: f64,
    /// The standard error of the mean.
    pub std_error: f64,
}

/// Welford's running mean and sum of squared deviations.
#[derive(Clone, Copy, Debug, Default)]
struct Running {
    count: u64,
    mean: f64,
    m2: f64,
}

impl Running {
    fn add(&mut self, x: f64) {
        self.count += 1;
        let delta = x - self.mean;
        self.mean += delta / self.count as f64;
        self.m2 += delta * (x - self.mean);
    }

    fn stat(&self) -> Stat {
        let std_error = match self.count {
            0 | 1 => 0.0,
            k => (self.m2 / (k - 1) as f64).sqrt() / (k as f64).sqrt(),
        };
        Stat { mean: self.mean, std_error }
    }
}

/// The estimate of the total after some probes: where the running estimate stood.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Checkpoint {
    /// Probes made so far.
    pub samples: u64,
    /// The total's estimate after them.
    pub nodes: Stat,
}

/// What `samples` probes of an `n` x `n` board's backtrack tree estimate.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    /// The board size.
    pub n: usize,
    /// Probes made.
    pub samples: u64,
    /// The generator's seed.
    pub seed: u64,
    /// Per level (0 = root, always exactly 1).
    pub levels: Vec<Stat>,
    /// The whole tree's nodes, root included.
    pub nodes: Stat,
    /// The solutions (the last level).
    pub solutions: Stat,
    /// The running estimate of the total, at about 200 points spread evenly on a log scale of
    /// probes (the last one is the final estimate).
    pub running: Vec<Checkpoint>,
}

/// One probe's score for each level, written into `scores` (length n + 1).
fn probe(n: usize, rng: &mut Rng, scores: &mut [f64]) {
    let full = (1u32 << n) - 1;
    let (mut rows, mut down, mut up) = (0u32, 0u32, 0u32);
    let mut product = 1.0;
    scores.fill(0.0);
    scores[0] = 1.0;
    for col in 0..n {
        let free = full & !(rows | down | up);
        let degree = free.count_ones();
        if degree == 0 {
            return;
        }
        product *= f64::from(degree);
        scores[col + 1] = product;
        let bit = nth_bit(free, rng.below(degree as usize));
        rows |= bit;
        down = ((down | bit) << 1) & full;
        up = (up | bit) >> 1;
    }
}

/// The `k`-th set bit of `mask` (0-based, lowest first), as a one-bit mask.
fn nth_bit(mut mask: u32, k: usize) -> u32 {
    for _ in 0..k {
        mask &= mask - 1;
    }
    mask & mask.wrapping_neg()
}

/// Whether `samples` probes reached a checkpoint: about 200 spread evenly on a log scale.
fn is_checkpoint(done: u64, samples: u64) -> bool {
    let step = ((samples as f64).ln() / 200.0).exp();
    let before = ((done - 1) as f64).ln() / step.ln();
    let now = (done as f64).ln() / step.ln();
    done == samples || done <= 10 || before.floor() != now.floor()
}

/// Knuth's estimate of the backtrack tree of `n` (1..=31) from `samples` probes seeded with `seed`.
///
/// ```
/// let estimate = queens::estimate(8, 10_000, 1);
/// assert!((estimate.nodes.mean - 2057.0).abs() < 4.0 * estimate.nodes.std_error);
/// ```
pub fn estimate(n: usize, samples: u64, seed: u64) -> Estimate {
    assert!((1..=31).contains(&n), "estimate: n = {n} is outside 1..=31");
    let mut rng = Rng::new(seed);
    let mut scores = vec![0.0; n + 1];
    let mut levels = vec![Running::default(); n + 1];
    let mut total = Running::default();
    let mut running = Vec::new();
    for done in 1..=samples {
        probe(n, &mut rng, &mut scores);
        scores.iter().zip(levels.iter_mut()).for_each(|(&s, level)| level.add(s));
        total.add(scores.iter().sum());
        if is_checkpoint(done, samples) {
            running.push(Checkpoint { samples: done, nodes: total.stat() });
        }
    }
    let levels: Vec<Stat> = levels.iter().map(Running::stat).collect();
    Estimate { n, samples, seed, solutions: levels[n], levels, nodes: total.stat(), running }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn probes_score_the_products_of_the_degrees() {
        // 4x4: column a has 4 free rows; whatever the walk, level 1 scores 4.
        let mut scores = vec![0.0; 5];
        probe(4, &mut Rng::new(3), &mut scores);
        assert_eq!(scores[..2], [1.0, 4.0]);
        assert!(scores[2] == 4.0 * 2.0 || scores[2] == 4.0 * 1.0, "{scores:?}");
    }

    #[test]
    fn the_same_seed_gives_the_same_numbers_and_another_other_numbers() {
        assert_eq!(estimate(10, 500, 7), estimate(10, 500, 7));
        assert_ne!(estimate(10, 500, 7).nodes, estimate(10, 500, 8).nodes);
    }

    #[test]
    fn checkpoints_end_on_the_final_estimate() {
        let e = estimate(8, 100_000, 1);
        assert!(e.running.len() > 150 && e.running.len() < 260, "{}", e.running.len());
        assert_eq!(e.running.last().map(|c| c.nodes), Some(e.nodes));
        assert_eq!(e.levels[0], Stat { mean: 1.0, std_error: 0.0 });
    }
}
