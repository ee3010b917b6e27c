//! The `queens` binary: parses the command line (see `cli/`), runs the command through the
//! library, and maps errors to exit codes (2 usage, 1 failure, 130 interrupted).

mod cli;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    let _ = ctrlc::set_handler(|| {
        cli::play::restore_terminal();
        queens::remove_temporaries();
        eprintln!("interrupted: no output written");
        std::process::exit(130);
    });
    match cli::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {}", cli::io::describe(&e));
            // Bad values inside otherwise well-formed arguments (a QUEENS list, a frame list past
            // the run) are usage errors too.
            let usage = e.downcast_ref::<cli::io::UsageError>().is_some()
                || matches!(e.downcast_ref::<queens::Error>(), Some(queens::Error::Select(_)));
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
