//! `frames`: a run's frames as a PNG sprite sheet (with an Aseprite-style atlas), a single PNG
//! still, or one PNG per frame; with `-o NAME.svg`, the sheet or the still as SVG.
//!
//! Contract: the frames are the ones `--frames`/`--every` select, each showing the board of its own
//! step with the run's numbering; one selected frame is written as that frame alone, pixel for
//! pixel the frame a GIF of the run shows; `--split DIR` writes `DIR/frame-<k>.png` instead;
//! `-o NAME.html` writes the selected frames as an HTML player; `-o NAME.pdf` one PDF page per
//! selected frame, or with `--handout` handout pages holding them in a grid.

use super::animate::run_title;
use super::args::{ranged, ReadingArgs, ShowArgs, Source, SourceArgs};
use super::format::{sink_options, HandoutArgs};
use super::io::{
    count_of, default_output, distinct, input_stem, one_stdout, open_output, open_text_output, outln, progress_bar,
    summary, Bar, MadeFolders, UsageError,
};
use super::svg::check_auto;
use anyhow::Result;
use clap::Args;
use queens::{Format, SheetCell, SheetOptions, Sink, SplitSink, Trace};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Frames of a run `frames` holds in memory (about 80 bytes each) to draw a few of them.
const HELD_FRAMES: usize = 1 << 22;

#[derive(Debug, Args)]
pub struct FramesArgs {
    #[command(flatten)]
    pub source: SourceArgs,
    #[command(flatten)]
    pub show: ShowArgs,
    #[command(flatten)]
    pub reading: ReadingArgs,
    /// Cells per row of the sheet (default: about the square root of the frame count).
    #[arg(long, allow_negative_numbers = true, value_parser = ranged("the column count", 1u32, 100_000))]
    pub columns: Option<u32>,
    /// Pixels of background between cells.
    #[arg(long, default_value_t = 0, allow_negative_numbers = true, value_parser = ranged("the gap", 0u32, 4096))]
    pub gap: u32,
    /// Output path, .png, .svg, .html (a player of the selected frames) or .pdf (a page per frame)
    /// (default: output/queens-<N>x<N>-<algorithm>-<until>-frames.png, or output/<trace name>-frames.png).
    #[arg(short, long, conflicts_with = "split")]
    pub output: Option<PathBuf>,
    /// Also write the sheet's atlas here: JSON in Aseprite's "array" form (Phaser, PixiJS, Godot).
    #[arg(long, conflicts_with = "split")]
    pub atlas: Option<PathBuf>,
    /// One PNG per frame instead: DIR/frame-<k>.png, k zero-padded (the folder is created).
    #[arg(long, value_name = "DIR")]
    pub split: Option<PathBuf>,
    /// With -o NAME.html: a player without page margins, for an <iframe>.
    #[arg(long)]
    pub embed: bool,
    #[command(flatten)]
    pub handout: HandoutArgs,
}

