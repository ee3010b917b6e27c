//! A puzzle's marks in motion: the crosses on ruled-out squares sweep out from the squares the
//! step's rule used.
//!
//! Contract: a cross (its strokes are [`ItemId::Cross`]) the step keeps shows throughout; a new
//! one shows once the eased time passes its [`cross_time`], which grows with its Chebyshev
//! distance from the nearest square the step's rule used on its board (the [`ItemId::Used`]
//! outlines of the step's scene), nearest first; with no used square on its board, rows sweep
//! from the top as squares without a cause do ([`sweep`]). All show by `SWEEP`, so before the
//! step's own scene. Crosses the step takes off (an undo) are not in its scene: they vanish
//! at its start.

use super::{sweep, SWEEP};
use crate::scene::identity::ItemId;
use crate::scene::items::Scene;
use std::collections::{HashMap, HashSet};

/// A puzzle step's crosses: those it keeps show throughout, new ones sweep out from the squares
/// its rule used.
pub(super) struct Crosses {
    /// The strokes shown before the step.
    old: HashSet<ItemId>,
    /// The squares the step's rule used: board, row and column.
    used: Vec<(u8, u16, u16)>,
    /// The farthest a new cross lies from its nearest used square, per board (at least 1).
    reach: HashMap<u8, u16>,
    /// Rows of the tallest board, as far as its items on squares reach (for sweeps from the top).
    rows: u16,
}

impl Crosses {
    pub(super) fn between(before: &Scene, after: &Scene) -> Self {
        let is_cross = |id: &&ItemId| matches!(id, ItemId::Cross { .. });
        let old = before.ids.iter().filter(is_cross).copied().collect();
        let used = after.ids.iter().filter(|id| matches!(id, ItemId::Used { .. }));
        let mut used: Vec<(u8, u16, u16)> = used.filter_map(|id| id.square_of()).collect();
        used.sort_unstable();
        used.dedup();
        let rows = after.ids.iter().filter_map(|id| id.square_of()).map(|(_, row, _)| row + 1).max().unwrap_or(1);
        let mut crosses = Crosses { old, used, reach: HashMap::new(), rows };
        for id in after.ids.iter().filter(is_cross).filter(|id| !crosses.old.contains(id)) {
            if let Some(d) = crosses.nearest(*id) {
                let far = crosses.reach.entry(place(*id).0).or_insert(1);
                *far = (*far).max(d);
            }
        }
        crosses
    }

    /// The distance from `id`'s square to the nearest used square on its board.
    fn nearest(&self, id: ItemId) -> Option<u16> {
        let (b, r, c) = place(id);
        let on_board = self.used.iter().filter(|(ub, _, _)| *ub == b);
        on_board.map(|(_, ur, uc)| r.abs_diff(*ur).max(c.abs_diff(*uc))).min()
    }

    /// Whether cross stroke `id` of the step's scene shows at eased time `e`: a kept one always,
    /// a new one once `e` passes its [`cross_time`] (so none at the step's very start).
    pub(super) fn shows(&self, id: ItemId, e: f32) -> bool {
        let (board, row, _) = place(id);
        let reach = self.reach.get(&board).copied().unwrap_or(1);
        self.old.contains(&id) || e > cross_time(self.nearest(id), reach, row, self.rows)
    }
}

/// The eased time after which a new cross shows: `used` is its distance from the nearest square
/// the step's rule used on its board (`None`: none on its board), `reach` the farthest any new
/// cross of that board lies from its nearest one (taken as at least 1), `row` its row and `rows`
/// the tallest board's. Crosses next to (or on) a used square show from the first in-between,
/// the farthest before `SWEEP`; without a used square, rows sweep from the top as
/// squares without a cause do.
pub fn cross_time(used: Option<u16>, reach: u16, row: u16, rows: u16) -> f32 {
    match used {
        Some(d) => SWEEP * f32::from(d.max(1) - 1) / f32::from(reach.max(1)),
        None => sweep(row, rows),
    }
}

/// Board, row and column of a cross's square.
fn place(id: ItemId) -> (u8, u16, u16) {
    id.square_of().unwrap_or_default()
}
