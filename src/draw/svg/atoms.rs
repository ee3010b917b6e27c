//! A scene broken into atoms: the smallest drawn things that appear and disappear as a whole.
//!
//! Contract: every [`Item`] becomes atoms with a paint, a layer and a shape in whole pixels (lines
//! and their width in hundredths). A square is a static base (light or dark), an overlay (the
//! attacked shade as a plain rectangle or hatching in themes that hatch, the solution paint under
//! a solved board's queen, or a free square's ring) and a queen; text becomes one atom per
//! inked glyph at its pen rounded to whole pixels, as `text.rs` places masks. Layers keep the
//! scene's painting order where items can overlap: base (a puzzle's region and blocked fills too),
//! overlays, queens, a puzzle's grid and borders, lines, outlines (the solution ring, a dead row),
//! ghosts, corner brackets, bands (the caption's, over the ring), text. Atoms of one frame come sorted, without repeats.

use super::outline::GlyphRef;
use super::path::{centi, Centi};
use crate::font::{Glyphs, QUEEN};
use crate::scene::items::{mark_paint, square_paint};
use crate::scene::items::{Ground, Inset, Item, Rect, Scene};
use crate::scene::theme::Paint;

/// Painting layers, bottom to top.
pub const BASE: u8 = 0;
const OVERLAY: u8 = 1;
const QUEENS: u8 = 2;
const LINES: u8 = 4;
const OUTLINES: u8 = 6;
const GHOSTS: u8 = 7;
const BRACKETS: u8 = 9;
const BANDS: u8 = 10;
const TEXT: u8 = 11;

/// The layer of a highlight stroke: its background-coloured halo one layer below the inks of its
/// kind (LINES, OUTLINES, BRACKETS), so every halo of a kind lies under every ink of that kind, as
/// the rasterizer paints them, whatever else a document or a player groups them by.
fn stroke_layer(layer: u8, paint: Paint) -> u8 {
    if paint == Paint::Background {
        layer - 1
    } else {
        layer
    }
}

/// A puzzle's grid and region borders (and a given's tab) lie over the queens, with the line
/// halos; they never overlap those halos' lines in a puzzle frame.
const GRID: u8 = 3;

/// The layer of a fill: a puzzle's region and blocked fills lie with the squares, its grid,
/// borders and tabs (the ghost and queen paints) just over the queens, every other fill (the
/// caption band, panels) on the band layer.
fn fill_layer(paint: Paint) -> u8 {
    match paint {
        Paint::Queen | Paint::Ghost => GRID,
        Paint::Blocked => BASE,
        p if Paint::region(0) <= p && p <= Paint::region(11) => BASE,
        _ => BANDS,
    }
}

/// What an atom draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Shape {
    /// A filled rectangle (x, y, w, h).
    Rect(Rect),
    /// A rectangle's border, `thickness` wide inside it.
    Ring { rect: Rect, thickness: i64 },
    /// Corner brackets inside a rectangle.
    Corners { rect: Rect, arm: i64, thickness: i64 },
    /// A square `size` wide at (x, y) hatched in the paint (see `scene::hatch_geometry`).
    Hatch { x: i64, y: i64, size: i64 },
    /// The ring of a free square `size` wide at (x, y) (see `raster::ring_geometry`).
    Mark { x: i64, y: i64, size: i64 },
    /// A glyph with its origin at (x, y).
    Glyph { glyph: GlyphRef, x: i64, y: i64 },
    /// A line with round caps, in hundredths of a pixel.
    Line { from: (Centi, Centi), to: (Centi, Centi), width: Centi },
}

impl Shape {
    /// The same shape moved by whole pixels.
    pub fn moved(self, dx: i64, dy: i64) -> Shape {
        let r = |(x, y, w, h): Rect| (x + dx, y + dy, w, h);
        let c = |(x, y): (Centi, Centi)| (x + dx * 100, y + dy * 100);
        match self {
            Shape::Rect(rect) => Shape::Rect(r(rect)),
            Shape::Ring { rect, thickness } => Shape::Ring { rect: r(rect), thickness },
            Shape::Corners { rect, arm, thickness } => Shape::Corners { rect: r(rect), arm, thickness },
            Shape::Hatch { x, y, size } => Shape::Hatch { x: x + dx, y: y + dy, size },
            Shape::Mark { x, y, size } => Shape::Mark { x: x + dx, y: y + dy, size },
            Shape::Glyph { glyph, x, y } => Shape::Glyph { glyph, x: x + dx, y: y + dy },
            Shape::Line { from, to, width } => Shape::Line { from: c(from), to: c(to), width },
        }
    }
}

/// One drawn thing: sorted by layer, then paint, then shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Atom {
    pub layer: u8,
    pub paint: Paint,
    pub shape: Shape,
}

