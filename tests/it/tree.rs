//! The search tree panel (`--tree`): after frame k it shows one node per placement among events
//! 1..k plus the root (counted in the scene and in decoded GIF pixels), the frame left of the panel
//! is pixel for pixel the frame without it, and runs that are not tree searches, or streams, are
//! refused with one line. GIFs decoded with the `image` crate.

use crate::support::{decode_gif, run_ok, run_queens, temp_dir};
use queens::internals::layout::PanelLayout;
use queens::internals::{Describer, Replay};
use queens::Item;
use queens::Paint;
use queens::{Algorithm, Event, RenderOptions, SearchTree, SolveOptions, Trace};
use std::path::Path;

fn record(n: usize, algorithm: Algorithm) -> Trace {
    let mut options = SolveOptions::new(n);
    options.algorithm = algorithm;
    queens::record(&options, 100_000).unwrap()
}

fn tree_renderer(trace: &Trace, bare: bool) -> Describer {
    let mut look = RenderOptions::default();
    look.bare = bare;
    let describer = Describer::new(trace.n, &look, Some(queens::caption_spec(trace)));
    describer.with_tree(SearchTree::from_trace(trace).unwrap())
}

fn placements_until(trace: &Trace, k: usize) -> usize {
    trace.events[..k].iter().filter(|e| matches!(e, Event::Place { .. })).count()
}

/// Node paints: the path, solutions, explored and dead nodes (the attacked light squares' colour or
/// the dark squares', whichever is calmer in the theme).
const NODE_PAINTS: [Paint; 5] = [Paint::PlacedTint, Paint::Solution, Paint::Light, Paint::LightAttacked, Paint::Dark];

fn inside(panel: PanelLayout, (x, y, w, h): (i64, i64, i64, i64)) -> bool {
    let (px, py) = (panel.x as i64, panel.y as i64);
    x >= px && y >= py && x + w <= px + panel.width as i64 && y + h <= py + panel.height as i64
}

#[test]
fn the_scene_holds_one_node_per_placement_so_far() {
    for (n, algorithm) in [(6, Algorithm::Backtrack), (6, Algorithm::Forward), (5, Algorithm::Grid)] {
        let trace = record(n, algorithm);
        let describer = tree_renderer(&trace, false);
        let panel = describer.layout.tree.expect("a tree panel");
        for frame in Replay::new(&trace) {
            let frame = frame.unwrap();
            let scene = describer.describe(&frame);
            let nodes = scene
                .items
                .iter()
                .filter(|item| {
                    matches!(item, Item::Fill { rect, paint } if NODE_PAINTS.contains(paint) && inside(panel, *rect))
                })
                .count();
            let k = frame.index;
            assert_eq!(nodes, 1 + placements_until(&trace, k), "{algorithm} frame {k}");
        }
    }
}

/// The default theme's solution band, which runs across the panels on a solution's frame.
const BAND: [u8; 4] = [0xFF, 0xE8, 0x8A, 0xFF];

/// Runs of pixels neither background nor band along the top of each tree level (labels sit lower):
/// one per node.
fn nodes_in_pixels(img: &image::RgbaImage, panel: PanelLayout, levels: usize) -> usize {
    let row = panel.height / levels;
    let background = img.get_pixel(0, 0).0;
    let mut count = 0;
    for level in 0..levels {
        let y = (panel.y + level * row + 1) as u32;
        let mut inside = false;
        for x in panel.x..panel.x + panel.width {
            let filled = ![background, BAND].contains(&img.get_pixel(x as u32, y).0);
            if filled && !inside {
                count += 1;
            }
            inside = filled;
        }
    }
    count
}

