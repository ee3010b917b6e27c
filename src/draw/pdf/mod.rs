//! The PDF backend: draws the same [`Scene`] the rasterizer paints, as PDF page content.
//!
//! Contract: one frame is one page (or one form on a handout page) in points, one point per
//! frame pixel: a frame 400 pixels wide is a page 400 pt wide (141 mm), which slides and
//! `\includegraphics` scale freely. Everything is vector: squares and marks as paths, queens
//! and ghosts as one Form XObject per square size, hatching and rings as forms, a whole empty
//! board as one form, text in Type3 fonts built from the embedded font's outlines (no font needed
//! on the reader's machine, and the words stay selectable and searchable through a ToUnicode map).
//! Colours are the theme's paints, without anti-aliasing blends (the viewer smooths edges).
//! Content streams are deflated. Same input, same bytes. Written with the `pdf-writer` crate
//! (Typst's); the file around the pages (objects, fonts, handout paper) is the PDF sink's
//! (`crate::sink::pdf`).

pub mod content;
pub mod forms;
mod operators;

pub use content::{EncodedContent, PageContent};
pub use operators::draw_scene;

use crate::font::Glyphs;
use crate::pixels::Rgb;
use crate::scene::items::Scene;
use crate::scene::theme::Theme;

/// Points in a millimetre, for paper layouts (handouts, puzzle books).
pub const MM: f32 = 72.0 / 25.4;
/// The near-black of printed page text (headers, labels, questions) around the frames.
pub const PAGE_INK: Rgb = [0x22, 0x22, 0x22];
/// The gray of printed hairlines (under headers, answer lines).
pub const PAGE_RULE: Rgb = [0x99, 0x99, 0x99];

/// `scene` as a page's content: flipped to frame pixels, drawn, deflated.
pub fn scene_content(scene: &Scene, theme: &Theme, glyphs: &Glyphs) -> EncodedContent {
    let mut content = PageContent::new();
    content.flip(scene.height as f32);
    draw_scene(&mut content, scene, theme, glyphs);
    content.finish()
}

#[cfg(test)]
mod tests;
