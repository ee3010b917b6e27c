//! Knuth's numbers (issue 56): `profile` (a search tree's nodes per level, exact), `estimate`
//! (Knuth's random-probe estimator beside the exact count) and `lasvegas` (Brassard and Bratley's
//! table of k random queens plus backtracking). Tables go to stdout (text or JSON), charts to `-o`.

use super::args::{ranged, ThemeArgs, UsageError};
use super::io::{open_output, outln, render_options, summary};
use super::svg::{check_auto, StillFormatArgs};
use anyhow::Result;
use clap::Args;
use queens::count::profile::{profile, Profile, ProfileSearch};
use queens::Format;
use serde_json::json;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Largest board whose exact count `estimate` prints beside its estimate.
const EXACT_MAX_N: usize = 14;

/// Largest board whose exact p(k) `lasvegas` prints.
const EXACT_P_MAX_N: usize = 12;

/// `backtrack` or `forward`.
fn parse_search(s: &str) -> Result<ProfileSearch, String> {
    match s {
        "backtrack" => Ok(ProfileSearch::Backtrack),
        "forward" => Ok(ProfileSearch::Forward),
        _ => Err(format!("'{s}' has no profile here (expected backtrack or forward)")),
    }
}

/// A chart written to `path` by `write`, and its summary line.
fn write_chart(
    path: &Path,
    theme: &ThemeArgs,
    write: impl FnOnce(&queens::RenderOptions, Format, &mut queens::OutputFile) -> Result<(usize, usize), queens::Error>,
) -> Result<()> {
    let format = StillFormatArgs::default().still(Some(path))?;
    check_auto(theme, format == Format::Svg)?;
    let look = super::args::LookArgs { square: None, bare: false, coords: None, no_coords: true, theme: theme.clone() };
    let options = render_options(&look)?;
    let mut file = open_output(path)?;
    let (width, height) = write(&options, format, &mut file)?;
    let bytes = file.commit()?;
    summary(path, &format!("{width}x{height} px, {bytes} bytes"))
}

#[derive(Debug, Args)]
pub struct ProfileArgs {
    /// Board size N (profiled up to 16; larger boards are refused with the time they would take).
    #[arg(allow_negative_numbers = true, value_parser = ranged("N", 1u32, 31))]
    pub n: u32,
    /// The search whose tree is profiled: backtrack (columns left to right) or forward (forward checking).
    #[arg(long, default_value = "backtrack", value_parser = parse_search)]
    pub algorithm: ProfileSearch,
    /// A second search's tree beside the first, level by level.
    #[arg(long, value_name = "ALG", value_parser = parse_search)]
    pub vs: Option<ProfileSearch>,
    /// The table's format on stdout.
    #[arg(long, default_value = "text", value_parser = ["text", "json"])]
    pub format: String,
    /// Also draw the profile as a bar chart on a log axis: .png, .svg or .pdf.
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    #[command(flatten)]
    pub theme: ThemeArgs,
}

impl ProfileArgs {
    pub fn run(self) -> Result<()> {
        let n = self.n as usize;
        let first = queens::profile_within_budget(n, self.algorithm)?;
        let second = self.vs.map(|vs| queens::profile_within_budget(n, vs)).transpose()?;
        let profiles: Vec<&Profile> = std::iter::once(&first).chain(second.as_ref()).collect();
        if self.format == "json" {
            let one = |p: &Profile| json!({"n": p.n, "algorithm": p.search.name(), "levels": p.levels, "nodes": p.nodes(), "solutions": p.solutions()});
            let mut value = one(&first);
            if let Some(second) = &second {
                value["vs"] = one(second);
            }
            outln(&value.to_string())?;
        } else {
            outln(&profile_table(&profiles))?;
        }
        match &self.output {
            Some(path) => write_chart(path, &self.theme, |options, format, file| {
                queens::write_profile_chart(&first, second.as_ref(), options, format, file)
            }),
            None => Ok(()),
        }
    }
}

/// The profiles as a table: a row per level, the totals and the solutions.
fn profile_table(profiles: &[&Profile]) -> String {
    let n = profiles[0].n;
    let names: Vec<&str> = profiles.iter().map(|p| p.search.name()).collect();
    let mut lines =
        vec![format!("{n}x{n}: nodes per level of the {} tree (level 0 = the empty board)", names.join(" and "))];
    let row = |label: &str, values: Vec<u64>| {
        let cells: String = values.iter().map(|&v| format!("{:>15}", thousands(v))).collect();
        format!("{label:<10}{cells}")
    };
    lines.push(format!("{:<10}{}", "level", names.iter().map(|n| format!("{n:>15}")).collect::<String>()));
    for level in 0..=n {
        lines.push(row(&level.to_string(), profiles.iter().map(|p| p.levels[level]).collect()));
    }
    lines.push(row("nodes", profiles.iter().map(|p| p.nodes()).collect()));
    lines.push(row("solutions", profiles.iter().map(|p| p.solutions()).collect()));
    lines.join("\n")
}

