//! `queens puzzle solve|check|generate|hint`: puzzle files solved, checked, made and explained.
//!
//! Contract: a bad puzzle file is one line naming its line and column, exit 2; warnings (a region
//! in pieces) go to stderr. `solve` prints `{"n": N, "solutions": [...]}` (`queens[col] = row`,
//! 0-based from the top) with `--format json`, boards otherwise; no solution is a result (exit 0).
//! `check` ends with the number of solutions alone on the last line (the cap then `+` when
//! reached; uniqueness always looks for a second solution); `generate` prints a puzzle file with a
//! `%` line giving the rule mix it needs. `solve` writes each solution as it is found (`--all` in
//! flat memory); `solve` and `check` give up under the library's search budget (exit 1, one line
//! naming what to do). `hint -o -` leaves stdout to the picture (the words go to stderr).

use super::args::ranged;
use super::io::{outln, UsageError};
use anyhow::Result;
use clap::{Args, Subcommand};
use queens::{Puzzle, PuzzleKind, Until};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

#[derive(Debug, Args)]
pub struct PuzzleArgs {
    #[command(subcommand)]
    pub command: PuzzleCommand,
}

#[derive(Debug, Subcommand)]
pub enum PuzzleCommand {
    /// Solve a puzzle file: boards (text) or {"n", "solutions"} (json); default the first solution.
    #[command(after_help = "Example: queens puzzle solve daily.txt --format json")]
    Solve(SolveArgs),
    /// Whether a puzzle has one solution and whether the rules alone solve it; the count on the last line.
    #[command(after_help = "Example: queens puzzle check daily.txt --max 10")]
    Check(CheckArgs),
    /// Print a new puzzle with exactly one solution, the same for the same size and seed.
    #[command(after_help = "Example: queens puzzle generate --size 8 --seed 7 > p8.txt")]
    Generate(GenerateArgs),
    /// The next deduction on a region puzzle, in words.
    #[command(after_help = "Example: queens puzzle hint daily.txt")]
    Hint(HintArgs),
    /// A graded book of new puzzles with one solution each, answers at the end: a PDF to print (or PNG/SVG files).
    #[command(after_help = "Example: queens puzzle book --count 30 --sizes 6-10 --seed 7 -o book.pdf")]
    Book(super::puzzle_book::BookArgs),
    /// One self-contained HTML page to play the puzzle: clashes marked, named hints, a timer.
    #[command(after_help = "Example: queens puzzle play daily.txt -o daily.html --theme auto")]
    Play(super::puzzle_play::PlayArgs),
}

#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The puzzle file (- for standard input).
    pub file: PathBuf,
    /// Every solution, not just the first.
    #[arg(long)]
    pub all: bool,
    /// Output format.
    #[arg(long, default_value = "text", value_parser = ["text", "json"])]
    pub format: String,
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The puzzle file (- for standard input).
    pub file: PathBuf,
    /// Stop counting at this many solutions (then print it followed by +).
    #[arg(long, default_value_t = 1_000_000, value_parser = ranged("--max", 1u64, u64::MAX))]
    pub max: u64,
}

#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// Board size N (5 to 12).
    #[arg(long, allow_negative_numbers = true, value_parser = ranged("--size", 5u32, 12))]
    pub size: u32,
    /// Seed: the same size, kind and seed give the same puzzle.
    #[arg(long, allow_negative_numbers = true, value_parser = ranged("the seed", 0, u64::MAX))]
    pub seed: u64,
    /// regions: N coloured regions; completion: given queens and blocked squares.
    #[arg(long, default_value = "regions", value_parser = ["regions", "completion"])]
    pub kind: String,
    /// Regions: a puzzle the rules alone cannot finish (a guess is needed); completion: as few givens as keep it unique.
    #[arg(long)]
    pub hard: bool,
    /// How many puzzles: seeds SEED, SEED+1, ..., each a block (its `%` line, then its grid)
    /// followed by a blank line, so `awk 'BEGIN{RS=""} ...'` or a split on blank lines parts them.
    #[arg(long, default_value_t = 1, value_parser = ranged("--count", 1u32, 10_000))]
    pub count: u32,
}

