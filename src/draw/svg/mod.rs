//! The vector backend: draws the same [`Scene`] the rasterizer paints, as SVG.
//!
//! Contract: pixel units (`viewBox="0 0 W H"`, width and height the frame's size), the theme's
//! paint colours and no anti-aliasing blends (the viewer smooths edges), the same geometry: squares
//! as the `--bare` contract places them, queens and text from the embedded font's outlines placed
//! exactly as the rasterizer places their masks (each glyph defined once, placed with `<use>`),
//! lines with round caps (the rasterizer's line is a capsule), hatching as a pattern matching
//! `scene::hatch_geometry`. A run of frames becomes one animated SVG: what never changes is drawn
//! plainly, what changes is shown and hidden by CSS animations with the frames' timing (with smooth
//! motion, squares' shading, queens and ghosts fade in and out, eased: see `moving.rs`). The words
//! go in `<title>` and `aria-label`. Same input, same bytes.

mod atoms;
mod defs;
mod doc;
mod moving;
mod outline;
mod paints;
mod path;
mod sliding;
mod timeline;

pub use atoms::{atoms, fades, is_piece, is_queen, lands, origin, words, Atom, Shape, BASE};
pub use doc::{classed, escape, use_of, Doc};
pub use moving::{CRISP, JUMP};
pub use outline::{glyph_path, GlyphRef};
pub use paints::{hex, Paints};
pub use timeline::{Changes, Timeline};

use crate::font::Glyphs;
use crate::scene::items::Scene;
use crate::scene::theme::Theme;
use std::fmt::Write;

/// A picture being written as SVG: a still (one frame) or an animation (frames pushed in order).
pub struct SvgPicture {
    glyphs: Glyphs,
    hatch: bool,
    size: (usize, usize),
    paints: Paints,
    timeline: Timeline,
}

impl SvgPicture {
    /// A picture of `width` x `height` pixels in `theme` (and `dark` for dark-mode viewers).
    pub fn new((width, height): (usize, usize), theme: &Theme, dark: Option<&Theme>) -> Self {
        SvgPicture {
            glyphs: Glyphs::new(),
            hatch: theme.hatch,
            size: (width, height),
            paints: Paints::new(theme, dark),
            timeline: Timeline::new(),
        }
    }

    /// Add a frame shown for `duration_ms`.
    pub fn push(&mut self, scene: &Scene, duration_ms: u64) {
        let atoms = atoms(scene, &self.glyphs, self.hatch);
        self.push_atoms(atoms, duration_ms);
    }

    /// Add a frame already broken into atoms (see [`atoms`]).
    pub fn push_atoms(&mut self, atoms: Vec<Atom>, duration_ms: u64) {
        self.timeline.push(atoms, duration_ms);
    }

    /// Add a frame under smooth motion (see [`Timeline::push_moving`]).
    pub fn push_moving(&mut self, atoms: Vec<Atom>, duration_ms: u64, cue: &dyn Fn(&Atom) -> u16, fade_ms: u32) {
        self.timeline.push_moving(atoms, duration_ms, cue, fade_ms);
    }

    /// A queen slides over the frame pushed last (see [`Timeline::push_slide`]).
    pub fn push_slide(&mut self, ghost: Vec<Atom>, squares: ((i64, i64), (i64, i64)), land_ms: u32) {
        self.timeline.push_slide(ghost, squares, land_ms);
    }

    /// Frames pushed so far.
    pub fn frames(&self) -> usize {
        self.timeline.frames()
    }

    /// The document, with `title` as its words; `loop_count` as for GIFs.
    pub fn finish(self, title: &str, loop_count: Option<u16>) -> String {
        let mut doc = Doc::new(self.paints);
        let (style, body) = self.timeline.write(&mut doc, loop_count);
        doc.finish(self.size, title, &style, &body)
    }
}

/// One scene as an SVG still, titled with `title` (or the scene's own words when empty).
pub fn still(scene: &Scene, theme: &Theme, dark: Option<&Theme>, title: &str) -> String {
    let mut picture = SvgPicture::new((scene.width, scene.height), theme, dark);
    picture.push(scene, 0);
    let words = if title.is_empty() { atoms::words(scene, &picture.glyphs) } else { title.to_string() };
    picture.finish(&words, None)
}

/// A title for an animation from the words of its first and last frames.
pub fn animation_title(first: &str, last: &str, frames: usize) -> String {
    let mut title = first.to_string();
    if frames > 1 {
        let _ = write!(title, " — {frames} frames — {last}");
    }
    title
}

#[cfg(test)]
mod tests;
