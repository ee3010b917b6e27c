//! `queens puzzle hint FILE -o hint.png|svg`: the next deduction drawn as a still.
//!
//! Contract: the still is the frame a `--puzzle` run of the rule solver shows after its first
//! event when that event is a deduction (its squares crossed or its queen placed, the squares the
//! rule used outlined, the rule's sentence in the caption); a puzzle no rule moves (a guess is
//! needed, or it is solved or dead) is drawn as given. PNG or SVG, by the file's extension; the
//! look flags of `animate` apply. Nothing is left behind on failure.

use super::io::{open_output, render_options};
use anyhow::Result;
use queens::{Algorithm, Animation, Event, Format, FrameSpec, NoProgress, Puzzle, Selection, SolveOptions};
use queens::{StillSink, SvgSink};
use std::path::Path;

/// Draw `puzzle`'s next deduction into `path` with the look `look`; what was written, for the summary.
pub fn write_hint(puzzle: &Puzzle, path: &Path, look: &super::args::LookArgs) -> Result<String> {
    let format = Format::choose(None, Some(path), &[Format::Png, Format::Svg])?;
    super::svg::check_auto(&look.theme, format == Format::Svg)?;
    let mut options = SolveOptions::new(puzzle.n);
    options.algorithm = Algorithm::Deduce;
    options.puzzle = Some(puzzle.clone());
    let mut trace = queens::record(&options, queens::DEFAULT_MAX_FRAMES)?;
    let keep = usize::from(matches!(trace.events.first(), Some(Event::Deduce { .. } | Event::Eliminate { .. })));
    trace.events.truncate(keep);
    let mut animation = Animation::new();
    animation.look = render_options(look)?;
    let spec = FrameSpec::parse(&keep.to_string())?;
    animation.selection = Selection { spec: Some(spec), every: None };
    let mut file = open_output(path)?;
    let done = match format {
        Format::Svg => queens::render(&trace, &animation, &mut SvgSink::new(&mut file), &NoProgress)?,
        _ => queens::render(&trace, &animation, &mut StillSink::new(&mut file), &NoProgress)?,
    };
    let bytes = file.commit()?;
    Ok(format!("{}: {}x{} px, {bytes} bytes", path.display(), done.width, done.height))
}
