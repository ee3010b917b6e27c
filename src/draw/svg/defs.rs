//! Definitions an SVG document shares: glyph paths, corner brackets, hatching patterns, the
//! rings of free squares and repeated groups, each written once in `<defs>` and placed by id.
//!
//! Contract: ids are short (`a`, `b`, ..., `ba`, ...) and given in order of first use, so the same
//! drawing gives the same bytes. A glyph or bracket definition carries its paint, so placing it
//! needs only the id and a position; a glyph already defined at another size in the same paint is
//! defined again as a scaled `<use>` of the first (outlines scale linearly: no hinting).

use super::outline::{glyph_path, GlyphRef};
use super::paints::Paints;
use super::path::PathData;
use super::path::{centi, num};
use crate::draw::vector::corner_polygons;
use crate::font::Glyphs;
use crate::scene::items::{hatch_geometry, ring_geometry};
use crate::scene::theme::Paint;
use std::collections::HashMap;
use std::fmt::Write;

/// What a definition is, for reuse.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Key {
    Glyph(GlyphRef, Paint),
    Corners { w: i64, h: i64, arm: i64, thickness: i64, paint: Paint },
    Hatch { size: i64, phase: i64, paint: Paint },
    Mark { size: i64, paint: Paint },
    Group(String),
}

/// The `<defs>` of one document.
pub struct Defs {
    glyphs: Glyphs,
    pub paints: Paints,
    markup: String,
    ids: HashMap<Key, Option<String>>,
    /// The first size each (character, paint) was defined at, and its id.
    outlines: HashMap<(char, bool, Paint), (u32, String)>,
    next: usize,
}

/// A short id for the `n`th definition: a, b, ..., Z, ba, bb, ...
pub fn short_id(mut n: usize) -> String {
    const DIGITS: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let mut out = Vec::new();
    loop {
        out.push(DIGITS[n % DIGITS.len()]);
        n /= DIGITS.len();
        if n == 0 {
            break;
        }
    }
    out.reverse();
    String::from_utf8(out).expect("ASCII")
}

impl Defs {
    pub fn new(paints: Paints) -> Self {
        Defs {
            glyphs: Glyphs::new(),
            paints,
            markup: String::new(),
            ids: HashMap::new(),
            outlines: HashMap::new(),
            next: 0,
        }
    }

    /// The definitions' markup (empty when nothing was defined).
    pub fn markup(&self) -> &str {
        &self.markup
    }

    /// The id for `key`, made with `define(defs, id)` on first use (`define` returns false when
    /// there is nothing to draw: the key then has no id).
    fn get(&mut self, key: Key, define: impl FnOnce(&mut Self, &str) -> bool) -> Option<String> {
        if let Some(id) = self.ids.get(&key) {
            return id.clone();
        }
        let id = short_id(self.next);
        let id = define(self, &id).then_some(id);
        if id.is_some() {
            self.next += 1;
        }
        self.ids.insert(key, id.clone());
        id
    }

    /// The id of `glyph` in `paint` (`None` for glyphs without ink).
    pub fn glyph(&mut self, glyph: GlyphRef, paint: Paint) -> Option<String> {
        self.get(Key::Glyph(glyph, paint), |defs, id| {
            let piece = matches!(glyph, GlyphRef::Piece { .. });
            let outline = (glyph.ch(), piece, paint);
            if let Some((size, first)) = defs.outlines.get(&outline) {
                let scale = f64::from(glyph.size()) / f64::from(*size);
                let scale = format!("{:.4}", scale).trim_end_matches('0').trim_end_matches('.').to_string();
                let _ = write!(defs.markup, "<use id=\"{id}\" xlink:href=\"#{first}\" transform=\"scale({scale})\"/>");
                return true;
            }
            let d = glyph_path(&defs.glyphs, glyph);
            if d.is_empty() {
                return false;
            }
            let fill = defs.paints.fill(paint);
            let _ = write!(defs.markup, "<path id=\"{id}\" {fill} d=\"{d}\"/>");
            if !piece {
                defs.outlines.insert(outline, (glyph.size(), id.to_string()));
            }
            true
        })
    }

