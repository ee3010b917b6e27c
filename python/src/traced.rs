//! `queens.trace`'s native half: the run a traced Python solver's board went through, made from
//! the events `queens/_trace.py` read off the student's board.
//!
//! Contract: the events arrive as JSON text (the trace file's event objects) and are validated as
//! `queens render` validates a trace: a run that does not replay raises `QueensError`. The run
//! draws with the default look, and refuses nothing short of `max_frames` frames.

use crate::errors::{value, OrRaise};
use crate::look::{animation, Look, Show};
use crate::run::Run;
use pyo3::prelude::*;
use queens::{Event, Trace};
use std::sync::Arc;

/// A `Run` of `n`x`n` named `algorithm` from `events` (JSON text: a list of event objects).
#[pyfunction]
pub fn traced_run(n: usize, algorithm: &str, events: &str, max_frames: usize) -> PyResult<Run> {
    let events: Vec<Event> = serde_json::from_str(events).map_err(|e| value(format!("traced events: {e}")))?;
    let trace = Trace::new(n, algorithm, events);
    queens::validate(&trace).or_raise()?;
    let look = Look::new(None, None, true)?;
    let show = Show { fps: 60, ..Show::default() };
    Ok(Run { trace: Arc::new(trace), animation: animation(&look, &show, max_frames)? })
}
