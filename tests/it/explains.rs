//! A run that explains itself (issue 35), measured on what a reader sees: GIF frames decoded by the
//! `image` crate, and the described scenes' text items where words are checked.
//!
//! - Coordinates by default: every a-file square carries its rank at the bottom left, every rank-1
//!   square its file at the bottom right, in every theme, with capitals 0.16 x the square or more
//!   and ink 3:1 or more against the ground under it in grayscale and the three colour-vision
//!   simulations (whatever the square shows: free, attacked, a queen, the solution).
//! - The board never moves: `--why`, `--code`, `--tree`, `--no-coords` and `--detail checks` draw the
//!   board at the plain run's pixels, and a frame without a side panel is the board plus its margins
//!   (a 4x4 run and a puzzle, whose sentences are long, included): captions wrap instead.
//! - Region puzzles letter their regions on the board.

use crate::legibility::{contrast, worst};
use crate::support::{decode_gif, run_ok, temp_dir};
use image::RgbaImage;
use queens::internals::{Describer, Replay};
use queens::Item;
use queens::RenderOptions;
use std::collections::BTreeMap;

type Rgb = [u8; 3];

fn px(img: &RgbaImage, x: usize, y: usize) -> Rgb {
    let p = img.get_pixel(x as u32, y as u32).0;
    [p[0], p[1], p[2]]
}

/// The contrast of `a` and `b` in grayscale (lightness alone).
fn ratio(a: Rgb, b: Rgb) -> f64 {
    contrast(a, b, "grayscale", false)
}

/// The most common colour of the square at (x, y).
fn ground(img: &RgbaImage, (x, y): (usize, usize), s: usize) -> Rgb {
    let mut counts: BTreeMap<Rgb, usize> = BTreeMap::new();
    for yy in y..y + s {
        for xx in x..x + s {
            *counts.entry(px(img, xx, yy)).or_default() += 1;
        }
    }
    counts.into_iter().max_by_key(|&(c, n)| (n, c)).unwrap().0
}

/// In the label's corner of the square at (x, y) (bottom left for ranks, bottom right for files,
/// inside `inset`, clear of the queen's base): the ink (the pixel farthest from the ground in
/// lightness) and the height of the rows holding ink-like pixels (2:1 or more against the ground).
fn label_ink(img: &RgbaImage, (x, y): (usize, usize), s: usize, inset: usize, rank: bool) -> (Rgb, Rgb, usize) {
    let g = ground(img, (x, y), s);
    let (x0, x1) = if rank { (x + inset, x + s / 4) } else { (x + s - s / 4, x + s - inset) };
    let (y0, y1) = (y + s * 11 / 20, y + s - inset);
    let mut ink = g;
    let mut rows = Vec::new();
    for yy in y0..y1 {
        for xx in x0..x1 {
            let c = px(img, xx, yy);
            if ratio(c, g) > ratio(ink, g) {
                ink = c;
            }
            if ratio(c, g) >= 2.0 && rows.last() != Some(&yy) {
                rows.push(yy);
            }
        }
    }
    let height = rows.last().map_or(0, |last| last - rows[0] + 1);
    (ink, g, height)
}

/// Check every label of a GIF's frames: contrast in every view, and the ranks' digit height.
fn check_labels(gif: &[u8], n: usize, square: usize, what: &str) {
    let margin = (square / 4).clamp(6, 24);
    let inset = (square / 12).max(2) + if square >= 80 { 2 } else { 1 };
    let frames = decode_gif(gif);
    for (k, (img, _)) in frames.iter().enumerate() {
        for i in 0..n {
            let rank_square = (margin, margin + i * square);
            let file_square = (margin + i * square, margin + (n - 1) * square);
            for (origin, rank) in [(rank_square, true), (file_square, false)] {
                let (ink, g, height) = label_ink(img, origin, square, inset, rank);
                let c = worst(ink, g, false);
                assert!(c >= 3.0, "{what}, frame {k}: label {i} ({rank}) ink {ink:?} on {g:?}: {c:.2}:1");
                if rank {
                    // Digits stand as tall as capitals.
                    let want = (square as f32 * 0.16).floor() as usize;
                    assert!(height >= want, "{what}, frame {k}: rank label {i} is {height} px tall, want {want}");
                }
            }
        }
    }
}

#[test]
fn coordinates_are_inside_the_edge_squares_in_every_theme() {
    let dir = temp_dir("explains", "coords");
    for theme in ["default", "gray", "dark", "print"] {
        let out = dir.as_path().join(format!("{theme}.gif"));
        run_ok(dir.as_path(), &["animate", "6", "-q", "--theme", theme, "-o", out.to_str().unwrap()]);
        check_labels(&std::fs::read(&out).unwrap(), 6, 60, theme);
    }
    for square in [36, 44, 100] {
        let out = dir.as_path().join(format!("s{square}.gif"));
        let size = square.to_string();
        run_ok(dir.as_path(), &["animate", "5", "-q", "--square", &size, "-o", out.to_str().unwrap()]);
        check_labels(&std::fs::read(&out).unwrap(), 5, square, &format!("--square {square}"));
    }
}

