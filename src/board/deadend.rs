//! Why the search turned back (dead ends, said by default; `--why` draws the attacks): which line of the board ran out of safe squares, which
//! queen attacks each of its squares, and the caption sentences that say so.
//!
//! Contract, for the tree searches only (backtrack fills columns left to right, grid and forward
//! fill rows):
//! - A dead-end frame is, for `backtrack` and `grid`, the frame after a placement whose next line
//!   (the first empty column, or row) has every square attacked; with `--detail checks` it is
//!   instead the frame of the check of that line's last square. For `forward` it is the frame of
//!   a `deadend` event. On it every square of the line is joined to one queen attacking it: the
//!   nearest (Chebyshev distance), ties to the leftmost, then the topmost (`--why` draws those
//!   links; the line is underlined by default). Its caption adds "column f: no safe square" ("row
//!   k" for rows; "rank k" on a puzzle's board, as its hints and rules say) under the step's own
//!   words.
//! - A removal marks the line that made the search turn back ([`DeadLine`], `here` false), in words
//!   true of the board after it: "column f had no safe square" when the board it was taken from
//!   had that line fully attacked; "column e: e3 tried, nothing else fit" when the line's safe
//!   squares there had all been tried (a cascade; the frame marks those squares as tried). For
//!   `backtrack` and `grid` the line is the first empty one; for `forward` the topmost dead row,
//!   else the row being filled (the tightest, topmost on ties). Removals after a solution keep
//!   their usual caption.

use super::Board;
use crate::trace::{column_label, Algorithm, Event, Square};

/// A line of the board: what a search fills one queen at a time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line {
    Column(usize),
    Row(usize),
}

impl Line {
    /// Its squares, top to bottom or left to right.
    pub fn squares(self, n: usize) -> impl Iterator<Item = Square> {
        (0..n).map(move |i| match self {
            Line::Column(col) => Square::new(i, col),
            Line::Row(row) => Square::new(row, i),
        })
    }

    /// "column f" or "row k", as captions name it (rank 1 at the bottom); "rank k" with `ranks`
    /// (a puzzle's board, whose hints and rules say rank).
    pub fn name(self, n: usize, ranks: bool) -> String {
        match self {
            Line::Column(col) => format!("column {}", column_label(col)),
            Line::Row(row) => format!("{} {}", if ranks { "rank" } else { "row" }, n - row),
        }
    }
}

/// A line with every square attacked, each square linked to one attacker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeadEnd {
    pub line: Line,
    /// (square, the queen drawn as attacking it), one per square of the line.
    pub links: Vec<(Square, Square)>,
}

/// Whether `--why` can explain runs of this algorithm (tree searches with a known filling order).
pub fn explains(kind: Option<Algorithm>) -> bool {
    matches!(kind, Some(Algorithm::Backtrack | Algorithm::Grid | Algorithm::Forward))
}

/// The dead end `event` leaves on `board` (the board after it), if this frame shows one.
pub fn dead_end(kind: Option<Algorithm>, board: &Board, event: Option<&Event>, checks: bool) -> Option<DeadEnd> {
    let n = board.n();
    let line = match (kind?, event?) {
        (Algorithm::Forward, Event::Deadend { row }) => Line::Row(*row),
        (Algorithm::Backtrack | Algorithm::Grid, event) => {
            let line = next_line(kind?, board)?;
            let last = line.squares(n).last()?;
            let decisive = match event {
                Event::Place { .. } => !checks,
                Event::Check { row, col, safe: false, .. } => checks && Square::new(*row, *col) == last,
                _ => false,
            };
            if !decisive || !fully_attacked(board, line) {
                return None;
            }
            line
        }
        _ => return None,
    };
    let links = line.squares(n).map(|sq| Some((sq, nearest_attacker(board, sq)?))).collect::<Option<_>>()?;
    Some(DeadEnd { line, links })
}

/// Why a line ran out: every square of it attacked, or its safe squares all tried.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cause {
    /// Every square of the line is attacked.
    Attacked,
    /// The line's safe squares (these, top to bottom or left to right) were all tried.
    Tried(Vec<Square>),
}

/// A line that ran out, as a frame shows it (see [`dead_line`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeadLine {
    /// The line.
    pub line: Line,
    /// Why it ran out.
    pub cause: Cause,
    /// Whether the frame's step ran it out (a dead-end frame); else the step is the removal the
    /// line caused, on a board that no longer holds the queen that ran it out.
    pub here: bool,
}

