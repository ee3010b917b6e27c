//! Column-by-column recursive backtracking, as in the MathWorks blog post: columns left to right,
//! rows tried top to bottom; place on the first safe square and recurse; when a column has no safe
//! square left, remove the last queen and try its next row.

use super::{record_solution, Detail, SolveOptions};
use crate::trace::{Event, Full, Recorder, Square};

/// Search state: one queen per filled column plus occupancy of rows and diagonals.
struct Search<'a> {
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
    let mut search = Search {
        n,
        options,
        queens: Vec::with_capacity(n),
        row_used: vec![false; n],
        diag_used: vec![false; 2 * n],
        anti_used: vec![false; 2 * n],
        found: 0,
    };
    search.column(0, recorder).map(|_| ())
}

/// Whether the search should go on after a subtree.
#[derive(PartialEq, Eq)]
enum Flow {
    Continue,
    Done,
}

impl Search<'_> {
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

    fn column(&mut self, col: usize, rec: &mut dyn Recorder) -> Result<Flow, Full> {
        if col == self.n {
            self.found += 1;
            record_solution(rec, &self.queens)?;
            return Ok(if self.options.until.reached(self.found) { Flow::Done } else { Flow::Continue });
        }
        for row in 0..self.n {
            let safe = self.is_safe(row, col);
            if self.options.detail == Detail::Checks {
                let attacker = if safe { None } else { self.attacker(row, col) };
                rec.record(Event::Check { row, col, safe, attacker })?;
            }
            if !safe {
                continue;
            }
            rec.record(Event::Place { row, col })?;
            self.set(row, col, true);
            self.queens.push(row);
            if self.column(col + 1, rec)? == Flow::Done {
                return Ok(Flow::Done);
            }
            self.queens.pop();
            self.set(row, col, false);
            rec.record(Event::Remove { row, col })?;
        }
        Ok(Flow::Continue)
    }
}
