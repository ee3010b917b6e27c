//! `animate`, `trace` and `render`: solving runs recorded as traces and drawn as animations.

use super::args::{LookArgs, SolveArgs, TimingArgs};
use super::io::{default_output, outln, progress_bar, render_options, Bar};
use anyhow::Result;
use clap::Args;
use queens::{Animation, AtomicFile, GifSink, Trace};
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
        let options = self.solve.options();
        let animation = animation(&self.look, &self.timing, self.no_attacks, self.solve.max_frames)?;
        let trace = queens::record(&options, animation.max_frames)?;
        if let Some(path) = &self.trace_out {
            write_trace(&trace, path)?;
        }
        let name = format!("queens-{n}x{n}-{}-{}.gif", options.algorithm, options.until, n = options.n);
        write_gif(&trace, &animation, self.output.unwrap_or_else(|| default_output(&name)), quiet)
    }
}

impl TraceArgs {
    pub fn run(self) -> Result<()> {
        let trace = queens::record(&self.solve.options(), self.solve.max_frames)?;
        match self.output {
            Some(path) if path != Path::new("-") => write_trace(&trace, &path),
            _ => Ok(trace.write_json(std::io::stdout().lock())?),
        }
    }
}

impl RenderArgs {
    pub fn run(self, quiet: bool) -> Result<()> {
        let parsed = read_trace(&self.trace)?;
        let cap = queens::DEFAULT_MAX_FRAMES.max(parsed.frame_count());
        let animation = animation(&self.look, &self.timing, self.no_attacks, cap)?;
        let stem = match self.trace.file_stem() {
            Some(s) if self.trace != Path::new("-") => s.to_string_lossy().into_owned(),
            _ => "trace".to_string(),
        };
        write_gif(&parsed, &animation, self.output.unwrap_or_else(|| default_output(&format!("{stem}.gif"))), quiet)
    }
}

/// The animation the look and timing flags describe.
fn animation(look: &LookArgs, timing: &TimingArgs, no_attacks: bool, max_frames: usize) -> Result<Animation> {
    let mut animation = Animation::new();
    animation.look = render_options(look)?;
    animation.look.no_attacks = no_attacks;
    animation.timing = timing.timing();
    animation.max_frames = max_frames;
    Ok(animation)
}

fn write_gif(trace: &Trace, animation: &Animation, path: PathBuf, quiet: bool) -> Result<()> {
    let mut file = AtomicFile::create(&path)?;
    let bar = Bar(progress_bar(trace.frame_count(), "frames", quiet));
    let summary = queens::render(trace, animation, &mut GifSink::new(&mut file), &bar)?;
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

pub(super) fn read_trace(path: &Path) -> Result<Trace> {
    if path == Path::new("-") {
        return Ok(Trace::read_json(std::io::stdin().lock())?);
    }
    let file = std::fs::File::open(path).map_err(|e| anyhow::anyhow!("cannot open trace {}: {e}", path.display()))?;
    Ok(Trace::read_json(file)?)
}
