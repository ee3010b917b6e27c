//! The library's error types: every message says what went wrong and what to do next, in the
//! library's own terms (the command line adds its flag names where it reports them). Imports
//! nothing of the crate: [`Error`], and the faults it carries ([`TraceFault`], [`SelectError`]);
//! `echo.rs` escapes the outside text a message repeats.

pub mod echo;
mod faults;

pub use faults::{PuzzleFault, SelectError, TraceFault};

use std::path::PathBuf;
use thiserror::Error;

/// Everything the library can fail with. Each message says what went wrong and what to do next;
/// match on the variant to act on it.
#[derive(Debug, Error)]
#[non_exhaustive]
// Each variant has a sentence naming its fields, which are what its message shows; missing_docs
// is off for the fields only in effect (tests/it/surface.rs checks every variant has a sentence).
#[allow(missing_docs)]
pub enum Error {
    /// The board size `n` is outside 1..=`max`.
    #[error("board size {n} is not allowed: use an N from 1 to {max}")]
    BoardSize { n: usize, max: usize },
    /// The run has more frames than the frame limit, `limit`.
    #[error("this run needs more than {limit} frames; raise the frame limit, or use a smaller N or stop earlier")]
    TooManyFrames { limit: usize },
    /// An SVG or HTML run of `frames` frames of an `n` x `n` board holds `cost` squares, past `limit`.
    #[error("an SVG or HTML player of {frames} frames of a {n}x{n} board would hold {cost} squares (frames x N x N, twice with --motion smooth), past the budget of {limit} for vector outputs (about 1 GB); show fewer frames (--every K, --frames SPEC) or write a GIF, MP4 or WebM, which stream")]
    VectorBudget { frames: usize, n: usize, cost: u64, limit: u64 },
    /// A frame list was given for a stream whose length is not known.
    #[error("choosing frames needs the run's length, which a stream does not tell up front; save the stream to a file first")]
    SelectionNeedsLength,
    /// Event number `event` (1-based) cannot happen on the board it is applied to.
    #[error("invalid trace: event {event}: {fault}")]
    InvalidTrace { event: usize, fault: TraceFault },
    /// Line `line` of a JSON Lines trace is not an event or header; `reason` says why.
    #[error("line {line}: {}", echo::clipped(reason, 300))]
    TraceLine { line: usize, reason: String },
    /// The JSON trace does not parse.
    #[error("cannot read the trace JSON: {}", echo::clipped(&.0.to_string(), 300))]
    TraceJson(#[from] serde_json::Error),
    /// The trace could not be read.
    #[error("cannot read the trace: {0}")]
    TraceRead(std::io::Error),
    /// The trace is not UTF-8 text; `reason` names what it is.
    #[error("the trace is not UTF-8 text: {reason}; save it as UTF-8 (iconv -t UTF-8)")]
    TraceEncoding { reason: String },
    /// A whole JSON trace is larger than `limit` bytes.
    #[error("the JSON trace is larger than {limit} bytes; write it as JSON Lines (trace --format jsonl), which is read as a stream")]
    TraceTooLarge { limit: u64 },
    /// The trace's algorithm name is longer than `max` characters; `chars` were counted (a whole
    /// JSON trace is refused at the first character past `max`, before the rest is read).
    #[error("the trace's algorithm name is longer than {max} characters; shorten it")]
    AlgorithmName { chars: usize, max: usize },
    /// A whole JSON trace holds a string (a name or a caption) longer than `limit` bytes, which no
    /// trace needs; it is refused before the rest is read.
    #[error("the JSON trace holds a string longer than {limit} bytes, which no trace needs; shorten it")]
    TraceStringTooLong { limit: usize },
    /// A picture of `width` x `height` pixels is past the pixel budget `limit`.
    #[error("{width}x{height} pixels is too large (limit: {limit} pixels); use smaller squares")]
    ImageTooLarge { width: usize, height: usize, limit: &'static str },
    /// A sheet of `frames` frames would be `width` x `height` pixels, past `limit`.
    #[error("a sheet of {frames} frames would be {width}x{height} pixels, more than {limit}; keep fewer frames or use smaller squares")]
    SheetTooLarge { frames: usize, width: usize, height: usize, limit: &'static str },
    /// A picture's side is longer than `format` allows (`max` pixels).
    #[error("{width}x{height} pixels is too large for {format} (at most {max} pixels a side); use smaller squares")]
    SideTooLong { width: usize, height: usize, format: &'static str, max: usize },
    /// The square size `square` is outside `min`..=`max` pixels.
    #[error("a square of {square} pixels is out of range: use {min} to {max} pixels")]
    SquareSize { square: usize, min: usize, max: usize },
    /// The output's `extension` names no format this product writes (`writes` lists them).
    #[error(
        ".{extension} is not a format this command writes ({writes}); change the output's extension or name the format"
    )]
    UnknownFormat { extension: String, writes: String },
    /// A sink option asked of a format that has no such thing (`--embed` of a GIF).
    #[error("{option} is for {needs} output, not .{format}; drop {option} or write .{needs}")]
    OptionNeedsFormat { option: &'static str, needs: &'static str, format: String },
    /// The output at `path` cannot be used; `reason` says why.
    #[error("output {}: {reason}", path.display())]
    Output { path: PathBuf, reason: String },
    /// Writing the output failed.
    #[error("cannot write the output: {0}")]
    Io(#[from] std::io::Error),
    /// The GIF encoder failed.
    #[error("GIF encoding failed: {0}")]
    Gif(#[from] gif::EncodingError),
    /// The PNG encoder failed.
    #[error("PNG encoding failed: {0}")]
    Png(#[from] png::EncodingError),
    /// A batch of `boards` boards of `n` x `n` is past the board limit `limit`.
    #[error("{n}x{n} has {} boards to draw, more than the limit of {limit}; raise the board limit if you mean it", board_count(*boards))]
    TooManyBoards { n: usize, boards: u64, limit: u64 },
    /// The search `algorithm` gave up after `seconds` seconds; `instead` says what to do.
    #[error("the {algorithm} search found no answer within {seconds} s and gave up; {instead}")]
    SearchTooLong { algorithm: &'static str, seconds: u64, instead: &'static str },
    /// The `algorithm` search of an `n` x `n` `kind` puzzle ran `seconds` without an answer (after
    /// `found` solutions) and gave up; `instead` says what to do.
    #[error("the {algorithm} search of this {n}x{n} {kind} puzzle gave up after {seconds} s without an answer ({} so far); {instead}", solutions_so_far(*found))]
    PuzzleSearchTooLong {
        algorithm: &'static str,
        n: usize,
        kind: &'static str,
        found: u64,
        seconds: u64,
        instead: &'static str,
    },
    /// A sink was called out of order (a bug in the caller).
    #[error("a sink was used out of order ({0}); this is a bug in the caller")]
    SinkState(&'static str),
    /// A quiz that cannot ask about this run (`reason`: why, and what to do instead).
    #[error("--quiz cannot ask about this run: {reason}")]
    Quiz { reason: &'static str },
    /// The [`Progress`](crate::pipeline::Progress) watcher cancelled the run.
    #[error("cancelled")]
    Cancelled,
    /// A still was asked for `frames` frames instead of one.
    #[error("a still shows one frame, but {frames} were selected; select one, or write a sheet or an animation")]
    StillFrames { frames: usize },
    /// The frame list cannot be used.
    #[error(transparent)]
    Select(#[from] SelectError),
    /// The output `path` is a folder.
    #[error("{} is a folder; give a file name (inside it, for example)", path.display())]
    OutputIsFolder { path: PathBuf },
    /// The folder the output `path` goes into does not exist.
    #[error("the folder for {} does not exist; create it first", path.display())]
    OutputFolderMissing { path: PathBuf },
    /// The output `path` cannot be opened for writing.
    #[error("cannot open {} for writing: {source}; check the path and its permissions", path.display())]
    OutputOpen { path: PathBuf, source: std::io::Error },
    /// Writing the output `path` failed.
    #[error("cannot write {}: {source}; {}", path.display(), write_hint(source))]
    OutputWrite { path: PathBuf, source: std::io::Error },
    /// The run is being stopped (a signal), so `path` was not written.
    #[error("{} was not written: the run is being stopped", path.display())]
    OutputStopped { path: PathBuf },
    /// The output `path` goes through `link`, owned by uid `owner`, in the sticky, world-writable `folder`.
    #[error("refusing to write through {}: {} is a link owned by uid {owner} in the shared folder {} (sticky and world-writable), which the kernel would not follow either; remove the link or write elsewhere", path.display(), link.display(), folder.display())]
    OutputPlantedLink { path: PathBuf, link: PathBuf, folder: PathBuf, owner: u32 },
    /// The output `path` goes through `link`, owned by uid `owner`, in a folder owned by uid `folder_owner`, neither of them the caller.
    #[error("refusing to write through {}: {} is a link owned by uid {owner} in a folder of uid {folder_owner}'s, who could point it anywhere; write to the path it leads to if you trust it", path.display(), link.display())]
    OutputForeignLink { path: PathBuf, link: PathBuf, owner: u32, folder_owner: u32 },
    /// The output `path` is the same file as `input_path`, which the run reads as `input` ("the puzzle file").
    #[error("{} is the same file as {input} {}: writing it would destroy the input; write to another file", path.display(), input_path.display())]
    OutputIsInput { path: PathBuf, input: String, input_path: PathBuf },
    /// The folder `folder`, made for outputs, cannot be created.
    #[error("cannot create folder {}: {source}; check the path and its permissions", folder.display())]
    FolderCreate { folder: PathBuf, source: std::io::Error },
    /// The output `folder` belongs to another user, uid `owner`.
    #[error("refusing to write into {}: it belongs to uid {owner}, not to you; remove it or give -o a path of your own", folder.display())]
    OutputForeignFolder { folder: PathBuf, owner: u32 },
    /// The existing output `path` (mode `mode`, owner `owner`) may not be written by this user.
    #[error("refusing to replace {}: you may not write to that file (mode {mode:o}, uid {owner}); remove it first or write elsewhere, as cp would", path.display())]
    OutputNotWritable { path: PathBuf, mode: u32, owner: u32 },
    /// Writing `path` failed and its temporary `temp` could not be removed.
    #[error("cannot write {}: {source}; its temporary {} could not be removed either: delete it", path.display(), temp.display())]
    OutputTemporaryLeft { path: PathBuf, temp: PathBuf, source: std::io::Error },
    /// A search tree was asked of a run (`algorithm`) that is not a tree search.
    #[error(
        "a search tree needs a run that places and removes queens one at a time; the {} run is not a tree search",
        echo::printable(algorithm)
    )]
    NotATreeSearch { algorithm: String },
    /// A search tree was asked of a stream; it needs the whole run.
    #[error("the tree needs the whole run; save the stream to a file")]
    TreeNeedsWholeRun,
    /// Dead ends were asked to be explained for a run (`algorithm`) that has none.
    #[error(
        "--why explains the dead ends of backtrack, grid and forward runs; the {} run has none to explain",
        echo::printable(algorithm)
    )]
    NothingToExplain { algorithm: String },
    /// `--code` was asked of a run whose `algorithm` has no pseudocode.
    #[error(
        "--code shows the pseudocode of backtrack, grid, forward, permutations, shuffle, min-conflicts and deduce; \
         this trace's algorithm '{}' has none: leave --code out",
        echo::printable(algorithm)
    )]
    NoCode { algorithm: String },
    /// The `format` file would pass its 4 GiB limit.
    #[error("the {format} file would pass the format's 4 GiB limit; render fewer frames or smaller squares")]
    FileTooLarge { format: &'static str },
    /// Smooth motion was asked of a sink that does not take in-betweens.
    #[error("--motion smooth is for animations (GIF, WebP, APNG, MP4, WebM, HTML, SVG); write one of those, or use --motion none")]
    MotionUnsupported,
    /// Smooth motion in a GIF at more pictures a second than its delays can hold.
    #[error(
        "smooth motion at {fps} pictures a second is too fast for a GIF (its delays are whole hundredths of a second, and viewers slow those under 2/100 s): use 30 (--fps 30; fps=30 in Python)"
    )]
    MotionTooFastForGif { fps: u32 },
    /// Video output needs ffmpeg, which is not installed.
    #[error("ffmpeg not found: install it (apt install ffmpeg) or write GIF, WebP or APNG instead")]
    FfmpegMissing,
    /// ffmpeg failed to encode with `codec`; `reason` is its message.
    #[error("ffmpeg failed: {reason}; check that ffmpeg has the {codec} encoder, or write GIF, WebP or APNG instead")]
    Ffmpeg { codec: &'static str, reason: String },
    /// Line `line` of the shard results `input` is not a shard result.
    #[error("{}, line {line}: not a shard result ({})", echo::printable(input), echo::clipped(reason, 300))]
    ShardLine { input: String, line: usize, reason: String },
    /// Shard results do not add up to one count (the message says why).
    #[error("{}", echo::printable(.0))]
    Shards(String),
    /// A shard was named wrongly (the message says how to name one).
    #[error("{0}")]
    ShardSpec(String),
    /// Line `line`, column `col` of a puzzle file is wrong: `fault` says how.
    #[error("puzzle file, line {line}, column {col}: {fault}")]
    PuzzleFile { line: usize, col: usize, fault: PuzzleFault },
    /// The puzzle file is larger than `limit` bytes.
    #[error(
        "the puzzle file is larger than {limit} bytes; a puzzle file is a few lines of cells (docs/guide/puzzles.md)"
    )]
    PuzzleTooLarge { limit: u64 },
    /// The puzzle file cannot be read.
    #[error("cannot read the puzzle file: {0}")]
    PuzzleRead(std::io::Error),
    /// The puzzle's `field` (item `index` of its list, if a list) is wrong: `fault` says how.
    /// Names the fields as a trace's `puzzle` header spells them.
    #[error("the puzzle's {field}{}: {fault}", index.map(|i| format!("[{i}]")).unwrap_or_default())]
    PuzzleField { field: &'static str, index: Option<usize>, fault: PuzzleFault },
    /// A puzzle built in code does not fit its board: `reason` says how.
    #[error("the puzzle does not fit its board: {reason}; build it with the puzzle file reader")]
    PuzzleShape { reason: String },
    /// The search `algorithm` does not solve `kind` (region puzzles, completion puzzles, the empty
    /// board); `instead` says what does.
    #[error("the {algorithm} search does not solve {kind}; {instead}")]
    PuzzleAlgorithm { algorithm: &'static str, kind: &'static str, instead: &'static str },
    /// A puzzle book cannot be made from these options (the reason names the option).
    #[error("puzzle book: {reason}")]
    Book { reason: String },

    /// No `kind` puzzle of size `n` came from seed `seed` within `tries` tries.
    #[error("no {kind} puzzle of size {n} found within {tries} tries of seed {seed}; try another seed{hint}")]
    PuzzleNotFound { kind: &'static str, n: usize, seed: u64, tries: usize, hint: &'static str },
    /// The dynamic-programming count of `n` needs `needed` bytes, more than `limit`.
    #[error("the dynamic programming count of {n}x{n} needs about {needed} of memory, more than the limit of {limit}; raise the memory limit or count by search")]
    DpMemory { n: usize, needed: String, limit: String },
    /// A tree profile of `n` x `n` is past the largest board counted within the budget, `max`: about
    /// `nodes` nodes, which would take about `time`.
    #[error("profiling {n}x{n} is refused: its tree has about {nodes} nodes (Knuth's estimate), about {time} of counting on this machine, past the {max}x{max} the search budget allows; estimate it instead (queens estimate {n})")]
    ProfileTooLarge { n: usize, max: usize, nodes: String, time: String },
    /// The `n` x `n` `kind` puzzle has no solution, so there is nothing to play.
    #[error("this {n}x{n} {kind} puzzle has no solution, so there is nothing to play; check the file (queens puzzle check FILE)")]
    PuzzleUnsolvable { n: usize, kind: &'static str },
}

impl Error {
    /// [`Error::Output`]: the output at `path` cannot be used, for `reason`.
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

/// "no solution", "1 solution", "12 solutions".
fn solutions_so_far(found: u64) -> String {
    match found {
        0 => "no solution".to_string(),
        1 => "1 solution".to_string(),
        _ => format!("{found} solutions"),
    }
}
