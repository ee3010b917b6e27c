//! Flag groups shared by several commands (solve, look, theme, timing, batch, frame selection, run
//! source) and their parsers.
//!
//! Numbers accept a leading minus (`allow_negative_numbers`) so that `-3` reaches its range
//! parser, which answers "N must be from 1 to 1000000" instead of clap's `-- -3` tip.

use clap::Args;
use queens::count::SolutionOrder;
use queens::{Algorithm, Detail, Until};
use queens::{FrameSpec, Selection};
use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};

/// A bad value inside otherwise well-formed arguments (exit code 2, as clap's own errors).
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct UsageError(pub String);

/// The theme name that asks for both the default and the dark theme in one SVG.
pub const AUTO_THEME: &str = "auto";

/// Which solutions a batch draws, and how.
#[derive(Debug, Args)]
pub struct BatchArgs {
    /// Board size N.
    #[arg(allow_negative_numbers = true, value_parser = ranged("N", 1u32, 32))]
    pub n: u32,
    /// One board per symmetry class, labelled with the class size.
    #[arg(long)]
    pub unique: bool,
    /// How the solutions are numbered: backtrack (columns left to right, rows top to bottom) or
    /// perms (MATLAB's perms(1:N) order, by rows, reverse lexicographic: seed 000's numbering).
    #[arg(long, default_value = "backtrack", value_parser = parse_order)]
    pub order: SolutionOrder,
    /// Pixels per square (default 60; smaller above 12x12).
    #[arg(long, allow_negative_numbers = true, value_parser = ranged("the square size", 4u32, 512))]
    pub square: Option<u32>,
    /// Only squares and queens: each board exactly N*square pixels, no labels or margins.
    #[arg(long)]
    pub bare: bool,
    /// Refuse batches with more boards than this.
    #[arg(long, default_value_t = queens::DEFAULT_MAX_BOARDS, allow_negative_numbers = true, value_parser = ranged("the board limit", 0, u64::MAX))]
    pub max_boards: u64,
    #[command(flatten)]
    pub theme: ThemeArgs,
}

/// Board size, search and stopping rule.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// Board size N (N x N board, N queens); with --puzzle it comes from the file.
    #[arg(allow_negative_numbers = true, value_parser = ranged("N", 1u32, 1_000_000), required_unless_present = "puzzle")]
    pub n: Option<u32>,
    #[command(flatten)]
    pub search: SearchArgs,
}

impl SolveArgs {
    /// The library's solve options for these flags (reading the puzzle file, if any).
    pub fn options(&self) -> anyhow::Result<queens::SolveOptions> {
        self.search.options(self.n)
    }
}

/// How a board is searched, when the search stops, and the longest run taken (solved or read).
#[derive(Debug, Args)]
pub struct SearchArgs {
    /// Stop at the first solution, after K solutions, or run the whole search.
    #[arg(long, default_value = "first", allow_negative_numbers = true, value_parser = parse_until)]
    pub until: Until,
    /// placements (place/remove/solution events) or checks (also every square examined).
    #[arg(long, default_value = "placements", value_parser = parse_detail)]
    pub detail: Detail,
    /// Search algorithm: backtrack (the default), grid, forward, shuffle, permutations,
    /// min-conflicts; deduce (the default for a region puzzle).
    #[arg(long, value_parser = parse_algorithm, long_help = ALGORITHM_HELP)]
    pub algorithm: Option<Algorithm>,
    /// Solve this puzzle file (docs/guide/puzzles.md): its given queens, blocked squares and regions
    /// stand on the board from frame 0; N comes from the file.
    #[arg(long, value_name = "FILE")]
    pub puzzle: Option<PathBuf>,
    /// Refuse runs longer than this many frames (events + 1), solved or read from a trace (a stream
    /// on stdin stops once it passes them).
    #[arg(long, default_value_t = queens::DEFAULT_MAX_FRAMES, allow_negative_numbers = true, value_parser = parse_max_frames)]
    pub max_frames: usize,
    /// Seed for the randomized algorithms (shuffle, min-conflicts): same seed, same run.
    #[arg(long, default_value_t = queens::DEFAULT_SEED, allow_negative_numbers = true, value_parser = ranged("the seed", 0, u64::MAX))]
    pub seed: u64,
}

