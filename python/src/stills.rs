//! `queens.board`, `queens.sheet` and the `Picture` they return: stills in PNG, SVG or PDF.
//!
//! Contract: a `Picture` remembers what to draw and draws on request (`png()`, `svg()`,
//! `save(path)`, the notebook's `_repr_png_`), with the GIL released; the pictures are the
//! command line's `board` and `sheet` pictures, byte for byte.

use crate::errors::{value, OrRaise};
use crate::look::Look;
use crate::run::release;
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use queens::{Format, RenderOptions, SheetBoard};
use std::path::PathBuf;

/// What a picture shows.
#[derive(Clone)]
enum Subject {
    /// One board, `queens[col] = row`.
    Board { n: usize, queens: Vec<usize> },
    /// Numbered boards in a grid.
    Sheet { n: usize, boards: Vec<SheetBoard>, columns: usize },
}

/// A still picture (a board or a sheet of boards): shows itself in a notebook, `png()` and
/// `svg()` give its bytes and text, `save(path)` writes PNG, SVG or PDF by the extension.
#[pyclass(module = "queens", frozen)]
pub struct Picture {
    subject: Subject,
    options: RenderOptions,
}

/// One board with queens on it: `queens[col] = row` (rows from 0 at the top); attacking pairs are
/// joined by a line.
#[pyfunction]
#[pyo3(signature = (n, queens, *, theme=None, square=None, coords=true))]
pub fn board(
    n: usize,
    queens: Vec<usize>,
    theme: Option<&Bound<'_, PyAny>>,
    square: Option<usize>,
    coords: bool,
) -> PyResult<Picture> {
    if queens.len() > n {
        return Err(value(format!("{} queens do not fit one per column on a {n}x{n} board", queens.len())));
    }
    if let Some(row) = queens.iter().find(|&&row| row >= n) {
        return Err(value(format!("row {row} is off the {n}x{n} board: rows go from 0 to {}", n.saturating_sub(1))));
    }
    let options = Look::new(theme, square, coords)?.options()?;
    Ok(Picture { subject: Subject::Board { n, queens }, options })
}

/// Every solution of the n x n board numbered on one sheet (`unique=True`: one per symmetry
/// class, with its class size), `columns` boards a row (default: a square-ish grid).
#[pyfunction]
#[pyo3(signature = (n, *, unique=false, columns=None, theme=None, square=None, coords=true,
    max_boards=queens::DEFAULT_MAX_BOARDS))]
#[allow(clippy::too_many_arguments)]
pub fn sheet(
    py: Python<'_>,
    n: usize,
    unique: bool,
    columns: Option<usize>,
    theme: Option<&Bound<'_, PyAny>>,
    square: Option<usize>,
    coords: bool,
    max_boards: u64,
) -> PyResult<Picture> {
    if !(1..=queens::count::MAX_N).contains(&n) {
        return Err(value(format!("n must be between 1 and {}, not {n}", queens::count::MAX_N)));
    }
    if columns == Some(0) {
        return Err(value("columns must be 1 or more"));
    }
    let options = Look::new(theme, square, coords)?.options()?;
    queens::check_batch(n, unique, max_boards).or_raise()?;
    let order = queens::count::SolutionOrder::Backtrack;
    let boards = py.detach(|| queens::solution_boards(n, unique, order));
    let columns = columns.unwrap_or_else(|| queens::default_columns(boards.len()));
    Ok(Picture { subject: Subject::Sheet { n, boards, columns }, options })
}

#[pymethods]
impl Picture {
    /// The picture as PNG bytes.
    fn png<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let bytes = self.bytes(py, Format::Png)?;
        Ok(PyBytes::new(py, &bytes))
    }

    /// The picture as SVG text.
    fn svg(&self, py: Python<'_>) -> PyResult<String> {
        String::from_utf8(self.bytes(py, Format::Svg)?).map_err(|e| value(e.to_string()))
    }

    /// Write the picture to `path` as PNG, SVG or PDF (by the extension, or `format`); nothing
    /// appears unless the whole file is written. Returns the number of bytes written.
    #[pyo3(signature = (path, format=None))]
    fn save(&self, py: Python<'_>, path: PathBuf, format: Option<&str>) -> PyResult<u64> {
        let flag = format
            .map(|name| {
                Format::from_name(name)
                    .ok_or_else(|| value(format!("unknown format {name:?} (expected png, svg or pdf)")))
            })
            .transpose()?;
        let format = Format::choose(flag, Some(&path), queens::STILL_FORMATS).or_raise()?;
        let mut file = crate::run::create_output(&path)?;
        self.write(py, format, &mut file)?;
        file.commit().or_raise()
    }

    fn _repr_png_<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        self.png(py)
    }

    fn __repr__(&self) -> String {
        match &self.subject {
            Subject::Board { n, queens } => format!("<queens.Picture board {n}x{n} {queens:?}>"),
            Subject::Sheet { n, boards, .. } => format!("<queens.Picture sheet {n}x{n} ({} boards)>", boards.len()),
        }
    }
}

impl Picture {
    fn bytes(&self, py: Python<'_>, format: Format) -> PyResult<Vec<u8>> {
        let mut out = Vec::new();
        self.write(py, format, &mut out)?;
        Ok(out)
    }

    fn write<W: std::io::Write + Send>(&self, py: Python<'_>, format: Format, out: W) -> PyResult<()> {
        let options = &self.options;
        release(py, || match &self.subject {
            Subject::Board { n, queens } => queens::write_board(*n, queens, options, format, out).map(drop),
            Subject::Sheet { n, boards, columns } => {
                queens::write_sheet(*n, boards, options, *columns, format, out).map(drop)
            }
        })
    }
}
