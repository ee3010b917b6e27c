//! `play`: a run in the terminal, interactive (see `player.rs`) or as plain text frames.
//!
//! Contract: the run comes from solving N or from a trace (file or stdin) and is validated before
//! anything is shown, except a trace on stdin shown whole as text, which is printed as it comes
//! (each event validated as it comes) in flat memory. With `--ascii`, or whenever stdout is not a terminal, every selected frame is
//! printed as [`queens::write_text_frames`] writes them: `step k of M: <action>`, N rows of `Q`/`~`/`.`, an
//! empty line; no colours, no keys (with `--code`, each board followed by the algorithm's listing, see
//! [`queens::write_code_frames`]). Otherwise the interactive player takes the terminal and always
//! gives it back.

mod player;
mod screen;
mod session;

pub use screen::restore as restore_terminal;

use super::args::{ReadingArgs, SelectArgs, Source, SourceArgs};
use anyhow::Result;
use clap::Args;
use std::io::IsTerminal;

#[derive(Debug, Args)]
pub struct PlayArgs {
    #[command(flatten)]
    pub source: SourceArgs,
    #[command(flatten)]
    pub select: SelectArgs,
    /// Print every selected frame as text (Q queen, ~ attacked, . free): no colours, no keys.
    /// This is also what happens when stdout is not a terminal.
    #[arg(long)]
    pub ascii: bool,
    /// The algorithm's pseudocode beside the board, the line each step executes marked, and its
    /// variables (as text: after each board, the line marked `>`).
    #[arg(long)]
    pub code: bool,
    /// Milliseconds a step shows while playing (+ and - change it as it plays).
    #[arg(long, default_value_t = player::DEFAULT_DELAY_MS, allow_negative_numbers = true, value_parser = parse_play_delay)]
    pub delay: u64,
    #[command(flatten)]
    pub reading: ReadingArgs,
}

impl PlayArgs {
    pub fn run(self) -> Result<()> {
        let text = self.ascii || !std::io::stdout().is_terminal();
        if text && !self.code && matches!(self.source.source, Some(Source::Stdin)) && self.select.selection().is_all() {
            // Printed as it comes: an endless stream plays on in flat memory.
            return Ok(queens::write_text_stream(std::io::stdin().lock(), std::io::stdout().lock())?);
        }
        let trace = self.source.trace()?;
        let code = if self.code { Some(queens::code_listing(&trace)?) } else { None };
        let frames = self.select.resolve(&trace)?;
        match (text, code) {
            (true, Some(_)) => Ok(queens::write_code_frames(&trace, &frames, std::io::stdout().lock())?),
            (true, None) => Ok(queens::write_text_frames(&trace, &frames, std::io::stdout().lock())?),
            (false, code) => session::run(&trace, frames, (self.delay, self.reading.reading_time), code),
        }
    }
}

pub fn parse_play_delay(s: &str) -> Result<u64, String> {
    match s.parse::<u64>() {
        Ok(ms) if (player::MIN_DELAY_MS..=player::MAX_DELAY_MS).contains(&ms) => Ok(ms),
        _ => {
            Err(format!("'{s}' is not a delay from {} to {} milliseconds", player::MIN_DELAY_MS, player::MAX_DELAY_MS))
        }
    }
}
