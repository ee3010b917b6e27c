//! The command line: clap's definition of every command, and `run`, which dispatches to the
//! command group's file (one file per group, each with its `run`).
//!
//! Contract: the library does the work; these modules turn flags into library options, name
//! default output files, print the one summary line and map errors to exit codes (see `main.rs`).

use crate::{animate, count, frames, heatmap, io, knuth, play, puzzle, race, stills};
use clap::{Parser, Subcommand};

#[derive(Debug, Parser)]
#[command(
    name = "queens",
    version,
    about = "Turns N-Queens solving runs into pictures: animated GIFs, sprite sheets, stills."
)]
pub struct Cli {
    /// No progress bar (it is also hidden when stderr is not a terminal) and no warnings; the summary line still prints.
    #[arg(short, long, global = true)]
    pub quiet: bool,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve and animate the run as a GIF (default: output/queens-<N>x<N>-<algorithm>-<until>.gif).
    #[command(after_help = "Example: queens animate 6 --delay 200 --coords")]
    Animate(animate::AnimateArgs),
    /// Record the solving run as trace JSON (stdout unless -o names a file).
    #[command(after_help = "Example: queens trace 5 --detail checks -o run.json")]
    Trace(animate::TraceArgs),
    /// Validate a trace JSON file and animate it as a GIF (default: output/<trace name>.gif).
    #[command(after_help = "Example: queens trace 6 -o run.json && queens render run.json --bare")]
    Render(animate::RenderArgs),
    /// A run's frames as a PNG sprite sheet (+ atlas), one frame as a PNG still, or one PNG per frame.
    #[command(
        after_help = "Examples:\n  queens frames 5 --columns 8 --atlas output/run5.json\n  queens frames 6 --frames 31 -o step31.png\n  queens frames 6 --split output/frames-6"
    )]
    Frames(frames::FramesArgs),
    /// Every solution of N on one PNG sprite sheet (default: output/queens-<N>x<N>-solutions.png).
    #[command(after_help = "Example: queens sheet 8 --columns 12 --atlas output/sheet.json")]
    Sheet(stills::SheetArgs),
    /// One PNG per solution: DIR/queens-<N>x<N>-<index>.png (default DIR: output/boards-<N>x<N>/).
    #[command(after_help = "Example: queens boards 8 --unique --bare --square 40")]
    Boards(stills::BoardsArgs),
    /// One board as a PNG; QUEENS lists each column's queen rank from the bottom (8,4,1,3,6,2,7,5) or its square (a8,b4,c1,...).
    #[command(after_help = "Example: queens board 8 5,1,8,4,2,7,3,6 --coords -o board45.png")]
    Board(stills::BoardArgs),
    /// Print solutions: boards of Q and . (text) or {"n", "solutions"} (json); default the first.
    #[command(after_help = "Example: queens solve 8 --all --unique")]
    Solve(count::SolveCommandArgs),
    /// Print the number of solutions, alone on the last line (OEIS A000170; A002562 with --unique).
    #[command(after_help = "Example: queens count 14 --unique")]
    Count(count::CountArgs),
    /// Step through a run in the terminal, forward and back (text frames with --ascii or when piped).
    #[command(after_help = "Example: queens play 6 --until all    (keys: space, ←/→, +/-, g/G, 12⏎, q)")]
    Play(play::PlayArgs),
    /// Several algorithms side by side in one GIF, on one clock (default: output/queens-<N>x<N>-race-<alg>-<alg>.gif).
    #[command(after_help = "Example: queens race 8 backtrack forward --clock checks")]
    Race(race::RaceArgs),
    /// How often each square holds a queen over all solutions, as a PNG or SVG (default: output/queens-<N>x<N>-heatmap.png).
    #[command(after_help = "Example: queens heatmap 8 --unique")]
    Heatmap(heatmap::HeatmapArgs),
    /// Puzzles: solve, check, generate or hint a puzzle file (given queens, blocked squares, coloured regions).
    #[command(after_help = "Example: queens puzzle generate --size 8 --seed 7 > p8.txt && queens puzzle solve p8.txt")]
    Puzzle(puzzle::PuzzleArgs),
    /// A search tree's nodes per level (Knuth's profile; OEIS A319284), exact, as a table and with -o a bar chart on a log axis.
    #[command(after_help = "Example: queens profile 8 --vs forward -o profile8.svg")]
    Profile(knuth::ProfileArgs),
    /// Knuth's random-probe estimate of the backtrack tree's size, beside the exact count (N <= 14); -o charts it converging.
    #[command(after_help = "Example: queens estimate 12 --samples 100000 --seed 1 -o estimate12.png")]
    Estimate(knuth::EstimateArgs),
    /// Las Vegas queens (Brassard-Bratley): k random queens then backtracking; p(k), nodes per trial, nodes per solution.
    #[command(after_help = "Example: queens lasvegas 8 --trials 100000")]
    Lasvegas(knuth::LasVegasArgs),
    /// Solutions, unique solutions and backtrack tree nodes for N = 1.. (with the time each took), as a table and with -o a chart.
    #[command(after_help = "Example: queens growth --max 14 -o growth.svg")]
    Growth(knuth::GrowthArgs),
    /// Print shell completions (bash, zsh, fish, elvish, powershell).
    #[command(after_help = "Example: queens completions bash > ~/.local/share/bash-completion/completions/queens")]
    Completions { shell: clap_complete::Shell },
}

/// Run one command.
pub fn run(cli: Cli) -> anyhow::Result<()> {
    let result = dispatch(cli);
    if result.is_err() {
        io::remove_created_default_dir();
    }
    result
}

fn dispatch(cli: Cli) -> anyhow::Result<()> {
    let quiet = cli.quiet;
    super::args::QUIET.store(quiet, std::sync::atomic::Ordering::Relaxed);
    match cli.command {
        Command::Animate(args) => args.run(quiet),
        Command::Trace(args) => args.run(),
        Command::Render(args) => args.run(quiet),
        Command::Frames(args) => args.run(quiet),
        Command::Sheet(args) => args.run(),
        Command::Boards(args) => args.run(quiet),
        Command::Board(args) => args.run(),
        Command::Solve(args) => args.run(),
        Command::Count(args) => args.run(),
        Command::Play(args) => args.run(),
        Command::Race(args) => args.run(quiet),
        Command::Heatmap(args) => args.run(),
        Command::Puzzle(args) => args.run(),
        Command::Profile(args) => args.run(),
        Command::Estimate(args) => args.run(),
        Command::Lasvegas(args) => args.run(),
        Command::Growth(args) => args.run(),
        Command::Completions { shell } => {
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut <Cli as clap::CommandFactory>::command(), "queens", &mut script);
            io::out(&String::from_utf8_lossy(&script))
        }
    }
}
