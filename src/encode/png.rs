//! PNG stills: indexed images written as small palette PNGs.
//!
//! Contract: the PNG has colour type "indexed"; its palette holds only the colours the image can
//! use (so 16 or fewer colours pack 2 pixels a byte, 4 or fewer 4 a byte), and decoding gives
//! exactly the colours the rasterizer chose. Rows use the Up filter (board rows repeat) and a
//! balanced deflate, chosen by measurement on the 92-board sheet.

use crate::render::canvas::IndexedImage;
use crate::render::theme::Palette;
use crate::Error;
use std::io::Write;

/// The palette indices an image may use, remapped to a compact PNG palette.
struct Compact {
    /// `map[global index]` = PNG index (only meaningful for indices listed in `used`).
    map: [u8; 256],
    colours: Vec<u8>,
    depth: png::BitDepth,
    bits: usize,
}

impl Compact {
    fn new(palette: &Palette, used: &[u8]) -> Self {
        let mut used = used.to_vec();
        used.sort_unstable();
        used.dedup();
        let mut map = [0u8; 256];
        let mut colours = Vec::with_capacity(used.len() * 3);
        for (i, &index) in used.iter().enumerate() {
            map[index as usize] = i as u8;
            colours.extend(palette.rgb(index));
        }
        let (depth, bits) = match used.len() {
            0..=2 => (png::BitDepth::One, 1),
            3..=4 => (png::BitDepth::Two, 2),
            5..=16 => (png::BitDepth::Four, 4),
            _ => (png::BitDepth::Eight, 8),
        };
        Compact { map, colours, depth, bits }
    }

    /// One image row remapped and packed at this bit depth, appended to `out`.
    fn pack_row(&self, row: &[u8], out: &mut Vec<u8>) {
        let per_byte = 8 / self.bits;
        for chunk in row.chunks(per_byte) {
            let mut byte = 0u8;
            for (i, &p) in chunk.iter().enumerate() {
                byte |= self.map[p as usize] << (8 - self.bits * (i + 1));
            }
            out.push(byte);
        }
    }

    fn encoder<W: Write>(&self, out: W, width: usize, height: usize) -> png::Encoder<'static, W> {
        let mut encoder = png::Encoder::new(out, width as u32, height as u32);
        encoder.set_color(png::ColorType::Indexed);
        encoder.set_depth(self.depth);
        encoder.set_palette(self.colours.clone());
        encoder.set_compression(png::Compression::Balanced);
        encoder.set_filter(png::Filter::Up);
        encoder
    }
}

/// Palette indices present in `image`.
fn used_indices(image: &IndexedImage) -> Vec<u8> {
    let mut seen = [false; 256];
    image.pixels.iter().for_each(|&p| seen[p as usize] = true);
    (0..=255u8).filter(|&i| seen[i as usize]).collect()
}

/// Write `image` as a palette PNG holding only the colours it uses.
pub fn write_png<W: Write>(out: W, image: &IndexedImage, palette: &Palette) -> Result<(), Error> {
    let compact = Compact::new(palette, &used_indices(image));
    let mut writer = compact.encoder(out, image.width, image.height).write_header()?;
    let mut packed = Vec::with_capacity(image.pixels.len());
    for row in image.pixels.chunks_exact(image.width.max(1)) {
        compact.pack_row(row, &mut packed);
    }
    writer.write_image_data(&packed)?;
    writer.finish()?;
    Ok(())
}

/// Receives the strips of a PNG written by [`write_png_strips`].
pub struct StripSink<'a, W: Write> {
    stream: png::StreamWriter<'a, W>,
    compact: &'a Compact,
    width: usize,
    packed: Vec<u8>,
}

impl<W: Write> StripSink<'_, W> {
    /// Append the rows of `strip` (as wide as the image, using only the declared colours).
    pub fn write(&mut self, strip: &IndexedImage) -> Result<(), Error> {
        assert_eq!(strip.width, self.width, "strip width matches the image");
        self.packed.clear();
        for row in strip.pixels.chunks_exact(self.width.max(1)) {
            self.compact.pack_row(row, &mut self.packed);
        }
        self.stream.write_all(&self.packed)?;
        Ok(())
    }
}

/// A palette PNG written in horizontal strips that `fill` produces top to bottom, so a huge sheet
/// never sits in memory whole. `used` lists every palette index the strips may contain; `fill`
/// must write exactly `height` rows.
pub fn write_png_strips<W: Write>(
    out: W,
    (width, height): (usize, usize),
    palette: &Palette,
    used: &[u8],
    fill: impl FnOnce(&mut StripSink<'_, W>) -> Result<(), Error>,
) -> Result<(), Error> {
    let compact = Compact::new(palette, used);
    let mut writer = compact.encoder(out, width, height).write_header()?;
    {
        let stream = writer.stream_writer()?;
        let mut sink = StripSink { stream, compact: &compact, width, packed: Vec::new() };
        fill(&mut sink)?;
        sink.stream.finish()?;
    }
    writer.finish()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::theme::{Paint, Theme};

    #[test]
    fn few_colours_pack_into_small_depths() {
        let palette = Palette::new(&Theme::default());
        let mut image = IndexedImage::new(5, 2, Paint::Light);
        image.pixels[3] = Paint::Queen.index();
        let mut png_bytes = Vec::new();
        write_png(&mut png_bytes, &image, &palette).unwrap();
        let decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
        let mut reader = decoder.read_info().unwrap();
        assert_eq!(reader.info().bit_depth, png::BitDepth::One);
        assert_eq!(reader.info().palette.as_ref().unwrap().len(), 6);
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        reader.next_frame(&mut buf).unwrap();
        // Row 0: light light light queen light -> bits 0 0 0 1 0 (light sorts first: lower index).
        assert_eq!(buf[0] >> 3, 0b00010);
    }
}
