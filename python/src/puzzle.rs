//! `queens.Puzzle`: region puzzles (one queen per row, column and coloured region, none touching)
//! and completion puzzles (given queens and blocked squares), read from the text `queens puzzle`
//! reads, generated, solved, hinted and animated.
//!
//! Contract: `parse` takes the puzzle file's text and refuses a malformed one with its line and
//! column; solutions are lists `queens[col] = row`; `hint()` is `queens puzzle hint`'s sentence;
//! searches are bounded in time as the command line's are.

use crate::errors::{value, OrRaise};
use crate::look::{animation, Look, Show};
use crate::run::Run;
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use queens::{Full, PuzzleKind, SolveOptions, Until};
use std::sync::Arc;

/// A puzzle board. `Puzzle.parse(text)` reads one, `Puzzle.generate(8, seed=1)` makes one with
/// exactly one solution; `solve()`, `hint()`, `animate()`; `str(puzzle)` is its file text.
#[pyclass(module = "queens", frozen)]
pub struct Puzzle {
    puzzle: queens::Puzzle,
    warnings: Vec<String>,
}

#[pymethods]
impl Puzzle {
    /// Read a puzzle from its text (the format `queens puzzle` reads; see docs/guide/puzzles.md).
    #[staticmethod]
    fn parse(text: &str) -> PyResult<Self> {
        let read = queens::parse_puzzle(text.as_bytes()).or_raise()?;
        Ok(Puzzle { puzzle: read.puzzle, warnings: read.warnings })
    }

    /// A new puzzle of size n (5 to 12) with exactly one solution, the same for the same seed.
    /// `kind`: "regions" or "completion"; `hard`: may need a guess.
    #[staticmethod]
    #[pyo3(signature = (n, *, seed=0, kind="regions", hard=false))]
    fn generate(py: Python<'_>, n: usize, seed: u64, kind: &str, hard: bool) -> PyResult<Self> {
        let kind = match kind {
            "regions" => PuzzleKind::Regions,
            "completion" => PuzzleKind::Completion,
            other => return Err(value(format!("kind must be \"regions\" or \"completion\", not {other:?}"))),
        };
        let generated = py.detach(|| queens::generate_puzzle(n, seed, kind, hard)).or_raise()?;
        Ok(Puzzle { puzzle: generated.puzzle, warnings: Vec::new() })
    }

    /// The board size.
    #[getter]
    fn n(&self) -> usize {
        self.puzzle.n
    }

    /// "regions" or "completion".
    #[getter]
    fn kind(&self) -> &'static str {
        if self.puzzle.has_regions() {
            "regions"
        } else {
            "completion"
        }
    }

    /// What reading the text noticed but accepted, one line each.
    #[getter]
    fn warnings(&self) -> Vec<String> {
        self.warnings.clone()
    }

    /// The first solution (`all=False`: a list of at most one) or every solution, each a list
    /// `queens[col] = row`; `limit` stops after that many.
    #[pyo3(signature = (*, all=false, limit=None))]
    fn solve(&self, py: Python<'_>, all: bool, limit: Option<usize>) -> PyResult<Vec<Vec<usize>>> {
        let until = if all { Until::All } else { Until::First };
        let cap = if all { limit.unwrap_or(crate::solving::MAX_SOLUTIONS + 1) } else { 1 };
        let puzzle = &self.puzzle;
        let mut found = Vec::new();
        py.detach(|| {
            queens::solve_puzzle(puzzle, until, &mut |queens| {
                found.push(queens);
                if found.len() >= cap {
                    Err(Full)
                } else {
                    Ok(())
                }
            })
        })
        .or_raise()?;
        crate::solving::within_bound(found, all && limit.is_none(), "Puzzle.solve(all=True)")
    }

    /// The next deduction, in words (the sentence `queens puzzle hint` prints).
    fn hint(&self) -> String {
        queens::puzzle_hint(&self.puzzle)
    }

    /// The puzzle solved as a recorded run: `algorithm="deduce"` (region puzzles: named rules)
    /// or a search ("backtrack", ...); keyword arguments as `queens.animate`'s.
    #[pyo3(signature = (*, algorithm=None, until=None, theme=None, why=false, code=false, tree=false,
        motion=None, fps=60, square=None, coords=true, delay_ms=None,
        max_frames=queens::DEFAULT_MAX_FRAMES))]
    #[allow(clippy::too_many_arguments)]
    fn animate(
        &self,
        py: Python<'_>,
        algorithm: Option<&str>,
        until: Option<&Bound<'_, PyAny>>,
        theme: Option<&Bound<'_, PyAny>>,
        why: bool,
        code: bool,
        tree: bool,
        motion: Option<String>,
        fps: u32,
        square: Option<usize>,
        coords: bool,
        delay_ms: Option<u32>,
        max_frames: usize,
    ) -> PyResult<Run> {
        let mut options = SolveOptions::new(self.puzzle.n);
        let default = if self.puzzle.has_regions() { "deduce" } else { "backtrack" };
        options.algorithm = algorithm.unwrap_or(default).parse().map_err(value)?;
        options.until = crate::run::until_arg(until)?;
        options.puzzle = Some(self.puzzle.clone());
        let look = Look::new(theme, square, coords)?;
        Run::record(py, &options, animation(&look, &Show { why, code, tree, motion, fps, delay_ms }, max_frames)?)
    }

    /// The puzzle as it is given (frame 0 of its animation), PNG bytes.
    fn _repr_png_<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let mut trace = queens::Trace::new(self.puzzle.n, "deduce", Vec::new());
        trace.puzzle = Some(self.puzzle.clone());
        let run = Run { trace: Arc::new(trace), animation: queens::Animation::new() };
        Ok(PyBytes::new(py, &run.png_frame(py, 0)?))
    }

    fn __str__(&self) -> String {
        queens::puzzle_text(&self.puzzle)
    }

    fn __repr__(&self) -> String {
        format!("<queens.Puzzle {n}x{n} {}>", self.kind(), n = self.puzzle.n)
    }
}