impl SearchArgs {
    /// The library's solve options for these flags on an `n` board, or on the `--puzzle` file's
    /// board (`n`, when given too, must agree with it).
    pub fn options(&self, n: Option<u32>) -> anyhow::Result<queens::SolveOptions> {
        let puzzle = self.puzzle.as_deref().map(read_puzzle_file).transpose()?;
        let n = board_size(n, self.puzzle.as_deref().zip(puzzle.as_ref()))?;
        let mut options = queens::SolveOptions::new(n);
        let regions = puzzle.as_ref().is_some_and(|p| p.has_regions());
        options.algorithm = self.algorithm.unwrap_or(if regions { Algorithm::Deduce } else { Algorithm::Backtrack });
        options.until = self.until;
        options.detail = self.detail;
        options.seed = self.seed;
        options.puzzle = puzzle;
        Ok(options)
    }

    /// The algorithm these flags pick before a puzzle is read (names of default outputs).
    pub fn algorithm_name(&self) -> String {
        match (self.algorithm, &self.puzzle) {
            (Some(algorithm), _) => algorithm.to_string(),
            (None, Some(_)) => "puzzle".to_string(),
            (None, None) => Algorithm::Backtrack.to_string(),
        }
    }
}

/// The board size: `n`, or the puzzle's (read from `file`) when `n` is left out; both given must
/// agree.
pub fn board_size(n: Option<u32>, puzzle: Option<(&Path, &queens::Puzzle)>) -> Result<usize, UsageError> {
    match (n, puzzle) {
        (Some(n), Some((file, p))) if n as usize != p.n => {
            let file = queens::echo::printable(&file.display().to_string());
            Err(UsageError(format!(
                "N is {n} but the puzzle {file} is {m}x{m}; drop N (it comes from the file) or give {m}",
                m = p.n
            )))
        }
        (Some(n), _) => Ok(n as usize),
        (None, Some((_, p))) => Ok(p.n),
        (None, None) => Err(UsageError("give a board size N, or --puzzle FILE".into())),
    }
}

/// Set once from `-q` before any command runs: warnings (a puzzle's regions in pieces) are not said.
pub static QUIET: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Read a puzzle file (or stdin for `-`), saying its warnings on stderr unless `-q` was given.
pub fn read_puzzle_file(path: &Path) -> anyhow::Result<queens::Puzzle> {
    Ok(read_puzzle_with_lines(path)?.puzzle)
}

/// [`read_puzzle_file`], keeping the file line of each grid row (for words about the file).
pub fn read_puzzle_with_lines(path: &Path) -> anyhow::Result<queens::ReadPuzzle> {
    let read = if path == Path::new("-") {
        queens::output::register_input(path, "the puzzle file");
        queens::read_puzzle(std::io::stdin().lock())
    } else {
        let file = std::fs::File::open(path).map_err(|e| {
            anyhow::anyhow!("cannot open puzzle {}: {e}", queens::echo::printable(&path.display().to_string()))
        })?;
        queens::output::register_input(path, "the puzzle file");
        queens::read_puzzle(file)
    };
    let read = read?;
    for warning in read.warnings.iter().filter(|_| !QUIET.load(std::sync::atomic::Ordering::Relaxed)) {
        let _ = std::io::Write::write_fmt(&mut std::io::stderr(), format_args!("warning: {warning}\n"));
    }
    Ok(read)
}

