//! PNG stills: an indexed image written as a palette PNG (small files, exact colours).
//!
//! Contract: the PNG has colour type "indexed" with the run's global palette; pixel values are
//! the palette indices unchanged, so decoding gives exactly the colours the rasterizer chose.

use crate::render::canvas::IndexedImage;
use crate::render::theme::Palette;
use crate::Error;
use std::io::Write;

/// Write `image` as a palette PNG.
pub fn write_png<W: Write>(out: W, image: &IndexedImage, palette: &Palette) -> Result<(), Error> {
    let mut encoder = png::Encoder::new(out, image.width as u32, image.height as u32);
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_palette(palette.flat());
    encoder.set_compression(png::Compression::High);
    encoder.set_filter(png::Filter::NoFilter);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(&image.pixels)?;
    writer.finish()?;
    Ok(())
}

/// Receives the strips of a PNG written by [`write_png_strips`].
pub struct StripSink<'a, W: Write> {
    stream: png::StreamWriter<'a, W>,
    width: usize,
}

impl<W: Write> StripSink<'_, W> {
    /// Append the rows of `strip` (which must be as wide as the image).
    pub fn write(&mut self, strip: &IndexedImage) -> Result<(), Error> {
        assert_eq!(strip.width, self.width, "strip width matches the image");
        self.stream.write_all(&strip.pixels)?;
        Ok(())
    }
}

/// A palette PNG written in horizontal strips that `fill` produces top to bottom, so a huge sheet
/// never sits in memory whole. `fill` must write exactly `height` rows.
pub fn write_png_strips<W: Write>(
    out: W,
    (width, height): (usize, usize),
    palette: &Palette,
    fill: impl FnOnce(&mut StripSink<'_, W>) -> Result<(), Error>,
) -> Result<(), Error> {
    let mut encoder = png::Encoder::new(out, width as u32, height as u32);
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_palette(palette.flat());
    encoder.set_compression(png::Compression::High);
    encoder.set_filter(png::Filter::NoFilter);
    let mut writer = encoder.write_header()?;
    {
        let mut sink = StripSink { stream: writer.stream_writer()?, width };
        fill(&mut sink)?;
        sink.stream.finish()?;
    }
    writer.finish()?;
    Ok(())
}
