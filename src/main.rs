//! The `queens` binary: parses the command line (see `cli.rs`) and calls the library.

mod cli;

use anyhow::Result;
use clap::Parser;
use cli::{BatchArgs, Cli, Command, LookArgs, SolveArgs, TimingArgs};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use queens::encode::atomic::AtomicFile;
use queens::{count, report, stills};
use queens::{Config, RenderOptions, SolveOptions, Theme, Timing, Trace, Until};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let _ = ctrlc::set_handler(|| {
        queens::encode::atomic::remove_temporaries();
        eprintln!("interrupted: no output written");
        std::process::exit(130);
    });
    match run(cli.command, cli.quiet) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            // Bad values inside otherwise well-formed arguments (a QUEENS list) are usage errors too.
            let usage = matches!(e.downcast_ref::<queens::Error>(), Some(queens::Error::Usage(_)));
            ExitCode::from(if usage { 2 } else { 1 })
        }
    }
}

/// A reader that stopped reading our stdout (`queens solve 12 --all | head`) is not an error.
fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|cause| {
        let io = cause.downcast_ref::<std::io::Error>().or_else(|| match cause.downcast_ref::<queens::Error>() {
            Some(queens::Error::Io(io)) => Some(io),
            _ => None,
        });
        io.is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

/// Write to stdout, reporting failures (such as a closed pipe) instead of panicking like `print!`.
fn out(text: &str) -> Result<()> {
    let mut stdout = std::io::stdout().lock();
    stdout.write_all(text.as_bytes())?;
    stdout.flush()?;
    Ok(())
}

/// "1 board", "92 boards".
fn count_of(count: usize, noun: &str) -> String {
    if count == 1 {
        format!("1 {noun}")
    } else {
        format!("{count} {noun}s")
    }
}

/// [`out`] plus a newline.
fn outln(text: &str) -> Result<()> {
    out(&format!("{text}\n"))
}

fn run(command: Command, quiet: bool) -> Result<()> {
    match command {
        Command::Animate { solve, output, trace_out, no_attacks, look, timing } => {
            let mut config = config(&solve, &look, &timing)?;
            config.render.no_attacks = no_attacks;
            let trace = queens::record(&config)?;
            if let Some(path) = trace_out {
                write_trace(&trace, &path)?;
            }
            let name = format!("queens-{n}x{n}-{}-{}.gif", config.solve.algorithm, config.solve.until, n = solve.n);
            write_gif(&trace, &config, output.unwrap_or_else(|| default_output(&name)), quiet)
        }
        Command::Trace { solve, output } => {
            let config = config(
                &solve,
                &LookArgs { square: Some(8), bare: true, coords: false, theme: Default::default() },
                &default_timing(),
            )?;
            let trace = queens::record(&config)?;
            match output {
                Some(path) if path != Path::new("-") => write_trace(&trace, &path),
                _ => Ok(trace.write_json(std::io::stdout().lock())?),
            }
        }
        Command::Render { trace, output, no_attacks, look, timing } => {
            let parsed = read_trace(&trace)?;
            let mut config = config(&SolveArgs::for_render(parsed.n), &look, &timing)?;
            config.render.no_attacks = no_attacks;
            config.max_frames = config.max_frames.max(parsed.frame_count());
            let stem = match trace.file_stem() {
                Some(s) if trace != Path::new("-") => s.to_string_lossy().into_owned(),
                _ => "trace".to_string(),
            };
            write_gif(&parsed, &config, output.unwrap_or_else(|| default_output(&format!("{stem}.gif"))), quiet)
        }
        Command::Sheet { batch, columns, output, atlas } => {
            let boards = batch_boards(&batch)?;
            let columns = columns.map_or_else(|| (boards.len() as f64).sqrt().ceil() as usize, |c| c as usize);
            let suffix = if batch.unique { "-unique" } else { "" };
            let path =
                output.unwrap_or_else(|| default_output(&format!("queens-{n}x{n}-solutions{suffix}.png", n = batch.n)));
            let mut file = AtomicFile::create(&path)?;
            let sheet = stills::write_sheet(batch.n as usize, &boards, &look_of(&batch)?, columns, &mut file)?;
            let atlas_file = match atlas {
                Some(atlas_path) => {
                    let mut atlas_file = AtomicFile::create(&atlas_path)?;
                    serde_json::to_writer(&mut atlas_file, &sheet)?;
                    Some(atlas_file)
                }
                None => None,
            };
            let bytes = file.commit()?;
            atlas_file.map(AtomicFile::commit).transpose()?;
            outln(&format!(
                "{}: {}, {}x{} px, {bytes} bytes",
                path.display(),
                count_of(boards.len(), "board"),
                sheet.width,
                sheet.height
            ))?;
            Ok(())
        }
        Command::Boards { batch, output } => {
            let boards = batch_boards(&batch)?;
            let dir = output.unwrap_or_else(|| PathBuf::from(format!("output/boards-{n}x{n}", n = batch.n)));
            std::fs::create_dir_all(&dir)
                .map_err(|e| anyhow::anyhow!("cannot create folder {}: {e}", dir.display()))?;
            let mut total = 0;
            let bar = progress_bar(boards.len(), "boards", quiet);
            for board in &boards {
                bar.inc(1);
                let path = dir.join(stills::board_file_name(batch.n as usize, board.index, boards.len()));
                let mut file = AtomicFile::create(&path)?;
                stills::write_board(batch.n as usize, &board.queens, &look_of(&batch)?, &mut file)?;
                total += file.commit()?;
            }
            bar.finish_and_clear();
            outln(&format!("{}: {}, {total} bytes", dir.display(), count_of(boards.len(), "board")))?;
            Ok(())
        }
        Command::Board { n, queens, no_attacks, output, look } => {
            let rows = stills::parse_queens(n as usize, &queens)?;
            let mut options = render_options(&look)?;
            options.no_attacks = no_attacks;
            let name: Vec<String> = rows.iter().map(|r| (r + 1).to_string()).collect();
            let path = output.unwrap_or_else(|| default_output(&format!("queens-{n}x{n}-{}.png", name.join("-"))));
            let mut file = AtomicFile::create(&path)?;
            let (width, height) = stills::write_board(n as usize, &rows, &options, &mut file)?;
            let bytes = file.commit()?;
            outln(&format!("{}: {width}x{height} px, {bytes} bytes", path.display()))?;
            Ok(())
        }
        Command::Solve { n, all, unique, format, algorithm, seed } => {
            let mut options = SolveOptions::new(n as usize);
            options.algorithm = algorithm;
            options.until = if all { Until::All } else { Until::First };
            options.seed = seed;
            let started = Instant::now();
            let mut found = queens::solutions(&options, unique)?;
            if !all {
                found.truncate(1);
            }
            let elapsed = started.elapsed();
            if format == "json" {
                out(&format!("{}\n", serde_json::json!({ "n": n, "solutions": found })))
            } else {
                out(&report::solutions_text(n as usize, &found, elapsed))
            }
        }
        Command::Count { n, unique, method } => {
            let started = Instant::now();
            let count = match (method.as_str(), unique) {
                ("dp", false) => count::count_dp(n as usize),
                ("dp", true) => {
                    anyhow::bail!("--method dp counts all solutions; drop --unique or use --method bitmask")
                }
                (_, false) => count::count_all(n as usize),
                (_, true) => count::count_unique(n as usize),
            };
            let kind = if unique { "unique solutions" } else { "solutions" };
            outln(&format!("{n}x{n} {kind} ({method}), counted in {:.3} s:", started.elapsed().as_secs_f64()))?;
            outln(&format!("{count}"))?;
            Ok(())
        }
        Command::Completions { shell } => {
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut <Cli as clap::CommandFactory>::command(), "queens", &mut script);
            out(&String::from_utf8_lossy(&script))
        }
    }
}

