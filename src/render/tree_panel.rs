//! The search tree panel: scene items showing a run's [`SearchTree`] after a frame.
//!
//! Contract: the panel's rectangle ([`super::layout::PanelLayout`]) is cleared to the background,
//! then every node visited so far is a filled rectangle: its depth picks the row (the root, the
//! empty board, on top), its leaf units the columns, so nodes never move. Removed nodes are dimmed
//! (light squares' colour when a solution lay below, attacked light squares' colour when dead), the
//! current path is in the placed colour (at least 3 px wide), solutions in the solution colour,
//! nodes cut by a look-ahead get a bar in the attacked colour along their bottom, and a node just
//! removed an outline in the removed colour. Labels (the square, "c3") are drawn where they fit.

use super::layout::PanelLayout;
use super::scene::{Item, Scene};
use super::theme::Paint;
use super::Renderer;
use crate::board::tree::{Node, NodeState, SearchTree};
use crate::board::BoardFrame;
use crate::trace::Event;

/// Where a node goes in the panel, in frame pixels.
struct Geometry {
    panel: PanelLayout,
    width_units: u64,
    row: i64,
    node_height: i64,
}

impl Geometry {
    fn new(panel: PanelLayout, tree: &SearchTree) -> Self {
        let levels = (tree.depth + 1).max(2) as i64;
        let row = panel.height as i64 / levels;
        let gap = (row / 8).max(1);
        Geometry { panel, width_units: tree.width.max(1) as u64, row, node_height: (row - gap).max(1) }
    }

    fn x(&self, unit: usize) -> i64 {
        self.panel.x as i64 + (unit as u64 * self.panel.width as u64 / self.width_units) as i64
    }

    /// A node's rectangle; nodes wide enough keep a pixel of gap on their right.
    fn rect(&self, node: &Node, min_width: i64) -> (i64, i64, i64, i64) {
        let x = self.x(node.start);
        let mut width = self.x(node.start + node.span) - x;
        if width >= 4 {
            width -= 1;
        }
        let y = self.panel.y as i64 + node.depth as i64 * self.row;
        (x, y, width.max(min_width), self.node_height)
    }
}

/// Text size of node labels for rows `row` pixels high.
fn label_size(row: i64) -> u32 {
    ((row as f32 * 0.42).round() as u32).clamp(10, 16)
}

impl Renderer {
    /// The search tree panel after `frame`, when this renderer has one.
    pub(super) fn tree_panel(&self, frame: &BoardFrame, scene: &mut Scene) {
        let (Some(tree), Some(panel)) = (&self.tree, self.layout.tree) else { return };
        let k = frame.index;
        let geometry = Geometry::new(panel, tree);
        let rect = (panel.x as i64, panel.y as i64, panel.width as i64, panel.height as i64);
        scene.push(Item::Fill { rect, paint: Paint::Background });
        let visible = &tree.nodes[..tree.visible_at(k)];
        // Painted in this order, so the path and solutions are never hidden by their neighbours.
        let order = [NodeState::Explored, NodeState::Dead, NodeState::Solution, NodeState::Path];
        for wanted in order {
            for node in visible.iter().filter(|node| tree.state_at(node, k) == wanted) {
                self.tree_node(tree, node, wanted, &geometry, k, scene);
            }
        }
        if let Some(Event::Remove { .. }) = &frame.event {
            if let Some(node) = visible.iter().rev().find(|node| node.removed_at == Some(k)) {
                let (x, y, w, h) = geometry.rect(node, 1);
                if w >= 6 {
                    let thickness = (geometry.node_height / 12).max(2);
                    scene.push(Item::Outline { rect: (x, y, w, h), thickness, paint: Paint::Removed });
                }
            }
        }
    }

    fn tree_node(
        &self,
        tree: &SearchTree,
        node: &Node,
        state: NodeState,
        geometry: &Geometry,
        k: usize,
        scene: &mut Scene,
    ) {
        let (fill, ink, min_width) = match state {
            NodeState::Path => (Paint::Placed, Paint::Background, 3),
            NodeState::Solution => (Paint::Solution, Paint::Text, 2),
            NodeState::Explored => (Paint::Light, Paint::Text, 1),
            _ => (Paint::LightAttacked, Paint::Text, 1),
        };
        let rect = geometry.rect(node, min_width);
        let (x, y, w, h) = rect;
        scene.push(Item::Fill { rect, paint: fill });
        if tree.pruned_by(node, k) {
            let bar = (h / 6).max(2);
            scene.push(Item::Fill { rect: (x, y + h - bar, w, bar), paint: Paint::CheckAttacked });
        }
        let size = label_size(geometry.row);
        let label = match node.square {
            Some(square) => square.name(tree.n),
            None => "empty board".to_string(),
        };
        let (text_width, ascent) = (self.glyphs.text_width(&label, size), self.glyphs.ascent(size));
        if text_width + 4.0 <= w as f32 && ascent + 4.0 <= h as f32 {
            let baseline = y as f32 + h as f32 / 2.0 + ascent * 0.4;
            let left = x as f32 + (w as f32 - text_width) / 2.0;
            scene.push(Item::Text { x: left, baseline, size, text: label, paint: ink });
        }
    }
}
