//! A queens puzzle's fixed furniture: given queens, blocked squares and coloured regions.
//!
//! Contract: a [`Puzzle`] says what the board holds before the first event. Two kinds share it: a
//! completion puzzle (N-Queens rules; some queens given, some squares blocked: no queen may stand
//! there) and a region puzzle (the board split into N regions; one queen in every row, column and
//! region, no two queens touching, diagonally included; long diagonals do not attack). Squares are
//! 0-based, row 0 at the top. The puzzle file format (docs/guide/puzzles.md) is read elsewhere; this
//! is the value every stage shares. Rules name the deductions a region solver makes (trace JSON
//! uses their kebab-case names). [`Puzzle::check`] is the one validation of a puzzle's fields
//! (board size, regions, squares on the board, givens a partial solution): the puzzle file reader
//! uses it, and so does reading a trace (a `puzzle` that fails it is not deserialized).

use super::Square;
use crate::error::{Error, PuzzleFault};
use serde::{Deserialize, Serialize};

/// Most regions a puzzle can have (letters `A`..`Z` then `a`..`z`).
pub const MAX_REGIONS: usize = 52;

/// What the board holds before the first event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "PuzzleFields")]
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

    /// Refuse a puzzle no board can hold, with [`Error::PuzzleField`] naming the field (and the
    /// item of a list): a size past [`MAX_REGIONS`], regions not one a square or not exactly
    /// `0..n`, a square off the board, a given on a blocked square, givens attacking each other.
    pub fn check(&self) -> Result<(), Error> {
        let n = self.n;
        let field = |field, index, fault| Err(Error::PuzzleField { field, index, fault });
        if n == 0 || n > MAX_REGIONS {
            return field("n", None, PuzzleFault::BoardSize { n, max: MAX_REGIONS });
        }
        if self.has_regions() {
            if self.regions.len() != n * n {
                return field(
                    "regions",
                    None,
                    PuzzleFault::RegionSquares { found: self.regions.len(), squares: n * n },
                );
            }
            if let Some(index) = self.regions.iter().position(|&r| usize::from(r) >= n) {
                let (square, region) = (Square::new(index / n, index % n).name(n), self.regions[index]);
                return field("regions", Some(index), PuzzleFault::RegionNumber { square, region, n });
            }
            let mut seen = vec![false; n];
            self.regions.iter().for_each(|&r| seen[usize::from(r)] = true);
            let found = seen.iter().filter(|&&s| s).count();
            if found != n {
                return field("regions", None, PuzzleFault::RegionCount { n, found });
            }
        }
        for (name, list) in [("blocked", &self.blocked), ("givens", &self.givens)] {
            if let Some(index) = list.iter().position(|s| s.row >= n || s.col >= n) {
                let Square { row, col } = list[index];
                return field(name, Some(index), PuzzleFault::OffBoard { row, col, n });
            }
        }
        for (index, &square) in self.givens.iter().enumerate() {
            if self.is_blocked(square) {
                return field("givens", Some(index), PuzzleFault::GivenBlocked { square: square.name(n) });
            }
            let earlier = self.givens[..index].iter().find_map(|&o| conflict(self, square, o).map(|why| (o, why)));
            if let Some((other, why)) = earlier {
                let (square, other) = (square.name(n), other.name(n));
                return field("givens", Some(index), PuzzleFault::GivensAttack { square, other, why });
            }
        }
        Ok(())
    }
}

/// A puzzle's fields as read, before [`Puzzle::check`] accepts them.
#[derive(Deserialize)]
struct PuzzleFields {
    n: usize,
    #[serde(default)]
    regions: Vec<u8>,
    #[serde(default)]
    blocked: Vec<Square>,
    #[serde(default)]
    givens: Vec<Square>,
}

impl TryFrom<PuzzleFields> for Puzzle {
    type Error = Error;

    fn try_from(fields: PuzzleFields) -> Result<Self, Error> {
        let PuzzleFields { n, regions, blocked, givens } = fields;
        let puzzle = Puzzle { n, regions, blocked, givens };
        puzzle.check()?;
        Ok(puzzle)
    }
}

/// Why two squares cannot both hold queens in this puzzle, if they cannot.
pub fn conflict(puzzle: &Puzzle, a: Square, b: Square) -> Option<&'static str> {
    if a.row == b.row {
        Some("same row")
    } else if a.col == b.col {
        Some("same column")
    } else if puzzle.has_regions() && puzzle.region(a) == puzzle.region(b) {
        Some("same region")
    } else if puzzle.has_regions() && a.row.abs_diff(b.row) <= 1 && a.col.abs_diff(b.col) <= 1 {
        Some("touching")
    } else if !puzzle.has_regions() && a.row.abs_diff(b.row) == a.col.abs_diff(b.col) {
        Some("same diagonal")
    } else {
        None
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

#[cfg(test)]
mod tests {
    use super::*;

    fn field_of(puzzle: &Puzzle) -> String {
        puzzle.check().unwrap_err().to_string()
    }

    #[test]
    fn check_names_the_field_at_fault() {
        let regions = vec![0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3];
        let fine = Puzzle { n: 4, regions: regions.clone(), blocked: vec![], givens: vec![] };
        assert!(fine.check().is_ok());
        let mut wrapped = fine.clone();
        wrapped.regions[15] = 60;
        assert!(field_of(&wrapped).starts_with("the puzzle's regions[15]: square d1 is in region 60"));
        let mut missing = fine.clone();
        missing.regions[15] = 2;
        missing.regions[14] = 2;
        missing.regions[11] = 2;
        missing.regions[10] = 2;
        assert!(
            field_of(&missing).starts_with("the puzzle's regions: a 4x4 region puzzle needs 4 regions, this one has 3")
        );
        let blocked_given =
            Puzzle { blocked: vec![Square::new(1, 2)], givens: vec![Square::new(1, 2)], ..fine.clone() };
        assert!(
            field_of(&blocked_given).starts_with("the puzzle's givens[0]: the given queen on c3 stands on a blocked")
        );
        let touching = Puzzle { givens: vec![Square::new(1, 1), Square::new(2, 2)], ..fine };
        assert!(
            field_of(&touching).contains("givens[1]: the given queen on c2 attacks the given queen on b3 (touching)")
        );
        let big = Puzzle { n: 53, regions: vec![], blocked: vec![], givens: vec![] };
        assert!(field_of(&big).starts_with("the puzzle's n: a 53x53 board; puzzles are 1x1 to 52x52"));
    }
}
