//! Counting and enumerating N-Queens solutions.
//!
//! Contract: a solution is a `Vec<usize>` `queens` with `queens[col] = row`,
//! 0-based, row 0 = top row. "Backtracking order" is lexicographic order of
//! `queens` (columns left to right, rows tried top to bottom).
//!
//! Conventions shared by every function in this module:
//! - `n = 0` has **no** solutions: counts return 0 and iterators are empty.
//! - Board sizes above [`MAX_N`] (32) panic, because the searches keep rows
//!   and diagonals in 64-bit masks (diagonals need `2n - 1` bits).
//!
//! Submodules: [`bitmask`] (plain, parallel and lazy backtracking),
//! [`symmetry`] (the 8 symmetries of the square, unique solutions),
//! [`takaken`] (parallel counting by symmetry class, behind [`count_all`] and
//! [`count_unique`] from `TAKAKEN_MIN_N` on; its hot loop is in `kernel`),
//! [`shard`] (the same count split into K/M shards for separate machines),
//! [`shard_sum`] (shard results as JSON lines, and their total), [`dp`]
//! (the Rivin-Zabih dynamic programming count, in bounded memory) and [`order`]
//! (solutions numbered in backtracking order or MATLAB's `perms` order).

pub mod bitmask;
pub mod dp;
mod dp_table;
mod kernel;
mod known;
pub mod order;
pub mod profile;
mod puzzle_solutions;
pub mod shard;
pub mod shard_sum;
pub mod symmetry;
pub mod takaken;

pub use bitmask::{count_all, count_all_plain, solutions, Solutions};
pub use dp::{count_dp, count_dp_within, layer_sizes, memory_estimate, DP_MAX_N};
pub use known::known_count;
pub use order::SolutionOrder;
pub use puzzle_solutions::{count_puzzle, puzzle_solutions, PuzzleVisit};
pub use shard::{count_shard, plan, Plan, Shard};
pub use shard_sum::{parse_results, sum_shards, ShardResult, ShardSum, ShardTally, MAX_SHARD_LINE_BYTES};
pub use symmetry::{canonical, class_size, count_unique, symmetry_images, unique_solutions, TRANSFORMS};

/// Smallest board size for which [`count_all`] and [`count_unique`] use
/// [`takaken::count_both`]; below it the bitmask and Burnside code is used.
const TAKAKEN_MIN_N: usize = 8;

/// Largest supported board size.
pub const MAX_N: usize = 32;

/// Panics with a clear message when `n` is above [`MAX_N`].
fn check_n(n: usize) {
    assert!(n <= MAX_N, "board size {n} is above the supported maximum {MAX_N}");
}

/// Mask with the low `n` bits set (one bit per row).
fn full_mask(n: usize) -> u64 {
    check_n(n);
    (1u64 << n) - 1
}
