//! Shapes both vector backends (`svg/`, `pdf/`) draw the same way: glyph outlines as path
//! segments in frame pixels, corner brackets as polygons.
//!
//! Contract: a text glyph's segments have their origin at the pen on the baseline, scaled like
//! the rasterized glyph; a piece's segments (the queen, the ghost) sit in a square of its size
//! exactly as [`Glyphs::piece`] centres its mask. Font units are y-up; segments are y-down
//! pixels. Corner brackets are the union of the rasterizer's two bars per corner, one L-shaped
//! polygon each, every polygon turning the same way.

use crate::font::Glyphs;
use crate::scene::items::QUEEN_FILL;
use ab_glyph::{OutlineCurve, Point};

/// A glyph as drawn: a character of text at a pixel size, or a piece filling a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GlyphRef {
    /// A character of text at `size` pixels.
    Text {
        /// The character.
        ch: char,
        /// The text size in pixels, as the rasterizer reads it.
        size: u32,
    },
    /// A piece filling a square `square` pixels wide.
    Piece {
        /// The piece's character (the queen).
        ch: char,
        /// The square's side in pixels.
        square: u32,
    },
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

/// A point in frame pixels (y down).
pub type Pt = (f32, f32);

/// One piece of an outline, in frame pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Segment {
    Line(Pt, Pt),
    Quad(Pt, Pt, Pt),
    Cubic(Pt, Pt, Pt, Pt),
}

impl Segment {
    /// Where the segment starts.
    pub fn start(self) -> Pt {
        match self {
            Segment::Line(p, _) | Segment::Quad(p, _, _) | Segment::Cubic(p, _, _, _) => p,
        }
    }

    /// Where it ends.
    pub fn end(self) -> Pt {
        match self {
            Segment::Line(_, p) | Segment::Quad(_, _, p) | Segment::Cubic(_, _, _, p) => p,
        }
    }
}

/// The outline of `glyph` in frame pixels relative to its origin (empty for glyphs without ink,
/// such as a space); a new subpath starts wherever a segment does not start at the last one's end.
pub fn glyph_segments(glyphs: &Glyphs, glyph: GlyphRef) -> Vec<Segment> {
    let (ch, scale, origin) = match glyph {
        GlyphRef::Text { ch, size } => (ch, glyphs.units_scale(size as f32), (0.0, 0.0)),
        GlyphRef::Piece { ch, square } => match glyphs.piece_placement(ch, square as usize, QUEEN_FILL) {
            Some(place) => (ch, glyphs.units_scale(place.scale), place.origin()),
            None => return Vec::new(),
        },
    };
    let Some(curves) = glyphs.outline_curves(ch) else { return Vec::new() };
    let at = |p: &Point| -> Pt { (p.x * scale + origin.0, -p.y * scale + origin.1) };
    curves
        .iter()
        .map(|curve| match curve {
            OutlineCurve::Line(a, b) => Segment::Line(at(a), at(b)),
            OutlineCurve::Quad(a, c, b) => Segment::Quad(at(a), at(c), at(b)),
            OutlineCurve::Cubic(a, c1, c2, b) => Segment::Cubic(at(a), at(c1), at(c2), at(b)),
        })
        .collect()
}

/// Corner brackets inside the rectangle (0, 0, w, h), each arm `arm` long and `t` wide: one
/// closed polygon per corner (a square when the arm is shorter than the bar is wide). Mirrored
/// corners are walked backwards so every polygon turns the same way (overlapping brackets on tiny
/// squares add up under the nonzero rule).
pub fn corner_polygons((w, h): (i64, i64), arm: i64, t: i64) -> Vec<Vec<(i64, i64)>> {
    if arm < t {
        let square = |x: i64, y: i64| vec![(x, y), (x + arm, y), (x + arm, y + arm), (x, y + arm)];
        return [(0, 0), (w - arm, 0), (0, h - arm), (w - arm, h - arm)].iter().map(|&(x, y)| square(x, y)).collect();
    }
    [(0, 0, 1, 1), (w, 0, -1, 1), (w, h, -1, -1), (0, h, 1, -1)]
        .iter()
        .map(|&(cx, cy, sx, sy)| {
            let mut points: Vec<(i64, i64)> = [(0, 0), (arm, 0), (arm, t), (t, t), (t, arm), (0, arm)]
                .iter()
                .map(|&(x, y)| (cx + sx * x, cy + sy * y))
                .collect();
            if sx * sy < 0 {
                points[1..].reverse();
            }
            points
        })
        .collect()
}