/// What a run's frames show and which of them: the look, the panels and the frame selection
/// (`animate`, `render` and `frames` alike).
#[derive(Debug, Args)]
pub struct ShowArgs {
    /// Leave attacked squares unshaded: queens (and highlights, caption) only; much smaller files.
    #[arg(long)]
    pub no_attacks: bool,
    /// A panel right of the board with the run's whole search tree, revealed as the search visits it
    /// (tree searches only: backtrack, grid, forward; not a stream on stdin).
    #[arg(long)]
    pub tree: bool,
    /// A panel right of the board with the algorithm's pseudocode, the line each frame executes
    /// highlighted, and its variables' values (runs of backtrack, grid, forward, permutations,
    /// shuffle, min-conflicts, deduce; with --tree the tree panel goes right of it).
    #[arg(long)]
    pub code: bool,
    /// Explain dead ends: join each square of a line that ran out of safe squares to a queen that
    /// attacks it, and say which line ran out when the search backtracks (backtrack, grid, forward).
    #[arg(long, conflicts_with = "bare")]
    pub why: bool,
    #[command(flatten)]
    pub look: LookArgs,
    #[command(flatten)]
    pub select: SelectArgs,
}

/// How frames look.
#[derive(Debug, Args)]
pub struct LookArgs {
    /// Pixels per square (default 60; smaller above 12x12 so boards stay about 720 px).
    #[arg(long, allow_negative_numbers = true, value_parser = ranged("the square size", 4u32, 512))]
    pub square: Option<u32>,
    /// Only squares and queens: exactly N*square pixels square, no caption, labels or highlights.
    #[arg(long)]
    pub bare: bool,
    /// Label files a, b, ... and ranks 1, 2, ...: inside the edge squares (the default; squares of 36 px or more), or outside in a strip left of and under the board (the frame grows; any square size); a queen on a labelled square gives way to its labels
    #[arg(long, value_name = "WHERE", num_args = 0..=1, default_missing_value = "inside", overrides_with = "no_coords")]
    pub coords: Option<CoordsPlace>,
    /// No file and rank labels.
    #[arg(long, overrides_with = "coords")]
    pub no_coords: bool,
    #[command(flatten)]
    pub theme: ThemeArgs,
}

/// Where `--coords` puts the labels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum CoordsPlace {
    /// Inside the edge squares.
    Inside,
    /// In a strip outside the board.
    Outside,
}

/// Colours.
#[derive(Debug, Args, Clone, Default)]
pub struct ThemeArgs {
    /// Colour theme: default (blog-friendly, colour-blind safe), gray (the blog's own board), dark (slides), print (black and white, hatched), auto (SVG only: default, dark for viewers in dark mode) [default: default; print on --handout pages].
    #[arg(long, value_parser = parse_theme_name)]
    pub theme: Option<String>,
    /// Custom colours from a JSON file: {"base": "gray", "light": "#f0e6d2", ...} (see docs/guide/animate.md, Themes).
    #[arg(long, conflicts_with = "theme")]
    pub theme_file: Option<PathBuf>,
}

/// Frame timing and looping.
#[derive(Debug, Args)]
pub struct TimingArgs {
    /// Milliseconds per frame (20 or more).
    #[arg(long, default_value_t = queens::DEFAULT_DELAY_MS, allow_negative_numbers = true, value_parser = parse_delay)]
    pub delay: u32,
    /// Milliseconds a solution frame shows.
    #[arg(long, default_value_t = queens::DEFAULT_HOLD_MS, allow_negative_numbers = true, value_parser = parse_delay)]
    pub hold: u32,
    /// Milliseconds the last frame shows before the animation loops.
    #[arg(long, default_value_t = queens::DEFAULT_END_HOLD_MS, allow_negative_numbers = true, value_parser = parse_delay)]
    pub end_hold: u32,
    /// Milliseconds frame 0, the empty board, shows.
    #[arg(long, default_value_t = queens::DEFAULT_START_HOLD_MS, allow_negative_numbers = true, value_parser = parse_delay)]
    pub start_hold: u32,
    /// Milliseconds the frame where a line runs out of safe squares shows (tree searches).
    #[arg(long, default_value_t = queens::DEFAULT_DEADEND_HOLD_MS, allow_negative_numbers = true, value_parser = parse_delay)]
    pub deadend_hold: u32,
    /// Play the animation this many extra times (default: loop forever).
    #[arg(long, conflicts_with = "no_loop", allow_negative_numbers = true, value_parser = ranged("the loop count", 0u16, u16::MAX))]
    pub loop_count: Option<u16>,
    /// Play once, no looping.
    #[arg(long)]
    pub no_loop: bool,
    #[command(flatten)]
    pub reading: ReadingArgs,
}

