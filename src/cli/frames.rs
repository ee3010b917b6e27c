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
use super::format::{HandoutArgs, Layout};
use super::io::{
    count_of, default_output, distinct, one_stdout, open_output, open_text_output, outln, progress_bar, summary, Bar,
    MadeFolders, UsageError,
};
use super::svg::check_auto;
use anyhow::Result;
use clap::Args;
use queens::{
    Animation, Format, FrameSheetSink, HtmlSink, PdfSink, SheetCell, SplitSink, StillSink, SvgSheetSink, SvgSink, Trace,
};
use std::io::Write;
use std::path::{Path, PathBuf};

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
        let trace = self.source.trace()?;
        let frames = self.show.select.resolve(&trace)?;
        let mut animation = self.show.animation()?;
        animation.max_frames = usize::MAX;
        animation.timing.reading_time = self.reading.reading_time;
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
        let layout = Layout::new(false, &self.handout, format, || run_title(trace.n, &trace.algorithm))?;
        let html = format == Format::Html;
        if self.embed && !html {
            return Err(UsageError("--embed makes an HTML player for an <iframe>; add -o NAME.html".into()).into());
        }
        if html {
            check_auto(&self.show.look.theme, true)?;
            let mut file = open_output(&path)?;
            let done = queens::render(&trace, &animation, &mut HtmlSink::new(&mut file).embed(self.embed), &bar)?;
            bar.0.finish_and_clear();
            let bytes = file.commit()?;
            let frames = count_of(done.frames, "frame");
            return summary(&path, &format!("{frames}, {}x{} px, {bytes} bytes", done.width, done.height));
        }
        let svg = format == Format::Svg;
        check_auto(&self.show.look.theme, svg)?;
        if format == Format::Pdf {
            let mut file = open_output(&path)?;
            let done = match layout {
                Layout::Handout(handout) => {
                    queens::render(&trace, &animation, &mut PdfSink::handout(&mut file, handout), &bar)?
                }
                _ => queens::render(&trace, &animation, &mut PdfSink::new(&mut file), &bar)?,
            };
            bar.0.finish_and_clear();
            let bytes = file.commit()?;
            let frames = count_of(done.frames, "frame");
            return summary(&path, &format!("{frames}, {}x{} px, {bytes} bytes", done.width, done.height));
        }
        if svg {
            return self.write_svg(&trace, &animation, &frames, &path, &bar);
        }
        let mut file = open_output(&path)?;
        let done = if frames.len() == 1 {
            queens::render(&trace, &animation, &mut StillSink::new(&mut file), &bar)?
        } else {
            let columns = self.columns.map(|c| c as usize);
            let mut sink = FrameSheetSink::new(&mut file, columns, self.gap as usize);
            let done = queens::render(&trace, &animation, &mut sink, &bar)?;
            if let Some(atlas_path) = &self.atlas {
                write_atlas(sink.cells(), sink.size(), &path, atlas_path)?;
            }
            let (width, height) = sink.size().unwrap_or_default();
            bar.0.finish_and_clear();
            let bytes = file.commit()?;
            let frames = count_of(done.frames, "frame");
            return summary(&path, &format!("{frames}, {width}x{height} px, {bytes} bytes"));
        };
        bar.0.finish_and_clear();
        let bytes = file.commit()?;
        summary(&path, &format!("frame {}, {}x{} px, {bytes} bytes", frames[0], done.width, done.height))
    }

    /// The frames as SVG: one frame alone (an SVG still), several side by side (an SVG sheet).
    fn write_svg(&self, trace: &Trace, animation: &Animation, frames: &[usize], path: &Path, bar: &Bar) -> Result<()> {
        let mut file = open_output(path)?;
        let (what, size) = if frames.len() == 1 {
            let mut sink = SvgSink::new(&mut file);
            let done = queens::render(trace, animation, &mut sink, bar)?;
            (format!("frame {}", frames[0]), (done.width, done.height))
        } else {
            let mut sink = SvgSheetSink::new(&mut file, self.columns.map(|c| c as usize), self.gap as usize);
            let done = queens::render(trace, animation, &mut sink, bar)?;
            if let Some(atlas_path) = &self.atlas {
                write_atlas(sink.cells(), sink.size(), path, atlas_path)?;
            }
            (count_of(done.frames, "frame"), sink.size().unwrap_or_default())
        };
        bar.0.finish_and_clear();
        let bytes = file.commit()?;
        summary(path, &format!("{what}, {}x{} px, {bytes} bytes", size.0, size.1))
    }

    /// `queens-<N>x<N>-<algorithm>-<until>-frames.png`, or `<trace name>-frames.png`.
    fn default_name(&self, trace: &Trace) -> String {
        let search = &self.source.search;
        match (&self.source.source, &search.puzzle) {
            (Some(Source::Solve(_)) | None, Some(path)) | (Some(Source::File(path)), _) => {
                let stem = path.file_stem().map_or("trace".into(), |s| s.to_string_lossy().into_owned());
                format!("{stem}-frames.png")
            }
            (Some(Source::Solve(n)), None) => {
                format!("queens-{n}x{n}-{}-{}-frames.png", search.algorithm_name(), search.until)
            }
            (Some(Source::Stdin) | None, _) => format!("trace-{n}x{n}-frames.png", n = trace.n),
        }
    }
}

fn write_atlas(cells: &[SheetCell], size: Option<(usize, usize)>, sheet: &Path, atlas_path: &Path) -> Result<()> {
    let image = sheet.file_name().map_or(String::new(), |name| name.to_string_lossy().into_owned());
    let atlas = queens::aseprite_atlas(cells, &image, size.unwrap_or_default());
    let mut file = open_text_output(atlas_path)?;
    serde_json::to_writer_pretty(&mut file, &atlas)?;
    file.write_all(b"\n")?;
    file.commit()?;
    Ok(())
}
