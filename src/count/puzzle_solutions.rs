//! Solutions of a puzzle, counted (up to a cap) by a bitmask search row by row.
//!
//! Contract: [`puzzle_solutions`] visits every solution of a [`Puzzle`] (givens kept, blocked
//! squares avoided; region puzzles: one queen per region, no two touching; completion puzzles: the
//! N-Queens rules) in lexicographic order of `queens[row] = col`, handing each as
//! `queens[col] = row`, and stops after `cap`; it returns how many it visited. Boards up to 64.

use crate::trace::puzzle_furniture::Puzzle;

/// Visit the solutions of `puzzle` (at most `cap`), returning how many were visited.
pub fn puzzle_solutions(puzzle: &Puzzle, cap: u64, visit: &mut dyn FnMut(&[usize])) -> u64 {
    let n = puzzle.n;
    if n == 0 || n > 64 || cap == 0 {
        return 0;
    }
    let mut search = PuzzleCounter::new(puzzle);
    search.row(0, cap, visit);
    search.found
}

/// Count the solutions of `puzzle`, stopping at `cap`.
pub fn count_puzzle(puzzle: &Puzzle, cap: u64) -> u64 {
    puzzle_solutions(puzzle, cap, &mut |_| {})
}

struct PuzzleCounter {
    n: usize,
    regions: bool,
    /// Region of every square, row-major (region puzzles).
    region_of: Vec<u8>,
    /// Per row: the columns open to a queen (not blocked).
    open: Vec<u64>,
    /// Per row: the given queen's column.
    given: Vec<Option<usize>>,
    /// Per row: the regions whose squares all lie at or above it.
    ended_by: Vec<u64>,
    cols: u64,
    diag: u128,
    anti: u128,
    used_regions: u64,
    queens: Vec<usize>,
    found: u64,
}

impl PuzzleCounter {
    fn new(puzzle: &Puzzle) -> Self {
        let n = puzzle.n;
        let mut open = vec![if n == 64 { u64::MAX } else { (1u64 << n) - 1 }; n];
        for b in &puzzle.blocked {
            open[b.row] &= !(1 << b.col);
        }
        let mut given = vec![None; n];
        for g in &puzzle.givens {
            given[g.row] = Some(g.col);
        }
        let mut last_row = vec![0usize; n];
        for (sq, &r) in puzzle.regions.iter().enumerate() {
            last_row[usize::from(r)] = sq / n;
        }
        let ended_by = (0..n)
            .map(|row| last_row.iter().enumerate().filter(|(_, &last)| last <= row).fold(0, |m, (r, _)| m | 1 << r))
            .collect();
        let mut search = PuzzleCounter {
            n,
            regions: puzzle.has_regions(),
            region_of: puzzle.regions.clone(),
            open,
            given,
            ended_by,
            cols: 0,
            diag: 0,
            anti: 0,
            used_regions: 0,
            queens: vec![0; n],
            found: 0,
        };
        for g in &puzzle.givens {
            search.mark(g.row, g.col);
        }
        search
    }

    fn mark(&mut self, row: usize, col: usize) {
        self.cols ^= 1 << col;
        if self.regions {
            self.used_regions ^= 1 << self.region_of[row * self.n + col];
        } else {
            self.diag ^= 1 << (row + self.n - col);
            self.anti ^= 1 << (row + col);
        }
    }

    /// Columns of `row` a queen may take now.
    fn candidates(&self, row: usize) -> u64 {
        if let Some(col) = self.given[row] {
            return 1 << col;
        }
        let mut free = self.open[row] & !self.cols;
        for col in 0..self.n {
            if free >> col & 1 == 0 {
                continue;
            }
            let blocked = if self.regions {
                self.used_regions >> self.region_of[row * self.n + col] & 1 == 1
            } else {
                self.diag >> (row + self.n - col) & 1 == 1 || self.anti >> (row + col) & 1 == 1
            };
            if blocked {
                free &= !(1 << col);
            }
        }
        free
    }

    /// Fill rows from `row` on; region puzzles keep queens in neighbouring rows apart.
    fn row(&mut self, row: usize, cap: u64, visit: &mut dyn FnMut(&[usize])) {
        if row == self.n {
            let mut by_col = vec![0; self.n];
            for (r, &c) in self.queens.iter().enumerate() {
                by_col[c] = r;
            }
            self.found += 1;
            visit(&by_col);
            return;
        }
        let mut free = self.candidates(row);
        if self.regions {
            let near = |c: usize| (0b111u64 << c) >> 1;
            if row > 0 {
                free &= !near(self.queens[row - 1]);
            }
            if let Some(next) = self.given.get(row + 1).copied().flatten() {
                free &= !near(next);
            }
        }
        while free != 0 && self.found < cap {
            let col = free.trailing_zeros() as usize;
            free &= free - 1;
            let is_given = self.given[row].is_some();
            if !is_given {
                self.mark(row, col);
            }
            let dead = self.regions && self.ended_by[row] & !self.used_regions != 0;
            if !dead {
                self.queens[row] = col;
                self.row(row + 1, cap, visit);
            }
            if !is_given {
                self.mark(row, col);
            }
        }
    }
}
