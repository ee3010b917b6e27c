//! What each item of a scene stands for, the same in every frame of a run.
//!
//! Contract: every item of a [`Scene`](super::items::Scene) has an [`ItemId`] (`scene.ids[k]` names
//! `scene.items[k]`). A board square is `Square { row, col }` in every frame, with the queen
//! standing on it; the outline of a queen that just left is `Ghost { row, col }`; a puzzle's
//! marks on a square are `Cross { row, col, k }` (stroke k of a ruled-out square's cross) and
//! `Used { row, col, k }` (the outline of a square its rule reasoned from: k = 0 its halo, 1 its
//! ink); everything else is the k-th item of a [`Part`] of the frame, in painting order. `board` tells the boards of a
//! composite frame apart (0: the scene's own, then 1, 2, ... for each scene appended: a race's
//! runs). Two scenes of one run can be matched item by item through their ids (the motion stage's
//! in-betweens); ids never change what is drawn.

/// Which part of a frame an item belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Part {
    /// Frames, rings and outlines around the board (a solution's ring, a printed board's edge).
    Decor,
    /// What the step did and what it looked at: highlights, attack lines, dead-end marks.
    Marks,
    /// An algorithm's notes over the board (counts, conflicts' numbers).
    Notes,
    /// File and rank labels inside the edge squares.
    Labels,
    /// A region puzzle's letters and its furniture's marks.
    Regions,
    /// The caption band and its words.
    Caption,
    /// The code panel.
    Code,
    /// The search tree panel.
    Tree,
    /// Words under a composite frame's boards (a race's status lines).
    Status,
}

/// What one item stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ItemId {
    /// Square (`row`, `col`) of board `board`, with the queen standing on it, if any.
    Square {
        /// Which board of a composite frame (0: the scene's own).
        board: u8,
        /// Row, 0 at the top.
        row: u16,
        /// Column, 0 at the left.
        col: u16,
    },
    /// The outline of the queen that just left square (`row`, `col`) of board `board`.
    Ghost {
        /// Which board of a composite frame.
        board: u8,
        /// Row, 0 at the top.
        row: u16,
        /// Column, 0 at the left.
        col: u16,
    },
    /// Stroke `k` (0, 1) of the cross on ruled-out square (`row`, `col`) of a puzzle's board.
    Cross {
        /// Which board of a composite frame.
        board: u8,
        /// Row, 0 at the top.
        row: u16,
        /// Column, 0 at the left.
        col: u16,
        /// Which stroke.
        k: u8,
    },
    /// The outline of square (`row`, `col`), which a puzzle's rule reasoned from: its halo
    /// (`k` = 0) and its ink (`k` = 1).
    Used {
        /// Which board of a composite frame.
        board: u8,
        /// Row, 0 at the top.
        row: u16,
        /// Column, 0 at the left.
        col: u16,
        /// Halo or ink.
        k: u8,
    },
    /// The `k`-th item (from 0, in painting order) of `part` of board `board`.
    Part {
        /// Which board of a composite frame.
        board: u8,
        /// The part of the frame.
        part: Part,
        /// Its place in the part.
        k: u32,
    },
}

impl ItemId {
    /// Square (`row`, `col`) of the scene's own board.
    pub fn square(row: usize, col: usize) -> Self {
        ItemId::Square { board: 0, row: row as u16, col: col as u16 }
    }

    /// The ghost on square (`row`, `col`) of the scene's own board.
    pub fn ghost(row: usize, col: usize) -> Self {
        ItemId::Ghost { board: 0, row: row as u16, col: col as u16 }
    }

    /// Stroke `k` of the cross on square (`row`, `col`) of the scene's own board.
    pub fn cross(row: usize, col: usize, k: u8) -> Self {
        ItemId::Cross { board: 0, row: row as u16, col: col as u16, k }
    }

    /// The halo (`k` = 0) or ink (1) of the used outline on square (`row`, `col`) of the scene's
    /// own board.
    pub fn used(row: usize, col: usize, k: u8) -> Self {
        ItemId::Used { board: 0, row: row as u16, col: col as u16, k }
    }

    /// The board, row and column of the square the item stands on (`None` for a part's item).
    pub fn square_of(self) -> Option<(u8, u16, u16)> {
        match self {
            ItemId::Square { board, row, col }
            | ItemId::Ghost { board, row, col }
            | ItemId::Cross { board, row, col, .. }
            | ItemId::Used { board, row, col, .. } => Some((board, row, col)),
            ItemId::Part { .. } => None,
        }
    }

    /// The same id on board `board` of a composite frame.
    pub fn on_board(self, board: u8) -> Self {
        match self {
            ItemId::Square { row, col, .. } => ItemId::Square { board, row, col },
            ItemId::Ghost { row, col, .. } => ItemId::Ghost { board, row, col },
            ItemId::Cross { row, col, k, .. } => ItemId::Cross { board, row, col, k },
            ItemId::Used { row, col, k, .. } => ItemId::Used { board, row, col, k },
            ItemId::Part { part, k, .. } => ItemId::Part { board, part, k },
        }
    }
}
