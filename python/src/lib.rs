//! The `queens._native` extension module: the Python face of the `queens` library.
//!
//! Contract: only the public `queens` API is used (nothing under `queens::internals`); every
//! render runs with the GIL released and can be interrupted with Ctrl-C (checked every few frames);
//! library errors become `queens.QueensError` (a `ValueError`) or, for files and processes,
//! `queens.QueensOSError` (an `OSError`), carrying the command line's one-line message.

mod errors;
mod look;
mod puzzle;
mod recorder;
mod run;
mod solving;
mod stills;
mod traced;

use pyo3::prelude::*;

/// The native half of the `queens` package; import `queens` instead.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("QueensError", m.py().get_type::<errors::QueensError>())?;
    m.add("QueensOSError", m.py().get_type::<errors::QueensOSError>())?;
    m.add_class::<run::Run>()?;
    m.add_class::<recorder::Recorder>()?;
    m.add_class::<stills::Picture>()?;
    m.add_class::<puzzle::Puzzle>()?;
    m.add_function(wrap_pyfunction!(run::animate, m)?)?;
    m.add_function(wrap_pyfunction!(stills::board, m)?)?;
    m.add_function(wrap_pyfunction!(stills::sheet, m)?)?;
    m.add_function(wrap_pyfunction!(solving::solve, m)?)?;
    m.add_function(wrap_pyfunction!(solving::count, m)?)?;
    m.add_function(wrap_pyfunction!(traced::traced_run, m)?)?;
    m.add("THEMES", look::THEMES)?;
    m.add("ALGORITHMS", queens::Algorithm::ALL.iter().map(|a| a.name()).collect::<Vec<_>>())?;
    Ok(())
}
