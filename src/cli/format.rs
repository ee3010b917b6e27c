//! `-o` and `--format` for every command that writes a picture, through the library's
//! [`Format::choose`] (an explicit `--format` wins; else `-o`'s extension when it names a format the
//! command writes; else the command's default), and writing an animation in the chosen format with
//! a progress bar and the summary line; `--embed` and `--handout` (with `--paper`, `--per-page`)
//! become the library's [`SinkOptions`], and the library picks the sink ([`Format::sink`]); a
//! handout's defaults (the print theme, the run's key frames) are set here.

use super::args::{ranged, ShowArgs};
use super::io::{open_output, open_text_output, progress_bar, summary, Bar, UsageError};
use anyhow::Result;
use clap::Args;
use queens::{Animation, FrameSpec, Theme, Trace};
use queens::{AnySink, Format, Handout, OutputFile, Paper, Sink, SinkOptions, Summary, Transcript, TranscriptSink};
use std::path::{Path, PathBuf};

/// `-o PATH` and `--format F`, as every picture-writing command takes them.
#[derive(Debug, Args, Clone, Default)]
pub struct OutArgs {
    /// Output path (`-` for stdout); its extension picks the format when it names one the command
    /// writes (another extension is refused).
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    /// Output format, whatever -o's extension (default: from -o's extension, else the command's
    /// first format: gif for animations, png for stills); mp4 and webm need ffmpeg.
    #[arg(long, value_parser = parse_format)]
    pub format: Option<Format>,
}

impl OutArgs {
    /// The format to write, among the command's `writes` (its default first).
    pub fn choose(&self, writes: &[Format]) -> Result<Format> {
        Ok(Format::choose(self.format, self.output.as_deref(), writes)?)
    }

    /// `-o`, else the default path `default` (a file name under `output/`) made by the caller.
    pub fn path_or(&self, default: impl FnOnce() -> PathBuf) -> PathBuf {
        self.output.clone().unwrap_or_else(default)
    }
}

/// A `--format` value: any format's name (the command says which it writes).
fn parse_format(s: &str) -> Result<Format, String> {
    Format::from_name(s).ok_or_else(|| {
        let names: Vec<&str> = Format::ALL.iter().map(|f| f.extension()).collect();
        format!("unknown format '{s}' (expected one of: {})", names.join(", "))
    })
}

/// `--embed` is for the HTML player only: refused (a usage error) for anything else.
pub fn check_embed(embed: bool, format: Format) -> Result<()> {
    if embed && format != Format::Html {
        return Err(UsageError(format!(
            "--embed makes an HTML player for an <iframe>, not a .{format} file; add --format html or -o NAME.html"
        ))
        .into());
    }
    Ok(())
}

/// `--handout`, `--paper` and `--per-page`: PDF handout pages of a run's selected frames.
#[derive(Debug, Args, Clone, Default)]
pub struct HandoutArgs {
    /// PDF handout instead of one page per frame: A4 portrait pages (or --paper letter) holding a
    /// grid of the selected frames, each with its caption and step, every text 8 pt or more,
    /// margins a printer keeps (with --format pdf or -o NAME.pdf); with --quiz, a worksheet.
    #[arg(long)]
    pub handout: bool,
    /// Paper for --handout: a4 (default) or letter.
    #[arg(long, value_parser = ["a4", "letter"], requires = "handout")]
    pub paper: Option<String>,
    /// Frames per --handout page at most (default 6; fewer when more would shrink text under 8 pt).
    #[arg(long, value_name = "K", requires = "handout", allow_negative_numbers = true,
          value_parser = ranged("the frames per page", 1u32, 24))]
    pub per_page: Option<u32>,
}

/// The sink options `--embed` and `--handout` ask for in `format`, refusing each (a usage error) with
/// another format; `title` heads handout pages ("6×6 · backtrack").
pub fn sink_options(
    embed: bool,
    handout: &HandoutArgs,
    format: Format,
    title: impl FnOnce() -> String,
) -> Result<SinkOptions> {
    check_embed(embed, format)?;
    let mut options = SinkOptions::default();
    options.embed = embed;
    if !handout.handout {
        return Ok(options);
    }
    if format != Format::Pdf {
        return Err(UsageError(format!(
            "--handout makes PDF pages, not a .{format} file; add --format pdf or -o NAME.pdf"
        ))
        .into());
    }
    let paper = match handout.paper.as_deref() {
        Some("letter") => Paper::Letter,
        _ => Paper::A4,
    };
    let per_page = handout.per_page.map_or(6, |k| k as usize);
    options.handout = Some(Handout { paper, per_page, title: title() });
    Ok(options)
}

/// What a PDF handout (`options.handout`, not a worksheet) takes by default when the flags leave it
/// open: the print theme when neither --theme nor --theme-file is given, and, when neither --frames
/// nor --every is, the run's key frames (`queens::key_frames`: dead ends, the removals that take
/// the search further back than before, solutions) of `trace` (`None`: a stream, every frame).
pub fn handout_defaults(animation: &mut Animation, trace: Option<&Trace>, options: &SinkOptions, show: &ShowArgs) {
    if options.handout.is_none() {
        return;
    }
    if show.look.theme.unset() {
        animation.look.theme = Theme::print();
        animation.look.dark = None;
    }
    if let (Some(trace), None, None, None) = (trace, &show.select.frames, show.select.every, options.quiz) {
        let keys: Vec<String> = queens::key_frames(trace).iter().map(usize::to_string).collect();
        animation.selection.spec = FrameSpec::parse(&keys.join(",")).ok();
    }
}

/// Write `path` in the animation `format` (an HTML player margin-less, or PDF handout pages, as
/// `options` say) with a progress bar over `frames` (counting up when unknown); `draw` renders
/// into the sink it is given. Prints the summary line.
pub fn write_animation(
    (path, format, options): (&Path, Format, &SinkOptions),
    (frames, transcript): (Option<usize>, Option<&Path>),
    quiet: bool,
    draw: impl FnOnce(&mut AnySink<'_>, &Bar) -> queens::Result<Summary>,
) -> Result<()> {
    let mut file = open_output(path)?;
    // The transcript streams on stdout (or a pipe) only once the run has succeeded.
    let mut text = transcript.map(|path| Ok::<_, anyhow::Error>(open_text_output(path)?.held()?)).transpose()?;
    let bar = Bar(progress_bar(frames, "frames", quiet));
    let (done, pages) = {
        let sink = format.sink(&mut file, options)?;
        let mut sink = match (transcript, text.as_mut()) {
            (Some(path), Some(text)) => AnySink::new(TranscriptSink::new(sink, text, Transcript::for_path(path))),
            _ => sink,
        };
        (draw(&mut sink, &bar)?, sink.pages())
    };
    bar.0.finish_and_clear();
    if let Some(text) = text {
        text.commit()?;
    }
    let bytes = OutputFile::commit(file)?;
    let pages = match (&options.handout, pages) {
        (Some(_), Some(pages)) => format!(" on {pages} pages"),
        _ => String::new(),
    };
    // With smooth motion a GIF, WebP, APNG or video holds the in-betweens as frames of their own.
    let frames = match done.pictures > done.frames && !format.is_vector() {
        true => format!("{} frames ({} steps and their in-betweens)", done.pictures, done.frames),
        false => format!("{} frames", done.frames),
    };
    summary(path, &format!("{frames}{pages}, {}x{} px, {bytes} bytes", done.width, done.height))
}
