//! What every command shares: stdout lines, output targets (`-` = stdout), summary lines, default
//! output paths, progress bars, look options.

pub use super::args::UsageError;
use super::args::{LookArgs, ShowArgs, Source, SourceArgs, AUTO_THEME};
use anyhow::Result;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use queens::jsonl::Input;
pub use queens::output::MadeFolders;
use queens::Trace;
use queens::{OutputFile, RenderOptions, Theme};
use std::fs::File;
use std::io::{BufRead, BufReader};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

/// Write to stdout, reporting failures (such as a closed pipe) instead of panicking like `print!`.
pub fn out(text: &str) -> Result<()> {
    let mut stdout = std::io::stdout().lock();
    stdout.write_all(text.as_bytes())?;
    stdout.flush()?;
    Ok(())
}

/// [`out`] plus a newline.
pub fn outln(text: &str) -> Result<()> {
    out(&format!("{text}\n"))
}

/// True for `-o -`: the image goes to stdout.
pub fn is_stdout(path: &Path) -> bool {
    path == Path::new("-")
}

/// Set once a data output (an image, a trace, an atlas) goes to stdout: summary lines then go to
/// stderr, so that stdout carries the data alone.
static STDOUT_TAKEN: AtomicBool = AtomicBool::new(false);

/// Open a text output (a trace, an atlas): `-` is stdout (text may go to a terminal), anything
/// else goes through [`OutputFile::create`].
pub fn open_text_output(path: &Path) -> Result<OutputFile> {
    if !is_stdout(path) {
        create_default_dir(path)?;
        note_stdout(path);
        return Ok(OutputFile::create(path)?);
    }
    STDOUT_TAKEN.store(true, Ordering::Relaxed);
    Ok(OutputFile::stdout())
}

/// An output path that is stdout's own file or pipe (`/dev/stdout`, `> f` with `-o f`) takes
/// stdout as `-` does: summary lines go to stderr.
fn note_stdout(path: &Path) {
    let stdout = queens::output::stdout_key();
    if stdout.is_some() && queens::output::file_key(path) == stdout {
        STDOUT_TAKEN.store(true, Ordering::Relaxed);
    }
}

/// Refuse, as a usage error, more than one output naming stdout (`-`): `outputs` pairs each
/// output's flag with its path, if given.
pub fn one_stdout(outputs: &[(&str, Option<&Path>)]) -> Result<()> {
    let named: Vec<&str> = outputs.iter().filter(|(_, p)| p.is_some_and(is_stdout)).map(|(flag, _)| *flag).collect();
    if named.len() > 1 {
        let flags = named.join(" and ");
        return Err(UsageError(format!("{flags} both name stdout (-); send one of them to a file")).into());
    }
    Ok(())
}

/// Open an image output: `-` is stdout (refused, as a usage error, when stdout is a terminal),
/// anything else goes through [`OutputFile::create`].
pub fn open_output(path: &Path) -> Result<OutputFile> {
    if !is_stdout(path) {
        create_default_dir(path)?;
        note_stdout(path);
        return Ok(OutputFile::create(path)?);
    }
    if std::io::stdout().is_terminal() {
        return Err(UsageError("refusing to write binary to a terminal; use -o FILE or a pipe".into()).into());
    }
    STDOUT_TAKEN.store(true, Ordering::Relaxed);
    Ok(OutputFile::stdout())
}

/// The summary line, `PATH: details`: on stdout, or on stderr when the image itself went to stdout
/// (`-o -`, or a path that is stdout's own file, such as `-o /dev/stdout` into a pipe) or another
/// output did (`--atlas -`, `--trace-out -`).
pub fn summary(path: &Path, details: &str) -> Result<()> {
    if is_stdout(path) {
        eprintln!("stdout: {details}");
        Ok(())
    } else if STDOUT_TAKEN.load(Ordering::Relaxed) || same_file(path, Path::new("/dev/stdout")) {
        eprintln!("{}: {details}", path.display());
        Ok(())
    } else {
        outln(&format!("{}: {details}", path.display()))
    }
}

/// True when both paths lead to the same file (device and inode).
fn same_file(a: &Path, b: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (std::fs::metadata(a), std::fs::metadata(b)) {
        (Ok(a), Ok(b)) => (a.dev(), a.ino()) == (b.dev(), b.ino()),
        _ => false,
    }
}

