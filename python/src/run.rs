//! `queens.animate` and the `Run` it returns: a recorded run that draws itself as the notebook's
//! player, a still, or a file in any animation format.
//!
//! Contract: a `Run` holds the trace and how to draw it; nothing is drawn until asked (`save`,
//! `to_bytes`, `frame`, the notebook's `_repr_html_` / `_repr_png_`). Drawing releases the GIL and
//! stops at Ctrl-C. `_repr_html_` is the one-file player inside an `<iframe srcdoc>` with scripts
//! sandboxed, so several runs in one notebook never share names; `_repr_png_` is the last frame.

use crate::errors::{value, OrRaise};
use crate::look::{animation, Look, Show};
use pyo3::exceptions::{PyIndexError, PyKeyboardInterrupt};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use queens::{Animation, Format, FrameSpec, OutputFile, Progress, Selection, SinkOptions, Summary, Trace};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Pixels under the frame for the player's controls in an embedded page: timeline, buttons and the
/// loop row opened (measured in Chromium: 96 px closed).
const PLAYER_CONTROLS_PX: usize = 128;

/// A recorded solving run and how to draw it. Made by `queens.animate`, `Recorder.run` and
/// `Puzzle.animate` and `queens.trace` (which sets `run.result`); shows itself as the player in a notebook.
#[pyclass(module = "queens", frozen, dict)]
pub struct Run {
    pub trace: Arc<Trace>,
    pub animation: Animation,
}

/// Solve an N-Queens board and record the run, to watch (the notebook shows the player), save
/// (`run.save("run.gif")`) or step through (`run.frame(k)`).
///
/// `until`: "first", "all" or a number of solutions. `algorithm`: one of `queens.ALGORITHMS`.
/// `detail`: "placements" or "checks" (every square examined). `theme`: a name in `queens.THEMES`
/// or a theme as JSON text. `why`: a sentence per step saying why; `code`: the algorithm's code with
/// its current line; `tree`: the search tree. `motion="smooth"`: eased motion (the player, SVG,
/// MP4, WebM; GIF, WebP and APNG draw the in-betweens as frames, a GIF at 30 a second at most).
#[pyfunction]
#[pyo3(signature = (n, *, until=None, algorithm="backtrack", detail="placements", theme=None, why=false,
    code=false, tree=false, motion=None, fps=60, square=None, coords=true, delay_ms=None, seed=None,
    max_frames=queens::DEFAULT_MAX_FRAMES))]
#[allow(clippy::too_many_arguments)]
pub fn animate(
    py: Python<'_>,
    n: &Bound<'_, PyAny>,
    until: Option<&Bound<'_, PyAny>>,
    algorithm: &str,
    detail: &str,
    theme: Option<&Bound<'_, PyAny>>,
    why: bool,
    code: bool,
    tree: bool,
    motion: Option<String>,
    fps: u32,
    square: Option<usize>,
    coords: bool,
    delay_ms: Option<u32>,
    seed: Option<u64>,
    max_frames: usize,
) -> PyResult<Run> {
    let mut options = queens::SolveOptions::new(crate::solving::whole(n, "n")?);
    options.algorithm = algorithm.parse().map_err(value)?;
    options.until = until_arg(until)?;
    options.detail = detail.parse().map_err(value)?;
    if let Some(seed) = seed {
        options.seed = seed;
    }
    let look = Look::new(theme, square, coords)?;
    Run::record(py, &options, animation(&look, &Show { why, code, tree, motion, fps, delay_ms }, max_frames)?)
}

/// `until` as the library takes it: "first" (or None), "all", or a count given as int or text.
pub fn until_arg(until: Option<&Bound<'_, PyAny>>) -> PyResult<queens::Until> {
    let Some(until) = until else { return Ok(queens::Until::First) };
    let text = match until.extract::<u64>() {
        Ok(k) => k.to_string(),
        Err(_) => until.extract::<String>().map_err(|_| value("until must be \"first\", \"all\" or a number"))?,
    };
    text.parse().map_err(value)
}

