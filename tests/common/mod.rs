//! Helpers shared by the integration tests: decode GIFs with the `image` crate (an independent
//! decoder) and replay traces with a tiny independent board model.
#![allow(dead_code)]

pub mod golden;

use image::codecs::gif::GifDecoder;
use image::{AnimationDecoder, RgbaImage};
use queens::{Event, Square, Trace};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Run the `queens` binary in `dir`.
pub fn run_queens(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_queens")).args(args).current_dir(dir).output().expect("binary runs")
}

/// A fresh, empty folder for one test (`queens-<suite>-<name>-<pid>` under the temp dir).
pub fn temp_dir(suite: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("queens-{suite}-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Every frame of a GIF, fully composited, with its delay in milliseconds.
pub fn decode_gif(bytes: &[u8]) -> Vec<(RgbaImage, u32)> {
    let decoder = GifDecoder::new(std::io::Cursor::new(bytes)).expect("GIF header decodes");
    decoder
        .into_frames()
        .map(|f| {
            let f = f.expect("frame decodes");
            let (num, den) = f.delay().numer_denom_ms();
            (f.into_buffer(), num / den)
        })
        .collect()
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

/// Pixel colour without alpha.
pub fn rgb(img: &RgbaImage, x: u32, y: u32) -> [u8; 3] {
    let p = img.get_pixel(x, y).0;
    [p[0], p[1], p[2]]
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

/// Say why a test does not run, on the real stderr (libtest captures only the print macros, so
/// `cargo test` shows the line). With QUEENS_REQUIRE_TOOLS=1 a missing tool fails the test instead.
pub fn skip(reason: &str, missing_tool: bool) {
    if missing_tool && std::env::var("QUEENS_REQUIRE_TOOLS").is_ok_and(|v| v == "1") {
        panic!("{reason}, and QUEENS_REQUIRE_TOOLS=1");
    }
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "skipped: {reason}");
}

/// True when `tool` runs; otherwise [`skip`]s (or fails, see there) naming it.
pub fn tool(tool: &str) -> bool {
    let runs = Command::new(tool)
        .arg("--version")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok();
    if !runs {
        skip(&format!("{tool} is not installed"), true);
    }
    runs
}

/// True when the tests run as root (from /proc/self/status, no libc needed).
pub fn is_root() -> bool {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status.lines().any(|l| l.starts_with("Uid:") && l.split_whitespace().nth(2) == Some("0"))
}
