//! `queens puzzle play FILE -o PAGE.html`: one self-contained page to play a puzzle, with hints
//! in the words of `puzzle hint`.
//!
//! Contract: the puzzle file is read as `puzzle solve` reads it (a bad one is one line naming its
//! line and column, exit 2); the theme flags are the other HTML outputs' (`--theme auto`: the
//! default theme, dark for viewers who prefer it). The page goes through the output layer (whole
//! or not at all; `-o -` is stdout); default `output/<file's stem>-play.html`. The summary line
//! names the puzzle, the hints the page holds and the bytes; a puzzle with several solutions is
//! said on stderr (its hints follow one of them). A puzzle without a solution is refused (exit 1).

use super::args::{LookArgs, ThemeArgs};
use super::io::{default_output, input_stem, open_text_output, render_options, summary};
use anyhow::Result;
use clap::Args;
use queens::PlayOptions;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The puzzle file (- for standard input).
    pub file: PathBuf,
    /// The page (default output/<file's stem>-play.html; - for stdout).
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    #[command(flatten)]
    pub theme: ThemeArgs,
}

impl PlayArgs {
    pub fn run(self) -> Result<()> {
        let inputs =
            [("the puzzle file", Some(self.file.as_path())), ("--theme-file", self.theme.theme_file.as_deref())];
        super::io::distinct(&inputs, &[("-o", self.output.as_deref())])?;
        let puzzle = super::args::read_puzzle_file(&self.file)?;
        let look = LookArgs { square: None, bare: false, coords: None, no_coords: false, theme: self.theme.clone() };
        let look = render_options(&look)?;
        let options = PlayOptions { theme: look.theme, dark: look.dark };
        let path = self
            .output
            .clone()
            .unwrap_or_else(|| default_output(&format!("{}-play.html", input_stem(&self.file, "puzzle"))));
        let mut file = open_text_output(&path)?;
        let page = queens::write_puzzle_page(&puzzle, &options, &mut file)?;
        let bytes = file.commit()?;
        if page.several {
            eprintln!("note: this puzzle has more than one solution; the page's hints and checks follow one of them");
        }
        let kind = if puzzle.has_regions() { "region" } else { "completion" };
        let n = puzzle.n;
        summary(&path, &format!("{n}x{n} {kind} puzzle to play, {} hints, {bytes} bytes", page.hints))
    }
}
