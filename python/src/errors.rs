//! Library errors as Python exceptions, with the command line's one-line messages.
//!
//! Contract: a failure to read, write or start a program (files, folders, ffmpeg) is a
//! `QueensOSError` (subclass of `OSError`); everything else the caller can fix by changing an
//! argument is a `QueensError` (subclass of `ValueError`). A render cancelled by Ctrl-C re-raises
//! the `KeyboardInterrupt` Python set.

use pyo3::create_exception;
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;

create_exception!(
    queens,
    QueensError,
    PyValueError,
    "A value queens cannot draw or solve; the message says what to change."
);
create_exception!(queens, QueensOSError, PyOSError, "A file, folder or program (ffmpeg) queens could not use.");

/// The exception for a library error.
pub fn to_py(error: queens::Error) -> PyErr {
    use queens::Error as E;
    let message = error.to_string();
    // An encoder's failure to write (a full disk: `/dev/full`) is a failure to write.
    let mut source = std::error::Error::source(&error);
    while let Some(cause) = source {
        if cause.is::<std::io::Error>() {
            return QueensOSError::new_err(message);
        }
        source = cause.source();
    }
    match error {
        E::TraceRead(_)
        | E::Io(_)
        | E::Output { .. }
        | E::OutputIsFolder { .. }
        | E::OutputFolderMissing { .. }
        | E::OutputOpen { .. }
        | E::OutputWrite { .. }
        | E::OutputStopped { .. }
        | E::OutputPlantedLink { .. }
        | E::OutputForeignLink { .. }
        | E::OutputIsInput { .. }
        | E::FolderCreate { .. }
        | E::OutputForeignFolder { .. }
        | E::OutputNotWritable { .. }
        | E::OutputTemporaryLeft { .. }
        | E::PuzzleRead(_)
        | E::FfmpegMissing
        | E::Ffmpeg { .. } => QueensOSError::new_err(message),
        _ => QueensError::new_err(message),
    }
}

/// A `QueensError` with this message (for checks made before the library is called).
pub fn value(message: impl Into<String>) -> PyErr {
    QueensError::new_err(message.into())
}

/// Results of library calls as Python results.
pub trait OrRaise<T> {
    /// The value, or the library error raised as its Python exception.
    fn or_raise(self) -> PyResult<T>;
}

impl<T> OrRaise<T> for Result<T, queens::Error> {
    fn or_raise(self) -> PyResult<T> {
        self.map_err(to_py)
    }
}
