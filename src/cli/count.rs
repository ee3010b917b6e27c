//! `solve` and `count`: solutions as text or JSON, and solution counts (whole, by shard, or shards
//! added up).

use super::args::{parse_algorithm, parse_order, ranged, UsageError};
use super::io::outln;
use anyhow::Result;
use clap::Args;
use queens::count::{Shard, ShardResult, SolutionOrder};
use queens::{count, Algorithm, SolveOptions, Until};
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

#[derive(Debug, Args)]
pub struct SolveCommandArgs {
    /// Board size N.
    #[arg(allow_negative_numbers = true, value_parser = ranged("N", 1u32, 10_000_000))]
    pub n: u32,
    /// Every solution, not just the first.
    #[arg(long)]
    pub all: bool,
    /// One solution per symmetry class (rotations and reflections).
    #[arg(long)]
    pub unique: bool,
    /// Output format.
    #[arg(long, default_value = "text", value_parser = ["text", "json"])]
    pub format: String,
    /// Search algorithm.
    #[arg(long, default_value = "backtrack", value_parser = parse_algorithm)]
    pub algorithm: Algorithm,
    /// Seed for randomized algorithms.
    #[arg(long, default_value_t = queens::DEFAULT_SEED, allow_negative_numbers = true, value_parser = ranged("the seed", 0, u64::MAX))]
    pub seed: u64,
    /// How the backtrack algorithm's solutions are numbered: backtrack, or perms (MATLAB's
    /// perms(1:N) order, by rows, reverse lexicographic: seed 000's numbering).
    #[arg(long, default_value = "backtrack", value_parser = parse_order)]
    pub order: SolutionOrder,
}

#[derive(Debug, Args)]
pub struct CountArgs {
    /// Board size N (up to 32).
    #[arg(allow_negative_numbers = true, value_parser = ranged("N", 1u32, 32), required_unless_present = "sum")]
    pub n: Option<u32>,
    /// Count solutions distinct under rotations and reflections.
    #[arg(long)]
    pub unique: bool,
    /// bitmask: parallel bitmask search; dp: Rivin-Zabih dynamic programming (slow past N = 14).
    #[arg(long, default_value = "bitmask", value_parser = ["bitmask", "dp"])]
    pub method: String,
    /// Largest memory --method dp may use (refused up front past it): 512M, 2G, 2GiB, 1500MB.
    #[arg(long, value_name = "SIZE", default_value = "2GiB", value_parser = parse_size)]
    pub max_memory: u64,
    /// Count only shard K of M (K from 1 to M) and print it as one JSON line; add the lines up with --sum.
    #[arg(long, value_name = "K/M", value_parser = parse_shard, conflicts_with_all = ["unique", "method"])]
    pub shard: Option<Shard>,
    /// Add up --shard JSON lines read from FILES (standard input when none or -) and print the total.
    #[arg(long, value_name = "FILES", num_args = 0.., conflicts_with_all = ["n", "shard", "method"])]
    pub sum: Option<Vec<PathBuf>>,
}

/// `K/M` for --shard.
fn parse_shard(text: &str) -> Result<Shard, String> {
    text.parse::<Shard>().map_err(|e| e.to_string())
}

/// A byte size: a number with an optional unit, K/M/G/T or KiB/MiB/GiB/TiB (powers of 1024) or
/// KB/MB/GB/TB (powers of 1000), e.g. 512M, 2G, 2GiB.
pub fn parse_size(text: &str) -> Result<u64, String> {
    let bad = || format!("'{text}' is not a size such as 512M, 2G or 2GiB");
    let split = text.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let number: f64 = number.parse().map_err(|_| bad())?;
    let scale: f64 = match unit.trim().to_ascii_uppercase().as_str() {
        "" | "B" => 1.0,
        "K" | "KIB" => 1024f64,
        "M" | "MIB" => 1024f64.powi(2),
        "G" | "GIB" => 1024f64.powi(3),
        "T" | "TIB" => 1024f64.powi(4),
        "KB" => 1e3,
        "MB" => 1e6,
        "GB" => 1e9,
        "TB" => 1e12,
        _ => return Err(bad()),
    };
    let bytes = number * scale;
    if !bytes.is_finite() || bytes < 1.0 || bytes > u64::MAX as f64 {
        return Err(bad());
    }
    Ok(bytes as u64)
}

