//! `queens heatmap`: the counts equal those computed from `solve --all --format json`, and the
//! PNG (decoded with the `image` crate) colours every square by its count's place between the
//! smallest and the largest: equal counts, equal colours; more queens, darker (on a light page); every count legible on its square in every
//! theme, in grayscale and to colour-blind readers, and in the dark half of `--theme auto`'s SVG.

use crate::legibility::worst;
use crate::support::{self, rgb, run_queens, temp_dir};
use image::RgbaImage;
use queens::luminance;
use queens::Theme;
use std::collections::BTreeMap;

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
    let (min, max) = (*counts.iter().flatten().min().unwrap(), *counts.iter().flatten().max().unwrap());
    let t = |count: u64| (count - min) as f32 / (max - min) as f32;
    // The board is centred; its squares are 40 px. Find its left edge from the first row's cells.
    let board = 8 * 40;
    let x0 = (img.width() - board) / 2;
    let title_band = 13 * 2; // title size is max(13, text size 13) at 40 px squares
    let y0 = 13 + title_band; // margin 13 (40 / 3) then the title band
    for (row, line) in counts.iter().enumerate() {
        for (col, &count) in line.iter().enumerate() {
            let (x, y) = (x0 + col as u32 * 40 + 2, y0 + row as u32 * 40 + 2);
            assert_eq!(rgb(&img, x, y), queens::ramp(&Theme::default(), t(count)), "{row} {col}");
        }
    }
    let darkness = |c: u64| luminance(queens::ramp(&Theme::default(), t(c)));
    assert!(darkness(4) > darkness(8) && darkness(8) > darkness(18));
}

/// The SVG heatmap is the PNG's drawing: librsvg's rendering of it matches the PNG wherever the
/// PNG is locally one colour (cells, legend, background; glyph edges are anti-aliased differently).
#[test]
fn svg_matches_the_png() {
    let dir = temp_dir("heatmap", "svg");
    for (args, file) in [(&["--format", "svg"][..], "h.svg"), (&[][..], "h.png")] {
        let mut all = vec!["heatmap", "8", "--square", "40", "-o", file];
        all.extend_from_slice(args);
        let out = run_queens(&dir, &all);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    }
    let svg = std::fs::read_to_string(dir.join("h.svg")).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("queens per square over 92 solutions"), "{}", &svg[..200]);
    support::svg::check_xml(&dir.join("h.svg"));
    let Some(rendered) = support::svg::rsvg(&dir.join("h.svg")) else { return };
    let png = image::open(dir.join("h.png")).unwrap().to_rgb8();
    let checked = support::svg::interiors_match(&png, &rendered, 3, "heatmap 8 SVG");
    assert!(checked as u32 > png.width() * png.height() / 2, "only {checked} pixels compared");
}

