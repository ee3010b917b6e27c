//! Frame selection and `queens frames`: every output frame shows the board of its own step (probed
//! at square centres against an independent replay), a sheet's atlas rectangles crop to the GIF's
//! frames, and a one-frame PNG is the GIF's frame pixel for pixel. Decoded with the `image` crate.

use crate::support::{self, decode_gif, expected_centre, queens_per_frame, rgb, run_ok};
use image::RgbaImage;
use queens::{Event, Theme, Trace};
use std::collections::BTreeSet;
use std::path::Path;

fn temp_dir(name: &str) -> crate::support::TempFolder {
    support::temp_dir("frames", name)
}

fn read_trace(dir: &Path, name: &str) -> Trace {
    serde_json::from_str(&std::fs::read_to_string(dir.join(name)).unwrap()).unwrap()
}

/// Every square centre of a bare image at (x0, y0) shows `queens`' board.
fn assert_board(
    img: &RgbaImage,
    (x0, y0): (u32, u32),
    n: usize,
    square: u32,
    queens: &BTreeSet<(usize, usize)>,
    solution: bool,
    what: &str,
) {
    let theme = Theme::default();
    for row in 0..n {
        for col in 0..n {
            let (x, y) = (x0 + col as u32 * square + square / 2, y0 + row as u32 * square + square / 2);
            assert_eq!(
                rgb(img, x, y),
                expected_centre(queens, n, (row, col), solution, &theme),
                "{what}: row {row} col {col}"
            );
        }
    }
}

fn solution_frames(trace: &Trace) -> Vec<usize> {
    trace.events.iter().enumerate().filter(|(_, e)| matches!(e, Event::Solution { .. })).map(|(i, _)| i + 1).collect()
}

