//! `queens puzzle hint FILE -o hint.png|svg`: the next deduction drawn as a still.
//!
//! Contract: the still is the frame a `--puzzle` run of the rule solver shows after its first
//! event when that event is a deduction (its squares crossed or its queen placed, the squares the
//! rule used outlined, the rule's sentence in the caption); a puzzle no rule moves (a guess is
//! needed, or it is solved or dead) is drawn as given. PNG or SVG, by the file's extension; the
//! look flags of `animate` apply. Nothing is left behind on failure. With the picture on stdout
//! (`-o -`, or a path that is stdout's own file), the hint's words and the summary go to stderr.

use super::io::{open_output, render_options};
use anyhow::Result;
use queens::{Algorithm, Animation, Event, Format, FrameSpec, NoProgress, Puzzle, Selection, SolveOptions};
use queens::{SheetOptions, SinkOptions};
use std::path::Path;

/// Draw `puzzle`'s next deduction into `path` (`-`: stdout) with the look `look`; the summary's
/// details (size and bytes).
pub fn write_hint(puzzle: &Puzzle, path: &Path, look: &super::args::LookArgs) -> Result<String> {
    let format = Format::choose(None, Some(path), &[Format::Png, Format::Svg])?;
    super::svg::check_auto(&look.theme, format == Format::Svg)?;
    let mut options = SolveOptions::new(puzzle.n);
    options.algorithm = Algorithm::Deduce;
    options.puzzle = Some(puzzle.clone());
    // The first event alone: a hard puzzle's whole run is not recorded to show its first step.
    let mut trace = queens::record_first(&options, 1)?;
    let keep = usize::from(matches!(trace.events.first(), Some(Event::Deduce { .. } | Event::Eliminate { .. })));
    trace.events.truncate(keep);
    let mut animation = Animation::new();
    animation.look = render_options(look)?;
    let spec = FrameSpec::parse(&keep.to_string())?;
    animation.selection = Selection { spec: Some(spec), every: None };
    let mut sink_options = SinkOptions::default();
    sink_options.sheet = Some(SheetOptions::new(1, None, 0, false));
    let mut file = open_output(path)?;
    let done = queens::render(&trace, &animation, &mut format.sink(&mut file, &sink_options)?, &NoProgress)?;
    let bytes = file.commit()?;
    Ok(format!("{}x{} px, {bytes} bytes", done.width, done.height))
}

/// True when the picture at `path` lands on stdout: `-`, or the file stdout already is (such as
/// `/dev/stdout` into a pipe).
pub fn goes_to_stdout(path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    let same = |a: &std::fs::Metadata, b: &std::fs::Metadata| (a.dev(), a.ino()) == (b.dev(), b.ino());
    super::io::is_stdout(path)
        || matches!((std::fs::metadata(path), std::fs::metadata("/dev/stdout")), (Ok(a), Ok(b)) if same(&a, &b))
}
