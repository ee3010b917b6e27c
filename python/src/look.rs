//! Keyword arguments shared by every drawing call: theme, square size, coordinates, motion,
//! timing, turned into the library's `RenderOptions` and `Animation`.
//!
//! Contract: names and values are the command line's (`theme="gray"` is `--theme gray`,
//! `motion="smooth"` is `--motion smooth`); a bad value raises `QueensError` naming the choices.

use crate::errors::value;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use queens::{Animation, Motion, RenderOptions, Theme};

/// How a picture looks: the arguments of `board`, `sheet` and the look half of `animate`.
#[derive(Clone, Debug)]
pub struct Look {
    /// A theme name, `"auto"` (light, and dark for viewers that prefer it: SVG and the player), or a
    /// theme as JSON text (`{"base": "gray", "queen": "#000033"}`; a dict arrives as its JSON).
    pub theme: Option<String>,
    /// Pixels per square (`None`: the size chosen for the board).
    pub square: Option<usize>,
    /// Coordinates (files a, b, ... and ranks 1, 2, ...) inside the edge squares.
    pub coords: bool,
}

impl Look {
    /// The look of a call's `theme=`, `square=` and `coords=` arguments.
    pub fn new(theme: Option<&Bound<'_, PyAny>>, square: Option<usize>, coords: bool) -> PyResult<Self> {
        Ok(Look { theme: theme_text(theme)?, square, coords })
    }

    /// The render options this look asks for.
    pub fn options(&self) -> PyResult<RenderOptions> {
        let mut options = RenderOptions::default();
        let name = self.theme.as_deref().unwrap_or("default");
        options.theme = if name.trim_start().starts_with('{') {
            Theme::from_json(name).map_err(value)?
        } else if name == "auto" {
            options.dark = Some(Theme::dark());
            Theme::default()
        } else {
            Theme::named(name).map_err(value)?
        };
        options.square = self.square;
        options.coords = self.coords;
        Ok(options)
    }
}

/// A `theme=` argument as text: a name or JSON text as given, a dict as its JSON.
fn theme_text(theme: Option<&Bound<'_, PyAny>>) -> PyResult<Option<String>> {
    let Some(theme) = theme else { return Ok(None) };
    if let Ok(text) = theme.extract::<String>() {
        return Ok(Some(text));
    }
    if theme.is_instance_of::<PyDict>() {
        // A theme has a few dozen keys: a bigger dict is refused before it is turned into JSON.
        if theme.len()? > 256 {
            return Err(value(format!("a theme dict has at most 256 keys, not {}", theme.len()?)));
        }
        return Ok(Some(theme.py().import("json")?.call_method1("dumps", (theme,))?.extract()?));
    }
    Err(value(format!(
        "theme must be a name ({}), JSON text or a dict, not {}",
        THEMES.join(", "),
        theme.get_type().name()?
    )))
}

/// The theme names `theme=` takes (the module's `THEMES`).
pub const THEMES: [&str; 5] = ["default", "gray", "dark", "print", "auto"];

/// What an animation shows beyond the look: the panels and the motion.
#[derive(Clone, Debug, Default)]
pub struct Show {
    /// A sentence under each step saying why (`--why`).
    pub why: bool,
    /// The algorithm's code beside the board, its current line lit (`--code`).
    pub code: bool,
    /// The search tree beside the board (`--tree`).
    pub tree: bool,
    /// `"none"` or `"smooth"` (eased in-betweens: MP4, WebM; fades in the player and SVG).
    pub motion: Option<String>,
    /// In-betweens a second with smooth motion: 30 or 60.
    pub fps: u32,
    /// Milliseconds an ordinary step shows (`None`: the default).
    pub delay_ms: Option<u32>,
}

/// The animation a look and a show describe, refusing runs of more than `max_frames` frames.
pub fn animation(look: &Look, show: &Show, max_frames: usize) -> PyResult<Animation> {
    let mut animation = Animation::new();
    animation.max_frames = max_frames;
    animation.look = look.options()?;
    animation.look.why = show.why;
    animation.look.code = show.code;
    animation.look.tree = show.tree;
    animation.motion = match show.motion.as_deref() {
        None | Some("none") => Motion::None,
        Some("smooth") if show.fps == 30 || show.fps == 60 => Motion::Smooth { fps: show.fps },
        Some("smooth") => return Err(value(format!("fps must be 30 or 60, not {}", show.fps))),
        Some(other) => return Err(value(format!("motion must be \"none\" or \"smooth\", not {other:?}"))),
    };
    if let Some(ms) = show.delay_ms {
        let (min, max) = (queens::MIN_DELAY_MS, queens::MAX_DELAY_MS);
        if !(min..=max).contains(&ms) {
            return Err(value(format!(
                "delay_ms must be between {min} and {max} milliseconds (GIF viewers slow delays under {min} ms), not {ms}"
            )));
        }
        animation.timing.delay_ms = ms;
    }
    Ok(animation)
}
