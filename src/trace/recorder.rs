//! Where solvers send their events: a [`Recorder`] may refuse one ([`Full`]: the run reached its
//! cap), which makes the solver stop at once; [`VecRecorder`] keeps them in memory up to a limit.

use super::Event;

/// The recorder refused an event: the run has reached its cap and should stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Full;

/// Where solvers send their events.
pub trait Recorder {
    /// Record one event. `Err(Full)` tells the solver to stop now.
    fn record(&mut self, event: Event) -> Result<(), Full>;
}

/// Records events into memory, refusing any past `limit`.
#[derive(Debug)]
pub struct VecRecorder {
    /// The events recorded so far.
    pub events: Vec<Event>,
    limit: usize,
    overflowed: bool,
}

impl VecRecorder {
    /// A recorder that keeps at most `limit` events.
    pub fn with_limit(limit: usize) -> Self {
        VecRecorder { events: Vec::new(), limit, overflowed: false }
    }

    /// True when the solver tried to record more than `limit` events.
    pub fn overflowed(&self) -> bool {
        self.overflowed
    }
}

impl Recorder for VecRecorder {
    fn record(&mut self, event: Event) -> Result<(), Full> {
        if self.events.len() >= self.limit {
            self.overflowed = true;
            return Err(Full);
        }
        self.events.push(event);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recorder_refuses_past_its_limit() {
        let mut rec = VecRecorder::with_limit(1);
        assert!(rec.record(Event::Place { row: 0, col: 0 }).is_ok());
        assert_eq!(rec.record(Event::Place { row: 1, col: 1 }), Err(Full));
        assert!(rec.overflowed());
    }
}
