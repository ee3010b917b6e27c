//! Stills: one board, a sheet of solutions (or of symmetry classes), a heatmap of the solution
//! space. Each product has one `write_*` taking the [`Format`] to write (PNG, SVG or PDF); the files
//! beside this one describe and draw it.
//!
//! Contract: boards are described by the same [`Describer`](crate::scene::Describer) as animation
//! frames, so a board looks the same everywhere; the PNG and the SVG of a product show the same
//! picture (the SVG is the scene the PNG is painted from, or the same layout). A format a product
//! does not write (an animation format) is [`Error::UnknownFormat`].

mod board;
pub mod book;
pub mod chart;
pub mod classes;
pub mod heatmap;
mod hint;
mod pdf;
pub mod picture;
pub mod sheet;
mod sheet_text;
mod svg;

pub use crate::sink::atlas::{Atlas, AtlasEntry};
pub use sheet::{ClassPlace, SheetBoard};

use crate::error::Error;
use crate::scene::RenderOptions;
use crate::sink::Format;
use picture::still_format as still;
use std::io::Write;

/// One board (a solution or any partial layout, `queens[col] = row`); returns its width and height.
/// Unless bare, attacking pairs are joined by a line and labels drawn when `coords` is set.
/// `options.dark`, when given, is shown to SVG viewers that prefer a dark colour scheme.
///
/// ```
/// # let dir = tempfile::tempdir()?;
/// let mut options = queens::RenderOptions::default();
/// options.coords = true;
/// let mut file = queens::OutputFile::create(&dir.path().join("board.svg"))?;
/// let (width, height) = queens::write_board(8, &[0, 4, 7, 5, 2, 6, 1, 3], &options, queens::Format::Svg, &mut file)?;
/// file.commit()?;
/// assert!(width > 0 && height > 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_board<W: Write>(
    n: usize,
    queens: &[usize],
    options: &RenderOptions,
    format: Format,
    out: W,
) -> Result<(usize, usize), Error> {
    let format = still(format)?;
    board::picture(n, queens, options)?.write(format, out)
}

/// `boards` on one sheet, `columns` boards per row (boards placed in a class row go to their
/// class's row and slot instead); returns the atlas.
///
/// ```
/// # let dir = tempfile::tempdir()?;
/// let order = queens::count::SolutionOrder::Backtrack;
/// let boards = queens::solution_boards(6, false, order); // all 4 solutions of 6x6
/// let mut file = queens::OutputFile::create(&dir.path().join("sheet.png"))?;
/// let options = queens::RenderOptions::default();
/// let atlas = queens::write_sheet(6, &boards, &options, 2, queens::Format::Png, &mut file)?;
/// file.commit()?;
/// assert_eq!(atlas.boards.len(), 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_sheet<W: Write>(
    n: usize,
    boards: &[SheetBoard],
    options: &RenderOptions,
    columns: usize,
    format: Format,
    out: W,
) -> Result<Atlas, Error> {
    match still(format)? {
        Format::Svg => svg::write_sheet_svg(n, boards, options, columns, out),
        Format::Pdf => pdf::write_sheet_pdf(n, boards, options, columns, out),
        _ => sheet::write_sheet_png(n, boards, options, columns, out),
    }
}

/// The next deduction on `puzzle` as a still (what `queens puzzle hint -o` draws): the board after
/// it, the squares it used outlined, the rule in plain words and its sentence under the board; no
/// step, no counters. Returns its width and height.
pub fn write_puzzle_hint<W: Write>(
    puzzle: &crate::trace::puzzle_furniture::Puzzle,
    options: &RenderOptions,
    format: Format,
    out: W,
) -> Result<(usize, usize), Error> {
    let format = still(format)?;
    hint::picture(puzzle, options)?.write(format, out)
}

/// How often each square holds a queen over all solutions of `n` (or one per symmetry class);
/// returns the picture's width and height.
///
/// ```
/// # let dir = tempfile::tempdir()?;
/// let mut file = queens::OutputFile::create(&dir.path().join("heatmap.png"))?;
/// let options = queens::RenderOptions::default();
/// queens::write_heatmap(8, false, &options, queens::Format::Png, &mut file)?;
/// file.commit()?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_heatmap<W: Write>(
    n: usize,
    unique: bool,
    options: &RenderOptions,
    format: Format,
    out: W,
) -> Result<(usize, usize), Error> {
    let format = still(format)?;
    heatmap::picture(n, unique, options)?.write(format, out)
}

/// A search tree's nodes per level as a bar chart on a log axis (Knuth's profile); a second
/// profile of the same board (`vs`) is drawn beside each bar. Returns the picture's width and height.
///
/// ```
/// # let dir = tempfile::tempdir()?;
/// use queens::count::profile::{profile, ProfileSearch};
/// let eight = profile(8, ProfileSearch::Backtrack, None).unwrap();
/// let mut file = queens::OutputFile::create(&dir.path().join("profile.svg"))?;
/// let options = queens::RenderOptions::default();
/// queens::write_profile_chart(&eight, None, &options, queens::Format::Svg, &mut file)?;
/// file.commit()?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_profile_chart<W: Write>(
    profile: &crate::count::profile::Profile,
    vs: Option<&crate::count::profile::Profile>,
    options: &RenderOptions,
    format: Format,
    out: W,
) -> Result<(usize, usize), Error> {
    let format = still(format)?;
    let profiles: Vec<_> = std::iter::once(profile).chain(vs).collect();
    chart::profile::picture_of(&profiles, options)?.write(format, out)
}

/// Knuth's estimator converging: the running estimate of the tree's nodes against the probes,
/// its standard error band and the `exact` count when given. Returns the width and height.
pub fn write_estimate_chart<W: Write>(
    estimate: &crate::solve::estimate::Estimate,
    exact: Option<u64>,
    options: &RenderOptions,
    format: Format,
    out: W,
) -> Result<(usize, usize), Error> {
    let format = still(format)?;
    chart::estimate::picture_of(estimate, exact, options)?.write(format, out)
}

/// Solutions, unique solutions and backtrack tree nodes against N on a log axis, with each N's
/// measured time. Returns the width and height.
pub fn write_growth_chart<W: Write>(
    rows: &[chart::growth::GrowthRow],
    options: &RenderOptions,
    format: Format,
    out: W,
) -> Result<(usize, usize), Error> {
    let format = still(format)?;
    chart::growth::picture_of(rows, options)?.write(format, out)
}

/// One board as an `image::RgbaImage` (feature `image`): the picture [`write_board`] writes as a
/// PNG, pixel for pixel (opaque).
///
/// ```
/// let options = queens::RenderOptions::default();
/// let picture = queens::board_image(8, &[0, 4, 7, 5, 2, 6, 1, 3], &options)?;
/// assert_eq!(picture.width(), picture.height());
/// # Ok::<(), queens::Error>(())
/// ```
#[cfg(feature = "image")]
pub fn board_image(n: usize, queens: &[usize], options: &RenderOptions) -> Result<image::RgbaImage, Error> {
    let picture = board::picture(n, queens, options)?;
    Ok(picture.pixels().to_rgba(picture.palette.colors()))
}

/// The heatmap of `n` (one solution per symmetry class with `unique`) as an `image::RgbaImage`
/// (feature `image`): the picture [`write_heatmap`] writes as a PNG, pixel for pixel.
#[cfg(feature = "image")]
pub fn heatmap_image(n: usize, unique: bool, options: &RenderOptions) -> Result<image::RgbaImage, Error> {
    let picture = heatmap::picture(n, unique, options)?;
    Ok(picture.pixels().to_rgba(picture.palette.colors()))
}
