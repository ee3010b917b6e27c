//! A region puzzle's state of play: which squares are still open, which hold queens.
//!
//! Contract: squares are indices `row * n + col`; a square is open while it neither holds a queen
//! nor has been ruled out. Units are the lines a queen must appear in once: rows (`0..n`),
//! columns (`n..2n`) and regions (`2n..3n`). A queen on a square rules out its row, column,
//! region and the eight squares around it ([`RegionGrid::reach`]). Givens start as queens; what they
//! rule out is left to the `neighbours` rule, so it is shown.

use crate::trace::puzzle_file::region_letter;
use crate::trace::puzzle_furniture::Puzzle;
use crate::trace::Square;

/// The three kinds of units.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Rows, units `0..n`.
    Row,
    /// Columns, units `n..2n`.
    Column,
    /// Regions, units `2n..3n`.
    Region,
}

/// Open squares and queens of a region puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegionGrid {
    /// Board size.
    pub n: usize,
    regions: Vec<u8>,
    open: Vec<bool>,
    queen: Vec<bool>,
    /// Queens in the order they were placed (givens first).
    pub queens: Vec<usize>,
    /// Squares of every unit, in reading order.
    members: Vec<Vec<usize>>,
}

impl RegionGrid {
    /// The puzzle before any deduction: blocked squares closed, givens standing.
    pub fn new(puzzle: &Puzzle) -> Self {
        let n = puzzle.n;
        let mut members = vec![Vec::new(); 3 * n];
        for sq in 0..n * n {
            members[sq / n].push(sq);
            members[n + sq % n].push(sq);
            members[2 * n + usize::from(puzzle.regions[sq])].push(sq);
        }
        let mut state = RegionGrid {
            n,
            regions: puzzle.regions.clone(),
            open: vec![true; n * n],
            queen: vec![false; n * n],
            queens: Vec::new(),
            members,
        };
        for b in &puzzle.blocked {
            state.open[b.row * n + b.col] = false;
        }
        for g in &puzzle.givens {
            state.put_queen(g.row * n + g.col);
        }
        state
    }

    /// The square of index `sq`.
    pub fn square(&self, sq: usize) -> Square {
        Square::new(sq / self.n, sq % self.n)
    }

    /// True while `sq` may still take a queen.
    pub fn is_open(&self, sq: usize) -> bool {
        self.open[sq]
    }

    /// True when a queen stands on `sq`.
    pub fn has_queen(&self, sq: usize) -> bool {
        self.queen[sq]
    }

    /// The region of `sq`.
    pub fn region(&self, sq: usize) -> usize {
        usize::from(self.regions[sq])
    }

    /// Number of units (rows, columns, regions).
    pub fn units(&self) -> usize {
        3 * self.n
    }

    /// Whether `unit` is a row, a column or a region.
    pub fn kind(&self, unit: usize) -> Kind {
        match unit / self.n {
            0 => Kind::Row,
            1 => Kind::Column,
            _ => Kind::Region,
        }
    }

    /// The unit of `kind` holding `sq`.
    pub fn unit_of(&self, kind: Kind, sq: usize) -> usize {
        match kind {
            Kind::Row => sq / self.n,
            Kind::Column => self.n + sq % self.n,
            Kind::Region => 2 * self.n + self.region(sq),
        }
    }

    /// The units of `kind`.
    pub fn units_of(&self, kind: Kind) -> std::ops::Range<usize> {
        let start = match kind {
            Kind::Row => 0,
            Kind::Column => self.n,
            Kind::Region => 2 * self.n,
        };
        start..start + self.n
    }

    /// The squares of `unit`, in reading order.
    pub fn members(&self, unit: usize) -> &[usize] {
        &self.members[unit]
    }

    /// The open squares of `unit`.
    pub fn open_in(&self, unit: usize) -> impl Iterator<Item = usize> + '_ {
        self.members[unit].iter().copied().filter(|&sq| self.open[sq])
    }

    /// True when a queen stands in `unit`.
    pub fn unit_has_queen(&self, unit: usize) -> bool {
        self.members[unit].iter().any(|&sq| self.queen[sq])
    }

    /// How people name the unit as the board labels it: "rank 3" (counted from the bottom, as the
    /// square names' digits are), "column c", "region D".
    pub fn unit_name(&self, unit: usize) -> String {
        let index = unit % self.n;
        match self.kind(unit) {
            Kind::Row => format!("rank {}", self.n - index),
            Kind::Column => format!("column {}", crate::trace::column_label(index)),
            Kind::Region => format!("region {}", region_letter(index as u8)),
        }
    }

    /// The chess-style name of a square ("c3").
    pub fn name(&self, sq: usize) -> String {
        self.square(sq).name(self.n)
    }

    /// True when a queen on `a` and one on `b` cannot both stand: same row, column or region, or
    /// touching (diagonally included).
    pub fn clash(&self, a: usize, b: usize) -> bool {
        let (ar, ac, br, bc) = (a / self.n, a % self.n, b / self.n, b % self.n);
        a != b
            && (ar == br
                || ac == bc
                || self.regions[a] == self.regions[b]
                || (ar.abs_diff(br) <= 1 && ac.abs_diff(bc) <= 1))
    }

    /// The open squares a queen on `sq` would rule out.
    pub fn reach(&self, sq: usize) -> Vec<usize> {
        (0..self.n * self.n).filter(|&other| self.open[other] && self.clash(sq, other)).collect()
    }

    /// Put a queen on `sq` (it stops being open); what it rules out is left to the rules.
    pub fn put_queen(&mut self, sq: usize) {
        self.open[sq] = false;
        self.queen[sq] = true;
        self.queens.push(sq);
    }

    /// Rule squares out.
    pub fn eliminate(&mut self, squares: &[usize]) {
        for &sq in squares {
            self.open[sq] = false;
        }
    }

    /// A unit without a queen and without an open square: the state has no solution.
    pub fn dead_unit(&self) -> Option<usize> {
        (0..self.units()).find(|&u| !self.unit_has_queen(u) && self.open_in(u).next().is_none())
    }

    /// All N queens stand.
    pub fn solved(&self) -> bool {
        self.queens.len() == self.n
    }

    /// `queens[col] = row` of a solved state.
    pub fn solution(&self) -> Vec<usize> {
        let mut queens = vec![0; self.n];
        for &sq in &self.queens {
            queens[sq % self.n] = sq / self.n;
        }
        queens
    }

    /// What going back from `self` to the earlier state `before` undoes: the queens that come
    /// off and the ruled-out squares that open again.
    pub fn undo_to(&self, before: &RegionGrid) -> (Vec<usize>, Vec<usize>) {
        let queens = self.queens.iter().copied().filter(|&sq| !before.queen[sq]).collect();
        let reopened =
            (0..self.n * self.n).filter(|&sq| before.open[sq] && !self.open[sq] && !self.queen[sq]).collect();
        (queens, reopened)
    }
}
