//! What each shared drawing ([`Form`]) holds, and the Type3 glyph procedures of the text font.
//!
//! Contract: forms are in frame pixels with y down (they are placed inside flipped content), at
//! the origin, inside their bounding box; pieces are the embedded font's outlines exactly where
//! `render::vector` puts them, rings `scene::ring_geometry`'s circle, hatching
//! `scene::hatch_geometry`'s stripes (pixel (u, v) inked where (u + 2v) mod period < thickness,
//! as the rasterizer's tile), boards the theme's light and dark squares. Only boards carry their
//! colours; the others take the paint set where they are placed. A glyph procedure is the
//! glyph's outline in font units (y up), declared with `d1` so the text's colour fills it.

use super::content::{r2, Form};
use crate::draw::vector::{glyph_segments, GlyphRef, Pt, Segment};
use crate::font::Glyphs;
use crate::scene::items::{hatch_geometry, ring_geometry};
use crate::scene::theme::{Paint, Theme};
use pdf_writer::Content;

/// The content of `form` and its bounding box (x0, y0, x1, y1).
pub fn form_content(form: Form, theme: &Theme, glyphs: &Glyphs) -> (Vec<u8>, [f32; 4]) {
    let mut c = Content::new();
    let side = |s: u32| [0.0, 0.0, s as f32, s as f32];
    let bbox = match form {
        Form::Piece { ch, square } => {
            outline(&mut c, &glyph_segments(glyphs, GlyphRef::Piece { ch, square }), r2);
            side(square)
        }
        Form::Ring { size } => {
            let (radius, width) = ring_geometry(size as usize);
            let centre = size as f32 / 2.0;
            c.set_line_width(r2(width));
            circle(&mut c, (centre, centre), radius);
            c.stroke();
            side(size)
        }
        Form::Hatch { size, phase } => {
            hatch(&mut c, size, phase);
            side(size)
        }
        Form::Board { cols, rows, size, dark_first } => {
            let (w, h) = ((cols * size) as f32, (rows * size) as f32);
            let rgb = |paint: Paint| theme.color(paint).map(|v| (f32::from(v) / 255.0 * 1000.0).round() / 1000.0);
            let [r, g, b] = rgb(Paint::Light);
            c.set_fill_rgb(r, g, b);
            c.rect(0.0, 0.0, w, h);
            c.fill_nonzero();
            let [r, g, b] = rgb(Paint::Dark);
            c.set_fill_rgb(r, g, b);
            for row in 0..rows {
                for col in 0..cols {
                    if ((row + col) % 2 == 1) != dark_first {
                        c.rect((col * size) as f32, (row * size) as f32, size as f32, size as f32);
                    }
                }
            }
            c.fill_nonzero();
            [0.0, 0.0, w, h]
        }
    };
    (c.finish().to_vec(), bbox)
}

/// The stripes of a hatched square `size` wide whose corner's x + 2y is `phase` modulo the period,
/// clipped to the square.
fn hatch(c: &mut Content, size: u32, phase: u32) {
    let (period, thickness) = hatch_geometry(size as usize);
    let (period, thickness, size) = (period as f32, thickness as f32, size as f32);
    c.rect(0.0, 0.0, size, size);
    c.clip_nonzero();
    c.end_path();
    // Pixel centres (u + .5, v + .5) with u + 2v in [k * period, k * period + thickness) lie in
    // the band u' + 2v' in [k * period + 1, k * period + thickness + 1] of the absolute
    // coordinates; locally that is shifted by the corner's x + 2y. A band's edge u' + 2v' = e
    // crosses v' = -1 at u' = e + 2 and v' = size + 1 at u' = e - 2 size - 2.
    let mut k = 0.0;
    while k * period - phase as f32 <= 3.0 * size {
        let c0 = k * period + 1.0 - phase as f32;
        let c1 = c0 + thickness;
        c.move_to(c0 + 2.0, -1.0);
        c.line_to(c1 + 2.0, -1.0);
        c.line_to(c1 - 2.0 * size - 2.0, size + 1.0);
        c.line_to(c0 - 2.0 * size - 2.0, size + 1.0);
        c.close_path();
        k += 1.0;
    }
    c.fill_nonzero();
}

