//! `queens puzzle book`: a graded book of generated puzzles with answers, as one PDF to print, or
//! as one PNG or SVG per puzzle (and per answer) in a folder, to post.
//!
//! Contract: every argument is checked before any work, a bad one (a size range backwards,
//! `--count 0`, an unknown kind, paper or format, `-o` ending in another extension than the PDF's
//! `.pdf`, or in `.pdf` for a folder of pictures) is one line on stderr and exit 2. The PDF goes
//! through the output layer (whole or not at all); pictures go to `DIR/puzzle-KK.EXT` and
//! `DIR/answer-KK.EXT`, all written to temporaries and renamed together at the end (folders this
//! run made are removed again on failure). The summary line names the pages (PDF) or files. A book
//! of 50 puzzles or more first says on stderr that it is making them.

use super::io::{open_output, outln, summary, MadeFolders, UsageError};
use anyhow::Result;
use clap::Args;
use queens::{BookOptions, Format, OutputFile, Paper, PuzzleKind};
use std::path::PathBuf;
use std::time::Instant;

#[derive(Debug, Args)]
pub struct BookArgs {
    /// How many puzzles (1 to 1000), spread evenly over the sizes.
    #[arg(long, value_name = "K")]
    pub count: String,
    /// Board sizes as A-B (or one size), from 5 to 12: a section each, smallest first.
    #[arg(long, value_name = "A-B")]
    pub sizes: String,
    /// Seed: the same arguments make the same book, byte for byte.
    #[arg(long, value_name = "S")]
    pub seed: String,
    /// regions (coloured regions) or completion (given queens and blocked squares).
    #[arg(long, default_value = "regions")]
    pub kind: String,
    /// a4 or letter.
    #[arg(long, default_value = "a4")]
    pub paper: String,
    /// Also pages showing how each puzzle is solved: every named deduction as a small frame with the words of `puzzle hint`.
    #[arg(long)]
    pub explained: bool,
    /// pdf (one book), or png or svg (one file per puzzle and per answer, in the folder -o names).
    #[arg(long, default_value = "pdf")]
    pub format: String,
    /// The PDF file, or the folder for png and svg.
    #[arg(short, long)]
    pub output: PathBuf,
}

/// Books of at least this many puzzles say on stderr what they are doing before they start.
const SAY_FROM: usize = 50;

fn usage(text: String) -> anyhow::Error {
    UsageError(text).into()
}

fn number<T: std::str::FromStr>(flag: &str, text: &str) -> Result<T> {
    text.trim().parse().map_err(|_| usage(format!("{flag} must be a whole number, not '{text}'")))
}

impl BookArgs {
    /// The book's options, every argument checked.
    fn options(&self) -> Result<(BookOptions, Format)> {
        let count: usize = number("--count", &self.count)?;
        let seed: u64 = number("--seed", &self.seed)?;
        let (a, b) = match self.sizes.split_once('-') {
            Some((a, b)) => (number("--sizes", a)?, number("--sizes", b)?),
            None => {
                let n = number("--sizes", &self.sizes)?;
                (n, n)
            }
        };
        let kind = match self.kind.as_str() {
            "regions" => PuzzleKind::Regions,
            "completion" => PuzzleKind::Completion,
            other => return Err(usage(format!("unknown --kind '{other}': use regions or completion"))),
        };
        let paper = match self.paper.as_str() {
            "a4" => Paper::A4,
            "letter" => Paper::Letter,
            other => return Err(usage(format!("unknown --paper '{other}': use a4 or letter"))),
        };
        let format = match self.format.as_str() {
            "pdf" => Format::Pdf,
            "png" => Format::Png,
            "svg" => Format::Svg,
            other => return Err(usage(format!("unknown --format '{other}': use pdf, png or svg"))),
        };
        if self.explained && kind == PuzzleKind::Completion {
            return Err(usage(
                "--explained shows the rules' deductions of region puzzles; drop it for completion puzzles".into(),
            ));
        }
        if self.explained && format != Format::Pdf {
            return Err(usage("--explained adds pages to the PDF; drop it for png or svg".into()));
        }
        self.check_extension(format)?;
        let options = BookOptions { count, sizes: a..=b, seed, kind, paper, explained: self.explained };
        options.check().map_err(|e| usage(e.to_string()))?;
        Ok((options, format))
    }

    /// The PDF's name ends in .pdf (or has no extension); a folder of pictures is not named .pdf.
    fn check_extension(&self, format: Format) -> Result<()> {
        let extension = self.output.extension().map(|e| e.to_string_lossy().to_ascii_lowercase());
        let name = queens::echo::printable(&self.output.display().to_string());
        match (format, extension.as_deref()) {
            (Format::Pdf, Some(ext)) if ext != "pdf" => Err(usage(format!(
                "-o {name} ends in .{ext}, but the book is a PDF: name it NAME.pdf, or add --format png or svg for a \
                 folder of pictures"
            ))),
            (Format::Png | Format::Svg, Some("pdf")) => Err(usage(format!(
                "-o {name} ends in .pdf, but --format {format} writes a folder of pictures: name the folder, or drop \
                 --format for a PDF"
            ))),
            _ => Ok(()),
        }
    }

    pub fn run(self) -> Result<()> {
        let (options, format) = self.options()?;
        let started = Instant::now();
        if options.count >= SAY_FROM {
            // Each puzzle is generated, counted and graded before the book is written: say so up front.
            eprintln!(
                "making {} puzzles and their answers before writing the book: hundreds can take minutes",
                options.count
            );
        }
        let puzzles = queens::book_puzzles(&options)?;
        if format != Format::Pdf {
            return self.pictures(&puzzles, format);
        }
        let mut file = open_output(&self.output)?;
        let (_, pages) = queens::write_book(&puzzles, &options, &mut file)?;
        let bytes = file.commit()?;
        let explained = if pages.explained > 0 { format!(", {} explained", pages.explained) } else { String::new() };
        let seconds = started.elapsed().as_secs_f64();
        summary(
            &self.output,
            &format!(
                "{} puzzles, {} pages (1 title, {} puzzle, {} answer{explained}), {bytes} bytes in {seconds:.2} s",
                puzzles.len(),
                pages.total(),
                pages.puzzles,
                pages.answers
            ),
        )
    }

    /// One picture per puzzle and per answer in the folder `-o` names, appearing together.
    fn pictures(&self, puzzles: &[queens::BookPuzzle], format: Format) -> Result<()> {
        let dir = &self.output;
        let made = MadeFolders::create(dir)?;
        let digits = puzzles.len().to_string().len().max(2);
        let mut files = queens::Batch::new();
        let mut total = 0;
        let written = puzzles.iter().try_for_each(|p| -> Result<()> {
            for (answer, stem) in [(false, "puzzle"), (true, "answer")] {
                let path = dir.join(format!("{stem}-{:0digits$}.{format}", p.number));
                let mut file = OutputFile::create(&path)?;
                queens::write_book_picture(p, answer, format, &mut file)?;
                total += files.add(file)?;
            }
            Ok(())
        });
        let outcome = written.and_then(|()| files.commit().map_err(anyhow::Error::from));
        if let Err(e) = outcome {
            made.remove();
            return Err(e);
        }
        outln(&format!(
            "{}: {} puzzles and their answers, {} files, {total} bytes",
            dir.display(),
            puzzles.len(),
            2 * puzzles.len()
        ))
    }
}
