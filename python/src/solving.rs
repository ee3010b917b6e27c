//! `queens.solve` and `queens.count`: solutions as tuples and exact counts, without drawing.
//!
//! Contract: a solution is a tuple `queens` with `queens[col] = row`, rows from 0 at the top, in
//! the algorithm's order (backtracking: lexicographic); counts are OEIS A000170 (all) and A002562
//! (`unique=True`, up to rotation and reflection). Both run with the GIL released.

use crate::errors::{value, OrRaise};
use pyo3::prelude::*;
use queens::count::MAX_N;

/// The first solution (`all=False`, as a list of one) or every solution (`all=True`) of the
/// n x n board, as tuples `queens[col] = row`; `unique=True` keeps one per symmetry class;
/// `limit` stops after that many.
#[pyfunction]
#[pyo3(signature = (n, *, all=false, unique=false, algorithm="backtrack", limit=None, seed=None))]
pub fn solve(
    py: Python<'_>,
    n: usize,
    all: bool,
    unique: bool,
    algorithm: &str,
    limit: Option<usize>,
    seed: Option<u64>,
) -> PyResult<Vec<Vec<usize>>> {
    check_n(n)?;
    let mut options = queens::SolveOptions::new(n);
    options.algorithm = algorithm.parse().map_err(value)?;
    options.until = if all { queens::Until::All } else { queens::Until::First };
    if let Some(seed) = seed {
        options.seed = seed;
    }
    let take = match (all, limit) {
        (false, _) => 1,
        (true, Some(k)) => k,
        (true, None) => usize::MAX,
    };
    py.detach(|| queens::solution_stream(&options, unique).map(|found| found.take(take).collect())).or_raise()
}

/// The number of solutions of the n x n board (`unique=True`: up to rotation and reflection).
#[pyfunction]
#[pyo3(signature = (n, *, unique=false))]
pub fn count(py: Python<'_>, n: usize, unique: bool) -> PyResult<u64> {
    check_n(n)?;
    Ok(py.detach(|| if unique { queens::count::count_unique(n) } else { queens::count::count_all(n) }))
}

fn check_n(n: usize) -> PyResult<()> {
    if !(1..=MAX_N).contains(&n) {
        return Err(value(format!("n must be between 1 and {MAX_N}, not {n}")));
    }
    Ok(())
}
