//! The page around the drawing: the player's controls, its style sheet and script (kept readable
//! in `player.css` and `player.js`, embedded at build time), the packed table and the run's
//! settings.
//!
//! Contract: nothing is fetched (no `http:` or `https:` anywhere in the page, no font beyond the
//! viewer's own for the controls: the frame's glyphs are outlines); the frame's `<svg>` (placed by
//! the script in `#stage`, which keeps the frame's aspect meanwhile) gets the id `frame` and plain `href`s
//! (an HTML page needs no XML namespaces); comment lines and indentation of the embedded files are
//! left out. The caption is the picture's; its text copy (`#caption`, live) is visually hidden,
//! kept for screen readers. The controls take the theme's colours; `--theme auto` pages follow the
//! viewer's colour scheme, chrome included. The blocks of `player.js` and `player.css` between
//! the lines `//+motion` and `//-motion` (`/*+motion*/`, `/*-motion*/`) are smooth motion's: a
//! page without motion leaves them out, so it is what it was before motion existed; with motion,
//! `motion.js` takes the place of the line `//motion.js` in them. Within them, blocks named
//! `slide` are kept only when queens slide, `stored` only on a page that stores its cues,
//! `found` only on one whose script finds them and `marks` only on such a page whose puzzle
//! crosses squares out.

use crate::draw::svg::{escape, hex};
use crate::scene::theme::Theme;
use std::fmt::Write;

const SCRIPT: &str = include_str!("player.js");
const MOTION: &str = include_str!("motion.js");
const STYLE: &str = include_str!("player.css");

/// Everything a page shows.
pub struct Page<'a> {
    pub title: &'a str,
    /// The frame's size in pixels.
    pub size: (usize, usize),
    /// The packed table and drawing (see `pack.rs`).
    pub data: &'a str,
    /// The caption of a frame without text (a bare board's words).
    pub bare_words: &'a str,
    pub loop_count: Option<u16>,
    pub theme: &'a Theme,
    pub dark: Option<&'a Theme>,
    pub embed: bool,
    /// The quiz's data (see `quiz.rs`), for a player that asks.
    pub quiz: Option<&'a str>,
    /// How long a change fades under smooth motion, in milliseconds (0: no motion).
    pub fade_ms: u32,
    /// Whether queens slide (the page's script and style keep their `slide` blocks).
    pub slides: bool,
    /// Whether a puzzle's crosses sweep by the script's rule (it keeps its `marks` blocks).
    pub marks: bool,
    /// Whether the table stores every change's cue (the script keeps its `stored` blocks, else its
    /// `found` ones).
    pub stored: bool,
    /// The cues the in-betweens give, as JSON, for a page that tests its script's timing.
    pub cues: Option<&'a str>,
}

