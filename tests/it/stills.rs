//! Sheets, per-board PNGs and single boards, decoded with the `image` crate and probed square by
//! square against the solutions they claim to show.

use crate::support::{self, is_valid_solution, rgb};
use image::RgbaImage;
use queens::Theme;
use std::path::Path;

/// Run the binary and insist that it succeeds.
fn queens(dir: &Path, args: &[&str]) -> std::process::Output {
    let out = support::run_queens(dir, args);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    out
}

fn temp_dir(name: &str) -> crate::support::TempFolder {
    support::temp_dir("stills", name)
}

fn open(path: &Path) -> RgbaImage {
    image::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display())).to_rgba8()
}

/// Pixels of the square at (x0, y0) that are not its plain colour, and how many are queen ink.
fn square_ink(img: &RgbaImage, (x0, y0): (u32, u32), square: u32, plain: [u8; 3]) -> (u32, u32) {
    let queen = Theme::default().queen;
    let (mut other, mut ink) = (0, 0);
    for y in y0..y0 + square {
        for x in x0..x0 + square {
            let c = rgb(img, x, y);
            other += u32::from(c != plain);
            ink += u32::from(c == queen);
        }
    }
    (other, ink)
}

/// Assert the board with top-left (x, y) shows queens exactly at `queens[col] = row`: a queen's
/// square carries queen ink over a good part of it, every other square is its plain colour only.
fn assert_board(img: &RgbaImage, (x, y): (u32, u32), square: u32, queens: &[usize], what: &str) {
    let theme = Theme::default();
    let n = queens.len();
    for row in 0..n {
        for (col, &queen_row) in queens.iter().enumerate() {
            let origin = (x + col as u32 * square, y + row as u32 * square);
            let plain = if (row + col) % 2 == 1 { theme.dark } else { theme.light };
            let (other, ink) = square_ink(img, origin, square, plain);
            if queen_row == row {
                assert!(other > square * square / 5 && ink > 0, "{what}: queen expected at row {row} col {col}");
            } else {
                assert_eq!(other, 0, "{what}: empty square expected at row {row} col {col}");
            }
        }
    }
}

