//! `solve` and `count`: solutions as text or JSON, and solution counts.

use super::args::{parse_algorithm, ranged};
use super::io::{out, outln};
use anyhow::Result;
use clap::Args;
use queens::{count, Algorithm, SolveOptions, Until};
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
}

#[derive(Debug, Args)]
pub struct CountArgs {
    /// Board size N (up to 32).
    #[arg(allow_negative_numbers = true, value_parser = ranged("N", 1u32, 32))]
    pub n: u32,
    /// Count solutions distinct under rotations and reflections.
    #[arg(long)]
    pub unique: bool,
    /// bitmask: parallel bitmask search; dp: Rivin-Zabih dynamic programming (slow past N = 14).
    #[arg(long, default_value = "bitmask", value_parser = ["bitmask", "dp"])]
    pub method: String,
}

impl SolveCommandArgs {
    pub fn run(self) -> Result<()> {
        let n = self.n;
        let mut options = SolveOptions::new(n as usize);
        options.algorithm = self.algorithm;
        options.until = if self.all { Until::All } else { Until::First };
        options.seed = self.seed;
        let started = Instant::now();
        let mut found = queens::solutions(&options, self.unique)?;
        if !self.all {
            found.truncate(1);
        }
        let elapsed = started.elapsed();
        if self.format == "json" {
            out(&format!("{}\n", serde_json::json!({ "n": n, "solutions": found })))
        } else {
            out(&queens::solutions_text(n as usize, &found, elapsed))
        }
    }
}

impl CountArgs {
    pub fn run(self) -> Result<()> {
        let (n, unique, method) = (self.n, self.unique, self.method);
        let started = Instant::now();
        let count = match (method.as_str(), unique) {
            ("dp", false) => count::count_dp(n as usize),
            ("dp", true) => anyhow::bail!("--method dp counts all solutions; drop --unique or use --method bitmask"),
            (_, false) => count::count_all(n as usize),
            (_, true) => count::count_unique(n as usize),
        };
        let kind = if unique { "unique solutions" } else { "solutions" };
        outln(&format!("{n}x{n} {kind} ({method}), counted in {:.3} s:", started.elapsed().as_secs_f64()))?;
        outln(&format!("{count}"))
    }
}
