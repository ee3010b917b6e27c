//! Stills: one board, a sheet of solutions (or of symmetry classes), a heatmap of the solution
//! space. Each product has one `write_*` taking the [`Format`] to write (PNG or SVG); the files
//! beside this one describe and draw it.
//!
//! Contract: boards are drawn by the same [`Renderer`](crate::render::Renderer) as animation
//! frames, so a board looks the same everywhere; the PNG and the SVG of a product show the same
//! picture (the SVG is the scene the PNG is painted from, or the same layout). A format a product
//! does not write (an animation format) is [`Error::UnknownFormat`].

pub mod classes;
pub mod heatmap;
pub mod sheet;
mod sheet_text;
mod svg;

pub use crate::sink::atlas::{Atlas, AtlasEntry};
pub use sheet::{ClassPlace, SheetBoard};

use crate::render::RenderOptions;
use crate::sink::{Format, STILL_FORMATS};
use crate::Error;
use std::io::Write;

/// One board (a solution or any partial layout, `queens[col] = row`); returns its width and height.
/// Unless bare, attacking pairs are joined by a line and labels drawn when `coords` is set.
/// `options.dark`, when given, is shown to SVG viewers that prefer a dark colour scheme.
pub fn write_board<W: Write>(
    n: usize,
    queens: &[usize],
    options: &RenderOptions,
    format: Format,
    out: W,
) -> Result<(usize, usize), Error> {
    match still(format)? {
        Format::Svg => svg::write_board_svg(n, queens, options, out),
        _ => sheet::write_board_png(n, queens, options, out),
    }
}

/// `boards` on one sheet, `columns` boards per row (boards placed in a class row go to their
/// class's row and slot instead); returns the atlas.
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
        _ => sheet::write_sheet_png(n, boards, options, columns, out),
    }
}

/// How often each square holds a queen over all solutions of `n` (or one per symmetry class);
/// returns the picture's width and height.
pub fn write_heatmap<W: Write>(
    n: usize,
    unique: bool,
    options: &RenderOptions,
    format: Format,
    out: W,
) -> Result<(usize, usize), Error> {
    match still(format)? {
        Format::Svg => heatmap::write_heatmap_svg(n, unique, options, out),
        _ => heatmap::write_heatmap_png(n, unique, options, out),
    }
}

/// `format` when stills are written in it.
fn still(format: Format) -> Result<Format, Error> {
    match STILL_FORMATS.contains(&format) {
        true => Ok(format),
        false => Err(Error::UnknownFormat { extension: format.extension().into(), writes: "png or svg".into() }),
    }
}
