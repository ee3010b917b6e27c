//! SVG stills against the PNGs of the same pictures and an independent model: boards, sheets,
//! `boards --format svg` and `frames` rendered by librsvg (`rsvg-convert`), every pixel inside a
//! uniform area of the PNG compared (colours exact up to anti-aliasing seams), square centres
//! checked against the queens placed; XML checked by xmllint or Python; no fonts needed (no
//! `<text>`); reruns byte-identical.

use crate::support::svg::{check_xml, interiors_match, rsvg};
use crate::support::{run_ok, run_queens, temp_dir};
use image::RgbImage;
use queens::Theme;
use std::path::Path;

/// Largest channel difference allowed inside uniform areas: librsvg leaves faint seams (1-3 levels)
/// where glyph contours meet over contrasting hatching.
const SEAM: u8 = 4;

fn png(path: &Path) -> RgbImage {
    image::open(path).expect("PNG decodes").to_rgb8()
}

/// The SVG at `path` is well-formed, needs no fonts, and says its words.
fn check_svg(path: &Path, words: &str) -> String {
    check_xml(path);
    let svg = std::fs::read_to_string(path).unwrap();
    assert!(!svg.contains("<text"), "glyphs are paths, not text");
    assert!(svg.contains(&format!("<title>{words}")), "title in {}", path.display());
    assert!(svg.contains(&format!("aria-label=\"{words}")), "aria-label in {}", path.display());
    svg
}

/// Draw `args` as SVG and PNG (`-o` appended), check both and compare them; returns the render.
fn svg_and_png(dir: &Path, name: &str, args: &[&str], words: &str) -> Option<(RgbImage, RgbImage)> {
    let (svg_path, png_path) = (dir.join(format!("{name}.svg")), dir.join(format!("{name}.png")));
    run_ok(dir, &[args, &["-o", svg_path.to_str().unwrap()]].concat());
    run_ok(dir, &[args, &["-o", png_path.to_str().unwrap()]].concat());
    let svg = check_svg(&svg_path, words);
    let again = dir.join(format!("{name}-again.svg"));
    run_ok(dir, &[args, &["-o", again.to_str().unwrap()]].concat());
    assert_eq!(svg, std::fs::read_to_string(&again).unwrap(), "{name}: reruns are byte-identical");
    let rendered = rsvg(&svg_path)?;
    let reference = png(&png_path);
    let checked = interiors_match(&reference, &rendered, SEAM, name);
    assert!(checked > (reference.width() * reference.height()) as usize / 3, "{name}: {checked} pixels compared");
    Some((reference, rendered))
}

#[test]
fn boards_render_like_their_pngs() {
    let dir = temp_dir("svg-stills", "boards");
    let cases: [(&str, &[&str], &str); 4] = [
        ("eight", &["board", "8", "8,4,1,3,6,2,7,5"], "8×8 board, queens on a8 b4 c1 d3 e6 f2 g7 h5"),
        ("print", &["board", "8", "8,4,1,3", "--coords", "--theme", "print"], "8×8 board, queens on a8 b4"),
        ("conflict", &["board", "5", "5,4,1", "--theme", "gray", "--square", "37"], "5×5 board, queens on a5"),
        ("dark", &["board", "6", "5,3,1,6,4,2", "--theme", "dark", "--coords"], "6×6 board"),
    ];
    for (name, args, words) in cases {
        svg_and_png(&dir, name, args, words);
    }
}

#[test]
fn bare_boards_keep_the_square_contract() {
    let dir = temp_dir("svg-stills", "bare");
    let (px, rows) = (29u32, [1usize, 3, 0, 2]);
    let list = "3,1,4,2";
    let Some((_, rendered)) = svg_and_png(&dir, "bare", &["board", "4", list, "--bare", "--square", "29"], "4×4")
    else {
        return;
    };
    assert_eq!(rendered.dimensions(), (4 * px, 4 * px), "N*PX square");
    let theme = Theme::default();
    for row in 0..4 {
        for (col, &queen_row) in rows.iter().enumerate() {
            let centre = rendered.get_pixel(col as u32 * px + px / 2, row as u32 * px + px / 2).0;
            // A full solution: no attack shading.
            let expected = match (queen_row == row, (row + col) % 2 == 1) {
                (true, _) => theme.queen,
                (false, false) => theme.light,
                (false, true) => theme.dark,
            };
            assert_eq!(centre, expected, "square ({row}, {col})");
        }
    }
}

