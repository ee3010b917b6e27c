//! Outside decoders for the format tests: Pillow (through a Python that has it), ffmpeg/ffprobe
//! and headless Chromium. A test whose tool is missing prints why and passes, unless
//! `QUEENS_REQUIRE_TOOLS=1` is set: then it fails.
#![allow(dead_code)]

use queens::Theme;
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Report a missing tool: panics under `QUEENS_REQUIRE_TOOLS=1`, else prints a skip line.
pub fn skip(test: &str, reason: &str) {
    if std::env::var("QUEENS_REQUIRE_TOOLS").is_ok_and(|v| v == "1") {
        panic!("{test}: {reason} (QUEENS_REQUIRE_TOOLS=1)");
    }
    eprintln!("skipped {test}: {reason}");
}

/// Whether `program` runs (`program -version` exits 0).
pub fn runs(program: &str) -> bool {
    Command::new(program).arg("-version").output().is_ok_and(|o| o.status.success())
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
    candidates
        .into_iter()
        .find(|python| Command::new(python).args(["-c", check]).output().is_ok_and(|o| o.status.success()))
}

/// Why a Pillow test skipped.
pub const NO_PILLOW: &str = "no Python with Pillow 10+ (python3 -m venv .ci/venv && .ci/venv/bin/pip install pillow)";

const PILLOW_SCRIPT: &str = r#"
import sys, json, hashlib
from PIL import Image
points = json.loads(sys.argv[2])
im = Image.open(sys.argv[1])
frames = []
for i in range(getattr(im, "n_frames", 1)):
    im.seek(i)
    rgb = im.convert("RGB")
    frames.append({"duration": round(im.info.get("duration") or 0), "md5": hashlib.md5(rgb.tobytes()).hexdigest(),
                   "points": [list(rgb.getpixel((x, y))) for x, y in points]})
print(json.dumps({"format": im.format, "size": list(im.size), "loop": im.info.get("loop"), "frames": frames}))
"#;

/// One frame as Pillow decodes it.
pub struct PillowFrame {
    pub duration: u64,
    pub md5: String,
    pub points: Vec<[u8; 3]>,
}

/// A file as Pillow decodes it.
pub struct Pillow {
    pub format: String,
    pub size: (u32, u32),
    pub loop_count: Option<u64>,
    pub frames: Vec<PillowFrame>,
}

/// Decode `path` with Pillow, sampling the colours at `points` in every frame.
pub fn pillow(python: &Path, path: &Path, points: &[(u32, u32)]) -> Pillow {
    let points = serde_json::to_string(&points.iter().map(|&(x, y)| [x, y]).collect::<Vec<_>>()).unwrap();
    let out = Command::new(python).args(["-c", PILLOW_SCRIPT]).arg(path).arg(points).output().expect("python runs");
    assert!(out.status.success(), "Pillow failed on {}: {}", path.display(), String::from_utf8_lossy(&out.stderr));
    let v: Value = serde_json::from_slice(&out.stdout).expect("script prints JSON");
    let frames = v["frames"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| PillowFrame {
            duration: f["duration"].as_u64().unwrap_or(0),
            md5: f["md5"].as_str().unwrap().to_string(),
            points: f["points"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| [0, 1, 2].map(|c| p[c].as_u64().unwrap() as u8))
                .collect(),
        })
        .collect();
    Pillow {
        format: v["format"].as_str().unwrap_or("").to_string(),
        size: (v["size"][0].as_u64().unwrap() as u32, v["size"][1].as_u64().unwrap() as u32),
        loop_count: v["loop"].as_u64(),
        frames,
    }
}

/// The colour a square's centre must show for this set of queens (`--bare` frames).
pub fn expected_centre(queens: &BTreeSet<(usize, usize)>, row: usize, col: usize, theme: &Theme) -> [u8; 3] {
    let dark = (row + col) % 2 == 1;
    if queens.contains(&(row, col)) {
        return theme.queen;
    }
    match (dark, super::common::attacked(queens, row, col)) {
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