/// `n` with thousands separators, as the charts write it.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

#[derive(Debug, Args)]
pub struct EstimateArgs {
    /// Board size N.
    #[arg(allow_negative_numbers = true, value_parser = ranged("N", 1u32, 31))]
    pub n: u32,
    /// Random root-to-leaf probes.
    #[arg(long, default_value_t = 10_000, allow_negative_numbers = true, value_parser = ranged("the number of probes", 1u64, 100_000_000))]
    pub samples: u64,
    /// Seed of the probes: same seed, same numbers.
    #[arg(long, default_value_t = queens::DEFAULT_SEED, allow_negative_numbers = true, value_parser = ranged("the seed", 0, u64::MAX))]
    pub seed: u64,
    /// The table's format on stdout.
    #[arg(long, default_value = "text", value_parser = ["text", "json"])]
    pub format: String,
    /// Also draw the running estimate converging, with its error band and the exact count: .png, .svg or .pdf.
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    #[command(flatten)]
    pub theme: ThemeArgs,
}

impl EstimateArgs {
    pub fn run(self) -> Result<()> {
        let n = self.n as usize;
        let started = Instant::now();
        let estimate = queens::estimate(n, self.samples, self.seed);
        let seconds = started.elapsed().as_secs_f64();
        let exact = (n <= EXACT_MAX_N).then(|| profile(n, ProfileSearch::Backtrack, None).ok()).flatten();
        let exact_at = |level: Option<usize>| exact.as_ref().map(|p| level.map_or(p.nodes(), |k| p.levels[k]));
        if self.format == "json" {
            let stat =
                |s: queens::Stat, exact: Option<u64>| json!({"mean": s.mean, "std_error": s.std_error, "exact": exact});
            let levels: Vec<_> = estimate.levels.iter().enumerate().map(|(k, &s)| stat(s, exact_at(Some(k)))).collect();
            let value = json!({
                "n": n, "samples": estimate.samples, "seed": estimate.seed, "levels": levels,
                "nodes": stat(estimate.nodes, exact_at(None)), "solutions": stat(estimate.solutions, exact_at(Some(n))),
            });
            outln(&value.to_string())?;
        } else {
            let probes = thousands(estimate.samples);
            let mut lines = vec![format!(
                "{n}x{n}: Knuth's estimate of the backtrack tree from {probes} probes (seed {}), {seconds:.2} s",
                estimate.seed
            )];
            lines.push(format!("{:<10}{:>18}{:>16}{:>16}", "level", "estimate", "std error", "exact"));
            let row = |label: &str, s: queens::Stat, exact: Option<u64>| {
                let exact = exact.map_or("-".to_string(), thousands);
                format!("{label:<10}{:>18.1}{:>16.1}{exact:>16}", s.mean, s.std_error)
            };
            for (k, &s) in estimate.levels.iter().enumerate() {
                lines.push(row(&k.to_string(), s, exact_at(Some(k))));
            }
            lines.push(row("nodes", estimate.nodes, exact_at(None)));
            lines.push(row("solutions", estimate.solutions, exact_at(Some(n))));
            outln(&lines.join("\n"))?;
        }
        match &self.output {
            Some(path) => write_chart(path, &self.theme, |options, format, file| {
                queens::write_estimate_chart(&estimate, exact_at(None), options, format, file)
            }),
            None => Ok(()),
        }
    }
}

#[derive(Debug, Args)]
pub struct LasVegasArgs {
    /// Board size N (up to 20).
    #[arg(allow_negative_numbers = true, value_parser = ranged("N", 1u32, 20))]
    pub n: u32,
    /// Only this k: queens put at random before backtracking (default: every k from 0 to N).
    #[arg(long, allow_negative_numbers = true, value_parser = ranged("k", 0u32, 20))]
    pub k: Option<u32>,
    /// Trials per k.
    #[arg(long, default_value_t = 10_000, allow_negative_numbers = true, value_parser = ranged("the number of trials", 1u64, 100_000_000))]
    pub trials: u64,
    /// Seed of the random queens: same seed, same table.
    #[arg(long, default_value_t = queens::DEFAULT_SEED, allow_negative_numbers = true, value_parser = ranged("the seed", 0, u64::MAX))]
    pub seed: u64,
    /// The table's format on stdout.
    #[arg(long, default_value = "text", value_parser = ["text", "json"])]
    pub format: String,
}

