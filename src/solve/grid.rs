//! Grid scan with backtracking, after the Python program of seed 004: walk the squares in reading
//! order (row by row, left to right); put a queen on the next square no queen attacks, then go on
//! at the start of the next row. When a row runs out of squares, take the last queen off and go on
//! scanning just after her square. With `--detail checks` every examined square is a `check`
//! event naming the first queen in reading order that attacks it.
//!
//! Contract: emits `place`, `remove`, `check` and `solution` (`queens[col] = row` of the whole
//! board); after a solution the last queen is removed and the scan goes on after her square.

use super::{record_solution, Detail, SolveOptions};
use crate::trace::{Event, Full, Recorder, Square};

/// The board as the scan sees it: one queen per filled row (`cols[row]`), top rows first.
struct Scan {
    n: usize,
    cols: Vec<usize>,
    col_used: Vec<bool>,
    diag_used: Vec<bool>,
    anti_used: Vec<bool>,
}

impl Scan {
    fn new(n: usize) -> Self {
        Scan {
            n,
            cols: Vec::with_capacity(n),
            col_used: vec![false; n],
            diag_used: vec![false; 2 * n],
            anti_used: vec![false; 2 * n],
        }
    }

    /// The row being filled: rows above it hold one queen each.
    fn row(&self) -> usize {
        self.cols.len()
    }

    fn is_free(&self, row: usize, col: usize) -> bool {
        !self.col_used[col] && !self.diag_used[row + self.n - col] && !self.anti_used[row + col]
    }

    /// The first queen in reading order attacking (row, col).
    fn attacker(&self, row: usize, col: usize) -> Option<Square> {
        let target = Square::new(row, col);
        self.cols.iter().enumerate().map(|(r, &c)| Square::new(r, c)).find(|q| q.attacks(target))
    }

    fn mark(&mut self, row: usize, col: usize, used: bool) {
        self.col_used[col] = used;
        self.diag_used[row + self.n - col] = used;
        self.anti_used[row + col] = used;
    }

    fn push(&mut self, col: usize) {
        self.mark(self.row(), col, true);
        self.cols.push(col);
    }

    /// Take the last queen off; returns her square.
    fn pop(&mut self) -> Option<Square> {
        let col = self.cols.pop()?;
        let row = self.row();
        self.mark(row, col, false);
        Some(Square::new(row, col))
    }

    /// `queens[col] = row` of a full board.
    fn solution(&self) -> Vec<usize> {
        let mut queens = vec![0; self.n];
        for (row, &col) in self.cols.iter().enumerate() {
            queens[col] = row;
        }
        queens
    }
}

pub(super) fn run(options: &SolveOptions, rec: &mut dyn Recorder) -> Result<(), Full> {
    let mut scan = Scan::new(options.n);
    let mut found = 0;
    let mut start = 0;
    loop {
        match next_free(&scan, start, options.detail, rec)? {
            Some(col) => {
                rec.record(Event::Place { row: scan.row(), col })?;
                scan.push(col);
                start = 0;
                if scan.row() < scan.n {
                    continue;
                }
                found += 1;
                record_solution(rec, &scan.solution())?;
                if options.until.reached(found) {
                    return Ok(());
                }
            }
            None if scan.cols.is_empty() => return Ok(()),
            None => {}
        }
        start = backtrack(&mut scan, rec)?;
    }
}

/// Scan the current row from `start`; the first free column, or `None` when the row runs out.
fn next_free(scan: &Scan, start: usize, detail: Detail, rec: &mut dyn Recorder) -> Result<Option<usize>, Full> {
    let row = scan.row();
    for col in start..scan.n {
        let safe = scan.is_free(row, col);
        if detail == Detail::Checks {
            let attacker = if safe { None } else { scan.attacker(row, col) };
            rec.record(Event::Check { row, col, safe, attacker })?;
        }
        if safe {
            return Ok(Some(col));
        }
    }
    Ok(None)
}

/// Remove the last queen; the scan resumes on the square after hers.
fn backtrack(scan: &mut Scan, rec: &mut dyn Recorder) -> Result<usize, Full> {
    let last = scan.pop().expect("backtrack needs a queen on the board");
    rec.record(Event::Remove { row: last.row, col: last.col })?;
    Ok(last.col + 1)
}
