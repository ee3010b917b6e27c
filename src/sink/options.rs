//! What a sink is asked for beyond the frames, and the one place that picks the sink for a format
//! and those options: the command line and a binding choose no sink of their own.
//!
//! Contract: [`Format::sink`] hands back the sink writing `format` into `out` as [`SinkOptions`]
//! say: an animation by default; frames laid side by side on a sheet (PNG, SVG) or one frame alone
//! when [`SinkOptions::sheet`] is given; an HTML player without margins with `embed`; PDF handout
//! pages with `handout`; an HTML player that asks, or with `handout` a PDF worksheet, with `quiz`. An option the format cannot carry is [`Error::OptionNeedsFormat`]; a
//! format that cannot hold the frames as asked (an animation as PNG) is [`Error::UnknownFormat`].

use super::{AnySink, ApngSink, Format, GifSink, Handout, HtmlSink, PdfSink, SvgSink, VideoCodec, VideoSink, WebpSink};
use super::{FrameSheetSink, StillSink, SvgSheetSink};
use crate::error::Error;
use std::io::Write;

pub(crate) mod ask;
pub(crate) mod quiz_words;

/// What a sink is asked for beyond the frames. Default: the format's usual file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct SinkOptions {
    /// An HTML player without page margins, for an `<iframe>` (HTML only). Default: off.
    pub embed: bool,
    /// PDF handout pages holding a grid of frames instead of one page per frame (PDF only).
    /// Default: `None`.
    pub handout: Option<Handout>,
    /// The frames laid out side by side on one picture instead of played (PNG and SVG; `frames`).
    /// Default: `None`, an animation.
    pub sheet: Option<SheetOptions>,
    /// An HTML player that stops before some steps and asks the reader what comes (HTML only).
    /// Default: `None`, a player that only plays.
    pub quiz: Option<Quiz>,
}

/// Which steps a quiz asks about: "Where does the next queen go?" before placements, "Which
/// column runs out of safe squares?" before the placements that make a line run out (see `ask.rs`:
/// a quiz is asked on the board just before each step, so it needs every frame; a run it cannot
/// ask about is refused, [`Error::Quiz`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quiz {
    /// Before every placement that makes a line run out of safe squares (and, where the line had
    /// none already, before the placement the search makes anyway: "what does it do next?").
    DeadEnds,
    /// Before every placement.
    Placements,
    /// Before every K-th step that is a placement or a dead end.
    Every(usize),
}

impl std::str::FromStr for Quiz {
    type Err = String;

    /// `dead-ends`, `placements` or `every:K` (K at least 1).
    fn from_str(s: &str) -> Result<Quiz, String> {
        match s {
            "dead-ends" => Ok(Quiz::DeadEnds),
            "placements" => Ok(Quiz::Placements),
            _ => match s.strip_prefix("every:") {
                Some(k) if !k.is_empty() && k.bytes().all(|b| b.is_ascii_digit()) => match k.parse::<usize>() {
                    Ok(k) if k > 0 => Ok(Quiz::Every(k)),
                    Ok(_) => Err(format!("--quiz every:K takes K at least 1, not {s:?}")),
                    Err(_) => Err(format!("--quiz every:K takes K at most {}, not {s:?}", usize::MAX)),
                },
                _ => Err(format!("--quiz takes dead-ends, placements or every:K (K at least 1), not {s:?}")),
            },
        }
    }
}

/// Frames on a sheet: how many, in how many columns, how far apart.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct SheetOptions {
    /// How many frames will come: one frame alone is written as a still of that frame (pixel for
    /// pixel the frame an animation shows), unless `cells` asks for a sheet's cells anyway.
    pub frames: usize,
    /// Cells per row (`None`: about the square root of the frame count).
    pub columns: Option<usize>,
    /// Pixels of background between cells.
    pub gap: usize,
    /// The caller wants the cells' places (an atlas): a single frame is then a one-cell sheet.
    pub cells: bool,
}

impl SheetOptions {
    /// `frames` frames, `columns` per row (`None`: about the square root), `gap` pixels apart;
    /// `cells` when the caller reads the cells' places after the run ([`Sink::sheet`](super::Sink::sheet)).
    pub fn new(frames: usize, columns: Option<usize>, gap: usize, cells: bool) -> Self {
        SheetOptions { frames, columns, gap, cells }
    }

    /// Whether the frames go on a sheet (else one frame is written alone).
    fn is_sheet(&self) -> bool {
        self.frames != 1 || self.cells
    }
}

impl Format {
    /// The sink writing this format into `out`, as `options` ask.
    pub fn sink<'a, W: Write + 'a>(self, out: W, options: &SinkOptions) -> Result<AnySink<'a>, Error> {
        let refuse = |option, needs| Err(Error::OptionNeedsFormat { option, needs, format: self.to_string() });
        if options.embed && self != Format::Html {
            return refuse("embed", "html");
        }
        if options.quiz.is_some() && self != Format::Html && options.handout.is_none() {
            return refuse("quiz", "html, or pdf with handout");
        }
        if options.handout.is_some() && self != Format::Pdf {
            return refuse("handout", "pdf");
        }
        Ok(match (self, &options.sheet, &options.handout) {
            (Format::Html, _, _) => AnySink::new(HtmlSink::new(out).embed(options.embed).quiz(options.quiz)),
            (Format::Pdf, _, Some(handout)) => AnySink::new(PdfSink::handout(out, handout.clone()).quiz(options.quiz)),
            (Format::Pdf, _, None) => AnySink::new(PdfSink::new(out)),
            (Format::Png, Some(sheet), _) if sheet.is_sheet() => {
                AnySink::new(FrameSheetSink::new(out, sheet.columns, sheet.gap))
            }
            (Format::Png, Some(_), _) => AnySink::new(StillSink::new(out)),
            (Format::Svg, Some(sheet), _) if sheet.is_sheet() => {
                AnySink::new(SvgSheetSink::new(out, sheet.columns, sheet.gap))
            }
            (Format::Svg, _, _) => AnySink::new(SvgSink::new(out)),
            (Format::Gif, None, _) => AnySink::new(GifSink::new(out)),
            (Format::Webp, None, _) => AnySink::new(WebpSink::new(out)),
            (Format::Apng, None, _) => AnySink::new(ApngSink::new(out)),
            (Format::Mp4, None, _) => AnySink::new(VideoSink::new(out, VideoCodec::H264)),
            (Format::Webm, None, _) => AnySink::new(VideoSink::new(out, VideoCodec::Vp9)),
            (format, sheet, _) => {
                let writes = if sheet.is_some() { "png, svg, html or pdf" } else { "an animation format" };
                return Err(Error::UnknownFormat { extension: format.to_string(), writes: writes.into() });
            }
        })
    }

    /// The sink writing an animation in this format into `out` with default options; `None` for
    /// PNG, which holds stills and sheets only. Shorthand for [`Format::sink`].
    pub fn animation_sink<'a, W: Write + 'a>(self, out: W) -> Option<AnySink<'a>> {
        self.sink(out, &SinkOptions::default()).ok()
    }
}
