//! Output formats for `animate` and `render`: chosen by `--format` or by `-o`'s extension (GIF
//! when neither says), and the one place that picks the sink for each.
//!
//! Contract: `--format` wins when given, and a `-o` with another known extension is a usage error
//! (`-o run.gif --format webp`); unknown or missing extensions fall back to GIF. Default file
//! names get the format's extension. Every format writes through an [`OutputFile`], so a failed or
//! interrupted run leaves nothing behind. [`AnySink`] hands the pipeline whichever sink the format
//! needs, so one drawing closure serves every format.

use super::io::{open_output, progress_bar, summary, Bar, UsageError};
use anyhow::Result;
use queens::internals::canvas::IndexedImage;
use queens::{
    ApngSink, Encode, Frame, GifSink, OutputFile, Sink, Stream, Summary, SvgSink, Timing, VideoCodec, VideoSink,
    WebpSink,
};
use std::io::Write;
use std::path::Path;

/// An animation format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Animated GIF (plays everywhere).
    Gif,
    /// Animated lossless WebP (browsers; a third of the GIF's size).
    Webp,
    /// Animated PNG (browsers; lossless, about half the GIF's size).
    Apng,
    /// H.264 video in MP4 via ffmpeg (slides, social media; lossy, does not loop).
    Mp4,
    /// VP9 video in WebM via ffmpeg (lossy, does not loop).
    Webm,
    /// Animated SVG (browsers; sharp at any size, CSS animations, no script; --theme auto).
    Svg,
}

impl Format {
    pub const ALL: [Format; 6] = [Format::Gif, Format::Webp, Format::Apng, Format::Mp4, Format::Webm, Format::Svg];

    /// The file extension (without the dot).
    pub fn extension(self) -> &'static str {
        match self {
            Format::Gif => "gif",
            Format::Webp => "webp",
            Format::Apng => "apng",
            Format::Mp4 => "mp4",
            Format::Webm => "webm",
            Format::Svg => "svg",
        }
    }

    /// The format an extension names (case-insensitive), if any.
    pub fn from_path(path: &Path) -> Option<Format> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        Format::ALL.into_iter().find(|f| f.extension() == ext)
    }

    /// The format for `--format` and `-o`, as the module contract says.
    pub fn choose(flag: Option<Format>, output: Option<&Path>) -> Result<Format> {
        let named = output.and_then(Format::from_path);
        match (flag, named) {
            (Some(flag), Some(named)) if flag != named => Err(UsageError(format!(
                "--format {} does not match the output file's extension .{}; change one of them",
                flag.extension(),
                named.extension()
            ))
            .into()),
            (Some(format), _) | (None, Some(format)) => Ok(format),
            (None, None) => Ok(Format::Gif),
        }
    }
}

/// Any of the formats' sinks, so one drawing closure serves them all.
pub enum AnySink<W: Write> {
    Gif(GifSink<W>),
    Webp(WebpSink<W>),
    Apng(ApngSink<W>),
    Video(VideoSink<W>),
    Svg(Box<SvgSink<W>>),
}

impl<W: Write> AnySink<W> {
    /// The sink for `format`; videos tick at `timing`'s delays.
    pub fn new(format: Format, out: W, timing: &Timing) -> Self {
        match format {
            Format::Gif => AnySink::Gif(GifSink::new(out)),
            Format::Webp => AnySink::Webp(WebpSink::new(out)),
            Format::Apng => AnySink::Apng(ApngSink::new(out)),
            Format::Mp4 => AnySink::Video(VideoSink::new(out, VideoCodec::H264)),
            Format::Webm => AnySink::Video(VideoSink::new(out, VideoCodec::Vp9)),
            Format::Svg => AnySink::Svg(Box::new(SvgSink::new(out))),
        }
    }
}

/// The encoder of an [`AnySink`].
pub enum AnyEncoder<W: Write> {
    Gif(<GifSink<W> as Sink>::Encoder),
    Webp(<WebpSink<W> as Sink>::Encoder),
    Apng(<ApngSink<W> as Sink>::Encoder),
    Video(<VideoSink<W> as Sink>::Encoder),
    Svg(Box<<SvgSink<W> as Sink>::Encoder>),
}