#[derive(Debug, Args)]
pub struct HintArgs {
    /// The puzzle file (- for standard input).
    pub file: PathBuf,
    /// Also draw the hint: the board after the deduction, the squares it used outlined (.png or .svg).
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    #[command(flatten)]
    pub look: super::args::LookArgs,
}

impl PuzzleArgs {
    pub fn run(self) -> Result<()> {
        match self.command {
            PuzzleCommand::Solve(args) => args.run(),
            PuzzleCommand::Check(args) => args.run(),
            PuzzleCommand::Generate(args) => args.run(),
            PuzzleCommand::Hint(args) => args.run(),
            PuzzleCommand::Book(args) => args.run(),
            PuzzleCommand::Play(args) => args.run(),
        }
    }
}

/// Read a puzzle file (or stdin for `-`), saying its warnings on stderr.
pub fn read(path: &Path) -> Result<Puzzle> {
    super::args::read_puzzle_file(path)
}

/// "8x8 region puzzle" or "8x8 completion puzzle".
fn describe(puzzle: &Puzzle) -> String {
    let kind = if puzzle.has_regions() { "region" } else { "completion" };
    format!("{n}x{n} {kind} puzzle", n = puzzle.n)
}

impl SolveArgs {
    fn run(self) -> Result<()> {
        let puzzle = read(&self.file)?;
        let started = Instant::now();
        let until = if self.all { Until::All } else { Until::First };
        // Each solution is written as it is found (flat memory for `--all`); a failed write stops
        // the search and is reported.
        let mut out = std::io::BufWriter::new(std::io::stdout().lock());
        let json = self.format == "json";
        let (mut failed, mut written) = (None, 0);
        if json {
            write!(out, "{{\"n\":{},\"solutions\":[", puzzle.n)?;
        }
        let board = SolutionBoard::new(&puzzle);
        let found = queens::solve_puzzle(&puzzle, until, &mut |queens| {
            written += 1;
            failed = write_solution(&mut out, &board, json, written, &queens).err();
            failed.as_ref().map_or(Ok(()), |_| Err(queens::Full))
        });
        if let Some(error) = failed {
            return Err(error.into());
        }
        let found = found?;
        if json {
            writeln!(out, "]}}")?;
        } else if found == 0 {
            writeln!(out, "no solution")?;
        } else {
            let noun = if found == 1 { "solution" } else { "solutions" };
            let seconds = started.elapsed().as_secs_f64();
            writeln!(out, "{found} {noun} of the {} in {seconds:.3} s", describe(&puzzle))?;
        }
        out.flush()?;
        Ok(())
    }
}

/// One solution of `puzzle`, the `number`-th, written as `solve` writes it: a board (text), or a
/// JSON array after a comma from the second on.
fn write_solution(
    out: &mut impl Write,
    board: &SolutionBoard,
    json: bool,
    number: usize,
    queens: &[usize],
) -> std::io::Result<()> {
    if json {
        let comma = if number == 1 { "" } else { "," };
        write!(out, "{comma}[")?;
        for (k, row) in queens.iter().enumerate() {
            write!(out, "{}{row}", if k == 0 { "" } else { "," })?;
        }
        write!(out, "]")
    } else {
        board.write(out, number, queens)
    }
}

/// A solution as the README shows boards: ranks on the first line, then the grid with `Q` for the
/// queens and the puzzle's own cells elsewhere (region letters, or `.` and `#`). The grid's cells
/// are laid out once per run, so `--all` writes each board without redrawing the puzzle.
struct SolutionBoard {
    /// Each row's cells, as the file writes them (givens shown as the open square under them).
    rows: Vec<Vec<u8>>,
}

