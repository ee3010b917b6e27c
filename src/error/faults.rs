//! The faults an [`Error`](super::Error) carries: an event that cannot happen on its board
//! ([`TraceFault`]), a puzzle that cannot be ([`PuzzleFault`]), a frame list that selects nothing
//! usable ([`SelectError`]).
//!
//! Contract: like every error here, each message names what went wrong and what to do next.

use thiserror::Error;

/// An event that cannot happen on the board it is applied to. Squares are named chess-style with
/// their 0-based row and column.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
// Each variant has a sentence naming its fields, which are what its message shows; missing_docs
// is off for the fields only in effect (tests/it/surface.rs checks every variant has a sentence).
#[allow(missing_docs)]
pub enum TraceFault {
    /// Row `row`, column `col` is off the `n` x `n` board.
    #[error("row {row} col {col} is off the {n}x{n} board")]
    OffBoard { row: usize, col: usize, n: usize },
    /// The square already holds a queen.
    #[error("{square} already holds a queen")]
    Occupied { square: String },
    /// There is no queen on the square to remove.
    #[error("there is no queen on {square} to remove")]
    NoQueen { square: String },
    /// A solution lists `listed` queens on a board of `n`.
    #[error("solution lists {listed} queens, the board needs {n}")]
    SolutionLength { listed: usize, n: usize },
    /// The board holds `queens` queens when a solution is announced, not `n`.
    #[error("the board holds {queens} queens, a solution needs {n}")]
    SolutionQueens { queens: usize, n: usize },
    /// The solution puts column `col` at row `row`, the board does not.
    #[error("solution puts column {col} at row {row}, the board does not")]
    SolutionMismatch { col: usize, row: usize },
    /// Two queens of a solution (on squares `a` and `b`) attack each other.
    #[error("queens on {a} and {b} attack each other")]
    SolutionConflict { a: String, b: String },
    /// The event's caption sentence is `chars` characters long, more than `max`.
    #[error("its caption is {chars} characters long, more than {max}; shorten the event's text")]
    CaptionTooLong { chars: usize, max: usize },
    /// A layout lists `listed` queens on a board of `n`.
    #[error("layout lists {listed} queens for a {n}x{n} board")]
    LayoutLength { listed: usize, n: usize },
    /// A dead end names row `row`, off the `n` x `n` board.
    #[error("deadend row {row} is off the {n}x{n} board")]
    DeadendOffBoard { row: usize, n: usize },
    /// A dead end names row `row`, which still has a free square.
    #[error("deadend says row {row} has no free square, but it has")]
    DeadendWrong { row: usize },
    /// A check calls `square` safe (`safe`) when it is not, or the other way round.
    #[error("check says {square} is {}, but it is {}", verdict(*safe), verdict(!*safe))]
    CheckVerdict { square: String, safe: bool },
    /// A safe check names an attacker.
    #[error("a safe check cannot name an attacker")]
    SafeWithAttacker,
    /// A check names an attacker at row `row`, column `col`, where no queen stands.
    #[error("attacker row {row} col {col} holds no queen")]
    AttackerMissing { row: usize, col: usize },
    /// A check names an `attacker` that does not attack `square`.
    #[error("the queen on {attacker} does not attack {square}")]
    NotAttacking { attacker: String, square: String },
    /// A puzzle's event (named by `event`) in a trace that has no puzzle.
    #[error(
        "a {event} event belongs to a puzzle's run, but this trace has no \"puzzle\"; add the puzzle or drop the event"
    )]
    PuzzleEvent { event: &'static str },
    /// The trace's puzzle does not fit its board; `reason` says how.
    #[error("the trace's puzzle does not fit: {reason}")]
    PuzzleShape { reason: String },
    /// The event acts on `square`, which the puzzle blocks.
    #[error("{square} is blocked: no queen may stand there")]
    Blocked { square: String },
    /// The event takes off the given queen on `square`.
    #[error("the queen on {square} is given by the puzzle and cannot be removed")]
    GivenQueen { square: String },
    /// The event puts a queen on `square`, which was ruled out.
    #[error("{square} is ruled out: no queen may stand there until an undo reopens it")]
    RuledOut { square: String },
    /// The event rules out `square`, which is not open (`why`).
    #[error("{square} cannot be ruled out: it {why}")]
    NotOpen { square: String, why: &'static str },
    /// The event reopens `square`, which was not ruled out.
    #[error("{square} cannot be reopened: it is not ruled out")]
    NotRuledOut { square: String },
}

/// What is wrong at one place of a puzzle: a file's line and column, or a field of a puzzle
/// built in code or read from a trace.
// Each variant has a sentence naming its fields, which are what its message shows; missing_docs
// would ask for one more sentence per field.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
#[allow(missing_docs)]
pub enum PuzzleFault {
    /// The file holds no row of cells.
    #[error("the file holds no grid; write N lines of N cells (docs/guide/puzzles.md)")]
    Empty,
    /// The bytes are not UTF-8 text.
    #[error("the text is not UTF-8; save it as UTF-8 (iconv -t UTF-8)")]
    NotUtf8,
    /// The character `found` is not a cell, a space or a comment.
    #[error("'{}' is not a cell; use . (open), # (blocked), Q (a given queen) or a region letter A-Z, a-z", .found.escape_debug())]
    UnknownCharacter { found: char },
    /// A row holds `found` cells where the first holds `n`.
    #[error("this row has {found} cells, the first row has {n}; every row needs as many cells as the first")]
    Ragged { found: usize, n: usize },
    /// The file holds `found` rows of `n` cells: neither `n` nor (region puzzles) `2n`.
    #[error("the grid has {found} rows of {n} cells; a puzzle has {n} rows (a region puzzle may add a second block of {n} rows marking . # Q)")]
    RowCount { found: usize, n: usize },
    /// A row of `n` cells is wider than the largest puzzle, `max`.
    #[error("{n} cells a row is more than the largest puzzle, {max}x{max}")]
    TooBig { n: usize, max: usize },
    /// An `n` x `n` region puzzle names `found` regions.
    #[error("a {n}x{n} region puzzle needs {n} regions, this one has {found}")]
    RegionCount { n: usize, found: usize },
    /// The region `letter` comes after the `n`-th letter, `last`.
    #[error("region letter {letter} is past the board's {n} regions; name a {n}x{n} puzzle's regions A to {last}")]
    RegionLetter { letter: char, n: usize, last: char },
    /// A region letter in the second block (of marks).
    #[error("the second block marks squares with . # Q only; the region letters belong in the first block")]
    LetterInMarks,
    /// A mark (`.` or `#`) among the region letters.
    #[error("the first block of a region puzzle holds region letters only; mark . # Q in a second block of rows")]
    MarkInRegions,
    /// The given queen on `square` and the earlier one on `other` cannot both stand (`why`).
    #[error("the given queen on {square} attacks the given queen on {other} ({why}); a puzzle's givens must be a partial solution")]
    GivensAttack { square: String, other: String, why: &'static str },
    /// A puzzle of `n` x `n`: none, or past the largest, `max`.
    #[error("a {n}x{n} board; puzzles are 1x1 to {max}x{max}")]
    BoardSize { n: usize, max: usize },
    /// `found` regions listed for the board's `squares` squares.
    #[error("{found} regions listed for {squares} squares; list one region a square, row by row")]
    RegionSquares { found: usize, squares: usize },
    /// The square `square` is in region `region`, past the board's `n` regions.
    #[error("square {square} is in region {region}, past the board's {n} regions; number them 0 to {last}", last = n - 1)]
    RegionNumber { square: String, region: u8, n: usize },
    /// A square (row `row`, column `col`, from 0) off the `n` x `n` board.
    #[error("row {row}, column {col} is off the {n}x{n} board; rows and columns count from 0")]
    OffBoard { row: usize, col: usize, n: usize },
    /// The given queen on `square` stands on a blocked square.
    #[error(
        "the given queen on {square} stands on a blocked square; a square is open, blocked or a given, one of them"
    )]
    GivenBlocked { square: String },
}

fn verdict(safe: bool) -> &'static str {
    if safe {
        "safe"
    } else {
        "attacked"
    }
}

/// Why a frame list cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
// Each variant has a sentence naming its fields, which are what its message shows; missing_docs
// is off for the fields only in effect (tests/it/surface.rs checks every variant has a sentence).
#[allow(missing_docs)]
pub enum SelectError {
    /// The frame list item `item` is not a frame.
    #[error("frame item '{item}' is not a frame: use K, A-B (A <= B), A-, solutions or last, comma separated")]
    Malformed { item: String },
    /// The frame list item `item` is past the last frame, `last`.
    #[error("frame item '{item}' is past the last frame, {last}: use frames 0 to {last}")]
    PastLast { item: String, last: usize },
    /// The frame list `spec` selects no frame of a run whose last frame is `last`.
    #[error("the frame list '{spec}' selects no frame of this run (it has frames 0 to {last}); pick others")]
    Empty { spec: String, last: usize },
    /// The selection holds `selected` frames, more than the frame limit `limit` (frames drawn).
    #[error("{selected} frames are selected, more than the frame limit of {limit}; select fewer or raise the limit")]
    TooMany { selected: usize, limit: usize },
}