fn batch_boards(batch: &BatchArgs) -> Result<Vec<stills::SheetBoard>> {
    stills::check_batch(batch.n as usize, batch.unique, batch.max_boards)?;
    let boards = stills::solution_boards(batch.n as usize, batch.unique);
    if boards.is_empty() {
        anyhow::bail!("{n}x{n} has no solutions to draw", n = batch.n);
    }
    Ok(boards)
}

fn look_of(batch: &BatchArgs) -> Result<RenderOptions> {
    let look = LookArgs { square: batch.square, bare: batch.bare, coords: false, theme: batch.theme.clone() };
    Ok(RenderOptions { no_attacks: true, ..render_options(&look)? })
}

fn render_options(look: &LookArgs) -> Result<RenderOptions> {
    let theme = match &look.theme.theme_file {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| anyhow::anyhow!("cannot read theme file {}: {e}", path.display()))?;
            Theme::from_json(&text).map_err(anyhow::Error::msg)?
        }
        None => Theme::named(&look.theme.theme).map_err(anyhow::Error::msg)?,
    };
    Ok(RenderOptions {
        square: look.square.map(|s| s as usize),
        bare: look.bare,
        coords: look.coords,
        theme,
        ..RenderOptions::default()
    })
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

/// `output/NAME`, creating the `output` folder when needed.
fn default_output(name: &str) -> PathBuf {
    let dir = PathBuf::from("output");
    let _ = std::fs::create_dir_all(&dir);
    dir.join(name)
}

/// A progress bar on stderr (hidden when stderr is not a terminal, or with --quiet).
fn progress_bar(total: usize, unit: &str, quiet: bool) -> ProgressBar {
    if quiet {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(total as u64), ProgressDrawTarget::stderr());
    let template = format!("{{bar:40}} {{pos}}/{{len}} {unit} · {{per_sec}} · ETA {{eta}}");
    bar.set_style(ProgressStyle::with_template(&template).unwrap_or_else(|_| ProgressStyle::default_bar()));
    bar
}

/// Feeds library progress into an indicatif bar.
struct Bar(ProgressBar);

impl queens::Progress for Bar {
    fn advance(&self, done: usize, _total: usize) -> bool {
        self.0.set_position(done as u64);
        true
    }
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