impl SolutionBoard {
    fn new(puzzle: &Puzzle) -> Self {
        let grid = queens::puzzle_text(&Puzzle { givens: Vec::new(), ..puzzle.clone() });
        SolutionBoard { rows: grid.lines().take(puzzle.n).map(|line| line.bytes().collect()).collect() }
    }

    fn write(&self, out: &mut impl Write, number: usize, queens: &[usize]) -> std::io::Result<()> {
        let n = queens.len();
        write!(out, "solution {number}:")?;
        for row in queens {
            write!(out, " {}", n - row)?;
        }
        let mut line = Vec::with_capacity(2 * n + 1);
        out.write_all(b"\n")?;
        for (row, cells) in self.rows.iter().enumerate() {
            line.clear();
            for (col, &cell) in cells.iter().enumerate() {
                line.push(if queens[col] == row { b'Q' } else { cell });
                line.push(if col + 1 == n { b'\n' } else { b' ' });
            }
            out.write_all(&line)?;
        }
        out.write_all(b"\n")
    }
}

impl CheckArgs {
    fn run(self) -> Result<()> {
        let puzzle = read(&self.file)?;
        let started = Instant::now();
        // Whether it is unique needs a second solution looked for, whatever the cap.
        let cap = self.max.max(2);
        let count = queens::count_puzzle_solutions(&puzzle, cap).map_err(|e| match e {
            // Solutions come, but not all of them in time: a smaller cap answers.
            queens::Error::PuzzleSearchTooLong { found, .. } if found >= 1 && cap > 2 => {
                anyhow::anyhow!("{e}; or count fewer: --max 2 says whether it is unique")
            }
            e => e.into(),
        })?;
        let unique = match count {
            0 => "unique: no, it has no solution".to_string(),
            1 => "unique: yes, one solution".to_string(),
            _ => "unique: no, more than one solution".to_string(),
        };
        outln(&unique)?;
        outln(&rules_line(&puzzle))?;
        let seconds = started.elapsed().as_secs_f64();
        outln(&format!("{} solutions, counted in {seconds:.3} s:", describe(&puzzle)))?;
        let reached = count >= cap || count > self.max;
        outln(&if reached { format!("{}+", self.max) } else { count.to_string() })
    }
}

/// Whether the rules alone solve a region puzzle, and with which rules.
fn rules_line(puzzle: &Puzzle) -> String {
    if !puzzle.has_regions() {
        return "rules alone: not for completion puzzles (they are solved by search)".to_string();
    }
    let outcome = queens::solve_by_rules(puzzle);
    let mix = outcome.rule_mix();
    match (outcome.stuck, outcome.solutions, mix.is_empty()) {
        (false, 1, false) => format!("rules alone: solve it ({mix})"),
        (false, 1, true) => "rules alone: solve it (no rule needed: the givens fill the board)".to_string(),
        (false, _, false) => format!("rules alone: prove it has no solution ({mix})"),
        (false, _, true) => "rules alone: prove it has no solution (before any rule applies)".to_string(),
        (true, _, false) => format!("rules alone: stop short, a guess is needed (after {mix})"),
        (true, _, true) => "rules alone: stop short, a guess is needed at once (no rule applies)".to_string(),
    }
}

impl GenerateArgs {
    fn run(self) -> Result<()> {
        let last = self.seed.checked_add(u64::from(self.count) - 1).ok_or_else(|| {
            UsageError(format!(
                "--seed {} --count {} runs past the largest seed; give a smaller seed",
                self.seed, self.count
            ))
        })?;
        // Each puzzle goes out as soon as it is made (a long --hard batch shows its first puzzles
        // at once, and an interrupted one keeps them); the bar shows on a terminal only.
        let bar = super::io::progress_bar((self.count > 1).then_some(self.count as usize), "puzzles", self.count == 1);
        for seed in self.seed..=last {
            let mut text = if seed > self.seed { String::from("\n") } else { String::new() };
            text.push_str(&self.one(seed)?);
            bar.suspend(|| super::io::out(&text))?;
            bar.inc(1);
        }
        bar.finish_and_clear();
        Ok(())
    }

