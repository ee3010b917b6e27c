//! Min-conflicts local search: one queen per column. The start is greedy: each column in turn takes,
//! among a seeded random sample of the rows no queen uses yet, the one attacked by the fewest
//! queens; the whole start is one `layout` event. Then, while queens attack each other, a random
//! conflicted column's queen moves to the row where she meets the fewest conflicts (ties broken at
//! random) as a `move` event; picks that leave her where she is record nothing. One pick in
//! [`NOISE`] moves her to a random other row instead (a random walk step): without it small boards
//! can cycle forever. With no conflict left, a `solution` event ends the run.
//!
//! Contract: finds one solution whatever `--until` asks (it samples a single solution, it cannot
//! enumerate them). N = 2 and 3 have no solution and record nothing. Conflict counts are O(1)
//! (queens per row, diagonal and anti-diagonal), a step costs O(N). Boards too large to draw (N
//! above the replay limit, 4096) go to `swap_repair.rs`, linear in N: N = 1,000,000 in about a
//! second (release build). Same seed, same trace.

use super::{record_solution, Rng, SolveOptions};
use crate::trace::{Event, Full, Recorder, Square};

/// Rows sampled per column for the greedy start.
const SAMPLE: usize = 32;

/// One pick in this many sends the queen to a random other row instead (random walk), so the
/// search cannot cycle forever on a plateau or in a local minimum.
const NOISE: usize = 10;

/// Queens `queens[col] = row` with queen counts per line and the number of attacking pairs.
struct Arrangement {
    n: usize,
    queens: Vec<usize>,
    rows: Vec<u32>,
    diags: Vec<u32>,
    antis: Vec<u32>,
    pairs: u64,
}

pub(super) fn run(options: &SolveOptions, rec: &mut dyn Recorder) -> Result<(), Full> {
    let n = options.n;
    if matches!(n, 2 | 3) {
        return Ok(());
    }
    let mut rng = Rng::new(options.seed);
    if n > crate::trace::MAX_REPLAY_N {
        // Too large to draw: the linear-time swap repair (a scan of N rows per step is quadratic).
        return super::swap_repair::run(n, &mut rng, rec);
    }
    let mut layout = greedy_start(n, &mut rng);
    rec.record(Event::Layout { queens: layout.queens.clone(), tries: None })?;
    while layout.pairs > 0 {
        let col = layout.conflicted_column(&mut rng);
        let from = layout.queens[col];
        let to = if rng.below(NOISE) == 0 {
            layout.random_row(col, &mut rng)
        } else {
            layout.min_conflict_row(col, &mut rng)
        };
        if to == from {
            continue;
        }
        layout.remove(col);
        layout.add(to, col);
        rec.record(Event::Move { from: Square::new(from, col), to: Square::new(to, col) })?;
    }
    record_solution(rec, &layout.queens)
}

/// Columns left to right, each on the least attacked of a few sampled unused rows.
fn greedy_start(n: usize, rng: &mut Rng) -> Arrangement {
    let mut layout = Arrangement::new(n);
    let mut unused: Vec<usize> = (0..n).collect();
    for col in 0..n {
        let samples = SAMPLE.min(unused.len());
        let pick = (0..samples)
            .map(|_| rng.below(unused.len()))
            .min_by_key(|&i| layout.attacks_on(unused[i], col))
            .expect("a free row is left for every column");
        layout.add(unused.swap_remove(pick), col);
    }
    layout
}

impl Arrangement {
    fn new(n: usize) -> Self {
        Arrangement { n, queens: vec![0; n], rows: vec![0; n], diags: vec![0; 2 * n], antis: vec![0; 2 * n], pairs: 0 }
    }

    fn lines(&mut self, row: usize, col: usize) -> [&mut u32; 3] {
        [&mut self.rows[row], &mut self.diags[row + self.n - col], &mut self.antis[row + col]]
    }

    /// Queens on the lines through (row, col), the queen of column `col` included if she is there.
    fn attacks_on(&self, row: usize, col: usize) -> u32 {
        self.rows[row] + self.diags[row + self.n - col] + self.antis[row + col]
    }

    /// Queens attacking the queen of column `col`.
    fn conflicts(&self, col: usize) -> u32 {
        self.attacks_on(self.queens[col], col) - 3
    }

    fn add(&mut self, row: usize, col: usize) {
        self.queens[col] = row;
        let mut pairs = 0;
        for count in self.lines(row, col) {
            pairs += u64::from(*count);
            *count += 1;
        }
        self.pairs += pairs;
    }

    fn remove(&mut self, col: usize) {
        let row = self.queens[col];
        let mut pairs = 0;
        for count in self.lines(row, col) {
            *count -= 1;
            pairs += u64::from(*count);
        }
        self.pairs -= pairs;
    }

    /// A random column whose queen is attacked; there must be one (`pairs > 0`).
    fn conflicted_column(&self, rng: &mut Rng) -> usize {
        loop {
            let col = rng.below(self.n);
            if self.conflicts(col) > 0 {
                return col;
            }
        }
    }

    /// A uniformly random row other than the one the queen of `col` stands on (`n > 1`).
    fn random_row(&self, col: usize, rng: &mut Rng) -> usize {
        let row = rng.below(self.n - 1);
        row + usize::from(row >= self.queens[col])
    }

    /// The row where the queen of `col` meets the fewest other queens, ties at random.
    fn min_conflict_row(&self, col: usize, rng: &mut Rng) -> usize {
        let here = self.queens[col];
        let (mut best, mut best_cost, mut ties) = (here, u32::MAX, 0);
        for row in 0..self.n {
            let cost = self.attacks_on(row, col) - if row == here { 3 } else { 0 };
            if cost < best_cost {
                (best, best_cost, ties) = (row, cost, 1);
            } else if cost == best_cost {
                ties += 1;
                if rng.below(ties) == 0 {
                    best = row;
                }
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pair_count_follows_moves() {
        let mut layout = Arrangement::new(5);
        for (col, row) in [0, 1, 2, 4, 3].into_iter().enumerate() {
            layout.add(row, col);
        }
        assert_eq!(layout.pairs, 3 + 1, "diagonal 0-1-2 gives three pairs, 4-3 on an anti-diagonal one");
        layout.remove(4);
        layout.add(1, 4);
        assert_eq!(layout.pairs, 3 + 1);
        assert_eq!(layout.conflicts(4), 1);
    }

    #[test]
    fn greedy_start_is_a_permutation() {
        let layout = greedy_start(50, &mut Rng::new(3));
        let mut rows = layout.queens.clone();
        rows.sort_unstable();
        assert_eq!(rows, (0..50).collect::<Vec<_>>());
    }
}
