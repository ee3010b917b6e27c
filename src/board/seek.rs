//! Seekable replay: any frame of a run, quickly, in either direction (the terminal player's model).
//!
//! Contract: [`FrameSeeker::new`] replays the whole trace once, validating every event as
//! [`crate::validate`] does (the same errors), and keeps a copy of the board and counters
//! every `interval` frames. [`FrameSeeker::seek`] then moves to frame k — the same board, counters
//! and event as the k-th frame a plain replay yields — by replaying fewer than `interval` events
//! forward from the nearest checkpoint at or before k, or from the current frame when that is
//! nearer; [`FrameSeeker::frame`] is the board there. The interval is [`DEFAULT_INTERVAL`] frames, larger only when copies of a big board
//! would pass [`CHECKPOINT_BUDGET`] squares in all.

use crate::board::{Board, BoardFrame, Counters, MAX_REPLAY_N};
use crate::error::Error;
use crate::trace::{Event, Trace};

/// Frames between checkpoints.
pub const DEFAULT_INTERVAL: usize = 256;

/// Board squares all checkpoints together may hold (one byte each, plus a few per line).
pub const CHECKPOINT_BUDGET: usize = 1 << 26;

/// A validated trace whose frames can be visited in any order.
pub struct FrameSeeker<'a> {
    trace: &'a Trace,
    interval: usize,
    /// Checkpoint i holds frame `i * interval`.
    checkpoints: Vec<(Board, Counters)>,
    current: BoardFrame,
    replayed: u64,
}

impl<'a> FrameSeeker<'a> {
    /// Validate `trace` and keep checkpoints at the interval its size calls for.
    pub fn new(trace: &'a Trace) -> Result<Self, Error> {
        Self::with_interval(trace, interval_for(trace.n, trace.frame_count()))
    }

    /// Validate `trace` and keep a checkpoint every `interval` frames (at least 1).
    pub fn with_interval(trace: &'a Trace, interval: usize) -> Result<Self, Error> {
        if trace.n == 0 || trace.n > MAX_REPLAY_N {
            return Err(Error::BoardSize { n: trace.n, max: MAX_REPLAY_N });
        }
        let interval = interval.max(1);
        let checkpoints = checkpoints(trace, interval)?;
        let (board, counters) = checkpoints[0].clone();
        let current = BoardFrame { index: 0, total: trace.events.len(), event: None, board, counters };
        Ok(FrameSeeker { trace, interval, checkpoints, current, replayed: 0 })
    }

    /// The last frame's number (the number of events).
    pub fn last_frame(&self) -> usize {
        self.trace.events.len()
    }

    /// The current frame's number (frame 0 at first).
    pub fn index(&self) -> usize {
        self.current.index
    }

    /// The event the current frame shows the result of (`None` for frame 0).
    pub fn event(&self) -> Option<&Event> {
        self.current.event.as_ref()
    }

    /// The trace being visited.
    pub fn trace(&self) -> &'a Trace {
        self.trace
    }

    /// The current frame: its board, counters and event.
    pub fn frame(&self) -> &BoardFrame {
        &self.current
    }

    /// Move to frame `k` (the last frame when k is past it); returns the frame number reached.
    pub fn seek(&mut self, k: usize) -> usize {
        let k = k.min(self.last_frame());
        let base = k / self.interval * self.interval;
        if k < self.current.index || self.current.index < base {
            let (board, counters) = &self.checkpoints[k / self.interval];
            self.current.board.clone_from(board);
            self.current.counters = *counters;
            self.current.index = base;
        }
        for event in &self.trace.events[self.current.index..k] {
            self.current.board.apply(event).expect("events were validated when the seeker was built");
            self.current.counters.count(event);
            self.replayed += 1;
        }
        self.current.index = k;
        self.current.event = k.checked_sub(1).map(|i| self.trace.events[i].clone());
        k
    }

    /// Events replayed by all seeks so far (each seek replays fewer than the interval).
    pub fn events_replayed(&self) -> u64 {
        self.replayed
    }

    /// Frames between checkpoints.
    pub fn interval(&self) -> usize {
        self.interval
    }
}

