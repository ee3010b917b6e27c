//! Knuth's numbers (issue 56): profiles against OEIS and against the traced searches, the
//! estimator's bias, Las Vegas p against the exact walk, the commands' contracts, and the charts
//! decoded by the image crate, Pillow, librsvg and Poppler with their labels.

use crate::support::pillow::pillow;
use crate::support::svg::rsvg;
use crate::support::tools::{pdf_tools, pillow_python};
use crate::support::{run_ok, run_queens, stderr, temp_dir};
use queens::count::profile::{profile, ProfileSearch};
use queens::{Algorithm, Event, SolveOptions, Until};
use std::process::Command;

/// OEIS A319284, rows n = 1..12 (Knuth, TAOCP 7.2.2): nodes per level of the backtrack tree.
const A319284: [&[u64]; 12] = [
    &[1, 1],
    &[1, 2, 0],
    &[1, 3, 2, 0],
    &[1, 4, 6, 4, 2],
    &[1, 5, 12, 14, 12, 10],
    &[1, 6, 20, 36, 46, 40, 4],
    &[1, 7, 30, 76, 140, 164, 94, 40],
    &[1, 8, 42, 140, 344, 568, 550, 312, 92],
    &[1, 9, 56, 234, 732, 1614, 2292, 2038, 1066, 352],
    &[1, 10, 72, 364, 1400, 3916, 7552, 9632, 7828, 4040, 724],
    &[1, 11, 90, 536, 2468, 8492, 21362, 37248, 44148, 34774, 15116, 2680],
    &[1, 12, 110, 756, 4080, 16852, 52856, 120104, 195270, 222720, 160964, 68264, 14200],
];

#[test]
fn backtrack_profiles_are_oeis_a319284_rows() {
    for (i, row) in A319284.iter().enumerate() {
        let p = profile(i + 1, ProfileSearch::Backtrack, None).unwrap();
        assert_eq!(p.levels, *row, "n = {}", i + 1);
    }
}