impl SolveCommandArgs {
    pub fn run(self) -> Result<()> {
        let n = self.n;
        let mut options = SolveOptions::new(n as usize);
        options.algorithm = self.algorithm;
        options.until = if self.all { Until::All } else { Until::First };
        options.seed = self.seed;
        if self.order == SolutionOrder::Perms && self.algorithm != Algorithm::Backtrack {
            let reason = format!(
                "--order perms numbers every solution of the board; it takes the backtrack algorithm, not {}",
                self.algorithm.name()
            );
            return Err(UsageError(reason).into());
        }
        options.order = self.order;
        let started = Instant::now();
        let found = queens::solution_stream(&options, self.unique)?.take(if self.all { usize::MAX } else { 1 });
        // Written as found: `solve 16 --all` streams its 14,772,512 solutions in flat memory.
        let mut out = std::io::BufWriter::new(std::io::stdout().lock());
        if self.format == "json" {
            write!(out, "{{\"n\":{n},\"solutions\":[")?;
            for (i, queens) in found.enumerate() {
                let comma = if i == 0 { "" } else { "," };
                write!(out, "{comma}{}", serde_json::to_string(&queens)?)?;
            }
            writeln!(out, "]}}")?;
        } else {
            let mut count = 0;
            for queens in found {
                count += 1;
                out.write_all(queens::solution_text(n as usize, count, &queens).as_bytes())?;
            }
            out.write_all(queens::solutions_summary(n as usize, count, started.elapsed()).as_bytes())?;
        }
        out.flush()?;
        Ok(())
    }
}

impl CountArgs {
    pub fn run(self) -> Result<()> {
        if let Some(files) = &self.sum {
            return sum(files, self.unique);
        }
        let n = self.n.expect("clap requires N without --sum") as usize;
        if let Some(shard) = self.shard {
            return run_shard(n, shard);
        }
        let started = Instant::now();
        let count = match (self.method.as_str(), self.unique) {
            ("dp", false) => count::count_dp_within(n, self.max_memory)
                .map_err(|e| anyhow::anyhow!("{e} (--max-memory SIZE, or --method bitmask)"))?,
            ("dp", true) => anyhow::bail!("--method dp counts all solutions; drop --unique or use --method bitmask"),
            (_, false) => count::count_all(n),
            (_, true) => count::count_unique(n),
        };
        let kind = if self.unique { "unique solutions" } else { "solutions" };
        outln(&format!("{n}x{n} {kind} ({}), counted in {:.3} s:", self.method, started.elapsed().as_secs_f64()))?;
        outln(&format!("{count}"))
    }
}

/// `--shard K/M`: one JSON line with the shard's counts and time.
fn run_shard(n: usize, shard: Shard) -> Result<()> {
    let started = Instant::now();
    let (all, unique) = count::count_shard(n, shard);
    let result = ShardResult {
        n,
        shard: shard.index,
        of: shard.of,
        count: all,
        unique,
        seconds: started.elapsed().as_secs_f64(),
    };
    outln(&result.to_json_line())
}

/// `--sum`: checks the shard lines (read as a stream, in memory flat in their number) and prints
/// the total alone on the last line.
fn sum(files: &[PathBuf], unique: bool) -> Result<()> {
    let mut tally = count::ShardTally::new();
    let stdin = [PathBuf::from("-")];
    for path in if files.is_empty() { &stdin[..] } else { files } {
        if path.as_os_str() == "-" {
            tally.read(std::io::stdin().lock(), "standard input")?;
        } else {
            let file = std::fs::File::open(path).map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?;
            tally.read(std::io::BufReader::new(file), &path.display().to_string())?;
        }
    }
    let total = tally.finish()?;
    let (kind, value) = if unique { ("unique solutions", total.unique) } else { ("solutions", total.count) };
    outln(&format!(
        "{n}x{n} {kind}, {of} shards added up (slowest {:.3} s, fastest {:.3} s, {:.3} s in all):",
        total.slowest,
        total.fastest,
        total.seconds,
        n = total.n,
        of = total.of
    ))?;
    outln(&format!("{value}"))
}
