//! queens: turns N-Queens solving runs into pictures.
//!
//! Stages, one folder each, data flowing one way: solve (events into a [`Trace`]) -> board
//! (replayed states) -> render (a [`Scene`] per frame, painted into an [`IndexedImage`]) -> sink
//! (GIF, WebP, APNG, video, SVG, PNG; [`Format`] picks one), wired by [`render`]. Stills of
//! solutions ([`write_board`], [`write_sheet`], [`write_heatmap`]) and exact counts ([`count`]) sit
//! beside it. A sink of your own implements [`Sink`] and [`Encode`] (see `examples/custom_sink.rs`).
//!
//! ```no_run
//! let options = queens::SolveOptions::new(6);
//! let file = std::fs::File::create("queens-6.gif").unwrap();
//! let summary = queens::animate(&options, &queens::Animation::new(), file).unwrap();
//! println!("{} frames", summary.frames);
//! ```
#![forbid(unsafe_code)]

mod board;
pub mod count;
mod encode;
mod error;
pub mod output;
mod pipeline;
mod pixels;
mod render;
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
pub use trace::puzzle::{Puzzle, Rule, MAX_REGIONS};
pub use trace::puzzle_file::{parse_puzzle, puzzle_text, read_puzzle, ReadPuzzle, MAX_PUZZLE_BYTES, MAX_PUZZLE_N};
pub use trace::select::{solution_frames, FrameSpec, Selection};
pub use trace::{Algorithm, Event, Recorder, RunInfo, Square, Trace};

pub use count::TRANSFORMS;
pub use solve::puzzle::deduce::{by_rules as solve_by_rules, Outcome as RulesOutcome};
pub use solve::puzzle::generate::{generate as generate_puzzle, Generated, PuzzleKind, GENERATE_SIZES};
pub use solve::puzzle::{hint as puzzle_hint, rule_mix as puzzle_rule_mix, solve_puzzle};
pub use solve::{record, solution_stream, solutions, Detail, SolveOptions, Until, DEFAULT_SEED, SEARCH_TIME_LIMIT};

pub use board::seek::FrameSeeker;
pub use board::tree::{Node, NodeState, SearchTree};
pub use board::{validate, BoardFrame, Counters};

pub use render::caption::{caption_spec, CaptionSpec};
pub use render::palette::Palette;
pub use render::report::{solution_text, solutions_summary, solutions_text};
pub use render::scene::{Item, Rect, Scene};
pub use render::text_frame::{write_text_frames, write_text_stream, Mark, TextFrame, TextSeeker};
pub use render::theme::{Paint, Theme};
pub use render::RenderOptions;

pub use encode::gif::Tuning;
pub use sink::{
    atlas::aseprite_atlas, sheet::default_columns, AnyEncoder, AnySink, ApngSink, Encode, Format, Frame,
    FrameSheetSink, GifSink, HtmlSink, OwnedFrame, SheetCell, Sink, SplitSink, StillSink, Stream, SvgSheetSink,
    SvgSink, VideoCodec, VideoSink, WebpSink, ANIMATION_FORMATS, STILL_FORMATS,
};

pub use pipeline::{
    render, render_race, render_reader, render_stream, Animation, Clock, NoProgress, Progress, Summary, Timing,
    DEFAULT_DEADEND_HOLD_MS, DEFAULT_DELAY_MS, DEFAULT_END_HOLD_MS, DEFAULT_HOLD_MS, DEFAULT_MAX_FRAMES,
    DEFAULT_START_HOLD_MS,
};
pub use stills::classes::class_boards;
pub use stills::heatmap::{heatmap_counts, ramp};
pub use stills::sheet::{check_batch, solution_boards, DEFAULT_MAX_BOARDS};
pub use stills::{write_board, write_heatmap, write_sheet, Atlas, AtlasEntry, ClassPlace, SheetBoard};

use std::io::Write;

/// Solve, then render the run as an animated GIF into `out`.
pub fn animate<W: Write>(options: &SolveOptions, animation: &Animation, out: W) -> Result<Summary, Error> {
    render::layout::check_geometry(options.n, animation.look.square_for(options.n))?;
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
    pub use crate::board::{Board, BoardFrame, Replay, MAX_REPLAY_N};
    pub use crate::encode::{gif, lzw, patch, png, vp8l, zlib};
    pub use crate::render::{canvas, caption, glyphs, layout, palette, scene, svg, theme, why, Renderer};
    pub use crate::solve::puzzle::{deduce, rules, state};
    pub use crate::trace::{column_label, Full, VecRecorder};
}
