//! What the integration tests share: run the binary in a test's own temporary folder, decode GIFs
//! with the `image` crate (an independent decoder), replay traces with a tiny independent board
//! model and say what a square must show. Submodules: `tools` (outside programs found, and skipped
//! when missing, in one place), `pillow` (Pillow as a decoder), `svg` (librsvg, browsers, XML,
//! pixel comparison) and `golden` (golden-image comparison and difference pictures).

pub mod golden;
pub mod pillow;
pub mod puzzle;
pub mod svg;
pub mod tools;

use image::RgbaImage;
use queens::{Event, SolveOptions, Square, Theme, Trace, Until};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Run the `queens` binary in `dir`.
pub fn run_queens(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_queens")).args(args).current_dir(dir).output().expect("binary runs")
}

/// Run the `queens` binary in `dir`, require success and return its stdout.
pub fn run_ok(dir: &Path, args: &[&str]) -> String {
    let out = run_queens(dir, args);
    assert!(out.status.success(), "queens {args:?}: {}", stderr(&out));
    stdout(&out)
}

/// A run's stdout as text (lossy).
pub fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A run's stderr as text (lossy).
pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The trace of the default solver on an `n` x `n` board, until `until`.
pub fn trace_for(n: usize, until: Until) -> Trace {
    let mut options = SolveOptions::new(n);
    options.until = until;
    queens::record(&options, queens::DEFAULT_MAX_FRAMES).unwrap()
}

