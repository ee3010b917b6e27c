//! What the frames of a run need to know before the first is drawn: the board, the algorithm,
//! how many events, whether it checks squares, how large the caption's numbers get, and where its
//! solutions are. Built from a whole trace or grown event by event from a stream.

use crate::trace::puzzle_furniture::Puzzle;
use crate::trace::Event;

/// What the frames of a run need to know before the first is drawn: the board, the algorithm and
/// how large the caption's numbers get.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct RunInfo {
    /// The board size.
    pub n: usize,
    /// The algorithm's name as the trace gives it.
    pub algorithm: String,
    /// Events in the run; `None` for a stream whose end is not known yet.
    pub total_events: Option<usize>,
    /// Whether the run checks squares (the caption then counts checks).
    pub has_checks: bool,
    /// The largest `tries` a layout event names (caption slots are sized for it).
    pub max_tries: u64,
    /// Events seen so far (all of them when `total_events` is known).
    pub events_seen: usize,
    /// Frames whose event is a solution, among those seen.
    pub solution_frames: Vec<usize>,
    /// The puzzle the run solves (`None` for the empty board).
    pub puzzle: Option<Puzzle>,
    /// The longest sentence a puzzle event carries, among those seen (the caption makes room).
    pub longest_text: String,
}

impl RunInfo {
    /// A run starting with `events` (all of them when `complete`).
    pub fn new(n: usize, algorithm: &str, events: &[Event], complete: bool) -> Self {
        let mut info = RunInfo {
            n,
            algorithm: algorithm.to_string(),
            total_events: complete.then_some(0),
            has_checks: false,
            max_tries: 0,
            events_seen: 0,
            solution_frames: Vec::new(),
            puzzle: None,
            longest_text: String::new(),
        };
        events.iter().for_each(|event| info.add(event));
        info
    }

    /// What a whole trace's frames need to know (its puzzle included).
    pub fn of_trace(trace: &crate::trace::Trace) -> Self {
        RunInfo::new(trace.n, &trace.algorithm, &trace.events, true).with_puzzle(trace.puzzle.clone())
    }

    /// The same run, solving `puzzle`.
    pub fn with_puzzle(mut self, puzzle: Option<Puzzle>) -> Self {
        self.puzzle = puzzle;
        self
    }

    /// Count one more event of the run.
    pub fn add(&mut self, event: &Event) {
        if let Some(total) = self.total_events.as_mut() {
            *total += 1;
        }
        self.events_seen += 1;
        match event {
            Event::Solution { .. } => self.solution_frames.push(self.events_seen),
            Event::Check { .. } => self.has_checks = true,
            Event::Layout { tries: Some(tries), .. } => self.max_tries = self.max_tries.max(*tries),
            Event::Eliminate { text, .. } | Event::Deduce { text, .. } | Event::Undo { text, .. }
                if text.chars().count() > self.longest_text.chars().count() =>
            {
                self.longest_text.clone_from(text);
            }
            _ => {}
        }
    }
}