/// A circle as four cubic arcs.
fn circle(c: &mut Content, (cx, cy): (f32, f32), r: f32) {
    let k = r * 0.552_284_8;
    c.move_to(r2(cx + r), r2(cy));
    c.cubic_to(r2(cx + r), r2(cy + k), r2(cx + k), r2(cy + r), r2(cx), r2(cy + r));
    c.cubic_to(r2(cx - k), r2(cy + r), r2(cx - r), r2(cy + k), r2(cx - r), r2(cy));
    c.cubic_to(r2(cx - r), r2(cy - k), r2(cx - k), r2(cy - r), r2(cx), r2(cy - r));
    c.cubic_to(r2(cx + k), r2(cy - r), r2(cx + r), r2(cy - k), r2(cx + r), r2(cy));
    c.close_path();
}

/// Fill an outline (nonzero, as TrueType outlines are meant), numbers rounded by `round`.
fn outline(c: &mut Content, segments: &[Segment], round: fn(f32) -> f32) {
    if segments.is_empty() {
        return;
    }
    let p = |q: Pt| (round(q.0), round(q.1));
    let mut end: Option<Pt> = None;
    for segment in segments {
        let start = p(segment.start());
        if end != Some(start) {
            if end.is_some() {
                c.close_path();
            }
            c.move_to(start.0, start.1);
        }
        match *segment {
            Segment::Line(_, b) => {
                let b = p(b);
                c.line_to(b.0, b.1);
            }
            Segment::Quad(a, q, b) => {
                // A quadratic as the cubic through the same points.
                let c1 = p((a.0 + 2.0 / 3.0 * (q.0 - a.0), a.1 + 2.0 / 3.0 * (q.1 - a.1)));
                let c2 = p((b.0 + 2.0 / 3.0 * (q.0 - b.0), b.1 + 2.0 / 3.0 * (q.1 - b.1)));
                let b = p(b);
                c.cubic_to(c1.0, c1.1, c2.0, c2.1, b.0, b.1);
            }
            Segment::Cubic(_, c1, c2, b) => {
                let (c1, c2, b) = (p(c1), p(c2), p(b));
                c.cubic_to(c1.0, c1.1, c2.0, c2.1, b.0, b.1);
            }
        }
        end = Some(p(segment.end()));
    }
    c.close_path();
    c.fill_nonzero();
}

/// The Type3 glyph procedure of `ch`: its advance and bounding box in font units, then its
/// outline (y up, whole units).
pub fn glyph_procedure(glyphs: &Glyphs, ch: char) -> Vec<u8> {
    let mut c = Content::new();
    let advance = glyphs.advance_units(ch).round();
    let segments: Vec<Segment> = glyphs
        .outline_curves(ch)
        .unwrap_or_default()
        .iter()
        .map(|curve| {
            use ab_glyph::OutlineCurve as O;
            let q = |p: &ab_glyph::Point| (p.x, p.y);
            match curve {
                O::Line(a, b) => Segment::Line(q(a), q(b)),
                O::Quad(a, m, b) => Segment::Quad(q(a), q(m), q(b)),
                O::Cubic(a, m, n, b) => Segment::Cubic(q(a), q(m), q(n), q(b)),
            }
        })
        .collect();
    // The box holds every point, control points too (a curve stays inside their hull).
    let points: Vec<Pt> = segments
        .iter()
        .flat_map(|s| match *s {
            Segment::Line(a, b) => vec![a, b],
            Segment::Quad(a, m, b) => vec![a, m, b],
            Segment::Cubic(a, m, n, b) => vec![a, m, n, b],
        })
        .collect();
    let fold = |f: fn(f32, f32) -> f32, pick: fn(&Pt) -> f32| points.iter().map(pick).reduce(f).unwrap_or(0.0);
    let (x0, y0) = (fold(f32::min, |p| p.0), fold(f32::min, |p| p.1));
    let (x1, y1) = (fold(f32::max, |p| p.0), fold(f32::max, |p| p.1));
    c.start_shape_glyph(advance, x0.floor(), y0.floor(), x1.ceil(), y1.ceil());
    outline(&mut c, &segments, f32::round);
    c.finish().to_vec()
}
