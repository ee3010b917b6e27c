//! `-o` and `--format` for every command that writes a picture, through the library's
//! [`Format::choose`] (an explicit `--format` wins; else `-o`'s extension when it names a format the
//! command writes; else the command's default), and writing an animation in the chosen format with
//! a progress bar and the summary line.

use super::io::{open_output, progress_bar, summary, Bar, UsageError};
use anyhow::Result;
use clap::Args;
use queens::{AnySink, Format, HtmlSink, OutputFile, Summary};
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

/// Write `path` in the animation `format` (an HTML player margin-less when `embed`) with a
/// progress bar over `frames` (counting up when unknown); `draw` renders into the sink it is
/// given. Prints the summary line.
pub fn write_animation(
    (path, format, embed): (&Path, Format, bool),
    frames: Option<usize>,
    quiet: bool,
    draw: impl FnOnce(&mut AnySink<'_>, &Bar) -> queens::Result<Summary>,
) -> Result<()> {
    let mut file = open_output(path)?;
    let bar = Bar(progress_bar(frames, "frames", quiet));
    let done = {
        let mut sink = match format {
            Format::Html => AnySink::new(HtmlSink::new(&mut file).embed(embed)),
            _ => format.animation_sink(&mut file).ok_or_else(|| anyhow::anyhow!("{format} is not an animation"))?,
        };
        draw(&mut sink, &bar)?
    };
    bar.0.finish_and_clear();
    let bytes = OutputFile::commit(file)?;
    summary(path, &format!("{} frames, {}x{} px, {bytes} bytes", done.frames, done.width, done.height))
}
