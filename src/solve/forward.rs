//! Forward checking, after seed 002 ("Optimizing the algorithm"): keep the number of free squares
//! of every row that has no queen yet. After each placement, if some empty row has no free square
//! left, emit `deadend {row}` for the topmost such row and take the queen off again at once.
//! Otherwise fill next the empty row with the fewest free squares (ties: the topmost), trying its
//! free squares left to right. With `--detail checks` each square of the chosen row is a `check`
//! event (attacker: the first queen in reading order).
//!
//! Contract: emits `place`, `remove`, `deadend`, `check` and `solution` (`queens[col] = row`). With
//! `--until all` it finds exactly the solutions backtracking finds, in another order. The search
//! keeps its own stack (one entry per filled row), so no board size can overflow the thread's stack.

use super::{record_solution, Detail, SolveOptions};
use crate::trace::{Event, Full, Recorder, Square};

/// Search state: queens by row, line occupancy, and free-square counts of the empty rows.
struct ForwardChecker<'a> {
    n: usize,
    options: &'a SolveOptions,
    cols: Vec<Option<usize>>,
    col_used: Vec<bool>,
    diag_used: Vec<bool>,
    anti_used: Vec<bool>,
    free: Vec<usize>,
    placed: usize,
    found: u64,
}

/// A row being filled: the next column to try, and the column of its queen while she stands.
struct RowInProgress {
    row: usize,
    next: usize,
    queen: Option<usize>,
}

pub(super) fn run(options: &SolveOptions, rec: &mut dyn Recorder) -> Result<(), Full> {
    let n = options.n;
    let mut search = ForwardChecker {
        n,
        options,
        cols: vec![None; n],
        col_used: vec![false; n],
        diag_used: vec![false; 2 * n],
        anti_used: vec![false; 2 * n],
        free: vec![n; n],
        placed: 0,
        found: 0,
    };
    search.fill(rec)
}

impl ForwardChecker<'_> {
    /// True when no queen stands on (row, col) or attacks it.
    fn is_free(&self, row: usize, col: usize) -> bool {
        self.cols[row].is_none()
            && !self.col_used[col]
            && !self.diag_used[row + self.n - col]
            && !self.anti_used[row + col]
    }

    /// The first queen in reading order attacking (row, col).
    fn attacker(&self, row: usize, col: usize) -> Option<Square> {
        let target = Square::new(row, col);
        let mut queens = self.cols.iter().enumerate().filter_map(|(r, c)| c.map(|c| Square::new(r, c)));
        queens.find(|q| q.attacks(target))
    }

    /// The squares of other empty rows a queen on (row, col) attacks, at most three per row.
    fn lines_through(&self, row: usize, col: usize) -> Vec<Square> {
        let mut squares = Vec::new();
        for r in (0..self.n).filter(|&r| r != row && self.cols[r].is_none()) {
            let d = r.abs_diff(row);
            let cols = [Some(col), col.checked_sub(d), Some(col + d).filter(|&c| c < self.n)];
            squares.extend(cols.into_iter().flatten().map(|c| Square::new(r, c)));
        }
        squares
    }

    fn mark(&mut self, row: usize, col: usize, used: bool) {
        self.cols[row] = used.then_some(col);
        self.col_used[col] = used;
        self.diag_used[row + self.n - col] = used;
        self.anti_used[row + col] = used;
    }

    /// Put a queen on (row, col), lowering the free counts of the squares she newly attacks.
    fn place(&mut self, row: usize, col: usize) {
        for sq in self.lines_through(row, col) {
            if self.is_free(sq.row, sq.col) {
                self.free[sq.row] -= 1;
            }
        }
        self.mark(row, col, true);
        self.placed += 1;
    }

    /// Take the queen off (row, col), raising the free counts of the squares she alone attacked.
    fn remove(&mut self, row: usize, col: usize) {
        self.mark(row, col, false);
        self.placed -= 1;
        for sq in self.lines_through(row, col) {
            if self.is_free(sq.row, sq.col) {
                self.free[sq.row] += 1;
            }
        }
    }

    /// The empty row with the fewest free squares, topmost on ties.
    fn tightest_row(&self) -> Option<usize> {
        (0..self.n).filter(|&r| self.cols[r].is_none()).min_by_key(|&r| self.free[r])
    }

    /// The topmost empty row without a free square.
    fn dead_row(&self) -> Option<usize> {
        (0..self.n).find(|&r| self.cols[r].is_none() && self.free[r] == 0)
    }

    fn solution(&self) -> Vec<usize> {
        let mut queens = vec![0; self.n];
        for (row, col) in self.cols.iter().enumerate() {
            queens[col.expect("full board")] = row;
        }
        queens
    }

    /// Fill the remaining empty rows, tightest first.
    fn fill(&mut self, rec: &mut dyn Recorder) -> Result<(), Full> {
        let mut levels: Vec<RowInProgress> = Vec::new();
        let mut descend = true;
        loop {
            if descend {
                match self.tightest_row() {
                    Some(row) => levels.push(RowInProgress { row, next: 0, queen: None }),
                    None => {
                        self.found += 1;
                        record_solution(rec, &self.solution())?;
                        if self.options.until.reached(self.found) {
                            return Ok(());
                        }
                    }
                }
            }
            let Some(level) = levels.last_mut() else { return Ok(()) };
            let row = level.row;
            if let Some(col) = level.queen.take() {
                self.remove(row, col);
                rec.record(Event::Remove { row, col })?;
            }
            descend = false;
            while level.next < self.n && !descend {
                let col = level.next;
                level.next += 1;
                if !self.examine(row, col, rec)? {
                    continue;
                }
                rec.record(Event::Place { row, col })?;
                self.place(row, col);
                match self.dead_row() {
                    Some(dead) => {
                        rec.record(Event::Deadend { row: dead })?;
                        self.remove(row, col);
                        rec.record(Event::Remove { row, col })?;
                    }
                    None => {
                        level.queen = Some(col);
                        descend = true;
                    }
                }
            }
            if !descend {
                levels.pop();
            }
        }
    }

    /// Whether (row, col) is free, recorded as a `check` when the detail asks for it.
    fn examine(&self, row: usize, col: usize, rec: &mut dyn Recorder) -> Result<bool, Full> {
        let safe = self.is_free(row, col);
        if self.options.detail == Detail::Checks {
            let attacker = if safe { None } else { self.attacker(row, col) };
            rec.record(Event::Check { row, col, safe, attacker })?;
        }
        Ok(safe)
    }
}
