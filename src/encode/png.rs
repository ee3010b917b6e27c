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
