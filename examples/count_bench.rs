//! Benchmark of the `queens::count` solution counters, against a C baseline in the same run.
//!
//! Usage: `cargo run --release --example count_bench [MAX_N] [RUNS]` (defaults 17 and 1; each
//! time is the best of RUNS). Prints, in this order:
//! - the dynamic-programming count of n = 14 (first, so that the process's peak resident memory,
//!   VmHWM in /proc/self/status, is the DP's own peak);
//! - one row per n in `MAX_N - 2 ..= MAX_N`: `count_all` on every core (the Takaken count by
//!   symmetry class), the same on one thread, the Somers-style C counter `examples/somers.c`
//!   (compiled here with `cc -O2` into a temporary folder; skipped with a message when `cc` is
//!   missing), and the two ratios C / parallel and C / one thread;
//! - the shard balance for n = MAX_N in 64 shards: each shard counted in turn, the slowest and
//!   fastest times and their ratio (the goal is at most 2).
//!
//! On a shared machine wall times swing with the load; the `cpu` columns give the one-thread and
//! C runs' processor time (from /proc, 10 ms ticks), and their ratio, which the load hardly moves.
//!
//! Every count is checked against OEIS A000170 / A002562.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use queens::count::*;

/// OEIS A000170 for n = 0..=18 (0 for the empty board, as in `queens::count`).
const ALL: [u64; 19] =
    [0, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512, 95815104, 666090624];
/// OEIS A002562 for n = 0..=18.
const UNIQUE: [u64; 19] =
    [0, 1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752, 285053, 1846955, 11977939, 83263591];
/// Board size of the dynamic-programming row.
const DP_N: usize = 14;
/// Shards in the balance row.
const SHARDS: usize = 64;

/// Best time of `runs` runs of `f`, checking each result against `expected` (if known).
fn timed(name: &str, n: usize, runs: usize, expected: Option<&u64>, f: impl Fn() -> u64) -> Duration {
    (0..runs)
        .map(|_| {
            let start = Instant::now();
            let got = f();
            let elapsed = start.elapsed();
            if let Some(&want) = expected {
                assert_eq!(got, want, "{name}({n}) is wrong");
            }
            elapsed
        })
        .min()
        .expect("at least one run")
}

/// Processor seconds (user + system) of this process (`children`: of its waited-for children),
/// from /proc/self/stat in USER_HZ = 100 ticks; 0 where /proc is missing.
fn cpu_secs(children: bool) -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let fields: Vec<&str> = stat.rsplit_once(')').map_or("", |(_, rest)| rest).split_whitespace().collect();
    let at = if children { 13 } else { 11 };
    let ticks: u64 = fields.get(at..at + 2).map_or(0, |f| f.iter().filter_map(|v| v.parse::<u64>().ok()).sum());
    ticks as f64 / 100.0
}

/// The processor seconds `f` takes (the best of `runs`), measured by `cpu_secs(children)`.
fn cpu_timed(runs: usize, children: bool, f: impl Fn()) -> f64 {
    (0..runs)
        .map(|_| {
            let before = cpu_secs(children);
            f();
            cpu_secs(children) - before
        })
        .fold(f64::INFINITY, f64::min)
}

/// The process's peak resident memory in MB (VmHWM), if /proc tells.
fn peak_rss_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

