//! Column-by-column backtracking, as in the MathWorks blog post: columns left to right, rows tried
//! top to bottom; place on the first safe square and go on to the next column; when a column has no
//! safe square left, remove the last queen and try its next row. The search keeps its own stack
//! (the next row to try per column), so no board size can overflow the thread's stack.

use super::{record_solution, Detail, SolveOptions};
use crate::trace::{Event, Full, Recorder, Square};

/// Search state: one queen per filled column plus occupancy of rows and diagonals.
struct Backtracker<'a> {
    n: usize,
    options: &'a SolveOptions,
    queens: Vec<usize>,
    row_used: Vec<bool>,
    diag_used: Vec<bool>,
    anti_used: Vec<bool>,
    found: u64,
}

pub(super) fn run(options: &SolveOptions, recorder: &mut dyn Recorder) -> Result<(), Full> {
    let n = options.n;
    let mut search = Backtracker {
        n,
        options,
        queens: Vec::with_capacity(n),
        row_used: vec![false; n],
        diag_used: vec![false; 2 * n],
        anti_used: vec![false; 2 * n],
        found: 0,
    };
    search.search(recorder)
}

impl Backtracker<'_> {
    fn diag(&self, row: usize, col: usize) -> usize {
        row + self.n - col
    }

    fn is_safe(&self, row: usize, col: usize) -> bool {
        !self.row_used[row] && !self.diag_used[self.diag(row, col)] && !self.anti_used[row + col]
    }

    /// The leftmost placed queen attacking (row, col).
    fn attacker(&self, row: usize, col: usize) -> Option<Square> {
        let target = Square::new(row, col);
        (0..self.queens.len()).map(|c| Square::new(self.queens[c], c)).find(|q| q.attacks(target))
    }

    fn set(&mut self, row: usize, col: usize, used: bool) {
        self.row_used[row] = used;
        let d = self.diag(row, col);
        self.diag_used[d] = used;
        self.anti_used[row + col] = used;
    }

    /// The whole search: `next[col]` is the next row to try in column `col`, for every column up to
    /// the one being filled.
    fn search(&mut self, rec: &mut dyn Recorder) -> Result<(), Full> {
        let mut next = vec![0usize];
        while let Some(&start) = next.last() {
            let col = next.len() - 1;
            if col == self.n {
                self.found += 1;
                record_solution(rec, &self.queens)?;
                if self.options.until.reached(self.found) {
                    return Ok(());
                }
            } else if let Some(row) = self.next_safe(start, col, rec)? {
                rec.record(Event::Place { row, col })?;
                self.set(row, col, true);
                self.queens.push(row);
                next[col] = row + 1;
                next.push(0);
                continue;
            }
            // This column is done: back to the one before, taking its queen off.
            next.pop();
            if let Some(row) = self.queens.pop() {
                let col = self.queens.len();
                self.set(row, col, false);
                rec.record(Event::Remove { row, col })?;
            }
        }
        Ok(())
    }

    /// The first safe row of `col` from `start` on, each square tried recorded as a `check` when
    /// the detail asks for it.
    fn next_safe(&self, start: usize, col: usize, rec: &mut dyn Recorder) -> Result<Option<usize>, Full> {
        for row in start..self.n {
            let safe = self.is_safe(row, col);
            if self.options.detail == Detail::Checks {
                let attacker = if safe { None } else { self.attacker(row, col) };
                rec.record(Event::Check { row, col, safe, attacker })?;
            }
            if safe {
                return Ok(Some(row));
            }
        }
        Ok(None)
    }
}
