//! queens: turns N-Queens solving runs into pictures.
//!
//! Pipeline, one module per stage, data flowing one way:
//! [`solve`] (events) -> [`trace`] (recorded run) -> [`board`] (replayed states) ->
//! [`render`] (indexed frames) -> [`encode`] (GIF, PNG), wired by [`pipeline`].
//!
//! ```no_run
//! let config = queens::Config::new(6);
//! let file = std::fs::File::create("queens-6.gif").unwrap();
//! let summary = queens::animate(&config, file).unwrap();
//! println!("{} frames", summary.frames);
//! ```

pub mod board;
pub mod count;
pub mod encode;
mod error;
pub mod pipeline;
pub mod render;
pub mod report;
pub mod solve;
pub mod stills;
pub mod trace;

pub use encode::gif::{Timing, Tuning};
pub use error::Error;
pub use pipeline::{AnimationSummary, NoProgress, Progress};
pub use render::theme::Theme;
pub use render::RenderOptions;
pub use solve::{Algorithm, Detail, SolveOptions, Until};
pub use trace::{Event, Square, Trace};

use std::io::Write;

/// Default cap on frames per animation (`--max-frames`).
pub const DEFAULT_MAX_FRAMES: usize = 100_000;

/// Everything an animation run needs. Defaults: backtracking to the first solution, 60 px squares
/// (smaller for N > 12), captions on, 250 ms per frame, 1.5 s on solutions, 3 s at the end, loop
/// forever, at most [`DEFAULT_MAX_FRAMES`] frames.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    pub solve: SolveOptions,
    pub render: RenderOptions,
    pub timing: Timing,
    pub max_frames: usize,
    /// Encoder optimizations (all on by default; benchmarks switch them off to compare).
    pub tuning: Tuning,
}

impl Config {
    pub fn new(n: usize) -> Self {
        Config {
            solve: SolveOptions::new(n),
            render: RenderOptions::default(),
            timing: Timing::default(),
            max_frames: DEFAULT_MAX_FRAMES,
            tuning: Tuning::default(),
        }
    }
}

/// Record the solving run `config.solve` describes, refusing runs longer than `max_frames` frames.
pub fn record(config: &Config) -> Result<Trace, Error> {
    solve::record(&config.solve, config.max_frames.saturating_sub(1))
}

/// Solve, then render the run as an animated GIF into `out`.
pub fn animate<W: Write + Send>(config: &Config, out: W) -> Result<AnimationSummary, Error> {
    pipeline::check_geometry(config.solve.n, &config.render)?;
    let trace = record(config)?;
    render_trace(&trace, config, out)
}

/// Render an existing trace (validated first) as an animated GIF into `out`.
pub fn render_trace<W: Write + Send>(trace: &Trace, config: &Config, out: W) -> Result<AnimationSummary, Error> {
    render_trace_with_progress(trace, config, out, &pipeline::NoProgress)
}

/// [`render_trace`], reporting each frame written to `progress` (which may cancel the run).
pub fn render_trace_with_progress<W: Write + Send>(
    trace: &Trace,
    config: &Config,
    out: W,
    progress: &dyn Progress,
) -> Result<AnimationSummary, Error> {
    pipeline::render_gif(trace, &config.render, &config.timing, (config.max_frames, config.tuning), out, progress)
        .map(|(_, summary)| summary)
}

/// Events a search for [`solutions`] may take before it gives up (shuffle on a big board would
/// otherwise run for ever).
pub const SEARCH_EVENT_LIMIT: u64 = 50_000_000;

/// Keeps only the solutions a solver reports; refuses events past [`SEARCH_EVENT_LIMIT`].
#[derive(Default)]
struct SolutionRecorder {
    solutions: Vec<Vec<usize>>,
    events: u64,
}

impl trace::Recorder for SolutionRecorder {
    fn record(&mut self, event: Event) -> Result<(), trace::Full> {
        self.events += 1;
        if self.events > SEARCH_EVENT_LIMIT {
            return Err(trace::Full);
        }
        if let Event::Solution { queens } = event {
            self.solutions.push(queens);
        }
        Ok(())
    }
}

/// Run a solver and return the solutions it reports, in its order (no trace is kept, so this
/// works for boards far too large to animate). With `unique`, only the first solution of each
/// symmetry class in backtracking order (its lexicographically smallest image) is kept.
pub fn solutions(options: &SolveOptions, unique: bool) -> Result<Vec<Vec<usize>>, Error> {
    if options.n == 0 {
        return Err(Error::BoardSize(0));
    }
    let mut recorder = SolutionRecorder::default();
    if solve::run(options, &mut recorder).is_err() {
        return Err(Error::SearchTooLong { algorithm: options.algorithm.name(), events: SEARCH_EVENT_LIMIT });
    }
    let mut found = recorder.solutions;
    if unique {
        found.retain(|queens| count::canonical(queens) == *queens);
    }
    Ok(found)
}
