//! Replays a trace frame by frame, validating each event.
//!
//! Contract: frame 0 is the empty board, frame k the board after events 1..=k; the first event
//! that cannot happen stops the replay with [`Error::InvalidTrace`] naming it (1-based).

use super::{Board, MAX_REPLAY_N};
use crate::error::Error;
use crate::trace::puzzle_furniture::Puzzle;
use crate::trace::{Event, Trace};

/// Running totals shown in captions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    /// Queens put on the board (place events, and the queens of layouts).
    pub placements: u64,
    /// Queens taken off (backtracks).
    pub removals: u64,
    /// Solutions announced.
    pub solutions: u64,
    /// Squares examined (check events).
    pub checks: u64,
    /// Whole layouts tried (shuffle, permutations).
    pub layouts: u64,
    /// Queens moved (min-conflicts).
    pub moves: u64,
    /// Dead ends announced (forward checking).
    pub deadends: u64,
    /// Puzzle: queens guessed.
    pub guesses: u64,
    /// Puzzle: squares ruled out (by every `eliminate` so far, reopened ones included).
    pub eliminations: u64,
}

impl Counters {
    pub(crate) fn count(&mut self, event: &Event) {
        match event {
            Event::Place { .. } => self.placements += 1,
            Event::Remove { .. } => self.removals += 1,
            Event::Solution { .. } => self.solutions += 1,
            Event::Check { .. } => self.checks += 1,
            Event::Layout { tries, .. } => self.layouts = tries.unwrap_or(self.layouts.saturating_add(1)),
            Event::Move { .. } => self.moves += 1,
            Event::Deadend { .. } => self.deadends += 1,
            Event::Deduce { .. } => self.placements += 1,
            Event::Guess { .. } => {
                self.placements += 1;
                self.guesses += 1;
            }
            Event::Undo { queens, .. } => self.removals += queens.len() as u64,
            Event::Eliminate { squares, .. } => self.eliminations += squares.len() as u64,
        }
    }
}

/// Everything one frame shows: the board after the first `index` events, and the event that led here.
#[derive(Clone, Debug)]
pub struct BoardFrame {
    /// Frame number, 0 = empty board.
    pub index: usize,
    /// Total events in the run, so frame `index` is "step index of total" (0 when unknown).
    pub total: usize,
    /// The event this frame shows the result of (`None` for frame 0).
    pub event: Option<Event>,
    /// The board after the event.
    pub board: Board,
    /// Totals after the event.
    pub counters: Counters,
}

/// Board and counters after some events; applies the next one or names why it cannot happen.
#[derive(Clone, Debug)]
struct Snapshot {
    board: Board,
    counters: Counters,
    /// Why the puzzle's furniture cannot stand on the board (reported as frame 0's fault).
    unusable: Option<super::TraceFault>,
}

impl Snapshot {
    fn new(n: usize, puzzle: Option<&Puzzle>) -> Self {
        let (board, unusable) = match Board::for_puzzle(n, puzzle) {
            Ok(board) => (board, None),
            Err(fault) => (Board::new(n), Some(fault)),
        };
        Snapshot { board, counters: Counters::default(), unusable }
    }

    /// Apply `event` (frame `index`); the frame it leads to.
    fn step(&mut self, index: usize, total: usize, event: Option<Event>) -> Result<BoardFrame, super::TraceFault> {
        if let Some(fault) = self.unusable.take() {
            return Err(fault);
        }
        if let Some(event) = &event {
            self.board.apply(event)?;
            self.counters.count(event);
        }
        Ok(BoardFrame { index, total, event, board: self.board.clone(), counters: self.counters })
    }
}

/// Replays a trace frame by frame, validating each event.
pub struct Replay<'a> {
    trace: &'a Trace,
    state: Snapshot,
    next: usize,
}

impl<'a> Replay<'a> {
    /// Replays `trace` from the empty board, one frame per event after frame 0.
    pub fn new(trace: &'a Trace) -> Self {
        Replay { trace, state: Snapshot::new(trace.n, trace.puzzle.as_ref()), next: 0 }
    }
}

impl Iterator for Replay<'_> {
    type Item = Result<BoardFrame, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        let index = self.next;
        if index > self.trace.events.len() {
            return None;
        }
        self.next += 1;
        let event = index.checked_sub(1).map(|i| self.trace.events[i].clone());
        let frame = self.state.step(index, self.trace.events.len(), event);
        if frame.is_err() {
            self.next = usize::MAX;
        }
        Some(frame.map_err(|fault| Error::InvalidTrace { event: index, fault }))
    }
}

/// Replays a stream of events (each with the line it came from) frame by frame, validating each;
/// an event that cannot happen is named by its line. `total` is the number of events when known
/// (0 otherwise: [`BoardFrame::total`] is then 0).
pub struct StreamReplay<I> {
    events: I,
    state: Snapshot,
    total: usize,
    next: usize,
    done: bool,
}

impl<I: Iterator<Item = Result<(usize, Event), Error>>> StreamReplay<I> {
    pub fn new(n: usize, total: Option<usize>, events: I) -> Self {
        StreamReplay { events, state: Snapshot::new(n, None), total: total.unwrap_or(0), next: 0, done: false }
    }

    /// The same replay with `puzzle`'s furniture on the board from frame 0.
    pub fn with_puzzle(mut self, puzzle: Option<&Puzzle>) -> Self {
        self.state = Snapshot::new(self.state.board.n(), puzzle);
        self
    }
}

impl<I: Iterator<Item = Result<(usize, Event), Error>>> Iterator for StreamReplay<I> {
    type Item = Result<BoardFrame, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let index = self.next;
        self.next += 1;
        let (line, event) = if index == 0 {
            (0, None)
        } else {
            match self.events.next()? {
                Ok((line, event)) => (line, Some(event)),
                Err(e) => {
                    self.done = true;
                    return Some(Err(e));
                }
            }
        };
        let frame = self.state.step(index, self.total, event);
        self.done = frame.is_err();
        Some(frame.map_err(|fault| Error::TraceLine { line, reason: fault.to_string() }))
    }
}

/// Check a whole trace without drawing it; names the first bad event.
pub fn validate(trace: &Trace) -> Result<Counters, Error> {
    if trace.n == 0 || trace.n > MAX_REPLAY_N {
        return Err(Error::BoardSize { n: trace.n, max: MAX_REPLAY_N });
    }
    let mut last = Counters::default();
    for frame in Replay::new(trace) {
        last = frame?.counters;
    }
    Ok(last)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::TraceFault;
    use crate::trace::puzzle_furniture::Puzzle;

    #[test]
    fn puzzle_events_need_a_puzzle() {
        let events = vec![Event::Place { row: 0, col: 0 }, Event::Guess { row: 2, col: 1 }];
        let plain = Trace::new(4, "deduce", events);
        let err = validate(&plain).unwrap_err();
        assert!(
            matches!(&err, Error::InvalidTrace { event: 2, fault: TraceFault::PuzzleEvent { event: "guess" } }),
            "{err}"
        );
        let puzzle = Puzzle { n: 4, regions: vec![], blocked: vec![], givens: vec![] };
        let counters = validate(&Trace { puzzle: Some(puzzle), ..plain }).unwrap();
        assert_eq!(counters.placements, 2);
    }
}