    /// The id of corner brackets inside a `w` x `h` rectangle at the origin, in `paint`.
    pub fn corners(&mut self, (w, h): (i64, i64), arm: i64, thickness: i64, paint: Paint) -> String {
        let key = Key::Corners { w, h, arm, thickness, paint };
        let id = self.get(key, |defs, id| {
            let mut d = PathData::new();
            corner_path(&mut d, (w, h), arm, thickness);
            let _ = write!(defs.markup, "<path id=\"{id}\" {} d=\"{}\"/>", defs.paints.fill(paint), d.finish());
            true
        });
        id.expect("brackets always draw")
    }

    /// The id of the hatching pattern for a square of `size` at (x, y) in `paint`.
    pub fn hatch(&mut self, size: i64, (x, y): (i64, i64), paint: Paint) -> String {
        let (period, thickness) = hatch_geometry(size as usize);
        let (period, thickness) = (period as i64, thickness as i64);
        let phase = (x + 2 * y).rem_euclid(period);
        let id = self.get(Key::Hatch { size, phase, paint }, |defs, id| {
            // Pixel (u, v) is inked when (u + 2v) mod period < thickness: bands of u + 2v between
            // k * period + 1 and k * period + thickness + 1 hold exactly those pixel centres (u + 2v
            // is 0 to 3 periods over the tile).
            let mut d = PathData::new();
            for k in 0..3 {
                let (c0, c1) = ((k * period) * 100 + 100, (k * period + thickness) * 100 + 100);
                let far = (period + 1) * 100;
                d.move_to((c0 + 200, -100));
                d.line_to((c1 + 200, -100));
                d.line_to((c1 - 2 * far, far));
                d.line_to((c0 - 2 * far, far));
            }
            let x = if phase == 0 { String::new() } else { format!(" x=\"{phase}\"") };
            let _ = write!(
                defs.markup,
                "<pattern id=\"{id}\" width=\"{period}\" height=\"{period}\" patternUnits=\"userSpaceOnUse\"{x}><path {} d=\"{}\"/></pattern>",
                defs.paints.fill(paint),
                d.finish()
            );
            true
        });
        id.expect("patterns always draw")
    }

    /// The id of the ring of a free square `size` wide at the origin, in `paint`.
    pub fn mark(&mut self, size: i64, paint: Paint) -> String {
        let id = self.get(Key::Mark { size, paint }, |defs, id| {
            let (radius, width) = ring_geometry(size as usize);
            let c = num(size * 50);
            let _ = write!(
                defs.markup,
                "<circle id=\"{id}\" {} cx=\"{c}\" cy=\"{c}\" r=\"{}\" stroke-width=\"{}\"/>",
                defs.paints.stroke(paint),
                num(centi(radius)),
                num(centi(width))
            );
            true
        });
        id.expect("rings always draw")
    }

    /// The id of a group of markup defined once (a sheet's empty board).
    pub fn shared(&mut self, markup: String) -> String {
        let id = self.get(Key::Group(markup.clone()), |defs, id| {
            let _ = write!(defs.markup, "<g id=\"{id}\">{markup}</g>");
            true
        });
        id.expect("groups always draw")
    }
}

/// Corner brackets inside the rectangle (0, 0, w, h), each arm `arm` long and `thickness` wide (see
/// [`corner_polygons`]).
pub fn corner_path(d: &mut PathData, size: (i64, i64), arm: i64, t: i64) {
    for polygon in corner_polygons(size, arm, t) {
        d.move_to((polygon[0].0 * 100, polygon[0].1 * 100));
        for &(x, y) in &polygon[1..] {
            d.line_to((x * 100, y * 100));
        }
        d.close();
    }
}
