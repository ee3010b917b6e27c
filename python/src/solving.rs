//! `queens.solve` and `queens.count`: solutions as tuples and exact counts, without drawing.
//!
//! Contract: a solution is a tuple `queens` with `queens[col] = row`, rows from 0 at the top, in
//! the algorithm's order (backtracking: lexicographic); counts are OEIS A000170 (all) and A002562
//! (`unique=True`, up to rotation and reflection). Both run with the GIL released and stop at
//! Ctrl-C (KeyboardInterrupt) within a fraction of a second; `solve(all=True)` without `limit`
//! holds at most [`MAX_SOLUTIONS`] (more is a `QueensError` naming `limit=`). `n` is refused
//! with a `QueensError` when it is not a whole number from 1 to `MAX_N`.

use crate::errors::{value, OrRaise};
use pyo3::prelude::*;
use queens::count::MAX_N;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Duration;

/// Most solutions `solve(all=True)` and `Puzzle.solve(all=True)` return without a `limit`
/// (a million lists take about 100 MB; `solve(16, all=True)` would be 14.7 million).
pub const MAX_SOLUTIONS: usize = 1_000_000;

/// Solutions taken between two looks at Ctrl-C.
const CHUNK: usize = 20_000;

/// The first solution (`all=False`, as a list of one) or every solution (`all=True`) of the
/// n x n board, as tuples `queens[col] = row`; `unique=True` keeps one per symmetry class;
/// `limit` stops after that many (without it, more than a million is refused).
#[pyfunction]
#[pyo3(signature = (n, *, all=false, unique=false, algorithm="backtrack", limit=None, seed=None))]
pub fn solve(
    py: Python<'_>,
    n: &Bound<'_, PyAny>,
    all: bool,
    unique: bool,
    algorithm: &str,
    limit: Option<usize>,
    seed: Option<u64>,
) -> PyResult<Vec<Vec<usize>>> {
    let n = board_size(n)?;
    let mut options = queens::SolveOptions::new(n);
    options.algorithm = algorithm.parse().map_err(value)?;
    options.until = if all { queens::Until::All } else { queens::Until::First };
    if let Some(seed) = seed {
        options.seed = seed;
    }
    let take = match (all, limit) {
        (false, _) => 1,
        (true, Some(k)) => k,
        (true, None) => MAX_SOLUTIONS + 1,
    };
    let mut stream = py.detach(|| queens::solution_stream(&options, unique)).or_raise()?;
    let mut found = Vec::new();
    while found.len() < take {
        let want = (take - found.len()).min(CHUNK);
        let before = found.len();
        py.detach(|| found.extend(stream.by_ref().take(want)));
        py.check_signals()?;
        if found.len() - before < want {
            break;
        }
    }
    within_bound(found, all && limit.is_none(), "solve(n, all=True)")
}

/// `found`, or the `QueensError` saying the bound was passed (when `bounded` and it holds more
/// than [`MAX_SOLUTIONS`]).
pub fn within_bound(found: Vec<Vec<usize>>, bounded: bool, call: &str) -> PyResult<Vec<Vec<usize>>> {
    if bounded && found.len() > MAX_SOLUTIONS {
        return Err(value(format!(
            "{call} found more than {MAX_SOLUTIONS} solutions, more than it returns without a limit; \
             pass limit=K to take K of them, or use count() for how many there are"
        )));
    }
    Ok(found)
}

/// The number of solutions of the n x n board (`unique=True`: up to rotation and reflection).
/// Counted in parts on a worker thread; Ctrl-C raises KeyboardInterrupt at once and the worker
/// stops at the end of its part.
#[pyfunction]
#[pyo3(signature = (n, *, unique=false))]
pub fn count(py: Python<'_>, n: &Bound<'_, PyAny>, unique: bool) -> PyResult<u64> {
    let n = board_size(n)?;
    if n < SPLIT_FROM {
        return Ok(py.detach(|| if unique { queens::count::count_unique(n) } else { queens::count::count_all(n) }));
    }
    let stop = Arc::new(AtomicBool::new(false));
    let (send, receive) = mpsc::channel();
    let worker_stop = Arc::clone(&stop);
    std::thread::spawn(move || {
        let plan = queens::count::plan(n, PARTS);
        let mut sum = (0u64, 0u64);
        for part in 1..=PARTS {
            if worker_stop.load(Ordering::Relaxed) {
                return;
            }
            let (all, classes) = plan.count(part);
            sum = (sum.0 + all, sum.1 + classes);
        }
        let _ = send.send(sum);
    });
    let receive = std::sync::Mutex::new(receive); // shared with the detached closure
    loop {
        let wait = || receive.lock().map_or(Err(mpsc::RecvTimeoutError::Disconnected), |r| r.recv_timeout(TICK));
        match py.detach(wait) {
            Ok((all, classes)) => return Ok(if unique { classes } else { all }),
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if let Err(interrupt) = py.check_signals() {
                    stop.store(true, Ordering::Relaxed);
                    return Err(interrupt);
                }
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => return Err(value("the count stopped without a result")),
        }
    }
}

/// Boards from this size are counted in parts (smaller ones take under a second).
const SPLIT_FROM: usize = 15;

/// How often a split count looks at Ctrl-C.
const TICK: Duration = Duration::from_millis(100);

/// Parts a split count is made of: Ctrl-C stops the worker at the end of the part it is in.
const PARTS: usize = 256;

/// `n` as a board size: a whole number from 1 to `MAX_N`, else a `QueensError` (not Python's
/// `OverflowError` or `TypeError`).
pub fn board_size(n: &Bound<'_, PyAny>) -> PyResult<usize> {
    let whole = n.is_instance_of::<pyo3::types::PyInt>() && !n.is_instance_of::<pyo3::types::PyBool>();
    if !whole {
        return Err(value(format!("n must be a whole number from 1 to {MAX_N}, not {}", clipped_repr(n))));
    }
    match n.extract::<i64>() {
        Ok(k) if (1..=MAX_N as i64).contains(&k) => Ok(k as usize),
        _ => Err(value(format!("n must be between 1 and {MAX_N}, not {}", clipped_repr(n)))),
    }
}

/// A value's repr, clipped to 40 characters (an int may have thousands of digits).
fn clipped_repr(v: &Bound<'_, PyAny>) -> String {
    let text = v.repr().map(|r| r.to_string()).unwrap_or_else(|_| "?".into());
    if text.chars().count() > 40 {
        format!("{}...", text.chars().take(40).collect::<String>())
    } else {
        text
    }
}

/// A whole number of at least 0 given as `name` (the library checks its range), else a
/// `QueensError` (not Python's `OverflowError` or `TypeError`).
pub fn whole(v: &Bound<'_, PyAny>, name: &str) -> PyResult<usize> {
    let int = v.is_instance_of::<pyo3::types::PyInt>() && !v.is_instance_of::<pyo3::types::PyBool>();
    match v.extract::<usize>() {
        Ok(k) if int => Ok(k),
        _ if int => Err(value(format!("{name} must be a board size of at least 1, not {}", clipped_repr(v)))),
        _ => Err(value(format!("{name} must be a whole number, not {}", clipped_repr(v)))),
    }
}
