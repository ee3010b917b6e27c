//! The puzzle page's markup: colours from the theme, the board's lines, labels and region letters
//! (drawn once, as an SVG over the squares), the controls, the queen's outline, the data and the
//! script.
//!
//! Contract: everything written here is made of numbers, the theme's colours, fixed words and
//! region letters (`A`..`Z`, `a`..`z`, escaped anyway); the puzzle's data goes in as JSON made
//! script-safe by the caller. Squares are 60 units in the lines' `viewBox`; the board is at most
//! 480 CSS pixels wide (60 per square up to 8x8) and shrinks with narrow windows.

use super::super::page::{compact, squeeze};
use crate::draw::svg::{escape, glyph_path, hex, GlyphRef};
use crate::font::{Glyphs, QUEEN};
use crate::scene::theme::Theme;
use crate::trace::column_label;
use crate::trace::puzzle_file::region_letter;
use crate::trace::puzzle_furniture::Puzzle;
use std::fmt::Write;

const SCRIPT: &str = include_str!("play.js");
const STYLE: &str = include_str!("play.css");

/// Units per square in the lines' `viewBox`.
const UNIT: usize = 60;

/// The keys the page lists beside the board: keys, then what they do.
const KEYS: [(&str, &str); 6] = [
    ("← ↑ → ↓", "move"),
    ("Space, Enter", "empty, ×, queen"),
    ("x, q, Delete", "×, queen, empty"),
    ("h", "hint"),
    ("u, Ctrl+Z", "undo"),
    ("a", "auto-× on or off"),
];

/// The whole page for `puzzle` with its `data` (script-safe JSON).
pub fn html(puzzle: &Puzzle, data: &str, options: &super::PlayOptions) -> String {
    let n = puzzle.n;
    let kind = if puzzle.has_regions() { "regions" } else { "completion" };
    let rules = if puzzle.has_regions() {
        "One queen in every row, column and region; no two queens touch, not even diagonally."
    } else {
        "One queen in every row and column, no two on a diagonal; blocked squares take none."
    };
    let side = (480 / n).clamp(24, 60);
    let scheme = if options.dark.is_some() { "<meta name=\"color-scheme\" content=\"light dark\">" } else { "" };
    let mut out = String::with_capacity(32 * 1024 + data.len());
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">{scheme}\
         <title>Queens puzzle {n}×{n}</title><style>{}{}</style></head>\n<body><main id=\"game\" style=\"--n:{n};--s:{side}px\">\n\
         <header><h1>Queens puzzle <span>{n}×{n} · {kind}</span></h1><p id=\"rules\">{rules}</p></header>\n\
         <div id=\"wrap\"><div id=\"board\" role=\"grid\" tabindex=\"0\" \
         aria-label=\"Board, {n} by {n}: arrow keys move, space cycles empty, ×, queen\"></div>{}\
         <div id=\"cursor\" aria-hidden=\"true\"></div></div>\n<div id=\"side\">\
         <div id=\"bar\"><span id=\"clock\" role=\"timer\" aria-label=\"Time\">0:00</span>\
         <span id=\"count\" aria-live=\"polite\"></span></div>\n\
         <p id=\"status\" aria-live=\"polite\"></p>\n",
        colours(options),
        compact(STYLE),
        lines(puzzle),
    );
    out.push_str(
        "<div id=\"tools\"><button id=\"hint\" type=\"button\">Hint</button>\
         <button id=\"undo\" type=\"button\">Undo</button><button id=\"restart\" type=\"button\">Start over</button>\
         <label id=\"toggle\"><input id=\"auto\" type=\"checkbox\"> Auto-×: a queen marks what she rules out</label></div>\n\
         <div id=\"tip\" hidden><p id=\"say\" aria-live=\"polite\"></p><p id=\"more\"></p></div>\n\
         <div id=\"done\" hidden><input id=\"result\" readonly aria-label=\"Result\">\
         <button id=\"copy\" type=\"button\">Copy result</button></div>\n",
    );
    out.push_str("<table id=\"keys\" aria-label=\"Keys\">");
    for (keys, does) in KEYS {
        let _ = write!(out, "<tr><th>{keys}<td>{does}");
    }
    out.push_str("</table></div>\n</main>\n");
    let queen = glyph_path(&Glyphs::new(), GlyphRef::Piece { ch: QUEEN, square: UNIT as u32 });
    let _ = write!(
        out,
        "<svg id=\"defs\" width=\"0\" height=\"0\" aria-hidden=\"true\"><symbol id=\"q\" viewBox=\"0 0 {UNIT} {UNIT}\">\
         <path stroke=\"none\" d=\"{queen}\"/></symbol><symbol id=\"x\" viewBox=\"0 0 {UNIT} {UNIT}\">\
         <path fill=\"none\" d=\"M21.6 21.6 38.4 38.4M21.6 38.4 38.4 21.6\"/></symbol></svg>\n\
         <script type=\"application/json\" id=\"puzzle\">{data}</script>\n<script>{}</script>\n</body></html>\n",
        compact(SCRIPT).lines().map(squeeze).collect::<Vec<_>>().join("\n")
    );
    out
}

