//! The pseudocode texts `--code` shows, one per algorithm, in the seeds' own terms and written to
//! be read aloud: what each line does, and which [`Step`] of a run executes it.
//!
//! Contract: at most 13 lines of at most 36 characters each (indent levels are drawn, not typed);
//! every step an algorithm's runs produce names exactly one line; steps it never produces name
//! none (a trace from outside with odd events then highlights nothing).

use super::{Line, Listing, Step};
use crate::trace::Algorithm;

const fn line(indent: u8, text: &'static str, step: Option<Step>) -> Line {
    Line { indent, text, step }
}

/// The blog post's `placeQueens`: a safe square of the first free column, recurse, undo on failure.
const BACKTRACK: &[Line] = &[
    line(0, "placeQueens(column):", Some(Step::Start)),
    line(1, "if no column is left:", None),
    line(2, "all N queens placed: a solution", Some(Step::Solution)),
    line(2, "return success", None),
    line(1, "if no square of column is safe:", Some(Step::DeadEnd)),
    line(2, "return failure", None),
    line(1, "for each row, top to bottom:", None),
    line(2, "if (row, column) is safe:", Some(Step::Check)),
    line(3, "place a queen there", Some(Step::Place)),
    line(3, "if placeQueens(column + 1):", None),
    line(4, "return success", None),
    line(3, "remove the queen", Some(Step::Remove)),
    line(1, "return failure", None),
];

/// Seed 004's scan: squares in reading order, a queen on the next free one, back at a row's end.
const GRID: &[Line] = &[
    line(0, "scan the board row by row:", Some(Step::Start)),
    line(1, "square = the top-left square", None),
    line(1, "repeat:", None),
    line(2, "if no queen attacks square:", Some(Step::Check)),
    line(3, "place a queen on square", Some(Step::Place)),
    line(3, "show Q, free . and attacked ~", None),
    line(3, "if every row has a queen:", None),
    line(4, "print the solution", Some(Step::Solution)),
    line(3, "square = start of the next row", None),
    line(2, "else if the row has no safe square:", Some(Step::DeadEnd)),
    line(3, "remove the last queen", Some(Step::Remove)),
    line(3, "square = the one after hers", None),
    line(2, "else: square = the next square", None),
];

/// Seed 002's look-ahead: free counts per empty row, the tightest row first.
const FORWARD: &[Line] = &[
    line(0, "fill():", Some(Step::Start)),
    line(1, "if every row has a queen:", None),
    line(2, "record a solution", Some(Step::Solution)),
    line(2, "return", None),
    line(1, "row = the empty row with the", None),
    line(2, "fewest safe squares", None),
    line(1, "for each square of row, left first:", None),
    line(2, "if the square is safe:", Some(Step::Check)),
    line(3, "place a queen; count safe again", Some(Step::Place)),
    line(3, "if an empty row has no safe square:", Some(Step::DeadEnd)),
    line(4, "dead end: do not go deeper", None),
    line(3, "else: fill()", None),
    line(3, "remove the queen", Some(Step::Remove)),
];

/// Seed 000's filter: every ordering of the rows, kept when no diagonal sums above 1.
const PERMUTATIONS: &[Line] = &[
    line(0, "for each ordering p of rows 1..N:", Some(Step::Start)),
    line(1, "queen k goes on row p(k)", Some(Step::Layout)),
    line(1, "for each diagonal, both ways:", None),
    line(2, "sum the queens on it", None),
    line(1, "if no sum is above 1:", None),
    line(2, "keep it: a solution", Some(Step::Solution)),
];

/// Seed 003's exercise: shuffle the rows and test, until enough solutions turned up.
const SHUFFLE: &[Line] = &[
    line(0, "rows = 1, 2, ..., N: one per column", Some(Step::Start)),
    line(0, "repeat:", None),
    line(1, "shuffle the rows at random", Some(Step::Layout)),
    line(1, "if no two queens share a diagonal", None),
    line(2, "and it is new: a solution", Some(Step::Solution)),
    line(0, "until enough solutions are found", None),
];

/// The repair loop: a greedy start, then the attacked queen moves to her least attacked row.
const MIN_CONFLICTS: &[Line] = &[
    line(0, "for each column, left to right:", Some(Step::Start)),
    line(1, "its queen takes the row that", None),
    line(2, "the fewest queens attack", Some(Step::Layout)),
    line(0, "while two queens attack each other:", None),
    line(1, "pick an attacked queen at random", None),
    line(1, "move her to the least attacked", Some(Step::Move)),
    line(2, "row (at times a random one)", None),
    line(0, "no queen attacked: a solution", Some(Step::Solution)),
];

/// The region puzzles' rule solver: deductions first, a guess only when no rule applies, undone
/// when a line or region runs out of open squares.
const DEDUCE: &[Line] = &[
    line(0, "solve(puzzle):", Some(Step::Start)),
    line(1, "repeat:", None),
    line(2, "if a line or region has no open", None),
    line(3, "square left: go to undo", None),
    line(2, "if every region has its queen:", None),
    line(3, "record a solution", Some(Step::Solution)),
    line(2, "else if a rule applies:", None),
    line(3, "cross out the squares it rules out", Some(Step::Eliminate)),
    line(3, "or place the queen it forces", Some(Step::Deduce)),
    line(2, "else: guess a queen, open square", Some(Step::Guess)),
    line(1, "undo: back to before the last guess", Some(Step::Undo)),
    line(2, "and rule out the guessed square", Some(Step::Refute)),
];

