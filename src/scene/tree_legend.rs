//! The search tree panel's marks and their legend: how each kind of node is drawn, defined once
//! here for the nodes ([`super::tree_panel`]) and the legend's swatches, so the two cannot drift.
//!
//! Contract: the legend sits under the nodes and lists, left to right and wrapping inside the
//! panel, a swatch and a few words for each mark the run's tree shows at some frame: the path on
//! the board, the current node (an outline in the text colour on a background halo inside it, so
//! it keeps the theme's 4.5:1 text contrast against whatever node fill it surrounds), solutions
//! (outlined in the queens' colour),
//! nodes left after a solution was found below them, dead ends, nodes cut by a look-ahead and
//! the node just taken back. Its type has capitals of at least 0.18 x square
//! ([`super::layout::label_text_size`]). Nodes not visited yet are not drawn.

use super::color::contrast;
use super::items::{Item, Rect, Scene};
use super::layout::PanelLayout;
use super::theme::{Paint, Theme};
use crate::board::tree::{NodeState, SearchTree};
use crate::font::Glyphs;

/// What a node shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum LegendMark {
    Path,
    Current,
    Solution,
    Explored,
    Dead,
    Cut,
    TakenBack,
}

impl LegendMark {
    fn words(self) -> &'static str {
        match self {
            LegendMark::Path => "On the board",
            LegendMark::Current => "Current step",
            LegendMark::Solution => "Solution",
            LegendMark::Explored => "Removed, solution below",
            LegendMark::Dead => "Dead end",
            LegendMark::Cut => "Cut by look-ahead",
            LegendMark::TakenBack => "Just removed",
        }
    }

    /// The swatch: a node of `side` pixels showing this mark (`outlined`: see [`explored_outline`]).
    fn swatch(self, rect: Rect, (outlined, dead): (bool, Paint), scene: &mut Scene) {
        let state = match self {
            LegendMark::Path | LegendMark::Current => NodeState::Path,
            LegendMark::Solution => NodeState::Solution,
            LegendMark::Explored => NodeState::Explored,
            LegendMark::Dead | LegendMark::Cut | LegendMark::TakenBack => NodeState::Dead,
        };
        let (fill, _) = node_paints(state, dead);
        scene.push(Item::Fill { rect, paint: fill });
        if state == NodeState::Path {
            path_outline(rect, scene);
        }
        match self {
            LegendMark::Current => current_node(rect, rect.3, (rect.0, rect.0 + rect.2), scene),
            LegendMark::Solution => solution_outline(rect, rect.3, scene),
            LegendMark::Cut => cut_bar(rect, scene),
            LegendMark::TakenBack => taken_back(rect, rect.3, scene),
            LegendMark::Explored if outlined => explored_outline(rect, scene),
            _ => {}
        }
    }
}

/// A node's fill and the ink of its label: the path in the light tint of the placed colour (the
/// code panel's bar for a placement; outlined, [`path_outline`]), so the root and first levels, on
/// the path in every frame, stay calmer than the board; dead ends in `dead` ([`dead_fill`]).
pub(super) fn node_paints(state: NodeState, dead: Paint) -> (Paint, Paint) {
    match state {
        NodeState::Path => (Paint::PlacedTint, Paint::Text),
        NodeState::Solution => (Paint::Solution, Paint::Text),
        NodeState::Explored => (Paint::Light, Paint::Text),
        _ => (dead, Paint::Text),
    }
}

/// The dead ends' fill: the attacked light squares' colour or the dark squares', whichever is
/// closer to the background (gray and print: the dark squares', whose attacked grays are the
/// board's darkest grounds; print's are meant as thin hatching, not as solid areas).
pub(super) fn dead_fill(theme: &Theme) -> Paint {
    let weight = |c| contrast(c, theme.background);
    if weight(theme.dark) < weight(theme.light_attacked) {
        Paint::Dark
    } else {
        Paint::LightAttacked
    }
}

/// The path's thin outline in the placed colour, around nodes 3 pixels wide or more: its tint alone
/// is close to the light squares' colour (explored nodes) and, in print, to the page.
pub(super) fn path_outline(rect: Rect, scene: &mut Scene) {
    if rect.2 >= 3 {
        scene.push(Item::Outline { rect, thickness: 1, paint: Paint::Placed });
    }
}

/// The outline of a solution node in the queens' colour (`height`: the panel's node height), so
/// solutions stand apart from dead ends where their fills are close in lightness (grayscale).
pub(super) fn solution_outline(rect: Rect, height: i64, scene: &mut Scene) {
    if rect.2 >= 6 {
        scene.push(Item::Outline { rect, thickness: (height / 16).max(2), paint: Paint::Queen });
    }
}

/// The outline of a node taken back with a solution below it, for themes whose light squares are
/// the page's colour (`Theme::outline`, print): its fill alone would be white on white. Drawn in
/// the dead ends' colour, so it never reads as the current node's (text-coloured) mark.
pub(super) fn explored_outline(rect: Rect, scene: &mut Scene) {
    if rect.2 >= 3 {
        scene.push(Item::Outline { rect, thickness: 1, paint: Paint::LightAttacked });
    }
}

/// The look-ahead's bar along the bottom of a node it cut.
pub(super) fn cut_bar((x, y, w, h): Rect, scene: &mut Scene) {
    let bar = (h / 6).max(2);
    scene.push(Item::Fill { rect: (x, y + h - bar, w, bar), paint: Paint::CheckAttacked });
}

