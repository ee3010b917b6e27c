//! The SVG document: the markup of atoms, grouped by paint, and the document around it.
//!
//! Contract: atoms of one paint share one element where they can (rectangles and rings one path,
//! hatching one path per pattern, lines one stroked path per width); glyphs, corner brackets and rings are
//! defined once (see [`Defs`]) and placed with `<use>`. A board's base (light squares as one
//! rectangle, dark squares one path) is written whole. Text is escaped for XML.

use super::atoms::{Atom, Shape, BASE};
use super::defs::Defs;
use super::paints::Paints;
use super::path::{num, PathData};
use crate::scene::items::Rect;
use crate::scene::theme::Paint;
use std::fmt::Write;

/// A document being written: its definitions and colours.
pub struct Doc {
    pub defs: Defs,
}

/// `text` escaped for XML text and attribute values; characters XML 1.0 does not allow (controls
/// other than tab and newline, U+FFFE, U+FFFF) are left out, so the document stays XML.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\t' | '\n' => out.push(c),
            c if (c as u32) < 0x20 || matches!(c, '\u{FFFE}' | '\u{FFFF}') => {}
            c => out.push(c),
        }
    }
    out
}

/// A `<use>` of definition `id` at (x, y).
pub fn use_of(id: &str, x: i64, y: i64) -> String {
    let mut out = format!("<use xlink:href=\"#{id}\"");
    if x != 0 {
        let _ = write!(out, " x=\"{x}\"");
    }
    if y != 0 {
        let _ = write!(out, " y=\"{y}\"");
    }
    out.push_str("/>");
    out
}

impl Doc {
    pub fn new(paints: Paints) -> Self {
        Doc { defs: Defs::new(paints) }
    }

    /// Markup for `atoms` (sorted), grouped by paint.
    pub fn atoms(&mut self, atoms: &[Atom], out: &mut String) {
        let mut atoms = atoms;
        if let Some(((x, y, w, h), rest)) = full_board(atoms) {
            let _ = write!(out, "<path {} d=\"M{x} {y}h{w}v{h}h-{w}z\"/>", self.defs.paints.fill(Paint::Light));
            atoms = rest;
        }
        let mut start = 0;
        while start < atoms.len() {
            let key = (atoms[start].layer, atoms[start].paint);
            let end = start + atoms[start..].iter().take_while(|a| (a.layer, a.paint) == key).count();
            self.paint_run(key.1, &atoms[start..end], out);
            start = end;
        }
    }

    /// Atoms of one paint: one path for the areas, one per hatching pattern, placed glyphs and
    /// brackets, one stroked path per line width.
    fn paint_run(&mut self, paint: Paint, atoms: &[Atom], out: &mut String) {
        let mut area = PathData::new();
        let mut hatches: Vec<(String, PathData)> = Vec::new();
        let mut uses = String::new();
        let mut lines: Vec<(i64, PathData)> = Vec::new();
        for atom in atoms {
            match atom.shape {
                Shape::Rect((x, y, w, h)) => area.rect(x, y, w, h),
                Shape::Ring { rect: (x, y, w, h), thickness: t } => {
                    area.rect(x, y, w, h);
                    if 2 * t < w.min(h) {
                        area.rect_ccw(x + t, y + t, w - 2 * t, h - 2 * t);
                    }
                }
                Shape::Corners { rect: (x, y, w, h), arm, thickness } => {
                    let id = self.defs.corners((w, h), arm, thickness, paint);
                    uses.push_str(&use_of(&id, x, y));
                }
                Shape::Hatch { x, y, size } => {
                    let id = self.defs.hatch(size, (x, y), paint);
                    entry(&mut hatches, id).rect(x, y, size, size);
                }
                Shape::Mark { x, y, size } => {
                    let id = self.defs.mark(size, paint);
                    uses.push_str(&use_of(&id, x, y));
                }
                Shape::Glyph { glyph, x, y } => {
                    if let Some(id) = self.defs.glyph(glyph, paint) {
                        uses.push_str(&use_of(&id, x, y));
                    }
                }
                Shape::Line { from, to, width } => {
                    let line = entry(&mut lines, width);
                    line.move_to(from);
                    line.line_to(to);
                    line.end_open();
                }
            }
        }
        if !area.is_empty() {
            let _ = write!(out, "<path {} d=\"{}\"/>", self.defs.paints.fill(paint), area.finish());
        }
        for (id, d) in hatches {
            let _ = write!(out, "<path fill=\"url(#{id})\" d=\"{}\"/>", d.finish());
        }
        out.push_str(&uses);
        for (width, d) in lines {
            let stroke = self.defs.paints.stroke(paint);
            let _ = write!(out, "<path {stroke} stroke-width=\"{}\" d=\"{}\"/>", num(width), d.finish());
        }
    }

