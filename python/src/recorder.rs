//! `queens.Recorder`: a student's own solver, written in Python, records its steps and gets a
//! `Run` like the built-in algorithms' (the in-process equivalent of writing a JSON Lines trace).
//!
//! Contract: `place`, `remove`, `dead_end` and `solution` append one event each; a square off the
//! board, a queen placed twice or removed where none stands, and a `solution()` that is not n
//! queens one per column, none attacking, raise `QueensError` at once, naming the step. Events
//! past `max_frames - 1` are refused, so a runaway loop stops with a message instead of filling
//! memory. `run()` validates the whole trace as `queens render` does.

use crate::errors::{value, OrRaise};
use crate::look::{animation, Look, Show};
use crate::run::Run;
use pyo3::prelude::*;
use queens::{Event, Square, Trace};
use std::sync::Arc;

/// Most steps a recorder holds (about 200 MB): a runaway loop stops there with a QueensError.
pub const MAX_RECORDED: usize = 10_000_000;

/// Records the steps of your own solver: call `place(row, col)`, `remove(row, col)` and
/// `solution()` as it works, then `run()` to watch it. Rows and columns count from 0 at the
/// top left.
#[pyclass(module = "queens")]
pub struct Recorder {
    n: usize,
    algorithm: String,
    events: Vec<Event>,
    /// The row of the queen in each column, if any.
    board: Vec<Option<usize>>,
    max_frames: usize,
}

#[pymethods]
impl Recorder {
    #[new]
    #[pyo3(signature = (n, algorithm="my solver", *, max_frames=queens::DEFAULT_MAX_FRAMES))]
    fn new(n: usize, algorithm: &str, max_frames: usize) -> PyResult<Self> {
        if !(1..=MAX_RECORDED).contains(&max_frames) {
            return Err(value(format!(
                "max_frames must be from 1 to {MAX_RECORDED} (a recorder holds every step in memory), not {max_frames}"
            )));
        }
        queens::validate(&Trace::new(n, algorithm, Vec::new())).or_raise()?;
        Ok(Recorder { n, algorithm: algorithm.to_string(), events: Vec::new(), board: vec![None; n], max_frames })
    }

    /// Put a queen on (row, col).
    fn place(&mut self, row: usize, col: usize) -> PyResult<()> {
        let square = self.square(row, col)?;
        if let Some(other) = self.board[col] {
            let there = Square::new(other, col).name(self.n);
            return Err(value(format!(
                "place({row}, {col}): column {col} already holds a queen at {there}; remove it first"
            )));
        }
        self.board[col] = Some(row);
        self.push(Event::Place { row: square.row, col: square.col })
    }

    /// Take the queen off (row, col) (a backtrack).
    fn remove(&mut self, row: usize, col: usize) -> PyResult<()> {
        let square = self.square(row, col)?;
        if self.board[col] != Some(row) {
            return Err(value(format!("remove({row}, {col}): no queen stands on {}", square.name(self.n))));
        }
        self.board[col] = None;
        self.push(Event::Remove { row, col })
    }

    /// Say that row `row` has no safe square left, so the search turns back (a look-ahead's dead end).
    fn dead_end(&mut self, row: usize) -> PyResult<()> {
        if row >= self.n {
            return Err(value(format!("dead_end({row}): rows go from 0 to {}", self.n - 1)));
        }
        self.push(Event::Deadend { row })
    }

    /// Say that the board holds a solution now.
    fn solution(&mut self) -> PyResult<()> {
        let queens: Option<Vec<usize>> = self.board.iter().copied().collect();
        let Some(queens) = queens else {
            let empty = self.board.iter().filter(|q| q.is_none()).count();
            return Err(value(format!("solution(): {empty} column(s) have no queen yet")));
        };
        for (a, &ra) in queens.iter().enumerate() {
            for (b, &rb) in queens.iter().enumerate().skip(a + 1) {
                if Square::new(ra, a).attacks(Square::new(rb, b)) {
                    let (sa, sb) = (Square::new(ra, a).name(self.n), Square::new(rb, b).name(self.n));
                    return Err(value(format!("solution(): the queens on {sa} and {sb} attack each other")));
                }
            }
        }
        self.push(Event::Solution { queens })
    }

    /// Events recorded so far.
    fn __len__(&self) -> usize {
        self.events.len()
    }

    fn __repr__(&self) -> String {
        format!("<queens.Recorder {n}x{n} {:?} ({} events)>", self.algorithm, self.events.len(), n = self.n)
    }

    /// The recorded run, drawn as `queens.animate` draws (same keyword arguments).
    #[pyo3(signature = (*, theme=None, why=false, code=false, tree=false, motion=None, fps=60, square=None,
        coords=true, delay_ms=None))]
    #[allow(clippy::too_many_arguments)]
    fn run(
        &self,
        theme: Option<&Bound<'_, PyAny>>,
        why: bool,
        code: bool,
        tree: bool,
        motion: Option<String>,
        fps: u32,
        square: Option<usize>,
        coords: bool,
        delay_ms: Option<u32>,
    ) -> PyResult<Run> {
        let look = Look::new(theme, square, coords)?;
        let animation = animation(&look, &Show { why, code, tree, motion, fps, delay_ms }, self.max_frames)?;
        let trace = Trace::new(self.n, self.algorithm.clone(), self.events.clone());
        queens::validate(&trace).or_raise()?;
        Ok(Run { trace: Arc::new(trace), animation })
    }
}

impl Recorder {
    /// The square (row, col), refused when off the board.
    fn square(&self, row: usize, col: usize) -> PyResult<Square> {
        if row >= self.n || col >= self.n {
            let last = self.n - 1;
            return Err(value(format!(
                "({row}, {col}) is off the {n}x{n} board: rows and columns go from 0 to {last}",
                n = self.n
            )));
        }
        Ok(Square::new(row, col))
    }

    fn push(&mut self, event: Event) -> PyResult<()> {
        if self.events.len() + 1 >= self.max_frames {
            return Err(value(format!(
                "the run has reached {} frames (max_frames); stop the solver sooner or pass Recorder(n, max_frames=...)",
                self.max_frames
            )));
        }
        self.events.push(event);
        Ok(())
    }
}