/// The outline of the node just taken back (`height`: the panel's node height), with a ring in the
/// text colour inside it where the node has room: in themes whose removal colour is close to the
/// dead ends' fill in lightness (print: two grays 1.2:1 apart; default: orange on tan), the ring is
/// 3:1 against both, so the node stands apart from a dead end without its hue.
pub(super) fn taken_back(rect: Rect, height: i64, scene: &mut Scene) {
    let (thickness, ring) = mark_strokes(height);
    let room = 2 * (thickness + ring) + 2;
    if rect.2 >= room && rect.3 >= room {
        ringed_outline(rect, (thickness, ring), (Paint::Removed, Paint::Text), scene);
    } else {
        scene.push(Item::Outline { rect, thickness, paint: Paint::Removed });
    }
}

/// A node mark's outline and the ring just inside it, in pixels, for the panel's node `height`.
fn mark_strokes(height: i64) -> (i64, i64) {
    let thickness = (height / 12).max(2);
    (thickness, (thickness / 2).max(1))
}

/// An outline of `thickness` pixels in `outer` with a ring of `ring` pixels in `inner` just inside it.
fn ringed_outline(
    (x, y, w, h): Rect,
    (thickness, ring): (i64, i64),
    (outer, inner): (Paint, Paint),
    scene: &mut Scene,
) {
    scene.push(Item::Outline { rect: (x, y, w, h), thickness, paint: outer });
    let inside = (x + thickness, y + thickness, w - 2 * thickness, h - 2 * thickness);
    scene.push(Item::Outline { rect: inside, thickness: ring, paint: inner });
}

/// The current node's mark: an outline in the text colour with a background halo inside it,
/// widened around nodes too narrow to show their fill inside (kept within `span`, the panel's
/// left and right edges); a solid text-coloured node when the row is too low for both.
pub(super) fn current_node((x, y, w, h): Rect, height: i64, (left, right): (i64, i64), scene: &mut Scene) {
    let (thickness, halo) = mark_strokes(height);
    let room = thickness + halo;
    if h < 2 * room + 2 {
        scene.push(Item::Fill { rect: (x, y, w, h), paint: Paint::Text });
        return;
    }
    let (x, w) = if w >= 2 * room + 3 {
        (x, w)
    } else {
        let from = (x - room).max(left);
        (from, (x + w + room).min(right) - from)
    };
    ringed_outline((x, y, w, h), (thickness, halo), (Paint::Text, Paint::Background), scene);
}

/// The legend: its entries placed in the panel's legend rectangle.
pub(super) struct TreeLegend {
    /// Height it needs, in pixels.
    pub height: usize,
    size: u32,
    /// Explored nodes are outlined ([`explored_outline`]); the dead ends' fill ([`dead_fill`]).
    look: (bool, Paint),
    /// Each entry's mark, swatch and text pen (x, baseline), relative to the legend's top left.
    entries: Vec<(LegendMark, Rect, (f32, f32))>,
}

impl TreeLegend {
    /// The legend of `tree` in type of `size` pixels, wrapped to `width` pixels; `outlined`: the
    /// theme outlines explored nodes ([`explored_outline`]).
    pub fn new(tree: &SearchTree, size: u32, width: usize, look: (bool, Paint), glyphs: &Glyphs) -> Self {
        let cap = glyphs.cap_height(size);
        let side = size as i64;
        let pad = (size / 2) as f32;
        let line = (size as f32 * 1.7).round();
        let (mut x, mut top) = (pad, pad * 0.5);
        let mut entries = Vec::new();
        for mark in marks(tree) {
            let text = glyphs.text_width(mark.words(), size);
            let entry = side as f32 + size as f32 * 0.4 + text;
            if x > pad && x + entry > width as f32 - pad {
                (x, top) = (pad, top + line);
            }
            let baseline = (top + (line + cap) / 2.0).round();
            let swatch_y = (baseline - cap / 2.0 - side as f32 / 2.0).round() as i64;
            entries.push((
                mark,
                (x.round() as i64, swatch_y, side, side),
                (x + side as f32 + size as f32 * 0.4, baseline),
            ));
            x += entry + size as f32 * 1.2;
        }
        let height = if entries.is_empty() { 0 } else { (top + line + pad * 0.5).ceil() as usize };
        TreeLegend { height, size, look, entries }
    }

    /// This legend moved into `rect`.
    pub fn placed(mut self, rect: PanelLayout) -> Self {
        let (dx, dy) = (rect.x as i64, rect.y as i64);
        for (_, (x, y, _, _), (tx, baseline)) in &mut self.entries {
            (*x, *y) = (*x + dx, *y + dy);
            (*tx, *baseline) = (*tx + dx as f32, *baseline + dy as f32);
        }
        self
    }

    /// The legend's items.
    pub fn items(&self, scene: &mut Scene) {
        for &(mark, swatch, (x, baseline)) in &self.entries {
            mark.swatch(swatch, self.look, scene);
            scene.push(Item::Text { x, baseline, size: self.size, text: mark.words().into(), paint: Paint::Text });
        }
    }
}

/// The marks `tree` shows at some frame, in the legend's order.
fn marks(tree: &SearchTree) -> Vec<LegendMark> {
    let nodes = &tree.nodes;
    let removed = || nodes.iter().filter(|node| node.removed_at.is_some() && node.solution_at.is_none());
    [
        (LegendMark::Path, true),
        (LegendMark::Current, true),
        (LegendMark::Solution, nodes.iter().any(|node| node.solution_at.is_some())),
        (LegendMark::Explored, removed().any(|node| node.fruitful)),
        (LegendMark::Dead, removed().any(|node| !node.fruitful)),
        (LegendMark::Cut, nodes.iter().any(|node| node.pruned_at.is_some())),
        (LegendMark::TakenBack, nodes.iter().any(|node| node.removed_at.is_some())),
    ]
    .into_iter()
    .filter_map(|(mark, shown)| shown.then_some(mark))
    .collect()
}