/// A frame encoded by an [`AnyEncoder`].
pub enum AnyEncoded<W: Write> {
    Gif(<<GifSink<W> as Sink>::Encoder as Encode>::Encoded),
    Webp(<<WebpSink<W> as Sink>::Encoder as Encode>::Encoded),
    Apng(<<ApngSink<W> as Sink>::Encoder as Encode>::Encoded),
    Video(<<VideoSink<W> as Sink>::Encoder as Encode>::Encoded),
    Svg(<<SvgSink<W> as Sink>::Encoder as Encode>::Encoded),
}

impl<W: Write> Encode for AnyEncoder<W> {
    type Encoded = AnyEncoded<W>;

    fn encode(&self, before: Option<&IndexedImage>, frame: &Frame<'_>) -> queens::Result<AnyEncoded<W>> {
        Ok(match self {
            AnyEncoder::Gif(e) => AnyEncoded::Gif(e.encode(before, frame)?),
            AnyEncoder::Webp(e) => AnyEncoded::Webp(e.encode(before, frame)?),
            AnyEncoder::Apng(e) => AnyEncoded::Apng(e.encode(before, frame)?),
            AnyEncoder::Video(e) => AnyEncoded::Video(e.encode(before, frame)?),
            AnyEncoder::Svg(e) => AnyEncoded::Svg(e.encode(before, frame)?),
        })
    }
}

impl<W: Write> Sink for AnySink<W> {
    type Encoder = AnyEncoder<W>;

    fn start(&mut self, stream: &Stream<'_>) -> queens::Result<AnyEncoder<W>> {
        Ok(match self {
            AnySink::Gif(s) => AnyEncoder::Gif(s.start(stream)?),
            AnySink::Webp(s) => AnyEncoder::Webp(s.start(stream)?),
            AnySink::Apng(s) => AnyEncoder::Apng(s.start(stream)?),
            AnySink::Video(s) => AnyEncoder::Video(s.start(stream)?),
            AnySink::Svg(s) => AnyEncoder::Svg(Box::new(s.start(stream)?)),
        })
    }

    fn write(&mut self, encoded: AnyEncoded<W>) -> queens::Result<()> {
        match (self, encoded) {
            (AnySink::Gif(s), AnyEncoded::Gif(e)) => s.write(e),
            (AnySink::Webp(s), AnyEncoded::Webp(e)) => s.write(e),
            (AnySink::Apng(s), AnyEncoded::Apng(e)) => s.write(e),
            (AnySink::Video(s), AnyEncoded::Video(e)) => s.write(e),
            (AnySink::Svg(s), AnyEncoded::Svg(e)) => s.write(e),
            _ => Err(queens::Error::SinkState("a frame from another format's encoder")),
        }
    }

    fn finish(&mut self) -> queens::Result<()> {
        match self {
            AnySink::Gif(s) => s.finish(),
            AnySink::Webp(s) => s.finish(),
            AnySink::Apng(s) => s.finish(),
            AnySink::Video(s) => s.finish(),
            AnySink::Svg(s) => s.finish(),
        }
    }
}

/// Write `path` in `format` with a progress bar over `frames` (counting up when unknown); `draw`
/// renders into the sink it is given. Prints the summary line.
pub fn write_animation(
    (path, format): (&Path, Format),
    frames: Option<usize>,
    quiet: bool,
    timing: &Timing,
    draw: impl FnOnce(&mut AnySink<&mut OutputFile>, &Bar) -> queens::Result<Summary>,
) -> Result<()> {
    let mut file = open_output(path)?;
    let bar = Bar(progress_bar(frames, "frames", quiet));
    let done = draw(&mut AnySink::new(format, &mut file, timing), &bar)?;
    bar.0.finish_and_clear();
    let bytes = file.commit()?;
    summary(path, &format!("{} frames, {}x{} px, {bytes} bytes", done.frames, done.width, done.height))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extension_or_flag_picks_the_format() {
        let choose = |flag, path: &str| Format::choose(flag, Some(Path::new(path))).ok();
        assert_eq!(choose(None, "a.webp"), Some(Format::Webp));
        assert_eq!(choose(None, "dir/A.MP4"), Some(Format::Mp4));
        assert_eq!(choose(None, "a.png"), Some(Format::Gif));
        assert_eq!(choose(Some(Format::Apng), "a.png"), Some(Format::Apng));
        assert_eq!(choose(Some(Format::Webm), "a.webm"), Some(Format::Webm));
        assert_eq!(choose(Some(Format::Webp), "a.gif"), None);
        assert_eq!(Format::choose(None, None).ok(), Some(Format::Gif));
        assert_eq!(choose(None, "run.svg"), Some(Format::Svg));
    }
}
