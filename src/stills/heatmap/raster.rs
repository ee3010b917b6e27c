//! The heatmap's PNG backend: paints a [`Drawing`] into RGB pixels (outside the 64-colour palette
//! the frames use) and writes them as one RGB PNG.

use super::{describe, ramp, Drawing, Ink, Mark};
use crate::render::glyphs::Glyphs;
use crate::render::theme::{Rgb, Theme, LEVELS};
use crate::render::RenderOptions;
use crate::Error;
use std::io::Write;

/// An RGB image with text from the embedded font.
struct Picture {
    width: usize,
    height: usize,
    pixels: Vec<Rgb>,
    glyphs: Glyphs,
}

impl Picture {
    fn fill(&mut self, (x, y, w, h): (usize, usize, usize, usize), colour: Rgb) {
        for row in y..(y + h).min(self.height) {
            for col in x..(x + w).min(self.width) {
                self.pixels[row * self.width + col] = colour;
            }
        }
    }

    /// Text centred on `centre_x`, blended by glyph coverage.
    fn text(&mut self, text: &str, size: u32, (centre_x, baseline): (f32, f32), colour: Rgb) {
        let mut pen = centre_x - self.glyphs.text_width(text, size) / 2.0;
        for ch in text.chars() {
            let glyph = self.glyphs.glyph(ch, size).clone();
            let (gx, gy) = (pen.round() as i64 + glyph.left, baseline.round() as i64 + glyph.top);
            for my in 0..glyph.mask.height {
                for mx in 0..glyph.mask.width {
                    let (x, y) = (gx + mx as i64, gy + my as i64);
                    let level = glyph.mask.levels[my * glyph.mask.width + mx];
                    if level == 0 || x < 0 || y < 0 || x >= self.width as i64 || y >= self.height as i64 {
                        continue;
                    }
                    let pixel = &mut self.pixels[y as usize * self.width + x as usize];
                    let a = f32::from(level) / f32::from(LEVELS);
                    for c in 0..3 {
                        pixel[c] = (f32::from(pixel[c]) * (1.0 - a) + f32::from(colour[c]) * a).round() as u8;
                    }
                }
            }
            pen += glyph.advance;
        }
    }

    /// Every mark of `drawing`, in order.
    fn paint(&mut self, drawing: &Drawing, theme: &Theme) {
        for mark in &drawing.marks {
            match mark {
                Mark::Cell { rect, colour } => self.fill(*rect, *colour),
                Mark::Ramp { rect: (x, y, w, h) } => {
                    for i in 0..*w {
                        self.fill((x + i, *y, 1, *h), ramp(i as f32 / (w - 1).max(1) as f32));
                    }
                }
                Mark::Text { text, size, centre_x, baseline, ink } => {
                    let colour = match ink {
                        Ink::Fixed(rgb) => *rgb,
                        Ink::Text => theme.text,
                    };
                    self.text(text, *size, (*centre_x, *baseline), colour);
                }
            }
        }
    }
}

/// Draw the heatmap of `n` (over unique solutions with `unique`) as a PNG into `out`; returns its
/// size in pixels.
pub fn write_heatmap_png<W: Write>(
    n: usize,
    unique: bool,
    options: &RenderOptions,
    out: W,
) -> Result<(usize, usize), Error> {
    let pic = draw(n, unique, options)?;
    let (width, height) = (pic.width, pic.height);
    let mut encoder = png::Encoder::new(out, width as u32, height as u32);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(pic.pixels.as_flattened())?;
    writer.finish()?;
    Ok((width, height))
}

/// The heatmap of `n` painted into RGB pixels.
fn draw(n: usize, unique: bool, options: &RenderOptions) -> Result<Picture, Error> {
    let glyphs = Glyphs::new();
    let drawing = describe(n, unique, options, &glyphs)?;
    let (width, height) = (drawing.width, drawing.height);
    let background = options.theme.background;
    let mut pic = Picture { width, height, pixels: vec![background; width * height], glyphs };
    pic.paint(&drawing, &options.theme);
    Ok(pic)
}

/// The heatmap of `n` as an opaque `image::RgbaImage` (feature `image`), the PNG's pixels.
#[cfg(feature = "image")]
pub fn heatmap_rgba(n: usize, unique: bool, options: &RenderOptions) -> Result<image::RgbaImage, Error> {
    let pic = draw(n, unique, options)?;
    let bytes = pic.pixels.iter().flat_map(|&[r, g, b]| [r, g, b, 255]).collect();
    Ok(image::RgbaImage::from_raw(pic.width as u32, pic.height as u32, bytes).expect("width x height RGBA pixels"))
}