/// [`DEFAULT_INTERVAL`], or more when that many copies of an n-board would pass the budget.
pub fn interval_for(n: usize, frames: usize) -> usize {
    let squares = n.saturating_mul(n).max(1);
    let affordable = (CHECKPOINT_BUDGET / squares).max(1);
    DEFAULT_INTERVAL.max(frames.div_ceil(affordable))
}

/// Replay every event once, validating it, and copy the state at frames 0, interval, 2*interval, ...
fn checkpoints(trace: &Trace, interval: usize) -> Result<Vec<(Board, Counters)>, Error> {
    let mut board =
        Board::for_puzzle(trace.n, trace.puzzle.as_ref()).map_err(|fault| Error::InvalidTrace { event: 0, fault })?;
    let mut counters = Counters::default();
    let mut saved = vec![(board.clone(), counters)];
    for (i, event) in trace.events.iter().enumerate() {
        board.apply(event).map_err(|fault| Error::InvalidTrace { event: i + 1, fault })?;
        counters.count(event);
        if (i + 1) % interval == 0 {
            saved.push((board.clone(), counters));
        }
    }
    Ok(saved)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{validate, Replay};
    use crate::solve::{record, Algorithm, SolveOptions, Until};
    use crate::trace::Event;

    fn run(n: usize, algorithm: Algorithm, until: Until) -> Trace {
        record(&SolveOptions { algorithm, until, ..SolveOptions::new(n) }, 100_000).unwrap()
    }

    fn same(a: &BoardFrame, b: &BoardFrame) -> bool {
        (a.index, a.total, &a.event, &a.board, a.counters) == (b.index, b.total, &b.event, &b.board, b.counters)
    }

    #[test]
    fn every_seek_order_gives_the_replays_frames() {
        for trace in [run(6, Algorithm::Backtrack, Until::All), run(8, Algorithm::MinConflicts, Until::First)] {
            let frames: Vec<BoardFrame> = Replay::new(&trace).map(Result::unwrap).collect();
            let last = frames.len() - 1;
            let mut seeker = FrameSeeker::with_interval(&trace, 7).unwrap();
            let forward = 0..=last;
            let backward = (0..=last).rev();
            let jumps = (0..=last).map(|i| i * 37 % (last + 1));
            for k in forward.chain(backward).chain(jumps) {
                seeker.seek(k);
                assert!(same(seeker.frame(), &frames[k]), "frame {k} of {}", trace.algorithm);
            }
            assert_eq!(seeker.seek(last + 5), last, "past the end is the last frame");
            assert!(same(seeker.frame(), &frames[last]));
        }
    }

    #[test]
    fn stepping_back_replays_less_than_an_interval() {
        let trace = run(8, Algorithm::Backtrack, Until::All);
        let mut seeker = FrameSeeker::new(&trace).unwrap();
        assert_eq!(seeker.interval(), DEFAULT_INTERVAL);
        seeker.seek(seeker.last_frame());
        let before = seeker.events_replayed();
        for k in (seeker.last_frame() - 600..seeker.last_frame()).rev() {
            let start = seeker.events_replayed();
            seeker.seek(k);
            assert!(seeker.events_replayed() - start < DEFAULT_INTERVAL as u64, "frame {k}");
        }
        assert!(seeker.events_replayed() - before < 600 * DEFAULT_INTERVAL as u64 / 2 + 600);
    }

    #[test]
    fn invalid_traces_fail_as_validate_does() {
        let events = vec![Event::Place { row: 0, col: 0 }, Event::Remove { row: 1, col: 1 }];
        let trace = Trace { n: 4, algorithm: "x".into(), puzzle: None, events };
        let ours = FrameSeeker::new(&trace).err().unwrap().to_string();
        assert_eq!(ours, validate(&trace).unwrap_err().to_string());
        assert!(ours.contains("event 2"), "{ours}");
        let empty = Trace { n: 0, algorithm: "x".into(), puzzle: None, events: vec![] };
        assert!(matches!(FrameSeeker::new(&empty), Err(Error::BoardSize { n: 0, .. })));
    }

    #[test]
    fn big_boards_get_sparser_checkpoints() {
        assert_eq!(interval_for(8, 100_000), DEFAULT_INTERVAL);
        let n = 4096;
        let interval = interval_for(n, 1_000_000);
        assert!((1_000_000usize.div_ceil(interval)) * n * n <= CHECKPOINT_BUDGET + n * n);
    }
}