impl FramesArgs {
    pub fn run(self, quiet: bool) -> Result<()> {
        one_stdout(&[("-o", self.output.as_deref()), ("--atlas", self.atlas.as_deref())])?;
        if self.split.is_some() && self.handout.handout {
            return Err(UsageError("--handout makes PDF pages and --split one PNG per frame: drop one".into()).into());
        }
        // The frame limit counts the frames drawn: the run itself is held up to HELD_FRAMES.
        let limit = self.source.search.max_frames;
        let trace = self.source.trace_within(limit.max(HELD_FRAMES))?;
        let frames = (self.show.select.selection().resolve_within(&trace, limit))
            .map_err(|e| UsageError(format!("--frames: {e} (--max-frames N)")))?;
        let mut animation = self.show.animation()?;
        animation.max_frames = usize::MAX;
        animation.timing.reading_time = self.reading.reading_time;
        animation.timing.pace = self.reading.pace;
        let bar = Bar(progress_bar(Some(frames.len()), "frames", quiet));
        if let Some(dir) = &self.split {
            let made = MadeFolders::create(dir)?;
            let mut sink = SplitSink::new(dir, frames.last().copied().unwrap_or(0));
            if let Err(e) = queens::render(&trace, &animation, &mut sink, &bar) {
                drop(sink);
                made.remove();
                return Err(e.into());
            }
            bar.0.finish_and_clear();
            let written = count_of(sink.files().len(), "frame");
            return outln(&format!("{}: {written}, {} bytes", dir.display(), sink.bytes()));
        }
        let path = self.output.clone().unwrap_or_else(|| default_output(&self.default_name(&trace)));
        let input = match &self.source.source {
            Some(Source::File(file)) => Some(file.as_path()),
            _ => self.source.search.puzzle.as_deref(),
        };
        distinct(
            &[("the trace", input), ("--theme-file", self.show.look.theme.theme_file.as_deref())],
            &[("-o", Some(&path)), ("--atlas", self.atlas.as_deref())],
        )?;
        let format = Format::choose(None, Some(&path), &[Format::Png, Format::Svg, Format::Html, Format::Pdf])?;
        let mut options = sink_options(false, &self.handout, format, || run_title(trace.n, &trace.algorithm))?;
        let html = format == Format::Html;
        if self.embed && !html {
            return Err(UsageError("--embed makes an HTML player for an <iframe>; add -o NAME.html".into()).into());
        }
        if self.atlas.is_some() && matches!(format, Format::Html | Format::Pdf) {
            return Err(UsageError(format!(
                "--atlas places a sheet's cells, not a .{format} file's; add -o NAME.png or -o NAME.svg"
            ))
            .into());
        }
        check_auto(&self.show.look.theme, format.is_vector())?;
        options.embed = self.embed;
        let sheet = matches!(format, Format::Png | Format::Svg);
        if sheet {
            let columns = self.columns.map(|c| c as usize);
            options.sheet = Some(SheetOptions::new(frames.len(), columns, self.gap as usize, self.atlas.is_some()));
        }
        let mut file = open_output(&path)?;
        let mut sink = format.sink(&mut file, &options)?;
        let done = queens::render(&trace, &animation, &mut sink, &bar)?;
        let cells = sink.sheet().map(|(cells, size)| (cells.to_vec(), size));
        drop(sink);
        if let (Some(atlas_path), Some((cells, size))) = (&self.atlas, &cells) {
            write_atlas(cells, *size, &path, atlas_path)?;
        }
        bar.0.finish_and_clear();
        let bytes = file.commit()?;
        let (what, (width, height)) = match cells {
            Some((_, size)) => (count_of(done.frames, "frame"), size),
            None if sheet => (format!("frame {}", frames[0]), (done.width, done.height)),
            None => (count_of(done.frames, "frame"), (done.width, done.height)),
        };
        summary(&path, &format!("{what}, {width}x{height} px, {bytes} bytes"))
    }

    /// `queens-<N>x<N>-<algorithm>-<until>-frames.png`, or `<trace name>-frames.png`.
    fn default_name(&self, trace: &Trace) -> String {
        let search = &self.source.search;
        match (&self.source.source, &search.puzzle) {
            (Some(Source::Solve(_)) | None, Some(path)) | (Some(Source::File(path)), _) => {
                let fallback = if matches!(self.source.source, Some(Source::File(_))) { "trace" } else { "puzzle" };
                let stem = input_stem(path, fallback);
                format!("{stem}-frames.png")
            }
            (Some(Source::Solve(n)), None) => {
                format!("queens-{n}x{n}-{}-{}-frames.png", search.algorithm_name(), search.until)
            }
            (Some(Source::Stdin) | None, _) => format!("trace-{n}x{n}-frames.png", n = trace.n),
        }
    }
}

fn write_atlas(cells: &[SheetCell], size: (usize, usize), sheet: &Path, atlas_path: &Path) -> Result<()> {
    let image = sheet.file_name().map_or(String::new(), |name| name.to_string_lossy().into_owned());
    let atlas = queens::aseprite_atlas(cells, &image, size);
    let mut file = open_text_output(atlas_path)?;
    serde_json::to_writer_pretty(&mut file, &atlas)?;
    file.write_all(b"\n")?;
    file.commit()?;
    Ok(())
}
