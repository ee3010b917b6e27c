//! Renders the same board with every algorithm and prints a table: placements, backtracks (or
//! tries / moves), solutions, frames, bytes and time. GIFs go to `output/algorithms-<N>x<N>-*.gif`.
//!
//! `cargo run --release --example algorithms -- 6` (N defaults to 6)

use queens::{validate, Algorithm, Animation, OutputFile, SolveOptions, Until};
use std::path::PathBuf;
use std::time::Instant;

fn main() -> Result<(), queens::Error> {
    let n: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(6);
    std::fs::create_dir_all("output")?;
    println!(
        "{:<14} {:>10} {:>10} {:>12} {:>9} {:>7} {:>9} {:>9}",
        "algorithm", "placements", "backtracks", "tries/moves", "solutions", "frames", "bytes", "time"
    );
    for algorithm in Algorithm::ALL {
        let mut options = SolveOptions::new(n);
        options.algorithm = algorithm;
        options.until = Until::First;
        let animation = Animation::new();
        let started = Instant::now();
        let trace = queens::record(&options, animation.max_frames)?;
        let counters = validate(&trace)?;
        let path = PathBuf::from(format!("output/algorithms-{n}x{n}-{algorithm}.gif"));
        let mut file = OutputFile::create(&path)?;
        let summary = queens::render_gif(&trace, &animation, &mut file)?;
        let bytes = file.commit()?;
        let tries = counters.layouts.max(counters.moves);
        println!(
            "{:<14} {:>10} {:>10} {:>12} {:>9} {:>7} {:>9} {:>8.1}ms",
            algorithm.name(),
            counters.placements,
            counters.removals,
            tries,
            counters.solutions,
            summary.frames,
            bytes,
            started.elapsed().as_secs_f64() * 1000.0
        );
    }
    Ok(())
}
