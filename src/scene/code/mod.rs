//! The algorithm's code beside the board (`--code`): which pseudocode line a frame executes and
//! the values of the algorithm's variables after it.
//!
//! Contract: every frame is one [`Step`]: frame 0 is [`Step::Start`], a frame where a line of the
//! board runs out of safe squares is [`Step::DeadEnd`] (exactly the frames `--why` and
//! `--deadend-hold` call dead ends: see `crate::board::deadend::dead_end`), any other frame the
//! kind of its event. Each algorithm's [`Listing`] names one line per step its runs produce
//! (`listings`), so a frame highlights exactly one line. Variables are derived from the frame
//! alone (the board after the event, the event, the counters), so a stream shows them too; a value
//! with no meaning on a frame reads `–`. Traces whose algorithm is not one of ours have no listing.

mod listings;
pub mod panel;

pub use listings::listing;

use crate::board::deadend::dead_end;
use crate::board::{Board, BoardFrame};
use crate::solve::puzzle::deduce::rule_name;
use crate::trace::puzzle_furniture::Rule;
use crate::trace::{column_label, Algorithm, Event, Square};

/// What a frame does, as the code panel sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// Frame 0: the empty board, the search about to start.
    Start,
    /// A square examined (`check`).
    Check,
    /// A queen put on a square.
    Place,
    /// A queen taken off (a backtrack).
    Remove,
    /// A line of the board has no safe square left.
    DeadEnd,
    /// A solution recorded.
    Solution,
    /// A whole layout tried (permutations, shuffle, min-conflicts' start).
    Layout,
    /// A queen moved (min-conflicts).
    Move,
    /// Puzzle: squares crossed out by a rule.
    Eliminate,
    /// Puzzle: a queen a rule forces.
    Deduce,
    /// Puzzle: a queen guessed.
    Guess,
    /// Puzzle: back to before the last guess.
    Undo,
    /// Puzzle: the failed guess's square ruled out.
    Refute,
}

impl Step {
    /// Every step, in the order the panel's tests walk them.
    pub const ALL: [Step; 13] = [
        Step::Start,
        Step::Check,
        Step::Place,
        Step::Remove,
        Step::DeadEnd,
        Step::Solution,
        Step::Layout,
        Step::Move,
        Step::Eliminate,
        Step::Deduce,
        Step::Guess,
        Step::Undo,
        Step::Refute,
    ];

    /// The step `frame` shows in a run of `algorithm` (`checks`: the run records checks).
    pub fn of(algorithm: Algorithm, frame: &BoardFrame, checks: bool) -> Step {
        let event = frame.event.as_ref();
        if dead_end(Some(algorithm), &frame.board, event, checks).is_some() {
            return Step::DeadEnd;
        }
        match event {
            None => Step::Start,
            Some(Event::Check { .. }) => Step::Check,
            Some(Event::Place { .. }) => Step::Place,
            Some(Event::Remove { .. }) => Step::Remove,
            Some(Event::Deadend { .. }) => Step::DeadEnd,
            Some(Event::Solution { .. }) => Step::Solution,
            Some(Event::Layout { .. }) => Step::Layout,
            Some(Event::Move { .. }) => Step::Move,
            Some(Event::Deduce { .. }) => Step::Deduce,
            Some(Event::Guess { .. }) => Step::Guess,
            Some(Event::Undo { .. }) => Step::Undo,
            Some(Event::Eliminate { rule: Rule::Guess, .. }) => Step::Refute,
            Some(Event::Eliminate { .. }) => Step::Eliminate,
        }
    }
}

/// One line of pseudocode: its indent level, its words, and the step that executes it (if any).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line {
    /// Indent level (0 = flush left).
    pub indent: u8,
    /// The line's words.
    pub text: &'static str,
    /// The step that executes this line, if any.
    pub step: Option<Step>,
}

/// An algorithm's pseudocode and the names of the variables shown under it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Listing {
    /// The algorithm this pseudocode describes.
    pub algorithm: Algorithm,
    /// The pseudocode, top to bottom.
    pub lines: &'static [Line],
    /// The names of the variables shown under the code.
    pub variables: &'static [&'static str],
}

