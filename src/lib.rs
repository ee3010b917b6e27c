//! queens: turns N-Queens solving runs into pictures: animated GIF, WebP, APNG, MP4/WebM, SVG and
//! HTML players, PNG and SVG stills, sprite sheets.
//!
//! # The stages
//!
//! Data flows one way, and the public names follow it (they are listed in that order in
//! `src/lib.rs`):
//!
//! 1. **Record** a run: [`record`] runs one of the built-in searches ([`SolveOptions`],
//!    [`Algorithm`]) into a [`Trace`], a list of [`Event`]s (place, remove, solution, ...). A solver
//!    of your own sends the same events to a [`Recorder`] (a [`VecRecorder`] keeps them), or writes
//!    them as JSON Lines ([`jsonl`]); `examples/own_solver.rs` is one.
//! 2. **Render** it: [`render`] validates the trace, replays it board by board, describes each
//!    selected frame as a [`Scene`] and paints it into an [`IndexedImage`] on all cores, in flat
//!    memory. [`Animation`] says what to draw and how ([`RenderOptions`]: squares, [`Theme`],
//!    captions; [`Timing`]; [`Selection`] of frames).
//! 3. **Sink** the frames: every output format is a [`Sink`] ([`GifSink`], [`WebpSink`],
//!    [`ApngSink`], [`VideoSink`], [`SvgSink`], [`HtmlSink`], [`StillSink`], [`FrameSheetSink`],
//!    [`SplitSink`]); [`Format`] picks one from a name or a file extension. A sink of your own
//!    implements [`Sink`] and [`Encode`] (`examples/custom_sink.rs`).
//!
//! Beside the animation: stills of boards ([`write_board`]), sheets of solutions ([`write_sheet`])
//! and heatmaps of the solution space ([`write_heatmap`]), in PNG, SVG or PDF; puzzles to play as one
//! HTML page ([`write_puzzle_page`]); exact counts in
//! [`count`] ([`count::count_all`]). Files are best written through [`OutputFile`]: nothing appears
//! unless the run succeeds. Every failure is an [`Error`] whose message says what to do next.
//!
//! ```
//! # let dir = tempfile::tempdir()?;
//! let options = queens::SolveOptions::new(6);
//! let trace = queens::record(&options, queens::DEFAULT_MAX_FRAMES)?; // 1. record
//! let path = dir.path().join("queens-6.gif");
//! let mut file = queens::OutputFile::create(&path)?;
//! let animation = queens::Animation::new();
//! let mut sink = queens::GifSink::new(&mut file); // 3. the sink
//! let summary = queens::render(&trace, &animation, &mut sink, &queens::NoProgress)?; // 2. render
//! drop(sink);
//! file.commit()?;
//! assert_eq!(summary.frames, trace.frame_count());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Features
//!
//! - `cli` (default): the `queens` command-line tool and its crates (clap, crossterm, ...). A
//!   library user can leave it out: `queens = { version = "0.1", default-features = false }`.
//! - `image` (off by default): frames and stills as [`image::RgbaImage`](https://docs.rs/image)s,
//!   for programs that want pixels in memory rather than a file: `queens::frames(&trace,
//!   &animation)` pulls a run's frames one at a time with their delays (`Frames`), `Frame::to_rgba`
//!   converts a frame inside a sink, `queens::board_image` and `queens::heatmap_image` draw stills.
//!   The `image` crate comes without its codecs; enable the ones you save with (`image/png`, ...).
//!   See `examples/frames_to_image.rs`.
//!
//! `queens::internals` is for the project's own tests, benchmarks and fuzz target: it is hidden
//! from these docs and may change in any release.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod board;
pub mod count;
mod draw;
mod encode;
mod error;
mod font;
pub mod motion;
pub mod output;
mod pipeline;
mod pixels;
mod scene;
mod sink;
mod solve;
mod stills;
mod trace;

// The public surface, in stage order: errors, the pixel seam, outputs, the trace vocabulary,
// solving and counting, replayed boards, drawing, sinks (formats), the orchestrators and stills.

pub use error::{echo, Error, PuzzleFault, SelectError, TraceFault};
/// The library's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;

pub use pixels::{IndexedImage, Rgb, TRANSPARENT};

pub use output::{check_own_folder, remove_temporaries, Batch, OutputFile};

pub use trace::jsonl;
pub use trace::puzzle_file::{parse_puzzle, puzzle_text, read_puzzle, ReadPuzzle, MAX_PUZZLE_BYTES, MAX_PUZZLE_N};
pub use trace::puzzle_furniture::{Puzzle, Rule, MAX_REGIONS};
pub use trace::select::{solution_frames, FrameSpec, Selection};
pub use trace::{column_label, Algorithm, Event, Full, Recorder, RunInfo, Square, Trace, VecRecorder};

