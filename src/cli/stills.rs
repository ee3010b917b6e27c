//! `sheet`, `boards` and `board`: solutions and hand-made layouts as PNG, SVG or PDF stills.

use super::args::{ranged, BatchArgs, LookArgs};
use super::io::{
    count_of, default_output, distinct, one_stdout, open_output, open_text_output, outln, progress_bar, render_options,
    summary, MadeFolders,
};
use super::queens_list::{parse_queens, ranks_of};
use super::svg::{check_auto, StillFormatArgs};
use anyhow::Result;
use clap::Args;
use queens::{Batch, Format, OutputFile, RenderOptions, SheetBoard};
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct SheetArgs {
    #[command(flatten)]
    pub batch: BatchArgs,
    /// Boards per row (default: about the square root of the count).
    #[arg(long, allow_negative_numbers = true, value_parser = ranged("the column count", 1u32, 10_000))]
    pub columns: Option<u32>,
    /// One row per symmetry class: its first board, then its other rotations and reflections,
    /// each labelled with its transformation (id, r90, r180, r270, flip-h, flip-v, flip-d, flip-a).
    #[arg(long, conflicts_with_all = ["columns", "unique"])]
    pub classes: bool,
    /// Output path (.png, .svg or .pdf).
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    /// Also write the JSON atlas (board positions) here; `-` is stdout.
    #[arg(long)]
    pub atlas: Option<PathBuf>,
    #[command(flatten)]
    pub format: StillFormatArgs,
}

#[derive(Debug, Args)]
pub struct BoardsArgs {
    #[command(flatten)]
    pub batch: BatchArgs,
    /// Output folder (created if missing).
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    /// File format (png, svg or pdf).
    #[command(flatten)]
    pub format: StillFormatArgs,
}

#[derive(Debug, Args)]
pub struct BoardArgs {
    /// Board size N.
    #[arg(allow_negative_numbers = true, value_parser = ranged("N", 1u32, 512))]
    pub n: u32,
    /// Each column's queen: ranks from the bottom, one per column from the left (8,4,1,3,6,2,7,5),
    /// or squares in any order (a8,b4,c1,...); fewer than N queens is a partial board.
    pub queens: String,
    /// Leave attacked squares unshaded.
    #[arg(long)]
    pub no_attacks: bool,
    /// Output path, .png, .svg or .pdf (default: output/queens-<N>x<N>-<QUEENS>.png).
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    #[command(flatten)]
    pub look: LookArgs,
    #[command(flatten)]
    pub format: StillFormatArgs,
}

impl SheetArgs {
    pub fn run(self) -> Result<()> {
        one_stdout(&[("-o", self.output.as_deref()), ("--atlas", self.atlas.as_deref())])?;
        let batch = &self.batch;
        let boards = match self.classes {
            true => class_boards(batch)?,
            false => batch_boards(batch)?,
        };
        let columns = self.columns.map_or_else(|| (boards.len() as f64).sqrt().ceil() as usize, |c| c as usize);
        let suffix = match (self.classes, batch.unique) {
            (true, _) => "-classes",
            (false, true) => "-solutions-unique",
            (false, false) => "-solutions",
        };
        let format = self.format.still(self.output.as_deref())?;
        check_auto(&batch.theme, format == Format::Svg)?;
        let path =
            self.output.unwrap_or_else(|| default_output(&format!("queens-{n}x{n}{suffix}.{format}", n = batch.n)));
        distinct(
            &[("--theme-file", batch.theme.theme_file.as_deref())],
            &[("-o", Some(&path)), ("--atlas", self.atlas.as_deref())],
        )?;
        let mut file = open_output(&path)?;
        let (n, look) = (batch.n as usize, look_of(batch)?);
        let sheet = queens::write_sheet(n, &boards, &look, columns, format, &mut file)?;
        // Sheet and atlas appear together or not at all.
        let mut outputs = Batch::new();
        let bytes = outputs.add(file)?;
        if let Some(atlas_path) = &self.atlas {
            let mut atlas_file = open_text_output(atlas_path)?;
            serde_json::to_writer(&mut atlas_file, &sheet)?;
            outputs.add(atlas_file)?;
        }
        outputs.commit()?;
        let (count, width, height) = (count_of(boards.len(), "board"), sheet.width, sheet.height);
        summary(&path, &format!("{count}, {width}x{height} px, {bytes} bytes"))
    }
}

