//! Output formats: which format a flag or a file name asks for, and the one place that picks the
//! sink writing it.
//!
//! Contract: [`Format::choose`] takes an explicit format first (it wins over the file's
//! extension); else the output's extension decides when it names a format; else the command's
//! default applies (no extension, or stdout). An extension that names no format this command
//! writes (`-o x.jpg`, `frames -o x.gif`) is [`Error::UnknownFormat`], naming the formats it
//! does write. [`AnySink`] holds any sink behind one type, so one drawing call serves every format;
//! `options.rs` picks the sink (a new format is a variant here, its extension, and one arm in
//! [`Format::sink`], plus its sink file).

use super::{Encode, Frame, SheetCell, Sink, Stream};
use crate::error::Error;
use crate::pixels::IndexedImage;
use std::any::Any;
use std::path::Path;

/// A file format queens writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
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
    /// SVG: a still, a sheet, or an animation (CSS, no script; sharp at any size).
    Svg,
    /// PNG: a still or a sprite sheet (palette PNG).
    Png,
    /// A self-contained HTML player page (browsers): play, step, scrub, loop a range.
    Html,
    /// PDF: vector pages, one per frame (slides, print), or a still on one page.
    Pdf,
}

/// What `animate`, `render` and `race` write.
pub const ANIMATION_FORMATS: &[Format] =
    &[Format::Gif, Format::Webp, Format::Apng, Format::Mp4, Format::Webm, Format::Svg, Format::Html, Format::Pdf];

/// What the still commands (`board`, `boards`, `sheet`, `heatmap`) and `frames` write.
pub const STILL_FORMATS: &[Format] = &[Format::Png, Format::Svg, Format::Pdf];

impl Format {
    /// Every format.
    pub const ALL: [Format; 9] = [
        Format::Gif,
        Format::Webp,
        Format::Apng,
        Format::Mp4,
        Format::Webm,
        Format::Svg,
        Format::Png,
        Format::Html,
        Format::Pdf,
    ];

    /// The file extension, without the dot (also the `--format` value).
    pub fn extension(self) -> &'static str {
        match self {
            Format::Gif => "gif",
            Format::Webp => "webp",
            Format::Apng => "apng",
            Format::Mp4 => "mp4",
            Format::Webm => "webm",
            Format::Svg => "svg",
            Format::Png => "png",
            Format::Html => "html",
            Format::Pdf => "pdf",
        }
    }

    /// The format a name or extension names (case-insensitive), if any.
    pub fn from_name(name: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.extension().eq_ignore_ascii_case(name))
    }

    /// The format for a run: `flag` when given, else the extension of `output` when it has one
    /// (it must be one of `writes`), else `writes[0]`, the command's default.
    pub fn choose(flag: Option<Format>, output: Option<&Path>, writes: &[Format]) -> Result<Format, Error> {
        let unknown = |extension: String| Error::UnknownFormat { extension, writes: names(writes) };
        if let Some(flag) = flag {
            return if writes.contains(&flag) { Ok(flag) } else { Err(unknown(flag.extension().into())) };
        }
        let Some(extension) = output.and_then(Path::extension) else { return Ok(writes[0]) };
        let extension = extension.to_string_lossy();
        Format::from_name(&extension).filter(|f| writes.contains(f)).ok_or_else(|| unknown(extension.into_owned()))
    }

    /// Whether the format's sink writes each frame as it comes, in flat memory (GIF, MP4, WebM,
    /// PDF); the others (SVG, APNG, WebP, HTML, PNG sheets) hold the run until its end.
    pub fn streams(self) -> bool {
        matches!(self, Format::Gif | Format::Mp4 | Format::Webm | Format::Pdf)
    }

    /// Whether the format draws vectors, which may carry `--theme auto`'s two themes.
    pub fn is_vector(self) -> bool {
        matches!(self, Format::Svg | Format::Html)
    }
}

impl std::fmt::Display for Format {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.extension())
    }
}

