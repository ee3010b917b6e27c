//! Knuth's numbers timed (issue 56): the exact profiles (backtrack and forward) for N = 12..16,
//! 100,000 estimator probes of 12x12 against its exact node count, and 100,000 Las Vegas trials of
//! 8x8 (k = 8) against Brassard-Bratley's p = 0.1293. Wall time, and the process's CPU time (the
//! machine may be shared), per row.
//!
//! `cargo run --release --example knuth_bench [MAX_N]` (default 16).

use queens::count::profile::{profile, ProfileSearch};
use std::time::Instant;

/// The process's user + system CPU seconds so far (Linux: /proc/self/stat).
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let fields: Vec<&str> = stat.rsplit(')').next().unwrap_or("").split_whitespace().collect();
    let ticks: f64 = fields.get(11..13).map_or(0.0, |f| f.iter().filter_map(|t| t.parse::<f64>().ok()).sum());
    ticks / 100.0
}

fn timed<T>(label: &str, work: impl FnOnce() -> T, describe: impl FnOnce(&T) -> String) {
    let (wall, cpu) = (Instant::now(), cpu_seconds());
    let result = work();
    let (wall, cpu) = (wall.elapsed().as_secs_f64(), cpu_seconds() - cpu);
    println!("{label:<34} {wall:>8.3} s wall {cpu:>8.2} s cpu   {}", describe(&result));
}

fn main() {
    let max_n: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(16);
    for n in 12..=max_n {
        for search in [ProfileSearch::Backtrack, ProfileSearch::Forward] {
            let label = format!("profile {n} --algorithm {}", search.name());
            timed(
                &label,
                || profile(n, search, None).expect("no deadline"),
                |p| format!("{} nodes, {} solutions", p.nodes(), p.solutions()),
            );
        }
    }
    let exact = profile(12, ProfileSearch::Backtrack, None).expect("no deadline").nodes() as f64;
    timed(
        "estimate 12 --samples 100000",
        || queens::estimate(12, 100_000, 1),
        |e| {
            let off = 100.0 * (e.nodes.mean - exact) / exact;
            format!("{:.0} ± {:.0} nodes, exact {exact}: {off:+.2}%", e.nodes.mean, e.nodes.std_error)
        },
    );
    timed(
        "lasvegas 8 --k 8 --trials 100000",
        || queens::las_vegas(8, 8, 100_000, 1),
        |r| format!("p = {:.4} (Brassard-Bratley: 0.1293)", r.p()),
    );
}
