//! The search tree panel's cells: a run's nodes grouped by the pixel column they start in, so a
//! frame's panel costs the panel's size, not the run's length (drawing every node on every frame
//! made `--tree` quadratic in the run).
//!
//! Contract: on each level, nodes in visiting order lie left to right. A node at least 2 pixels
//! wide is a cell of its own and shows exactly as a node does. Narrower nodes next to each other
//! that start in the same pixel column share one cell, which shows the strongest state among its
//! nodes (path over solution over dead over explored) with the look-ahead's bar when a node of
//! that state was cut; each such cell knows from which frame each state first shows, so its
//! state after frame k costs O(1). The current path has one node per level, found by a binary
//! search of the level's placements.

use super::layout::PanelLayout;
use crate::board::tree::{Node, NodeState, SearchTree};
use std::ops::Range;

/// Where a node goes in the panel, in frame pixels.
pub(super) struct Geometry {
    panel: PanelLayout,
    width_units: u64,
    pub row: i64,
    pub node_height: i64,
}

impl Geometry {
    pub fn new(panel: PanelLayout, tree: &SearchTree) -> Self {
        let levels = (tree.depth + 1).max(2) as i64;
        let row = panel.height as i64 / levels;
        let gap = (row / 8).max(1);
        Geometry { panel, width_units: tree.width.max(1) as u64, row, node_height: (row - gap).max(1) }
    }

    fn x(&self, unit: usize) -> i64 {
        self.panel.x as i64 + (unit as u64 * self.panel.width as u64 / self.width_units) as i64
    }

    /// A node's rectangle; nodes wide enough keep a pixel of gap on their right.
    pub fn rect(&self, node: &Node, min_width: i64) -> (i64, i64, i64, i64) {
        let x = self.x(node.start);
        let mut width = self.x(node.start + node.span) - x;
        if width >= 4 {
            width -= 1;
        }
        (x, self.y(node.depth), width.max(min_width), self.node_height)
    }

    pub fn y(&self, depth: usize) -> i64 {
        self.panel.y as i64 + depth as i64 * self.row
    }

    /// Pixels between a node's left edge and the next node's, before the gap.
    fn span_pixels(&self, node: &Node) -> i64 {
        self.x(node.start + node.span) - self.x(node.start)
    }
}

/// Frame numbers from which something shows; `NEVER` when it never does.
const NEVER: usize = usize::MAX;

/// Narrow nodes of one level sharing a pixel column.
#[derive(Clone, Debug)]
pub(super) struct Group {
    pub x: i64,
    /// Their positions in the level's list of nodes.
    members: Range<usize>,
    visible_from: usize,
    /// First frame each state shows on some member: solution, dead, explored.
    from: [usize; 3],
    /// First frame a member of that state shows with the look-ahead's bar.
    pruned_from: [usize; 3],
}

/// One cell of a level: a wide node, or a group of narrow ones.
#[derive(Clone, Debug)]
pub(super) enum TreeCell {
    Node(usize),
    Group(Group),
}

/// A tree laid out in cells, level by level.
pub(super) struct TreeCells {
    pub tree: SearchTree,
    pub geometry: Geometry,
    /// Node ids per level, in visiting order.
    levels: Vec<Vec<usize>>,
    cells: Vec<Vec<TreeCell>>,
    /// (removal event, node id), by event.
    removals: Vec<(usize, usize)>,
}

impl TreeCells {
    pub fn new(tree: SearchTree, panel: PanelLayout) -> Self {
        let geometry = Geometry::new(panel, &tree);
        let mut levels = vec![Vec::new(); tree.depth + 1];
        for (id, node) in tree.nodes.iter().enumerate() {
            levels[node.depth].push(id);
        }
        let cells = levels.iter().map(|ids| level_cells(&tree, &geometry, ids)).collect();
        let mut removals: Vec<(usize, usize)> =
            tree.nodes.iter().enumerate().filter_map(|(id, node)| Some((node.removed_at?, id))).collect();
        removals.sort_unstable();
        TreeCells { tree, geometry, levels, cells, removals }
    }

    /// The node removed by event k, if any.
    pub fn removed_by(&self, k: usize) -> Option<&Node> {
        let at = self.removals.partition_point(|&(event, _)| event < k);
        self.removals.get(at).filter(|&&(event, _)| event == k).map(|&(_, id)| &self.tree.nodes[id])
    }

    /// The current node after frame k: the last queen placed and still on the board (the root
    /// when the board is empty).
    pub fn current(&self, k: usize) -> &Node {
        for ids in self.levels.iter().rev() {
            let Some(last) = ids.partition_point(|&id| self.tree.nodes[id].placed_at <= k).checked_sub(1) else {
                continue;
            };
            let node = &self.tree.nodes[ids[last]];
            if node.removed_at.is_none_or(|r| r > k) {
                return node;
            }
        }
        &self.tree.nodes[0]
    }