#[pymethods]
impl Run {
    /// Frames in the run: the empty board plus one per event.
    fn __len__(&self) -> usize {
        self.trace.frame_count()
    }

    fn __repr__(&self) -> String {
        format!("<queens.Run {n}x{n} {} ({} frames)>", self.trace.algorithm, self.trace.frame_count(), n = self.trace.n)
    }

    /// The board size.
    #[getter]
    fn n(&self) -> usize {
        self.trace.n
    }

    /// The algorithm's name.
    #[getter]
    fn algorithm(&self) -> String {
        self.trace.algorithm.clone()
    }

    /// The run's events as dicts, as a trace file holds them: {"place": {"row": 0, "col": 0}}, ...
    #[getter]
    fn events<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let text = serde_json::to_string(&self.trace.events).map_err(|e| value(e.to_string()))?;
        py.import("json")?.call_method1("loads", (text,))
    }

    /// The trace as JSON text (what `queens trace` writes; `queens render` reads it back).
    fn to_json(&self) -> PyResult<String> {
        let mut out = Vec::new();
        self.trace.write_json(&mut out).or_raise()?;
        String::from_utf8(out).map_err(|e| value(e.to_string()))
    }

    /// Frame `k` (0 is the empty board; negative counts from the end) as PNG bytes.
    fn frame<'py>(&self, py: Python<'py>, k: isize) -> PyResult<Bound<'py, PyBytes>> {
        let frames = self.trace.frame_count() as isize;
        let index = if k < 0 { frames + k } else { k };
        if !(0..frames).contains(&index) {
            return Err(PyIndexError::new_err(format!("frame {k} is outside the run's {frames} frames")));
        }
        Ok(PyBytes::new(py, &self.png_frame(py, index as usize)?))
    }

    /// The run in `format` ("gif", "webp", "apng", "mp4", "webm", "svg", "html", "pdf") as bytes.
    #[pyo3(signature = (format="gif"))]
    fn to_bytes<'py>(&self, py: Python<'py>, format: &str) -> PyResult<Bound<'py, PyBytes>> {
        let format = Format::choose(Some(parse_format(format)?), None, queens::ANIMATION_FORMATS).or_raise()?;
        let mut out = Vec::new();
        self.write(py, format, &SinkOptions::default(), &mut out)?;
        Ok(PyBytes::new(py, &out))
    }

    /// Write the run to `path`, in the format its extension names (or `format`); nothing appears
    /// unless the whole file is written. Returns the number of bytes written.
    #[pyo3(signature = (path, format=None))]
    fn save(&self, py: Python<'_>, path: PathBuf, format: Option<&str>) -> PyResult<u64> {
        let flag = format.map(parse_format).transpose()?;
        let format = Format::choose(flag, Some(&path), queens::ANIMATION_FORMATS).or_raise()?;
        let mut file = create_output(&path)?;
        self.write(py, format, &SinkOptions::default(), &mut file)?;
        file.commit().or_raise()
    }

    /// The player, for Jupyter: one self-contained page in a sandboxed `<iframe srcdoc>`.
    fn _repr_html_(&self, py: Python<'_>) -> PyResult<String> {
        let mut options = SinkOptions::default();
        options.embed = true;
        let mut page = Vec::new();
        let summary = self.write(py, Format::Html, &options, &mut page)?;
        let page = String::from_utf8(page).map_err(|e| value(e.to_string()))?;
        Ok(iframe(&page, summary.width, summary.height + PLAYER_CONTROLS_PX))
    }

    /// The last frame as PNG, for notebook viewers that strip scripts.
    fn _repr_png_<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        self.frame(py, -1)
    }
}

/// The output file at `path`, refused when it is the file or pipe this Python process reads as
/// standard input (`/dev/stdin`, `/proc/self/fd/0`, or the file `python script.py < f` reads).
pub fn create_output(path: &std::path::Path) -> PyResult<OutputFile> {
    queens::output::register_input(std::path::Path::new("-"), "the standard input of Python");
    OutputFile::create(path).or_raise()
}

