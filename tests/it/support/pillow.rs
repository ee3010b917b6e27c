//! Pillow as an outside decoder for the format tests: every frame of a WebP, APNG or GIF with its
//! duration, a digest of its pixels and the colours at chosen points. The Python that has Pillow
//! is found by `tools::pillow_python`.

use serde_json::Value;
use std::path::Path;
use std::process::Command;

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
