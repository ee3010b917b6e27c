//! Panels that explain themselves (issue 25): the search tree panel's legend and its marked current
//! node, measured in decoded frames (PNG files the tool wrote, decoded by the `image` crate) in every
//! theme, in grayscale and under the Machado 2009 simulations (10% flare added for `dark`).
//!
//! Rules kept: the current node's mark is at least 3:1 against everything it touches (its halo
//! inside, the gap or a neighbour outside) in every view; the legend's type has capitals of at
//! least 0.18 x square; a legend swatch shows the colour the nodes use.

use crate::legibility::worst;
use crate::support::{rgb, run_ok, temp_dir};
use image::RgbaImage;
use queens::internals::layout::PanelLayout;
use queens::internals::{Describer, Replay};
use queens::Item;
use queens::Paint;
use queens::{RenderOptions, SearchTree, SolveOptions, Theme, Trace};
use std::path::Path;

type Rect = (i64, i64, i64, i64);

pub(crate) fn tree_renderer(trace: &Trace, theme: Theme, square: usize) -> Describer {
    let mut look = RenderOptions::default();
    look.theme = theme;
    look.square = Some(square);
    let describer = Describer::new(trace.n, &look, Some(queens::caption_spec(trace)));
    describer.with_tree(SearchTree::from_trace(trace).unwrap())
}

pub(crate) fn open(path: &Path) -> RgbaImage {
    image::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display())).to_rgba8()
}

fn inside(panel: PanelLayout, (x, y, w, h): Rect) -> bool {
    let (px, py) = (panel.x as i64, panel.y as i64);
    x >= px && y >= py && x + w <= px + panel.width as i64 && y + h <= py + panel.height as i64
}

fn at(img: &RgbaImage, x: i64, y: i64) -> [u8; 3] {
    rgb(img, x as u32, y as u32)
}

/// The current node's mark in `img`: its colour against its halo and the pixels just outside it
/// (inside the panel), as (what, worst contrast over every view).
fn mark_contrasts(img: &RgbaImage, panel: PanelLayout, (x, y, w, h): Rect, t: i64, flare: bool) -> Vec<(String, f64)> {
    let (cx, cy) = (x + w / 2, y + h / 2);
    let mark = at(img, x + t / 2, cy);
    assert_eq!(mark, at(img, cx, y + t / 2), "one colour all round");
    let (left, top) = (panel.x as i64, panel.y as i64);
    let (right, bottom) = (left + panel.width as i64, top + panel.height as i64);
    let mut touching = vec![("halo", at(img, x + t, cy)), ("halo", at(img, cx, y + t))];
    for (what, px, py) in [("left", x - 1, cy), ("right", x + w, cy), ("above", cx, y - 1), ("below", cx, y + h)] {
        if (left..right).contains(&px) && (top..bottom).contains(&py) {
            touching.push((what, at(img, px, py)));
        }
    }
    touching.into_iter().map(|(what, c)| (format!("{what} {c:?} vs {mark:?}"), worst(mark, c, flare))).collect()
}

