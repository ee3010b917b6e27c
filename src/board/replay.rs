//! Replays a trace frame by frame, validating each event.
//!
//! Contract: frame 0 is the empty board, frame k the board after events 1..=k; the first event
//! that cannot happen stops the replay with [`Error::InvalidTrace`] naming it (1-based).

use super::{Board, MAX_REPLAY_N};
use crate::trace::{Event, Trace};
use crate::Error;

/// Running totals shown in captions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    pub placements: u64,
    pub removals: u64,
    pub solutions: u64,
    pub checks: u64,
    pub layouts: u64,
    pub moves: u64,
    pub deadends: u64,
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
        }
    }
}

/// Everything one frame shows: the board after the first `index` events, and the event that led here.
#[derive(Clone, Debug)]
pub struct BoardFrame {
    /// Frame number, 0 = empty board.
    pub index: usize,
    /// Total events in the trace, so frame `index` is "step index of total".
    pub total: usize,
    /// The event this frame shows the result of (`None` for frame 0).
    pub event: Option<Event>,
    pub board: Board,
    pub counters: Counters,
}

/// Replays a trace frame by frame, validating each event.
pub struct Replay<'a> {
    trace: &'a Trace,
    board: Board,
    counters: Counters,
    next: usize,
}

impl<'a> Replay<'a> {
    pub fn new(trace: &'a Trace) -> Self {
        Replay { trace, board: Board::new(trace.n), counters: Counters::default(), next: 0 }
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
        if let Some(event) = &event {
            if let Err(fault) = self.board.apply(event) {
                self.next = usize::MAX;
                return Some(Err(Error::InvalidTrace { event: index, fault }));
            }
            self.counters.count(event);
        }
        let total = self.trace.events.len();
        Some(Ok(BoardFrame { index, total, event, board: self.board.clone(), counters: self.counters }))
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
