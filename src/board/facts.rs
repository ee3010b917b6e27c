//! A step's facts, in types: what the frame's step did and which line of the board it ran out,
//! decided once from the board and the event, for every output (captions, timelines, quizzes,
//! handouts, pacing). Nothing downstream reads caption text for meaning: it reads these.
//!
//! Contract: [`StepFacts::of`] is the frame's event as a [`StepKind`] plus, for the tree searches,
//! the dead line `board::deadend::dead_line` finds (a dead end on its own frame, `here`; the line
//! a removal was made for otherwise).

use super::deadend::{dead_line, DeadLine};
use super::BoardFrame;
use crate::trace::{Algorithm, Event, Square};

/// What a frame's step did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepKind {
    /// Frame 0: the board before any event.
    Start,
    /// A queen placed on this square.
    Place(Square),
    /// A queen taken off this square.
    Remove(Square),
    /// A solution announced.
    Solution,
    /// Any other event (checks, layouts, moves, puzzle deductions, forward's dead ends).
    Other,
}

impl StepKind {
    /// The kind of step `event` is (`None`: frame 0).
    pub fn of(event: Option<&Event>) -> Self {
        match event {
            None => StepKind::Start,
            Some(Event::Place { row, col }) => StepKind::Place(Square::new(*row, *col)),
            Some(Event::Remove { row, col }) => StepKind::Remove(Square::new(*row, *col)),
            Some(Event::Solution { .. }) => StepKind::Solution,
            Some(_) => StepKind::Other,
        }
    }
}

/// The facts of one frame's step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepFacts {
    /// What the step did.
    pub kind: StepKind,
    /// The line the step ran out (a dead end, `here`), or the line a removal was made for.
    pub dead: Option<DeadLine>,
}

impl StepFacts {
    /// The facts of `frame` in a run of `algorithm` (`checks`: `--detail checks`).
    pub fn of(algorithm: Option<Algorithm>, frame: &BoardFrame, checks: bool) -> Self {
        let event = frame.event.as_ref();
        StepFacts { kind: StepKind::of(event), dead: dead_line(algorithm, &frame.board, event, checks) }
    }

    /// The facts of a step that says nothing of dead ends (stills, races, unknown algorithms).
    pub fn plain(event: Option<&Event>) -> Self {
        StepFacts { kind: StepKind::of(event), dead: None }
    }

    /// The dead end this step causes: the line it leaves with every square attacked.
    pub fn dead_end(&self) -> Option<&DeadLine> {
        self.dead.as_ref().filter(|d| d.here)
    }
}
