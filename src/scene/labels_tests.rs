//! Labels never touch a piece: every frame of every algorithm's run (a region puzzle, a completion
//! puzzle, min-conflicts' counts included), at several square sizes, themes and both label places,
//! described and measured: the ink box of each coordinate label, region letter and count (as the
//! rasterizer places its glyphs) keeps [`SPARE`] pixels from every queen's and ghost's silhouette
//! (as the backends draw them, inset or not).

use crate::board::Replay;
use crate::font::Glyphs;
use crate::scene::give_way::{Silhouette, SPARE};
use crate::scene::identity::{ItemId, Part};
use crate::scene::items::{Inset, Item, Scene};
use crate::scene::{caption, Describer, RenderOptions, Theme};
use crate::solve::puzzle::generate::{generate, PuzzleKind};
use crate::solve::{record, SolveOptions, Until};
use crate::trace::{Algorithm, Trace};
use std::collections::HashMap;

/// The fewest pixels between a label's ink and a piece's silhouette in `scene` (at most 10), and
/// the label's words.
fn closest(scene: &Scene, glyphs: &Glyphs, silhouettes: &mut HashMap<usize, Silhouette>) -> Option<(i64, String)> {
    let mut pieces = Vec::new();
    for item in &scene.items {
        match *item {
            Item::Square { x, y, size, queen: true, inset, .. } => pieces.push(Inset::place(inset, (x, y), size)),
            Item::Ghost { x, y, size } => pieces.push((x, y, size)),
            _ => {}
        }
    }
    let mut worst: Option<(i64, String)> = None;
    for (item, id) in scene.items.iter().zip(&scene.ids) {
        let Item::Text { x, baseline, size, text, .. } = item else { continue };
        if !matches!(id, ItemId::Part { part: Part::Labels | Part::Regions | Part::Notes, .. }) {
            continue;
        }
        let Some(ink) = glyphs.ink_box(text, *size, (*x, *baseline)) else { continue };
        for &(qx, qy, side) in &pieces {
            let silhouette = silhouettes.entry(side).or_insert_with(|| Silhouette::new(glyphs, side));
            let (l, t, r, b) = ink;
            let gap = silhouette.clearance((qx as i64, qy as i64), (l, t, r, b), 10);
            if worst.as_ref().is_none_or(|(w, _)| gap < *w) {
                worst = Some((gap, text.clone()));
            }
        }
    }
    worst
}

fn check(trace: &Trace, options: &RenderOptions, what: &str) -> usize {
    let describer = Describer::new(trace.n, options, Some(caption::caption_spec(trace)));
    let glyphs = Glyphs::new();
    let mut silhouettes = HashMap::new();
    let mut measured = 0;
    for frame in Replay::new(trace) {
        let frame = frame.expect("the run replays");
        let scene = describer.describe(&frame);
        if let Some((gap, text)) = closest(&scene, &glyphs, &mut silhouettes) {
            assert!(gap >= SPARE, "{what}, frame {}: '{text}' is {gap} px from a queen", frame.index);
            measured += 1;
        }
    }
    measured
}

fn run(n: usize, algorithm: Algorithm, puzzle: Option<crate::trace::puzzle_furniture::Puzzle>) -> Trace {
    let mut options = SolveOptions::new(n);
    options.algorithm = algorithm;
    options.until = Until::Solutions(2);
    options.puzzle = puzzle;
    record(&options, 20_000).expect("the run records")
}

#[test]
fn labels_letters_and_counts_keep_clear_of_every_queen() {
    let mut runs: Vec<(String, Trace)> = Algorithm::ALL
        .iter()
        .map(|&a| (format!("{a:?}"), run(if a == Algorithm::MinConflicts { 8 } else { 6 }, a, None)))
        .collect();
    for (kind, algorithm) in [(PuzzleKind::Regions, Algorithm::Deduce), (PuzzleKind::Completion, Algorithm::Backtrack)]
    {
        let puzzle = generate(7, 3, kind, false).expect("a puzzle").puzzle;
        runs.push((format!("{kind:?} puzzle"), run(7, algorithm, Some(puzzle))));
    }
    let looks: [(usize, bool, Theme); 6] = [
        (36, false, Theme::default()),
        (44, false, Theme::print()),
        (60, false, Theme::default()),
        (100, false, Theme::dark()),
        (24, true, Theme::default()),
        (60, true, Theme::print()),
    ];
    for (name, trace) in &runs {
        for (square, outside, theme) in &looks {
            let options = RenderOptions {
                square: Some(*square),
                coords_outside: *outside,
                theme: theme.clone(),
                ..RenderOptions::default()
            };
            let what = format!("{name} at {square} px, outside {outside}, {}", theme.name);
            assert!(check(trace, &options, &what) > 0, "{what}: no label measured");
        }
    }
}