impl Atom {
    /// The same atom moved by whole pixels.
    pub fn moved(self, dx: i64, dy: i64) -> Atom {
        Atom { shape: self.shape.moved(dx, dy), ..self }
    }
}

/// Whether smooth motion fades `atom` in and out (or, where only queens fade, switches it at its
/// own time): a square's overlay (shading, a free square's ring, a solution's square), a queen, a
/// ghost, a stroke of a puzzle's cross (the only lines in the ghost paint, or in `rule_used`: a
/// step's new crosses), or an alarm mark that comes when the queen lands ([`lands`]). Everything
/// else (words, panels, other marks, brackets) switches at once, at its frame's start.
pub fn fades(atom: &Atom) -> bool {
    matches!(atom.layer, OVERLAY | QUEENS | GHOSTS)
        || (matches!(atom.paint, Paint::Ghost | Paint::RuleUsed) && matches!(atom.shape, Shape::Line { .. }))
        || lands(atom)
}

/// Whether `atom` is an alarm mark that the motion stage shows when the step's queen lands
/// (`motion::lands`): a line in the alarm colour or its background halo (only marks draw lines
/// in those paints), or an outline in the alarm colour.
pub fn lands(atom: &Atom) -> bool {
    match atom.shape {
        Shape::Line { .. } => matches!(atom.paint, Paint::CheckAttacked | Paint::Background),
        Shape::Ring { .. } => atom.paint == Paint::CheckAttacked,
        _ => false,
    }
}

/// Whether `atom` is a queen's glyph or a ghost's (a queen's silhouette): standing on a square,
/// where she gives way to its labels not at its corner (see [`origin`]).
pub fn is_piece(atom: &Atom) -> bool {
    matches!(atom.shape, Shape::Glyph { glyph: GlyphRef::Piece { .. }, .. })
}

/// Whether `atom` is a queen standing on a square.
pub fn is_queen(atom: &Atom) -> bool {
    atom.layer == QUEENS
}

/// The atoms of `scene`, sorted, without repeats; `hatch` draws attacked squares hatched.
pub fn atoms(scene: &Scene, glyphs: &Glyphs, hatch: bool) -> Vec<Atom> {
    let mut out = Vec::with_capacity(scene.items.len() * 2);
    for item in &scene.items {
        item_atoms(item, glyphs, hatch, &mut out);
    }
    out.sort_unstable();
    out.dedup();
    out
}

fn item_atoms(item: &Item, glyphs: &Glyphs, hatch: bool, out: &mut Vec<Atom>) {
    let mut push = |layer, paint, shape| out.push(Atom { layer, paint, shape });
    match item {
        Item::Fill { rect, paint } => push(fill_layer(*paint), *paint, Shape::Rect(*rect)),
        Item::Outline { rect, thickness, paint } => {
            push(stroke_layer(OUTLINES, *paint), *paint, Shape::Ring { rect: *rect, thickness: *thickness })
        }
        Item::Corners { rect, arm, thickness, paint } => push(
            stroke_layer(BRACKETS, *paint),
            *paint,
            Shape::Corners { rect: *rect, arm: *arm, thickness: *thickness },
        ),
        Item::Square { x, y, size, dark, ground, queen, inset } => {
            let (x, y, s) = (*x as i64, *y as i64, *size as i64);
            push(BASE, square_paint(*dark, false), Shape::Rect((x, y, s, s)));
            match ground {
                Ground::Plain => {}
                Ground::Free => push(OVERLAY, mark_paint(*dark), Shape::Mark { x, y, size: s }),
                Ground::Attacked => {
                    let shape = if hatch { Shape::Hatch { x, y, size: s } } else { Shape::Rect((x, y, s, s)) };
                    push(OVERLAY, square_paint(*dark, true), shape);
                }
                Ground::Solution => push(OVERLAY, Paint::Solution, Shape::Rect((x, y, s, s))),
            }
            if *queen {
                let (qx, qy, side) = Inset::place(*inset, (x as usize, y as usize), *size);
                let glyph = GlyphRef::Piece { ch: QUEEN, square: side as u32 };
                push(QUEENS, Paint::Queen, Shape::Glyph { glyph, x: qx as i64, y: qy as i64 });
            }
        }
        Item::Ghost { x, y, size } => {
            let glyph = GlyphRef::Piece { ch: QUEEN, square: *size as u32 };
            push(GHOSTS, Paint::Ghost, Shape::Glyph { glyph, x: *x as i64, y: *y as i64 });
        }
        Item::Line { from, to, width, paint } => {
            let shape = Shape::Line {
                from: (centi(from.0), centi(from.1)),
                to: (centi(to.0), centi(to.1)),
                width: centi(*width),
            };
            push(stroke_layer(LINES, *paint), *paint, shape);
        }
        Item::Text { x, baseline, size, text, paint } => {
            let y = baseline.round() as i64;
            let mut pen = *x;
            for ch in text.chars() {
                if !ch.is_whitespace() {
                    let glyph = GlyphRef::Text { ch, size: *size };
                    push(TEXT, *paint, Shape::Glyph { glyph, x: pen.round() as i64, y });
                }
                pen += glyphs.advance(ch, *size);
            }
        }
    }
}