    /// The whole document: header with size and words, style sheet, definitions, background, body.
    pub fn finish(self, (width, height): (usize, usize), title: &str, style: &str, body: &str) -> String {
        let title = escape(title);
        let defs = self.defs.markup();
        let mut out = String::with_capacity(body.len() + defs.len() + style.len() + 512);
        let _ = write!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" role=\"img\" aria-label=\"{title}\"><title>{title}</title>"
        );
        // The background's paint is asked for before the style sheet lists the paints used.
        let background = self.defs.paints.fill(Paint::Background);
        let style = format!("{}{style}", self.defs.paints.style());
        if !style.is_empty() {
            let _ = write!(out, "<style>{style}</style>");
        }
        if !defs.is_empty() {
            let _ = write!(out, "<defs>{defs}</defs>");
        }
        let _ = write!(out, "<rect width=\"{width}\" height=\"{height}\" {background}/>{body}</svg>");
        out.push('\n');
        out
    }
}

/// The path data for `key` in a short list, added when missing.
fn entry<K: PartialEq>(list: &mut Vec<(K, PathData)>, key: K) -> &mut PathData {
    let i = match list.iter().position(|(k, _)| *k == key) {
        Some(i) => i,
        None => {
            list.push((key, PathData::new()));
            list.len() - 1
        }
    };
    &mut list[i].1
}

/// When `atoms` starts with the base squares of a whole board (light and dark rectangles tiling a
/// rectangle), that rectangle and the atoms without the light squares.
fn full_board(atoms: &[Atom]) -> Option<(Rect, &[Atom])> {
    let base = atoms.iter().take_while(|a| a.layer == BASE).count();
    let light = atoms[..base].iter().take_while(|a| a.paint == Paint::Light).count();
    let rects: Option<Vec<Rect>> = atoms[..base]
        .iter()
        .map(|a| match (a.paint, a.shape) {
            (Paint::Light | Paint::Dark, Shape::Rect(r)) => Some(r),
            _ => None,
        })
        .collect();
    let rects = rects?;
    if light == 0 || light == base {
        return None;
    }
    let (x0, y0) = rects.iter().fold((i64::MAX, i64::MAX), |a, r| (a.0.min(r.0), a.1.min(r.1)));
    let (x1, y1) = rects.iter().fold((i64::MIN, i64::MIN), |a, r| (a.0.max(r.0 + r.2), a.1.max(r.1 + r.3)));
    let area: i64 = rects.iter().map(|r| r.2 * r.3).sum();
    (area == (x1 - x0) * (y1 - y0)).then_some(((x0, y0, x1 - x0, y1 - y0), &atoms[light..]))
}
/// `markup` with class `class` and the attributes `attrs` (each with its leading space): on its
/// element when it is a single one, else on a group around it.
pub fn classed(markup: &str, class: &str, attrs: &str) -> String {
    let single = markup.matches('<').count() == 1 && markup.ends_with("/>");
    let Some(tag_end) = markup.find(' ').filter(|_| single) else {
        return format!("<g class=\"{class}\"{attrs}>{markup}</g>");
    };
    match markup.find(" class=\"") {
        Some(at) => {
            let at = at + " class=\"".len();
            format!("{}{class} {}", &markup[..at], &markup[at..]).replacen("/>", &format!("{attrs}/>"), 1)
        }
        None => format!("{} class=\"{class}\"{attrs}{}", &markup[..tag_end], &markup[tag_end..]),
    }
}