/// Reading time: how long frames that bring a sentence show.
#[derive(Debug, Args, Clone)]
pub struct ReadingArgs {
    /// Hold frames whose caption brings a sentence (a dead end's reason, a --why sentence, a
    /// puzzle deduction, a checked square) long enough to read it: 300 ms + 230 ms per further
    /// word, at most 4 s; off: the plain delays.
    #[arg(long, value_name = "on|off", default_value = "on", value_parser = parse_on_off, action = clap::ArgAction::Set)]
    pub reading_time: bool,
    /// How sentences that repeat are held: blog (the first two of each kind in full, repeats
    /// for the words that changed, a cascade of removals as one sentence) or lecture (every
    /// sentence in full).
    #[arg(long, value_name = "blog|lecture", default_value = "blog", value_parser = parse_pace)]
    pub pace: queens::Pace,
}

/// `blog` or `lecture`.
pub fn parse_pace(s: &str) -> Result<queens::Pace, String> {
    match s {
        "blog" => Ok(queens::Pace::Blog),
        "lecture" => Ok(queens::Pace::Lecture),
        _ => Err(format!("'{s}' is neither blog nor lecture")),
    }
}

/// `on` or `off`.
pub fn parse_on_off(s: &str) -> Result<bool, String> {
    match s {
        "on" => Ok(true),
        "off" => Ok(false),
        _ => Err(format!("'{s}' is neither on nor off")),
    }
}

impl TimingArgs {
    /// The library's timing for these flags.
    pub fn timing(&self) -> queens::Timing {
        let mut timing = queens::Timing::default();
        timing.delay_ms = self.delay;
        timing.hold_ms = self.hold;
        timing.end_hold_ms = self.end_hold;
        timing.start_hold_ms = self.start_hold;
        timing.deadend_hold_ms = self.deadend_hold;
        timing.reading_time = self.reading.reading_time;
        timing.pace = self.reading.pace;
        timing.loop_count = if self.no_loop { Some(0) } else { self.loop_count };
        timing
    }
}

impl ThemeArgs {
    /// The theme's name: the one given, else `default`.
    pub fn name(&self) -> &str {
        self.theme.as_deref().unwrap_or("default")
    }

    /// True when neither --theme nor --theme-file was given.
    pub fn unset(&self) -> bool {
        self.theme.is_none() && self.theme_file.is_none()
    }
}

pub fn parse_theme_name(s: &str) -> Result<String, String> {
    if s == AUTO_THEME {
        return Ok(s.to_string());
    }
    queens::Theme::named(s).map(|_| s.to_string())
}

pub const ALGORITHM_HELP: &str = "Search algorithm:
  backtrack      columns left to right, rows top to bottom, recursive backtracking (the blog's)
  grid           squares in reading order; place on the next free square, backtrack when a row is exhausted
  forward        look-ahead: free squares per empty row, back off as soon as one has none, place next
                 in the row with the fewest free squares (frames show the counts beside the board)
  shuffle        random permutations until one is valid (--seed makes runs repeatable)
  permutations   all N! permutations in lexicographic order; frames show every kept board and every
                 k-th rejected one, k = max(1, ceil(N!/100)), so at most 100 rejected layouts
  min-conflicts  greedy start, then move a conflicted queen to its least-attacked row (seeded)";

pub fn parse_until(s: &str) -> Result<Until, String> {
    s.parse()
}

pub fn parse_detail(s: &str) -> Result<Detail, String> {
    s.parse()
}

pub fn parse_algorithm(s: &str) -> Result<Algorithm, String> {
    s.parse()
}

pub fn parse_max_frames(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(v) if v >= 1 => Ok(v),
        _ => Err(format!("the frame cap must be from 1 to {}", usize::MAX)),
    }
}

