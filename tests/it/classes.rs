//! `queens sheet <N> --classes`: one row per symmetry class. Checked from outside: the atlas (read
//! as JSON) puts every solution of `solve --all` on the sheet exactly once, each row is closed under
//! the 8 symmetries (computed here, not by the library), each board is its transformation of the
//! row's first board, the PNG (decoded with the `image` crate) shows a queen where the atlas says,
//! and librsvg's rendering of the SVG sheet matches the PNG.

use crate::support::{self, run_queens, temp_dir};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The picture's symmetries by name, as the README defines them: `queens[col] = row`, row 0 on top.
fn transform(name: &str, q: &[usize]) -> Vec<usize> {
    let m = q.len() - 1;
    let mut out = vec![0; q.len()];
    for (c, &r) in q.iter().enumerate() {
        let (row, col) = match name {
            "id" => (r, c),
            "r90" => (c, m - r),
            "r180" => (m - r, m - c),
            "r270" => (m - c, r),
            "flip-h" => (r, m - c),
            "flip-v" => (m - r, c),
            "flip-d" => (c, r),
            "flip-a" => (m - c, m - r),
            other => panic!("unknown transformation {other}"),
        };
        out[col] = row;
    }
    out
}

const NAMES: [&str; 8] = ["id", "r90", "r180", "r270", "flip-h", "flip-v", "flip-d", "flip-a"];

