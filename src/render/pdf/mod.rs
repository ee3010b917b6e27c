//! The PDF backend: draws the same [`Scene`] the rasterizer paints, as vector PDF pages.
//!
//! Contract: one frame is one page (or one form on a handout page) in points, one point per
//! frame pixel: a frame 400 pixels wide is a page 400 pt wide (141 mm), which slides and
//! `\includegraphics` scale freely. Everything is vector: squares and marks as paths, queens
//! and ghosts as one Form XObject per square size, hatching and rings as forms, a whole empty
//! board as one form, text in Type3 fonts built from the embedded font's outlines (no font needed
//! on the reader's machine, and the words stay selectable and searchable through a ToUnicode map).
//! Colours are the theme's paints, without anti-aliasing blends (the viewer smooths edges).
//! Content streams are deflated. Same input, same bytes. Written with the `pdf-writer` crate
//! (Typst's), streaming: see [`PdfDocument`].

mod content;
mod document;
mod forms;
mod handout;
mod scene;

pub use content::{EncodedContent, PageContent};
pub use document::PdfDocument;
pub use handout::{HandoutLayout, Paper};
pub use scene::draw_scene;

use super::glyphs::Glyphs;
use super::scene::Scene;
use super::theme::Theme;

/// `scene` as a page's content: flipped to frame pixels, drawn, deflated.
pub fn scene_content(scene: &Scene, theme: &Theme, glyphs: &Glyphs) -> EncodedContent {
    let mut content = PageContent::new();
    content.flip(scene.height as f32);
    draw_scene(&mut content, scene, theme, glyphs);
    content.finish()
}

/// Longest side of a PDF page, in points (PDF's own limit: 200 inches; Acrobat refuses more).
pub const MAX_PAGE_POINTS: f32 = 14_400.0;

/// One scene as a one-page PDF, one point per pixel; a scene past [`MAX_PAGE_POINTS`] on a side
/// (a sheet of many boards) is scaled down as a whole to fit, as vector drawing allows.
pub fn still<W: std::io::Write>(scene: &Scene, theme: &Theme, out: W) -> Result<W, crate::error::Error> {
    let mut doc = PdfDocument::new(out, theme)?;
    let glyphs = Glyphs::new();
    let (width, height) = (scene.width as f32, scene.height as f32);
    let scale = (MAX_PAGE_POINTS / width.max(height)).min(1.0);
    let mut content = PageContent::new();
    if scale < 1.0 {
        content.scale(scale);
    }
    content.flip(height);
    draw_scene(&mut content, scene, theme, &glyphs);
    doc.add_page(((width * scale).min(MAX_PAGE_POINTS), (height * scale).min(MAX_PAGE_POINTS)), &content.finish())?;
    doc.finish()
}

#[cfg(test)]
mod tests;