/// Why the queen on `removed` was taken off `board` (the board after the removal): the line that
/// ran out on the board before, and why (its safe squares there, when it had any, were all tried).
pub fn backtrack_cause(kind: Option<Algorithm>, board: &Board, removed: Square) -> Option<DeadLine> {
    let mut before = board.clone();
    before.place(removed).ok()?;
    let line = match kind? {
        Algorithm::Backtrack | Algorithm::Grid => next_line(kind?, &before)?,
        Algorithm::Forward => {
            let empty = || (0..before.n()).filter(|&r| !before.row_has_queen(r));
            let dead = empty().find(|&r| before.free_in_row(r) == 0);
            Line::Row(dead.or_else(|| empty().min_by_key(|&r| before.free_in_row(r)))?)
        }
        _ => return None,
    };
    let safe: Vec<Square> = line.squares(before.n()).filter(|&sq| !before.is_attacked(sq)).collect();
    let cause = if safe.is_empty() { Cause::Attacked } else { Cause::Tried(safe) };
    Some(DeadLine { line, cause, here: false })
}

/// The line a frame marks as run out: on a dead-end frame its line (every square attacked); on a
/// removal the line that made the search turn back (see [`backtrack_cause`]). A run of dead ends
/// on one line keeps the same mark from frame to frame.
pub fn dead_line(kind: Option<Algorithm>, board: &Board, event: Option<&Event>, checks: bool) -> Option<DeadLine> {
    if let Some(dead) = dead_end(kind, board, event, checks) {
        return Some(DeadLine { line: dead.line, cause: Cause::Attacked, here: true });
    }
    let Some(Event::Remove { row, col }) = event else { return None };
    backtrack_cause(kind, board, Square::new(*row, *col))
}

/// Most tried squares a reason names one by one; more are counted ("4 squares tried").
const NAMED_TRIED: usize = 3;

/// Why a frame's step happened, when a dead end explains it (said by default, with or without
/// `--why`), in words true of the board the frame shows: on the dead-end frame "column f: no safe
/// square" ("row 3" for rows, "rank 3" on a puzzle's board); on the removal right after it, whose
/// board no longer holds the queen that did it, "column f had no safe square"; on a removal
/// whose line's safe squares were all tried "column e: e3 tried, nothing else fit" (up to three
/// squares named, top to bottom, else "4 squares tried"). The caption gives it under the plain
/// action ("remove e3"). Short on purpose: every character of it costs GIF bytes on every dead end.
/// (The caption computes the step's facts once and calls [`reason_words`].)
#[cfg(test)]
pub fn why_reason(kind: Option<Algorithm>, board: &Board, event: Option<&Event>, checks: bool) -> Option<String> {
    dead_line(kind, board, event, checks).map(|dead| reason_words(&dead, board.n(), board.puzzle().is_some()))
}

/// The words of [`why_reason`] for `dead` on an n-board (`ranks`: a puzzle's board).
pub fn reason_words(dead: &DeadLine, n: usize, ranks: bool) -> String {
    let line = dead.line.name(n, ranks);
    match (&dead.cause, dead.here) {
        (Cause::Attacked, true) => format!("{line}: no safe square"),
        (Cause::Attacked, false) => format!("{line} had no safe square"),
        (Cause::Tried(tried), _) if tried.len() <= NAMED_TRIED => {
            let names: Vec<String> = tried.iter().map(|sq| sq.name(n)).collect();
            format!("{line}: {} tried, nothing else fit", names.join(", "))
        }
        (Cause::Tried(tried), _) => format!("{line}: {} squares tried, nothing else fit", tried.len()),
    }
}

/// The widest reasons dead ends can give on an n-board in runs of `kind`; none for runs that are
/// not explained. The caption band makes room for them (`puzzle`: rows are named as ranks).
pub fn widest_reasons(n: usize, kind: Option<Algorithm>, puzzle: bool) -> Vec<String> {
    if !explains(kind) {
        return Vec::new();
    }
    // The longest names: the last file, rank n.
    let widest = Square::new(0, n.saturating_sub(1));
    let tried = Cause::Tried(vec![widest; NAMED_TRIED.min(n).max(1)]);
    let lines = [Line::Column(n.saturating_sub(1)), Line::Row(0)];
    lines.iter().map(|&line| reason_words(&DeadLine { line, cause: tried.clone(), here: false }, n, puzzle)).collect()
}

/// The line a backtrack or grid search fills next: the first empty column, or row.
fn next_line(kind: Algorithm, board: &Board) -> Option<Line> {
    let n = board.n();
    match kind {
        Algorithm::Backtrack => (0..n).find(|&c| !board.col_has_queen(c)).map(Line::Column),
        _ => (0..n).find(|&r| !board.row_has_queen(r)).map(Line::Row),
    }
}

fn fully_attacked(board: &Board, line: Line) -> bool {
    line.squares(board.n()).all(|sq| !board.has_queen(sq) && board.is_attacked(sq))
}

