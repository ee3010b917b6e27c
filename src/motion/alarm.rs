//! A step's alarm marks in motion: what says "these attack each other" comes when the queen lands,
//! and a dead end's mark comes after her rays, then pulses.
//!
//! Contract: an alarm mark is an item of the marks part ([`Part::Marks`]) that [`lands`]: a line
//! in the alarm colour (between attacking queens, `--why`'s links, a check's attacker line) or its
//! background halo, or an outline in the alarm colour (two queens side by side, forward's dead
//! row). One the step adds shows from the moment the step's queens land (eased time: a slide's
//! [`SLIDE`], a placement's [`LAND`]; from the start in a step that places none); one it takes
//! off is gone from the start (it is not in the step's scene). The dead-end mark (a fill in the
//! alarm colour or its tint in the marks part) the step adds shows from [`DEAD`], after most of
//! the rays have reached the dead line, and pulses once: grown by up to 3 px a side from
//! [`PULSE`] until the step's own picture, which draws it as it stays. The HTML player and
//! animated SVG time the alarm marks alike ([`lands`] is theirs too: `draw::svg::lands`); the
//! dead-end mark's pulse is the pixel formats' (the vector formats show it from the step's
//! start).

use super::{LAND, SLIDE};
use crate::scene::identity::{ItemId, Part};
use crate::scene::items::{Item, Scene};
use crate::scene::theme::Paint;

/// Eased time the dead-end mark a step adds shows from.
pub const DEAD: f32 = 0.7;

/// Eased time from which the dead-end mark is drawn grown (its pulse), until the step's own picture.
pub const PULSE: f32 = 0.85;

/// Whether `item` is an alarm mark that comes when the step's queens land (see the contract).
pub fn lands(item: &Item) -> bool {
    match item {
        Item::Line { paint, .. } => matches!(paint, Paint::CheckAttacked | Paint::Background),
        Item::Outline { paint, .. } => *paint == Paint::CheckAttacked,
        _ => false,
    }
}

/// Whether `item` is a dead end's mark.
fn dead_mark(item: &Item) -> bool {
    matches!(item, Item::Fill { paint: Paint::CheckAttacked | Paint::CheckAttackedTint, .. })
}

/// The eased time a step's queens land: `slide`, a move; `placed`, it places a queen.
pub fn land_time(slide: bool, placed: bool) -> f32 {
    match (slide, placed) {
        (true, _) => SLIDE,
        (false, true) => LAND,
        (false, false) => 0.0,
    }
}

/// The marks of the scene before a step, and when the step's queens land.
pub(super) struct Alarms<'a> {
    old: Vec<&'a Item>,
    land: f32,
}

impl<'a> Alarms<'a> {
    pub(super) fn between(before: &'a Scene, land: f32) -> Self {
        let marks = before.ids.iter().zip(&before.items);
        let old = marks.filter(|(id, _)| is_mark(id)).map(|(_, item)| item).collect();
        Alarms { old, land }
    }

    /// What mark `item` (with id `id`) of the step's scene draws at eased time `e`: itself, a
    /// pulse of it, or nothing yet.
    pub(super) fn at(&self, id: &ItemId, item: &Item, e: f32) -> Option<Item> {
        if !is_mark(id) || self.old.contains(&item) {
            return Some(item.clone());
        }
        if lands(item) {
            return (e >= self.land).then(|| item.clone());
        }
        match item {
            Item::Fill { rect: (x, y, w, h), paint } if dead_mark(item) => match e {
                e if e < DEAD => None,
                e if e >= PULSE => {
                    let g = ((*w).min(*h) / 2).clamp(1, 3);
                    Some(Item::Fill { rect: (x - g, y - g, w + 2 * g, h + 2 * g), paint: *paint })
                }
                _ => Some(item.clone()),
            },
            _ => Some(item.clone()),
        }
    }
}

fn is_mark(id: &ItemId) -> bool {
    matches!(id, ItemId::Part { part: Part::Marks, .. })
}
