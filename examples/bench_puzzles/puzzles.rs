//! `cargo run --release --example bench puzzles`: puzzle generation and solving. Per size (8, 10,
//! 12; 20 seeds each) the mean time to generate a region puzzle and a completion puzzle, to solve
//! it with its traced solver (`deduce`, or backtrack around the furniture) and, as the baseline
//! measured in the same run, to count its solutions with the bitmask counter; then the share of
//! 1,000 generated 9x9 region puzzles the rules alone solve, plain and `--hard`; then "book 30":
//! a 30-puzzle book of 6x6 to 10x10 made and written as a PDF, plain and `--explained`.

use queens::{Algorithm, PuzzleKind, SolveOptions, Until};
use std::time::Instant;

const SEEDS: u64 = 20;
const SHARE_PUZZLES: u64 = 1000;

/// Mean seconds of `f` over the seeds, with what it returned for each.
fn timed<T>(mut f: impl FnMut(u64) -> T) -> (f64, Vec<T>) {
    let started = Instant::now();
    let out: Vec<T> = (0..SEEDS).map(&mut f).collect();
    (started.elapsed().as_secs_f64() / SEEDS as f64, out)
}

pub fn run() {
    println!(
        "{:<34} {:>12} {:>12} {:>12} {:>14}",
        "puzzles (mean of 20 seeds)", "generate", "solve", "count", "solve vs count"
    );
    for n in [8, 10, 12] {
        for kind in [PuzzleKind::Regions, PuzzleKind::Completion] {
            let (generate, made) = timed(|seed| queens::generate_puzzle(n, seed, kind, false).expect("generated"));
            let mut next = made.iter();
            let (solve, events) = timed(|_| {
                let puzzle = next.next().expect("one per seed").puzzle.clone();
                let mut options = SolveOptions::new(n);
                options.algorithm = if kind == PuzzleKind::Regions { Algorithm::Deduce } else { Algorithm::Backtrack };
                options.until = Until::First;
                options.puzzle = Some(puzzle);
                queens::record(&options, 10_000_000).expect("solved").events.len()
            });
            let mut next = made.iter();
            let (count, _) = timed(|_| queens::count::count_puzzle(&next.next().expect("one").puzzle, 2));
            let mean_events = events.iter().sum::<usize>() as f64 / events.len() as f64;
            let name = format!("{n}x{n} {kind:?} ({mean_events:.0} events)");
            println!(
                "{name:<34} {:>10.3}ms {:>10.3}ms {:>10.3}ms {:>13.1}x",
                generate * 1e3,
                solve * 1e3,
                count * 1e3,
                solve / count
            );
        }
    }
    for hard in [false, true] {
        let started = Instant::now();
        let (mut by_rules, mut made) = (0, 0);
        for seed in 0..SHARE_PUZZLES {
            let Ok(generated) = queens::generate_puzzle(9, seed, PuzzleKind::Regions, hard) else { continue };
            made += 1;
            let outcome = queens::solve_by_rules(&generated.puzzle);
            by_rules += u64::from(!outcome.stuck && outcome.solutions == 1);
        }
        let label = if hard { "--hard" } else { "plain" };
        println!(
            "9x9 region puzzles, {label}: {made} of {SHARE_PUZZLES} generated, {by_rules} ({:.1}%) solved by the rules alone, {:.1} ms a puzzle",
            100.0 * by_rules as f64 / made.max(1) as f64,
            started.elapsed().as_secs_f64() * 1e3 / SHARE_PUZZLES as f64
        );
    }
    for explained in [false, true] {
        let options = queens::BookOptions {
            count: 30,
            sizes: 6..=10,
            seed: 7,
            kind: PuzzleKind::Regions,
            paper: queens::Paper::A4,
            explained,
        };
        let started = Instant::now();
        let puzzles = queens::book_puzzles(&options).expect("a book");
        let (pdf, pages) = queens::write_book(&puzzles, &options, Vec::new()).expect("written");
        let label = if explained { "book 30 --explained" } else { "book 30" };
        println!("{label}: {} pages, {} bytes in {:.3} s", pages.total(), pdf.len(), started.elapsed().as_secs_f64());
    }
}
