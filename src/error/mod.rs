//! The library's error types: every message says what went wrong and what to do next, in the
//! library's own terms (the command line adds its flag names where it reports them). Imports
//! nothing of the crate: [`Error`], and the faults it carries ([`TraceFault`], [`SelectError`]);
//! `echo.rs` escapes the outside text a message repeats.

pub mod echo;

use std::path::PathBuf;
use thiserror::Error;

#[derive(Debug, Error)]
#[non_exhaustive]
pub enum Error {
    #[error("board size {n} is not allowed: use an N from 1 to {max}")]
    BoardSize { n: usize, max: usize },
    #[error("this run needs more than {limit} frames; raise the frame limit, or use a smaller N or stop earlier")]
    TooManyFrames { limit: usize },
    #[error("choosing frames needs the run's length, which a stream does not tell up front; save the stream to a file first")]
    SelectionNeedsLength,
    #[error("invalid trace: event {event}: {fault}")]
    InvalidTrace { event: usize, fault: TraceFault },
    #[error("line {line}: {}", echo::clipped(reason, 300))]
    TraceLine { line: usize, reason: String },
    #[error("cannot read the trace JSON: {}", echo::clipped(&.0.to_string(), 300))]
    TraceJson(#[from] serde_json::Error),
    #[error("cannot read the trace: {0}")]
    TraceRead(std::io::Error),
    #[error("the trace is not UTF-8 text: {reason}; save it as UTF-8 (iconv -t UTF-8)")]
    TraceEncoding { reason: String },
    #[error("the JSON trace is larger than {limit} bytes; write it as JSON Lines (trace --format jsonl), which is read as a stream")]
    TraceTooLarge { limit: u64 },
    #[error("the trace's algorithm name is {chars} characters long, more than {max}; shorten it")]
    AlgorithmName { chars: usize, max: usize },
    #[error("{width}x{height} pixels is too large (limit: {limit} pixels); use smaller squares")]
    ImageTooLarge { width: usize, height: usize, limit: &'static str },
    #[error("a sheet of {frames} frames would be {width}x{height} pixels, more than {limit}; keep fewer frames or use smaller squares")]
    SheetTooLarge { frames: usize, width: usize, height: usize, limit: &'static str },
    #[error("{width}x{height} pixels is too large for {format} (at most {max} pixels a side); use smaller squares")]
    SideTooLong { width: usize, height: usize, format: &'static str, max: usize },
    #[error("a square of {square} pixels is out of range: use {min} to {max} pixels")]
    SquareSize { square: usize, min: usize, max: usize },
    #[error(
        ".{extension} is not a format this command writes ({writes}); change the output's extension or name the format"
    )]
    UnknownFormat { extension: String, writes: String },
    #[error("output {}: {reason}", path.display())]
    Output { path: PathBuf, reason: String },
    #[error("cannot write the output: {0}")]
    Io(#[from] std::io::Error),
    #[error("GIF encoding failed: {0}")]
    Gif(#[from] gif::EncodingError),
    #[error("PNG encoding failed: {0}")]
    Png(#[from] png::EncodingError),
    #[error("{n}x{n} has {} boards to draw, more than the limit of {limit}; raise the board limit if you mean it", board_count(*boards))]
    TooManyBoards { n: usize, boards: u64, limit: u64 },
    #[error("the {algorithm} search found no answer within {seconds} s and gave up; {instead}")]
    SearchTooLong { algorithm: &'static str, seconds: u64, instead: &'static str },
    #[error("a sink was used out of order ({0}); this is a bug in the caller")]
    SinkState(&'static str),
    #[error("cancelled")]
    Cancelled,
    #[error("a still shows one frame, but {frames} were selected; select one, or write a sheet or an animation")]
    StillFrames { frames: usize },
    #[error(transparent)]
    Select(#[from] SelectError),
    #[error("{} is a folder; give a file name (inside it, for example)", path.display())]
    OutputIsFolder { path: PathBuf },
    #[error("the folder for {} does not exist; create it first", path.display())]
    OutputFolderMissing { path: PathBuf },
    #[error("cannot open {} for writing: {source}; check the path and its permissions", path.display())]
    OutputOpen { path: PathBuf, source: std::io::Error },
    #[error("cannot write {}: {source}; {}", path.display(), write_hint(source))]
    OutputWrite { path: PathBuf, source: std::io::Error },
    #[error("{} was not written: the run is being stopped", path.display())]
    OutputStopped { path: PathBuf },
    #[error("refusing to write through {}: it is a link owned by uid {owner} in the shared folder {} (sticky and world-writable), which the kernel would not follow either; remove the link or write elsewhere", path.display(), folder.display())]
    OutputPlantedLink { path: PathBuf, folder: PathBuf, owner: u32 },
    #[error("refusing to write into {}: it belongs to uid {owner}, not to you; remove it or give -o a path of your own", folder.display())]
    OutputForeignFolder { folder: PathBuf, owner: u32 },
    #[error("refusing to replace {}: you may not write to that file (mode {mode:o}, uid {owner}); remove it first or write elsewhere, as cp would", path.display())]
    OutputNotWritable { path: PathBuf, mode: u32, owner: u32 },
    #[error("cannot write {}: {source}; its temporary {} could not be removed either: delete it", path.display(), temp.display())]
    OutputTemporaryLeft { path: PathBuf, temp: PathBuf, source: std::io::Error },
    #[error(
        "a search tree needs a run that places and removes queens one at a time; the {} run is not a tree search",
        echo::printable(algorithm)
    )]
    NotATreeSearch { algorithm: String },
    #[error("the tree needs the whole run; save the stream to a file")]
    TreeNeedsWholeRun,
    #[error(
        "--why explains the dead ends of backtrack, grid and forward runs; the {} run has none to explain",
        echo::printable(algorithm)
    )]
    NothingToExplain { algorithm: String },
    #[error("the {format} file would pass the format's 4 GiB limit; render fewer frames or smaller squares")]
    FileTooLarge { format: &'static str },
    #[error("ffmpeg not found: install it (apt install ffmpeg) or write GIF, WebP or APNG instead")]
    FfmpegMissing,
    #[error("ffmpeg failed: {reason}; check that ffmpeg has the {codec} encoder, or write GIF, WebP or APNG instead")]
    Ffmpeg { codec: &'static str, reason: String },
    #[error("{}, line {line}: not a shard result ({})", echo::printable(input), echo::clipped(reason, 300))]
    ShardLine { input: String, line: usize, reason: String },
    #[error("{}", echo::printable(.0))]
    Shards(String),
    #[error("{0}")]
    ShardSpec(String),
    #[error("puzzle file, line {line}, column {col}: {fault}")]
    PuzzleFile { line: usize, col: usize, fault: PuzzleFault },
    #[error("the puzzle file is larger than {limit} bytes; a puzzle file is a few lines of cells (README, Puzzles)")]
    PuzzleTooLarge { limit: u64 },
    #[error("cannot read the puzzle file: {0}")]
    PuzzleRead(std::io::Error),
    #[error("the puzzle does not fit its board: {reason}; build it with the puzzle file reader")]
    PuzzleShape { reason: String },
    #[error("the {algorithm} search does not solve {kind}; {instead}")]
    PuzzleAlgorithm { algorithm: &'static str, kind: &'static str, instead: &'static str },
    #[error("no {kind} puzzle of size {n} found within {tries} tries of seed {seed}; try another seed{hint}")]
    PuzzleNotFound { kind: &'static str, n: usize, seed: u64, tries: usize, hint: &'static str },
    #[error("the dynamic programming count of {n}x{n} needs about {needed} of memory, more than the limit of {limit}; raise the memory limit or count by search")]
    DpMemory { n: usize, needed: String, limit: String },
}

impl Error {
    pub fn output(path: &std::path::Path, reason: &str) -> Self {
        Error::Output { path: path.to_path_buf(), reason: reason.to_string() }
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

/// What to do after a failed write: a full disk, a reader gone, anything else.
fn write_hint(e: &std::io::Error) -> &'static str {
    const ENOSPC: i32 = 28;
    match e.raw_os_error() {
        Some(ENOSPC) => "free some space or write somewhere else",
        _ if e.kind() == std::io::ErrorKind::BrokenPipe => "the reader closed it before the end",
        _ => "check the target and try again",
    }
}

/// An event that cannot happen on the board it is applied to. Squares are named chess-style with
/// their 0-based row and column.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum TraceFault {
    #[error("row {row} col {col} is off the {n}x{n} board")]
    OffBoard { row: usize, col: usize, n: usize },
    #[error("{square} already holds a queen")]
    Occupied { square: String },
    #[error("there is no queen on {square} to remove")]
    NoQueen { square: String },
    #[error("solution lists {listed} queens, the board needs {n}")]
    SolutionLength { listed: usize, n: usize },
    #[error("the board holds {queens} queens, a solution needs {n}")]
    SolutionQueens { queens: usize, n: usize },
    #[error("solution puts column {col} at row {row}, the board does not")]
    SolutionMismatch { col: usize, row: usize },
    #[error("queens on {a} and {b} attack each other")]
    SolutionConflict { a: String, b: String },
    #[error("layout lists {listed} queens for a {n}x{n} board")]
    LayoutLength { listed: usize, n: usize },
    #[error("deadend row {row} is off the {n}x{n} board")]
    DeadendOffBoard { row: usize, n: usize },
    #[error("deadend says row {row} has no free square, but it has")]
    DeadendWrong { row: usize },
    #[error("check says {square} is {}, but it is {}", verdict(*safe), verdict(!*safe))]
    CheckVerdict { square: String, safe: bool },
    #[error("a safe check cannot name an attacker")]
    SafeWithAttacker,
    #[error("attacker row {row} col {col} holds no queen")]
    AttackerMissing { row: usize, col: usize },
    #[error("the queen on {attacker} does not attack {square}")]
    NotAttacking { attacker: String, square: String },
    #[error(
        "a {event} event belongs to a puzzle's run, but this trace has no \"puzzle\"; add the puzzle or drop the event"
    )]
    PuzzleEvent { event: &'static str },
    #[error("the trace's puzzle does not fit: {reason}")]
    PuzzleShape { reason: String },
    #[error("{square} is blocked: no queen may stand there")]
    Blocked { square: String },
    #[error("the queen on {square} is given by the puzzle and cannot be removed")]
    GivenQueen { square: String },
    #[error("{square} is ruled out: no queen may stand there until an undo reopens it")]
    RuledOut { square: String },
    #[error("{square} cannot be ruled out: it {why}")]
    NotOpen { square: String, why: &'static str },
    #[error("{square} cannot be reopened: it is not ruled out")]
    NotRuledOut { square: String },
}

/// What is wrong at one place of a puzzle file.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum PuzzleFault {
    #[error("the file holds no grid; write N lines of N cells (README, Puzzles)")]
    Empty,
    #[error("the text is not UTF-8; save it as UTF-8 (iconv -t UTF-8)")]
    NotUtf8,
    #[error("'{}' is not a cell; use . (open), # (blocked), Q (a given queen) or a region letter A-Z, a-z", .found.escape_debug())]
    UnknownCharacter { found: char },
    #[error("this row has {found} cells, the first row has {n}; every row needs as many cells as the first")]
    Ragged { found: usize, n: usize },
    #[error("the grid has {found} rows of {n} cells; a puzzle has {n} rows (a region puzzle may add a second block of {n} rows marking . # Q)")]
    RowCount { found: usize, n: usize },
    #[error("{n} cells a row is more than the largest puzzle, {max}x{max}")]
    TooBig { n: usize, max: usize },
    #[error("a {n}x{n} region puzzle needs {n} regions, this one has {found}")]
    RegionCount { n: usize, found: usize },
    #[error("region letter {letter} is past the board's {n} regions; name a {n}x{n} puzzle's regions A to {last}")]
    RegionLetter { letter: char, n: usize, last: char },
    #[error("the second block marks squares with . # Q only; the region letters belong in the first block")]
    LetterInMarks,
    #[error("the first block of a region puzzle holds region letters only; mark . # Q in a second block of rows")]
    MarkInRegions,
    #[error("the given queen on {square} attacks the given queen on {other} ({why}); a puzzle's givens must be a partial solution")]
    GivensAttack { square: String, other: String, why: &'static str },
}

fn verdict(safe: bool) -> &'static str {
    if safe {
        "safe"
    } else {
        "attacked"
    }
}

/// Why a frame list cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SelectError {
    #[error("frame item '{item}' is not a frame: use K, A-B (A <= B), A-, solutions or last, comma separated")]
    Malformed { item: String },
    #[error("frame item '{item}' is past the last frame, {last}: use frames 0 to {last}")]
    PastLast { item: String, last: usize },
    #[error("the frame list '{spec}' selects no frame of this run (it has frames 0 to {last}); pick others")]
    Empty { spec: String, last: usize },
}