/// "1 board", "92 boards".
pub fn count_of(count: usize, noun: &str) -> String {
    if count == 1 {
        format!("1 {noun}")
    } else {
        format!("{count} {noun}s")
    }
}

/// `output/NAME` (the folder is made when the file is opened); a NAME starting with `-`, which
/// `rm *` would read as an option, loses its leading dashes.
pub fn default_output(name: &str) -> PathBuf {
    let name = name.trim_start_matches('-');
    Path::new(DEFAULT_DIR).join(if name.is_empty() { "queens" } else { name })
}

/// The stem of an input's path for default output names: `fallback` for stdin (`-`) or a stem
/// that is all dashes, else the file's stem without leading dashes (`-x.txt` gives `x`).
pub fn input_stem(path: &Path, fallback: &str) -> String {
    let stem = path.file_stem().map(|s| s.to_string_lossy().trim_start_matches('-').to_string());
    match stem {
        Some(stem) if !stem.is_empty() && !is_stdout(path) => stem,
        _ => fallback.to_string(),
    }
}

/// The folder default output paths are in; created when a file is first opened in it (so a run
/// that fails before writing, such as a bad trace on stdin, leaves no empty folder behind).
const DEFAULT_DIR: &str = "output";

/// Set when this run created the default folder.
static CREATED_DEFAULT_DIR: AtomicBool = AtomicBool::new(false);

/// Create the default folder if `path` is in it and it is missing; refuse it when it belongs to
/// another user (who could have planted links in it).
fn create_default_dir(path: &Path) -> Result<()> {
    if path.parent() != Some(Path::new(DEFAULT_DIR)) {
        return Ok(());
    }
    if std::fs::symlink_metadata(DEFAULT_DIR).is_ok() {
        return Ok(queens::check_own_folder(Path::new(DEFAULT_DIR))?);
    }
    std::fs::create_dir(DEFAULT_DIR).map_err(|e| anyhow::anyhow!("cannot create folder {DEFAULT_DIR}: {e}"))?;
    CREATED_DEFAULT_DIR.store(true, Ordering::Relaxed);
    Ok(())
}

/// Refuse, as a usage error, an output that would overwrite one of the run's inputs or another of
/// its outputs, before anything is written: each pair is `(what, path)`, such as `("-o", "t.json")`
/// or `("the trace", ...)`. Inputs are those listed and those already read
/// ([`queens::output::register_input`], whose words name them: the library refuses the same
/// outputs again when it opens them). Files are the same when they share device and inode;
/// outputs not written yet when the folder walk leads to the same path. `-` is the file, pipe or
/// socket behind stdin (an input) or stdout (an output), so an output spelled `/dev/stdin` or
/// `/proc/self/fd/0` is refused when the input is `-`, and two outputs reaching stdout however
/// they are spelled (`-`, `/dev/stdout`, the file `>` sends it to) are refused. Terminals and
/// devices such as `/dev/null` (never replaced) are left out.
pub fn distinct(inputs: &[(&str, Option<&Path>)], outputs: &[(&str, Option<&Path>)]) -> Result<()> {
    use queens::output::inputs::STDIN_NAME;
    use queens::output::{file_key, registered_input, stdin_key, stdout_key, FileKey};
    let keys = |list: &[(&str, Option<&Path>)], list_is_inputs: bool| -> Vec<(String, FileKey)> {
        let std_key = if list_is_inputs { stdin_key } else { stdout_key };
        list.iter()
            .filter_map(|&(what, path)| {
                let path = path?;
                let (key, name) = match is_stdout(path) {
                    true => (std_key(), if list_is_inputs { STDIN_NAME.into() } else { path.display().to_string() }),
                    false => (file_key(path), path.display().to_string()),
                };
                Some((format!("{what} {name}"), key?))
            })
            .collect()
    };
    let (inputs, outputs) = (keys(inputs, true), keys(outputs, false));
    let stdout = stdout_key();
    for (i, (output, key)) in outputs.iter().enumerate() {
        let read = registered_input(key).map(|(what, path)| format!("{what} {}", path.display()));
        let listed = || inputs.iter().find(|(_, other)| other == key && matches!(key, FileKey::Inode(..)));
        if let Some(input) = read.or_else(|| listed().map(|(input, _)| input.clone())) {
            return Err(UsageError(format!(
                "{output} is the same file as {input}: writing it would destroy the input; write to another file"
            ))
            .into());
        }
        if let Some((other, _)) = outputs[..i].iter().find(|(_, other)| other == key) {
            if stdout.as_ref() == Some(key) {
                let reason = format!("{other} and {output} both go to stdout; send one of them to a file");
                return Err(UsageError(reason).into());
            }
            return Err(
                UsageError(format!("{other} and {output} name the same file; give each output its own name")).into()
            );
        }
    }
    Ok(())
}