impl Run {
    /// Solve as `options` say, recording at most `animation.max_frames` frames, with the GIL
    /// released.
    pub fn record(py: Python<'_>, options: &queens::SolveOptions, animation: Animation) -> PyResult<Run> {
        let trace = py.detach(|| queens::record(options, animation.max_frames)).or_raise()?;
        Ok(Run { trace: Arc::new(trace), animation })
    }

    /// Frame `index` as PNG bytes (the index is in range).
    pub fn png_frame(&self, py: Python<'_>, index: usize) -> PyResult<Vec<u8>> {
        let mut one = self.animation.clone();
        one.motion = queens::Motion::None;
        let spec = FrameSpec::parse(&index.to_string()).map_err(|e| value(e.to_string()))?;
        one.selection = Selection { spec: Some(spec), every: None };
        let mut png = Vec::new();
        let trace = &self.trace;
        release(py, || queens::render(trace, &one, &mut queens::StillSink::new(&mut png), &Interrupt::default()))?;
        Ok(png)
    }

    /// Draw the whole run into `out` as `format` (a GIF with smooth motion at most
    /// `DEFAULT_GIF_FPS` pictures a second: its delays are whole hundredths of a second).
    fn write<W: std::io::Write + Send>(
        &self,
        py: Python<'_>,
        format: Format,
        options: &SinkOptions,
        out: W,
    ) -> PyResult<Summary> {
        let mut animation = self.animation.clone();
        if let (Format::Gif, queens::Motion::Smooth { fps }) = (format, animation.motion) {
            animation.motion = queens::Motion::Smooth { fps: fps.min(queens::motion::DEFAULT_GIF_FPS) };
        }
        let (trace, animation) = (&self.trace, &animation);
        release(py, || {
            let mut sink = format.sink(out, options)?;
            queens::render(trace, animation, &mut sink, &Interrupt::default())
        })
    }
}

/// Run `draw` with the GIL released; a render cancelled by Ctrl-C raises `KeyboardInterrupt`.
pub fn release<T: Send>(py: Python<'_>, draw: impl FnOnce() -> Result<T, queens::Error> + Send) -> PyResult<T> {
    match py.detach(draw) {
        Err(queens::Error::Cancelled) => Err(PyKeyboardInterrupt::new_err("drawing stopped")),
        other => other.or_raise(),
    }
}

/// Progress that asks Python every few frames whether Ctrl-C was pressed.
#[derive(Default)]
pub struct Interrupt {
    pressed: AtomicBool,
}

/// Frames drawn between two looks at Python's signals.
const FRAMES_PER_SIGNAL_CHECK: usize = 16;

impl Progress for Interrupt {
    fn advance(&self, done: usize, _total: Option<usize>) -> bool {
        if done.is_multiple_of(FRAMES_PER_SIGNAL_CHECK) && Python::attach(|py| py.check_signals().is_err()) {
            self.pressed.store(true, Ordering::Relaxed);
        }
        !self.pressed.load(Ordering::Relaxed)
    }
}

/// A format's name as `save(format=...)` and `to_bytes` take it.
fn parse_format(name: &str) -> PyResult<Format> {
    Format::from_name(name).ok_or_else(|| {
        let names: Vec<String> = queens::ANIMATION_FORMATS.iter().map(|f| f.to_string()).collect();
        value(format!("unknown format {name:?} (expected one of: {})", names.join(", ")))
    })
}

/// `page` shown in a sandboxed frame of the given size: scripts run, but in an origin of their own.
pub fn iframe(page: &str, width: usize, height: usize) -> String {
    let escaped = page.replace('&', "&amp;").replace('"', "&quot;");
    format!(
        "<iframe srcdoc=\"{escaped}\" sandbox=\"allow-scripts\" width=\"{width}\" height=\"{height}\" \
         style=\"border:0;max-width:100%\" title=\"queens player\"></iframe>"
    )
}