#[test]
fn theme_auto_needs_svg_and_the_extension_must_name_a_still_format() {
    let dir = temp_dir("heatmap", "refusals");
    let out = run_queens(&dir, &["heatmap", "6", "--theme", "auto", "-o", "h.png"]);
    assert_eq!(out.status.code(), Some(2), "{}", String::from_utf8_lossy(&out.stderr));
    let out = run_queens(&dir, &["heatmap", "6", "-o", "h.gif"]);
    assert_eq!(out.status.code(), Some(2), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(!dir.join("h.gif").exists(), "a refused run wrote a file");
    // An explicit --format wins over the extension.
    let out = run_queens(&dir, &["heatmap", "6", "--format", "svg", "-o", "forced.png"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(std::fs::read_to_string(dir.join("forced.png")).unwrap().starts_with("<svg"));
    let out = run_queens(&dir, &["heatmap", "6", "--theme", "auto", "-o", "h.svg"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let svg = std::fs::read_to_string(dir.join("h.svg")).unwrap();
    assert!(svg.contains("prefers-color-scheme:dark"), "the dark theme is missing");
    assert!(!dir.join("h.png").exists(), "a refused run wrote a file");
}

/// Each cell of `heatmap 8 --square SQUARE` in `img`: its ground (a corner pixel) and its count's ink
/// (the colour inside it farthest from the ground in luminance, on 3 pixels or more: the glyphs'
/// fully covered pixels, not their anti-aliased edges).
fn grounds_and_inks(img: &RgbaImage, square: u32) -> Vec<([u8; 3], [u8; 3])> {
    // The layout's margin, then the title band (twice the title's size).
    let text = ((square as f32 * 0.32).round() as u32).clamp(8, 20);
    let (x0, y0) = ((img.width() - 8 * square) / 2, (square / 3).clamp(8, 24) + 2 * text.max(13));
    let mut cells = Vec::new();
    for row in 0..8 {
        for col in 0..8 {
            let (x, y) = (x0 + col * square, y0 + row * square);
            let ground = rgb(img, x + 2, y + 2);
            let mut others: BTreeMap<[u8; 3], usize> = BTreeMap::new();
            for (dx, dy) in (4..square - 4).flat_map(|dx| (4..square - 4).map(move |dy| (dx, dy))) {
                let c = rgb(img, x + dx, y + dy);
                if c != ground {
                    *others.entry(c).or_default() += 1;
                }
            }
            let distance = |c: [u8; 3]| (luminance(c) - luminance(ground)).abs();
            let inks = others.into_iter().filter(|&(_, n)| n >= 3).map(|(c, _)| c);
            let ink = inks.max_by(|&a, &b| distance(a).total_cmp(&distance(b))).expect("a count in every cell");
            cells.push((ground, ink));
        }
    }
    cells
}

/// Every count at least 4.5:1 on its square, and on a dark page (a projected slide) also 3:1
/// with 10% white projector flare, in grayscale and the three simulations.
fn check_legible(img: &RgbaImage, square: u32, what: &str) {
    let dark_page = luminance(rgb(img, 1, 1)) < 0.2;
    for (i, (ground, ink)) in grounds_and_inks(img, square).into_iter().enumerate() {
        let ratio = worst(ground, ink, false);
        assert!(ratio >= 4.5, "{what}: cell {i}: count {ink:?} on {ground:?} is {ratio:.2}:1");
        let flared = worst(ground, ink, true);
        assert!(
            !dark_page || flared >= 3.0,
            "{what}: cell {i}: count {ink:?} on {ground:?} is {flared:.2}:1 with flare"
        );
    }
}

#[test]
fn counts_are_legible_in_every_theme_and_to_colour_blind_readers() {
    let dir = temp_dir("heatmap", "legible");
    for theme in ["default", "gray", "dark", "print"] {
        for unique in [false, true] {
            let file = format!("{theme}{unique}.png");
            let mut args = vec!["heatmap", "8", "--square", "40", "--theme", theme, "-o", &file];
            if unique {
                args.push("--unique");
            }
            let out = run_queens(&dir, &args);
            assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
            let img = image::open(dir.join(&file)).unwrap().to_rgba8();
            check_legible(&img, 40, &file);
        }
    }
    // --theme auto: the SVG's dark half (its media query's rules applied) is the dark PNG (squares
    // of 60 pixels: librsvg covers some pixels of the larger digits fully).
    let (svg, png) = (["--theme", "auto", "-o", "auto.svg"], ["--theme", "dark", "-o", "dark60.png"]);
    for args in [&svg, &png] {
        let out = run_queens(&dir, &[&["heatmap", "8", "--square", "60"][..], args].concat());
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    }
    let text = std::fs::read_to_string(dir.join("auto.svg")).unwrap();
    let media = "@media (prefers-color-scheme:dark){";
    let start = text.find(media).expect("the SVG carries a dark half");
    let end = start + text[start..].find("}}").expect("the media block closes") + 1;
    let dark = format!("{}{}{}", &text[..start], &text[start + media.len()..end], &text[end + 1..]);
    std::fs::write(dir.join("dark.svg"), dark).unwrap();
    let Some(rendered) = support::svg::rsvg(&dir.join("dark.svg")) else { return };
    let rendered = image::DynamicImage::ImageRgb8(rendered).to_rgba8();
    let png = image::open(dir.join("dark60.png")).unwrap().to_rgba8();
    let grounds = |img: &RgbaImage| grounds_and_inks(img, 60).into_iter().map(|(ground, _)| ground).collect::<Vec<_>>();
    assert_eq!(grounds(&rendered), grounds(&png), "the dark half's cells are the dark theme's");
    check_legible(&rendered, 60, "auto.svg, dark half");
}