/// After a failed run: remove the default folder again if this run created it and it is still
/// empty (a run streaming stdin opens its output before it knows the input is good).
pub fn remove_created_default_dir() {
    if CREATED_DEFAULT_DIR.load(Ordering::Relaxed) {
        let _ = std::fs::remove_dir(DEFAULT_DIR);
    }
}

/// A progress bar on stderr (hidden when stderr is not a terminal, or with --quiet); with no total
/// (a stream of unknown length) it counts up.
pub fn progress_bar(total: Option<usize>, unit: &str, quiet: bool) -> ProgressBar {
    if quiet {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(total.map(|t| t as u64), ProgressDrawTarget::stderr());
    let template = match total {
        Some(_) => format!("{{bar:40}} {{pos}}/{{len}} {unit} · {{rate}} {unit}/s · ETA {{eta}}"),
        None => format!("{{spinner}} {{pos}} {unit} · {{rate}} {unit}/s"),
    };
    let style = ProgressStyle::with_template(&template).unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style.with_key("rate", |state: &ProgressState, w: &mut dyn std::fmt::Write| {
        let _ = w.write_str(&whole_rate(state.per_sec()));
    }));
    bar
}

/// A rate as a whole number (`5121`, not indicatif's `5,121.067/s`).
pub fn whole_rate(per_sec: f64) -> String {
    if per_sec.is_finite() {
        format!("{:.0}", per_sec.max(0.0))
    } else {
        "-".to_string()
    }
}

/// Feeds library progress into an indicatif bar.
pub struct Bar(pub ProgressBar);

impl queens::Progress for Bar {
    fn advance(&self, done: usize, _total: Option<usize>) -> bool {
        self.0.set_position(done as u64);
        true
    }
}

/// Render options from the look flags (square, bare, coords, theme or theme file).
pub fn render_options(look: &LookArgs) -> Result<RenderOptions> {
    let theme = match &look.theme.theme_file {
        Some(path) => Theme::from_json(&read_theme_file(path)?).map_err(anyhow::Error::msg)?,
        None if look.theme.name() == AUTO_THEME => Theme::default(),
        None => Theme::named(look.theme.name()).map_err(anyhow::Error::msg)?,
    };
    let mut options = RenderOptions::default();
    options.square = look.square.map(|s| s as usize);
    options.bare = look.bare;
    options.coords = !look.no_coords;
    options.coords_outside = look.coords == Some(super::args::CoordsPlace::Outside);
    options.theme = theme;
    // --theme auto: the default theme, and the dark one for dark-mode viewers (SVG only).
    let auto = look.theme.name() == AUTO_THEME && look.theme.theme_file.is_none();
    options.dark = auto.then(Theme::dark);
    Ok(options)
}

impl ShowArgs {
    /// An animation drawing what these flags show (timing and frame cap left at their defaults).
    pub fn animation(&self) -> Result<queens::Animation> {
        let mut animation = queens::Animation::new();
        animation.look = render_options(&self.look)?;
        animation.look.no_attacks = self.no_attacks;
        animation.look.tree = self.tree;
        animation.look.code = self.code;
        animation.look.why = self.why;
        animation.selection = self.select.selection();
        Ok(animation)
    }
}

/// Largest theme file read, in bytes: a theme is a few hundred bytes of JSON.
pub const MAX_THEME_FILE_BYTES: u64 = 64 * 1024;

/// A theme file's text, refusing files over [`MAX_THEME_FILE_BYTES`] without reading them whole.
fn read_theme_file(path: &Path) -> Result<String> {
    use std::io::Read;
    let cannot = |e: std::io::Error| anyhow::anyhow!("cannot read theme file {}: {e}", path.display());
    let file = std::fs::File::open(path).map_err(cannot)?;
    queens::output::register_input(path, "the theme file");
    let mut bytes = Vec::new();
    file.take(MAX_THEME_FILE_BYTES + 1).read_to_end(&mut bytes).map_err(cannot)?;
    if bytes.len() as u64 > MAX_THEME_FILE_BYTES {
        anyhow::bail!(
            "theme file {} is larger than {} KiB, so it is not a theme (a theme is a small JSON object)",
            path.display(),
            MAX_THEME_FILE_BYTES / 1024
        );
    }
    String::from_utf8(bytes).map_err(|_| anyhow::anyhow!("theme file {} is not UTF-8 text", path.display()))
}

