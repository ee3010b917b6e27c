//! A puzzle's state on the board: its furniture (blocked squares, given queens, regions) and what
//! the run has marked so far (eliminated squares, guessed queens).
//!
//! Contract: blocked squares never hold a queen and are never free; givens are queens from frame
//! 0 that no event removes; in a region puzzle a queen attacks its row, its column, its region and
//! the 8 squares touching it (not the long diagonals), in a completion puzzle the usual queen lines.
//! `Eliminate` rules out open squares (neither a queen, blocked nor already ruled out), `Undo`
//! reopens ruled-out squares; `Guess` marks its queen as guessed until an `Undo` takes it off.
//! The squares a step rules out are new on its own frame only ([`ruled_out_by`]): the frame after
//! shows them as every other ruled-out square.

use crate::error::TraceFault;
use crate::trace::puzzle_furniture::Puzzle;
use crate::trace::{Event, Square};
use std::sync::Arc;

/// The squares `event` rules out (new on its frame: drawn in the accent colour there, see
/// `scene/puzzle_board.rs`); none for any other event.
pub fn ruled_out_by(event: Option<&Event>) -> &[Square] {
    match event {
        Some(Event::Eliminate { squares, .. }) => squares,
        _ => &[],
    }
}

/// The puzzle part of a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleState {
    puzzle: Arc<Puzzle>,
    /// Per square, row-major: blocked, given, ruled out, guessed queen.
    blocked: Vec<bool>,
    given: Vec<bool>,
    eliminated: Vec<bool>,
    guessed: Vec<bool>,
    /// Queens in each region (region puzzles).
    region_queens: Vec<u32>,
}

impl PuzzleState {
    /// The state before the first event, or what makes `puzzle` unusable on an n-board (its size,
    /// a region list of the wrong length, a blocked square or given off the board). Givens are
    /// not placed here: the board places them.
    pub fn new(n: usize, puzzle: &Puzzle) -> Result<Self, TraceFault> {
        let shape = |reason: String| Err(TraceFault::PuzzleShape { reason });
        if puzzle.n != n {
            return shape(format!("the puzzle is {}x{}, the trace's board {n}x{n}", puzzle.n, puzzle.n));
        }
        if puzzle.has_regions() && puzzle.regions.len() != n * n {
            return shape(format!("the puzzle lists {} regions for {} squares", puzzle.regions.len(), n * n));
        }
        let mut blocked = vec![false; n * n];
        let mut given = vec![false; n * n];
        for (list, marks, what) in
            [(&puzzle.blocked, &mut blocked, "blocked square"), (&puzzle.givens, &mut given, "given queen")]
        {
            for sq in list {
                if sq.row >= n || sq.col >= n {
                    return shape(format!("a {what} (row {}, col {}) is off the board", sq.row, sq.col));
                }
                marks[sq.row * n + sq.col] = true;
            }
        }
        if let Some(sq) = puzzle.givens.iter().find(|sq| blocked[sq.row * n + sq.col]) {
            return shape(format!("the given queen on {} stands on a blocked square", sq.name(n)));
        }
        let regions = puzzle.regions.iter().map(|&r| usize::from(r) + 1).max().unwrap_or(0);
        Ok(PuzzleState {
            puzzle: Arc::new(puzzle.clone()),
            blocked,
            given,
            eliminated: vec![false; n * n],
            guessed: vec![false; n * n],
            region_queens: vec![0; regions],
        })
    }

    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    fn at(&self, sq: Square) -> usize {
        sq.row * self.puzzle.n + sq.col
    }

    pub fn is_blocked(&self, sq: Square) -> bool {
        self.blocked[self.at(sq)]
    }

    pub fn is_given(&self, sq: Square) -> bool {
        self.given[self.at(sq)]
    }

    pub fn is_eliminated(&self, sq: Square) -> bool {
        self.eliminated[self.at(sq)]
    }

    pub fn is_guessed(&self, sq: Square) -> bool {
        self.guessed[self.at(sq)]
    }

    /// Queens standing in `sq`'s region (0 outside region puzzles).
    pub fn region_queens(&self, sq: Square) -> u32 {
        self.puzzle.region(sq).map_or(0, |r| self.region_queens[usize::from(r)])
    }

    /// A queen comes on (`delta` 1) or off (-1) `sq`: the region's count follows.
    pub(super) fn count_queen(&mut self, sq: Square, delta: i32) {
        if let Some(r) = self.puzzle.region(sq) {
            let count = &mut self.region_queens[usize::from(r)];
            *count = count.wrapping_add_signed(delta);
        }
    }

    /// Mark `sq` as holding a guessed queen, or not.
    pub(super) fn set_guessed(&mut self, sq: Square, guessed: bool) {
        let i = self.at(sq);
        self.guessed[i] = guessed;
    }

    /// Rule `sq` out, or reopen it; `false` when it already was (or was not).
    pub(super) fn set_eliminated(&mut self, sq: Square, eliminated: bool) -> bool {
        let i = self.at(sq);
        let changed = self.eliminated[i] != eliminated;
        self.eliminated[i] = eliminated;
        changed
    }

    /// True when a queen on `a` attacks `b` under this puzzle's rules.
    pub fn attacks(&self, a: Square, b: Square) -> bool {
        if !self.puzzle.has_regions() {
            return a.attacks(b);
        }
        a != b
            && (a.row == b.row
                || a.col == b.col
                || self.puzzle.region(a) == self.puzzle.region(b)
                || (a.row.abs_diff(b.row) <= 1 && a.col.abs_diff(b.col) <= 1))
    }
}

#[cfg(test)]
mod tests {
    use crate::board::{validate, Board, Replay};
    use crate::error::Error;
    use crate::error::TraceFault;
    use crate::trace::puzzle_furniture::{Puzzle, Rule};
    use crate::trace::{Event, Square, Trace};

