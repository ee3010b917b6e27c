//! `animate`, `trace` and `render`: solving runs recorded as traces and drawn as animations.

use super::args::{LookArgs, SolveArgs, TimingArgs};
use super::io::{default_output, outln, progress_bar, render_options, Bar};
use anyhow::Result;
use clap::Args;
use queens::encode::atomic::AtomicFile;
use queens::{Config, SolveOptions, Timing, Trace};
use std::io::Write;
use std::path::{Path, PathBuf};

#[derive(Debug, Args)]
pub struct AnimateArgs {
    #[command(flatten)]
    pub solve: SolveArgs,
    /// Output GIF path.
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    /// Also write the trace JSON here.
    #[arg(long)]
    pub trace_out: Option<PathBuf>,
    /// Leave attacked squares unshaded: queens (and highlights, caption) only; much smaller files.
    #[arg(long)]
    pub no_attacks: bool,
    #[command(flatten)]
    pub look: LookArgs,
    #[command(flatten)]
    pub timing: TimingArgs,
}

#[derive(Debug, Args)]
pub struct TraceArgs {
    #[command(flatten)]
    pub solve: SolveArgs,
    /// Output path; `-` or none for stdout.
    #[arg(short, long)]
    pub output: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct RenderArgs {
    /// Trace JSON file (`-` for stdin).
    pub trace: PathBuf,
    /// Output GIF path.
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    /// Leave attacked squares unshaded: queens (and highlights, caption) only; much smaller files.
    #[arg(long)]
    pub no_attacks: bool,
    #[command(flatten)]
    pub look: LookArgs,
    #[command(flatten)]
    pub timing: TimingArgs,
}

impl AnimateArgs {
    pub fn run(self, quiet: bool) -> Result<()> {
        let mut config = config(&self.solve, &self.look, &self.timing)?;
        config.render.no_attacks = self.no_attacks;
        let trace = queens::record(&config)?;
        if let Some(path) = &self.trace_out {
            write_trace(&trace, path)?;
        }
        let name = format!("queens-{n}x{n}-{}-{}.gif", config.solve.algorithm, config.solve.until, n = self.solve.n);
        write_gif(&trace, &config, self.output.unwrap_or_else(|| default_output(&name)), quiet)
    }
}

impl TraceArgs {
    pub fn run(self) -> Result<()> {
        let config = config(
            &self.solve,
            &LookArgs { square: Some(8), bare: true, coords: false, theme: Default::default() },
            &default_timing(),
        )?;
        let trace = queens::record(&config)?;
        match self.output {
            Some(path) if path != Path::new("-") => write_trace(&trace, &path),
            _ => Ok(trace.write_json(std::io::stdout().lock())?),
        }
    }
}

impl RenderArgs {
    pub fn run(self, quiet: bool) -> Result<()> {
        let parsed = read_trace(&self.trace)?;
        let mut config = config(&SolveArgs::for_render(parsed.n), &self.look, &self.timing)?;
        config.render.no_attacks = self.no_attacks;
        config.max_frames = config.max_frames.max(parsed.frame_count());
        let stem = match self.trace.file_stem() {
            Some(s) if self.trace != Path::new("-") => s.to_string_lossy().into_owned(),
            _ => "trace".to_string(),
        };
        write_gif(&parsed, &config, self.output.unwrap_or_else(|| default_output(&format!("{stem}.gif"))), quiet)
    }
}

fn config(solve: &SolveArgs, look: &LookArgs, timing: &TimingArgs) -> Result<Config> {
    Ok(Config {
        solve: SolveOptions {
            n: solve.n as usize,
            algorithm: solve.algorithm,
            until: solve.until,
            detail: solve.detail,
            seed: solve.seed,
        },
        render: render_options(look)?,
        timing: Timing {
            delay_ms: timing.delay,
            hold_ms: timing.hold,
            end_hold_ms: timing.end_hold,
            loop_count: if timing.no_loop { Some(0) } else { timing.loop_count },
        },
        max_frames: solve.max_frames,
        tuning: Default::default(),
    })
}

fn default_timing() -> TimingArgs {
    TimingArgs { delay: 250, hold: 1500, end_hold: 3000, loop_count: None, no_loop: false }
}

fn write_gif(trace: &Trace, config: &Config, path: PathBuf, quiet: bool) -> Result<()> {
    let mut file = AtomicFile::create(&path)?;
    let bar = Bar(progress_bar(trace.frame_count(), "frames", quiet));
    let summary = queens::render_trace_with_progress(trace, config, &mut file, &bar)?;
    bar.0.finish_and_clear();
    let bytes = file.commit()?;
    outln(&format!(
        "{}: {} frames, {}x{} px, {bytes} bytes",
        path.display(),
        summary.frames,
        summary.width,
        summary.height
    ))?;
    Ok(())
}

fn write_trace(trace: &Trace, path: &Path) -> Result<()> {
    let mut file = AtomicFile::create(path)?;
    trace.write_json(&mut file)?;
    file.flush()?;
    file.commit()?;
    Ok(())
}

fn read_trace(path: &Path) -> Result<Trace> {
    if path == Path::new("-") {
        return Ok(Trace::read_json(std::io::stdin().lock())?);
    }
    let file = std::fs::File::open(path).map_err(|e| anyhow::anyhow!("cannot open trace {}: {e}", path.display()))?;
    Ok(Trace::read_json(file)?)
}