#[test]
fn selected_frames_show_their_own_step_with_their_own_delays() {
    let dir = temp_dir("select");
    run_ok(&dir, &["trace", "6", "--until", "2", "-o", "t.json"]);
    let trace = read_trace(&dir, "t.json");
    let boards = queens_per_frame(&trace);
    let last = trace.events.len();
    let solutions = solution_frames(&trace);
    let dead = crate::support::backtrack_dead_ends(&trace);
    let flags = [
        "--bare",
        "--square",
        "40",
        "-q",
        "--delay",
        "100",
        "--hold",
        "700",
        "--end-hold",
        "900",
        "--deadend-hold",
        "300",
        "--reading-time",
        "off",
    ];
    run_ok(
        &dir,
        &[&["render", "t.json", "--frames", "3-5,31,solutions,40-", "--every", "4", "-o", "s.gif"][..], &flags]
            .concat(),
    );
    let mut want: Vec<usize> = (3..=5).chain([31]).chain(solutions.iter().copied()).chain(40..=last).collect();
    want.sort_unstable();
    want.dedup();
    let last_selected = *want.last().unwrap();
    want.retain(|k| k % 4 == 0 || solutions.contains(k) || *k == last_selected);
    let frames = decode_gif(&std::fs::read(dir.join("s.gif")).unwrap());
    assert_eq!(frames.len(), want.len());
    for (i, ((img, delay), &k)) in frames.iter().zip(&want).enumerate() {
        let solution = support::solution_frame(&trace, k);
        assert_board(img, (0, 0), 6, 40, &boards[k], solution, &format!("output frame {i} (step {k})"));
        let expected = if i + 1 == want.len() {
            900
        } else if solutions.contains(&k) {
            700
        } else if dead[k] {
            300
        } else {
            100
        };
        assert_eq!(*delay, expected, "delay of step {k}");
    }
    let out = support::run_queens(&dir, &["render", "t.json", "--frames", &format!("{}", last + 1)]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains(&format!("last frame, {last}")));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn sheet_cells_in_the_atlas_crop_to_the_gif_frames() {
    let dir = temp_dir("sheet");
    run_ok(&dir, &["trace", "5", "-o", "t.json"]);
    run_ok(&dir, &["render", "t.json", "-q", "-o", "run.gif"]);
    run_ok(
        &dir,
        &["frames", "t.json", "--gap", "6", "--columns", "3", "-q", "-o", "sheet.png", "--atlas", "atlas.json"],
    );
    let gif = decode_gif(&std::fs::read(dir.join("run.gif")).unwrap());
    let sheet = image::open(dir.join("sheet.png")).unwrap().to_rgba8();
    let atlas: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("atlas.json")).unwrap()).unwrap();
    let entries = atlas["frames"].as_array().unwrap();
    assert_eq!(entries.len(), gif.len());
    assert_eq!(atlas["meta"]["image"], "sheet.png");
    assert_eq!(
        (atlas["meta"]["size"]["w"].as_u64().unwrap(), atlas["meta"]["size"]["h"].as_u64().unwrap()),
        (sheet.width() as u64, sheet.height() as u64)
    );
    let trace = read_trace(&dir, "t.json");
    for (k, (entry, (frame, delay))) in entries.iter().zip(&gif).enumerate() {
        let r = &entry["frame"];
        let (x, y, w, h) = ["x", "y", "w", "h"].map(|key| r[key].as_u64().unwrap() as u32).into();
        let cell = image::imageops::crop_imm(&sheet, x, y, w, h).to_image();
        assert!(cell == *frame, "cell {k} differs from GIF frame {k}");
        assert_eq!(entry["step"], k);
        assert_eq!(entry["filename"], format!("step {k}"));
        assert_eq!(entry["duration"].as_u64().unwrap() as u32, *delay);
        let event = if k == 0 { serde_json::Value::Null } else { serde_json::to_value(&trace.events[k - 1]).unwrap() };
        assert_eq!(entry["event"], event);
    }
    let tags = atlas["meta"]["frameTags"].as_array().unwrap();
    assert_eq!(tags.len(), 1);
    assert_eq!(tags[0]["name"], "solution 1");
    assert_eq!(tags[0]["from"].as_u64().unwrap() as usize, trace.events.len());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn one_frame_is_the_gif_frame_and_split_writes_every_selected_frame() {
    let dir = temp_dir("still");
    run_ok(&dir, &["animate", "6", "-q", "-o", "run.gif", "--coords"]);
    run_ok(&dir, &["frames", "6", "--frames", "31", "--coords", "-q", "-o", "step31.png"]);
    let gif = decode_gif(&std::fs::read(dir.join("run.gif")).unwrap());
    let still = image::open(dir.join("step31.png")).unwrap().to_rgba8();
    assert!(still == gif[31].0, "frame 31 as a PNG equals the GIF's frame 31");
    run_ok(&dir, &["frames", "6", "--bare", "--square", "40", "--every", "10", "--split", "split", "-q"]);
    let names = support::listing(&dir.join("split"));
    assert_eq!(
        names,
        [
            "frame-00.png",
            "frame-10.png",
            "frame-20.png",
            "frame-30.png",
            "frame-40.png",
            "frame-50.png",
            "frame-57.png"
        ]
    );
    run_ok(&dir, &["trace", "6", "-o", "t.json"]);
    let trace = read_trace(&dir, "t.json");
    let boards = queens_per_frame(&trace);
    for name in &names {
        let k: usize = name[6..8].parse().unwrap();
        let img = image::open(dir.join("split").join(name)).unwrap().to_rgba8();
        assert_eq!((img.width(), img.height()), (240, 240));
        assert_board(&img, (0, 0), 6, 40, &boards[k], support::solution_frame(&trace, k), name);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bare_sheets_pack_cells_edge_to_edge_and_huge_sheets_are_refused_up_front() {
    let dir = temp_dir("bare");
    run_ok(&dir, &["frames", "5", "--bare", "--square", "40", "-q", "-o", "bare.png", "--columns", "7"]);
    let sheet = image::open(dir.join("bare.png")).unwrap().to_rgba8();
    assert_eq!((sheet.width(), sheet.height()), (7 * 200, 200));
    run_ok(&dir, &["trace", "5", "-o", "t.json"]);
    let trace = read_trace(&dir, "t.json");
    let boards = queens_per_frame(&trace);
    for (k, board) in boards.iter().enumerate() {
        let solution = support::solution_frame(&trace, k);
        assert_board(&sheet, (k as u32 * 200, 0), 5, 40, board, solution, &format!("cell {k}"));
    }
    let out =
        support::run_queens(&dir, &["frames", "10", "--until", "all", "--square", "200", "--max-frames", "1000000"]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("--every") && stderr.contains("--square"), "{stderr}");
    assert!(!dir.join("output").read_dir().is_ok_and(|mut d| d.next().is_some()), "nothing written");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn one_frame_with_an_atlas_is_a_one_cell_sheet_and_its_atlas() {
    let dir = temp_dir("one-atlas");
    run_ok(&dir, &["animate", "5", "-q", "-o", "run.gif"]);
    run_ok(&dir, &["frames", "5", "--frames", "3", "-q", "-o", "step3.png", "--atlas", "a.json"]);
    let gif = decode_gif(&std::fs::read(dir.join("run.gif")).unwrap());
    let still = image::open(dir.join("step3.png")).unwrap().to_rgba8();
    assert!(still == gif[3].0, "the one-cell sheet is the GIF's frame 3");
    let atlas: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(dir.join("a.json")).unwrap()).unwrap();
    let entries = atlas["frames"].as_array().unwrap();
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0]["step"], 3);
    assert_eq!(entries[0]["frame"]["w"].as_u64().unwrap() as u32, still.width());
    let out = support::run_queens(&dir, &["frames", "5", "-q", "-o", "p.html", "--atlas", "b.json"]);
    assert_eq!(out.status.code(), Some(2), "an atlas of a player is refused");
    assert!(!dir.join("b.json").exists() && !dir.join("p.html").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_frame_limit_counts_the_frames_drawn_not_the_run() {
    let dir = temp_dir("limit");
    run_ok(&dir, &["trace", "6", "-o", "t.json"]);
    run_ok(&dir, &["frames", "t.json", "--frames", "0-3", "--max-frames", "10", "-q", "-o", "four.png"]);
    let sheet = image::open(dir.join("four.png")).unwrap();
    assert!(sheet.width() > 0);
    let out = support::run_queens(&dir, &["frames", "t.json", "--frames", "0-20", "--max-frames", "10", "-o", "x.png"]);
    assert_eq!(out.status.code(), Some(2), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stderr).contains("21 frames are selected, more than the frame limit of 10"));
    std::fs::remove_dir_all(&dir).unwrap();
}