#[test]
fn the_eight_queens_profile_is_a319235_on_the_command_line() {
    let dir = temp_dir("knuth", "json8");
    let out = run_ok(&dir, &["profile", "8", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["levels"], serde_json::json!([1, 8, 42, 140, 344, 568, 550, 312, 92]));
    assert_eq!(
        (v["nodes"].as_u64(), v["solutions"].as_u64(), v["algorithm"].as_str()),
        (Some(2057), Some(92), Some("backtrack"))
    );
    let text = run_ok(&dir, &["profile", "8", "--vs", "forward"]);
    assert!(text.lines().any(|l| l.split_whitespace().eq(["nodes", "2,057", "1,361"])), "{text}");
}

/// Nodes per level of a traced run: the root, then each placement at its depth.
fn traced_levels(n: usize, algorithm: Algorithm) -> Vec<u64> {
    let mut options = SolveOptions::new(n);
    (options.algorithm, options.until) = (algorithm, Until::All);
    let trace = queens::record(&options, 10_000_000).unwrap();
    let mut levels = vec![0u64; n + 1];
    levels[0] = 1;
    let mut depth = 0;
    for event in &trace.events {
        match event {
            Event::Place { .. } => {
                depth += 1;
                levels[depth] += 1;
            }
            Event::Remove { .. } => depth -= 1,
            _ => {}
        }
    }
    levels
}

#[test]
fn profiles_count_the_traced_searches_placements() {
    for n in 1..=8 {
        for (search, algorithm) in
            [(ProfileSearch::Backtrack, Algorithm::Backtrack), (ProfileSearch::Forward, Algorithm::Forward)]
        {
            let counted = profile(n, search, None).unwrap().levels;
            assert_eq!(counted, traced_levels(n, algorithm), "n = {n}, {algorithm}");
        }
    }
}

#[test]
fn the_estimator_is_unbiased_within_its_standard_error() {
    for n in 6..=10 {
        let exact = profile(n, ProfileSearch::Backtrack, None).unwrap();
        let seeds = 20u64;
        let runs: Vec<_> = (1..=seeds).map(|seed| queens::estimate(n, 2_000, seed)).collect();
        let mean = runs.iter().map(|e| e.nodes.mean).sum::<f64>() / seeds as f64;
        let se = runs.iter().map(|e| e.nodes.std_error.powi(2)).sum::<f64>().sqrt() / seeds as f64;
        let off = (mean - exact.nodes() as f64).abs();
        assert!(off <= 4.0 * se, "n = {n}: mean {mean} vs exact {} (standard error {se})", exact.nodes());
        let solutions: f64 = runs.iter().map(|e| e.solutions.mean).sum::<f64>() / seeds as f64;
        let solutions_se = runs.iter().map(|e| e.solutions.std_error.powi(2)).sum::<f64>().sqrt() / seeds as f64;
        assert!((solutions - exact.solutions() as f64).abs() <= 4.0 * solutions_se, "n = {n}: solutions {solutions}");
    }
}

#[test]
fn the_estimate_command_is_reproducible_and_shows_the_exact_count() {
    let dir = temp_dir("knuth", "estimate");
    let args = ["estimate", "10", "--samples", "3000", "--seed", "9", "--format", "json"];
    let (a, b) = (run_ok(&dir, &args), run_ok(&dir, &args));
    assert_eq!(a, b, "same seed, same numbers");
    let v: serde_json::Value = serde_json::from_str(&a).unwrap();
    assert_eq!(v["nodes"]["exact"].as_u64(), Some(35_539));
    assert_eq!(v["levels"].as_array().map(Vec::len), Some(11));
    let big = run_ok(&dir, &["estimate", "20", "--samples", "100", "--format", "json"]);
    assert!(serde_json::from_str::<serde_json::Value>(&big).unwrap()["nodes"]["exact"].is_null());
}

#[test]
fn las_vegas_p_agrees_with_the_exact_walk() {
    for n in 4..=8 {
        for k in [n / 2, n] {
            let exact = queens::las_vegas_exact_p(n, k);
            let row = queens::las_vegas(n, k, 20_000, 3);
            let sigma = (exact * (1.0 - exact) / 20_000.0).sqrt();
            assert!((row.p() - exact).abs() <= 4.0 * sigma + 1e-12, "n = {n}, k = {k}: {} vs {exact}", row.p());
        }
    }
    let row = queens::las_vegas(8, 8, 100_000, 1);
    assert!((row.p() - 0.1293).abs() < 0.01, "Brassard-Bratley's 0.1293: {}", row.p());
}

#[test]
fn lasvegas_prints_brassard_and_bratleys_table() {
    let dir = temp_dir("knuth", "lasvegas");
    let out = run_ok(&dir, &["lasvegas", "8", "--trials", "2000"]);
    let zero = out.lines().find(|l| l.trim_start().starts_with("0 ")).expect("a row for k = 0");
    assert_eq!(
        zero.split_whitespace().collect::<Vec<_>>(),
        ["0", "1.0000", "1.0000", "114.00", "-", "114.00", "114.00"]
    );
    let rows = out.lines().map(|l| l.split_whitespace().collect::<Vec<_>>());
    assert_eq!(rows.filter(|r| r.len() == 7 && r[0].parse::<usize>().is_ok()).count(), 9, "k = 0..=8: {out}");
    let refused = run_queens(&dir, &["lasvegas", "8", "--k", "9"]);
    assert_eq!(refused.status.code(), Some(2), "{}", stderr(&refused));
}

#[test]
fn profiles_past_sixteen_are_refused_with_their_cost() {
    let dir = temp_dir("knuth", "refused");
    let out = run_queens(&dir, &["profile", "17"]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(err.contains("17x17") && err.contains("nodes") && err.contains("queens estimate 17"), "{err}");
}

#[test]
fn charts_decode_everywhere_with_their_labels() {
    let dir = temp_dir("knuth", "charts");
    for ext in ["png", "svg", "pdf"] {
        run_ok(&dir, &["profile", "8", "--vs", "forward", "-o", &format!("p.{ext}")]);
    }
    run_ok(&dir, &["estimate", "9", "--samples", "2000", "-o", "e.png"]);
    let png = image::open(dir.join("p.png")).unwrap().to_rgb8();
    // The root's bar (level 0, one node) is the first series' colour in the default theme.
    let placed = image::Rgb([0x00, 0x72, 0xB2]);
    let bars = png.enumerate_pixels().filter(|(_, _, p)| **p == placed).count();
    assert!(bars > 5_000, "filled bars: {bars} pixels");
    if let Some(python) = pillow_python() {
        let decoded = pillow(&python, &dir.join("p.png"), &[(0, 0)]);
        assert_eq!(decoded.size, png.dimensions());
        let estimate = pillow(&python, &dir.join("e.png"), &[]);
        assert_eq!(estimate.format, "PNG");
    }
    if let Some(rendered) = rsvg(&dir.join("p.svg")) {
        assert_eq!(rendered.dimensions(), png.dimensions());
        let same = png
            .pixels()
            .zip(rendered.pixels())
            .filter(|(a, b)| a.0.iter().zip(b.0).all(|(x, y)| x.abs_diff(y) <= 24))
            .count();
        let share = same as f64 / (png.width() * png.height()) as f64;
        assert!(share > 0.98, "librsvg's picture differs from the PNG in {:.1}% of pixels", 100.0 * (1.0 - share));
    }
    if let Some(tools) = pdf_tools() {
        let out = Command::new(tools.pdftotext).arg(dir.join("p.pdf")).arg("-").output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        for label in
            ["backtrack: 2,057 nodes, 92 solutions", "forward: 1,361 nodes, 92 solutions", "568", "1,000", "level"]
        {
            assert!(text.contains(label), "{label:?} missing from the PDF's text: {text}");
        }
    }
}

#[test]
fn growth_lists_the_oeis_counts_and_draws_them() {
    let dir = temp_dir("knuth", "growth");
    let out = run_ok(&dir, &["growth", "--max", "10", "--format", "json", "-o", "g.svg"]);
    let json_line = out.lines().next().unwrap();
    let v: serde_json::Value = serde_json::from_str(json_line).unwrap();
    let rows = v["rows"].as_array().unwrap();
    let column = |key: &str| rows.iter().map(|r| r[key].as_u64().unwrap()).collect::<Vec<_>>();
    assert_eq!(column("solutions"), [1, 0, 0, 2, 10, 4, 40, 92, 352, 724]);
    assert_eq!(column("unique"), [1, 0, 0, 1, 2, 1, 6, 12, 46, 92]);
    let sums: Vec<u64> = A319284[..10].iter().map(|row| row.iter().sum()).collect();
    assert_eq!(column("nodes"), sums, "A319283: the rows' sums");
    assert!(std::fs::read_to_string(dir.join("g.svg")).unwrap().contains("solutions and backtrack nodes"));
}