#[test]
fn the_current_node_is_marked_at_3_to_1_in_every_theme_and_view() {
    let dir = temp_dir("look_panels", "current");
    let trace = queens::record(&SolveOptions::new(6), 100_000).unwrap();
    std::fs::write(dir.join("t.json"), serde_json::to_string(&trace).unwrap()).unwrap();
    for name in ["default", "gray", "dark", "print"] {
        run_ok(&dir, &["frames", "t.json", "--tree", "--theme", name, "--split", name, "-q"]);
        let describer = tree_renderer(&trace, Theme::named(name).unwrap(), 60);
        let panel = describer.layout.tree.unwrap();
        let mut least = f64::MAX;
        for frame in Replay::new(&trace) {
            let frame = frame.unwrap();
            let scene = describer.describe(&frame);
            // The current node: a text-coloured outline with its background halo drawn next.
            let marks: Vec<(Rect, i64)> = scene
                .items
                .windows(2)
                .filter_map(|pair| match pair {
                    [Item::Outline { rect, thickness, paint: Paint::Text }, Item::Outline { paint: Paint::Background, .. }]
                        if inside(panel, *rect) =>
                    {
                        Some((*rect, *thickness))
                    }
                    _ => None,
                })
                .collect();
            let k = frame.index;
            assert_eq!(marks.len(), 1, "{name} frame {k}: one current node");
            let (rect, t) = marks[0];
            assert!(t >= 2, "{name} frame {k}: a stroke of {t} px");
            let digits = trace.events.len().to_string().len();
            let img = open(&dir.join(name).join(format!("frame-{k:0digits$}.png")));
            for (what, ratio) in mark_contrasts(&img, panel, rect, t, name == "dark") {
                assert!(ratio >= 3.0, "{name} frame {k}: the current node's mark {what}: {ratio:.2}:1");
                least = least.min(ratio);
            }
        }
        println!("{name}: current node mark >= {least:.2}:1 against what it touches");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_tree_legend_is_in_type_of_0_18_square_and_shows_the_nodes_colours() {
    let dir = temp_dir("look_panels", "legend");
    let trace = queens::record(&SolveOptions::new(6), 100_000).unwrap();
    std::fs::write(dir.join("t.json"), serde_json::to_string(&trace).unwrap()).unwrap();
    for (name, square) in [("default", 24usize), ("default", 60), ("dark", 60), ("print", 140)] {
        let png = format!("{name}-{square}.png");
        let px = square.to_string();
        run_ok(
            &dir,
            &["frames", "t.json", "--tree", "--theme", name, "--square", &px, "--frames", "1", "-o", &png, "-q"],
        );
        let img = open(&dir.join(&png));
        let describer = tree_renderer(&trace, Theme::named(name).unwrap(), square);
        let legend = describer.layout.tree_legend.expect("a legend under the tree");
        let frame = Replay::new(&trace).nth(1).unwrap().unwrap();
        let scene = describer.describe(&frame);
        let background = at(&img, legend.x as i64, (legend.y + legend.height - 1) as i64);
        let texts: Vec<(f32, f32, u32, String)> = scene
            .items
            .iter()
            .filter_map(|item| match item {
                Item::Text { x, baseline, size, text, .. }
                    if inside(legend, (*x as i64, *baseline as i64 - 1, 1, 1)) =>
                {
                    Some((*x, *baseline, *size, text.clone()))
                }
                _ => None,
            })
            .collect();
        let words: Vec<&str> = texts.iter().map(|t| t.3.as_str()).collect();
        for want in ["On the board", "Current step", "Solution", "Dead end"] {
            assert!(words.contains(&want), "{name} {square}: {words:?}");
        }
        for (x, baseline, size, text) in &texts {
            // Every entry starts with a capital: its ink, measured in the decoded frame.
            let columns = (*x as i64)..(*x + *size as f32 * 0.55) as i64;
            let rows = (*baseline as i64 - *size as i64)..(*baseline as i64 + 1);
            let inked: Vec<i64> = rows.filter(|&y| columns.clone().any(|c| at(&img, c, y) != background)).collect();
            let cap = inked.last().unwrap() - inked.first().unwrap() + 1;
            assert!(cap as f32 >= 0.18 * square as f32, "{name} {square}: '{text}' capital {cap} px");
        }
        // The path's swatch is the colour of the root, on the board in every frame.
        let swatch = scene
            .items
            .iter()
            .find_map(|item| match item {
                Item::Fill { rect, paint: Paint::PlacedTint } if inside(legend, *rect) => Some(*rect),
                _ => None,
            })
            .expect("a swatch for the path");
        let tree = describer.layout.tree.unwrap();
        let root = at(&img, tree.x as i64 + 2, tree.y as i64 + 2);
        assert_eq!(at(&img, swatch.0 + swatch.2 / 2, swatch.1 + swatch.3 / 2), root, "{name} {square}");
        assert!(legend.y >= tree.y + tree.height, "the legend is under the nodes");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Vertical extent of the ink in `columns` x `rows` (pixels not `background`), if any.
fn ink_extent(img: &RgbaImage, columns: std::ops::Range<u32>, rows: std::ops::Range<u32>) -> Option<(u32, u32)> {
    let background = rgb(img, 0, 0);
    let inked: Vec<u32> = rows.filter(|&y| columns.clone().any(|x| rgb(img, x, y) != background)).collect();
    Some((*inked.first()?, *inked.last()?))
}

#[test]
fn class_sheets_have_a_header_per_row_and_a_legend_line_in_type_of_0_18_square() {
    let dir = temp_dir("look_panels", "classes");
    for (n, square, classes) in [(8usize, 24u32, 12usize), (5, 60, 2)] {
        let px = square.to_string();
        let png = format!("c{n}.png");
        let json = format!("c{n}.json");
        run_ok(&dir, &["sheet", &n.to_string(), "--classes", "--square", &px, "-o", &png, "--atlas", &json, "-q"]);
        let img = open(&dir.join(&png));
        let atlas: serde_json::Value = serde_json::from_slice(&std::fs::read(dir.join(&json)).unwrap()).unwrap();
        let boards = atlas["boards"].as_array().unwrap();
        let firsts: Vec<&serde_json::Value> = boards.iter().filter(|b| b["transform"] == "id").collect();
        assert_eq!(firsts.len(), classes);
        let top = boards.iter().map(|b| b["y"].as_u64().unwrap() as u32).min().unwrap();
        // A legend over the boards: lines of ink above the first row.
        assert!(ink_extent(&img, 0..img.width(), 0..top).is_some(), "{n}: a legend above the boards");
        for first in firsts {
            let [x, y, size] = ["x", "y", "size"].map(|k| first[k].as_u64().unwrap() as u32);
            // The header left of the row's first board, within the board's height; its first
            // glyph is the capital C of "Class k".
            let left = (0..x)
                .find(|&c| ink_extent(&img, c..c + 1, y..y + size).is_some())
                .unwrap_or_else(|| panic!("{n}: no header left of class {}", first["class"]));
            let (a, b) = ink_extent(&img, left..left + (square / 6).max(4), y..y + size).unwrap();
            let (cap_top, _) = ink_extent(&img, left..left + 2, a..b + 1).unwrap();
            let cap = ink_extent(&img, left..left + 2, cap_top..b + 1).map(|(t, b)| b - t + 1).unwrap();
            assert!(cap as f32 >= 0.18 * square as f32, "{n}: header capital {cap} px at {square} px squares");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn nodes_taken_back_with_a_solution_below_stand_out_from_a_white_page_in_print() {
    let dir = temp_dir("look_panels", "explored");
    let mut options = SolveOptions::new(6);
    options.until = queens::Until::All;
    let trace = queens::record(&options, 100_000).unwrap();
    std::fs::write(dir.join("t.json"), serde_json::to_string(&trace).unwrap()).unwrap();
    let k = 300;
    run_ok(&dir, &["frames", "t.json", "--tree", "--theme", "print", "--frames", &k.to_string(), "-o", "p.png", "-q"]);
    let img = open(&dir.join("p.png"));
    let describer = tree_renderer(&trace, Theme::print(), 60);
    let panel = describer.layout.tree.unwrap();
    let frame = Replay::new(&trace).nth(k).unwrap().unwrap();
    let scene = describer.describe(&frame);
    let page = at(&img, panel.x as i64, panel.y as i64 + panel.height as i64 - 1);
    // Explored nodes are filled with the light squares' colour: white, the page's, in print.
    let explored: Vec<Rect> = scene
        .items
        .iter()
        .filter_map(|item| match item {
            Item::Fill { rect, paint: Paint::Light } if inside(panel, *rect) && rect.2 >= 6 => Some(*rect),
            _ => None,
        })
        .collect();
    assert!(explored.len() >= 4, "frame {k} shows nodes taken back with a solution below: {explored:?}");
    for (x, y, w, h) in explored {
        let edge = at(&img, x, y + h / 2);
        let ratio = worst(edge, page, false);
        assert!(ratio >= 3.0, "node at ({x}, {y}, {w}, {h}): its edge {edge:?} on the page {page:?} is {ratio:.2}:1");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The node just taken back stands apart from the dead ends around it in every theme and view: its
/// outline or the text-coloured ring inside it (a mark on the node's own fill) is 3:1 against the
/// dead ends' fill (print's removal gray and dead-end gray are 1.2:1 apart).
#[test]
fn the_node_just_taken_back_stands_apart_from_dead_ends() {
    let dir = temp_dir("look_panels", "taken-back");
    let trace = queens::record(&SolveOptions::new(6), 100_000).unwrap();
    std::fs::write(dir.join("t.json"), serde_json::to_string(&trace).unwrap()).unwrap();
    let k = 30;
    assert!(matches!(trace.events[k - 1], queens::Event::Remove { .. }), "frame {k} is a removal");
    for (name, theme) in
        [("default", Theme::default()), ("gray", Theme::gray()), ("dark", Theme::dark()), ("print", Theme::print())]
    {
        let file = format!("{name}.png");
        run_ok(&dir, &["frames", "t.json", "--tree", "--theme", name, "--frames", &k.to_string(), "-o", &file, "-q"]);
        let img = open(&dir.join(&file));
        let describer = tree_renderer(&trace, theme, 60);
        let panel = describer.layout.tree.unwrap();
        let scene = describer.describe(&Replay::new(&trace).nth(k).unwrap().unwrap());
        let (x, y, w, h, t) = scene
            .items
            .iter()
            .find_map(|item| match item {
                Item::Outline { rect: (x, y, w, h), thickness, paint: Paint::Removed }
                    if inside(panel, (*x, *y, *w, *h)) =>
                {
                    Some((*x, *y, *w, *h, *thickness))
                }
                _ => None,
            })
            .expect("the node just taken back is outlined");
        let dead = scene
            .items
            .iter()
            .find_map(|item| match item {
                // Dead ends: the attacked light squares' colour, the dark squares' in print.
                Item::Fill { rect, paint: Paint::LightAttacked | Paint::Dark }
                    if inside(panel, *rect) && *rect != (x, y, w, h) =>
                {
                    Some(*rect)
                }
                _ => None,
            })
            .expect("a dead end");
        let fill = at(&img, dead.0 + 2, dead.1 + 2);
        let flare = name == "dark";
        let (outline, ring) = (at(&img, x + t / 2, y + h / 2), at(&img, x + t, y + h / 2));
        let apart = worst(outline, fill, flare) >= 3.0 || worst(ring, fill, flare) >= 3.0;
        assert!(apart, "{name}: outline {outline:?}, ring {ring:?}, dead end {fill:?}");
    }
}