/// The listing `--code` shows for `algorithm` (`None`: it has none, and `--code` is refused).
pub fn listing(algorithm: Algorithm) -> Option<Listing> {
    let (lines, variables): (&'static [Line], &'static [&'static str]) = match algorithm {
        Algorithm::Backtrack => (BACKTRACK, &["column", "row", "queens", "solutions"]),
        Algorithm::Grid => (GRID, &["row", "square", "queens", "solutions"]),
        Algorithm::Forward => (FORWARD, &["row", "column", "fewest safe", "dead ends"]),
        Algorithm::Permutations => (PERMUTATIONS, &["ordering", "most on a diagonal", "kept"]),
        Algorithm::Shuffle => (SHUFFLE, &["tries", "attacking pairs", "solutions"]),
        Algorithm::MinConflicts => (MIN_CONFLICTS, &["moves", "queen moved", "attacking pairs"]),
        Algorithm::Deduce => (DEDUCE, &["queens", "rule", "queens removed"]),
    };
    Some(Listing { algorithm, lines, variables })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn listings_are_short_and_map_each_step_once() {
        for algorithm in Algorithm::ALL.into_iter().chain([Algorithm::Deduce]) {
            let listing = listing(algorithm).expect("every algorithm has a listing");
            assert!(listing.lines.len() <= 15, "{algorithm}: {} lines", listing.lines.len());
            for line in listing.lines {
                assert!(line.text.chars().count() <= 36, "{algorithm}: '{}' is long", line.text);
                assert!(line.indent <= 4, "{algorithm}: '{}'", line.text);
            }
            for step in Step::ALL {
                let lines = listing.lines.iter().filter(|l| l.step == Some(step)).count();
                assert!(lines <= 1, "{algorithm}: {step:?} on {lines} lines");
            }
            assert_eq!(listing.line_of(Step::Start), Some(0), "{algorithm}: frame 0 on the first line");
            assert!(listing.line_of(Step::Solution).is_some(), "{algorithm}");
        }
    }

    #[test]
    fn a_region_puzzle_run_highlights_the_rule_solver_lines() {
        use crate::board::Replay;
        use crate::trace::{Event, Square, Trace, VecRecorder};
        let text = b"AAABBB\nAACBBB\nAAABBB\nADAEFF\nDDDDFF\nDDDDDD\n";
        let puzzle = crate::trace::puzzle_file::parse_puzzle(text).unwrap().puzzle;
        let mut options = crate::solve::SolveOptions::new(6);
        options.algorithm = Algorithm::Deduce;
        let mut rec = VecRecorder::with_limit(10_000);
        crate::solve::puzzle::run(&options, &puzzle, &mut rec).unwrap();
        let mut trace = Trace::new(6, "deduce", rec.events);
        trace.puzzle = Some(puzzle);
        let listing = listing(Algorithm::Deduce).expect("the rule solver has a listing");
        let mut kinds = std::collections::BTreeSet::new();
        // (The replay knows the puzzle: a region puzzle's solution, whose queens may share
        // diagonals, replays too.)
        for frame in Replay::new(&trace).map_while(Result::ok) {
            let view = listing.view(&frame, false);
            let text = listing.lines[view.line.expect("a line")].text;
            let want = match &frame.event {
                None => "solve(puzzle):",
                Some(Event::Eliminate { .. }) => "cross out the squares it rules out",
                Some(Event::Deduce { .. }) => "or place the queen it forces",
                Some(Event::Solution { .. }) => "record a solution",
                other => panic!("a rules-only puzzle took {other:?}"),
            };
            assert_eq!(text, want, "frame {}", frame.index);
            assert_eq!(view.values.len(), 3);
            kinds.insert(want);
        }
        assert_eq!(kinds.len(), 4, "{kinds:?}");
        // Guesses, undos and refuted guesses, on frames of their own.
        let sq = Square::new(0, 0);
        for (event, words) in [
            (Event::Guess { row: 0, col: 0 }, "else: guess a queen, open square"),
            (Event::Solution { queens: vec![0; 6] }, "record a solution"),
            (
                Event::Undo { queens: vec![sq], reopened: vec![], text: "t".into() },
                "undo: back to before the last guess",
            ),
            (
                Event::Eliminate {
                    squares: vec![sq],
                    rule: crate::trace::puzzle_furniture::Rule::Guess,
                    used: vec![sq],
                    text: "t".into(),
                },
                "and rule out the guessed square",
            ),
        ] {
            let board = crate::board::Board::new(6);
            let frame = crate::board::BoardFrame {
                index: 1,
                total: 1,
                event: Some(event),
                board,
                counters: Default::default(),
            };
            let line = listing.view(&frame, false).line.expect("a line");
            assert_eq!(listing.lines[line].text, words);
        }
    }
}
