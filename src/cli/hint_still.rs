//! `queens puzzle hint FILE -o hint.png|svg`: the next deduction drawn as a still.
//!
//! Contract: the still is `queens::write_puzzle_hint`'s: the board after the next deduction (its
//! new crosses in the accent, or its queen placed, the squares the rule used outlined), then the
//! rule in plain words and the deduction's sentence under it, without a step or counters; a
//! puzzle no rule moves (a guess is needed, or it is solved or dead) is drawn as given. PNG or SVG,
//! by the file's extension; the look flags of `animate` apply. Nothing is left behind on failure.
//! With the picture on stdout (`-o -`, or a path that is stdout's own file), the hint's words and
//! the summary go to stderr.

use super::io::{open_output, render_options};
use anyhow::Result;
use queens::{Format, Puzzle};
use std::path::Path;

/// Draw `puzzle`'s next deduction into `path` (`-`: stdout) with the look `look`; the summary's
/// details (size and bytes).
pub fn write_hint(puzzle: &Puzzle, path: &Path, look: &super::args::LookArgs) -> Result<String> {
    let format = Format::choose(None, Some(path), &[Format::Png, Format::Svg])?;
    super::svg::check_auto(&look.theme, format == Format::Svg)?;
    let options = render_options(look)?;
    let mut file = open_output(path)?;
    let (width, height) = queens::write_puzzle_hint(puzzle, &options, format, &mut file)?;
    let bytes = file.commit()?;
    Ok(format!("{width}x{height} px, {bytes} bytes"))
}

/// True when the picture at `path` lands on stdout: `-`, or the file stdout already is (such as
/// `/dev/stdout` into a pipe).
pub fn goes_to_stdout(path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    let same = |a: &std::fs::Metadata, b: &std::fs::Metadata| (a.dev(), a.ino()) == (b.dev(), b.ino());
    super::io::is_stdout(path)
        || matches!((std::fs::metadata(path), std::fs::metadata("/dev/stdout")), (Ok(a), Ok(b)) if same(&a, &b))
}
