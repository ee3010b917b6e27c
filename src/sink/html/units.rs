//! The player's drawing: a run's changes split into markup drawn once and the units a script
//! shows and hides frame by frame.
//!
//! Contract: atoms that show in every frame are drawn plainly; atoms with the same toggles (the
//! same frames where they appear or disappear) form one unit; a unit's atoms in one layer are one
//! `<g>` child of the `<svg>`, placed in the SVG backend's painting order (layer by layer, as the
//! animated SVG places them), hidden with `display="none"` when the unit does not show on frame 0,
//! so the page shows frame 0 before any script runs. Units are numbered in document order. The
//! toggles of frame k list, ascending, the units that change between frames k - 1 and k (frame 0's
//! list is empty). Text glyphs are listed with their place, so the script reads a frame's caption
//! off the glyphs it shows, as [`words`](crate::draw::svg::words) reads it off a scene. With smooth
//! motion, atoms are grouped by the cues of their changes too, and a unit whose changes fade says
//! when, on every `<g>` of it: attribute `m`, one digit per toggle of the unit in order, how far
//! into the frame its fade starts in fifths of [`Drawing::fade_ms`] (the fade's length); units
//! without it switch at once.

use crate::draw::svg::{Atom, Changes, Doc, GlyphRef, Shape, CRISP};
use crate::font::Glyphs;
use std::collections::HashMap;

/// A text glyph of the drawing: the unit it belongs to (`None`: every frame shows it), its
/// character, its pen (whole pixels, baseline) and, in hundredths of a pixel, its advance and half
/// the advance of a space at its size (a wider gap to the next glyph reads as a space).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitGlyph {
    pub unit: Option<u32>,
    pub ch: char,
    pub x: i64,
    pub y: i64,
    pub advance: i64,
    pub half_space: i64,
}

/// The drawing and its toggle table.
pub struct Drawing {
    /// The markup inside the `<svg>` after its background.
    pub body: String,
    /// The unit of every `<g>` in document order.
    pub elements: Vec<u32>,
    pub units: usize,
    /// Units shown on frame 0, ascending.
    pub initial: Vec<u32>,
    /// Per frame, the units that toggle on it, ascending.
    pub toggles: Vec<Vec<u32>>,
    /// Text glyphs sorted by baseline, then pen.
    pub glyphs: Vec<UnitGlyph>,
    /// The unit of every atom of the changes (`None`: every frame shows it); the tests replay
    /// the toggles against it.
    #[cfg_attr(not(test), allow(dead_code))]
    pub atom_units: Vec<Option<u32>>,
    /// How long a change fades under smooth motion, in milliseconds (0: no motion).
    pub fade_ms: u32,
}

/// The drawing of `changes`, written with `doc` (its definitions and paints); text glyphs from
/// `panels_x` on (the code panel) and above `words_top` (labels on the board) are not listed for the caption.
pub fn drawing(
    changes: Changes,
    doc: &mut Doc,
    font: &Glyphs,
    (panels_x, words_top): (Option<usize>, Option<usize>),
) -> Drawing {
    let Changes { atoms, initial, toggles, starts, cues, fade_ms } = changes;
    let mut order: Vec<usize> = (0..atoms.len()).collect();
    order.sort_unstable_by_key(|&i| atoms[i]);
    let mut units: HashMap<(bool, &[u32], &[u16]), u32> = HashMap::new();
    let mut unit_of: Vec<Option<u32>> = vec![None; atoms.len()];
    let mut unit_toggles: Vec<&[u32]> = Vec::new();
    let mut unit_cues: Vec<&[u16]> = Vec::new();
    let mut shown = Vec::new();
    let (mut body, mut elements) = (String::new(), Vec::new());
    let mut start = 0;
    while start < order.len() {
        let layer = atoms[order[start]].layer;
        let end = start + order[start..].iter().take_while(|&&i| atoms[i].layer == layer).count();
        let mut still: Vec<Atom> = Vec::new();
        let mut groups: Vec<(u32, Vec<Atom>)> = Vec::new();
        for &i in &order[start..end] {
            if toggles[i].is_empty() {
                still.push(atoms[i]);
                continue;
            }
            let next = units.len() as u32;
            let unit = *units.entry((initial[i], toggles[i].as_slice(), cues[i].as_slice())).or_insert(next);
            if unit == next {
                unit_toggles.push(toggles[i].as_slice());
                unit_cues.push(cues[i].as_slice());
                if initial[i] {
                    shown.push(unit);
                }
            }
            unit_of[i] = Some(unit);
            match groups.iter_mut().find(|(u, _)| *u == unit) {
                Some((_, list)) => list.push(atoms[i]),
                None => groups.push((unit, vec![atoms[i]])),
            }
        }
        doc.atoms(&still, &mut body);
        groups.sort_by_key(|(unit, _)| *unit);
        for (unit, list) in groups {
            let hidden = if shown.binary_search(&unit).is_ok() { "" } else { " display=\"none\"" };
            body.push_str(&format!("<g{hidden}{}>", fade_cues(unit_cues[unit as usize], fade_ms)));
            doc.atoms(&list, &mut body);
            body.push_str("</g>");
            elements.push(unit);
        }
        start = end;
    }
    let mut per_frame = vec![Vec::new(); starts.len() - 1];
    for (unit, frames) in unit_toggles.iter().enumerate() {
        for &frame in frames.iter() {
            per_frame[frame as usize].push(unit as u32);
        }
    }
    let mut glyphs = text_glyphs(&atoms, &unit_of, font);
    glyphs
        .retain(|g| panels_x.is_none_or(|panels| g.x < panels as i64) && words_top.is_none_or(|top| g.y >= top as i64));
    Drawing {
        body,
        elements,
        units: unit_toggles.len(),
        initial: shown,
        toggles: per_frame,
        glyphs,
        atom_units: unit_of,
        fade_ms,
    }
}

/// A unit's fades as the attribute `m` (with a space before it), or nothing for a unit that
/// switches at once: one digit a toggle, its cue in fifths of the fade, rounded (at most 9).
fn fade_cues(cues: &[u16], fade_ms: u32) -> String {
    if cues.iter().all(|&cue| cue == CRISP) || fade_ms == 0 {
        return String::new();
    }
    let digit = |cue: u16| {
        let fifths = if cue == CRISP { 0 } else { (u32::from(cue) * 5 + fade_ms / 2) / fade_ms };
        char::from_digit(fifths.min(9), 10).unwrap_or('9')
    };
    format!(" m=\"{}\"", cues.iter().map(|&cue| digit(cue)).collect::<String>())
}
/// The text glyphs among `atoms`, sorted by baseline, then pen.
fn text_glyphs(atoms: &[Atom], unit_of: &[Option<u32>], font: &Glyphs) -> Vec<UnitGlyph> {
    let mut out: Vec<UnitGlyph> = atoms
        .iter()
        .zip(unit_of)
        .filter_map(|(atom, &unit)| match atom.shape {
            Shape::Glyph { glyph: GlyphRef::Text { ch, size }, x, y } => Some(UnitGlyph {
                unit,
                ch,
                x,
                y,
                advance: (font.advance(ch, size) * 100.0).round() as i64,
                half_space: (font.advance(' ', size) * 50.0).round() as i64,
            }),
            _ => None,
        })
        .collect();
    out.sort_by_key(|g| (g.y, g.x, g.ch, g.unit));
    out
}
