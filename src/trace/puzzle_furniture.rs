//! A queens puzzle's fixed furniture: given queens, blocked squares and coloured regions.
//!
//! Contract: a [`Puzzle`] says what the board holds before the first event. Two kinds share it: a
//! completion puzzle (N-Queens rules; some queens given, some squares blocked: no queen may stand
//! there) and a region puzzle (the board split into N regions; one queen in every row, column and
//! region, no two queens touching, diagonally included; long diagonals do not attack). Squares are
//! 0-based, row 0 at the top. The puzzle file format (README, "Puzzles") is read elsewhere; this
//! is the value every stage shares. Rules name the deductions a region solver makes (trace JSON
//! uses their kebab-case names).

use super::Square;
use serde::{Deserialize, Serialize};

/// Most regions a puzzle can have (letters `A`..`Z` then `a`..`z`).
pub const MAX_REGIONS: usize = 52;

/// What the board holds before the first event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Puzzle {
    /// Board size.
    pub n: usize,
    /// Region of every square, row-major (`regions[row * n + col]`), numbered from 0 (`A`);
    /// empty for a completion puzzle.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub regions: Vec<u8>,
    /// Squares no queen may stand on.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub blocked: Vec<Square>,
    /// Queens on the board from the start.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub givens: Vec<Square>,
}

impl Puzzle {
    /// True for a region puzzle (one queen per region, no two queens touching).
    pub fn has_regions(&self) -> bool {
        !self.regions.is_empty()
    }

    /// The region of `square`, if this is a region puzzle.
    pub fn region(&self, square: Square) -> Option<u8> {
        self.regions.get(square.row * self.n + square.col).copied()
    }

    /// True when `square` is blocked.
    pub fn is_blocked(&self, square: Square) -> bool {
        self.blocked.contains(&square)
    }
}

/// A named deduction of the region solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Rule {
    /// A row, column or region with one open square left: the queen goes there.
    LastSquare,
    /// A placed queen's neighbours, row, column and region are eliminated.
    Neighbours,
    /// A region confined to one row (or column) clears that line outside the region.
    RegionInLine,
    /// k regions confined to k rows (or columns) clear those lines outside them.
    RegionsInLines,
    /// A square whose queen would eliminate every open square of some region is eliminated.
    SeesRegion,
    /// No rule applies: a queen is guessed, and the guess is searched (backtracking).
    Guess,
}
