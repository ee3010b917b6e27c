//! The look, part 2 (issue 25): type that scales with the square, measured from decoded pixels;
//! stills that are exactly square; the start and dead-end holds reaching the file; QUEENS lists in
//! ranks from the bottom or as squares, and their errors.

use crate::support::{decode_gif, expected_delays, ink_runs, rgb, run_queens};
use image::RgbaImage;
use queens::{Theme, Timing};
use std::path::Path;

fn queens_ok(dir: &Path, args: &[&str]) -> std::process::Output {
    let out = run_queens(dir, args);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    out
}

fn temp_dir(name: &str) -> crate::support::TempFolder {
    crate::support::temp_dir("look-type", name)
}

fn open(path: &Path) -> RgbaImage {
    image::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display())).to_rgba8()
}

#[test]
fn the_main_caption_line_has_capitals_of_at_least_0_22_square() {
    let dir = temp_dir("caption");
    for square in [24u32, 60, 140] {
        // Frame 20 of `animate 8` places a queen on d1: line 1 ends in the digit 1, a capital's height.
        let split = format!("s{square}");
        queens_ok(&dir, &["frames", "8", "--frames", "20", "--square", &square.to_string(), "--split", &split, "-q"]);
        let img = open(&dir.join(&split).join("frame-20.png"));
        let margin = (square / 4).clamp(6, 24);
        let board_bottom = margin + 8 * square;
        assert!(img.width() >= 8 * square + 2 * margin, "the board keeps its size at {square} px");
        // The last glyph of every line ends at the right margin: the narrow strip left of it holds
        // the final digit of each line, the action's on top.
        let right = img.width() - margin;
        let strip = (right - (square / 5).max(8), right + 1);
        let runs = ink_runs(&img, board_bottom + 1..img.height(), strip);
        // Line 1, the step line and the counters; narrow boards wrap the counters into more rows.
        assert!(runs.len() >= 3, "three caption lines or more at {square} px: {runs:?}");
        let cap = runs[0].1 as f32;
        assert!(cap >= 0.22 * square as f32, "capital height {cap} px at {square} px squares (want 0.22 x square)");
        assert!(runs[1].1 < runs[0].1, "the other lines are smaller at {square} px");
        // The run's title sits at the left margin under line 1 (beside the step line when both fit).
        let title = ink_runs(&img, runs[0].0 + runs[0].1..img.height(), (margin, margin + square / 4));
        assert!(!title.is_empty(), "a title at the left under line 1 at {square} px");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_title_shows_on_every_frame() {
    let dir = temp_dir("title");
    queens_ok(&dir, &["animate", "5", "--square", "40", "-o", "a.gif", "-q"]);
    let frames = decode_gif(&std::fs::read(dir.join("a.gif")).unwrap());
    let first = &frames[0].0;
    let margin = 10;
    let band = 5 * 40 + margin + 1..first.height();
    let title_at = |img: &RgbaImage| ink_runs(img, band.clone(), (margin, margin + 60));
    let want = title_at(first);
    assert!(!want.is_empty(), "frame 0 has a title");
    for (k, (img, _)) in frames.iter().enumerate() {
        let same = (band.clone()).all(|y| (margin..margin + 60).all(|x| rgb(img, x, y) == rgb(first, x, y)));
        if k + 1 < frames.len() {
            // (The last frame is a solution: the band behind the title turns gold.)
            assert!(same, "frame {k}: the title region changed");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn stills_of_one_board_are_exactly_square() {
    let dir = temp_dir("square");
    for square in ["24", "37", "60", "141"] {
        for coords in [false, true] {
            let mut args = vec!["board", "8", "8,4,1,3,6,2,7,5", "--square", square, "-o", "b.png"];
            args.push(if coords { "--coords" } else { "--no-coords" });
            queens_ok(&dir, &args);
            let img = open(&dir.join("b.png"));
            assert_eq!(img.width(), img.height(), "board --square {square} coords {coords}");
        }
    }
    queens_ok(&dir, &["boards", "6", "-o", "all", "--square", "37"]);
    let alone = |name: &str| std::fs::read(dir.join("all").join(name)).unwrap();
    for name in ["queens-6x6-1.png", "queens-6x6-4.png"] {
        let img = image::load_from_memory(&alone(name)).unwrap();
        assert_eq!(img.width(), img.height(), "{name}");
    }
    // The first 6x6 solution (rows 1,3,5,0,2,4 from the top) drawn alone by `board` is the same file
    // as `boards` writes (attack shading off, as `boards` draws solutions; batches carry no labels).
    queens_ok(&dir, &["board", "6", "5,3,1,6,4,2", "--square", "37", "--no-attacks", "--no-coords", "-o", "one.png"]);
    assert_eq!(std::fs::read(dir.join("one.png")).unwrap(), alone("queens-6x6-1.png"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn start_and_dead_end_holds_reach_the_gif() {
    let dir = temp_dir("holds");
    let args = [
        "animate",
        "6",
        "--start-hold",
        "1230",
        "--deadend-hold",
        "470",
        "--reading-time",
        "off",
        "--trace-out",
        "t.json",
    ];
    queens_ok(&dir, &[&args[..], &["-o", "a.gif", "-q"]].concat());
    let trace: queens::Trace = serde_json::from_slice(&std::fs::read(dir.join("t.json")).unwrap()).unwrap();
    let mut timing = Timing::default();
    (timing.start_hold_ms, timing.deadend_hold_ms, timing.reading_time) = (1230, 470, false);
    let want = expected_delays(&trace, &timing);
    let delays: Vec<u32> = decode_gif(&std::fs::read(dir.join("a.gif")).unwrap()).into_iter().map(|f| f.1).collect();
    assert_eq!(delays, want);
    assert_eq!(delays[0], 1230);
    assert!(delays.iter().filter(|&&d| d == 470).count() > 3, "6x6 meets several dead ends");
    // The defaults: 1000 ms on frame 0; the first dead ends say why in 7 words: 1700 ms of reading
    // time (later ones are held for the words that changed: the blog pace).
    queens_ok(&dir, &["animate", "6", "-o", "d.gif", "-q"]);
    let delays: Vec<u32> = decode_gif(&std::fs::read(dir.join("d.gif")).unwrap()).into_iter().map(|f| f.1).collect();
    assert_eq!(delays, expected_delays(&trace, &Timing::default()));
    assert_eq!((delays[0], delays.contains(&1700)), (1000, true));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn queens_lists_count_ranks_from_the_bottom_or_name_squares() {
    let dir = temp_dir("queens-list");
    let square = 20u32;
    let px = square.to_string();
    queens_ok(&dir, &["board", "8", "1", "--bare", "--square", &px, "-o", "rank.png"]);
    let img = open(&dir.join("rank.png"));
    let theme = Theme::default();
    let queen_in = |img: &RgbaImage, row: u32, col: u32| {
        (0..square).any(|dy| (0..square).any(|dx| rgb(img, col * square + dx, row * square + dy) == theme.queen))
    };
    assert!(queen_in(&img, 7, 0) && !queen_in(&img, 0, 0), "rank 1 of column a is a1, the bottom-left square");
    queens_ok(&dir, &["board", "8", "8,4,1,3,6,2,7,5", "-o", "ranks.png"]);
    queens_ok(&dir, &["board", "8", "h5,a8,b4,c1,d3,e6,f2,g7", "-o", "squares.png"]);
    let read = |name: &str| std::fs::read(dir.join(name)).unwrap();
    assert_eq!(read("ranks.png"), read("squares.png"), "ranks and squares name the same board");
    for (list, words) in [
        ("i1", "write a1 to h8"),
        ("a1,c2", "leaves column b empty"),
        ("a1,a2", "share column a"),
        ("9", "rank 9 for column a is out of range"),
        ("1,x", "'x' (column b) is not a rank"),
    ] {
        let out = run_queens(&dir, &["board", "8", list, "-o", "bad.png"]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{list}: {stderr}");
        assert!(stderr.contains(words) && stderr.lines().count() == 1, "{list}: {stderr}");
        assert!(!stderr.contains("panicked"), "{list}");
    }
    assert!(!dir.join("bad.png").exists(), "nothing written after a bad list");
    let out = queens_ok(&dir, &["solve", "4", "--all"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("solution 1: 3 1 4 2\n"), "solve prints the QUEENS list board takes: {text}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn race_boards_sit_where_their_runs_draw_them_titled_once_with_a_divider_between() {
    let dir = temp_dir("race");
    let algorithms = ["backtrack", "forward"];
    let mut alone = Vec::new();
    for a in algorithms {
        queens_ok(&dir, &["frames", "5", "--algorithm", a, "--square", "30", "--frames", "0", "--split", a, "-q"]);
        alone.push(open(&dir.join(a).join("frame-0.png")));
    }
    queens_ok(&dir, &["race", "5", "backtrack", "forward", "--square", "30", "-o", "r.gif", "-q"]);
    let frames = decode_gif(&std::fs::read(dir.join("r.gif")).unwrap());
    let img = &frames[0].0;
    let (w0, w1) = (alone[0].width(), alone[1].width());
    assert_eq!(img.width(), w0 + w1, "the runs side by side");
    // Each run exactly as drawn alone (its caption titles it: no title band above), but for the
    // divider's columns between them.
    for (i, (run, x0)) in alone.iter().zip([0, w0]).enumerate() {
        for y in 0..run.height() {
            for x in 2..run.width() - 2 {
                assert_eq!(
                    rgb(img, x0 + x, y),
                    rgb(run, x, y),
                    "race run {i} at ({x}, {y}) differs from the run alone"
                );
            }
        }
    }
    let background = rgb(img, 0, 0);
    let divider = (0..img.height()).filter(|&y| rgb(img, w0, y) != background).count() as u32;
    assert!(divider > img.height() / 2, "a divider between the runs: {divider} px");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn sheet_labels_have_capitals_of_at_least_0_18_square() {
    let dir = temp_dir("sheet");
    for square in [30u32, 60, 140] {
        let px = square.to_string();
        queens_ok(&dir, &["sheet", "5", "--unique", "--square", &px, "-o", "s.png", "--atlas", "a.json"]);
        let img = open(&dir.join("s.png"));
        let atlas: serde_json::Value = serde_json::from_slice(&std::fs::read(dir.join("a.json")).unwrap()).unwrap();
        let board = &atlas["boards"][0];
        let [x, y, size] = ["x", "y", "size"].map(|k| board[k].as_u64().unwrap() as u32);
        // The label under the board starts with the board's number, the digit 1.
        let rows = y + size + 1..img.height();
        let background = rgb(&img, 0, 0);
        let left = (0..img.width())
            .find(|&c| rows.clone().any(|r| rgb(&img, c, r) != background))
            .expect("a label under the board");
        assert!(left < x + size, "the label sits under board 1");
        let runs = ink_runs(&img, rows, (left, left + (square / 6).max(4)));
        let cap = runs[0].1 as f32;
        assert!(cap >= 0.18 * square as f32, "label digit {cap} px at {square} px squares (want 0.18 x square)");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
