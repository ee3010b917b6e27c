//! Search trees: a tree search's whole run laid out once, as an icicle, so nodes never move.
//!
//! Contract: the root (index 0) is the empty board; the k-th placement of the run is node k, one
//! level below the node on top of the search stack; a removal pops the top node (a removal of any
//! other queen, or a layout or move event, means the run is not a tree search). A node's horizontal
//! extent is its number of leaves, in leaf units from the left edge, children left to right in the
//! order they were visited, so every child lies inside its parent. Each node knows when (event
//! number, 1-based) it was placed, removed, found a solution or was cut by a look-ahead, and
//! [`SearchTree::state_at`] says how it shows after frame k (the board after events 1..=k).

use crate::error::Error;
use crate::trace::Algorithm;
use crate::trace::{Event, Square, Trace};

/// One node: the empty board (root) or a placement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The square placed on; `None` for the root.
    pub square: Option<Square>,
    /// 0 for the root, k for the k-th queen on the board.
    pub depth: usize,
    /// First leaf unit this node covers.
    pub start: usize,
    /// Leaf units it covers (its number of leaves, at least 1).
    pub span: usize,
    /// Event number of the placement (0 for the root).
    pub placed_at: usize,
    /// Event number of the removal, if the run removed it.
    pub removed_at: Option<usize>,
    /// Event number of the solution found at this node, if any.
    pub solution_at: Option<usize>,
    /// Event number of the first dead end the look-ahead found here, if any.
    pub pruned_at: Option<usize>,
    /// Whether some solution lies in this node's subtree.
    pub fruitful: bool,
}

/// How a node shows after some frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeState {
    /// Not visited yet.
    Hidden,
    /// On the board now: the current path from the root.
    Path,
    /// A solution was found here.
    Solution,
    /// Removed after its subtree yielded a solution.
    Explored,
    /// Removed with no solution in its subtree.
    Dead,
}

/// A run's whole search tree; nodes in visiting order (node k is the k-th placement).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchTree {
    /// The board size of the run.
    pub n: usize,
    /// Every placement of the run, in visiting order.
    pub nodes: Vec<Node>,
    /// Leaf units the root covers.
    pub width: usize,
    /// Deepest node's depth.
    pub depth: usize,
}

impl SearchTree {
    /// The tree of a (validated) trace, or [`Error::NotATreeSearch`].
    pub fn from_trace(trace: &Trace) -> Result<Self, Error> {
        let not_tree = || Error::NotATreeSearch { algorithm: trace.algorithm.clone() };
        if matches!(trace.algorithm.parse(), Ok(Algorithm::Shuffle | Algorithm::Permutations | Algorithm::MinConflicts))
        {
            return Err(not_tree());
        }
        let node = |square: Option<Square>, depth: usize, placed_at: usize| Node {
            square,
            depth,
            start: 0,
            span: 0,
            placed_at,
            removed_at: None,
            solution_at: None,
            pruned_at: None,
            fruitful: false,
        };
        let mut nodes = vec![node(None, 0, 0)];
        let mut children: Vec<Vec<usize>> = vec![Vec::new()];
        let mut stack = vec![0usize];
        for (i, event) in trace.events.iter().enumerate() {
            let at = i + 1;
            let top = *stack.last().expect("the root is never popped");
            match event {
                Event::Place { row, col } | Event::Deduce { row, col, .. } | Event::Guess { row, col } => {
                    let id = nodes.len();
                    let depth = stack.len();
                    nodes.push(node(Some(Square::new(*row, *col)), depth, at));
                    children.push(Vec::new());
                    children[top].push(id);
                    stack.push(id);
                }
                Event::Remove { row, col } => {
                    if top == 0 || nodes[top].square != Some(Square::new(*row, *col)) {
                        return Err(not_tree());
                    }
                    nodes[top].removed_at = Some(at);
                    stack.pop();
                }
                Event::Solution { .. } => {
                    nodes[top].solution_at.get_or_insert(at);
                    stack.iter().for_each(|&id| nodes[id].fruitful = true);
                }
                Event::Deadend { .. } => {
                    nodes[top].pruned_at.get_or_insert(at);
                }
                Event::Undo { queens, .. } => {
                    // The queens that come off are the newest ones, the guess's branch.
                    for _ in queens {
                        let top = *stack.last().expect("the root is never popped");
                        if top == 0 || !queens.iter().any(|&q| nodes[top].square == Some(q)) {
                            return Err(not_tree());
                        }
                        nodes[top].removed_at = Some(at);
                        stack.pop();
                    }
                }
                Event::Check { .. } | Event::Eliminate { .. } => {}
                Event::Layout { .. } | Event::Move { .. } => return Err(not_tree()),
            }
        }
        // Spans bottom-up (children always come after their parent), then starts top-down.
        for id in (0..nodes.len()).rev() {
            nodes[id].span = children[id].iter().map(|&c| nodes[c].span).sum::<usize>().max(1);
        }
        for id in 0..nodes.len() {
            let mut start = nodes[id].start;
            for &child in &children[id] {
                nodes[child].start = start;
                start += nodes[child].span;
            }
        }
        let depth = nodes.iter().map(|node| node.depth).max().unwrap_or(0);
        Ok(SearchTree { n: trace.n, width: nodes[0].span, depth, nodes })
    }