fn solve_all(dir: &Path, n: usize) -> Vec<Vec<usize>> {
    let out = run_queens(dir, &["solve", &n.to_string(), "--all", "--format", "json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    let list = json.get("solutions").unwrap_or(&json).as_array().expect("a list of solutions").clone();
    list.iter().map(|s| s.as_array().unwrap().iter().map(|v| v.as_u64().unwrap() as usize).collect()).collect()
}

fn queens_vec(entry: &Value) -> Vec<usize> {
    entry["queens"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap() as usize).collect()
}

/// Runs `sheet n --classes` with `extra` and returns the atlas.
fn classes_sheet(dir: &Path, n: usize, extra: &[&str]) -> Value {
    let mut args = vec!["sheet".to_string(), n.to_string(), "--classes".into(), "--atlas".into(), "atlas.json".into()];
    args.extend(extra.iter().map(|s| s.to_string()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = run_queens(dir, &args);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&std::fs::read(dir.join("atlas.json")).unwrap()).unwrap()
}

#[test]
fn rows_are_the_symmetry_classes_and_hold_every_solution_once() {
    for (n, classes, sizes) in
        [(8, 12, vec![8; 11].into_iter().chain([4]).collect::<Vec<_>>()), (6, 1, vec![4]), (5, 2, vec![8, 2])]
    {
        let dir = temp_dir("classes", &format!("rows{n}"));
        let atlas = classes_sheet(&dir, n, &["--square", "20"]);
        let solutions = solve_all(&dir, n);
        let entries = atlas["boards"].as_array().unwrap();
        let mut rows: BTreeMap<u64, Vec<&Value>> = BTreeMap::new();
        for e in entries {
            rows.entry(e["class"].as_u64().expect("every board has a class")).or_default().push(e);
        }
        assert_eq!(rows.len(), classes, "{n}: classes");
        assert_eq!(rows.keys().copied().collect::<Vec<_>>(), (1..=classes as u64).collect::<Vec<_>>());
        let mut row_sizes: Vec<usize> = rows.values().map(Vec::len).collect();
        row_sizes.sort_unstable_by(|a, b| b.cmp(a));
        assert_eq!(row_sizes, sizes, "{n}: row sizes");
        let on_sheet: BTreeSet<Vec<usize>> = entries.iter().map(queens_vec).collect();
        assert_eq!(on_sheet.len(), entries.len(), "{n}: a board twice");
        assert_eq!(on_sheet, solutions.iter().cloned().collect(), "{n}: not every solution");
        for (class, row) in &rows {
            let first = queens_vec(row[0]);
            assert_eq!(row[0]["transform"], "id", "{n}: class {class} starts with its first board");
            let members: BTreeSet<Vec<usize>> = row.iter().map(|e| queens_vec(e)).collect();
            assert_eq!(
                first,
                *members.iter().next().unwrap(),
                "{n}: the first board comes first in backtracking order"
            );
            for name in NAMES {
                assert!(members.contains(&transform(name, &first)), "{n}: class {class} is not closed under {name}");
            }
            let (y, mut last_x) = (&row[0]["y"], -1i64);
            for (slot, e) in row.iter().enumerate() {
                let name = e["transform"].as_str().unwrap();
                assert_eq!(queens_vec(e), transform(name, &first), "{n}: class {class} slot {slot} is not {name}");
                let earliest = NAMES.iter().position(|t| transform(t, &first) == queens_vec(e)).unwrap();
                assert_eq!(name, NAMES[earliest], "{n}: named by the first transformation that gives it");
                let index = e["index"].as_u64().unwrap() as usize;
                assert_eq!(solutions[index - 1], queens_vec(e), "{n}: index is the backtracking order");
                assert_eq!(&e["y"], y, "{n}: class {class} is one row");
                assert!(e["x"].as_i64().unwrap() > last_x, "{n}: left to right");
                last_x = e["x"].as_i64().unwrap();
            }
        }
    }
}

/// Queens are drawn where the atlas says: the centre of a queen's square is dark (the queen's
/// ink), the centre of every other square is not.
#[test]
fn the_png_shows_each_board_where_the_atlas_puts_it() {
    let dir = temp_dir("classes", "png");
    let atlas = classes_sheet(&dir, 6, &["--square", "30", "-o", "c.png"]);
    let img = image::open(dir.join("c.png")).unwrap().to_rgb8();
    assert_eq!(
        (img.width() as u64, img.height() as u64),
        (atlas["width"].as_u64().unwrap(), atlas["height"].as_u64().unwrap())
    );
    for e in atlas["boards"].as_array().unwrap() {
        let (x, y, square) = (e["x"].as_u64().unwrap() as u32, e["y"].as_u64().unwrap() as u32, 30u32);
        let queens = queens_vec(e);
        for col in 0..6u32 {
            for row in 0..6u32 {
                // A point in the queen's body, below the centre.
                let p = img.get_pixel(x + col * square + square / 2, y + row * square + square * 5 / 8).0;
                let luma = (u32::from(p[0]) * 3 + u32::from(p[1]) * 6 + u32::from(p[2])) / 10;
                let queen = queens[col as usize] == row as usize;
                assert_eq!(luma < 100, queen, "board {} square ({row}, {col}): {p:?}", e["index"]);
            }
        }
    }
}

#[test]
fn the_svg_sheet_matches_the_png() {
    let dir = temp_dir("classes", "svg");
    let png_atlas = classes_sheet(&dir, 6, &["--square", "30", "-o", "c.png"]);
    let svg_atlas = classes_sheet(&dir, 6, &["--square", "30", "-o", "c.svg"]);
    assert_eq!(png_atlas, svg_atlas, "one layout, one atlas");
    support::svg::check_xml(&dir.join("c.svg"));
    let Some(rendered) = support::svg::rsvg(&dir.join("c.svg")) else { return };
    let reference = image::open(dir.join("c.png")).unwrap().to_rgb8();
    support::svg::interiors_match(&reference, &rendered, 4, "classes sheet");
}

#[test]
fn default_name_and_refusals() {
    let dir = temp_dir("classes", "cli");
    let out = run_queens(&dir, &["sheet", "6", "--classes"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(dir.join("output/queens-6x6-classes.png").is_file());
    for extra in [&["--unique"][..], &["--columns", "3"]] {
        let out = run_queens(&dir, &[&["sheet", "6", "--classes"][..], extra].concat());
        assert_eq!(out.status.code(), Some(2), "{extra:?}: {}", String::from_utf8_lossy(&out.stderr));
    }
    let out = run_queens(&dir, &["sheet", "5", "--classes", "--atlas", "-", "-o", "five.png"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let atlas: Value = serde_json::from_slice(&out.stdout).expect("stdout is the atlas alone");
    let classes: BTreeSet<u64> =
        atlas["boards"].as_array().unwrap().iter().map(|b| b["class"].as_u64().unwrap()).collect();
    assert_eq!(classes, BTreeSet::from([1, 2]), "5x5 has 2 classes");
    assert!(dir.join("five.png").is_file() && !dir.join("-").exists());
    let out = run_queens(&dir, &["sheet", "11", "--classes"]);
    assert_eq!(out.status.code(), Some(1), "2,680 boards pass the default --max-boards");
    let out = run_queens(&dir, &["sheet", "3", "--classes"]);
    assert_eq!(out.status.code(), Some(1), "3x3 has no solutions");
}