/// The page's colours as CSS variables (and the dark theme's, for viewers that prefer it).
fn colours(options: &super::PlayOptions) -> String {
    let vars = |t: &Theme| {
        let p = &t.puzzle;
        let mut v = format!(
            "--bg:{};--fg:{};--ink:{};--ghost:{};--lt:{};--dk:{};--sol:{};--clash:{};--used:{};--blk:{};--bink:{};--mark:{};",
            hex(t.background),
            hex(t.text),
            hex(t.queen),
            hex(t.ghost),
            hex(t.light),
            hex(t.dark),
            hex(t.solution),
            hex(t.check_attacked),
            hex(p.rule_used),
            hex(p.blocked),
            hex(p.blocked_ink),
            hex(t.placed),
        );
        for (i, &fill) in p.regions.iter().enumerate() {
            let _ = write!(v, "--r{i}:{};", hex(fill));
        }
        v
    };
    let mut out = format!(":root{{{}}}", vars(&options.theme));
    if let Some(dark) = &options.dark {
        let _ = write!(out, "@media (prefers-color-scheme:dark){{:root{{{}}}}}", vars(dark));
    }
    out
}

/// The drawing over the squares: a region puzzle's grid and region borders (the frames' thin
/// ghost lines and thick ink borders), the file and rank labels, each region's letter in its first
/// square (top right when a given queen stands there).
fn lines(puzzle: &Puzzle) -> String {
    let n = puzzle.n;
    let side = n * UNIT;
    let mut out = format!("<svg id=\"lines\" viewBox=\"0 0 {side} {side}\" aria-hidden=\"true\">");
    if puzzle.has_regions() {
        let mut grid = String::new();
        let mut borders = String::new();
        let region = |row: usize, col: usize| puzzle.regions[row * n + col];
        for i in 1..n {
            let at = i * UNIT;
            let _ = write!(grid, "M{at} 0v{side}M0 {at}h{side}");
        }
        for row in 0..n {
            for col in 0..n {
                let (x, y) = (col * UNIT, row * UNIT);
                if col + 1 < n && region(row, col) != region(row, col + 1) {
                    let _ = write!(borders, "M{} {y}v{UNIT}", x + UNIT);
                }
                if row + 1 < n && region(row, col) != region(row + 1, col) {
                    let _ = write!(borders, "M{x} {}h{UNIT}", y + UNIT);
                }
            }
        }
        let _ = write!(
            out,
            "<path class=\"grid\" d=\"{grid}\"/><path class=\"border\" d=\"{borders}\"/>\
             <rect class=\"border\" x=\"0\" y=\"0\" width=\"{side}\" height=\"{side}\"/>"
        );
    }
    out.push_str("<g class=\"labels\">");
    for row in 0..n {
        let _ = write!(out, "<text x=\"4\" y=\"{}\">{}</text>", row * UNIT + UNIT - 5, n - row);
    }
    for col in 0..n {
        let label = column_label(col);
        let _ = write!(out, "<text class=\"file\" x=\"{}\" y=\"{}\">{label}</text>", col * UNIT + UNIT - 4, side - 5);
    }
    out.push_str("</g>");
    if puzzle.has_regions() {
        out.push_str("<g class=\"letters\">");
        let mut seen = vec![false; n];
        for sq in 0..n * n {
            let r = usize::from(puzzle.regions[sq]);
            if std::mem::replace(&mut seen[r], true) {
                continue;
            }
            let (row, col) = (sq / n, sq % n);
            let given = puzzle.givens.iter().any(|g| g.row == row && g.col == col);
            let (x, anchor) = if given { (col * UNIT + UNIT - 5, " class=\"end\"") } else { (col * UNIT + 5, "") };
            let letter = escape(&region_letter(r as u8).to_string());
            let _ = write!(out, "<text{anchor} x=\"{x}\" y=\"{}\">{letter}</text>", row * UNIT + 16);
        }
        out.push_str("</g>");
    }
    out.push_str("</svg>");
    out
}
