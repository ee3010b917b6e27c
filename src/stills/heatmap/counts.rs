//! How often each square holds a queen: `counts[row][col]` over all solutions of a board, or over
//! one solution per symmetry class.
//!
//! Contract: [`heatmap_counts`] gives the number of solutions (one per class with `unique`) with
//! a queen on (row, col); all solutions are counted without listing them (a bitmask search adding
//! each placement's solutions below it), classes by walking the lazy enumerator.

use crate::error::Error;
use crate::solve::{solution_stream, SolveOptions, Until};

/// `counts[row][col]`: solutions with a queen on (row, col). All solutions are counted by a
/// bitmask search that adds each placement's number of solutions below it (parallel over the
/// first column's rows, half of them mirrored); one per class walks the lazy enumerator.
pub fn heatmap_counts(n: usize, unique: bool) -> Result<Vec<Vec<u64>>, Error> {
    if !unique && (1..=crate::count::MAX_N).contains(&n) {
        return Ok(all_counts(n));
    }
    let mut options = SolveOptions::new(n);
    options.until = Until::All;
    let mut counts = vec![vec![0u64; n]; n];
    for queens in solution_stream(&options, unique)? {
        for (col, &row) in queens.iter().enumerate() {
            counts[row][col] += 1;
        }
    }
    Ok(counts)
}

/// [`heatmap_counts`] of all solutions: each first-column row of the top half searched on its own
/// core, the bottom half their mirror images (row r <-> n - 1 - r maps solutions to solutions).
fn all_counts(n: usize) -> Vec<Vec<u64>> {
    use rayon::prelude::*;
    let full = (1u64 << n) - 1;
    let from_row = |row: usize| {
        let mut counts = vec![vec![0u64; n]; n];
        let bit = 1u64 << row;
        let below = Lines { full, rows: bit, down: (bit << 1) & full, up: bit >> 1 };
        counts[row][0] = solutions_below(below, 1, &mut counts);
        counts
    };
    let top: Vec<Vec<Vec<u64>>> = (0..n / 2).into_par_iter().map(from_row).collect();
    let mut counts = if n % 2 == 1 { from_row(n / 2) } else { vec![vec![0u64; n]; n] };
    for part in top {
        for (row, cells) in part.into_iter().enumerate() {
            for (col, count) in cells.into_iter().enumerate() {
                counts[row][col] += count;
                counts[n - 1 - row][col] += count;
            }
        }
    }
    counts
}

/// Rows a queen in the next column may not take: used rows, and the two diagonals shifted to it.
#[derive(Clone, Copy)]
struct Lines {
    full: u64,
    rows: u64,
    down: u64,
    up: u64,
}

/// Solutions completing the columns from `col` on; adds each placement's solutions to `counts`.
fn solutions_below(lines: Lines, col: usize, counts: &mut [Vec<u64>]) -> u64 {
    if lines.rows == lines.full {
        return 1;
    }
    let mut free = lines.full & !(lines.rows | lines.down | lines.up);
    let mut total = 0;
    while free != 0 {
        let bit = free & free.wrapping_neg();
        free ^= bit;
        let next = Lines {
            full: lines.full,
            rows: lines.rows | bit,
            down: ((lines.down | bit) << 1) & lines.full,
            up: (lines.up | bit) >> 1,
        };
        let found = solutions_below(next, col + 1, counts);
        counts[bit.trailing_zeros() as usize][col] += found;
        total += found;
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fast_counts_match_the_solutions() {
        for n in 1..=9 {
            let mut expected = vec![vec![0u64; n]; n];
            for queens in crate::count::solutions(n) {
                for (col, &row) in queens.iter().enumerate() {
                    expected[row][col] += 1;
                }
            }
            assert_eq!(all_counts(n), expected, "n = {n}");
        }
    }
}
