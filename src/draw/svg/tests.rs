//! Unit tests of the vector backend: whole documents from real scenes.

use super::*;
use crate::board::Board;
use crate::font::Glyphs;
use crate::scene::{Describer, RenderOptions};

fn board_scene(options: &RenderOptions, queens: &[usize]) -> Scene {
    let describer = Describer::new(queens.len(), options, None);
    let frame = crate::board::BoardFrame {
        index: 0,
        total: 0,
        event: None,
        board: Board::from_queens(queens.len(), queens).unwrap(),
        counters: Default::default(),
    };
    describer.describe(&frame)
}

#[test]
fn a_still_is_one_svg_with_each_glyph_defined_once() {
    let scene = board_scene(&RenderOptions { coords: false, ..RenderOptions::default() }, &[0, 4, 7, 5, 2, 6, 1, 3]);
    let svg = still(&scene, &Theme::default(), None, "8×8 board");
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""), "{svg}");
    assert!(svg.contains("<title>8×8 board</title>"));
    assert_eq!(svg.matches("<path id=").count(), 1, "one queen glyph defined");
    assert_eq!(svg.matches("<use ").count(), 8, "eight queens placed");
    assert_eq!(svg, still(&scene, &Theme::default(), None, "8×8 board"), "same bytes");
}

#[test]
fn titles_are_escaped() {
    let scene = Scene::new(10, 10);
    let svg = still(&scene, &Theme::default(), None, "a < b & \"c\"");
    assert!(svg.contains("<title>a &lt; b &amp; &quot;c&quot;</title>"), "{svg}");
    let svg = still(&scene, &Theme::default(), None, "x\u{FFFE}\u{FFFF}\u{1}\ty");
    assert!(svg.contains("<title>x\ty</title>"), "characters XML does not allow are left out: {svg}");
}

#[test]
fn a_run_becomes_one_animation_with_the_gifs_duration() {
    let mut options = crate::solve::SolveOptions::new(4);
    options.until = crate::solve::Until::First;
    let trace = crate::solve::record(&options, 1000).unwrap();
    // The plain delays here (reading time's are checked in tests/it/reading.rs).
    let mut animation = crate::pipeline::Animation::new();
    animation.timing.reading_time = false;
    let mut svg = Vec::new();
    let summary = crate::render_svg(&trace, &animation, &mut svg).unwrap();
    let svg = String::from_utf8(svg).unwrap();
    // 250 ms per frame, 1000 on frame 0, 500 on dead ends, 3000 on the last (a solution: the end
    // hold wins).
    let dead_ends = crate::board::Replay::new(&trace)
        .map(Result::unwrap)
        .filter(|f| {
            let kind = Some(crate::trace::Algorithm::Backtrack);
            crate::board::deadend::dead_end(kind, &f.board, f.event.as_ref(), false).is_some()
        })
        .count() as u64;
    assert!(dead_ends > 0, "4x4 backtracking meets dead ends");
    let total_ms = (summary.frames as u64 - 2 - dead_ends) * 250 + 1000 + dead_ends * 500 + 3000;
    let rule = format!("[class^=a]{{animation:{}s step-end infinite}}", total_ms as f64 / 1000.0);
    assert!(svg.contains(&rule), "{rule} in {}", &svg[..svg.len().min(600)]);
    assert!(svg.contains("opacity=\"0\""), "queens placed later start hidden");
    let title = &svg[svg.find("<title>").unwrap()..];
    assert!(
        title.starts_with("<title>empty board · safe · attacked · × tried · 4×4 · backtrack · step 0 of"),
        "the first caption names the run: {}",
        &title[..80]
    );
}

#[test]
fn bare_boards_are_titled_by_their_size() {
    let options = RenderOptions { bare: true, ..RenderOptions::default() };
    let scene = board_scene(&options, &[1, 3, 0, 2]);
    assert_eq!(atoms::words(&scene, &Glyphs::new()), "4×4 board");
}