    /// The puzzle of `seed`: its `%` line (the command that makes it alone) and its grid.
    fn one(&self, seed: u64) -> Result<String> {
        let kind = if self.kind == "completion" { PuzzleKind::Completion } else { PuzzleKind::Regions };
        let generated = queens::generate_puzzle(self.size as usize, seed, kind, self.hard)?;
        let puzzle = &generated.puzzle;
        let hard = if self.hard { " --hard" } else { "" };
        let needs = match kind {
            PuzzleKind::Regions => format!("rules: {}", queens::puzzle_rule_mix(puzzle)),
            PuzzleKind::Completion => {
                format!("{} given, {} blocked; no rules (solved by search)", puzzle.givens.len(), puzzle.blocked.len())
            }
        };
        let size = self.size;
        let comment = format!(
            "% queens puzzle generate --size {size} --seed {seed} --kind {}{hard}: one solution; {needs}\n",
            self.kind
        );
        Ok(comment + &queens::puzzle_text(puzzle))
    }
}

/// Where the hint's squares are in the file, so a reader of the file finds them: "b5 is line 4,
/// cell 2 of the file", after the labels' key (files a, b, ... from the left; ranks from the bottom).
fn where_in_the_file(read: &queens::ReadPuzzle) -> String {
    let n = read.puzzle.n;
    let hint = queens::puzzle_hint(&read.puzzle);
    let names: Vec<(String, usize, usize)> =
        (0..n * n).map(|at| (queens::Square::new(at / n, at % n).name(n), at / n, at % n)).collect();
    let mut places: Vec<String> = Vec::new();
    for word in hint.split(|c: char| !c.is_ascii_alphanumeric()) {
        let Some((name, row, col)) = names.iter().find(|(name, _, _)| name == word) else { continue };
        let place = format!("{name} is line {}, cell {} of the file", read.row_lines[*row], col + 1);
        if !places.contains(&place) {
            places.push(place);
        }
    }
    let last_file = queens::column_label(n - 1);
    let key =
        format!("squares as the board labels them: files a-{last_file} from the left, ranks 1-{n} from the bottom");
    if places.is_empty() {
        key
    } else {
        format!("{key}; {}", places.join("; "))
    }
}

impl HintArgs {
    fn run(self) -> Result<()> {
        let theme_file = self.look.theme.theme_file.as_deref();
        let inputs = [("the puzzle file", Some(self.file.as_path())), ("--theme-file", theme_file)];
        super::io::distinct(&inputs, &[("-o", self.output.as_deref())])?;
        let read = super::args::read_puzzle_with_lines(&self.file)?;
        let puzzle = read.puzzle.clone();
        if !puzzle.has_regions() {
            return Err(UsageError(
                "hints name the rules of region puzzles; a completion puzzle is solved by search (queens puzzle solve FILE)"
                    .into(),
            )
            .into());
        }
        let hint = format!("{}\n{}", queens::puzzle_hint(&puzzle), where_in_the_file(&read));
        let Some(path) = &self.output else { return outln(&hint) };
        // With the picture on stdout (-o -, or stdout's own file) the words go to stderr, so that
        // stdout carries the PNG or SVG alone; the summary line is on stderr either way.
        let on_stdout = super::hint_still::goes_to_stdout(path);
        if on_stdout {
            let _ = writeln!(std::io::stderr(), "{hint}");
        } else {
            outln(&hint)?;
        }
        let details = super::hint_still::write_hint(&puzzle, path, &self.look)?;
        let shown = if super::io::is_stdout(path) { "stdout".into() } else { path.display().to_string() };
        let _ = writeln!(std::io::stderr(), "{shown}: {details}");
        Ok(())
    }
}
