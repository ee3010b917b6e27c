//! PNG stills: indexed images written as small palette PNGs, compressed on all cores.
//!
//! Contract: the PNG has colour type "indexed"; its palette holds only the colours the image can
//! use (so 16 or fewer colours pack 2 pixels a byte, 4 or fewer 4 a byte), and decoding gives
//! exactly the colours the rasterizer chose. Rows use the Up filter (board rows repeat; the first
//! row of each strip uses None so strips compress independently). Each strip is deflated on its
//! own core and ends on a byte boundary (a sync flush), so the strips concatenate into one valid
//! zlib stream; level 6 was chosen by measurement on the 92-board sheet (see `examples/bench.rs`).

use super::zlib::{self, Deflated};
use crate::error::Error;
use crate::pixels::{IndexedImage, Rgb};
use rayon::prelude::*;
use std::io::Write;

/// One PNG palette entry: the global palette index it stands for, and its colour.
pub type Slot = (u8, [u8; 3]);

/// The palette indices an image may use, remapped to a compact PNG palette.
pub struct Compact {
    /// `map[global index]` = PNG index (only meaningful for indices listed in the slots).
    map: [u8; 256],
    colours: Vec<u8>,
    depth: png::BitDepth,
    bits: usize,
}

impl Compact {
    /// A palette of exactly the indices in `used`, in ascending order.
    pub fn new(colors: &[Rgb], used: &[u8]) -> Self {
        let mut used = used.to_vec();
        used.sort_unstable();
        used.dedup();
        let slots: Vec<Slot> = used.iter().map(|&index| (index, colors[index as usize])).collect();
        Compact::from_slots(&slots)
    }

    /// A palette in the given order: PNG index `i` holds `slots[i]`; indices must be distinct.
    pub fn from_slots(slots: &[Slot]) -> Self {
        let mut map = [0u8; 256];
        let mut colours = Vec::with_capacity(slots.len() * 3);
        for (i, &(index, rgb)) in slots.iter().enumerate() {
            map[index as usize] = i as u8;
            colours.extend(rgb);
        }
        let (depth, bits) = match slots.len() {
            0..=2 => (png::BitDepth::One, 1),
            3..=4 => (png::BitDepth::Two, 2),
            5..=16 => (png::BitDepth::Four, 4),
            _ => (png::BitDepth::Eight, 8),
        };
        Compact { map, colours, depth, bits }
    }

    /// One image row remapped and packed at this bit depth, appended to `out`.
    fn pack_row(&self, row: &[u8], out: &mut Vec<u8>) {
        let map = &self.map;
        match self.bits {
            8 => out.extend(row.iter().map(|&p| map[p as usize])),
            4 => {
                let pairs = row.chunks_exact(2);
                let rest = pairs.remainder().first().map(|&p| map[p as usize] << 4);
                out.extend(pairs.map(|pair| map[pair[0] as usize] << 4 | map[pair[1] as usize]));
                out.extend(rest);
            }
            bits => {
                for chunk in row.chunks(8 / bits) {
                    let byte = chunk
                        .iter()
                        .enumerate()
                        .fold(0u8, |byte, (i, &p)| byte | map[p as usize] << (8 - bits * (i + 1)));
                    out.push(byte);
                }
            }
        }
    }

    /// Bytes in one packed row of `width` pixels.
    fn row_bytes(&self, width: usize) -> usize {
        (width * self.bits).div_ceil(8)
    }

    /// Rows of `width` pixels (`pixels`, row-major) packed, filtered (None for the first row, Up
    /// after) and deflated as one piece of the image's zlib stream; `last` ends the stream.
    pub fn deflate_rows(&self, pixels: &[u8], width: usize, last: bool) -> Deflated {
        let (stride, height) = (self.row_bytes(width), pixels.len() / width.max(1));
        let mut packed = Vec::with_capacity(stride * height);
        for row in pixels.chunks_exact(width.max(1)) {
            self.pack_row(row, &mut packed);
        }
        let mut filtered = Vec::with_capacity((stride + 1) * height);
        let mut above: Option<&[u8]> = None;
        for row in packed.chunks_exact(stride.max(1)) {
            match above {
                None => {
                    filtered.push(0);
                    filtered.extend_from_slice(row);
                }
                Some(above) => {
                    filtered.push(2);
                    filtered.extend(row.iter().zip(above).map(|(&p, &a)| p.wrapping_sub(a)));
                }
            }
            above = Some(row);
        }
        zlib::deflate_piece(&filtered, last)
    }

