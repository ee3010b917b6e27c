//! Glyph outlines as SVG path data, placed exactly where the rasterizer puts their masks.
//!
//! Contract: a text glyph's path has its origin at the pen (rounded to whole pixels, as `text.rs`
//! places masks) on the baseline, scaled like the rasterized glyph; a piece's path (the queen, the
//! ghost) sits in a square of its size exactly as [`Glyphs::piece`] centres its mask. Font units are
//! y-up; paths are y-down pixels.

use super::path::{centi, Centi, PathData};
use crate::render::glyphs::Glyphs;
use ab_glyph::{OutlineCurve, Point};

/// Fraction of a square the queen glyph spans (the rasterizer's).
pub use crate::render::scene::QUEEN_FILL;

/// A glyph as drawn: a character of text at a pixel size, or a piece filling a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GlyphRef {
    Text { ch: char, size: u32 },
    Piece { ch: char, square: u32 },
}

impl GlyphRef {
    /// The character drawn.
    pub fn ch(self) -> char {
        match self {
            GlyphRef::Text { ch, .. } | GlyphRef::Piece { ch, .. } => ch,
        }
    }

    /// Its size in pixels (text size, or the square a piece fills).
    pub fn size(self) -> u32 {
        match self {
            GlyphRef::Text { size, .. } => size,
            GlyphRef::Piece { square, .. } => square,
        }
    }
}

/// The path data of `glyph` (empty for glyphs without ink, such as a space): one decimal up to
/// 100 pixels (a twentieth of a pixel off at most), two above.
pub fn glyph_path(glyphs: &Glyphs, glyph: GlyphRef) -> String {
    let (ch, scale, origin) = match glyph {
        GlyphRef::Text { ch, size } => (ch, glyphs.units_scale(size as f32), (0.0, 0.0)),
        GlyphRef::Piece { ch, square } => match glyphs.piece_placement(ch, square as usize, QUEEN_FILL) {
            Some(place) => (ch, glyphs.units_scale(place.scale), place.origin()),
            None => return String::new(),
        },
    };
    let Some(curves) = glyphs.outline_curves(ch) else { return String::new() };
    let at = |p: &Point| -> (Centi, Centi) { (centi(p.x * scale + origin.0), centi(-p.y * scale + origin.1)) };
    let mut path = PathData::with_step(if glyph.size() <= 100 { 10 } else { 1 });
    let mut end: Option<(Centi, Centi)> = None;
    for curve in &curves {
        let start = match curve {
            OutlineCurve::Line(p, _) | OutlineCurve::Quad(p, _, _) | OutlineCurve::Cubic(p, _, _, _) => at(p),
        };
        if end != Some(start) {
            path.move_to(start);
        }
        let last = match curve {
            OutlineCurve::Line(_, p) => {
                path.line_to(at(p));
                at(p)
            }
            OutlineCurve::Quad(_, c, p) => {
                path.quad_to(at(c), at(p));
                at(p)
            }
            OutlineCurve::Cubic(_, c1, c2, p) => {
                path.cubic_to(at(c1), at(c2), at(p));
                at(p)
            }
        };
        end = Some(last);
    }
    path.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::glyphs::QUEEN;

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