impl BoardsArgs {
    pub fn run(self, quiet: bool) -> Result<()> {
        let batch = &self.batch;
        let boards = batch_boards(batch)?;
        if self.output.is_none() {
            queens::check_own_folder(std::path::Path::new("output"))?;
        }
        let dir = self.output.unwrap_or_else(|| PathBuf::from(format!("output/boards-{n}x{n}", n = batch.n)));
        let look = look_of(batch)?;
        let format = self.format.still(None)?;
        check_auto(&batch.theme, format == Format::Svg)?;
        let made = MadeFolders::create(&dir)?;
        let mut total = 0;
        let bar = progress_bar(Some(boards.len()), "boards", quiet);
        // Every board goes to a temporary first; all appear together at the end, or none does
        // (dropping the batch removes the temporaries; errors name the file that failed).
        let mut files = Batch::new();
        let written = boards.iter().try_for_each(|board| -> Result<()> {
            bar.inc(1);
            let name = board_file_name(batch.n as usize, board.index, boards.len());
            let path = dir.join(name.replace(".png", &format!(".{format}")));
            let mut file = OutputFile::create(&path)?;
            queens::write_board(batch.n as usize, &board.queens, &look, format, &mut file)?;
            total += files.add(file)?;
            Ok(())
        });
        bar.finish_and_clear();
        let outcome = match written {
            Ok(()) => files.commit().map_err(anyhow::Error::from),
            Err(e) => {
                drop(files);
                Err(e)
            }
        };
        if let Err(e) = outcome {
            made.remove();
            return Err(e);
        }
        outln(&format!("{}: {}, {total} bytes", dir.display(), count_of(boards.len(), "board")))
    }
}

impl BoardArgs {
    pub fn run(self) -> Result<()> {
        // Before the format: `-o th.json` naming the theme file is refused as that.
        distinct(&[("--theme-file", self.look.theme.theme_file.as_deref())], &[("-o", self.output.as_deref())])?;
        let n = self.n;
        let rows = parse_queens(n as usize, &self.queens)?;
        let mut options = render_options(&self.look)?;
        options.no_attacks = self.no_attacks;
        let name = ranks_of(n as usize, &rows);
        let format = self.format.still(self.output.as_deref())?;
        check_auto(&self.look.theme, format == Format::Svg)?;
        let path =
            self.output.unwrap_or_else(|| default_output(&format!("queens-{n}x{n}-{}.{format}", name.join("-"))));
        let mut file = open_output(&path)?;
        let (width, height) = queens::write_board(n as usize, &rows, &options, format, &mut file)?;
        let bytes = file.commit()?;
        summary(&path, &format!("{width}x{height} px, {bytes} bytes"))
    }
}

fn batch_boards(batch: &BatchArgs) -> Result<Vec<SheetBoard>> {
    queens::check_batch(batch.n as usize, batch.unique, batch.max_boards)?;
    let boards = queens::solution_boards(batch.n as usize, batch.unique, batch.order);
    if boards.is_empty() {
        anyhow::bail!("{n}x{n} has no solutions to draw", n = batch.n);
    }
    Ok(boards)
}

/// Every solution, one symmetry class per row (refused past `--max-boards` like the plain sheet).
fn class_boards(batch: &BatchArgs) -> Result<Vec<SheetBoard>> {
    queens::check_batch(batch.n as usize, false, batch.max_boards)?;
    let boards = queens::class_boards(batch.n as usize, batch.order);
    if boards.is_empty() {
        anyhow::bail!("{n}x{n} has no solutions to draw", n = batch.n);
    }
    Ok(boards)
}

fn look_of(batch: &BatchArgs) -> Result<RenderOptions> {
    let look =
        LookArgs { square: batch.square, bare: batch.bare, coords: None, no_coords: true, theme: batch.theme.clone() };
    let mut options = render_options(&look)?;
    options.no_attacks = true;
    Ok(options)
}

/// File name of board `index` in a batch of `count`: `queens-<n>x<n>-<index>.png`, zero-padded
/// to the width of `count`.
pub fn board_file_name(n: usize, index: usize, count: usize) -> String {
    let width = count.to_string().len();
    format!("queens-{n}x{n}-{index:0width$}.png")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_pad_to_the_count() {
        assert_eq!(board_file_name(8, 1, 92), "queens-8x8-01.png");
        assert_eq!(board_file_name(10, 7, 724), "queens-10x10-007.png");
        assert_eq!(board_file_name(4, 2, 2), "queens-4x4-2.png");
    }
}