/// The queen attacking `target` that is nearest (Chebyshev), then leftmost, then topmost.
fn nearest_attacker(board: &Board, target: Square) -> Option<Square> {
    let distance = |q: Square| q.row.abs_diff(target.row).max(q.col.abs_diff(target.col));
    board.queens().filter(|q| q.attacks(target)).min_by_key(|&q| (distance(q), q.col, q.row))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(n: usize, queens: &[(usize, usize)]) -> Board {
        let mut board = Board::new(n);
        for &(row, col) in queens {
            board.place(Square::new(row, col)).unwrap();
        }
        board
    }

    #[test]
    fn a_fully_attacked_next_column_is_a_dead_end_after_a_placement() {
        // 4x4, the run's first dead end: a4 and b2 attack all of column c.
        let b = board(4, &[(0, 0), (2, 1)]);
        let place = Event::Place { row: 2, col: 1 };
        let dead = dead_end(Some(Algorithm::Backtrack), &b, Some(&place), false).expect("column c is dead");
        assert_eq!(dead.line, Line::Column(2));
        assert_eq!(dead.links.len(), 4);
        for (square, attacker) in &dead.links {
            assert!(attacker.attacks(*square) && b.has_queen(*attacker));
        }
        // c4 only by a4; c3 only by b2; c2 by b2 (1 away) before a4 (2 away); c1 by b2.
        let attackers: Vec<Square> = dead.links.iter().map(|&(_, q)| q).collect();
        let (a4, b2) = (Square::new(0, 0), Square::new(2, 1));
        assert_eq!(attackers, [a4, b2, b2, b2]);
        let text = why_reason(Some(Algorithm::Backtrack), &b, Some(&place), false);
        assert_eq!(text.as_deref(), Some("column c: no safe square"));
        assert_eq!(dead_end(Some(Algorithm::Backtrack), &b, Some(&place), true), None, "checks decide instead");
        let last_check = Event::Check { row: 3, col: 2, safe: false, attacker: None };
        assert!(dead_end(Some(Algorithm::Backtrack), &b, Some(&last_check), true).is_some());
    }

    #[test]
    fn removals_name_the_line_that_ran_out() {
        let kind = Some(Algorithm::Backtrack);
        // The dead end above, then b2 comes off: column c was fully attacked.
        let after = board(4, &[(0, 0)]);
        let remove = Event::Remove { row: 2, col: 1 };
        assert_eq!(why_reason(kind, &after, Some(&remove), false).as_deref(), Some("column c had no safe square"));
        // b1 (row 3, col 1) comes off after its column c was tried out: c3 (row 1) was its one safe square.
        let after = board(4, &[(0, 0)]);
        let remove = Event::Remove { row: 3, col: 1 };
        let text = why_reason(kind, &after, Some(&remove), false);
        assert_eq!(text.as_deref(), Some("column c: c3 tried, nothing else fit"));
        let dead = dead_line(kind, &after, Some(&remove), false).unwrap();
        assert_eq!(dead.cause, Cause::Tried(vec![Square::new(1, 2)]));
        assert!(!dead.here);
        // A removal after a solution has no line left to blame.
        let full = board(4, &[(1, 0), (3, 1), (0, 2)]);
        assert_eq!(why_reason(kind, &full, Some(&Event::Remove { row: 2, col: 3 }), false), None);
    }

    #[test]
    fn forward_dead_ends_are_rows() {
        // a4 and c3 attack all of row 2.
        let b = board(4, &[(0, 0), (1, 2)]);
        let dead = dead_end(Some(Algorithm::Forward), &b, Some(&Event::Deadend { row: 2 }), false).unwrap();
        assert_eq!(dead.line, Line::Row(2));
        let text = why_reason(Some(Algorithm::Forward), &b, Some(&Event::Deadend { row: 2 }), false);
        assert_eq!(text.as_deref(), Some("row 2: no safe square"));
        let after = board(4, &[(0, 0)]);
        let remove = Event::Remove { row: 1, col: 2 };
        let text = why_reason(Some(Algorithm::Forward), &after, Some(&remove), false);
        assert_eq!(text.as_deref(), Some("row 2 had no safe square"));
    }

    #[test]
    fn a_puzzles_rows_are_ranks() {
        // The same dead end on a completion puzzle's board (one blocked square out of the way).
        let puzzle = crate::trace::puzzle_file::parse_puzzle(b"...#\n....\n....\n....\n").unwrap().puzzle;
        let mut b = Board::for_puzzle(4, Some(&puzzle)).unwrap();
        for (row, col) in [(0, 0), (1, 2)] {
            b.place(Square::new(row, col)).unwrap();
        }
        let text = why_reason(Some(Algorithm::Forward), &b, Some(&Event::Deadend { row: 2 }), false);
        assert_eq!(text.as_deref(), Some("rank 2: no safe square"));
        assert_eq!(widest_reasons(4, Some(Algorithm::Forward), true)[1], "rank 4: d4, d4, d4 tried, nothing else fit");
    }

    #[test]
    fn other_algorithms_are_not_explained() {
        assert!(!explains(Some(Algorithm::Shuffle)) && !explains(None) && explains(Some(Algorithm::Grid)));
        let b = board(4, &[(0, 0), (2, 1)]);
        let place = Event::Place { row: 2, col: 1 };
        assert_eq!(dead_end(Some(Algorithm::MinConflicts), &b, Some(&place), false), None);
    }
}
