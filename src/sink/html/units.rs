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
//! motion, on a page that stores its cues atoms are grouped by their cues too; on one whose
//! script finds them, atoms that fade are grouped by their square too (ghosts and a puzzle's
//! crosses apart from the square's own atoms; crosses that sweep in together as one), and every
//! unit says how and where it fades ([`Drawing::kinds`]), so the
//! script times its fades itself (see `motion.rs`); the markup carries nothing else of motion but,
//! in a run whose queens slide (min-conflicts' moves), one silhouette for every square a queen
//! slides to: her ghost standing there, last in the `<svg>`, a single element of class `k` hidden
//! with `display="none"` (not a `<g>`: no unit), which the script moves while she slides.

use crate::draw::svg::{classed, Atom, Changes, Doc, GlyphRef, Shape};
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
    /// Per unit, how it fades: 0 not at all (it switches at once), 1 as a ghost on a square, 2 as a
    /// square's own atoms, 3 as those that hold its queen, 4 as a puzzle's cross (crosses that
    /// sweep in together stand on the first of their squares), 5 as an alarm mark that comes when
    /// the step's queens land (on no square); and the number of that square (0 for kinds 0 and
    /// 5). A queen on a square that stands only with her (a region puzzle's) fades as a
    /// ghost: she comes and goes at the step's start.
    pub kinds: Vec<u8>,
    pub squares: Vec<u32>,
    /// Per unit, the cues of its toggles (under smooth motion: the in-betweens'); `None` for a
    /// unit whose atoms disagree (never on a page that stores its cues: they group units).
    pub cues: Vec<Option<Vec<u16>>>,
    /// The square of each silhouette a queen slides as (see the contract), in document order.
    pub sliders: Vec<u32>,
    /// Every slide, in order.
    pub moves: Vec<Move>,
}

/// Where an atom fades: its square's number and the kind of unit it makes (see
/// [`Drawing::kinds`]; `None`: it switches at once).
pub type Spot = Option<(u32, u8)>;

/// What a unit is keyed by besides its toggles: a square's own atoms (kinds 2 and 3) are one
/// group.
fn group(spot: Spot) -> Spot {
    spot.map(|(square, kind)| (square, if kind == 3 { 2 } else { kind }))
}

/// Says where each atom fades.
pub type Place<'a> = &'a dyn Fn(&Atom) -> Spot;

/// A slide: the frame it moves in, its silhouette (in document order), and how far the square
/// she leaves lies from the one she reaches, in pixels (x, y).
pub type Move = (u32, u32, i64, i64);

/// What atoms of one unit share: whether they show on frame 0, their toggles, where they fade
/// and (on a page that stores its cues) the cues of their toggles.
type UnitKey<'a> = (bool, &'a [u32], Spot, Option<&'a [u16]>);

/// The drawing of `changes`, written with `doc` (its definitions and paints); text glyphs from
/// `panels_x` on (the code panel) and above `words_top` (labels on the board) are not listed for the
/// caption; `place` says where each atom fades (always `None` without motion); `by_cues`: atoms
/// whose changes have different cues are never one unit (a page that stores its cues).
pub fn drawing(
    changes: Changes,
    doc: &mut Doc,
    font: &Glyphs,
    (panels_x, words_top): (Option<usize>, Option<usize>),
    (place, by_cues): (Place<'_>, bool),
) -> Drawing {
    let Changes { atoms, initial, toggles, starts, cues, fade_ms, slides } = changes;
    let mut order: Vec<usize> = (0..atoms.len()).collect();
    order.sort_unstable_by_key(|&i| atoms[i]);
    let mut units: HashMap<UnitKey<'_>, u32> = HashMap::new();
    let mut unit_of: Vec<Option<u32>> = vec![None; atoms.len()];
    let mut unit_toggles: Vec<&[u32]> = Vec::new();
    let (mut kinds, mut squares): (Vec<u8>, Vec<u32>) = (Vec::new(), Vec::new());
    let mut unit_cues: Vec<Option<Vec<u16>>> = Vec::new();
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
            let at = place(&atoms[i]);
            let cued = cues.get(i).filter(|_| by_cues).map(Vec::as_slice);
            let unit = *units.entry((initial[i], toggles[i].as_slice(), group(at), cued)).or_insert(next);
            if unit == next {
                unit_toggles.push(toggles[i].as_slice());
                kinds.push(0);
                squares.push(at.map_or(0, |(square, _)| square));
                unit_cues.push(cues.get(i).cloned());
                if initial[i] {
                    shown.push(unit);
                }
            }
            let u = unit as usize;
            kinds[u] = kinds[u].max(at.map_or(0, |(_, kind)| kind));
            if unit_cues[u].as_ref() != cues.get(i) {
                unit_cues[u] = None;
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
            body.push_str(&format!("<g{hidden}>"));
            doc.atoms(&list, &mut body);
            body.push_str("</g>");
            elements.push(unit);
        }
        start = end;
    }
    let mut sliders = Vec::new();
    for ghost in slides.ghosts() {
        let mut markup = String::new();
        doc.atoms(ghost, &mut markup);
        body.push_str(&classed(&markup, "k", " display=\"none\""));
        // A silhouette off every square (none is) would match no queen's square.
        sliders.push(ghost.first().and_then(place).map_or(u32::MAX, |(square, _)| square));
    }
    let ghosts = slides.ghosts();
    let moves = slides
        .iter()
        .filter_map(|slide| {
            let frame = starts.binary_search(&slide.start_ms).ok()? as u32;
            let ghost = ghosts.iter().position(|g| *g == slide.ghost.as_slice())? as u32;
            Some((frame, ghost, slide.from.0 - slide.to.0, slide.from.1 - slide.to.1))
        })
        .collect();
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
        kinds,
        squares,
        cues: unit_cues,
        sliders,
        moves,
    }
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