/// The error as one line, with the flag that changes a library limit named after it.
pub fn describe(e: &anyhow::Error) -> String {
    let flag = match e.downcast_ref::<queens::Error>() {
        Some(queens::Error::TooManyBoards { .. }) => Some("--max-boards N"),
        Some(queens::Error::TooManyFrames { .. }) => Some("--max-frames N"),
        Some(queens::Error::Select(_) | queens::Error::SelectionNeedsLength) => Some("--frames, --every"),
        Some(queens::Error::SheetTooLarge { .. }) => Some("--every K, --frames SPEC, --square PX"),
        Some(
            queens::Error::SquareSize { .. } | queens::Error::ImageTooLarge { .. } | queens::Error::SideTooLong { .. },
        ) => Some("--square PX"),
        _ => None,
    };
    match flag {
        Some(flag) => format!("{e} ({flag})"),
        None => e.to_string(),
    }
}

impl SourceArgs {
    /// Solve N, or read and parse the trace (validation is the caller's).
    pub fn trace(&self) -> anyhow::Result<queens::Trace> {
        self.trace_within(self.search.max_frames)
    }

    /// [`SourceArgs::trace`] holding a run of up to `hold` frames (a command that draws only some
    /// of them counts its frame limit on those: `frames --frames`).
    pub fn trace_within(&self, hold: usize) -> anyhow::Result<queens::Trace> {
        let path = match &self.source {
            Some(Source::File(path)) => path.as_path(),
            Some(Source::Stdin) => std::path::Path::new("-"),
            Some(Source::Solve(n)) => return Ok(queens::record(&self.search.options(Some(*n))?, hold)?),
            None => return Ok(queens::record(&self.search.options(None)?, hold)?),
        };
        if self.search.puzzle.is_some() {
            let reason = "--puzzle solves a puzzle, but a trace was given too; a puzzle's trace carries its puzzle";
            return Err(UsageError(reason.into()).into());
        }
        read_trace(path, hold)
    }
}

/// Open a trace file for reading (registered as an input: no output of the run replaces it).
pub fn open_trace(path: &Path) -> Result<BufReader<File>> {
    let file = File::open(path).map_err(|e| anyhow::anyhow!("cannot open trace {}: {e}", path.display()))?;
    queens::output::register_input(path, "the trace");
    Ok(BufReader::new(file))
}

/// Read a whole trace, JSON or JSON Lines, from a file or `-` (stdin), refusing one of more than
/// `max_frames` frames as soon as it passes them (an endless stream stops there).
fn read_trace(path: &Path, max_frames: usize) -> Result<Trace> {
    let input: Box<dyn BufRead> = if path == Path::new("-") {
        queens::output::register_input(path, "the trace");
        Box::new(BufReader::new(std::io::stdin()))
    } else {
        Box::new(open_trace(path)?)
    };
    let too_many = || queens::Error::TooManyFrames { limit: max_frames };
    match queens::jsonl::open(input)? {
        Input::Whole(trace) if trace.frame_count() > max_frames => Err(too_many().into()),
        Input::Whole(trace) => Ok(trace),
        Input::Lines(events) => {
            let header = events.header.clone();
            let mut kept = Vec::new();
            for event in events {
                if kept.len() + 2 > max_frames {
                    return Err(too_many().into());
                }
                kept.push(event?.1);
            }
            Ok(Trace { n: header.n, algorithm: header.algorithm, puzzle: header.puzzle, events: kept })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_are_whole_numbers() {
        assert_eq!(whole_rate(5121.067), "5121");
        assert_eq!(whole_rate(0.4), "0");
        assert_eq!(whole_rate(f64::INFINITY), "-");
    }

    #[test]
    fn only_a_lone_dash_is_stdout() {
        assert!(is_stdout(Path::new("-")));
        assert!(!is_stdout(Path::new("./-")) && !is_stdout(Path::new("-.gif")));
    }
}
