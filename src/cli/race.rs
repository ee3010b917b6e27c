//! `race`: several algorithms on one board size, side by side in one animation (any format
//! `animate` writes), on one clock.

use super::args::{
    board_size, parse_algorithm, parse_max_frames, parse_until, ranged, read_puzzle_file, LookArgs, TimingArgs,
    UsageError,
};
use super::format::{sink_options, write_animation, HandoutArgs, OutArgs};
use super::io::{default_output, render_options};
use super::svg::check_auto;
use anyhow::Result;
use clap::Args;
use queens::{Algorithm, Animation, Clock, Detail, Until, ANIMATION_FORMATS};
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct RaceArgs {
    /// Board size N (left out with --puzzle: it comes from the file), then two or more algorithms,
    /// drawn left to right in this order (the same one twice is allowed).
    #[arg(required = true, num_args = 1.., value_name = "N|ALG", value_parser = parse_race_word)]
    pub words: Vec<RaceWord>,
    /// Race on this puzzle file (docs/guide/puzzles.md): every run starts from its furniture.
    #[arg(long, value_name = "FILE")]
    pub puzzle: Option<PathBuf>,
    /// What one frame advances each run by: events (one event) or checks (one square examined).
    #[arg(long, default_value = "events", value_parser = ["events", "checks"])]
    pub clock: String,
    /// Stop each run at the first solution, after K solutions, or run the whole search.
    #[arg(long, default_value = "first", value_parser = parse_until)]
    pub until: Until,
    /// Seed for the randomized algorithms (shuffle, min-conflicts).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Refuse races longer than this many frames (the longest run's ticks + 1).
    #[arg(long, default_value_t = queens::DEFAULT_MAX_FRAMES, value_parser = parse_max_frames)]
    pub max_frames: usize,
    /// Leave attacked squares unshaded.
    #[arg(long)]
    pub no_attacks: bool,
    /// Output (default: output/queens-<N>x<N>-race-<alg>-<alg>.gif).
    #[command(flatten)]
    pub out: OutArgs,
    /// An HTML player without page margins, for an <iframe> (with --format html or -o NAME.html).
    #[arg(long)]
    pub embed: bool,
    #[command(flatten)]
    pub look: LookArgs,
    #[command(flatten)]
    pub timing: TimingArgs,
}

/// A positional word of `race`: the board size or an algorithm.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RaceWord {
    Size(u32),
    Algorithm(Algorithm),
}

/// Digits are a board size (1 to 4096), anything else an algorithm name.
fn parse_race_word(s: &str) -> Result<RaceWord, String> {
    if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) {
        return ranged("N", 1u32, 4096)(s).map(RaceWord::Size);
    }
    parse_algorithm(s).map(RaceWord::Algorithm)
}

impl RaceArgs {
    /// The board (its size and puzzle, if any) and the algorithms, in order.
    fn board(&self) -> Result<(usize, Option<queens::Puzzle>, Vec<Algorithm>)> {
        let (n, rest) = match self.words.split_first() {
            Some((RaceWord::Size(n), rest)) => (Some(*n), rest),
            _ => (None, &self.words[..]),
        };
        let algorithms = rest
            .iter()
            .map(|word| match word {
                RaceWord::Algorithm(a) => Ok(*a),
                RaceWord::Size(n) => Err(UsageError(format!("{n} is not an algorithm; race N ALG ALG [ALG...]"))),
            })
            .collect::<Result<Vec<_>, _>>()?;
        if algorithms.len() < 2 {
            return Err(UsageError("a race needs two or more algorithms after N".into()).into());
        }
        let puzzle = self.puzzle.as_deref().map(read_puzzle_file).transpose()?;
        let n = board_size(n, self.puzzle.as_deref().zip(puzzle.as_ref()))?;
        Ok((n, puzzle, algorithms))
    }

    pub fn run(self, quiet: bool) -> Result<()> {
        let (n, puzzle, algorithms) = self.board()?;
        let clock = if self.clock == "checks" { Clock::Checks } else { Clock::Events };
        let mut animation = Animation::new();
        animation.look = render_options(&self.look)?;
        animation.look.no_attacks = self.no_attacks;
        animation.timing = self.timing.timing();
        animation.max_frames = self.max_frames;
        let traces = algorithms
            .iter()
            .map(|&algorithm| {
                let mut options = queens::SolveOptions::new(n);
                options.algorithm = algorithm;
                options.puzzle = puzzle.clone();
                options.until = self.until;
                options.seed = self.seed;
                options.detail = if clock == Clock::Checks { Detail::Checks } else { Detail::Placements };
                // A tick is at least one event; under the checks clock a few events may share one.
                let events = match clock {
                    Clock::Events => self.max_frames,
                    Clock::Checks => self.max_frames.saturating_mul(n + 2),
                };
                queens::record(&options, events)
            })
            .collect::<queens::Result<Vec<_>>>()?;
        let names: Vec<String> = algorithms.iter().map(|a| a.to_string()).collect();
        let format = self.out.choose(ANIMATION_FORMATS)?;
        let name = format!("queens-{n}x{n}-race-{}.{format}", names.join("-"));
        let path = self.out.path_or(|| default_output(&name));
        check_auto(&self.look.theme, format.is_vector())?;
        let layout = sink_options(self.embed, &HandoutArgs::default(), format, String::new)?;
        write_animation((&path, format, &layout), (None, None), quiet, |sink, bar| {
            queens::render_race(&traces, clock, &animation, sink, bar)
        })
    }
}