#[test]
fn sheets_render_like_their_pngs_with_the_same_atlas() {
    let dir = temp_dir("svg-stills", "sheet");
    let args = ["sheet", "8", "--unique", "--square", "30", "--theme", "print"];
    let (svg_atlas, png_atlas) = (dir.join("svg.json"), dir.join("png.json"));
    run_ok(&dir, &[&args[..], &["--atlas", svg_atlas.to_str().unwrap()]].concat());
    std::fs::rename(dir.join("output/queens-8x8-solutions-unique.png"), dir.join("first.png")).unwrap();
    run_ok(&dir, &[&args[..], &["--format", "svg", "--atlas", png_atlas.to_str().unwrap()]].concat());
    let svg_path = dir.join("output/queens-8x8-solutions-unique.svg");
    assert!(svg_path.is_file(), "--format svg names the file .svg");
    assert_eq!(std::fs::read(&svg_atlas).unwrap(), std::fs::read(&png_atlas).unwrap(), "one layout, one atlas");
    check_svg(&svg_path, "12 8×8 boards");
    let Some(rendered) = rsvg(&svg_path) else { return };
    let reference = png(&dir.join("first.png"));
    interiors_match(&reference, &rendered, SEAM, "sheet");
    let atlas: serde_json::Value = serde_json::from_slice(&std::fs::read(&svg_atlas).unwrap()).unwrap();
    let theme = Theme::print();
    for board in atlas["boards"].as_array().unwrap() {
        let (x, y) = (board["x"].as_u64().unwrap() as u32, board["y"].as_u64().unwrap() as u32);
        let queens: Vec<u64> = board["queens"].as_array().unwrap().iter().map(|q| q.as_u64().unwrap()).collect();
        for (col, &queen_row) in queens.iter().enumerate() {
            for row in 0..8u32 {
                let centre = (x + col as u32 * 30 + 15, y + row * 30 + 15);
                let pixel = rendered.get_pixel(centre.0, centre.1).0;
                if u64::from(row) == queen_row {
                    assert_eq!(pixel, reference.get_pixel(centre.0, centre.1).0, "queen square");
                } else {
                    let plain = if (row as usize + col) % 2 == 1 { theme.dark } else { theme.light };
                    assert_eq!(pixel, plain, "board {} square ({row}, {col})", board["index"]);
                }
            }
        }
    }
}

#[test]
fn boards_format_svg_names_files_svg() {
    let dir = temp_dir("svg-stills", "batch");
    run_ok(&dir, &["boards", "6", "--format", "svg", "--square", "20", "-o", "svg"]);
    run_ok(&dir, &["boards", "6", "--square", "20", "-o", "png"]);
    for i in 1..=4 {
        let svg = dir.join(format!("svg/queens-6x6-{i}.svg"));
        check_svg(&svg, "6×6 board, queens on");
        if let Some(rendered) = rsvg(&svg) {
            interiors_match(&png(&dir.join(format!("png/queens-6x6-{i}.png"))), &rendered, SEAM, "boards");
        }
    }
}

#[test]
fn frames_render_like_their_pngs() {
    let dir = temp_dir("svg-stills", "frames");
    let runs: [&[&str]; 4] = [
        &["frames", "6", "--every", "4", "--square", "30"],
        &["frames", "5", "--detail", "checks", "--every", "9", "--coords", "--theme", "print", "--square", "60"],
        &["frames", "6", "--algorithm", "min-conflicts", "--square", "40", "--theme", "dark"],
        &["frames", "6", "--algorithm", "forward", "--frames", "0-12", "--square", "30"],
    ];
    for (i, args) in runs.iter().enumerate() {
        svg_and_png(&dir, &format!("sheet{i}"), args, "");
    }
    svg_and_png(
        &dir,
        "one",
        &["frames", "6", "--frames", "7"],
        "remove d5 · column e: e3 tried, nothing else fit · 6×6 · backtrack · step 7 of 57 · placements: 5",
    );
}

#[test]
fn auto_theme_is_svg_only_and_carries_both_palettes() {
    let dir = temp_dir("svg-stills", "auto");
    run_ok(&dir, &["board", "8", "a8,b4,c1,d3,e6,f2,g7,h5", "--theme", "auto", "-o", "auto.svg"]);
    let svg = std::fs::read_to_string(dir.join("auto.svg")).unwrap();
    assert!(svg.contains("@media (prefers-color-scheme:dark)"), "a dark palette");
    assert!(svg.contains(".q{fill:#000}") && svg.contains(".q{fill:#fff}"), "queens in both themes");
    let out = run_queens(&dir, &["board", "8", "8,4", "--theme", "auto", "-o", "auto.png"]);
    assert_eq!(out.status.code(), Some(2), "--theme auto for a PNG is a usage error");
    assert!(String::from_utf8_lossy(&out.stderr).contains("SVG"));
    assert!(!dir.join("auto.png").exists());
    let out = run_queens(&dir, &["board", "8", "8,4", "-o", "x.webp"]);
    assert_eq!(out.status.code(), Some(2), "an extension naming no still format");
    run_ok(&dir, &["board", "8", "8,4", "--format", "svg", "-o", "x.png"]);
    assert!(std::fs::read_to_string(dir.join("x.png")).unwrap().starts_with("<svg"), "--format wins");
}

#[test]
fn animations_take_format_svg_and_refuse_auto_elsewhere() {
    let dir = temp_dir("svg-stills", "format");
    run_ok(&dir, &["animate", "4", "--format", "svg", "--theme", "auto"]);
    let svg = dir.join("output/queens-4x4-backtrack-first.svg");
    check_svg(&svg, "empty board · 4×4 · backtrack");
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.contains("prefers-color-scheme:dark") && text.contains("@keyframes"), "animated, both themes");
    for args in [&["animate", "4", "--theme", "auto"][..], &["race", "4", "backtrack", "grid", "--theme", "auto"]] {
        let out = run_queens(&dir, args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: --theme auto without SVG is a usage error");
    }
}
