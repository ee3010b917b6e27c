//! The library's error type: every message says what went wrong and what to do next.

use std::path::Path;
use thiserror::Error;

#[derive(Debug, Error)]
pub enum Error {
    #[error("board size {0} is not allowed: use an N from 1 to {max}", max = crate::board::MAX_REPLAY_N)]
    BoardSize(usize),
    #[error("this run needs more than {limit} frames; raise --max-frames, or use a smaller N or --until")]
    TooManyFrames { limit: usize },
    #[error("invalid trace: event {event}: {reason}")]
    InvalidTrace { event: usize, reason: String },
    #[error("cannot read the trace JSON: {0}")]
    TraceJson(#[from] serde_json::Error),
    #[error("{width}x{height} pixels is too large (limit: {limit}); use a smaller --square")]
    ImageTooLarge { width: usize, height: usize, limit: String },
    #[error("--square {0} is out of range: use {min} to {max} pixels", min = crate::render::layout::MIN_SQUARE, max = crate::render::layout::MAX_SQUARE)]
    SquareSize(usize),
    #[error("output {path}: {reason}")]
    Output { path: String, reason: String },
    #[error("cannot write the output: {0}")]
    Io(#[from] std::io::Error),
    #[error("GIF encoding failed: {0}")]
    Gif(#[from] gif::EncodingError),
    #[error("PNG encoding failed: {0}")]
    Png(#[from] png::EncodingError),
    #[error("{n}x{n} has {} boards to draw, more than the limit of {limit}; raise --max-boards if you mean it", board_count(*boards))]
    TooManyBoards { n: usize, boards: u64, limit: u64 },
    #[error("the {algorithm} search gave up after {events} steps; try --algorithm backtrack or min-conflicts")]
    SearchTooLong { algorithm: &'static str, events: u64 },
    #[error("cancelled")]
    Cancelled,
}

impl Error {
    pub fn output(path: &Path, reason: &str) -> Self {
        Error::Output { path: path.display().to_string(), reason: reason.to_string() }
    }
}

/// A board count for messages; counts past 2^64 - 1 (N > 27) are only known to be astronomical.
fn board_count(boards: u64) -> String {
    if boards == u64::MAX {
        "more than 10^17".to_string()
    } else {
        boards.to_string()
    }
}