impl LasVegasArgs {
    pub fn run(self) -> Result<()> {
        let n = self.n as usize;
        let ks: Vec<usize> = match self.k {
            Some(k) if k as usize > n => {
                return Err(UsageError(format!("--k {k} is more queens than the board's {n}")).into())
            }
            Some(k) => vec![k as usize],
            None => (0..=n).collect(),
        };
        let deadline = Instant::now() + queens::SEARCH_TIME_LIMIT;
        let mut rows = Vec::new();
        for &k in &ks {
            let row = queens::las_vegas_within(n, k, self.trials, self.seed, Some(deadline)).ok_or(
                queens::Error::SearchTooLong {
                    algorithm: "las-vegas",
                    seconds: queens::SEARCH_TIME_LIMIT.as_secs(),
                    instead: "run fewer trials (--trials), one k (--k) or a smaller board",
                },
            )?;
            let exact = (n <= EXACT_P_MAX_N).then(|| queens::las_vegas_exact_p(n, k));
            rows.push((row, exact));
        }
        if self.format == "json" {
            let finite = |x: f64| if x.is_finite() { json!(x) } else { json!(null) };
            let rows: Vec<_> = rows
                .iter()
                .map(|(r, exact)| {
                    json!({"k": r.k, "trials": r.trials, "successes": r.successes, "p": r.p(), "exact_p": exact,
                        "nodes_success": r.nodes_success, "nodes_failure": r.nodes_failure,
                        "nodes_per_trial": r.nodes_per_trial(), "nodes_per_solution": finite(r.nodes_per_solution())})
                })
                .collect();
            return outln(&json!({"n": n, "trials": self.trials, "seed": self.seed, "rows": rows}).to_string());
        }
        let trials = thousands(self.trials);
        let mut lines = vec![format!(
            "{n}x{n} Las Vegas queens: k random queens, then backtracking; {trials} trials per k (seed {})",
            self.seed
        )];
        lines
            .push(format!("{:>3}{:>9}{:>10}{:>11}{:>11}{:>11}{:>13}", "k", "p", "exact p", "s", "e", "per trial", "t"));
        let cell = |x: f64| if x.is_finite() { format!("{x:.2}") } else { "-".into() };
        for (r, exact) in &rows {
            let exact = exact.map_or("-".into(), |p| format!("{p:.4}"));
            let (s, e) = (r.successes > 0, r.successes < r.trials);
            lines.push(format!(
                "{:>3}{:>9.4}{exact:>10}{:>11}{:>11}{:>11.2}{:>13}",
                r.k,
                r.p(),
                if s { cell(r.nodes_success) } else { "-".into() },
                if e { cell(r.nodes_failure) } else { "-".into() },
                r.nodes_per_trial(),
                cell(r.nodes_per_solution())
            ));
        }
        lines.push("p: trials that found a solution; s, e: mean nodes of a success, of a failure; t = s + (1 - p) / p * e, nodes per solution".into());
        outln(&lines.join("\n"))
    }
}

#[derive(Debug, Args)]
pub struct GrowthArgs {
    /// Largest board (up to 16); the table stops earlier when the search budget runs out.
    #[arg(long = "max", value_name = "N", default_value_t = 14, allow_negative_numbers = true, value_parser = ranged("--max", 1u32, 16))]
    pub max: u32,
    /// The table's format on stdout.
    #[arg(long, default_value = "text", value_parser = ["text", "json"])]
    pub format: String,
    /// Also draw it: the three counts against N on a log axis, each N's measured time under it (.png, .svg or .pdf).
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    #[command(flatten)]
    pub theme: ThemeArgs,
}

impl GrowthArgs {
    pub fn run(self) -> Result<()> {
        let deadline = Instant::now() + queens::SEARCH_TIME_LIMIT;
        let mut rows = Vec::new();
        for n in 1..=self.max as usize {
            let started = Instant::now();
            let Ok(tree) = profile(n, ProfileSearch::Backtrack, Some(deadline)) else {
                eprintln!(
                    "growth: stopped before {n}x{n}: the search budget ({} s) ran out",
                    queens::SEARCH_TIME_LIMIT.as_secs()
                );
                break;
            };
            let (solutions, unique) = (queens::count::count_all(n), queens::count::count_unique(n));
            let seconds = started.elapsed().as_secs_f64();
            rows.push(queens::GrowthRow { n, solutions, unique, nodes: tree.nodes(), seconds });
        }
        if self.format == "json" {
            let rows: Vec<_> = rows
                .iter()
                .map(|r| json!({"n": r.n, "solutions": r.solutions, "unique": r.unique, "nodes": r.nodes, "seconds": r.seconds}))
                .collect();
            outln(&json!({"rows": rows}).to_string())?;
        } else {
            let mut lines = vec![format!("{:>3}{:>14}{:>12}{:>16}{:>12}", "N", "solutions", "unique", "nodes", "time")];
            for r in &rows {
                let (s, u, k) = (thousands(r.solutions), thousands(r.unique), thousands(r.nodes));
                lines.push(format!("{:>3}{s:>14}{u:>12}{k:>16}{:>10.1} ms", r.n, r.seconds * 1e3));
            }
            lines.push("nodes: the backtrack tree's, root included; time: measured on this run".into());
            outln(&lines.join("\n"))?;
        }
        match &self.output {
            Some(path) => write_chart(path, &self.theme, |options, format, file| {
                queens::write_growth_chart(&rows, options, format, file)
            }),
            None => Ok(()),
        }
    }
}
