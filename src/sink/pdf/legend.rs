//! The key a handout page carries once, under its header: what the frames' squares mean, drawn
//! with the frames' own items in the run's theme.
//!
//! Contract: a run on a chessboard (its first frame holds board squares without a queen) gets
//! "safe" (a light and a dark free square: ringed in themes that ring them) and "attacked" (the
//! attacked shades, hatched in themes that hatch), then the alarm bar that marks "a line with no
//! safe square"; a region puzzle gets a cross "ruled out", an accent cross "ruled out on this step"
//! and the outline of "the squares the rule used". Entries sit on one line, squares [`SIDE`] pixels,
//! words at the handout's text size; the scene is as wide as its entries.

use crate::font::Glyphs;
use crate::scene::items::{Ground, Item, Scene};
use crate::scene::theme::{Paint, Theme};

/// A legend square's side, in points on the page.
pub const SIDE: usize = 12;
/// The words' size (the handout's text size).
const WORDS: u32 = 11;
/// Between an entry's marks and its words, and between entries.
const GAP: f32 = 5.0;
const SPACE: f32 = 16.0;

/// One entry: what the marks draw (at x = 0, in a `SIDE`-high strip), their width, the words.
type Entry = (Vec<Item>, usize, &'static str);

/// The legend for a run whose first frame is `first`, in `theme`; `None` when the frame shows no
/// board squares this legend knows.
pub fn legend(first: &Scene, theme: &Theme, glyphs: &Glyphs) -> Option<Scene> {
    let board =
        |queen: bool| first.items.iter().any(|item| matches!(item, Item::Square { queen: q, .. } if *q == queen));
    let entries = match (board(false), board(true)) {
        (true, _) => chessboard(theme),
        (false, true) => regions(),
        // A region puzzle's empty board: its squares are region fills.
        _ if first.items.iter().any(|item| matches!(item, Item::Fill { paint: Paint::Region0, .. })) => regions(),
        _ => return None,
    };
    let height = SIDE + 4;
    let mut scene = Scene::new(0, height);
    let mut x = 0.0f32;
    for (marks, width, words) in entries {
        let mut strip = Scene::new(width, SIDE);
        marks.into_iter().for_each(|mark| strip.push(mark));
        scene.append_shifted(strip, (x.round() as usize, 2));
        x += width as f32 + GAP;
        scene.push(Item::Text {
            x,
            baseline: 2.0 + SIDE as f32 - 1.5,
            size: WORDS,
            text: words.into(),
            paint: Paint::Text,
        });
        x += glyphs.text_width(words, WORDS) + SPACE;
    }
    scene.width = (x - SPACE).ceil() as usize;
    Some(scene)
}

/// Two squares side by side (light, dark) on `ground`, edged so white squares show on paper.
fn pair(ground: Ground) -> Vec<Item> {
    let mut marks: Vec<Item> = (0..2)
        .map(|k| Item::Square { x: k * SIDE, y: 0, size: SIDE, dark: k == 1, ground, queen: false, inset: None })
        .collect();
    marks.push(Item::Outline { rect: (0, 0, 2 * SIDE as i64, SIDE as i64), thickness: 1, paint: Paint::Ghost });
    marks
}

fn chessboard(theme: &Theme) -> Vec<Entry> {
    let free = if theme.rings { Ground::Free } else { Ground::Plain };
    let bar = vec![Item::Fill { rect: (0, SIDE as i64 - 3, 2 * SIDE as i64, 3), paint: Paint::CheckAttacked }];
    vec![
        (pair(free), 2 * SIDE, "safe: no queen attacks it"),
        (pair(Ground::Attacked), 2 * SIDE, "attacked"),
        (bar, 2 * SIDE, "a line with no safe square"),
    ]
}

/// A cross on a square as a puzzle frame draws it, in `paint`.
fn cross(paint: Paint) -> Vec<Item> {
    let s = SIDE as f32;
    let (c, h, width) = (s / 2.0, s * 0.22, 1.25);
    let mut marks = vec![Item::Fill { rect: (0, 0, SIDE as i64, SIDE as i64), paint: Paint::Region0 }];
    let strokes = [((c - h, c - h), (c + h, c + h)), ((c - h, c + h), (c + h, c - h))];
    // A step's new cross: twice as thick, as the frames draw it.
    let width = if paint == Paint::RuleUsed { 2.0 * width } else { width };
    strokes.iter().for_each(|&(from, to)| marks.push(Item::Line { from, to, width, paint }));
    marks
}

fn regions() -> Vec<Entry> {
    let mut used = vec![Item::Fill { rect: (0, 0, SIDE as i64, SIDE as i64), paint: Paint::Region0 }];
    used.push(Item::Outline { rect: (0, 0, SIDE as i64, SIDE as i64), thickness: 2, paint: Paint::RuleUsed });
    vec![
        (cross(Paint::Ghost), SIDE, "ruled out"),
        (cross(Paint::RuleUsed), SIDE, "ruled out on this step"),
        (used, SIDE, "the squares the rule used"),
    ]
}
