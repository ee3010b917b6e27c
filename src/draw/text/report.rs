//! Terminal reports: solutions as boards of `Q` and `.` (the style of seed 004).

use crate::board::Board;
use std::fmt::Write;
use std::time::Duration;

/// Boards wider than this are printed as their queens list instead of a grid.
pub const MAX_TEXT_BOARD: usize = 40;

/// Each solution with its number and its queens as ranks from the bottom (the QUEENS list `board`
/// takes; a grid follows for small boards), then the count and the time taken.
pub fn solutions_text(n: usize, solutions: &[Vec<usize>], elapsed: Duration) -> String {
    let mut out = String::new();
    for (i, queens) in solutions.iter().enumerate() {
        out.push_str(&solution_text(n, i + 1, queens));
    }
    out.push_str(&solutions_summary(n, solutions.len(), elapsed));
    out
}

/// One solution as [`solutions_text`] writes it: `solution <number>: <ranks>` (from the bottom, the
/// QUEENS list `board` takes), the board (up to `MAX_TEXT_BOARD` columns), an empty line.
pub fn solution_text(n: usize, number: usize, queens: &[usize]) -> String {
    let mut out = String::new();
    let rows: Vec<String> = queens.iter().map(|r| (n - r).to_string()).collect();
    let _ = writeln!(out, "solution {number}: {}", rows.join(" "));
    if n <= MAX_TEXT_BOARD {
        if let Ok(board) = Board::from_queens(n, queens) {
            out.push_str(&board.to_text(false));
        }
    }
    out.push('\n');
    out
}

/// The last line of [`solutions_text`]: `<count> solutions of <n>x<n> in <seconds> s`.
pub fn solutions_summary(n: usize, count: usize, elapsed: Duration) -> String {
    let noun = if count == 1 { "solution" } else { "solutions" };
    format!("{count} {noun} of {n}x{n} in {:.3} s\n", elapsed.as_secs_f64())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_board_matches_seed_style() {
        let text = solutions_text(4, &[vec![1, 3, 0, 2]], Duration::from_millis(1));
        assert!(text.starts_with("solution 1: 3 1 4 2\n. . Q .\nQ . . .\n. . . Q\n. Q . .\n"), "{text}");
        assert!(text.contains("1 solution of 4x4"));
    }
}
