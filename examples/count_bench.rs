//! Benchmark of the `queens::count` solution counters.
//!
//! Usage: `cargo run --release --example count_bench [MAX_N]` (default 16).
//! Prints one row per n in `MAX_N - 2 ..= MAX_N`: time of `count_all` (the
//! parallel Takaken count by symmetry class from n = 8 on), of the
//! single-threaded `count_all_plain`, their ratio, `count_unique` (same
//! Takaken search) and, for n <= 14, the dynamic-programming `count_dp`.
//! Every result is checked against OEIS A000170 / A002562 where known.

use std::time::{Duration, Instant};

use queens::count::*;

/// OEIS A000170 for n = 0..=18 (0 for the empty board, as in `queens::count`).
const ALL: [u64; 19] =
    [0, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512, 95815104, 666090624];
/// OEIS A002562 for n = 0..=18.
const UNIQUE: [u64; 19] =
    [0, 1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752, 285053, 1846955, 11977939, 83263591];
/// Largest n for which `count_dp` is timed (n = 14 needs about 1 GB of memory).
const DP_MAX_N: usize = 14;

/// Runs `f` once, checks its result against `expected` (if known), returns the time.
fn timed(name: &str, n: usize, expected: Option<&u64>, f: fn(usize) -> u64) -> Duration {
    let start = Instant::now();
    let got = f(n);
    let elapsed = start.elapsed();
    if let Some(&want) = expected {
        assert_eq!(got, want, "{name}({n}) is wrong");
    }
    elapsed
}

fn main() {
    let max_n = match std::env::args().nth(1) {
        Some(arg) => arg.parse().expect("usage: count_bench [MAX_N], MAX_N <= 32"),
        None => 16,
    };
    assert!((1..=MAX_N).contains(&max_n), "MAX_N must be in 1..={MAX_N}");
    println!(
        "{:>3} {:>14} {:>12} {:>11} {:>6} {:>10} {:>10}",
        "n", "solutions", "count_all", "plain", "ratio", "unique", "dp"
    );
    for n in max_n.saturating_sub(2).max(1)..=max_n {
        let all = timed("count_all", n, ALL.get(n), count_all);
        let plain = timed("count_all_plain", n, ALL.get(n), count_all_plain);
        let unique = timed("count_unique", n, UNIQUE.get(n), count_unique);
        let dp = (n <= DP_MAX_N).then(|| timed("count_dp", n, ALL.get(n), count_dp));
        let dp = dp.map_or("-".to_string(), |t| format!("{:.3}s", t.as_secs_f64()));
        let solutions = ALL.get(n).map_or("?".to_string(), u64::to_string);
        println!(
            "{n:>3} {solutions:>14} {:>11.3}s {:>10.3}s {:>5.2}x {:>9.3}s {dp:>10}",
            all.as_secs_f64(),
            plain.as_secs_f64(),
            plain.as_secs_f64() / all.as_secs_f64(),
            unique.as_secs_f64(),
        );
    }
}
