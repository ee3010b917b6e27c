//! The search tree panel: scene items showing a run's [`SearchTree`] after a frame.
//!
//! Contract: the panel's rectangle ([`super::layout::PanelLayout`]) is not cleared (a solution's
//! gold band runs across it); every node visited so far is a filled rectangle: its depth picks the row (the root, the
//! empty board, on top), its leaf units the columns, so nodes never move. Removed nodes are dimmed
//! (light squares' colour when a solution lay below, attacked light squares' colour when dead), the
//! current path is in the placed colour's light tint, outlined in the placed colour (at least 3 px
//! wide), solutions in the solution colour,
//! nodes cut by a look-ahead get a bar in the attacked colour along their bottom, and a node just
//! removed an outline in the removed colour. Where the theme's light squares are the page's colour
//! (`Theme::outline`, print), nodes left after a solution are outlined in the dead ends' colour. The current node (the last queen on the board, the
//! root on an empty one) is outlined ([`super::tree_legend::current_node`]). Labels (the square,
//! "c3") are drawn where they fit. Nodes narrower than 2 pixels that share a pixel column are
//! drawn as one cell showing their strongest state ([`super::tree_cells`]), so a frame costs the
//! panel's size, not the run's. The legend under the nodes ([`super::tree_legend`]) says what
//! each mark means.

use super::items::{Item, Scene};
use super::tree_cells::{TreeCell, TreeCells};
use super::tree_legend::{
    current_node, cut_bar, explored_outline, node_paints, path_outline, solution_outline, taken_back,
};
use super::Describer;
use crate::board::tree::{Node, NodeState};
use crate::board::BoardFrame;
use crate::trace::Event;

/// Text size of node labels for rows `row` pixels high.
fn label_size(row: i64) -> u32 {
    ((row as f32 * 0.42).round() as u32).clamp(10, 16)
}

impl Describer {
    /// The search tree panel after `frame`, when this describer has one.
    pub(super) fn tree_panel(&self, frame: &BoardFrame, scene: &mut Scene) {
        let (Some(cells), Some(panel)) = (&self.tree, self.layout.tree) else { return };
        let k = frame.index;
        // Not cleared: nothing is under the panel but a solution's band, which runs across it.
        let rect = (panel.x as i64, panel.y as i64, panel.width as i64, panel.height as i64);
        let visible = cells.visible(k);
        // Painted in this order, so the path and solutions are never hidden by their neighbours.
        let order = [NodeState::Explored, NodeState::Dead, NodeState::Solution, NodeState::Path];
        for wanted in order {
            for &(cell, depth, state, pruned) in visible.iter().filter(|(_, _, state, _)| *state == wanted) {
                let rect = match cell {
                    TreeCell::Node(id) => cells.geometry.rect(&cells.tree.nodes[*id], min_width(state)),
                    TreeCell::Group(group) => {
                        (group.x, cells.geometry.y(depth), min_width(state), cells.geometry.node_height)
                    }
                };
                let node = match cell {
                    TreeCell::Node(id) => Some(&cells.tree.nodes[*id]),
                    TreeCell::Group(_) => None,
                };
                self.tree_cell(cells, node, rect, state, pruned, scene);
            }
        }
        let height = cells.geometry.node_height;
        if let Some(Event::Remove { .. }) = &frame.event {
            if let Some(node) = cells.removed_by(k) {
                let rect = cells.geometry.rect(node, 1);
                if rect.2 >= 6 {
                    taken_back(rect, height, scene);
                }
            }
        }
        let current = cells.geometry.rect(cells.current(k), min_width(NodeState::Path));
        current_node(current, height, (rect.0, rect.0 + rect.2), scene);
        if let Some(legend) = &self.tree_legend {
            legend.items(scene);
        }
    }

    /// One cell: its fill, the look-ahead's bar when it was cut, and a node's label where it fits.
    fn tree_cell(
        &self,
        cells: &TreeCells,
        node: Option<&Node>,
        rect: (i64, i64, i64, i64),
        state: NodeState,
        pruned: bool,
        scene: &mut Scene,
    ) {
        let (fill, ink) = node_paints(state, self.tree_dead);
        let (x, y, w, h) = rect;
        scene.push(Item::Fill { rect, paint: fill });
        if state == NodeState::Path {
            path_outline(rect, scene);
        }
        if pruned {
            cut_bar(rect, scene);
        }
        if state == NodeState::Solution {
            solution_outline(rect, cells.geometry.node_height, scene);
        }
        if state == NodeState::Explored && self.outline {
            explored_outline(rect, scene);
        }
        let Some(node) = node else { return };
        let size = label_size(cells.geometry.row);
        let ascent = self.glyphs.ascent(size);
        // No label is narrower than a glyph: skip measuring where none can fit.
        if (w as f32) < 4.0 + size as f32 * 0.5 || ascent + 4.0 > h as f32 {
            return;
        }
        let label = match node.square {
            Some(square) => square.name(cells.tree.n),
            None => "empty board".to_string(),
        };
        let text_width = self.glyphs.text_width(&label, size);
        if text_width + 4.0 <= w as f32 {
            let baseline = y as f32 + h as f32 / 2.0 + ascent * 0.4;
            let left = x as f32 + (w as f32 - text_width) / 2.0;
            scene.push(Item::Text { x: left, baseline, size, text: label, paint: ink });
        }
    }
}

/// The narrowest a cell of each state is drawn, in pixels: the path stays visible.
fn min_width(state: NodeState) -> i64 {
    match state {
        NodeState::Path => 3,
        NodeState::Solution => 2,
        _ => 1,
    }
}
