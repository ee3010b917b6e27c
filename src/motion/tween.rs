//! One in-between: the scene at time `t` of a step, from the scene before it and its own.
//!
//! Contract: the result has the step's items in the step's order (so words, marks and panels are
//! the step's own from its first in-between), except that a square whose item changed shows its
//! old item until its switch time ([`Step::switch_at`]) and its new one from then on, and that a
//! queen on her way is drawn as her silhouette (an [`Item::Ghost`] at any pixel position). The
//! step's causes are the squares whose queen came or went. A placement: her silhouette for the
//! first [`LAND`] of the (eased) step, then she stands and the squares she attacks change in
//! order of their distance along her rays (the Chebyshev distance, the number of squares along a
//! rank, file or diagonal), nearest first, the farthest on the step's own picture. A removal: the
//! shading recedes, farthest first, within `1 - LAND`, then she leaves on the step's own picture
//! (her ghost, if the step draws one, comes with her leaving). So the motion fills the
//! in-betweens, however long they last. One queen leaving and one arriving on the same board is
//! a move: she slides as her silhouette from the old square to the new within [`SLIDE`], the old
//! square's shading receding meanwhile, and lands; only then does the new square's shading grow
//! out along her rays. Squares that changed with no cause on their board (a solution's
//! reveal, a puzzle's marks) switch row by row from the top. A puzzle's new crosses (a square
//! ruled out) sweep out from the squares the step's rule used (its outlines, there from the
//! start), nearest first, by the same distance (`marks::cross_time`); with no used square on
//! their board they sweep row by row from the top. Crosses an undo takes off vanish at the
//! step's start. The marks that say queens attack each other come when the queen lands, and a
//! dead end's mark after her rays, with a pulse (`alarm.rs`).

use super::alarm::{land_time, Alarms};
use super::marks::Crosses;
use super::{ease, sweep, LAND, SLIDE};
use crate::scene::identity::ItemId;
use crate::scene::items::{Item, Scene};
use std::collections::HashMap;

/// The scene at time `t` (0..=1) of the step from `before` to `after`; exactly `after` at `t >= 1`
/// (or when the two are not frames of one size).
pub fn tween(before: &Scene, after: &Scene, t: f32) -> Scene {
    if t >= 1.0 || (before.width, before.height) != (after.width, after.height) {
        return after.clone();
    }
    let e = ease(t);
    let step = Step::between(before, after);
    let alarms = Alarms::between(before, land_time(step.slide.is_some(), !step.placed.is_empty()));
    let last_square = after.ids.iter().rposition(|id| matches!(id, ItemId::Square { .. }));
    let mut out = Scene::new(after.width, after.height);
    out.panels_x = after.panels_x;
    out.words_top = after.words_top;
    for (k, (item, id)) in after.items.iter().zip(&after.ids).enumerate() {
        match id {
            ItemId::Square { .. } => {
                let was = step.old.get(id).copied().filter(|was| *was != item);
                let landed = was.is_none() || e >= step.switch_at(*id);
                out.push_as(*id, if landed { item } else { was.unwrap_or(item) }.clone());
                if !landed && step.placed.contains(id) && step.slide.is_none() {
                    if let Some((x, y, size)) = place(item) {
                        out.push_as(ghost_id(*id), Item::Ghost { x, y, size });
                    }
                }
            }
            ItemId::Ghost { board, row, col } => {
                let square = ItemId::Square { board: *board, row: *row, col: *col };
                if !step.changed(square) || e >= step.switch_at(square) {
                    out.push_as(*id, item.clone());
                }
            }
            ItemId::Cross { .. } => {
                if step.crosses.shows(*id, e) {
                    out.push_as(*id, item.clone());
                }
            }
            ItemId::Used { .. } => out.push_as(*id, item.clone()),
            ItemId::Part { .. } => {
                if let Some(item) = alarms.at(id, item, e) {
                    out.push_as(*id, item);
                }
            }
        }
        if Some(k) == last_square {
            if let Some(ghost) = step.sliding(e) {
                out.push_as(ghost.0, ghost.1);
                out.slide = step.slide;
            }
        }
    }
    out
}