#[test]
fn sheet_and_atlas_show_every_solution_of_eight() {
    let dir = temp_dir("sheet");
    queens(&dir, &["sheet", "8", "--square", "20", "--atlas", "atlas.json"]);
    let img = open(&dir.join("output/queens-8x8-solutions.png"));
    let atlas: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("atlas.json")).unwrap()).unwrap();
    assert_eq!((atlas["n"].as_u64(), atlas["square"].as_u64()), (Some(8), Some(20)));
    let boards = atlas["boards"].as_array().unwrap();
    assert_eq!(boards.len(), 92);
    let mut previous: Option<Vec<usize>> = None;
    for (i, b) in boards.iter().enumerate() {
        assert_eq!(b["index"].as_u64(), Some(i as u64 + 1));
        assert_eq!(b["size"].as_u64(), Some(160));
        let q: Vec<usize> = serde_json::from_value(b["queens"].clone()).unwrap();
        assert!(is_valid_solution(&q));
        if let Some(p) = &previous {
            assert!(p < &q, "backtracking (lexicographic) order");
        }
        let (x, y) = (b["x"].as_u64().unwrap() as u32, b["y"].as_u64().unwrap() as u32);
        assert_board(&img, (x, y), 20, &q, &format!("board {}", i + 1));
        previous = Some(q);
    }
    assert_eq!(boards[0]["queens"], serde_json::json!([0, 4, 7, 5, 2, 6, 1, 3]));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bare_sheet_packs_boards_edge_to_edge() {
    let dir = temp_dir("bare-sheet");
    queens(&dir, &["sheet", "6", "--bare", "--square", "10", "--columns", "2", "-o", "s.png", "--atlas", "a.json"]);
    let img = open(&dir.join("s.png"));
    assert_eq!((img.width(), img.height()), (120, 120));
    let atlas: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(dir.join("a.json")).unwrap()).unwrap();
    let xy: Vec<(u64, u64)> = atlas["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| (b["x"].as_u64().unwrap(), b["y"].as_u64().unwrap()))
        .collect();
    assert_eq!(xy, vec![(0, 0), (60, 0), (0, 60), (60, 60)]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn unique_boards_are_one_file_per_class() {
    let dir = temp_dir("boards");
    queens(&dir, &["boards", "8", "--unique", "--bare", "--square", "12"]);
    let folder = dir.join("output/boards-8x8");
    let mut names: Vec<String> =
        std::fs::read_dir(&folder).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    names.sort();
    assert_eq!(names.len(), 12);
    assert_eq!(names[0], "queens-8x8-01.png");
    assert_eq!(names[11], "queens-8x8-12.png");
    let expected = queens::solution_boards(8, true, queens::count::SolutionOrder::Backtrack);
    let mut classes = 0;
    for (name, board) in names.iter().zip(&expected) {
        let img = open(&folder.join(name));
        assert_eq!((img.width(), img.height()), (96, 96), "bare board is N*PX square");
        assert_board(&img, (0, 0), 12, &board.queens, name);
        classes += board.class_size.unwrap();
    }
    assert_eq!(classes, 92, "class sizes add up to every solution");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_partial_or_clashing_board_is_still_drawn() {
    let dir = temp_dir("board");
    queens(&dir, &["board", "4", "3,1", "--bare", "--square", "10", "-o", "p.png"]);
    let img = open(&dir.join("p.png"));
    assert_eq!((img.width(), img.height()), (40, 40));
    let theme = Theme::default();
    assert!(square_ink(&img, (0, 10), 10, theme.light_attacked).1 > 0, "queen on row 1 col 0");
    assert!(square_ink(&img, (10, 30), 10, theme.light_attacked).1 > 0, "queen on row 3 col 1");
    assert_eq!(rgb(&img, 5, 5), theme.light_attacked, "row 0 col 0 is attacked (column 0)");
    assert_eq!(rgb(&img, 35, 5), theme.dark, "row 0 col 3 is free");
    let out = support::run_queens(&dir, &["board", "4", "2,5"]);
    assert_eq!(out.status.code(), Some(2), "a bad QUEENS list is a usage error");
    assert!(String::from_utf8_lossy(&out.stderr).contains("rank 5"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn solve_and_count_print_what_scripts_read() {
    let dir = temp_dir("solve");
    let out = queens(&dir, &["solve", "8", "--all", "--format", "json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["solutions"].as_array().unwrap().len(), 92);
    let out = queens(&dir, &["solve", "5", "--all", "--unique"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("solution 2:") && !text.contains("solution 3:"), "{text}");
    assert!(text.contains("2 solutions of 5x5"));
    for (args, last) in
        [(&["count", "8"][..], "92"), (&["count", "8", "--unique"], "12"), (&["count", "9", "--method", "dp"], "352")]
    {
        let out = queens(&dir, args);
        assert_eq!(String::from_utf8_lossy(&out.stdout).lines().last(), Some(last), "{args:?}");
    }
    let refused = support::run_queens(&dir, &["sheet", "14"]);
    assert_eq!(refused.status.code(), Some(1));
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(err.contains("365596") && err.contains("--max-boards"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn sheet_boards_match_single_board_stills_pixel_for_pixel() {
    // The sheet has its own PNG palette (light and dark blocks in matching order, queens on dark
    // squares in a slot of their own); every board on it must decode to the same colours as the
    // same board written alone. Odd square sizes shift the boards' 4-bit alignment.
    let dir = temp_dir("sheet-vs-board");
    for square in ["21", "30"] {
        queens(&dir, &["sheet", "6", "--square", square, "-o", "s.png", "--atlas", "a.json"]);
        let sheet = open(&dir.join("s.png"));
        let atlas: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(dir.join("a.json")).unwrap()).unwrap();
        for b in atlas["boards"].as_array().unwrap() {
            let q: Vec<usize> = serde_json::from_value(b["queens"].clone()).unwrap();
            let list: Vec<String> = q.iter().map(|r| (6 - r).to_string()).collect();
            queens(&dir, &["board", "6", &list.join(","), "--bare", "--no-attacks", "--square", square, "-o", "b.png"]);
            let alone = open(&dir.join("b.png"));
            let (x0, y0) = (b["x"].as_u64().unwrap() as u32, b["y"].as_u64().unwrap() as u32);
            for y in 0..alone.height() {
                for x in 0..alone.width() {
                    assert_eq!(
                        rgb(&sheet, x0 + x, y0 + y),
                        rgb(&alone, x, y),
                        "square {square}, board {q:?}, ({x}, {y})"
                    );
                }
            }
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