    /// 4x4, regions by quadrant, d1 (3, 3) blocked, b4 (0, 1) given.
    fn regions() -> Puzzle {
        let regions = vec![0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3];
        Puzzle { n: 4, regions, blocked: vec![Square::new(3, 3)], givens: vec![Square::new(0, 1)] }
    }

    fn trace(events: Vec<Event>) -> Trace {
        Trace { puzzle: Some(regions()), ..Trace::new(4, "deduce", events) }
    }

    fn eliminate(squares: &[(usize, usize)]) -> Event {
        let squares = squares.iter().map(|&(r, c)| Square::new(r, c)).collect();
        Event::Eliminate { squares, rule: Rule::Neighbours, used: vec![], text: "x".into() }
    }

    #[test]
    fn furniture_stands_from_frame_0_and_regions_attack_without_long_diagonals() {
        let board = Board::for_puzzle(4, Some(&regions())).unwrap();
        let sq = Square::new;
        assert!(board.has_queen(sq(0, 1)), "the given");
        assert!(board.is_attacked(sq(1, 0)), "touching and same region");
        assert!(board.is_attacked(sq(3, 1)), "same column");
        assert!(!board.is_attacked(sq(2, 3)), "a long diagonal does not attack");
        assert!(!board.is_open(sq(3, 3)), "blocked");
        assert!(board.is_open(sq(2, 3)));
        let completion = Puzzle { regions: vec![], ..regions() };
        let board = Board::for_puzzle(4, Some(&completion)).unwrap();
        assert!(board.is_attacked(sq(2, 3)), "queens' diagonals in a completion puzzle");
    }

    #[test]
    fn eliminate_adds_undo_reopens_and_givens_stay() {
        let events = vec![
            eliminate(&[(1, 0), (1, 1)]),
            Event::Guess { row: 2, col: 3 },
            eliminate(&[(2, 0)]),
            Event::Undo { queens: vec![Square::new(2, 3)], reopened: vec![Square::new(2, 0)], text: "u".into() },
        ];
        let frames: Vec<_> = Replay::new(&trace(events.clone())).map(Result::unwrap).collect();
        let p = |k: usize| frames[k].board.puzzle().unwrap().clone();
        assert!(p(1).is_eliminated(Square::new(1, 1)));
        assert!(p(2).is_guessed(Square::new(2, 3)) && frames[2].board.has_queen(Square::new(2, 3)));
        assert!(p(3).is_eliminated(Square::new(2, 0)));
        assert!(!p(4).is_eliminated(Square::new(2, 0)) && p(4).is_eliminated(Square::new(1, 0)));
        assert!(!frames[4].board.has_queen(Square::new(2, 3)) && !p(4).is_guessed(Square::new(2, 3)));
        let counters = validate(&trace(events)).unwrap();
        assert_eq!((counters.eliminations, counters.guesses, counters.removals), (3, 1, 1));
    }

    #[test]
    fn impossible_puzzle_events_are_named() {
        let fault = |events: Vec<Event>| match validate(&trace(events)) {
            Err(Error::InvalidTrace { fault, .. }) => fault,
            other => panic!("{other:?}"),
        };
        assert!(matches!(fault(vec![Event::Remove { row: 0, col: 1 }]), TraceFault::GivenQueen { .. }));
        assert!(matches!(fault(vec![Event::Guess { row: 3, col: 3 }]), TraceFault::Blocked { .. }));
        assert!(matches!(fault(vec![eliminate(&[(0, 1)])]), TraceFault::NotOpen { why: "holds a queen", .. }));
        assert!(matches!(fault(vec![eliminate(&[(1, 0)]), eliminate(&[(1, 0)])]), TraceFault::NotOpen { .. }));
        assert!(matches!(
            fault(vec![
                eliminate(&[(1, 0)]),
                Event::Deduce { row: 1, col: 0, rule: Rule::LastSquare, used: vec![], text: "d".into() }
            ]),
            TraceFault::RuledOut { .. }
        ));
        let undo = Event::Undo { queens: vec![], reopened: vec![Square::new(2, 2)], text: "u".into() };
        assert!(matches!(fault(vec![undo]), TraceFault::NotRuledOut { .. }));
        let wrong_size = Trace { puzzle: Some(Puzzle { n: 5, ..regions() }), ..trace(vec![]) };
        assert!(matches!(
            validate(&wrong_size),
            Err(Error::InvalidTrace { event: 0, fault: TraceFault::PuzzleShape { .. } })
        ));
    }

    #[test]
    fn seeking_matches_replay_both_ways() {
        let mut events = vec![];
        for round in 0..40 {
            events.push(Event::Guess { row: 2, col: 3 });
            events.push(eliminate(&[(2, 0), (1, 2)]));
            let reopened = if round % 2 == 0 { vec![Square::new(2, 0), Square::new(1, 2)] } else { vec![] };
            if round % 2 == 1 {
                events.push(Event::Undo {
                    queens: vec![],
                    reopened: vec![Square::new(2, 0), Square::new(1, 2)],
                    text: "r".into(),
                });
            }
            events.push(Event::Undo { queens: vec![Square::new(2, 3)], reopened, text: "u".into() });
        }
        let trace = trace(events);
        let frames: Vec<_> = Replay::new(&trace).map(Result::unwrap).collect();
        let mut seeker = crate::board::seek::FrameSeeker::with_interval(&trace, 7).unwrap();
        for k in (0..frames.len()).rev().chain([3, 50, 2, 77, 0]) {
            seeker.seek(k);
            assert_eq!(seeker.frame().board, frames[k].board, "frame {k}");
        }
    }
}