pub fn parse_delay(s: &str) -> Result<u32, String> {
    ranged("milliseconds", queens::MIN_DELAY_MS, queens::MAX_DELAY_MS)(s)
        .map_err(|range| format!("{range} (GIF viewers slow delays under {} ms)", queens::MIN_DELAY_MS))
}

/// A parser for whole numbers from `min` to `max`; anything else, negative numbers and words
/// included, gets "`name` must be from `min` to `max`".
pub fn ranged<T>(name: &'static str, min: T, max: T) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync
where
    T: Copy + std::fmt::Display + Into<i128> + TryFrom<i128> + Send + Sync + 'static,
{
    move |s| {
        s.trim()
            .parse::<i128>()
            .ok()
            .filter(|v| (min.into()..=max.into()).contains(v))
            .and_then(|v| T::try_from(v).ok())
            .ok_or_else(|| format!("{name} must be from {min} to {max}"))
    }
}

/// Which frames of a run to show (frame 0 is the empty board, frame k the board after k events).
#[derive(Debug, Args, Clone, Default)]
pub struct SelectArgs {
    /// Frames to show, a comma list of K, A-B, A- (A to the last), solutions, last; e.g. 0-10,31,last.
    #[arg(long, value_name = "SPEC", value_parser = parse_frames)]
    pub frames: Option<FrameSpec>,
    /// Of the selected frames keep those whose number K divides, plus solution frames and the last.
    #[arg(long, value_name = "K", allow_negative_numbers = true, value_parser = parse_every)]
    pub every: Option<NonZeroUsize>,
}

impl SelectArgs {
    pub fn selection(&self) -> Selection {
        Selection { spec: self.frames.clone(), every: self.every }
    }

    /// The selected frames of `trace`; a list reaching past the run is a usage error.
    pub fn resolve(&self, trace: &queens::Trace) -> Result<Vec<usize>, UsageError> {
        self.selection().resolve(trace).map_err(|e| UsageError(format!("--frames: {e}")))
    }
}

/// `backtrack` or `perms` for --order.
pub fn parse_order(s: &str) -> Result<SolutionOrder, String> {
    s.parse()
}

pub fn parse_frames(s: &str) -> Result<FrameSpec, String> {
    FrameSpec::parse(s).map_err(|e| e.to_string())
}

pub fn parse_every(s: &str) -> Result<NonZeroUsize, String> {
    s.parse().map_err(|_| format!("the stride must be from 1 to {}", usize::MAX))
}

/// Where a run comes from: a board size to solve, a trace file, or a trace on stdin.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    Solve(u32),
    File(PathBuf),
    Stdin,
}

/// `N` (digits only, 1 to 1,000,000), `-`, or a trace file path (`./6` for a file named 6).
pub fn parse_source(s: &str) -> Result<Source, String> {
    if s == "-" {
        return Ok(Source::Stdin);
    }
    let digits = s.strip_prefix('-').unwrap_or(s);
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        return match s.parse::<u32>() {
            Ok(n @ 1..=1_000_000) => Ok(Source::Solve(n)),
            _ => Err(format!("board size {s} is out of range: use 1 to 1000000 (or ./{s} for a file)")),
        };
    }
    Ok(Source::File(PathBuf::from(s)))
}

/// A run to show: board size N to solve (the search flags apply), or a trace written by `queens trace`.
#[derive(Debug, Args)]
pub struct SourceArgs {
    /// Board size N to solve, or a trace JSON file as written by `queens trace` (`-` reads it from
    /// stdin); with --puzzle, nothing (or the puzzle's N).
    #[arg(value_name = "N | TRACE | -", allow_negative_numbers = true, value_parser = parse_source, required_unless_present = "puzzle")]
    pub source: Option<Source>,
    #[command(flatten)]
    pub search: SearchArgs,
}
