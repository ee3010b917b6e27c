//! The `queens` binary: parses the command line (`command.rs` and one file per command group), runs the command through the
//! library, and maps errors to exit codes: 2 usage, 1 failure, 128 + the signal number when
//! stopped by SIGINT (130), SIGTERM (143) or SIGHUP (129), after removing unfinished temporaries;
//! the player losing its terminal ends like SIGHUP (129). A closed stdout (`>&-`) is a failure
//! before anything runs: every command writes to it. Messages to a stderr that is gone are dropped,
//! never a panic.

mod animate;
mod args;
mod closed_stdout;
mod command;
mod count;
mod format;
mod frames;
mod heatmap;
mod hint_still;
mod io;
mod knuth;
mod play;
mod puzzle;
mod puzzle_book;
mod puzzle_play;
mod queens_list;
mod race;
mod stills;
mod svg;
#[cfg(test)]
mod tests;

use clap::Parser;
use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = command::Cli::parse();
    stop_on_signals();
    if closed_stdout::stdout_was_closed() {
        say("error: cannot write standard output: it is closed; run with stdout open (> /dev/null to discard it)");
        return ExitCode::FAILURE;
    }
    match command::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if reader_gone(&e) => ExitCode::SUCCESS,
        Err(e) => {
            // Echoed input (names from a trace, a theme's keys, paths) can neither drive the
            // terminal nor forge a second line.
            say(&format!("error: {}", queens::echo::printable(&message(&e))));
            // Bad values inside otherwise well-formed arguments (a QUEENS list, a frame list past
            // the run) are usage errors too.
            let usage = e.downcast_ref::<io::UsageError>().is_some()
                || matches!(
                    e.downcast_ref::<queens::Error>(),
                    Some(
                        queens::Error::Select(_)
                            | queens::Error::NothingToExplain { .. }
                            | queens::Error::NoCode { .. }
                            | queens::Error::UnknownFormat { .. }
                            | queens::Error::PuzzleFile { .. }
                            | queens::Error::PuzzleTooLarge { .. }
                            | queens::Error::PuzzleAlgorithm { .. }
                            | queens::Error::OutputIsInput { .. }
                    )
                );
            ExitCode::from(if usage { 2 } else { 1 })
        }
    }
}

/// On SIGINT, SIGTERM or SIGHUP: give the terminal back if the player holds it, delete the
/// temporaries of unfinished outputs, say so, and exit with 128 + the signal number. A watcher thread receives the signals (signal-hook's self-pipe),
/// so the cleanup runs as ordinary code, not inside a signal handler.
fn stop_on_signals() {
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else { return };
    std::thread::spawn(move || {
        if let Some(signal) = signals.forever().next() {
            let name = match signal {
                SIGINT => "SIGINT",
                SIGTERM => "SIGTERM",
                _ => "SIGHUP",
            };
            stop(signal, &format!("interrupted by {name}"));
        }
    });
}

/// End the process as `signal` would: give the terminal back (as far as it still exists), delete
/// the temporaries of unfinished outputs, say why, and exit with 128 + the signal number.
pub fn stop(signal: i32, why: &str) -> ! {
    play::restore_terminal();
    queens::remove_temporaries();
    say(&format!("{why}: unfinished output removed"));
    std::process::exit(128 + signal);
}

/// One line on stderr; dropped when stderr is gone (a closed terminal), where `eprintln!` panics.
fn say(line: &str) {
    let _ = writeln!(std::io::stderr(), "{line}");
}

/// The output error inside `e` when there is one (a write error names its target even when an
/// encoder wrapped it), else `e` itself with the flag that changes a library limit.
fn message(e: &anyhow::Error) -> String {
    output_failure(e).map_or_else(|| io::describe(e), ToString::to_string)
}

fn output_failure(e: &anyhow::Error) -> Option<&queens::Error> {
    e.chain().find_map(|cause| {
        let io = cause.downcast_ref::<std::io::Error>().or_else(|| io_inside(cause.downcast_ref()?));
        let inner = io.and_then(|io| io.get_ref()).map(|inner| inner as &_);
        [Some(cause), inner].into_iter().flatten().find_map(|c| match c.downcast_ref::<queens::Error>() {
            Some(error @ queens::Error::OutputWrite { .. }) => Some(error),
            _ => None,
        })
    })
}

/// The io::Error a library error carries (encoders keep theirs without exposing it as a source).
fn io_inside(e: &queens::Error) -> Option<&std::io::Error> {
    match e {
        queens::Error::Io(io) | queens::Error::Png(png::EncodingError::IoError(io)) => Some(io),
        queens::Error::Gif(gif::EncodingError::Io(io)) => Some(io),
        _ => None,
    }
}

/// A reader that stopped reading our text on stdout (`queens solve 12 --all | head`) is not an
/// error. An image target given with -o (stdout included) that closes early is: the image is cut.
fn reader_gone(e: &anyhow::Error) -> bool {
    output_failure(e).is_none()
        && e.chain().any(|cause| {
            let io = cause.downcast_ref::<std::io::Error>().or_else(|| io_inside(cause.downcast_ref()?));
            io.is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
        })
}
