//! The heatmap's PDF backend: the same [`Drawing`] as the PNG on one page, one point per pixel:
//! cells as rectangles, the legend as the PNG's one-pixel columns of the ramp, text in the
//! embedded font's outlines (see `render::pdf`), centred as the rasterizer centres it.

use super::{describe, ramp, Drawing, Ink, Mark};
use crate::render::glyphs::Glyphs;
use crate::render::pdf::{PageContent, PdfDocument};
use crate::render::theme::Paint;
use crate::render::RenderOptions;
use crate::Error;
use std::io::Write;

/// Draw the heatmap of `n` (over unique solutions with `unique`) as a one-page PDF into `out`;
/// returns its size in pixels (points).
pub fn write_heatmap_pdf<W: Write>(
    n: usize,
    unique: bool,
    options: &RenderOptions,
    out: W,
) -> Result<(usize, usize), Error> {
    let glyphs = Glyphs::new();
    let drawing = describe(n, unique, options, &glyphs)?;
    let mut doc = PdfDocument::new(out, &options.theme)?;
    let content = page(&drawing, &glyphs, options);
    doc.add_page((drawing.width as f32, drawing.height as f32), &content.finish())?;
    doc.finish()?;
    Ok((drawing.width, drawing.height))
}

fn page(drawing: &Drawing, glyphs: &Glyphs, options: &RenderOptions) -> PageContent {
    let theme = &options.theme;
    let mut content = PageContent::new();
    content.flip(drawing.height as f32);
    content.fill_rgb(theme.color(Paint::Background));
    content.rect((0.0, 0.0, drawing.width as f32, drawing.height as f32));
    content.fill(false);
    let rect = |(x, y, w, h): (usize, usize, usize, usize)| (x as f32, y as f32, w as f32, h as f32);
    for mark in &drawing.marks {
        match mark {
            Mark::Cell { rect: r, colour } => {
                content.fill_rgb(*colour);
                content.rect(rect(*r));
                content.fill(false);
            }
            Mark::Ramp { rect: (x, y, w, h) } => {
                for i in 0..*w {
                    content.fill_rgb(ramp(i as f32 / (w - 1).max(1) as f32));
                    content.rect(rect((x + i, *y, 1, *h)));
                    content.fill(false);
                }
            }
            Mark::Text { text, size, centre_x, baseline, ink } => {
                content.fill_rgb(match ink {
                    Ink::Fixed(rgb) => *rgb,
                    Ink::Text => theme.text,
                });
                let x = centre_x - glyphs.text_width(text, *size) / 2.0;
                content.text(glyphs, (x, *baseline), *size as f32, text);
            }
        }
    }
    content
}
