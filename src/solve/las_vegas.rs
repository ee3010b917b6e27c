//! Las Vegas queens (Brassard and Bratley, *Fundamentals of Algorithmics*, 8.5.1): put queens in
//! the first k columns at random, each among its column's safe squares, then backtrack for the
//! rest; a trial fails when a column has no safe square or the backtracking finds no solution.
//!
//! Contract: a trial's nodes are the root, the random queens and every backtracking placement
//! until the first solution or the end (Brassard-Bratley's count: k = 0 is plain backtracking,
//! 114 nodes on 8x8; k = n succeeds in n + 1). [`las_vegas`] runs `trials` trials for one k and
//! reports p (successes over trials), the mean nodes of a success (s) and of a failure (e), and the
//! expected nodes per solution t = s + (1 - p) / p * e, the cost of repeating failed trials until
//! one succeeds. [`exact_p`] computes p by walking the whole tree (each random step weighing its
//! children alike), for tests and tables of small boards. Trials draw from the solvers' seeded
//! generator: same seed, same table.

use super::Rng;
use std::time::Instant;

/// What `trials` trials of one k found.
#[derive(Clone, Debug, PartialEq)]
pub struct LasVegasRow {
    /// Queens placed at random before backtracking.
    pub k: usize,
    /// Trials run.
    pub trials: u64,
    /// Trials that found a solution.
    pub successes: u64,
    /// Mean nodes of a successful trial (0 without one).
    pub nodes_success: f64,
    /// Mean nodes of a failed trial (0 without one).
    pub nodes_failure: f64,
}

impl LasVegasRow {
    /// The success probability p(k): successes over trials.
    pub fn p(&self) -> f64 {
        self.successes as f64 / self.trials.max(1) as f64
    }

    /// Mean nodes per trial, successes and failures alike.
    pub fn nodes_per_trial(&self) -> f64 {
        let p = self.p();
        p * self.nodes_success + (1.0 - p) * self.nodes_failure
    }

    /// Expected nodes per solution, s + (1 - p) / p * e (infinite when no trial succeeded).
    pub fn nodes_per_solution(&self) -> f64 {
        let p = self.p();
        if p == 0.0 {
            return f64::INFINITY;
        }
        self.nodes_success + (1.0 - p) / p * self.nodes_failure
    }
}

/// A partial board: rows used and the rows the next column sees attacked.
#[derive(Clone, Copy)]
struct Cols {
    rows: u32,
    down: u32,
    up: u32,
    full: u32,
}

impl Cols {
    fn free(&self) -> u32 {
        self.full & !(self.rows | self.down | self.up)
    }

    fn place(&self, bit: u32) -> Cols {
        Cols { rows: self.rows | bit, down: ((self.down | bit) << 1) & self.full, up: (self.up | bit) >> 1, ..*self }
    }
}

/// Backtracking from `c` (with `depth` queens) to the first solution: whether it found one, and
/// the placements it made.
fn backtrack(c: Cols, depth: usize, n: usize) -> (bool, u64) {
    if depth == n {
        return (true, 0);
    }
    let mut free = c.free();
    let mut nodes = 0;
    while free != 0 {
        let bit = free & free.wrapping_neg();
        free ^= bit;
        let (found, below) = backtrack(c.place(bit), depth + 1, n);
        nodes += 1 + below;
        if found {
            return (true, nodes);
        }
    }
    (false, nodes)
}

/// One trial with `k` random queens: whether it succeeded, and its nodes.
fn trial(n: usize, k: usize, rng: &mut Rng) -> (bool, u64) {
    let mut c = Cols { rows: 0, down: 0, up: 0, full: (1u32 << n) - 1 };
    for col in 0..k {
        let free = c.free();
        if free == 0 {
            return (false, 1 + col as u64);
        }
        let mut pick = free;
        for _ in 0..rng.below(free.count_ones() as usize) {
            pick &= pick - 1;
        }
        c = c.place(pick & pick.wrapping_neg());
    }
    let (found, nodes) = backtrack(c, k, n);
    (found, 1 + k as u64 + nodes)
}

