//! A run's key frames: what a printed handout shows by default instead of every step.
//!
//! Contract: for the tree searches whose dead ends are known (`backtrack`, `grid`, `forward`, see
//! `deadend.rs`) the key frames are frame 0 (the empty board, or the puzzle as given), every
//! dead-end frame (as [`dead_end`] finds it on the replayed board), every removal that takes the
//! search further back than it had gone (it leaves fewer queens on the board than any removal
//! before it since the start or the last solution: the search gives up a choice it had kept so far),
//! every solution, and the last frame; increasing, without duplicates. Runs of other algorithms
//! (and traces that do not replay) keep every frame. Decided from the replayed boards and events
//! alone, never from caption words.

use super::deadend::{dead_end, explains};
use super::Replay;
use crate::trace::{Algorithm, Event, RunInfo, Trace};

/// The key frames of `trace` (see the module's contract); every frame when its algorithm has no
/// known dead ends.
pub fn key_frames(trace: &Trace) -> Vec<usize> {
    let every = || (0..=trace.events.len()).collect();
    let info = RunInfo::of_trace(trace);
    let kind: Option<Algorithm> = info.algorithm.parse().ok();
    if !explains(kind) {
        return every();
    }
    let mut keys = vec![0];
    let mut fewest: Option<usize> = None;
    for frame in Replay::new(trace) {
        let Ok(frame) = frame else { return every() };
        let key = match &frame.event {
            Some(Event::Solution { .. }) => {
                fewest = None;
                true
            }
            Some(Event::Remove { .. }) => {
                let left = frame.board.queens().count();
                let further = fewest.is_none_or(|f| left < f);
                if further {
                    fewest = Some(left);
                }
                further
            }
            event => dead_end(kind, &frame.board, event.as_ref(), info.has_checks).is_some(),
        };
        if key && frame.index > 0 {
            keys.push(frame.index);
        }
    }
    if keys.last() != Some(&trace.events.len()) {
        keys.push(trace.events.len());
    }
    keys
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::{record, SolveOptions};

    #[test]
    fn six_by_six_keeps_dead_ends_deepest_removals_and_the_solution() {
        let trace = record(&SolveOptions::new(6), 100_000).unwrap();
        let keys = key_frames(&trace);
        // Dead ends 5 10 17 22 29 36 40 49; removals 6 7 8 (4, 3, 2 queens left), 13 (b4: 1) and
        // 44 (a6: none); the solution 57.
        assert_eq!(keys, [0, 5, 6, 7, 8, 10, 13, 17, 22, 29, 36, 40, 44, 49, 57]);
    }

    #[test]
    fn runs_without_dead_ends_keep_every_frame() {
        let mut options = SolveOptions::new(5);
        options.algorithm = Algorithm::MinConflicts;
        let trace = record(&options, 100_000).unwrap();
        assert_eq!(key_frames(&trace), (0..=trace.events.len()).collect::<Vec<_>>());
    }
}