/// `source` with its blocks named `name` (see the contract) kept, markers dropped, when `keep`,
/// else without them.
pub fn select(source: &str, name: &str, keep: bool) -> String {
    let mut out = String::with_capacity(source.len());
    let mut inside = false;
    let (open, close) = (format!("//+{name}"), format!("//-{name}"));
    let (open_css, close_css) = (format!("/*+{name}*/"), format!("/*-{name}*/"));
    for line in source.lines() {
        match line.trim() {
            t if t == open || t == open_css => inside = true,
            t if t == close || t == close_css => inside = false,
            _ if inside && !keep => {}
            _ => {
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    out
}

/// `source` without comment lines, indentation and empty lines.
pub fn compact(source: &str) -> String {
    let mut out = String::with_capacity(source.len());
    for line in source.lines().map(str::trim) {
        if line.is_empty() || line.starts_with("//") || (line.starts_with("/*") && line.ends_with("*/")) {
            continue;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// A script line without the spaces next to punctuation (outside string literals): `a = b + 1;`
/// becomes `a=b+1;`. The player's script never writes `+ +`, `- -` or a regular expression with a
/// space, which this would change.
pub fn squeeze(line: &str) -> String {
    const PUNCT: &[u8] = b"{}()[];,=<>!+-*/%&|?:";
    let bytes = line.as_bytes();
    let mut out = String::with_capacity(line.len());
    let mut quote: Option<char> = None;
    let mut escaped = false;
    for (i, ch) in line.char_indices() {
        if let Some(q) = quote {
            out.push(ch);
            if escaped {
                escaped = false;
            } else if ch == '\\' {
                escaped = true;
            } else if ch == q {
                quote = None;
            }
            continue;
        }
        if ch == '"' || ch == '\'' {
            quote = Some(ch);
        }
        if ch == ' ' {
            let before = out.as_bytes().last().copied().unwrap_or(b' ');
            let after = bytes.get(i + 1).copied().unwrap_or(b' ');
            if PUNCT.contains(&before) || PUNCT.contains(&after) || after == b' ' {
                continue;
            }
        }
        out.push(ch);
    }
    out
}

/// A script as the page carries it: compacted, every line squeezed.
fn script(source: &str) -> String {
    compact(source).lines().map(squeeze).collect::<Vec<_>>().join("\n")
}

/// The player's script as the page carries it, smooth motion's names shortened (`names.rs`).
fn player_script(source: &str) -> String {
    super::names::shorten(&script(source))
}

/// An SVG document as the SVG backend writes it, as an `<svg>` element of an HTML page: id `frame`,
/// plain `href`s (an HTML page needs no XML namespaces).
pub fn inline_svg(svg: &str) -> String {
    let svg = svg.trim_end().replace(" xlink:href=", " href=");
    svg.replacen(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" ",
        "<svg id=\"frame\" ",
        1,
    )
}

/// The button icons: 16 x 16 paths.
/// First and last: a bar and two arrowheads; a step: one narrow chevron; play: a solid triangle.
const ICONS: [(&str, &str, &str); 5] = [
    ("first", "First frame (g)", "M1 2h2v12H1zM9 2v12L3 8zM15 2v12L9 8z"),
    ("back", "Step back (left arrow or h)", "M11.5 1.5 13 3 8 8l5 5-1.5 1.5L5 8z"),
    ("play", "Play (space)", "M4 2v12l10-6z"),
    ("forward", "Step forward (right arrow or l)", "M4.5 1.5 3 3l5 5-5 5 1.5 1.5L11 8z"),
    ("last", "Last frame (G)", "M13 2h2v12h-2zM7 2v12l6-6zM1 2v12l6-6z"),
];

/// The keys the `?` overlay lists: keys, then what they do.
const KEYS: [(&str, &str); 8] = [
    ("space", "play or pause"),
    ("← → or h l", "step back or forward"),
    ("g G", "first or last frame"),
    ("s S", "next or previous solution"),
    ("d D", "next or previous dead end"),
    ("+ −", "faster or slower"),
    ("31 ⏎", "step 31"),
    ("? Esc", "this list, close it"),
];

impl Page<'_> {
    /// The whole page.
    pub fn html(&self) -> String {
        let (width, height) = self.size;
        let mut out = String::with_capacity(self.data.len() + 16384);
        let scheme = if self.dark.is_some() { "<meta name=\"color-scheme\" content=\"light dark\">" } else { "" };
        let _ = write!(
            out,
            "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
             <meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">{scheme}<title>{}</title>\
             <style>{}{}{}</style></head>\n",
            escape(self.title),
            self.colours(),
            compact(&select(&select(STYLE, "motion", self.fade_ms > 0), "slide", self.slides)),
            if self.quiz.is_some() { super::quiz::STYLE } else { "" },
        );
        let class = if self.embed { " class=\"embed\"" } else { "" };
        let loop_count = self.loop_count.map_or("-1".to_string(), |k| k.to_string());
        let fade = if self.fade_ms > 0 { format!(" data-fade=\"{}\"", self.fade_ms) } else { String::new() };
        let _ = write!(
            out,
            "<body{class}><main id=\"player\" style=\"--w:{width};--h:{height}\" data-loop=\"{loop_count}\"{fade} data-words=\"{}\">\n\
             <div id=\"stage\" style=\"aspect-ratio:{width}/{height}\"><noscript>This player needs JavaScript.</noscript></div>\n",
            escape(self.bare_words)
        );
        out.push_str(&controls(if self.quiz.is_some() { super::quiz::panel() } else { "" }));
        out.push_str(&help());
        let _ = write!(out, "</main>\n<script type=\"application/octet-stream\" id=\"table\">{}</script>\n", self.data);
        if let Some(cues) = self.cues {
            let _ = writeln!(out, "<script type=\"application/json\" id=\"cues\">{cues}</script>");
        }
        let blocks = |source: &str| {
            let kept = select(&select(source, "slide", self.slides), "stored", self.stored);
            select(&select(&kept, "found", !self.stored), "marks", self.marks)
        };
        let player = blocks(&select(SCRIPT, "motion", self.fade_ms > 0)).replacen("//motion.js\n", &blocks(MOTION), 1);
        let _ = writeln!(out, "<script>{}</script>", player_script(&player));
        if let Some(quiz) = self.quiz {
            let _ = write!(
                out,
                "<script type=\"application/json\" id=\"quiz-data\">{quiz}</script>\n<script>{}</script>\n",
                script(super::quiz::SCRIPT)
            );
        }
        out.push_str("</body></html>\n");
        out
    }

    /// The page's colours from the theme (and the dark theme for viewers that prefer it): text and
    /// background, the accent (a placed queen's), the solutions' and the dead ends' marks.
    fn colours(&self) -> String {
        let vars = |t: &Theme| {
            format!(
                "--bg:{};--fg:{};--mark:{};--sol:{};--dead:{};",
                hex(t.background),
                hex(t.text),
                hex(t.placed),
                hex(t.solution),
                hex(t.removed)
            )
        };
        let mut out = format!(":root{{{}}}", vars(self.theme));
        if let Some(dark) = self.dark {
            let _ = write!(out, "@media (prefers-color-scheme:dark){{:root{{{}}}}}", vars(dark));
        }
        out
    }
}

/// The controls under the frame: the caption for screen readers (the picture shows it), the
/// timeline with its marks, the buttons, position and speed, looping and its range, folded, then
/// `quiz` (a quiz's panel, or nothing).
fn controls(quiz: &str) -> String {
    let mut out = String::from(
        "<p id=\"caption\" class=\"sr\" aria-live=\"polite\"></p>\n<div id=\"controls\"><div id=\"bar\">\
         <input id=\"scrub\" type=\"range\" min=\"0\" max=\"0\" value=\"0\" aria-label=\"Frame\">\
         <div id=\"marks\" aria-hidden=\"true\"></div></div>\n<div class=\"row\">",
    );
    for (id, label, path) in ICONS {
        let _ = write!(
            out,
            "<button id=\"{id}\" type=\"button\" aria-label=\"{label}\"><svg viewBox=\"0 0 16 16\" aria-hidden=\"true\"><path d=\"{path}\"/></svg></button>"
        );
    }
    out.push_str(
        "<output id=\"at\" aria-live=\"off\"></output>\
         <select id=\"speed\" aria-label=\"Speed\">\
         <option value=\"0.25\">¼×</option><option value=\"0.5\">½×</option><option value=\"1\" selected>1×</option>\
         <option value=\"2\">2×</option><option value=\"4\">4×</option><option value=\"8\">8×</option>\
         <option value=\"16\">16×</option></select>\
         <button id=\"keys\" type=\"button\" aria-label=\"Keys (?)\" aria-expanded=\"false\">?</button></div>\n\
         <details class=\"quiet\"><summary>loop</summary><label><input id=\"loop\" type=\"checkbox\"> repeat \
         <output id=\"span\"></output></label><div id=\"range\">\
         <input id=\"from\" type=\"range\" min=\"0\" max=\"0\" value=\"0\" aria-label=\"Loop from frame\">\
         <input id=\"to\" type=\"range\" min=\"0\" max=\"0\" value=\"0\" aria-label=\"Loop to frame\"></div></details>",
    );
    out.push_str(quiz);
    out.push_str("</div>\n");
    out
}

/// The `?` overlay: every key and what it does.
fn help() -> String {
    let mut out = String::from("<div id=\"help\" role=\"dialog\" aria-label=\"Keys\" hidden><table>");
    for (keys, does) in KEYS {
        let _ = write!(out, "<tr><th>{keys}<td>{does}");
    }
    out.push_str("</table></div>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_motion_names_are_shortened() {
        let plain = script(&select(SCRIPT, "motion", false));
        assert_eq!(player_script(&select(SCRIPT, "motion", false)), plain, "a page without motion keeps its script");
        let motion = select(MOTION, "slide", true);
        let full = select(&select(SCRIPT, "motion", true), "slide", true).replacen("//motion.js\n", &motion, 1);
        let (long, short) = (script(&full), player_script(&full));
        assert!(short.len() + 400 < long.len(), "{} -> {} bytes", long.len(), short.len());
        for name in super::super::names::VARIABLES.iter().chain(&super::super::names::TABLE) {
            let word = |s: &str, name: &str| {
                s.split(|c: char| !c.is_ascii_alphanumeric() && c != '_' && c != '$').any(|w| w == name)
            };
            assert!(!word(&plain, name), "{name} is used outside the motion code");
            assert!(word(&long, name), "{name} is in the motion code");
        }
    }

    #[test]
    fn motion_and_slide_blocks_are_kept_only_for_them() {
        let source = "a\n//+motion\nb\n//+slide\ne\n//-slide\n//-motion\nc\n/*+motion*/\nd\n/*-motion*/\n";
        assert_eq!(select(source, "motion", false), "a\nc\n");
        assert_eq!(select(&select(source, "motion", true), "slide", false), "a\nb\nc\nd\n");
        assert_eq!(select(&select(source, "motion", true), "slide", true), "a\nb\ne\nc\nd\n");
        for (text, name) in [(SCRIPT, "player.js"), (STYLE, "player.css")] {
            let (off, on) = (select(text, "motion", false), select(text, "motion", true));
            assert!(on.len() > off.len(), "{name} has a motion block");
            assert!(!off.contains("settle") && !off.contains("@keyframes"), "{name}: no motion without it");
            assert!(
                !on.contains("+motion") && !on.contains("//-motion") && !on.contains("/*-motion"),
                "{name}: markers"
            );
        }
        for (text, name) in [(SCRIPT, "player.js"), (STYLE, "player.css"), (MOTION, "motion.js")] {
            let (off, on) = (select(text, "slide", false), select(text, "slide", true));
            assert!(on.len() > off.len() && !off.contains(">.k") && !off.contains("sliders"), "{name}: a slide block");
            assert!(!on.contains("+slide") && !on.contains("//-slide") && !on.contains("/*-slide"), "{name}: markers");
        }
    }
}
