//! `queens heatmap`: the counts equal those computed from `solve --all --format json`, and the
//! PNG (decoded with the `image` crate) colours every square by its count: equal counts, equal
//! colours; more queens, darker.

mod common;

use common::{rgb, run_queens, temp_dir};
use queens::internals::palette::luminance;

fn counts_from_solve(n: usize) -> Vec<Vec<u64>> {
    let dir = temp_dir("heatmap", &format!("solve{n}"));
    let out = run_queens(&dir, &["solve", &n.to_string(), "--all", "--format", "json"]);
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let mut counts = vec![vec![0u64; n]; n];
    for solution in json["solutions"].as_array().unwrap() {
        for (col, row) in solution.as_array().unwrap().iter().enumerate() {
            counts[row.as_u64().unwrap() as usize][col] += 1;
        }
    }
    counts
}

#[test]
fn counts_equal_the_solutions_that_solve_lists() {
    for n in [1, 4, 6, 8] {
        assert_eq!(queens::heatmap_counts(n, false).unwrap(), counts_from_solve(n), "{n}");
    }
    let unique: u64 = queens::heatmap_counts(8, true).unwrap()[0].iter().sum();
    assert_eq!(unique, 12);
}

#[test]
fn squares_are_coloured_by_their_counts() {
    let dir = temp_dir("heatmap", "png");
    let out = run_queens(&dir, &["heatmap", "8", "--square", "40", "-o", "h.png"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let img = image::open(dir.join("h.png")).unwrap().to_rgba8();
    let counts = counts_from_solve(8);
    let max = *counts.iter().flatten().max().unwrap();
    // The board is centred; its squares are 40 px. Find its left edge from the first row's cells.
    let board = 8 * 40;
    let x0 = (img.width() - board) / 2;
    let title_band = 13 * 2; // title size is max(13, text size 13) at 40 px squares
    let y0 = 13 + title_band; // margin 13 (40 / 3) then the title band
    for (row, line) in counts.iter().enumerate() {
        for (col, &count) in line.iter().enumerate() {
            let (x, y) = (x0 + col as u32 * 40 + 2, y0 + row as u32 * 40 + 2);
            assert_eq!(rgb(&img, x, y), queens::ramp(count as f32 / max as f32), "row {row} col {col}");
        }
    }
    let darkness = |c: u64| luminance(queens::ramp(c as f32 / max as f32));
    assert!(darkness(4) > darkness(8) && darkness(8) > darkness(18));
}
