//! The seeds' tree searches (backtrack, grid, forward) run around a puzzle's furniture: the
//! givens stand from the start and are never events, blocked squares are never tried (nor
//! checked). On a region puzzle a square is attacked by a queen in its row, column or region or
//! touching it; on a completion puzzle by the N-Queens rules.
//!
//! Contract: backtrack fills the columns without a given left to right, rows top to bottom; grid
//! fills the rows without a given top to bottom, columns left to right; forward fills next the
//! empty row with the fewest free squares (topmost on ties) and, after a placement, emits
//! `deadend` for the topmost empty row left without a free square and takes the queen off again.
//! Events: `place`, `remove`, `check` (with `--detail checks`), `deadend`, `solution`
//! (`queens[col] = row`, givens included). No solution is a result: the search exhausts.

use crate::solve::{Algorithm, Detail, SolveOptions};
use crate::trace::puzzle_furniture::Puzzle;
use crate::trace::{Event, Full, Recorder, Square};

/// A line the search fills: a column (backtrack) or a row (grid, forward).
#[derive(Clone, Copy)]
enum SearchLine {
    Column(usize),
    Row(usize),
}

impl SearchLine {
    fn square(self, i: usize) -> Square {
        match self {
            SearchLine::Column(col) => Square::new(i, col),
            SearchLine::Row(row) => Square::new(row, i),
        }
    }
}

/// A line being filled: the next square to try, and the queen standing on it.
struct LineInProgress {
    line: SearchLine,
    next: usize,
    queen: Option<Square>,
}

/// The board: furniture plus the queens standing (givens included).
struct Standing<'a> {
    puzzle: &'a Puzzle,
    n: usize,
    blocked: Vec<bool>,
    queen_in_row: Vec<Option<usize>>,
    queen_in_col: Vec<bool>,
    queens: Vec<Square>,
}

impl<'a> Standing<'a> {
    fn new(puzzle: &'a Puzzle) -> Self {
        let n = puzzle.n;
        let mut blocked = vec![false; n * n];
        for b in &puzzle.blocked {
            blocked[b.row * n + b.col] = true;
        }
        let mut board = Standing {
            puzzle,
            n,
            blocked,
            queen_in_row: vec![None; n],
            queen_in_col: vec![false; n],
            queens: Vec::new(),
        };
        for &g in &puzzle.givens {
            board.place(g);
        }
        board
    }

    /// The first standing queen (in placing order, givens first) attacking `sq`.
    fn attacker(&self, sq: Square) -> Option<Square> {
        self.queens.iter().copied().find(|&q| crate::trace::puzzle_file::conflict(self.puzzle, q, sq).is_some())
    }

    fn is_free(&self, sq: Square) -> bool {
        !self.blocked[sq.row * self.n + sq.col]
            && self.queen_in_row[sq.row].is_none()
            && !self.queen_in_col[sq.col]
            && self.attacker(sq).is_none()
    }

    fn place(&mut self, sq: Square) {
        self.queen_in_row[sq.row] = Some(sq.col);
        self.queen_in_col[sq.col] = true;
        self.queens.push(sq);
    }

    fn remove(&mut self, sq: Square) {
        self.queen_in_row[sq.row] = None;
        self.queen_in_col[sq.col] = false;
        self.queens.retain(|&q| q != sq);
    }

    fn free_in_row(&self, row: usize) -> usize {
        (0..self.n).filter(|&col| self.is_free(Square::new(row, col))).count()
    }

    fn solution(&self) -> Vec<usize> {
        let mut queens = vec![0; self.n];
        for q in &self.queens {
            queens[q.col] = q.row;
        }
        queens
    }
}

/// Run `options.algorithm` (backtrack, grid or forward) on the puzzle.
pub fn run(options: &SolveOptions, puzzle: &Puzzle, rec: &mut dyn Recorder) -> Result<(), Full> {
    let mut board = Standing::new(puzzle);
    let (algorithm, n) = (options.algorithm, puzzle.n);
    let mut levels: Vec<LineInProgress> = Vec::new();
    let mut found = 0;
    let mut descend = true;
    loop {
        if descend {
            match next_line(&board, algorithm, levels.len()) {
                Some(line) => levels.push(LineInProgress { line, next: 0, queen: None }),
                None => {
                    found += 1;
                    rec.record(Event::Solution { queens: board.solution() })?;
                    if options.until.reached(found) {
                        return Ok(());
                    }
                }
            }
        }
        let Some(level) = levels.last_mut() else { return Ok(()) };
        if let Some(sq) = level.queen.take() {
            board.remove(sq);
            rec.record(Event::Remove { row: sq.row, col: sq.col })?;
        }
        descend = false;
        while level.next < n && !descend {
            let sq = level.line.square(level.next);
            level.next += 1;
            if board.blocked[sq.row * n + sq.col] || !examine(&board, sq, options.detail, rec)? {
                continue;
            }
            rec.record(Event::Place { row: sq.row, col: sq.col })?;
            board.place(sq);
            let dead = if algorithm == Algorithm::Forward { dead_row(&board) } else { None };
            if let Some(row) = dead {
                rec.record(Event::Deadend { row })?;
                board.remove(sq);
                rec.record(Event::Remove { row: sq.row, col: sq.col })?;
            } else {
                level.queen = Some(sq);
                descend = true;
            }
        }
        if !descend {
            levels.pop();
        }
    }
}

/// The next line to fill, or `None` when every line holds a queen. `depth` lines are being filled.
fn next_line(board: &Standing, algorithm: Algorithm, depth: usize) -> Option<SearchLine> {
    let n = board.n;
    match algorithm {
        Algorithm::Backtrack => {
            let given_cols: Vec<bool> = (0..n).map(|c| board.puzzle.givens.iter().any(|g| g.col == c)).collect();
            (0..n).filter(|&c| !given_cols[c]).nth(depth).map(SearchLine::Column)
        }
        Algorithm::Grid => {
            let given_rows: Vec<bool> = (0..n).map(|r| board.puzzle.givens.iter().any(|g| g.row == r)).collect();
            (0..n).filter(|&r| !given_rows[r]).nth(depth).map(SearchLine::Row)
        }
        _ => (0..n)
            .filter(|&r| board.queen_in_row[r].is_none())
            .min_by_key(|&r| board.free_in_row(r))
            .map(SearchLine::Row),
    }
}

/// The topmost row without a queen and without a free square.
fn dead_row(board: &Standing) -> Option<usize> {
    (0..board.n).find(|&r| board.queen_in_row[r].is_none() && board.free_in_row(r) == 0)
}

/// Whether `sq` is free, recorded as a `check` when the detail asks for it.
fn examine(board: &Standing, sq: Square, detail: Detail, rec: &mut dyn Recorder) -> Result<bool, Full> {
    let safe = board.is_free(sq);
    if detail == Detail::Checks {
        let attacker = if safe { None } else { board.attacker(sq) };
        rec.record(Event::Check { row: sq.row, col: sq.col, safe, attacker })?;
    }
    Ok(safe)
}