/// Compiles examples/somers.c with `cc -O2` into a temporary folder; `None` (after saying why)
/// when there is no working C compiler.
fn compile_somers() -> Option<PathBuf> {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/somers.c");
    let dir = std::env::temp_dir().join(format!("queens-count-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).ok()?;
    let binary = dir.join("somers");
    match Command::new("cc").arg("-O2").arg("-o").arg(&binary).arg(&source).status() {
        Ok(status) if status.success() => Some(binary),
        Ok(status) => {
            println!("C comparison skipped: cc -O2 {} failed ({status})", source.display());
            None
        }
        Err(e) => {
            println!("C comparison skipped: no C compiler (cc: {e})");
            None
        }
    }
}

/// Runs the C counter for `n` and returns its count.
fn run_somers(binary: &Path, n: usize) -> u64 {
    let out = Command::new(binary).arg(n.to_string()).output().expect("the C counter runs");
    String::from_utf8_lossy(&out.stdout).trim().parse().expect("the C counter prints a number")
}

fn dp_row() {
    let start = Instant::now();
    let count = count_dp(DP_N);
    let elapsed = start.elapsed();
    assert_eq!(count, ALL[DP_N], "count_dp({DP_N}) is wrong");
    let peak = peak_rss_mb().map_or("?".to_string(), |mb| format!("{mb:.0} MB"));
    println!("dp {DP_N}: {:.3} s, peak resident memory {peak} (VmHWM), estimate {}", elapsed.as_secs_f64(), {
        dp::bytes_text(memory_estimate(DP_N))
    });
}

fn count_rows(max_n: usize, runs: usize, somers: Option<&Path>) {
    let one_thread = rayon::ThreadPoolBuilder::new().num_threads(1).build().expect("a one-thread pool");
    println!(
        "{:>3} {:>12} {:>10} {:>10} {:>10} {:>8} {:>8} {:>10} {:>8} {:>8} {:>10}",
        "n", "solutions", "parallel", "1 thread", "C", "C/par", "C/1 thr", "1thr cpu", "C cpu", "cpu x", "unique"
    );
    for n in max_n.saturating_sub(2).max(1)..=max_n {
        let par = timed("count_all", n, runs, ALL.get(n), || count_all(n));
        let single = timed("count_all (1 thread)", n, runs, ALL.get(n), || one_thread.install(|| count_all(n)));
        let unique = timed("count_unique", n, runs, UNIQUE.get(n), || count_unique(n));
        let c = somers.map(|bin| timed("somers.c", n, runs, ALL.get(n), || run_somers(bin, n)));
        let single_cpu = cpu_timed(runs, false, || {
            one_thread.install(|| count_all(n));
        });
        let c_cpu = somers.map(|bin| {
            cpu_timed(runs, true, || {
                run_somers(bin, n);
            })
        });
        let secs = |d: Duration| format!("{:.3}s", d.as_secs_f64());
        let ratio = |d: Duration| c.map_or("-".to_string(), |c| format!("{:.2}x", c.as_secs_f64() / d.as_secs_f64()));
        let solutions = ALL.get(n).map_or("?".to_string(), u64::to_string);
        let cpu_ratio = c_cpu.map_or("-".to_string(), |c| format!("{:.2}x", c / single_cpu));
        println!(
            "{n:>3} {solutions:>12} {:>10} {:>10} {:>10} {:>8} {:>8} {:>9.2}s {:>8} {cpu_ratio:>8} {:>10}",
            secs(par),
            secs(single),
            c.map_or("-".to_string(), secs),
            ratio(par),
            ratio(single),
            single_cpu,
            c_cpu.map_or("-".to_string(), |c| format!("{c:.2}s")),
            secs(unique),
        );
    }
}

fn shard_row(n: usize) {
    let start = Instant::now();
    let split = plan(n, SHARDS);
    let planned = start.elapsed();
    let (mut all, mut unique, mut times) = (0, 0, Vec::new());
    for k in 1..=SHARDS {
        let start = Instant::now();
        let (a, u) = split.count(k);
        times.push(start.elapsed().as_secs_f64());
        (all, unique) = (all + a, unique + u);
    }
    if let (Some(&a), Some(&u)) = (ALL.get(n), UNIQUE.get(n)) {
        assert_eq!((all, unique), (a, u), "shards of {n} do not add up");
    }
    let slowest = times.iter().copied().fold(0.0, f64::max);
    let fastest = times.iter().copied().fold(f64::INFINITY, f64::min);
    let (heavy, light) = (split.loads.iter().max().unwrap(), split.loads.iter().min().unwrap());
    println!(
        "shards {n} in {SHARDS} ({} units, planned in {:.3} s): slowest {slowest:.3} s, fastest {fastest:.3} s, ratio {:.2} (estimated {:.3})",
        split.unit_count(),
        planned.as_secs_f64(),
        slowest / fastest,
        *heavy as f64 / *light as f64
    );
}

fn main() {
    let mut args = std::env::args().skip(1);
    let max_n: usize = args.next().map_or(17, |a| a.parse().expect("usage: count_bench [MAX_N] [RUNS]"));
    let runs: usize = args.next().map_or(1, |a| a.parse().expect("usage: count_bench [MAX_N] [RUNS]"));
    assert!((1..=MAX_N).contains(&max_n) && runs >= 1, "MAX_N must be in 1..={MAX_N}, RUNS at least 1");
    dp_row();
    let somers = compile_somers();
    count_rows(max_n, runs, somers.as_deref());
    shard_row(max_n);
    if let Some(dir) = somers.as_deref().and_then(Path::parent) {
        let _ = std::fs::remove_dir_all(dir);
    }
}