#[test]
fn gif_frames_show_one_node_per_placement_so_far() {
    let dir = temp_dir("tree", "count");
    run_ok(&dir, &["trace", "6", "-o", "t.json"]);
    run_ok(&dir, &["render", "t.json", "--tree", "-q", "-o", "t.gif"]);
    let trace: Trace = serde_json::from_str(&std::fs::read_to_string(dir.join("t.json")).unwrap()).unwrap();
    let panel = tree_renderer(&trace, false).layout.tree.unwrap();
    let tree = SearchTree::from_trace(&trace).unwrap();
    let frames = decode_gif(&std::fs::read(dir.join("t.gif")).unwrap());
    assert_eq!(frames.len(), trace.events.len() + 1);
    for (k, (img, _)) in frames.iter().enumerate() {
        let want = 1 + placements_until(&trace, k);
        assert_eq!(nodes_in_pixels(img, panel, tree.depth + 1), want, "frame {k}");
    }
}

/// Every frame cropped to the width of the frame without a tree is that frame, pixel for pixel, but
/// for a solution's band running on towards the panel (its last few pixels, the ring's margin).
fn assert_left_part_identical(dir: &Path, plain: &str, tree: &str) {
    let plain = decode_gif(&std::fs::read(dir.join(plain)).unwrap());
    let tree = decode_gif(&std::fs::read(dir.join(tree)).unwrap());
    assert_eq!(plain.len(), tree.len());
    for (k, ((a, _), (b, _))) in plain.iter().zip(&tree).enumerate() {
        assert_eq!(a.height(), b.height(), "frame {k}");
        assert!(b.width() > a.width());
        for y in 0..a.height() {
            for x in 0..a.width() {
                let (pa, pb) = (a.get_pixel(x, y), b.get_pixel(x, y));
                let band_runs_on = pb.0 == BAND && pa.0 == [255; 4] && x + 8 >= a.width();
                assert!(pa == pb || band_runs_on, "frame {k} at ({x}, {y}): {pa:?} vs {pb:?}");
            }
        }
    }
}

#[test]
fn the_board_part_is_the_frame_without_the_tree() {
    let dir = temp_dir("tree", "identical");
    for (name, extra) in [("framed", &["--coords"][..]), ("bare", &["--bare"][..])] {
        for algorithm in ["backtrack", "forward"] {
            let base = ["animate", "6", "--algorithm", algorithm, "-q", "--square", "30"];
            let plain = format!("{name}-{algorithm}.gif");
            let tree = format!("{name}-{algorithm}-tree.gif");
            run_ok(&dir, &[&base[..], extra, &["-o", &plain]].concat());
            run_ok(&dir, &[&base[..], extra, &["--tree", "-o", &tree]].concat());
            assert_left_part_identical(&dir, &plain, &tree);
        }
    }
}

#[test]
fn bare_frames_keep_the_board_at_the_origin_and_the_panel_right_of_it() {
    let trace = record(6, Algorithm::Backtrack);
    let layout = tree_renderer(&trace, true).layout;
    let panel = layout.tree.unwrap();
    assert_eq!((layout.board_x, layout.board_y, layout.height), (0, 0, 6 * 60));
    assert!(panel.x > 6 * 60 && panel.x + panel.width == layout.width);
}

#[test]
fn runs_that_are_not_tree_searches_and_streams_are_refused() {
    let dir = temp_dir("tree", "refused");
    for algorithm in ["shuffle", "permutations", "min-conflicts"] {
        let out = run_queens(&dir, &["animate", "5", "--algorithm", algorithm, "--tree", "-o", "x.gif"]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{algorithm}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains("not a tree search"), "{stderr}");
    }
    assert!(!dir.join("x.gif").exists());
    run_ok(&dir, &["trace", "5", "--format", "jsonl", "-o", "t.jsonl"]);
    let script = format!("'{}' render - --tree -o s.gif < t.jsonl", env!("CARGO_BIN_EXE_queens"));
    let out = std::process::Command::new("sh").args(["-c", &script]).current_dir(&dir).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr.contains("the tree needs the whole run; save the stream to a file"), "{stderr}");
    // The same JSON Lines from a file has a known end: drawn, with as many frames as events + 1.
    run_ok(&dir, &["render", "t.jsonl", "--tree", "-q", "-o", "f.gif"]);
    let trace = record(5, Algorithm::Backtrack);
    assert_eq!(decode_gif(&std::fs::read(dir.join("f.gif")).unwrap()).len(), trace.events.len() + 1);
}