/// What the panel shows of one frame: the highlighted line and the variables' values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodeView {
    /// The step this frame shows.
    pub step: Step,
    /// Index into [`Listing::lines`]; `None` when the algorithm never takes this step.
    pub line: Option<usize>,
    /// One value per [`Listing::variables`] entry.
    pub values: Vec<String>,
}

/// What a variable with no meaning on this frame reads.
pub const NO_VALUE: &str = "–";

impl Listing {
    /// The line `step` executes, if this algorithm takes it.
    pub fn line_of(&self, step: Step) -> Option<usize> {
        self.lines.iter().position(|line| line.step == Some(step))
    }

    /// The panel's view of `frame` (`checks`: the run records checks).
    pub fn view(&self, frame: &BoardFrame, checks: bool) -> CodeView {
        let step = Step::of(self.algorithm, frame, checks);
        CodeView { step, line: self.line_of(step), values: values(self.algorithm, frame, step) }
    }

    /// The widest value each variable can show on an n-board (the panel makes room for them);
    /// `digits`: the most digits a counter of the run can have.
    pub fn widest_values(&self, n: usize, digits: usize) -> Vec<String> {
        let number = "9".repeat(digits.max(2));
        let square = Square::new(0, n.saturating_sub(1)).name(n);
        self.variables
            .iter()
            .map(|&name| match name {
                "column" => column_label(n.saturating_sub(1)),
                "row" => n.to_string(),
                "square" => square.clone(),
                "queens" => n.to_string(),
                "rule" => "regions-in-lines".to_string(),
                "fewest safe" => format!("{n} in row {n}"),
                "ordering" => format!("{number} of {}", factorial_text(n)),
                "most on a diagonal" => n.to_string(),
                "queen moved" => format!("{square} → {square}"),
                _ => number.clone(),
            })
            .collect()
    }
}

impl Listing {
    /// The panel as text lines: each code line after `marker` (the highlighted one) or as many
    /// spaces, two spaces per indent level; an empty line; each variable as `name: value`.
    pub fn text_lines(&self, view: &CodeView, marker: &str) -> Vec<String> {
        let blank = " ".repeat(marker.chars().count());
        let mut lines: Vec<String> = self
            .lines
            .iter()
            .enumerate()
            .map(|(i, line)| {
                let mark = if view.line == Some(i) { marker } else { blank.as_str() };
                format!("{mark} {}{}", "  ".repeat(line.indent as usize), line.text)
            })
            .collect();
        lines.push(String::new());
        let names = self.variables.iter().map(|name| name.chars().count()).max().unwrap_or(0);
        for (name, value) in self.variables.iter().zip(&view.values) {
            lines.push(format!("{blank} {name:<names$}  {value}"));
        }
        lines
    }
}

/// N! written out up to 12 (479001600), "N!" beyond.
fn factorial_text(n: usize) -> String {
    if n <= 12 {
        (1..=n as u64).product::<u64>().to_string()
    } else {
        format!("{n}!")
    }
}

