//! The heatmap's SVG backend: the same [`Drawing`] as the PNG, cells as rectangles, text as the
//! embedded font's outlines at the rasterizer's pen positions (each glyph defined once, placed
//! with `<use>`, grouped by colour), the legend as a linear gradient through the ramp's stops
//! (the ramp is linear between them, as SVG interpolates). The theme's background and text colours
//! switch to the dark theme's for dark-mode viewers when `options.dark` is given.

use super::{describe, Drawing, Ink, Mark, STOPS};
use crate::render::glyphs::Glyphs;
use crate::render::svg::{glyph_path, hex, use_of, Doc, GlyphRef, Paints};
use crate::render::theme::{Paint, Rgb};
use crate::render::RenderOptions;
use crate::Error;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write;

/// Outlines defined so far (`h0`, `h1`, ...) and the markup defining them.
#[derive(Default)]
struct Outlines {
    ids: BTreeMap<GlyphRef, Option<String>>,
    markup: String,
}

impl Outlines {
    /// The id of `glyph`'s outline, `None` for glyphs without ink.
    fn id(&mut self, glyphs: &Glyphs, glyph: GlyphRef) -> Option<String> {
        let next = self.ids.len();
        let markup = &mut self.markup;
        self.ids
            .entry(glyph)
            .or_insert_with(|| {
                let d = glyph_path(glyphs, glyph);
                (!d.is_empty()).then(|| {
                    let id = format!("h{next}");
                    let _ = write!(markup, "<path id=\"{id}\" d=\"{d}\"/>");
                    id
                })
            })
            .clone()
    }
}

/// The `<use>`s drawing `text` centred on `centre_x`, as the rasterizer places its glyphs.
fn text_uses(glyphs: &Glyphs, outlines: &mut Outlines, mark: (&str, u32, f32, f32), out: &mut String) {
    let (text, size, centre_x, baseline) = mark;
    let mut pen = centre_x - glyphs.text_width(text, size) / 2.0;
    for ch in text.chars() {
        if let Some(id) = outlines.id(glyphs, GlyphRef::Text { ch, size }) {
            out.push_str(&use_of(&id, pen.round() as i64, baseline.round() as i64));
        }
        pen += glyphs.advance(ch, size);
    }
}

/// The body of the SVG: cells, the legend bar and the text grouped by colour.
fn body(drawing: &Drawing, glyphs: &Glyphs, paints: &Paints, outlines: &mut Outlines) -> String {
    let mut out = String::new();
    let mut texts: BTreeMap<Option<Rgb>, String> = BTreeMap::new();
    for mark in &drawing.marks {
        match mark {
            Mark::Cell { rect: (x, y, w, h), colour } => {
                let fill = hex(*colour);
                let _ = write!(out, "<rect x=\"{x}\" y=\"{y}\" width=\"{w}\" height=\"{h}\" fill=\"{fill}\"/>");
            }
            Mark::Ramp { rect: (x, y, w, h) } => {
                let _ = write!(out, "<rect x=\"{x}\" y=\"{y}\" width=\"{w}\" height=\"{h}\" fill=\"url(#ramp)\"/>");
            }
            Mark::Text { text, size, centre_x, baseline, ink } => {
                let key = match ink {
                    Ink::Fixed(rgb) => Some(*rgb),
                    Ink::Text => None,
                };
                text_uses(glyphs, outlines, (text, *size, *centre_x, *baseline), texts.entry(key).or_default());
            }
        }
    }
    for (colour, uses) in texts {
        let fill = colour.map_or_else(|| paints.fill(Paint::Text), |rgb| format!("fill=\"{}\"", hex(rgb)));
        let _ = write!(out, "<g {fill}>{uses}</g>");
    }
    out
}

/// The legend's gradient: the ramp's stops, evenly spaced, from the bar's left edge to its right.
fn ramp_gradient() -> String {
    let mut out = String::from("<linearGradient id=\"ramp\">");
    for (i, stop) in STOPS.iter().enumerate() {
        let offset = i as f32 / (STOPS.len() - 1) as f32;
        let _ = write!(out, "<stop offset=\"{offset}\" stop-color=\"{}\"/>", hex(*stop));
    }
    out.push_str("</linearGradient>");
    out
}

/// Draw the heatmap of `n` (over unique solutions with `unique`) as an SVG into `out`; returns its
/// size in pixels. `options.dark`, when given, is shown to viewers that prefer a dark colour scheme.
pub fn write_heatmap_svg<W: Write>(
    n: usize,
    unique: bool,
    options: &RenderOptions,
    mut out: W,
) -> Result<(usize, usize), Error> {
    let glyphs = Glyphs::new();
    let drawing = describe(n, unique, options, &glyphs)?;
    let paints = Paints::new(&options.theme, options.dark.as_ref());
    let mut outlines = Outlines::default();
    let body = body(&drawing, &glyphs, &paints, &mut outlines);
    let defs = format!("{}{}", ramp_gradient(), outlines.markup);
    let title = match drawing.marks.iter().find_map(|m| match m {
        Mark::Text { text, .. } => Some(text.clone()),
        _ => None,
    }) {
        Some(title) => title,
        None => format!("{n}×{n} heatmap"),
    };
    let body = format!("<defs>{defs}</defs>{body}");
    let svg = Doc::new(paints).finish((drawing.width, drawing.height), &title, "", &body);
    out.write_all(svg.as_bytes())?;
    out.flush()?;
    Ok((drawing.width, drawing.height))
}
