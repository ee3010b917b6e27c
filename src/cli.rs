//! Command-line interface: clap definitions only; `main.rs` runs them through the library.

use clap::{Args, Parser, Subcommand};
use queens::{Algorithm, Detail, Until};
use std::path::PathBuf;

#[derive(Debug, Parser)]
#[command(
    name = "queens",
    version,
    about = "Turns N-Queens solving runs into pictures: animated GIFs, sprite sheets, stills."
)]
pub struct Cli {
    /// No progress bar (it is also hidden when stderr is not a terminal); the summary line still prints.
    #[arg(short, long, global = true)]
    pub quiet: bool,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve and animate the run as a GIF (default: output/queens-<N>x<N>-<algorithm>-<until>.gif).
    #[command(after_help = "Example: queens animate 6 --delay 200 --coords")]
    Animate {
        #[command(flatten)]
        solve: SolveArgs,
        /// Output GIF path.
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// Also write the trace JSON here.
        #[arg(long)]
        trace_out: Option<PathBuf>,
        /// Leave attacked squares unshaded: queens (and highlights, caption) only; much smaller files.
        #[arg(long)]
        no_attacks: bool,
        #[command(flatten)]
        look: LookArgs,
        #[command(flatten)]
        timing: TimingArgs,
    },
    /// Record the solving run as trace JSON (stdout unless -o names a file).
    #[command(after_help = "Example: queens trace 5 --detail checks -o run.json")]
    Trace {
        #[command(flatten)]
        solve: SolveArgs,
        /// Output path; `-` or none for stdout.
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
    /// Validate a trace JSON file and animate it as a GIF (default: output/<trace name>.gif).
    #[command(after_help = "Example: queens trace 6 -o run.json && queens render run.json --bare")]
    Render {
        /// Trace JSON file (`-` for stdin).
        trace: PathBuf,
        /// Output GIF path.
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// Leave attacked squares unshaded: queens (and highlights, caption) only; much smaller files.
        #[arg(long)]
        no_attacks: bool,
        #[command(flatten)]
        look: LookArgs,
        #[command(flatten)]
        timing: TimingArgs,
    },
    /// Every solution of N on one PNG sprite sheet (default: output/queens-<N>x<N>-solutions.png).
    #[command(after_help = "Example: queens sheet 8 --columns 12 --atlas output/sheet.json")]
    Sheet {
        #[command(flatten)]
        batch: BatchArgs,
        /// Boards per row (default: about the square root of the count).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=10_000))]
        columns: Option<u32>,
        /// Output PNG path.
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// Also write the JSON atlas (board positions) here.
        #[arg(long)]
        atlas: Option<PathBuf>,
    },
    /// One PNG per solution: DIR/queens-<N>x<N>-<index>.png (default DIR: output/boards-<N>x<N>/).
    #[command(after_help = "Example: queens boards 8 --unique --bare --square 40")]
    Boards {
        #[command(flatten)]
        batch: BatchArgs,
        /// Output folder (created if missing).
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
    /// One board as a PNG; QUEENS lists each column's queen row, 1-based from the top (1,5,8,6,3,7,2,4).
    #[command(after_help = "Example: queens board 8 5,1,8,4,2,7,3,6 --coords -o board45.png")]
    Board {
        /// Board size N.
        #[arg(value_parser = clap::value_parser!(u32).range(1..=512))]
        n: u32,
        /// Comma-separated rows, 1-based from the top, one per column from the left; fewer than N is a partial board.
        queens: String,
        /// Leave attacked squares unshaded.
        #[arg(long)]
        no_attacks: bool,
        /// Output PNG path (default: output/queens-<N>x<N>-<QUEENS>.png).
        #[arg(short, long)]
        output: Option<PathBuf>,
        #[command(flatten)]
        look: LookArgs,
    },
    /// Print solutions: boards of Q and . (text) or {"n", "solutions"} (json); default the first.
    #[command(after_help = "Example: queens solve 8 --all --unique")]
    Solve {
        /// Board size N.
        #[arg(value_parser = clap::value_parser!(u32).range(1..=10_000_000))]
        n: u32,
        /// Every solution, not just the first.
        #[arg(long)]
        all: bool,
        /// One solution per symmetry class (rotations and reflections).
        #[arg(long)]
        unique: bool,
        /// Output format.
        #[arg(long, default_value = "text", value_parser = ["text", "json"])]
        format: String,
        /// Search algorithm.
        #[arg(long, default_value = "backtrack", value_parser = parse_algorithm)]
        algorithm: Algorithm,
        /// Seed for randomized algorithms.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Print the number of solutions, alone on the last line (OEIS A000170; A002562 with --unique).
    #[command(after_help = "Example: queens count 14 --unique")]
    Count {
        /// Board size N (up to 32).
        #[arg(value_parser = clap::value_parser!(u32).range(1..=32))]
        n: u32,
        /// Count solutions distinct under rotations and reflections.
        #[arg(long)]
        unique: bool,
        /// bitmask: parallel bitmask search; dp: Rivin-Zabih dynamic programming (slow past N = 14).
        #[arg(long, default_value = "bitmask", value_parser = ["bitmask", "dp"])]
        method: String,
    },
    /// Print shell completions (bash, zsh, fish, elvish, powershell).
    #[command(after_help = "Example: queens completions bash > ~/.local/share/bash-completion/completions/queens")]
    Completions { shell: clap_complete::Shell },
}

/// Which solutions a batch draws, and how.
#[derive(Debug, Args)]
pub struct BatchArgs {
    /// Board size N.
    #[arg(value_parser = clap::value_parser!(u32).range(1..=32))]
    pub n: u32,
    /// One board per symmetry class, labelled with the class size.
    #[arg(long)]
    pub unique: bool,
    /// Pixels per square (default 60; smaller above 12x12).
    #[arg(long, value_parser = clap::value_parser!(u32).range(4..=512))]
    pub square: Option<u32>,
    /// Only squares and queens: each board exactly N*square pixels, no labels or margins.
    #[arg(long)]
    pub bare: bool,
    /// Refuse batches with more boards than this.
    #[arg(long, default_value_t = 1000)]
    pub max_boards: u64,
    #[command(flatten)]
    pub theme: ThemeArgs,
}

/// Board size, search and stopping rule.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// Board size N (N x N board, N queens).
    #[arg(value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub n: u32,
    /// Stop at the first solution, after K solutions, or run the whole search.
    #[arg(long, default_value = "first", value_parser = parse_until)]
    pub until: Until,
    /// placements: place/remove/solution events; checks: also every square examined.
    #[arg(long, default_value = "placements", value_parser = parse_detail)]
    pub detail: Detail,
    /// Search algorithm: backtrack, grid, forward, shuffle, permutations, min-conflicts.
    #[arg(long, default_value = "backtrack", value_parser = parse_algorithm, long_help = ALGORITHM_HELP)]
    pub algorithm: Algorithm,
    /// Refuse runs longer than this many frames (events + 1).
    #[arg(long, default_value_t = queens::DEFAULT_MAX_FRAMES, value_parser = parse_max_frames)]
    pub max_frames: usize,
    /// Seed for the randomized algorithms (shuffle, min-conflicts): same seed, same run.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

impl SolveArgs {
    /// Settings for rendering a trace file: only the frame cap matters there.
    pub fn for_render(n: usize) -> Self {
        SolveArgs {
            n: n as u32,
            until: Until::First,
            detail: Detail::Placements,
            algorithm: Algorithm::Backtrack,
            max_frames: queens::DEFAULT_MAX_FRAMES,
            seed: 1,
        }
    }
}

/// How frames look.
#[derive(Debug, Args)]
pub struct LookArgs {
    /// Pixels per square (default 60; smaller above 12x12 so boards stay about 720 px).
    #[arg(long, value_parser = clap::value_parser!(u32).range(4..=512))]
    pub square: Option<u32>,
    /// Only squares and queens: exactly N*square pixels square, no caption, labels or highlights.
    #[arg(long)]
    pub bare: bool,
    /// Label files a, b, ... and ranks 1, 2, ... outside the board.
    #[arg(long)]
    pub coords: bool,
    #[command(flatten)]
    pub theme: ThemeArgs,
}

/// Colours.
#[derive(Debug, Args, Clone)]
pub struct ThemeArgs {
    /// Colour theme: default (blog-friendly, colour-blind safe), gray (the blog's own board), dark (slides), print (black and white, hatched).
    #[arg(long, default_value = "default", value_parser = parse_theme_name)]
    pub theme: String,
    /// Custom colours from a JSON file: {"base": "gray", "light": "#f0e6d2", ...} (see README).
    #[arg(long, conflicts_with = "theme")]
    pub theme_file: Option<PathBuf>,
}

/// Frame timing and looping.
#[derive(Debug, Args)]
pub struct TimingArgs {
    /// Milliseconds per frame (20 or more).
    #[arg(long, default_value_t = 250, value_parser = parse_delay)]
    pub delay: u32,
    /// Milliseconds a solution frame shows.
    #[arg(long, default_value_t = 1500, value_parser = parse_delay)]
    pub hold: u32,
    /// Milliseconds the last frame shows before the animation loops.
    #[arg(long, default_value_t = 3000, value_parser = parse_delay)]
    pub end_hold: u32,
    /// Play the animation this many extra times (default: loop forever).
    #[arg(long, conflicts_with = "no_loop")]
    pub loop_count: Option<u16>,
    /// Play once, no looping.
    #[arg(long)]
    pub no_loop: bool,
}

impl Default for ThemeArgs {
    fn default() -> Self {
        ThemeArgs { theme: "default".into(), theme_file: None }
    }
}

fn parse_theme_name(s: &str) -> Result<String, String> {
    queens::Theme::named(s).map(|_| s.to_string())
}

const ALGORITHM_HELP: &str = "Search algorithm:
  backtrack      columns left to right, rows top to bottom, recursive backtracking (the blog's)
  grid           squares in reading order; place on the next free square, backtrack when a row is exhausted
  forward        look-ahead: free squares per empty row, back off as soon as one has none, place next
                 in the row with the fewest free squares (frames show the counts beside the board)
  shuffle        random permutations until one is valid (--seed makes runs repeatable)
  permutations   all N! permutations in lexicographic order; frames show every kept board and every
                 k-th rejected one, k = max(1, ceil(N!/100)), so at most 100 rejected layouts
  min-conflicts  greedy start, then move a conflicted queen to its least-attacked row (seeded)";

fn parse_until(s: &str) -> Result<Until, String> {
    s.parse()
}

fn parse_detail(s: &str) -> Result<Detail, String> {
    s.parse()
}

fn parse_algorithm(s: &str) -> Result<Algorithm, String> {
    s.parse()
}

fn parse_max_frames(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(v) if v >= 1 => Ok(v),
        _ => Err(format!("'{s}' is not a frame count of 1 or more")),
    }
}

fn parse_delay(s: &str) -> Result<u32, String> {
    let ms: u32 = s.parse().map_err(|_| format!("'{s}' is not a whole number of milliseconds"))?;
    if !(20..=655_350).contains(&ms) {
        return Err(format!("{ms} ms is out of range: use 20 to 655350 (GIF viewers slow delays under 20 ms)"));
    }
    Ok(ms)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    fn parse(args: &[&str]) -> Result<Cli, clap::Error> {
        Cli::try_parse_from(std::iter::once("queens").chain(args.iter().copied()))
    }

    #[test]
    fn cli_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn animate_defaults() {
        let Command::Animate { solve, output, look, timing, .. } = parse(&["animate", "6"]).unwrap().command else {
            panic!("animate expected")
        };
        assert_eq!(
            (solve.n, solve.until, solve.detail, solve.algorithm),
            (6, Until::First, Detail::Placements, Algorithm::Backtrack)
        );
        assert_eq!(output, None);
        assert!(!look.bare && !look.coords && look.square.is_none());
        assert_eq!(
            (timing.delay, timing.hold, timing.end_hold, timing.loop_count, timing.no_loop),
            (250, 1500, 3000, None, false)
        );
    }

    #[test]
    fn animate_flags() {
        let cli =
            parse(&["animate", "8", "--until", "all", "--detail", "checks", "--square", "30", "--bare", "--no-loop"]);
        let Command::Animate { solve, look, timing, .. } = cli.unwrap().command else { panic!("animate expected") };
        assert_eq!((solve.until, solve.detail), (Until::All, Detail::Checks));
        assert_eq!((look.square, look.bare, timing.no_loop), (Some(30), true, true));
        let Command::Animate { solve, .. } = parse(&["animate", "8", "--until", "3"]).unwrap().command else {
            panic!()
        };
        assert_eq!(solve.until, Until::Solutions(3));
    }

    #[test]
    fn bad_arguments_are_usage_errors() {
        for args in [
            &["animate", "0"][..],
            &["animate", "-3"],
            &["animate", "six"],
            &["animate", "6", "--until", "0"],
            &["animate", "6", "--detail", "everything"],
            &["animate", "6", "--algorithm", "magic"],
            &["animate", "6", "--square", "0"],
            &["animate", "6", "--delay", "5"],
            &["animate", "6", "--loop-count", "2", "--no-loop"],
            &["render"],
        ] {
            let err = parse(args).expect_err(&format!("{args:?} should be refused"));
            assert_eq!(err.exit_code(), 2, "{args:?}");
        }
    }

    #[test]
    fn still_commands_parse() {
        let Command::Sheet { batch, columns, .. } =
            parse(&["sheet", "8", "--unique", "--columns", "4"]).unwrap().command
        else {
            panic!()
        };
        assert_eq!((batch.n, batch.unique, columns, batch.max_boards), (8, true, Some(4), 1000));
        let Command::Board { n, queens, .. } = parse(&["board", "8", "1,5,8,6,3,7,2,4"]).unwrap().command else {
            panic!()
        };
        assert_eq!((n, queens.as_str()), (8, "1,5,8,6,3,7,2,4"));
        let Command::Solve { all, format, .. } = parse(&["solve", "6", "--all", "--format", "json"]).unwrap().command
        else {
            panic!()
        };
        assert!(all && format == "json");
        assert!(parse(&["solve", "6", "--format", "xml"]).is_err());
        assert!(parse(&["count", "33"]).is_err());
        assert!(parse(&["count", "10", "--method", "dp"]).is_ok());
        assert!(parse(&["sheet", "8", "--theme", "print"]).is_ok());
        assert_eq!(parse(&["sheet", "8", "--theme", "neon"]).unwrap_err().exit_code(), 2);
        assert!(parse(&["animate", "6", "--theme", "dark", "--theme-file", "t.json"]).is_err());
    }

    #[test]
    fn trace_and_render_parse() {
        let Command::Trace { output, .. } = parse(&["trace", "5", "-o", "-"]).unwrap().command else { panic!() };
        assert_eq!(output, Some(PathBuf::from("-")));
        let Command::Render { trace, .. } = parse(&["render", "run.json", "--coords"]).unwrap().command else {
            panic!()
        };
        assert_eq!(trace, PathBuf::from("run.json"));
    }
}
