//! The built-in themes: `default` (wood), `gray`, `dark` and `print`, the colours every role takes
//! in each ([`Theme::named`] picks one by name).
//!
//! Contract: each built-in passes [`Theme::check_contrast`]; its four grounds are told apart by
//! lightness (1.25:1 steps, free lighter than attacked) or by a mark (`dark`'s rings, `print`'s
//! hatching), as tests/it/legibility.rs measures on decoded frames.

use super::puzzle_colours::PuzzleColours;
use super::theme::Theme;

impl Default for Theme {
    /// Wood board in the family of lichess's (`#f0d9b5` / `#b58863`). Free squares keep the wood
    /// (the figure: where a queen may go); attacked squares and queens' squares are dimmer and
    /// grayer, one lightness step apart from every other ground (light free > light attacked >
    /// dark free > dark attacked, 1.25:1 or more in grayscale and colour-blindness simulations).
    /// Highlights are dark inks on a white halo (Okabe-Ito hues, 3:1 or more against it).
    fn default() -> Self {
        Theme {
            name: "default".into(),
            background: [0xFF, 0xFF, 0xFF],
            solution_band: [0xFF, 0xE8, 0x8A],
            light: [0xF0, 0xD9, 0xB5],
            dark: [0xB5, 0x88, 0x63],
            light_attacked: [0xC4, 0xB2, 0x9A],
            dark_attacked: [0x8A, 0x76, 0x63],
            queen: [0, 0, 0],
            // Also a puzzle's crosses: 3:1 or more on every region fill, in every view.
            ghost: [0x46, 0x39, 0x2C],
            text: [0x1F, 0x1F, 0x1F],
            placed: [0x00, 0x72, 0xB2],
            removed: [0xB8, 0x54, 0x00],
            check_safe: [0x00, 0x9E, 0x73],
            check_attacked: [0xB0, 0x14, 0x00],
            solution: [0xE8, 0xB8, 0x30],
            mark_light: [0x8A, 0x6D, 0x4A],
            mark_dark: [0x4A, 0x35, 0x20],
            outline: false,
            rings: false,
            hatch: false,
            puzzle: PuzzleColours::light(),
        }
    }
}

impl Theme {
    /// No hue at all: gray squares, black queens, black and gray highlights (told apart by shape:
    /// a removal leaves a ghost, an attacked check a line from its attacker).
    pub fn gray() -> Self {
        Theme {
            name: "gray".into(),
            solution_band: [0xE4, 0xE4, 0xE4],
            // Free squares lighter than attacked ones, one step of 1.25:1 or more between each
            // ground: light free > dark free > light attacked > dark attacked (no hue helps here).
            light: [0xF0, 0xF0, 0xF0],
            dark: [0xD6, 0xD6, 0xD6],
            light_attacked: [0xB4, 0xB4, 0xB4],
            dark_attacked: [0x98, 0x98, 0x98],
            queen: [0, 0, 0],
            ghost: [0x4A, 0x4A, 0x4A],
            placed: [0, 0, 0],
            removed: [0x59, 0x59, 0x59],
            check_safe: [0x40, 0x40, 0x40],
            check_attacked: [0, 0, 0],
            solution: [0xBA, 0xBA, 0xBA],
            mark_light: [0x70, 0x70, 0x70],
            mark_dark: [0x3C, 0x3C, 0x3C],
            puzzle: PuzzleColours::gray(),
            ..Theme::default()
        }
    }

    /// For dark slide decks: slate board, white queens, light rings and highlights on a near-black
    /// halo; every contrast holds with 10% white projector flare added.
    pub fn dark() -> Self {
        Theme {
            name: "dark".into(),
            background: [0x10, 0x11, 0x14],
            // Gold, not olive: a saturated amber (hue 41 degrees), dark enough for white queens and
            // the caption's light text.
            solution_band: [0x8A, 0x5E, 0x00],
            light: [0x5F, 0x67, 0x77],
            dark: [0x3C, 0x41, 0x4D],
            light_attacked: [0x4A, 0x4F, 0x5C],
            dark_attacked: [0x2B, 0x2E, 0x37],
            queen: [0xFF, 0xFF, 0xFF],
            ghost: [0xD0, 0xD0, 0xD0],
            rings: true,
            text: [0xED, 0xED, 0xED],
            placed: [0x74, 0xC4, 0xF2],
            removed: [0xF4, 0xB0, 0x30],
            check_safe: [0xA8, 0xF8, 0xD8],
            check_attacked: [0xFF, 0xA8, 0x98],
            solution: [0x9A, 0x6A, 0x00],
            mark_light: [0xEE, 0xF0, 0xF4],
            mark_dark: [0xC8, 0xCC, 0xD6],
            puzzle: PuzzleColours::dark(),
            ..Theme::default()
        }
    }

    /// Black and white for printers: white and light-gray squares inside a board outline,
    /// attacked squares hatched.
    pub fn print() -> Self {
        Theme {
            name: "print".into(),
            solution_band: [0xE0, 0xE0, 0xE0],
            light: [0xFF, 0xFF, 0xFF],
            dark: [0xD0, 0xD0, 0xD0],
            light_attacked: [0x80, 0x80, 0x80],
            dark_attacked: [0x60, 0x60, 0x60],
            queen: [0, 0, 0],
            ghost: [0x50, 0x50, 0x50],
            text: [0, 0, 0],
            placed: [0, 0, 0],
            removed: [0x70, 0x70, 0x70],
            check_safe: [0x40, 0x40, 0x40],
            check_attacked: [0, 0, 0],
            solution: [0xB0, 0xB0, 0xB0],
            mark_light: [0x60, 0x60, 0x60],
            mark_dark: [0x70, 0x70, 0x70],
            outline: true,
            hatch: true,
            puzzle: PuzzleColours::print(),
            ..Theme::default()
        }
    }
}