/// `trials` Las Vegas trials of an `n` x `n` board (1..=31) with `k` (<= n) random queens, seeded
/// with `seed`.
///
/// ```
/// let row = queens::las_vegas(8, 8, 20_000, 1);
/// assert!((row.p() - 0.1293).abs() < 0.01);
/// assert_eq!(row.nodes_success, 9.0);
/// ```
pub fn las_vegas(n: usize, k: usize, trials: u64, seed: u64) -> LasVegasRow {
    las_vegas_within(n, k, trials, seed, None).expect("no deadline")
}

/// [`las_vegas`], or `None` once `deadline` passed (the clock read every 64 trials). With k = 0
/// every trial is the same plain backtracking: it runs once and counts for all.
pub fn las_vegas_within(n: usize, k: usize, trials: u64, seed: u64, deadline: Option<Instant>) -> Option<LasVegasRow> {
    assert!((1..=31).contains(&n) && k <= n, "las_vegas: n = {n}, k = {k} out of range");
    let mut rng = Rng::new(seed);
    let (mut successes, mut success_nodes, mut failure_nodes) = (0u64, 0u64, 0u64);
    if k == 0 && trials > 0 {
        let (found, nodes) = trial(n, 0, &mut rng);
        let (hits, total) = if found { (trials, &mut success_nodes) } else { (0, &mut failure_nodes) };
        successes = hits;
        *total = nodes * trials;
    }
    for done in (if k == 0 { trials } else { 0 })..trials {
        if done % 64 == 63 && deadline.is_some_and(|d| Instant::now() >= d) {
            return None;
        }
        match trial(n, k, &mut rng) {
            (true, nodes) => {
                successes += 1;
                success_nodes += nodes;
            }
            (false, nodes) => failure_nodes += nodes,
        }
    }
    let mean = |sum: u64, count: u64| if count == 0 { 0.0 } else { sum as f64 / count as f64 };
    Some(LasVegasRow {
        k,
        trials,
        successes,
        nodes_success: mean(success_nodes, successes),
        nodes_failure: mean(failure_nodes, trials - successes),
    })
}

/// The exact success probability of a trial with `k` random queens on an `n` x `n` board: the
/// whole tree walked, each random step's children weighed alike (small boards: the walk visits
/// every node down to level k and searches below each).
pub fn exact_p(n: usize, k: usize) -> f64 {
    assert!((1..=31).contains(&n) && k <= n, "exact_p: n = {n}, k = {k} out of range");
    fn walk(c: Cols, depth: usize, n: usize, k: usize) -> f64 {
        if depth == k {
            return if backtrack(c, depth, n).0 { 1.0 } else { 0.0 };
        }
        let mut free = c.free();
        let degree = free.count_ones();
        let mut sum = 0.0;
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            sum += walk(c.place(bit), depth + 1, n, k);
        }
        if degree == 0 {
            0.0
        } else {
            sum / f64::from(degree)
        }
    }
    walk(Cols { rows: 0, down: 0, up: 0, full: (1u32 << n) - 1 }, 0, n, k)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_backtracking_takes_brassard_and_bratleys_114_nodes() {
        let row = las_vegas(8, 0, 3, 1);
        assert_eq!((row.successes, row.nodes_success), (3, 114.0));
        assert_eq!(exact_p(8, 0), 1.0);
    }

    #[test]
    fn pure_las_vegas_on_eight_squares_succeeds_about_one_time_in_eight() {
        assert!((exact_p(8, 8) - 0.1293).abs() < 0.00005, "{}", exact_p(8, 8));
        assert_eq!(exact_p(3, 3), 0.0);
        assert_eq!(exact_p(1, 1), 1.0);
    }

    #[test]
    fn the_same_seed_gives_the_same_row() {
        assert_eq!(las_vegas(8, 3, 1000, 5), las_vegas(8, 3, 1000, 5));
    }
}
