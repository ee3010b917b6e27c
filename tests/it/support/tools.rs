//! Outside tools, found and skipped in one place. A test that needs a program asks for it here
//! (`tool`, `any_tool`, `chromium`, `firefox`, `pillow_python`); when it is missing the finder
//! prints `skipped: <reason>` and the test returns and passes, unless `QUEENS_REQUIRE_TOOLS=1`
//! (what CI sets), when the finder fails the test instead. Conditions no install fixes (not root,
//! no tmpfs here) go through `skip_unsupported`, which never fails.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Set to `1` to make a missing tool fail its test instead of skipping it.
pub const REQUIRE_VAR: &str = "QUEENS_REQUIRE_TOOLS";

/// Whether missing tools fail (`QUEENS_REQUIRE_TOOLS=1`).
pub fn required() -> bool {
    std::env::var(REQUIRE_VAR).is_ok_and(|v| v == "1")
}

/// A tool the test needs is missing: fail under `QUEENS_REQUIRE_TOOLS=1`, else say why the test
/// skips and let it pass.
pub fn skip(reason: &str) {
    assert!(!required(), "{reason}, and {REQUIRE_VAR}=1");
    report(reason);
}

/// The machine cannot run the test (no root, no tmpfs here): say why and pass, whatever
/// `QUEENS_REQUIRE_TOOLS` says.
pub fn skip_unsupported(reason: &str) {
    report(reason);
}

/// `skipped: <reason> (<test>)` on the real stderr: libtest captures only the print macros, so
/// `cargo test` shows the line among its results.
fn report(reason: &str) {
    let thread = std::thread::current();
    let test = thread.name().filter(|name| *name != "main").map(|name| format!(" ({name})")).unwrap_or_default();
    let _ = writeln!(std::io::stderr(), "skipped: {reason}{test}");
}

/// The path of `name` on PATH.
pub fn which(name: &str) -> Option<PathBuf> {
    std::env::var_os("PATH")
        .and_then(|paths| std::env::split_paths(&paths).map(|dir| dir.join(name)).find(|p| p.is_file()))
}

/// The path of `name` on PATH, or `None` after [`skip`]ping (`install` says how to get it).
pub fn tool(name: &str, install: &str) -> Option<PathBuf> {
    any_tool(&[name], install)
}

/// The first of `names` on PATH, or `None` after [`skip`]ping naming the first.
pub fn any_tool(names: &[&str], install: &str) -> Option<PathBuf> {
    let found = names.iter().find_map(|name| which(name));
    if found.is_none() {
        skip(&format!("{} is not installed ({install})", names[0]));
    }
    found
}

/// Headless Chromium (or Chrome).
pub fn chromium() -> Option<PathBuf> {
    any_tool(&["chromium", "chromium-browser", "google-chrome"], "apt-get install chromium")
}

/// Headless Firefox.
pub fn firefox() -> Option<PathBuf> {
    any_tool(&["firefox-esr", "firefox"], "apt-get install firefox-esr")
}

/// A Python whose Pillow reads animated WebP and blends palette APNG frames (Pillow 10 or later;
/// 9.4 shows a palette frame's transparent pixels in the index's own colour): `$QUEENS_PYTHON`,
/// CI's venv (`.ci/venv`, pip's Pillow), Debian's python3 (python3-pil), then `python3` on PATH.
pub fn pillow_python() -> Option<PathBuf> {
    let venv = Path::new(env!("CARGO_MANIFEST_DIR")).join(".ci/venv/bin/python");
    let candidates = std::env::var_os("QUEENS_PYTHON").map(PathBuf::from).into_iter().chain([
        venv,
        PathBuf::from("/usr/bin/python3"),
        PathBuf::from("python3"),
    ]);
    let check = "import sys, PIL; from PIL import features; \
                 sys.exit(0 if features.check('webp') and int(PIL.__version__.split('.')[0]) >= 10 else 1)";
    let found = candidates
        .into_iter()
        .find(|python| Command::new(python).args(["-c", check]).output().is_ok_and(|o| o.status.success()));
    if found.is_none() {
        skip("no Python with Pillow 10+ (python3 -m venv .ci/venv && .ci/venv/bin/pip install pillow)");
    }
    found
}

/// True when the tests run as root (from /proc/self/status, no libc needed).
pub fn is_root() -> bool {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status.lines().any(|l| l.starts_with("Uid:") && l.split_whitespace().nth(2) == Some("0"))
}

/// The poppler and qpdf programs the PDF tests drive, or `None` after skipping.
pub struct PdfTools {
    pub pdfinfo: PathBuf,
    pub pdftocairo: PathBuf,
    pub pdftoppm: PathBuf,
    pub pdftotext: PathBuf,
    pub qpdf: PathBuf,
}

/// Poppler's programs and qpdf, or `None` (skipped, or a failure under QUEENS_REQUIRE_TOOLS=1).
pub fn pdf_tools() -> Option<PdfTools> {
    let poppler = "apt-get install poppler-utils";
    Some(PdfTools {
        pdfinfo: tool("pdfinfo", poppler)?,
        pdftocairo: tool("pdftocairo", poppler)?,
        pdftoppm: tool("pdftoppm", poppler)?,
        pdftotext: tool("pdftotext", poppler)?,
        qpdf: tool("qpdf", "apt-get install qpdf")?,
    })
}