/// A fresh, empty folder for one test (`queens-<suite>-<name>-<pid>` under the temp dir), removed
/// with everything in it when the test ends, and kept (its path printed) when the test fails.
pub fn temp_dir(suite: &str, name: &str) -> TempFolder {
    let dir = std::env::temp_dir().join(format!("queens-{suite}-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    TempFolder(dir)
}

/// A test's own folder: a path that removes itself when dropped, unless the test is failing.
#[derive(Debug)]
pub struct TempFolder(PathBuf);

impl std::ops::Deref for TempFolder {
    type Target = PathBuf;
    fn deref(&self) -> &PathBuf {
        &self.0
    }
}

impl AsRef<Path> for TempFolder {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempFolder {
    fn drop(&mut self) {
        if std::thread::panicking() {
            eprintln!("kept for a look: {}", self.0.display());
        } else {
            // Read-only folders a test made inside are made writable first, so they go too.
            let _ = std::fs::remove_dir_all(&self.0).or_else(|_| {
                make_writable(&self.0);
                std::fs::remove_dir_all(&self.0)
            });
        }
    }
}

/// Every folder under `dir` made writable by its owner (a test's read-only folders).
fn make_writable(dir: &Path) {
    use std::os::unix::fs::PermissionsExt;
    if let Ok(meta) = std::fs::symlink_metadata(dir) {
        if meta.is_dir() {
            let mut perms = meta.permissions();
            perms.set_mode(perms.mode() | 0o700);
            let _ = std::fs::set_permissions(dir, perms);
            for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
                make_writable(&entry.path());
            }
        }
    }
}

/// Every frame of a GIF, fully composited, with its delay in milliseconds.
pub fn decode_gif(bytes: &[u8]) -> Vec<(RgbaImage, u32)> {
    queens_test_decode::gif_frames(bytes)
}

/// Queens on the board after each event, computed without the library's board model.
pub fn queens_per_frame(trace: &Trace) -> Vec<BTreeSet<(usize, usize)>> {
    let mut queens = BTreeSet::new();
    let mut frames = vec![queens.clone()];
    for event in &trace.events {
        match event {
            Event::Place { row, col } => assert!(queens.insert((*row, *col))),
            Event::Remove { row, col } => assert!(queens.remove(&(*row, *col))),
            Event::Layout { queens: layout, .. } => {
                queens = layout.iter().enumerate().map(|(c, &r)| (r, c)).collect();
            }
            Event::Move { from, to } => {
                assert!(queens.remove(&(from.row, from.col)));
                assert!(queens.insert((to.row, to.col)));
            }
            _ => {}
        }
        frames.push(queens.clone());
    }
    frames
}

/// True when some queen other than one on (row, col) attacks it.
pub fn attacked(queens: &BTreeSet<(usize, usize)>, row: usize, col: usize) -> bool {
    queens.iter().any(|&(r, c)| (r, c) != (row, col) && Square::new(r, c).attacks(Square::new(row, col)))
}

/// True when a square is drawn attack-shaded: some queen attacks it and the board is not shown
/// solved (`solution`: a solution's frame or a still, with n queens none attacked, is drawn without
/// attack shading; the placement that completes a solution is still shaded).
pub fn shaded(queens: &BTreeSet<(usize, usize)>, n: usize, row: usize, col: usize, solution: bool) -> bool {
    let solved = solution && queens.len() == n && queens.iter().all(|&(r, c)| !attacked(queens, r, c));
    !solved && attacked(queens, row, col)
}

/// Whether frame `step` of `trace` is a solution's frame (its event is a solution).
pub fn solution_frame(trace: &Trace, step: usize) -> bool {
    step > 0 && matches!(trace.events.get(step - 1), Some(Event::Solution { .. }))
}

/// Pixel colour without alpha.
pub fn rgb(img: &RgbaImage, x: u32, y: u32) -> [u8; 3] {
    assert!(x < img.width() && y < img.height(), "pixel ({x}, {y}) outside the image");
    // The raw buffer, not `get_pixel`: these tests read millions of pixels in an unoptimized build.
    let at = (y as usize * img.width() as usize + x as usize) * 4;
    let p = &img.as_raw()[at..at + 3];
    [p[0], p[1], p[2]]
}

/// The most common colour (ties: the greatest colour), or `None` for no colours. A short list
/// scanned in place: a picture region holds a handful of colours.
pub fn mode_of(colours: impl Iterator<Item = [u8; 3]>) -> Option<[u8; 3]> {
    let mut counts: Vec<([u8; 3], usize)> = Vec::new();
    for c in colours {
        match counts.iter_mut().find(|(seen, _)| *seen == c) {
            Some((_, n)) => *n += 1,
            None => counts.push((c, 1)),
        }
    }
    counts.into_iter().max_by_key(|&(c, n)| (n, c)).map(|(c, _)| c)
}

/// Independent validity check of a solution `queens[col] = row`.
pub fn is_valid_solution(queens: &[usize]) -> bool {
    let n = queens.len();
    (0..n)
        .all(|a| queens[a] < n && (a + 1..n).all(|b| queens[a] != queens[b] && queens[a].abs_diff(queens[b]) != b - a))
}

/// Names in `dir`, sorted (hidden temporaries included).
pub fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> =
        std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    names
}

/// The colour a square's centre must show for this set of queens on an n-board (`--bare` frames;
/// a solved board on a solution's frame, `solution`, is unshaded).
pub fn expected_centre(
    queens: &BTreeSet<(usize, usize)>,
    n: usize,
    (row, col): (usize, usize),
    solution: bool,
    theme: &Theme,
) -> [u8; 3] {
    let dark = (row + col) % 2 == 1;
    if queens.contains(&(row, col)) {
        return theme.queen;
    }
    match (dark, shaded(queens, n, row, col, solution)) {
        (false, false) => theme.light,
        (true, false) => theme.dark,
        (false, true) => theme.light_attacked,
        (true, true) => theme.dark_attacked,
    }
}

/// Square centres of an `n` x `n` bare board with `square`-pixel squares, row by row.
pub fn centres(n: usize, square: usize) -> Vec<(u32, u32)> {
    (0..n * n).map(|i| (((i % n) * square + square / 2) as u32, ((i / n) * square + square / 2) as u32)).collect()
}

/// Frames of a backtracking run (placements only) where the first empty column has just run out
/// of safe squares: a placement left every square of it attacked. Replayed independently of the
/// library's `--why` code.
pub fn backtrack_dead_ends(trace: &Trace) -> Vec<bool> {
    let n = trace.n;
    let boards = queens_per_frame(trace);
    let mut dead = vec![false; boards.len()];
    for (k, event) in trace.events.iter().enumerate() {
        let queens = &boards[k + 1];
        let Event::Place { .. } = event else { continue };
        let Some(col) = (0..n).find(|&c| !queens.iter().any(|&(_, qc)| qc == c)) else { continue };
        dead[k + 1] = (0..n).all(|row| attacked(queens, row, col));
    }
    dead
}

/// The delay every frame of a backtracking run (placements only) gets, as `timing` says: end hold
/// on the last, start hold on frame 0, hold on solutions, dead-end hold on dead ends.
pub fn expected_delays(trace: &Trace, timing: &queens::Timing) -> Vec<u32> {
    let dead = backtrack_dead_ends(trace);
    let last = trace.events.len();
    // Reading time (when on): the caption's words as the library counts and paces them (the rules
    // themselves are checked independently in reading.rs), for framed frames.
    let describer = queens::internals::Describer::new(
        trace.n,
        &queens::RenderOptions::default(),
        Some(queens::caption_spec(trace)),
    );
    let mut pacer = queens::internals::Pacer::new(timing.pace);
    let words: Vec<Option<usize>> = queens::internals::Replay::new(trace)
        .map(|f| pacer.words_to_hold(&[describer.caption_text(&f.unwrap()).and_then(|c| c.action.to_read())]))
        .collect();
    (0..=last)
        .map(|k| {
            let usual = match k {
                k if k == last => timing.end_hold_ms,
                0 => timing.start_hold_ms,
                k if matches!(trace.events[k - 1], Event::Solution { .. }) => timing.hold_ms,
                k if dead[k] => timing.deadend_hold_ms,
                _ => timing.delay_ms,
            };
            match words[k] {
                Some(w) if timing.reading_time => usual.max(queens::reading_ms(w)),
                _ => usual,
            }
        })
        .collect()
}

/// Runs of consecutive pixel rows in `rows` holding ink (anything but the background) between
/// columns `x0..x1`, top to bottom, as (first row, height).
pub fn ink_runs(img: &RgbaImage, rows: std::ops::Range<u32>, (x0, x1): (u32, u32)) -> Vec<(u32, u32)> {
    let background = rgb(img, 0, 0);
    let inked = |y: u32| (x0..x1).any(|x| rgb(img, x, y) != background);
    let mut runs: Vec<(u32, u32)> = Vec::new();
    for y in rows {
        match runs.last_mut() {
            Some((top, height)) if inked(y) && *top + *height == y => *height += 1,
            _ if inked(y) => runs.push((y, 1)),
            _ => {}
        }
    }
    runs
}
