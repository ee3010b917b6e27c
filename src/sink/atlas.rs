//! Sheet atlases, both JSON forms in one place: frame sheets in the form Aseprite exports
//! ("array"), which Phaser, PixiJS and Godot importers read ([`aseprite_atlas`]), and sheets of
//! boards ([`Atlas`]: `{"n", "square", "width", "height", "boards": [...]}`).
//!
//! Contract (frame sheets): one entry per frame of the sheet in reading order, named `step <k>`, with its cell
//! rectangle, the delay a GIF of the same frames would use (`duration`, ms: reading time included),
//! the words of its caption (`caption`: its lines joined by " / ", also for bare frames; empty
//! when it has none), its step and the trace event (`null` for frame 0); `meta.frameTags` names every solution frame (`from`/`to` index the
//! `frames` array).

use super::sheet::SheetCell;
use crate::encode::gif::centiseconds;
use crate::trace::Event;
use serde::Serialize;
use serde_json::{json, Value};

/// Where one board landed on a sheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AtlasEntry {
    /// The board's position in the list given (0-based).
    pub index: usize,
    /// The board's queens, `queens[col] = row`.
    pub queens: Vec<usize>,
    /// Left edge of the board's squares on the sheet, in pixels.
    pub x: usize,
    /// Top edge of the board's squares on the sheet, in pixels.
    pub y: usize,
    /// Side of the board's squares, in pixels.
    pub size: usize,
    /// How many solutions the board's symmetry class holds (`--unique` sheets).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub class_size: Option<usize>,
    /// The symmetry class (1-based, the sheet row) on a `--classes` sheet.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub class: Option<usize>,
    /// The transformation of the class's first board that gives this one (`--classes` sheets).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub transform: Option<&'static str>,
}

/// The JSON atlas of a sheet: `{"n", "square", "width", "height", "boards": [...]}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Atlas {
    /// The board size.
    pub n: usize,
    /// Side of one square, in pixels.
    pub square: usize,
    /// Sheet width in pixels.
    pub width: usize,
    /// Sheet height in pixels.
    pub height: usize,
    /// Every board on the sheet, in the order given.
    pub boards: Vec<AtlasEntry>,
}

/// The atlas of a sheet named `image`, `size` pixels, holding `cells`.
pub fn aseprite_atlas(cells: &[SheetCell], image: &str, (width, height): (usize, usize)) -> Value {
    let frames: Vec<Value> = cells.iter().map(frame_entry).collect();
    let tags: Vec<Value> = cells
        .iter()
        .enumerate()
        .filter(|(_, cell)| matches!(cell.event, Some(Event::Solution { .. })))
        .enumerate()
        .map(|(i, (index, _))| json!({"name": format!("solution {}", i + 1), "from": index, "to": index, "direction": "forward"}))
        .collect();
    json!({
        "frames": frames,
        "meta": {
            "app": "queens",
            "version": env!("CARGO_PKG_VERSION"),
            "image": image,
            "format": "RGBA8888",
            "size": {"w": width, "h": height},
            "scale": "1",
            "frameTags": tags,
        }
    })
}

fn frame_entry(cell: &SheetCell) -> Value {
    let (w, h) = (cell.width, cell.height);
    json!({
        "filename": format!("step {}", cell.step),
        "frame": {"x": cell.x, "y": cell.y, "w": w, "h": h},
        "rotated": false,
        "trimmed": false,
        "spriteSourceSize": {"x": 0, "y": 0, "w": w, "h": h},
        "sourceSize": {"w": w, "h": h},
        "duration": u32::from(centiseconds(cell.delay_ms)) * 10,
        "caption": cell.caption,
        "step": cell.step,
        "event": cell.event,
    })
}