    /// Nodes visited after frame k: the root and the placements among events 1..=k.
    pub fn visible_at(&self, k: usize) -> usize {
        self.nodes.partition_point(|node| node.placed_at <= k)
    }

    /// How `node` shows after frame k.
    pub fn state_at(&self, node: &Node, k: usize) -> NodeState {
        if node.placed_at > k {
            NodeState::Hidden
        } else if node.solution_at.is_some_and(|s| s <= k) {
            NodeState::Solution
        } else if node.removed_at.is_none_or(|r| r > k) {
            NodeState::Path
        } else if node.fruitful {
            NodeState::Explored
        } else {
            NodeState::Dead
        }
    }

    /// Whether the look-ahead has cut `node` by frame k.
    pub fn pruned_by(&self, node: &Node, k: usize) -> bool {
        node.pruned_at.is_some_and(|p| p <= k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::{record, SolveOptions};

    fn tree(n: usize, algorithm: Algorithm) -> (Trace, SearchTree) {
        let mut options = SolveOptions::new(n);
        options.algorithm = algorithm;
        let trace = record(&options, 1_000_000).unwrap();
        let tree = SearchTree::from_trace(&trace).unwrap();
        (trace, tree)
    }

    #[test]
    fn the_6x6_first_run_has_31_placements_and_children_nest() {
        let (_, tree) = tree(6, Algorithm::Backtrack);
        assert_eq!(tree.nodes.len(), 32);
        assert_eq!(tree.depth, 6);
        for node in &tree.nodes[1..] {
            let parent = tree.nodes.iter().rev().find(|p| p.depth + 1 == node.depth && p.placed_at < node.placed_at);
            let parent = parent.unwrap();
            assert!(parent.start <= node.start && node.start + node.span <= parent.start + parent.span);
        }
        let solution = tree.nodes.iter().find(|node| node.solution_at.is_some()).unwrap();
        assert_eq!(tree.state_at(solution, 57), NodeState::Solution);
        assert_eq!(tree.visible_at(0), 1);
    }

    #[test]
    fn forward_dead_ends_mark_nodes_pruned_and_layouts_are_refused() {
        let (_, tree) = tree(6, Algorithm::Forward);
        assert!(tree.nodes.iter().any(|node| node.pruned_at.is_some()));
        let mut options = SolveOptions::new(6);
        options.algorithm = Algorithm::Shuffle;
        let trace = record(&options, 100_000).unwrap();
        assert!(matches!(SearchTree::from_trace(&trace), Err(Error::NotATreeSearch { .. })));
    }
}