/// The words of a scene: its text items line by line (top to bottom, each left to right, a space
/// where the pen jumps at least half a space), lines joined by " · " (for titles); a scene without
/// text (a bare board) says its board's size. Text in the panels (from `scene.panels_x` on) and
/// above the caption (`scene.words_top`: labels and marks on the board) is left out.
pub fn words(scene: &Scene, glyphs: &Glyphs) -> String {
    let squares = scene.items.iter().filter(|i| matches!(i, Item::Square { .. })).count();
    let text = text_words(scene, glyphs);
    match (text.is_empty(), (squares as f64).sqrt().round() as usize) {
        (true, n) if n > 0 => format!("{n}×{n} board"),
        _ => text,
    }
}

fn text_words(scene: &Scene, glyphs: &Glyphs) -> String {
    let mut runs: Vec<(f32, f32, &str, u32)> = Vec::new();
    for item in &scene.items {
        if let Item::Text { x, baseline, size, text, .. } = item {
            if scene.panels_x.is_some_and(|panels| *x >= panels as f32)
                || scene.words_top.is_some_and(|top| *baseline < top as f32)
            {
                continue;
            }
            runs.push((*baseline, *x, text, *size));
        }
    }
    runs.sort_by(|a, b| (a.0, a.1).partial_cmp(&(b.0, b.1)).unwrap_or(std::cmp::Ordering::Equal));
    let mut out = String::new();
    let mut last: Option<(f32, f32)> = None;
    for (baseline, x, text, size) in runs {
        match last {
            Some((b, _)) if (b - baseline).abs() > 0.5 => out.push_str(" · "),
            // Far apart on one line (the run's title, then the action): separate parts.
            Some((_, end))
                if x - end >= glyphs.advance(' ', size) * 3.0 && !out.ends_with("· ") && !text.starts_with(" ·") =>
            {
                out.push_str(" · ")
            }
            Some((_, end))
                if x - end >= glyphs.advance(' ', size) / 2.0 && !out.ends_with(' ') && !text.starts_with(' ') =>
            {
                out.push(' ')
            }
            _ => {}
        }
        out.push_str(text);
        last = Some((baseline, x + glyphs.text_width(text, size)));
    }
    out
}

/// Where an atom a square draws stands: the top-left corner of its square (`None` for shapes no
/// square draws); for a queen or ghost ([`is_piece`]), of the square her glyph is drawn on, which
/// is her square's own unless she gives way to its labels (the sinks find her square from the
/// frame's squares, `sink::atom_frames::pieces`).
pub fn origin(atom: &Atom) -> Option<(i64, i64)> {
    match atom.shape {
        Shape::Rect((x, y, _, _))
        | Shape::Hatch { x, y, .. }
        | Shape::Mark { x, y, .. }
        | Shape::Glyph { x, y, .. } => Some((x, y)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_becomes_glyphs_at_rounded_pens() {
        let glyphs = Glyphs::new();
        let mut scene = Scene::new(100, 40);
        scene.text((10.4, 20.6), 16, "a b");
        let atoms = atoms(&scene, &glyphs, false);
        assert_eq!(atoms.len(), 2, "the space has no atom");
        let pen_b = 10.4 + glyphs.advance('a', 16) + glyphs.advance(' ', 16);
        let b = GlyphRef::Text { ch: 'b', size: 16 };
        assert!(atoms.iter().any(|a| a.shape == Shape::Glyph { glyph: b, x: pen_b.round() as i64, y: 21 }));
    }

    #[test]
    fn squares_split_into_base_overlay_and_queen() {
        let glyphs = Glyphs::new();
        let mut scene = Scene::new(60, 60);
        scene.push(Item::Square {
            x: 0,
            y: 0,
            size: 60,
            dark: true,
            ground: Ground::Attacked,
            queen: true,
            inset: None,
        });
        let layers: Vec<(u8, Paint)> = atoms(&scene, &glyphs, false).iter().map(|a| (a.layer, a.paint)).collect();
        assert_eq!(layers, vec![(BASE, Paint::Dark), (OVERLAY, Paint::DarkAttacked), (QUEENS, Paint::Queen)]);
    }
}
