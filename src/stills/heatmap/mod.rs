//! Heatmaps: how often each square holds a queen over all solutions of a board (or one per
//! symmetry class), as a still [`Picture`] that any backend draws.
//!
//! Contract: [`heatmap_counts`] (counts.rs) gives `counts[row][col]`; describe.rs lays the picture
//! out once as a `Scene` (cells, counts, title, legend); colours.rs gives the theme its ramp (a
//! stepped single-hue lightness ramp, so it survives grayscale and colour blindness) as fill
//! paints, and the PNG's palette. Nothing here depends on the format.

mod colours;
mod counts;
mod describe;

pub use colours::ramp;
pub use counts::heatmap_counts;

use super::picture::Picture;
use crate::error::Error;
use crate::font::Glyphs;
use crate::scene::layout::check_geometry;
use crate::scene::RenderOptions;

/// The heatmap of `n` (over one solution per symmetry class with `unique`) with `options`' square
/// size and theme (and dark theme, for SVG viewers that prefer dark).
pub fn picture(n: usize, unique: bool, options: &RenderOptions) -> Result<Picture, Error> {
    let square = options.square_for(n);
    check_geometry(n, square)?;
    let counts = heatmap_counts(n, unique)?;
    let (scene, title) = describe::describe(&counts, unique, square, &Glyphs::new())?;
    let theme = colours::heatmap_theme(&options.theme);
    let palette = colours::palette(&theme);
    let dark = options.dark.as_ref().map(colours::heatmap_theme);
    Ok(Picture { scene, theme, dark, palette, title })
}