    /// Every visible cell after frame k with its state, level by level, left to right.
    pub fn visible(&self, k: usize) -> Vec<(&TreeCell, usize, NodeState, bool)> {
        let mut out = Vec::new();
        for (depth, (ids, cells)) in self.levels.iter().zip(&self.cells).enumerate() {
            let path = self.path_position(ids, k).map(|p| (p, self.tree.pruned_by(&self.tree.nodes[ids[p]], k)));
            for cell in cells {
                let (state, pruned) = match cell {
                    TreeCell::Node(id) => {
                        let node = &self.tree.nodes[*id];
                        (self.tree.state_at(node, k), self.tree.pruned_by(node, k))
                    }
                    TreeCell::Group(group) => group_state(group, path, k),
                };
                if state == NodeState::Hidden {
                    break;
                }
                out.push((cell, depth, state, pruned));
            }
        }
        out
    }

    /// Position in the level's list of the node on the current path after frame k, if any.
    fn path_position(&self, ids: &[usize], k: usize) -> Option<usize> {
        let last = ids.partition_point(|&id| self.tree.nodes[id].placed_at <= k).checked_sub(1)?;
        (self.tree.state_at(&self.tree.nodes[ids[last]], k) == NodeState::Path).then_some(last)
    }
}

/// The state of a group after frame k (`path`: the position of the level's path node and whether
/// it was cut) and whether it shows the look-ahead's bar.
fn group_state(group: &Group, path: Option<(usize, bool)>, k: usize) -> (NodeState, bool) {
    if group.visible_from > k {
        return (NodeState::Hidden, false);
    }
    if let Some((_, pruned)) = path.filter(|(p, _)| group.members.contains(p)) {
        return (NodeState::Path, pruned);
    }
    let states = [NodeState::Solution, NodeState::Dead, NodeState::Explored];
    for (i, state) in states.into_iter().enumerate() {
        if group.from[i] <= k {
            return (state, group.pruned_from[i] <= k);
        }
    }
    // Visible, on no path, in no final state: the path node of a level below a gap (cannot
    // happen in a tree search, where a visible node is on the path or removed).
    (NodeState::Path, false)
}

/// The cells of one level: wide nodes alone, runs of narrow nodes in one pixel column together.
fn level_cells(tree: &SearchTree, geometry: &Geometry, ids: &[usize]) -> Vec<TreeCell> {
    let mut cells: Vec<TreeCell> = Vec::new();
    for (position, &id) in ids.iter().enumerate() {
        let node = &tree.nodes[id];
        if geometry.span_pixels(node) >= 2 {
            cells.push(TreeCell::Node(id));
            continue;
        }
        let x = geometry.rect(node, 1).0;
        match cells.last_mut() {
            Some(TreeCell::Group(group)) if group.x == x => add_member(group, node, position),
            _ => {
                let mut group = Group {
                    x,
                    members: position..position,
                    visible_from: node.placed_at,
                    from: [NEVER; 3],
                    pruned_from: [NEVER; 3],
                };
                add_member(&mut group, node, position);
                cells.push(TreeCell::Group(group));
            }
        }
    }
    cells
}

/// Count `node` (at `position` in its level) into `group`'s first frames.
fn add_member(group: &mut Group, node: &Node, position: usize) {
    group.members.end = position + 1;
    // Solution from the solution on; dead or explored from the removal on (by fruitfulness).
    let (state, from) = match (node.solution_at, node.removed_at) {
        (Some(at), _) => (0, at),
        (None, Some(at)) if !node.fruitful => (1, at),
        (None, Some(at)) => (2, at),
        (None, None) => return,
    };
    group.from[state] = group.from[state].min(from);
    if let Some(pruned) = node.pruned_at {
        group.pruned_from[state] = group.pruned_from[state].min(from.max(pruned));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::{record, SolveOptions, Until};

    #[test]
    fn a_frame_draws_cells_bounded_by_the_panel_not_the_run() {
        let mut options = SolveOptions::new(9);
        options.until = Until::All;
        let trace = record(&options, 1_000_000).unwrap();
        let tree = SearchTree::from_trace(&trace).unwrap();
        let nodes = tree.nodes.len();
        let panel = PanelLayout { x: 0, y: 0, width: 300, height: 500 };
        let cells = TreeCells::new(tree, panel);
        let last = cells.visible(trace.events.len());
        assert!(last.len() <= 2 * panel.width * (cells.tree.depth + 1), "{} cells", last.len());
        assert!(last.len() * 4 < nodes, "{} cells for {nodes} nodes", last.len());
        // Every node is in exactly one cell: groups and single nodes cover each level.
        let covered: usize = cells
            .cells
            .iter()
            .flatten()
            .map(|cell| match cell {
                TreeCell::Node(_) => 1,
                TreeCell::Group(group) => group.members.len(),
            })
            .sum();
        assert_eq!(covered, nodes);
        assert!(cells.removed_by(trace.events.len()).is_some(), "the last event removes the first queen");
    }
}
