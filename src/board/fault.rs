//! Why an event cannot happen on a board: the faults trace validation names.

use thiserror::Error;

/// An event that cannot happen on the board it is applied to. Squares are named chess-style with
/// their 0-based row and column.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum TraceFault {
    #[error("row {row} col {col} is off the {n}x{n} board")]
    OffBoard { row: usize, col: usize, n: usize },
    #[error("{square} already holds a queen")]
    Occupied { square: String },
    #[error("there is no queen on {square} to remove")]
    NoQueen { square: String },
    #[error("solution lists {listed} queens, the board needs {n}")]
    SolutionLength { listed: usize, n: usize },
    #[error("the board holds {queens} queens, a solution needs {n}")]
    SolutionQueens { queens: usize, n: usize },
    #[error("solution puts column {col} at row {row}, the board does not")]
    SolutionMismatch { col: usize, row: usize },
    #[error("queens on {a} and {b} attack each other")]
    SolutionConflict { a: String, b: String },
    #[error("layout lists {listed} queens for a {n}x{n} board")]
    LayoutLength { listed: usize, n: usize },
    #[error("deadend row {row} is off the {n}x{n} board")]
    DeadendOffBoard { row: usize, n: usize },
    #[error("deadend says row {row} has no free square, but it has")]
    DeadendWrong { row: usize },
    #[error("check says {square} is {}, but it is {}", verdict(*safe), verdict(!*safe))]
    CheckVerdict { square: String, safe: bool },
    #[error("a safe check cannot name an attacker")]
    SafeWithAttacker,
    #[error("attacker row {row} col {col} holds no queen")]
    AttackerMissing { row: usize, col: usize },
    #[error("the queen on {attacker} does not attack {square}")]
    NotAttacking { attacker: String, square: String },
}

fn verdict(safe: bool) -> &'static str {
    if safe {
        "safe"
    } else {
        "attacked"
    }
}