/// "gif, webp, ... or svg": the formats a command writes, for messages.
fn names(formats: &[Format]) -> String {
    let names: Vec<&str> = formats.iter().map(|f| f.extension()).collect();
    match names.split_last() {
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// Any sink behind one type: the format is chosen at run time, the frames still encode on the
/// workers (each encoded frame is boxed on its way to the writing thread).
pub struct AnySink<'a> {
    inner: Box<dyn ErasedSink + 'a>,
}

impl<'a> AnySink<'a> {
    /// Wrap `sink`.
    pub fn new<S: Sink + 'a>(sink: S) -> Self
    where
        <S::Encoder as Encode>::Encoded: 'static,
        S::Encoder: 'static,
    {
        AnySink { inner: Box::new(sink) }
    }
}

/// The encoder of an [`AnySink`].
pub type AnyEncoder = Box<dyn ErasedEncode>;

/// [`Sink`] with its encoded frames' type erased.
trait ErasedSink {
    fn start(&mut self, stream: &Stream<'_>) -> Result<AnyEncoder, Error>;
    fn write(&mut self, encoded: Box<dyn Any + Send>) -> Result<(), Error>;
    fn finish(&mut self) -> Result<(), Error>;
    fn sheet(&self) -> Option<(&[SheetCell], (usize, usize))>;
    fn pages(&self) -> Option<usize>;
    fn holds_run(&self) -> bool;
}

/// [`Encode`] with its output's type erased.
pub trait ErasedEncode: Sync {
    /// Encode `frame` (see [`Encode::encode`]), boxed.
    fn encode_any(&self, before: Option<&IndexedImage>, frame: &Frame<'_>) -> Result<Box<dyn Any + Send>, Error>;
    /// Encode `frame` (see [`Encode::encode_after`]), boxed.
    fn encode_any_after(
        &self,
        two_back: Option<&IndexedImage>,
        before: Option<&IndexedImage>,
        frame: &Frame<'_>,
    ) -> Result<Box<dyn Any + Send>, Error>;

    /// See [`Encode::frames_per_chunk`].
    fn frames_per_chunk_any(&self) -> usize;

    /// See [`Encode::needs_pixels`].
    fn needs_pixels_any(&self) -> bool;

    /// See [`Encode::takes_motion`].
    fn takes_motion_any(&self) -> bool;
}

impl<E: Encode> ErasedEncode for E
where
    E::Encoded: 'static,
{
    fn encode_any(&self, before: Option<&IndexedImage>, frame: &Frame<'_>) -> Result<Box<dyn Any + Send>, Error> {
        Ok(Box::new(self.encode(before, frame)?))
    }

    fn encode_any_after(
        &self,
        two_back: Option<&IndexedImage>,
        before: Option<&IndexedImage>,
        frame: &Frame<'_>,
    ) -> Result<Box<dyn Any + Send>, Error> {
        Ok(Box::new(self.encode_after(two_back, before, frame)?))
    }

    fn frames_per_chunk_any(&self) -> usize {
        self.frames_per_chunk()
    }

    fn needs_pixels_any(&self) -> bool {
        self.needs_pixels()
    }

    fn takes_motion_any(&self) -> bool {
        self.takes_motion()
    }
}

impl<S: Sink> ErasedSink for S
where
    <S::Encoder as Encode>::Encoded: 'static,
    S::Encoder: 'static,
{
    fn start(&mut self, stream: &Stream<'_>) -> Result<AnyEncoder, Error> {
        Ok(Box::new(Sink::start(self, stream)?))
    }

    fn write(&mut self, encoded: Box<dyn Any + Send>) -> Result<(), Error> {
        let encoded = encoded.downcast().map_err(|_| Error::SinkState("a frame from another format's encoder"))?;
        Sink::write(self, *encoded)
    }

    fn finish(&mut self) -> Result<(), Error> {
        Sink::finish(self)
    }

    fn sheet(&self) -> Option<(&[SheetCell], (usize, usize))> {
        Sink::sheet(self)
    }

    fn pages(&self) -> Option<usize> {
        Sink::pages(self)
    }

    fn holds_run(&self) -> bool {
        Sink::holds_run(self)
    }
}

impl Encode for AnyEncoder {
    type Encoded = Box<dyn Any + Send>;

    fn encode(&self, before: Option<&IndexedImage>, frame: &Frame<'_>) -> Result<Self::Encoded, Error> {
        // The boxed encoder itself, not the blanket impl on the box (which would call back here).
        (**self).encode_any(before, frame)
    }

    fn encode_after(
        &self,
        two_back: Option<&IndexedImage>,
        before: Option<&IndexedImage>,
        frame: &Frame<'_>,
    ) -> Result<Self::Encoded, Error> {
        (**self).encode_any_after(two_back, before, frame)
    }

    fn frames_per_chunk(&self) -> usize {
        (**self).frames_per_chunk_any()
    }

    fn needs_pixels(&self) -> bool {
        (**self).needs_pixels_any()
    }

    fn takes_motion(&self) -> bool {
        (**self).takes_motion_any()
    }
}

impl Sink for AnySink<'_> {
    type Encoder = AnyEncoder;

    fn start(&mut self, stream: &Stream<'_>) -> Result<AnyEncoder, Error> {
        ErasedSink::start(&mut *self.inner, stream)
    }

    fn write(&mut self, encoded: Box<dyn Any + Send>) -> Result<(), Error> {
        ErasedSink::write(&mut *self.inner, encoded)
    }

    fn finish(&mut self) -> Result<(), Error> {
        ErasedSink::finish(&mut *self.inner)
    }

    fn sheet(&self) -> Option<(&[SheetCell], (usize, usize))> {
        ErasedSink::sheet(&*self.inner)
    }

    fn pages(&self) -> Option<usize> {
        ErasedSink::pages(&*self.inner)
    }

    fn holds_run(&self) -> bool {
        ErasedSink::holds_run(&*self.inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sink::GifSink;

    #[test]
    fn flag_wins_then_extension_then_default() {
        let choose = |flag, path: &str| Format::choose(flag, Some(Path::new(path)), ANIMATION_FORMATS).ok();
        assert_eq!(choose(None, "a.webp"), Some(Format::Webp));
        assert_eq!(choose(None, "dir/A.MP4"), Some(Format::Mp4));
        assert_eq!(choose(None, "run.svg"), Some(Format::Svg));
        assert_eq!(choose(None, "run.HTML"), Some(Format::Html));
        assert_eq!(choose(None, "run"), Some(Format::Gif));
        assert_eq!(choose(Some(Format::Apng), "a.png"), Some(Format::Apng));
        assert_eq!(choose(Some(Format::Webp), "a.gif"), Some(Format::Webp));
        assert_eq!(Format::choose(None, None, ANIMATION_FORMATS).ok(), Some(Format::Gif));
        assert_eq!(Format::choose(None, Some(Path::new("b.svg")), STILL_FORMATS).ok(), Some(Format::Svg));
    }

    #[test]
    fn any_sink_writes_what_its_sink_writes() {
        let trace = crate::solve::record(&crate::solve::SolveOptions::new(5), 1000).unwrap();
        let animation = crate::pipeline::Animation::new();
        let mut direct = Vec::new();
        crate::pipeline::render(&trace, &animation, &mut GifSink::new(&mut direct), &crate::pipeline::NoProgress)
            .unwrap();
        let mut erased = Vec::new();
        let mut sink = Format::Gif.sink(&mut erased, &crate::sink::SinkOptions::default()).unwrap();
        crate::pipeline::render(&trace, &animation, &mut sink, &crate::pipeline::NoProgress).unwrap();
        drop(sink);
        assert!(!direct.is_empty());
        assert_eq!(direct, erased);
    }

    #[test]
    fn an_extension_naming_no_format_of_the_command_is_refused() {
        for (path, writes) in [("x.jpg", ANIMATION_FORMATS), ("x.png", ANIMATION_FORMATS), ("x.gif", STILL_FORMATS)] {
            let e = Format::choose(None, Some(Path::new(path)), writes).unwrap_err().to_string();
            assert!(e.contains(&path[2..]), "{e}");
            assert!(e.contains(&names(writes)), "{e}");
        }
        assert!(Format::choose(Some(Format::Png), None, ANIMATION_FORMATS).is_err());
        assert_eq!(names(STILL_FORMATS), "png, svg or pdf");
        assert_eq!(Format::choose(None, Some(Path::new("run.PDF")), ANIMATION_FORMATS).ok(), Some(Format::Pdf));
    }
}
