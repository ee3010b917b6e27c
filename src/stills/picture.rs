//! A still picture written in any still format: a described [`Scene`] and the colours it is drawn
//! in, handed to the raster (PNG), SVG or PDF backend.
//!
//! Contract: a still product describes its scene once and picks nothing per format; the format
//! only picks the backend. The PNG holds the scene painted in `palette` (compact: only the colours
//! used), the SVG and the PDF draw it in `theme`'s paints (the SVG switching to `dark`'s for
//! viewers that prefer dark, when given). A format stills are not written in is
//! [`Error::UnknownFormat`] (see [`still_format`]).

use crate::draw::raster::palette::Palette;
use crate::draw::{raster, svg};
use crate::encode::png::write_png;
use crate::error::Error;
use crate::pixels::IndexedImage;
use crate::scene::items::Scene;
use crate::scene::theme::Theme;
use crate::sink::pdf;
use crate::sink::{Format, STILL_FORMATS};
use std::io::Write;

/// One still, ready for any backend.
pub struct Picture {
    /// What it shows.
    pub scene: Scene,
    /// The colours of its paints.
    pub theme: Theme,
    /// The colours for dark-mode viewers (SVG only).
    pub dark: Option<Theme>,
    /// Its paints and their anti-aliasing blends, for the PNG.
    pub palette: Palette,
    /// Its words (the SVG's title).
    pub title: String,
}

impl Picture {
    /// The scene painted in palette indices.
    pub fn pixels(&self) -> IndexedImage {
        raster::still(&self.scene, &self.palette, self.theme.hatch)
    }

    /// Write the picture as `format` (a [`still_format`]) into `out`; returns its size in pixels
    /// (points, for PDF).
    pub fn write<W: Write>(&self, format: Format, mut out: W) -> Result<(usize, usize), Error> {
        match still_format(format)? {
            Format::Svg => {
                out.write_all(svg::still(&self.scene, &self.theme, self.dark.as_ref(), &self.title).as_bytes())?;
                out.flush()?;
            }
            Format::Pdf => {
                pdf::still(&self.scene, &self.theme, out)?;
            }
            _ => write_png(out, &self.pixels(), self.palette.colors())?,
        }
        Ok((self.scene.width, self.scene.height))
    }
}

/// `format` when stills are written in it (PNG, SVG, PDF), else [`Error::UnknownFormat`].
pub fn still_format(format: Format) -> Result<Format, Error> {
    match STILL_FORMATS.contains(&format) {
        true => Ok(format),
        false => Err(Error::UnknownFormat { extension: format.extension().into(), writes: "png, svg or pdf".into() }),
    }
}