/// What changed over one step, for timing each square's switch.
struct Step<'a> {
    /// The squares before the step, by id.
    old: HashMap<ItemId, &'a Item>,
    /// The squares after it.
    new: HashMap<ItemId, &'a Item>,
    /// Squares a queen came to, and squares one left.
    placed: Vec<ItemId>,
    removed: Vec<ItemId>,
    /// A move: the square left and the square reached (on one board).
    slide: Option<(ItemId, ItemId)>,
    /// The farthest a changed square lies from its nearest cause, per board (at least 1).
    reach: HashMap<u8, u16>,
    /// Rows of the tallest board (for sweeps without a cause).
    rows: u16,
    /// A puzzle's crosses, old and new.
    crosses: Crosses,
}

impl<'a> Step<'a> {
    fn between(before: &'a Scene, after: &'a Scene) -> Self {
        let (old, new) = (squares(before), squares(after));
        let queen = |map: &HashMap<ItemId, &Item>, id: &ItemId| map.get(id).is_some_and(|i| has_queen(i));
        let mut placed: Vec<ItemId> = new.keys().filter(|id| queen(&new, id) && !queen(&old, id)).copied().collect();
        let mut removed: Vec<ItemId> = old.keys().filter(|id| queen(&old, id) && !queen(&new, id)).copied().collect();
        placed.sort_unstable();
        removed.sort_unstable();
        let slide = match (placed.as_slice(), removed.as_slice()) {
            ([to], [from]) if board(*to) == board(*from) && new.contains_key(from) => Some((*from, *to)),
            _ => None,
        };
        let rows = new.keys().map(|id| coords(*id).1 + 1).max().unwrap_or(1);
        let crosses = Crosses::between(before, after);
        let mut step = Step { old, new, placed, removed, slide, reach: HashMap::new(), rows, crosses };
        let mut reach: HashMap<u8, u16> = HashMap::new();
        for id in step.new.keys().filter(|id| step.changed(**id)) {
            if let Some((d, _)) = step.nearest(*id) {
                let far = reach.entry(board(*id)).or_insert(1);
                *far = (*far).max(d);
            }
        }
        step.reach = reach;
        step
    }

    /// Whether square `id`'s item differs before and after the step.
    fn changed(&self, id: ItemId) -> bool {
        match (self.old.get(&id), self.new.get(&id)) {
            (Some(a), Some(b)) => a != b,
            _ => false,
        }
    }

    /// The distance from `id` to the nearest cause on its board, and whether that cause is a
    /// placement (a placement wins a tie).
    fn nearest(&self, id: ItemId) -> Option<(u16, bool)> {
        let (b, r, c) = coords(id);
        let causes = self.placed.iter().map(|p| (p, true)).chain(self.removed.iter().map(|p| (p, false)));
        causes
            .filter(|(p, _)| board(**p) == b)
            .map(|(p, placed)| {
                let (_, pr, pc) = coords(*p);
                (r.abs_diff(pr).max(c.abs_diff(pc)), !placed)
            })
            .min()
            .map(|(d, removal)| (d, !removal))
    }

    /// The eased time at which square `id` shows its new item.
    fn switch_at(&self, id: ItemId) -> f32 {
        let (reach, cause) = (self.reach.get(&board(id)).copied().unwrap_or(1), self.nearest(id));
        match (self.slide, cause) {
            (Some((from, _)), _) if from == id => 0.0,
            (Some((_, to)), _) if to == id => SLIDE,
            (Some(_), Some(cause)) => slide_time(cause, reach),
            _ => switch_time(cause, reach, coords(id).1, self.rows),
        }
    }

