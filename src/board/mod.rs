//! Board states: queens, attacked squares, conflicts; events applied or refused.
//!
//! Contract: [`Board::apply`] applies one event or names the [`TraceFault`] that makes it impossible;
//! [`Replay`] walks a trace and yields one [`BoardFrame`] per frame — frame 0 is the empty
//! board, frame k the board after events 1..=k — or an [`Error::InvalidTrace`] naming the first
//! event that cannot happen (queen off the board, placing on an occupied square, removing a queen
//! that is not there, a solution that does not match the board, a check whose verdict is wrong).

mod apply;
pub mod deadend;
pub mod facts;
pub mod puzzle_marks;
mod replay;
pub mod seek;
pub mod tree;

pub use crate::error::TraceFault;
pub use replay::{validate, BoardFrame, Counters, Replay, StreamReplay};

use crate::trace::puzzle_furniture::Puzzle;
use crate::trace::Square;
use puzzle_marks::PuzzleState;

pub use crate::trace::MAX_REPLAY_N;

/// Queens on an n-board, with per-line queen counts so attacks are O(1) to query.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    n: usize,
    occupied: Vec<bool>,
    queen_count: usize,
    rows: Vec<u32>,
    cols: Vec<u32>,
    diags: Vec<u32>,
    antis: Vec<u32>,
    /// The puzzle's furniture and marks; `None` on the empty board.
    puzzle: Option<Box<PuzzleState>>,
}

impl Board {
    /// An empty `n` x `n` board.
    pub fn new(n: usize) -> Self {
        Board {
            n,
            occupied: vec![false; n * n],
            queen_count: 0,
            rows: vec![0; n],
            cols: vec![0; n],
            diags: vec![0; 2 * n],
            antis: vec![0; 2 * n],
            puzzle: None,
        }
    }

    /// The board before a puzzle's first event: its givens placed, its blocked squares and
    /// regions known (`None` gives the empty board).
    pub fn for_puzzle(n: usize, puzzle: Option<&Puzzle>) -> Result<Self, TraceFault> {
        let mut board = Board::new(n);
        if let Some(puzzle) = puzzle {
            board.puzzle = Some(Box::new(PuzzleState::new(n, puzzle)?));
            for &sq in &puzzle.givens {
                board.place(sq)?;
            }
        }
        Ok(board)
    }

    /// The puzzle's state, when this board holds one.
    pub fn puzzle(&self) -> Option<&PuzzleState> {
        self.puzzle.as_deref()
    }

    /// True for a region puzzle's board.
    pub fn has_regions(&self) -> bool {
        self.puzzle().is_some_and(|p| p.puzzle().has_regions())
    }

    /// True when a queen on `a` attacks `b` on this board (a region puzzle's rules, or the
    /// queen's lines).
    pub fn attacks(&self, a: Square, b: Square) -> bool {
        match self.puzzle() {
            Some(p) => p.attacks(a, b),
            None => a.attacks(b),
        }
    }

    /// True when `sq` may still take a queen: no queen there or attacking it, not blocked, not
    /// ruled out.
    pub fn is_open(&self, sq: Square) -> bool {
        !self.has_queen(sq)
            && !self.is_attacked(sq)
            && !self.puzzle().is_some_and(|p| p.is_blocked(sq) || p.is_eliminated(sq))
    }

    /// A board holding a queen at `(queens[col], col)` for each listed column.
    pub fn from_queens(n: usize, queens: &[usize]) -> Result<Self, TraceFault> {
        let mut board = Board::new(n);
        for (col, &row) in queens.iter().enumerate() {
            board.place(Square::new(row, col))?;
        }
        Ok(board)
    }

    /// The board's size.
    pub fn n(&self) -> usize {
        self.n
    }

    /// How many queens stand on the board.
    pub fn queen_count(&self) -> usize {
        self.queen_count
    }

    /// Whether a queen stands on `sq`.
    pub fn has_queen(&self, sq: Square) -> bool {
        self.occupied[sq.row * self.n + sq.col]
    }