    fn encoder<W: Write>(&self, out: W, width: usize, height: usize) -> png::Encoder<'static, W> {
        let mut encoder = png::Encoder::new(out, width as u32, height as u32);
        encoder.set_color(png::ColorType::Indexed);
        encoder.set_depth(self.depth);
        encoder.set_palette(self.colours.clone());
        encoder
    }

    /// Write a PNG of `width x height` whose image data is `pieces` in order (the last one made
    /// with `last = true`; together they hold exactly `height` rows).
    pub fn write<W: Write>(&self, out: W, (width, height): (usize, usize), pieces: &[Deflated]) -> Result<(), Error> {
        let mut writer = self.encoder(out, width, height).write_header()?;
        for chunk in zlib::stream_chunks(pieces) {
            writer.write_chunk(png::chunk::IDAT, &chunk)?;
        }
        writer.finish()?;
        Ok(())
    }
}

/// Rows per strip when a single image is split for parallel compression.
const STRIP_ROWS: usize = 256;

/// Palette indices present in `image`.
fn used_indices(image: &IndexedImage) -> Vec<u8> {
    let mut seen = [false; 256];
    image.pixels.iter().for_each(|&p| seen[p as usize] = true);
    (0..=255u8).filter(|&i| seen[i as usize]).collect()
}

/// Write `image` as a palette PNG holding only the colours it uses.
pub fn write_png<W: Write>(out: W, image: &IndexedImage, colors: &[Rgb]) -> Result<(), Error> {
    let compact = Compact::new(colors, &used_indices(image));
    let width = image.width.max(1);
    let rows: Vec<&[u8]> = image.pixels.chunks(width * STRIP_ROWS).collect();
    let pieces: Vec<Deflated> = rows
        .par_iter()
        .enumerate()
        .map(|(i, pixels)| compact.deflate_rows(pixels, width, i + 1 == rows.len()))
        .collect();
    compact.write(out, (image.width, image.height), &pieces)
}

/// A PNG chunk written by hand (for chunks the png crate does not write, such as APNG's): big-endian
/// length, tag, the parts, CRC-32 of tag and parts.
pub fn write_chunk<W: Write + ?Sized>(out: &mut W, tag: &[u8; 4], parts: &[&[u8]]) -> Result<(), Error> {
    let len: usize = parts.iter().map(|p| p.len()).sum();
    let len = u32::try_from(len).ok().filter(|&l| l < 1 << 31).ok_or(Error::FileTooLarge { format: "APNG" })?;
    let mut crc = flate2::Crc::new();
    crc.update(tag);
    out.write_all(&len.to_be_bytes())?;
    out.write_all(tag)?;
    for part in parts {
        crc.update(part);
        out.write_all(part)?;
    }
    out.write_all(&crc.sum().to_be_bytes())?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::raster::palette::Palette;
    use crate::scene::theme::{Paint, Theme};

    fn decode(png_bytes: &[u8]) -> (png::OutputInfo, Vec<u8>, Vec<u8>) {
        let decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
        let mut reader = decoder.read_info().unwrap();
        let palette = reader.info().palette.as_ref().unwrap().to_vec();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut buf).unwrap();
        (info, palette, buf)
    }

    #[test]
    fn few_colours_pack_into_small_depths() {
        let palette = Palette::new(&Theme::default());
        let mut image = IndexedImage::filled(5, 2, Paint::Light.index());
        image.pixels[3] = Paint::Queen.index();
        let mut png_bytes = Vec::new();
        write_png(&mut png_bytes, &image, palette.colors()).unwrap();
        let (info, colours, buf) = decode(&png_bytes);
        assert_eq!(info.bit_depth, png::BitDepth::One);
        assert_eq!(colours.len(), 6);
        // Row 0: light light light queen light -> bits 0 0 0 1 0 (light sorts first: lower index).
        assert_eq!(buf[0] >> 3, 0b00010);
    }

    #[test]
    fn tall_images_split_into_strips_decode_exactly() {
        let palette = Palette::new(&Theme::default());
        let paints = [Paint::Light, Paint::Dark, Paint::Queen, Paint::Text, Paint::Placed];
        let (width, height) = (37, STRIP_ROWS * 2 + 19);
        let mut image = IndexedImage::filled(width, height, Paint::Light.index());
        for (i, p) in image.pixels.iter_mut().enumerate() {
            *p = paints[(i * 7 + i / 13) % paints.len()].index();
        }
        let mut png_bytes = Vec::new();
        write_png(&mut png_bytes, &image, palette.colors()).unwrap();
        let (info, colours, buf) = decode(&png_bytes);
        assert_eq!(info.bit_depth, png::BitDepth::Four);
        let stride = info.line_size;
        for y in 0..height {
            for x in 0..width {
                let nibble = buf[y * stride + x / 2] >> (4 - 4 * (x % 2)) & 0xf;
                let rgb = &colours[nibble as usize * 3..][..3];
                assert_eq!(rgb, palette.rgb(image.pixels[y * width + x]), "pixel ({x}, {y})");
            }
        }
    }
}
