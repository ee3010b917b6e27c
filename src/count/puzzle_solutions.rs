//! Solutions of a puzzle, counted (up to a cap) by a bitmask search row by row.
//!
//! Contract: [`puzzle_solutions`] visits every solution of a [`Puzzle`] (givens kept, blocked
//! squares avoided; region puzzles: one queen per region, no two touching; completion puzzles: the
//! N-Queens rules) in lexicographic order of `queens[row] = col`, handing each as
//! `queens[col] = row`, and stops after `cap`; it returns how many it visited. Every node of the
//! search is a [`PuzzleVisit::Step`] too, so the caller can stop it (a time budget: the visitor
//! returns `Err(Full)`). A row or column with no open square (and no given) has no solution at
//! once. Boards up to 64.

use crate::trace::puzzle_furniture::Puzzle;
use crate::trace::Full;

/// What the search hands its visitor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleVisit<'a> {
    /// A node of the search: a row about to be filled.
    Step,
    /// A solution, `queens[col] = row`.
    Solution(&'a [usize]),
}

/// Visit the solutions of `puzzle` (at most `cap`) and the search's steps, returning how many
/// solutions were visited, or `Err(Full)` when the visitor stopped the search.
pub fn puzzle_solutions(
    puzzle: &Puzzle,
    cap: u64,
    visit: &mut dyn FnMut(PuzzleVisit) -> Result<(), Full>,
) -> Result<u64, Full> {
    let n = puzzle.n;
    if n == 0 || n > 64 || cap == 0 || has_empty_line(puzzle) {
        return Ok(0);
    }
    let mut search = PuzzleCounter::new(puzzle);
    search.row(0, cap, visit)?;
    Ok(search.found)
}

/// Count the solutions of `puzzle`, stopping at `cap` (no time bound: the solve stage's budgeted
/// searches are for puzzles from outside).
pub fn count_puzzle(puzzle: &Puzzle, cap: u64) -> u64 {
    puzzle_solutions(puzzle, cap, &mut |_| Ok(())).expect("nothing stops this count")
}

/// True when a row or a column has neither an open square nor a given queen.
fn has_empty_line(puzzle: &Puzzle) -> bool {
    let n = puzzle.n;
    let (mut blocked_in_row, mut blocked_in_col) = (vec![0; n], vec![0; n]);
    let mut seen = vec![false; n * n];
    for b in puzzle.blocked.iter().filter(|b| b.row < n && b.col < n) {
        if !std::mem::replace(&mut seen[b.row * n + b.col], true) {
            blocked_in_row[b.row] += 1;
            blocked_in_col[b.col] += 1;
        }
    }
    let given_row = |r: usize| puzzle.givens.iter().any(|g| g.row == r);
    let given_col = |c: usize| puzzle.givens.iter().any(|g| g.col == c);
    (0..n).any(|i| (blocked_in_row[i] == n && !given_row(i)) || (blocked_in_col[i] == n && !given_col(i)))
}

/// For a region puzzle: per row r, each region's open columns in the rows below r, and each
/// column's regions with an open square below r (given rows count as open only at the given).
fn squares_below(puzzle: &Puzzle, open: &[u64]) -> (Vec<Vec<u64>>, Vec<Vec<u64>>) {
    let n = puzzle.n;
    let (mut region_cols, mut col_regions) = (vec![vec![0u64; n]; n], vec![vec![0u64; n]; n]);
    for row in (0..n.saturating_sub(1)).rev() {
        let below = row + 1;
        let mut cols_now = region_cols[below].clone();
        let mut regions_now = col_regions[below].clone();
        let given = puzzle.givens.iter().find(|g| g.row == below).map(|g| g.col);
        for col in (0..n).filter(|&c| open[below] >> c & 1 == 1 && given.is_none_or(|g| g == c)) {
            let region = usize::from(puzzle.regions[below * n + col]);
            cols_now[region] |= 1 << col;
            regions_now[col] |= 1 << region;
        }
        region_cols[row] = cols_now;
        col_regions[row] = regions_now;
    }
    (region_cols, col_regions)
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
    /// Per row r, per region: the columns where the region has an open square below r (region
    /// puzzles): a region whose columns below are all taken can no longer get its queen.
    region_cols_below: Vec<Vec<u64>>,
    /// Per row r, per column: the regions with an open square of that column below r.
    col_regions_below: Vec<Vec<u64>>,
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
        let (region_cols_below, col_regions_below) =
            if puzzle.has_regions() { squares_below(puzzle, &open) } else { (Vec::new(), Vec::new()) };
        let mut search = PuzzleCounter {
            n,
            regions: puzzle.has_regions(),
            region_of: puzzle.regions.clone(),
            open,
            given,
            region_cols_below,
            col_regions_below,
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
        if !self.regions {
            // Diagonal `row + n - col` holds bit `n - 1 - col` of the window from `row + 1`
            // (reversed into columns); anti-diagonal `row + col` holds bit `col` from `row`.
            let all = u64::MAX >> (64 - self.n);
            let diagonals = ((self.diag >> (row + 1)) as u64 & all).reverse_bits() >> (64 - self.n);
            let anti_diagonals = (self.anti >> row) as u64 & all;
            return free & !(diagonals | anti_diagonals);
        }
        for col in 0..self.n {
            if free >> col & 1 == 1 && self.used_regions >> self.region_of[row * self.n + col] & 1 == 1 {
                free &= !(1 << col);
            }
        }
        free
    }

    /// After a queen in `row`: every region without a queen still has an open square below in a
    /// free column, and every free column an open square below in a region without a queen (each
    /// needs one in the rows left). Cheap, and it cuts the search on regions in pieces by orders
    /// of magnitude (a region whose last chance was just taken ends the branch at once).
    fn regions_still_reachable(&self, row: usize) -> bool {
        let all = u64::MAX >> (64 - self.n);
        let mut missing = all & !self.used_regions;
        while missing != 0 {
            let region = missing.trailing_zeros() as usize;
            missing &= missing - 1;
            if self.region_cols_below[row][region] & !self.cols == 0 {
                return false;
            }
        }
        let mut free = all & !self.cols;
        while free != 0 {
            let col = free.trailing_zeros() as usize;
            free &= free - 1;
            if self.col_regions_below[row][col] & !self.used_regions == 0 {
                return false;
            }
        }
        true
    }

    /// Fill rows from `row` on; region puzzles keep queens in neighbouring rows apart.
    fn row(
        &mut self,
        row: usize,
        cap: u64,
        visit: &mut dyn FnMut(PuzzleVisit) -> Result<(), Full>,
    ) -> Result<(), Full> {
        if row == self.n {
            let mut by_col = vec![0; self.n];
            for (r, &c) in self.queens.iter().enumerate() {
                by_col[c] = r;
            }
            self.found += 1;
            return visit(PuzzleVisit::Solution(&by_col));
        }
        visit(PuzzleVisit::Step)?;
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
            let dead = self.regions && !self.regions_still_reachable(row);
            let below = if dead {
                Ok(())
            } else {
                self.queens[row] = col;
                self.row(row + 1, cap, visit)
            };
            if !is_given {
                self.mark(row, col);
            }
            below?;
        }
        Ok(())
    }
}
