//! Glyph outlines as SVG path data, placed exactly where the rasterizer puts their masks.
//!
//! Contract: the path data of `render::vector`'s segments: a text glyph's path has its origin at
//! the pen (rounded to whole pixels, as `text.rs` places masks) on the baseline, scaled like the
//! rasterized glyph; a piece's path (the queen, the ghost) sits in a square of its size exactly as
//! `Glyphs::piece` centres its mask.

use super::path::{centi, Centi, PathData};
use crate::draw::vector::{glyph_segments, Pt, Segment};
use crate::font::Glyphs;

pub use crate::draw::vector::GlyphRef;

/// The path data of `glyph` (empty for glyphs without ink, such as a space): one decimal up to
/// 100 pixels (a twentieth of a pixel off at most), two above.
pub fn glyph_path(glyphs: &Glyphs, glyph: GlyphRef) -> String {
    let at = |p: Pt| -> (Centi, Centi) { (centi(p.0), centi(p.1)) };
    let mut path = PathData::with_step(if glyph.size() <= 100 { 10 } else { 1 });
    let mut end: Option<(Centi, Centi)> = None;
    for segment in glyph_segments(glyphs, glyph) {
        let start = at(segment.start());
        if end != Some(start) {
            path.move_to(start);
        }
        match segment {
            Segment::Line(_, p) => path.line_to(at(p)),
            Segment::Quad(_, c, p) => path.quad_to(at(c), at(p)),
            Segment::Cubic(_, c1, c2, p) => path.cubic_to(at(c1), at(c2), at(p)),
        }
        end = Some(at(segment.end()));
    }
    path.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::font::QUEEN;

    #[test]
    fn spaces_have_no_path_and_letters_do() {
        let glyphs = Glyphs::new();
        assert!(glyph_path(&glyphs, GlyphRef::Text { ch: ' ', size: 16 }).is_empty());
        let a = glyph_path(&glyphs, GlyphRef::Text { ch: 'a', size: 16 });
        assert!(a.starts_with('M') && a.ends_with('z'), "{a}");
    }

    #[test]
    fn the_queen_sits_inside_its_square() {
        let glyphs = Glyphs::new();
        let d = glyph_path(&glyphs, GlyphRef::Piece { ch: QUEEN, square: 60 });
        let start: Vec<f32> = d[1..]
            .split(|c: char| c.is_ascii_alphabetic())
            .next()
            .unwrap()
            .split(' ')
            .map(|v| v.parse().unwrap())
            .collect();
        assert!(start.iter().all(|v| (0.0..60.0).contains(v)), "{d}");
    }
}
