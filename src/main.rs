//! The `queens` binary: parses the command line (see `cli.rs`) and calls the library.

mod cli;

use anyhow::Result;
use clap::Parser;
use cli::{Cli, Command, LookArgs, SolveArgs, TimingArgs};
use queens::encode::atomic::AtomicFile;
use queens::{Config, RenderOptions, SolveOptions, Timing, Trace};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
}

fn run(command: Command) -> Result<()> {
    match command {
        Command::Animate { solve, output, trace_out, look, timing } => {
            let config = config(&solve, &look, &timing);
            let trace = queens::record(&config)?;
            if let Some(path) = trace_out {
                write_trace(&trace, &path)?;
            }
            let name = format!("queens-{n}x{n}-{}-{}.gif", config.solve.algorithm, config.solve.until, n = solve.n);
            write_gif(&trace, &config, output.unwrap_or_else(|| default_output(&name)))
        }
        Command::Trace { solve, output } => {
            let config = config(&solve, &LookArgs { square: Some(8), bare: true, coords: false }, &default_timing());
            let trace = queens::record(&config)?;
            match output {
                Some(path) if path != Path::new("-") => write_trace(&trace, &path),
                _ => Ok(trace.write_json(std::io::stdout().lock())?),
            }
        }
        Command::Render { trace, output, look, timing } => {
            let parsed = read_trace(&trace)?;
            let mut config = config(&SolveArgs::for_render(parsed.n), &look, &timing);
            config.max_frames = config.max_frames.max(parsed.frame_count());
            let stem = trace.file_stem().map_or("trace".into(), |s| s.to_string_lossy().into_owned());
            write_gif(&parsed, &config, output.unwrap_or_else(|| default_output(&format!("{stem}.gif"))))
        }
    }
}

fn config(solve: &SolveArgs, look: &LookArgs, timing: &TimingArgs) -> Config {
    Config {
        solve: SolveOptions {
            n: solve.n as usize,
            algorithm: solve.algorithm,
            until: solve.until,
            detail: solve.detail,
        },
        render: RenderOptions {
            square: look.square.map(|s| s as usize),
            bare: look.bare,
            coords: look.coords,
            ..RenderOptions::default()
        },
        timing: Timing {
            delay_ms: timing.delay,
            hold_ms: timing.hold,
            end_hold_ms: timing.end_hold,
            loop_count: if timing.no_loop { Some(0) } else { timing.loop_count },
        },
        max_frames: solve.max_frames,
    }
}

fn default_timing() -> TimingArgs {
    TimingArgs { delay: 250, hold: 1500, end_hold: 3000, loop_count: None, no_loop: false }
}

/// `output/NAME`, creating the `output` folder when needed.
fn default_output(name: &str) -> PathBuf {
    let dir = PathBuf::from("output");
    let _ = std::fs::create_dir_all(&dir);
    dir.join(name)
}

fn write_gif(trace: &Trace, config: &Config, path: PathBuf) -> Result<()> {
    let mut file = AtomicFile::create(&path)?;
    let summary = queens::render_trace(trace, config, &mut file)?;
    let bytes = file.commit()?;
    println!("{}: {} frames, {}x{} px, {bytes} bytes", path.display(), summary.frames, summary.width, summary.height);
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