#[test]
fn no_coords_leaves_the_squares_plain_and_keeps_the_size() {
    let dir = temp_dir("explains", "no_coords");
    let (with, without) = (dir.as_path().join("with.gif"), dir.as_path().join("without.gif"));
    run_ok(dir.as_path(), &["animate", "5", "-q", "-o", with.to_str().unwrap()]);
    run_ok(dir.as_path(), &["animate", "5", "-q", "--no-coords", "-o", without.to_str().unwrap()]);
    let (with, without) = (decode_gif(&std::fs::read(&with).unwrap()), decode_gif(&std::fs::read(&without).unwrap()));
    assert_eq!(with[0].0.dimensions(), without[0].0.dimensions(), "labels never change the frame's size");
    // Frame 0, the empty board: a1's corners differ only where its labels are.
    let (a, b) = (&with[0].0, &without[0].0);
    let (x, y, s) = (15u32, 15 + 4 * 60, 60u32);
    let differing = |x0: u32, x1: u32| {
        (x0..x1)
            .flat_map(|xx| (y..y + s).map(move |yy| (xx, yy)))
            .filter(|&(xx, yy)| a.get_pixel(xx, yy) != b.get_pixel(xx, yy))
            .count()
    };
    assert!(differing(x, x + s / 4) > 10 && differing(x + 3 * s / 4, x + s) > 10, "a1 carries '1' and 'a'");
    assert_eq!(differing(x + s / 3, x + 2 * s / 3), 0, "the middle of a1 is the same");
    let plain = |img: &RgbaImage| img.get_pixel(15 + 2 * 60 + 30, 15 + 2 * 60 + 30).0;
    assert_eq!(plain(a), plain(b));
}

/// The board's pixels in frame 0 of `animate ARGS` (an empty board, nothing highlighted), and the
/// frame's width.
fn board_of(dir: &std::path::Path, name: &str, args: &[&str], n: usize) -> (Vec<[u8; 4]>, u32) {
    let out = dir.join(format!("{name}.gif"));
    let mut all = vec!["animate", "-q", "--frames", "0-1", "-o", out.to_str().unwrap()];
    all.extend_from_slice(args);
    run_ok(dir, &all);
    let frames = decode_gif(&std::fs::read(&out).unwrap());
    let img = &frames[0].0;
    let side = (n * 60) as u32;
    let board = (15..15 + side)
        .flat_map(|y| (15..15 + side).map(move |x| (x, y)))
        .map(|(x, y)| img.get_pixel(x, y).0)
        .collect();
    (board, img.width())
}

#[test]
fn no_option_moves_the_board() {
    let dir = temp_dir("explains", "board_stays");
    let (plain, width) = board_of(dir.as_path(), "plain", &["6"], 6);
    assert_eq!(width, 6 * 60 + 2 * 15, "the caption wraps to the board: the frame is the board and its margins");
    for (name, args) in [
        ("why", &["6", "--why"][..]),
        ("code", &["6", "--code"]),
        ("tree", &["6", "--tree", "--until", "all"]),
        ("checks", &["6", "--detail", "checks"]),
        ("both", &["6", "--why", "--code", "--tree"]),
    ] {
        let (board, _) = board_of(dir.as_path(), name, args, 6);
        assert!(board == plain, "{name}: the board moved or changed");
    }
    let (_, width) = board_of(dir.as_path(), "why_width", &["6", "--why"], 6);
    assert_eq!(width, 6 * 60 + 2 * 15, "--why keeps the frame's width");
    let (_, width) = board_of(dir.as_path(), "small", &["4"], 4);
    assert_eq!(width, 4 * 60 + 2 * 15, "a 4x4 run's counters wrap");
    let puzzle = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/puzzle-7x7.txt");
    let (_, width) = board_of(dir.as_path(), "puzzle", &["--puzzle", puzzle], 7);
    assert_eq!(width, 7 * 60 + 2 * 15, "a puzzle's deductions wrap");
}

/// Every text item of a scene stays inside the frame's margins, and the words it holds.
fn texts_inside(describer: &Describer, scene: &queens::Scene) -> Vec<String> {
    let margin = describer.layout.margin as f32;
    let right = describer.layout.panels_left() as f32 - margin;
    let mut words = Vec::new();
    for item in &scene.items {
        if let Item::Text { x, size, text, .. } = item {
            if *x >= right + margin {
                continue; // a side panel's words
            }
            let width = describer.measure(text, *size).0;
            assert!(*x >= margin - 1.0 && x + width <= right + 1.0, "'{text}' at {x}..{} leaves 0..{right}", x + width);
            words.push(text.clone());
        }
    }
    words
}

#[test]
fn puzzles_letter_their_regions_and_wrap_their_sentences() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/puzzle-7x7.txt")).unwrap();
    let mut options = queens::SolveOptions::new(7);
    options.algorithm = queens::Algorithm::Deduce;
    options.puzzle = Some(queens::parse_puzzle(text.as_bytes()).unwrap().puzzle);
    let trace = queens::record(&options, 100_000).unwrap();
    let describer = Describer::new(7, &RenderOptions::default(), Some(queens::caption_spec(&trace)));
    let letters: Vec<String> = (0..7).map(|r| queens::column_label(r).to_uppercase()).collect();
    let mut named = 0;
    for frame in Replay::new(&trace) {
        let frame = frame.unwrap();
        let scene = describer.describe(&frame);
        let words = texts_inside(&describer, &scene);
        for letter in &letters {
            assert_eq!(words.iter().filter(|w| *w == letter).count(), 1, "region {letter} lettered once");
        }
        named += usize::from(words.iter().any(|w| w.contains("region")));
    }
    assert!(named > 0, "the run's captions name regions");
}