    /// All queens, in reading order (row by row, left to right).
    pub fn queens(&self) -> impl Iterator<Item = Square> + '_ {
        let n = self.n;
        self.occupied.iter().enumerate().filter(|(_, &q)| q).map(move |(i, _)| Square::new(i / n, i % n))
    }

    fn contains(&self, sq: Square) -> bool {
        sq.row < self.n && sq.col < self.n
    }

    fn line_counts(&self, sq: Square) -> [u32; 4] {
        let d = sq.row + self.n - sq.col;
        [self.rows[sq.row], self.cols[sq.col], self.diags[d], self.antis[sq.row + sq.col]]
    }

    /// True when some queen other than one standing on `sq` attacks `sq`. For a square holding a
    /// queen this means the queen is in conflict.
    pub fn is_attacked(&self, sq: Square) -> bool {
        let own = u32::from(self.has_queen(sq));
        match self.puzzle() {
            Some(p) if p.puzzle().has_regions() => {
                self.rows[sq.row] > own
                    || self.cols[sq.col] > own
                    || p.region_queens(sq) > own
                    || self.touching(sq).any(|t| self.has_queen(t))
            }
            _ => self.line_counts(sq).iter().any(|&count| count > own),
        }
    }

    /// The up to 8 squares touching `sq`.
    fn touching(&self, sq: Square) -> impl Iterator<Item = Square> + '_ {
        let rows = sq.row.saturating_sub(1)..=(sq.row + 1).min(self.n - 1);
        rows.flat_map(move |row| {
            (sq.col.saturating_sub(1)..=(sq.col + 1).min(self.n - 1)).map(move |col| Square::new(row, col))
        })
        .filter(move |&t| t != sq)
    }

    /// How many queens (other than one standing on `sq`) attack `sq`.
    pub fn attackers(&self, sq: Square) -> u32 {
        if self.has_regions() {
            return self.queens().filter(|&q| self.attacks(q, sq)).count() as u32;
        }
        let own = u32::from(self.has_queen(sq));
        self.line_counts(sq).iter().map(|&count| count - own).sum()
    }

    fn adjust(&mut self, sq: Square, delta: i32) {
        let d = sq.row + self.n - sq.col;
        for count in
            [&mut self.rows[sq.row], &mut self.cols[sq.col], &mut self.diags[d], &mut self.antis[sq.row + sq.col]]
        {
            *count = count.wrapping_add_signed(delta);
        }
    }

    /// Put a queen on `sq`; fails if it is off the board or already holds one.
    pub fn place(&mut self, sq: Square) -> Result<(), TraceFault> {
        self.check_on_board(sq)?;
        if self.has_queen(sq) {
            return Err(TraceFault::Occupied { square: self.name(sq) });
        }
        if let Some(p) = self.puzzle.as_deref_mut() {
            if p.is_blocked(sq) {
                return Err(TraceFault::Blocked { square: sq.name(self.n) });
            }
            if p.is_eliminated(sq) {
                return Err(TraceFault::RuledOut { square: sq.name(self.n) });
            }
            p.count_queen(sq, 1);
        }
        self.occupied[sq.row * self.n + sq.col] = true;
        self.queen_count += 1;
        self.adjust(sq, 1);
        Ok(())
    }

    /// Take the queen off `sq`; fails if there is none.
    pub fn remove(&mut self, sq: Square) -> Result<(), TraceFault> {
        self.check_on_board(sq)?;
        if !self.has_queen(sq) {
            return Err(TraceFault::NoQueen { square: self.name(sq) });
        }
        if let Some(p) = self.puzzle.as_deref_mut() {
            if p.is_given(sq) {
                return Err(TraceFault::GivenQueen { square: sq.name(self.n) });
            }
            p.count_queen(sq, -1);
            p.set_guessed(sq, false);
        }
        self.occupied[sq.row * self.n + sq.col] = false;
        self.queen_count -= 1;
        self.adjust(sq, -1);
        Ok(())
    }

    fn check_on_board(&self, sq: Square) -> Result<(), TraceFault> {
        if self.contains(sq) {
            Ok(())
        } else {
            Err(TraceFault::OffBoard { row: sq.row, col: sq.col, n: self.n })
        }
    }

    fn name(&self, sq: Square) -> String {
        format!("{} (row {}, col {})", sq.name(self.n), sq.row, sq.col)
    }

    /// The board as text, one line per row: `Q` for a queen, `.` for a free square and, with
    /// `show_attacks`, `~` for an attacked one (the style of seed 004).
    pub fn to_text(&self, show_attacks: bool) -> String {
        let mut text = String::with_capacity(self.n * (2 * self.n + 1));
        for row in 0..self.n {
            let cells: Vec<&str> = (0..self.n)
                .map(|col| {
                    let sq = Square::new(row, col);
                    if self.has_queen(sq) {
                        "Q"
                    } else if show_attacks && self.is_attacked(sq) {
                        "~"
                    } else {
                        "."
                    }
                })
                .collect();
            text.push_str(&cells.join(" "));
            text.push('\n');
        }
        text
    }

    /// Pairs of queens attacking each other, each pair once, in reading order.
    pub fn conflicts(&self) -> Vec<(Square, Square)> {
        let queens: Vec<Square> = self.queens().collect();
        let mut pairs = Vec::new();
        for (i, &a) in queens.iter().enumerate() {
            pairs.extend(queens[i + 1..].iter().filter(|&&b| self.attacks(a, b)).map(|&b| (a, b)));
        }
        pairs
    }

    /// Squares in `row` that hold no queen and are not attacked.
    pub fn free_in_row(&self, row: usize) -> usize {
        (0..self.n).filter(|&col| self.is_open(Square::new(row, col))).count()
    }

    /// True when `row` holds a queen.
    pub fn row_has_queen(&self, row: usize) -> bool {
        self.rows[row] > 0
    }

    /// True when `col` holds a queen.
    pub fn col_has_queen(&self, col: usize) -> bool {
        self.cols[col] > 0
    }
}