pub use count::TRANSFORMS;
pub use solve::estimate::{estimate, Checkpoint, Estimate, Stat};
pub use solve::las_vegas::{exact_p as las_vegas_exact_p, las_vegas, las_vegas_within, LasVegasRow};
pub use solve::profile::{profile_within_budget, PROFILE_LIMIT_N};
pub use solve::puzzle::deduce::{by_rules as solve_by_rules, Outcome as RulesOutcome};
pub use solve::puzzle::generate::{generate as generate_puzzle, Generated, PuzzleKind, GENERATE_SIZES};
pub use solve::puzzle::{count_puzzle_solutions, hint as puzzle_hint, rule_mix as puzzle_rule_mix, solve_puzzle};
pub use solve::{
    record, record_first, solution_stream, solutions, Detail, SolveOptions, Until, DEFAULT_SEED, SEARCH_TIME_LIMIT,
};

pub use board::key_frames::key_frames;
pub use board::seek::FrameSeeker;
pub use board::tree::{Node, NodeState, SearchTree};
pub use board::{validate, BoardFrame, Counters};

pub use scene::caption::{caption_spec, CaptionSpec};
pub use scene::code;
pub use scene::color::{contrast, luminance};
pub use scene::identity::{ItemId, Part};
pub use scene::items::{Inset, Item, Rect, Scene};
pub use scene::theme::{Paint, Theme};
pub use scene::RenderOptions;

pub use draw::raster::palette::Palette;
pub use draw::text::report::{solution_text, solutions_summary, solutions_text};
pub use draw::text::{
    code_listing, write_code_frames, write_text_frames, write_text_stream, Mark, TextFrame, TextSeeker,
};

pub use encode::gif::Tuning;
pub use sink::pdf::Paper;
pub use sink::{
    atlas::aseprite_atlas, sheet::default_columns, AnyEncoder, AnySink, ApngSink, Encode, Format, Frame,
    FrameSheetSink, GifSink, Handout, HtmlSink, OwnedFrame, PdfSink, Quiz, SheetCell, SheetOptions, Sink, SinkOptions,
    SplitSink, StillSink, Stream, SvgSheetSink, SvgSink, Transcript, TranscriptSink, VideoCodec, VideoSink, WebpSink,
    ANIMATION_FORMATS, STILL_FORMATS,
};

pub use motion::Motion;
pub use pipeline::{
    reading_ms, render, render_race, render_reader, render_stream, Animation, Clock, NoProgress, Pace, Progress,
    Summary, Timing, DEFAULT_DEADEND_HOLD_MS, DEFAULT_DELAY_MS, DEFAULT_END_HOLD_MS, DEFAULT_HOLD_MS,
    DEFAULT_MAX_FRAMES, DEFAULT_START_HOLD_MS, MAX_DELAY_MS, MIN_DELAY_MS,
};
pub use sink::html::puzzle::{write_puzzle_page, PlayOptions, PlayPage};
pub use stills::book::{
    book_puzzles, puzzles_per_page, write_book, write_book_picture, BookOptions, BookPages, BookPuzzle, Grade,
    ANSWERS_PER_PAGE, MAX_BOOK_PUZZLES,
};
pub use stills::chart::growth::GrowthRow;
pub use stills::classes::class_boards;
pub use stills::heatmap::{heatmap_counts, ramp};
pub use stills::sheet::{check_batch, solution_boards, DEFAULT_MAX_BOARDS};
pub use stills::{
    write_board, write_heatmap, write_puzzle_hint, write_sheet, Atlas, AtlasEntry, ClassPlace, SheetBoard,
};
pub use stills::{write_estimate_chart, write_growth_chart, write_profile_chart};
#[cfg(feature = "image")]
pub use {
    pipeline::{frames, Frames},
    stills::{board_image, heatmap_image},
};

use std::io::Write;

/// Solve, then render the run as an animated GIF into `out`.
pub fn animate<W: Write>(options: &SolveOptions, animation: &Animation, out: W) -> Result<Summary, Error> {
    scene::layout::check_geometry(options.n, animation.look.square_for(options.n))?;
    let trace = record(options, animation.max_frames)?;
    render_gif(&trace, animation, out)
}

/// Render an existing trace (validated first) as an animated GIF into `out`.
pub fn render_gif<W: Write>(trace: &Trace, animation: &Animation, out: W) -> Result<Summary, Error> {
    render(trace, animation, &mut GifSink::new(out), &NoProgress)
}

/// Render an existing trace (validated first) as an animated SVG into `out`; with one frame selected,
/// an SVG still of that frame.
pub fn render_svg<W: Write>(trace: &Trace, animation: &Animation, out: W) -> Result<Summary, Error> {
    render(trace, animation, &mut SvgSink::new(out), &NoProgress)
}

/// Render an existing trace (validated first) as a self-contained HTML player page into `out`.
pub fn render_html<W: Write>(trace: &Trace, animation: &Animation, out: W) -> Result<Summary, Error> {
    render(trace, animation, &mut HtmlSink::new(out), &NoProgress)
}

/// Internals that tests, benchmarks and the fuzz target reach into; not a stable interface.
#[doc(hidden)]
pub mod internals {
    pub use crate::board::{Board, Replay};
    pub use crate::encode::lzw;
    pub use crate::pipeline::Pacer;
    pub use crate::scene::{caption, layout, Describer};
    pub use crate::solve::puzzle::{deduce, region_grid, rules};
}