    /// A sliding queen's silhouette at eased time `e`, between the square she left and the one
    /// she reaches: her silhouette as she stands there (giving way to its labels, if any), set off
    /// as far as the two squares lie apart (as the animated SVG and the player slide her).
    fn sliding(&self, e: f32) -> Option<(ItemId, Item)> {
        let (from, to) = self.slide.filter(|_| e < SLIDE)?;
        let e = e / SLIDE;
        let corner = |id| match self.new.get(&id)? {
            Item::Square { x, y, .. } => Some((*x as f32, *y as f32)),
            _ => None,
        };
        let ((x0, y0), (x1, y1)) = (corner(from)?, corner(to)?);
        let (x, y, size) = place(self.new.get(&to)?)?;
        let lerp = |b: usize, d: f32| {
            let a = b as f32 - d;
            (a + (b as f32 - a) * e).round().max(0.0) as usize
        };
        Some((ghost_id(to), Item::Ghost { x: lerp(x, x1 - x0), y: lerp(y, y1 - y0), size }))
    }
}

/// The eased time a changed square that no move slides from or to shows its new item (the rule
/// `Step::switch_at` applies, and the HTML player's script repeats in `motion.js`, f32 for f32):
/// `cause` is the distance to the nearest cause on its board and whether that is a placement
/// (`None`: no cause on its board), `reach` the farthest any changed square of that board lies from
/// its nearest cause (taken as at least 1), `row` its row and `rows` the tallest board's rows.
/// A placed queen lands at [`LAND`]; the squares she attacks follow, nearest first, the farthest
/// at 1 (the step's own picture); a removal's shading recedes farthest first from 0, the nearest
/// before `1 - LAND`, and she leaves at 1; without a cause, rows
/// switch from the top within `SWEEP` ([`sweep`](super::sweep)), as a puzzle's crosses do when
/// its rule used no square.
pub fn switch_time(cause: Option<(u16, bool)>, reach: u16, row: u16, rows: u16) -> f32 {
    let Some((d, placed)) = cause else {
        return sweep(row, rows);
    };
    let reach = f32::from(reach.max(1));
    let d = f32::from(d);
    match (placed, d == 0.0) {
        (true, true) => LAND,
        (true, false) => LAND + (1.0 - LAND) * d.min(reach) / reach,
        (false, true) => 1.0,
        (false, false) => (1.0 - LAND) * (reach - d.min(reach)) / reach,
    }
}

/// The eased time a changed square of a move's board shows its new item, when it is neither of
/// her two squares (the rule the player's script repeats too): the shading her old square cast
/// recedes while she slides, farthest first, and the shading of her new square grows once she
/// lands at [`SLIDE`], nearest first, the farthest at 1. `cause` and `reach` as for
/// [`switch_time`] (a square with no cause on its board follows `switch_time`).
pub fn slide_time((d, placed): (u16, bool), reach: u16) -> f32 {
    let reach = f32::from(reach.max(1));
    let d = f32::from(d).min(reach);
    match placed {
        true => SLIDE + (1.0 - SLIDE) * d / reach,
        false => SLIDE * (reach - d) / reach,
    }
}

/// A scene's squares by id.
fn squares(scene: &Scene) -> HashMap<ItemId, &Item> {
    let pairs = scene.ids.iter().zip(&scene.items);
    pairs.filter(|(id, _)| matches!(id, ItemId::Square { .. })).map(|(id, item)| (*id, item)).collect()
}

fn has_queen(item: &Item) -> bool {
    matches!(item, Item::Square { queen: true, .. })
}

/// A square item's left, top and side.
fn place(item: &Item) -> Option<(usize, usize, usize)> {
    match item {
        Item::Square { x, y, size, inset, .. } => Some(crate::scene::items::Inset::place(*inset, (*x, *y), *size)),
        _ => None,
    }
}

/// Board, row and column of an id standing on a square (a part's: its board, 0, 0).
fn coords(id: ItemId) -> (u8, u16, u16) {
    match id {
        ItemId::Part { board, .. } => (board, 0, 0),
        _ => id.square_of().unwrap_or_default(),
    }
}

fn board(id: ItemId) -> u8 {
    coords(id).0
}

/// The ghost id on a square's place.
fn ghost_id(id: ItemId) -> ItemId {
    let (board, row, col) = coords(id);
    ItemId::Ghost { board, row, col }
}

#[cfg(test)]
#[path = "tween_tests.rs"]
mod tests;