/// The variables' values after `frame`, in the order of the algorithm's listing.
fn values(algorithm: Algorithm, frame: &BoardFrame, step: Step) -> Vec<String> {
    let board = &frame.board;
    let n = board.n();
    let c = frame.counters;
    let event = frame.event.as_ref();
    let square = event.and_then(Event::square);
    let or_none = |value: Option<String>| value.unwrap_or_else(|| NO_VALUE.to_string());
    let rank = |row: usize| (n - row).to_string();
    let queens = board.queens().count().to_string();
    match algorithm {
        Algorithm::Backtrack => {
            let column = match step {
                Step::DeadEnd | Step::Start => (0..n).find(|&c| !board.col_has_queen(c)),
                _ => square.map(|sq| sq.col),
            };
            let row = square.filter(|_| step != Step::DeadEnd).map(|sq| rank(sq.row));
            vec![or_none(column.map(column_label)), or_none(row), queens, c.solutions.to_string()]
        }
        Algorithm::Grid => {
            let row = match step {
                Step::DeadEnd | Step::Start => (0..n).find(|&r| !board.row_has_queen(r)),
                _ => square.map(|sq| sq.row),
            };
            let named = square.filter(|_| step != Step::DeadEnd).map(|sq| sq.name(n));
            vec![or_none(row.map(rank)), or_none(named), queens, c.solutions.to_string()]
        }
        Algorithm::Forward => {
            let row = match event {
                Some(Event::Deadend { row }) => Some(*row),
                _ => square.map(|sq| sq.row),
            };
            let column = square.map(|sq| column_label(sq.col));
            vec![or_none(row.map(rank)), or_none(column), or_none(fewest_free(board)), c.deadends.to_string()]
        }
        Algorithm::Permutations => {
            let ordering = format!("{} of {}", c.layouts, factorial_text(n));
            let shown = frame.index > 0;
            let most = shown.then(|| most_on_a_diagonal(board).to_string());
            vec![if shown { ordering } else { NO_VALUE.to_string() }, or_none(most), c.solutions.to_string()]
        }
        Algorithm::Shuffle => {
            vec![c.layouts.to_string(), board.conflicts().len().to_string(), c.solutions.to_string()]
        }
        Algorithm::MinConflicts => {
            let moved = match event {
                Some(Event::Move { from, to }) => Some(format!("{} → {}", from.name(n), to.name(n))),
                _ => None,
            };
            vec![c.moves.to_string(), or_none(moved), board.conflicts().len().to_string()]
        }
        Algorithm::Deduce => {
            let rule = match event {
                Some(Event::Eliminate { rule, .. } | Event::Deduce { rule, .. }) => Some(rule_name(*rule).to_string()),
                Some(Event::Guess { .. }) => Some("guess".to_string()),
                _ => None,
            };
            vec![queens, or_none(rule), c.removals.to_string()]
        }
    }
}

/// "k in row r": the fewest free squares of an empty row, topmost on ties (forward's next row).
fn fewest_free(board: &Board) -> Option<String> {
    let n = board.n();
    let row = (0..n).filter(|&r| !board.row_has_queen(r)).min_by_key(|&r| board.free_in_row(r))?;
    Some(format!("{} in row {}", board.free_in_row(row), n - row))
}

/// The most queens on one diagonal or anti-diagonal (seed 000's largest diagonal sum).
fn most_on_a_diagonal(board: &Board) -> usize {
    let n = board.n();
    let (mut diagonals, mut antis) = (vec![0usize; 2 * n], vec![0usize; 2 * n]);
    for sq in board.queens() {
        diagonals[sq.row + n - sq.col] += 1;
        antis[sq.row + sq.col] += 1;
    }
    diagonals.into_iter().chain(antis).max().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Replay;
    use crate::solve::{record, Detail, SolveOptions};

    #[test]
    fn a_backtrack_run_highlights_the_line_of_each_step() {
        let mut options = SolveOptions::new(4);
        options.detail = Detail::Checks;
        let trace = record(&options, 10_000).unwrap();
        let listing = listing(Algorithm::Backtrack).unwrap();
        let mut seen = std::collections::HashSet::new();
        for frame in Replay::new(&trace) {
            let frame = frame.unwrap();
            let view = listing.view(&frame, true);
            let line = listing.lines[view.line.expect("backtrack takes every step it records")];
            seen.insert(view.step);
            let want = match view.step {
                Step::Start => "placeQueens",
                Step::Check => "is safe",
                Step::Place => "place a queen",
                Step::Remove => "remove the queen",
                Step::DeadEnd => "no square of column is safe",
                Step::Solution => "a solution",
                other => panic!("backtrack took {other:?}"),
            };
            assert!(line.text.contains(want), "frame {}: {:?} on '{}'", frame.index, view.step, line.text);
            assert_eq!(view.values.len(), listing.variables.len());
        }
        assert_eq!(seen.len(), 6, "4x4 with checks takes every backtracking step: {seen:?}");
    }

    #[test]
    fn widest_values_cover_the_values_shown() {
        assert_eq!(factorial_text(8), "40320");
        assert_eq!(factorial_text(13), "13!");
        let board = {
            let mut b = Board::new(5);
            for (r, c) in [(0, 0), (1, 1), (2, 2), (4, 3)] {
                b.place(Square::new(r, c)).unwrap();
            }
            b
        };
        assert_eq!(most_on_a_diagonal(&board), 3);
        assert_eq!(fewest_free(&board).as_deref(), Some("0 in row 2"));
    }
}
