//! Legibility, measured on what a reader sees: frames of `animate 6 --detail checks` in every
//! theme, decoded by the `image` crate (and, for `--theme auto`'s dark half, SVG stills rendered
//! by rsvg-convert), never the palette table. Square interiors give each state's ground (the most
//! common colour of the square's edge band) and mark (the most common other colour: a free
//! square's ring, a hatch, a queen); brackets and attack lines give their ink and halo. Contrasts
//! are WCAG ratios of relative luminance in grayscale and under Machado 2009 protanopia,
//! deuteranopia and tritanopia (severity 1), with 10% white flare added too for `dark`.
//!
//! Rules kept (issue 25): the four grounds (free/attacked x light/dark) pairwise differ by 1.25:1
//! or one carries a mark of 3:1 against its own ground; queens 4.5:1 (grayscale) on their squares;
//! highlights 3:1 against their halo, strokes about square/12; red and green checks apart by
//! lightness for a deuteranope and a protanope; solution frames unshaded, queens on the solution
//! paint.

use crate::support::svg::rsvg;
use crate::support::{attacked, decode_gif, queens_per_frame, run_queens, temp_dir};
use image::RgbaImage;
use queens::internals::layout::Layout;
use queens::internals::Describer;
use queens::{Animation, Detail, Event, SolveOptions, Square, Theme, Trace};
use std::collections::{BTreeMap, BTreeSet};

type Rgb = [u8; 3];
type Queens = BTreeSet<(usize, usize)>;

const VIEWS: [&str; 4] = ["grayscale", "protanopia", "deuteranopia", "tritanopia"];

fn machado(view: &str) -> Option<[[f64; 3]; 3]> {
    Some(match view {
        "protanopia" => {
            [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]]
        }
        "deuteranopia" => {
            [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]]
        }
        "tritanopia" => {
            [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.303900]]
        }
        _ => return None,
    })
}

/// Relative luminance of `c` as seen in `view`, with `flare` (10% white in linear light).
fn luminance(c: Rgb, view: &str, flare: bool) -> f64 {
    let lin = |v: u8| {
        let v = f64::from(v) / 255.0;
        if v <= 0.04045 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    let mut l = c.map(lin);
    if let Some(m) = machado(view) {
        l = m.map(|row| (row[0] * l[0] + row[1] * l[1] + row[2] * l[2]).clamp(0.0, 1.0));
    }
    if flare {
        l = l.map(|v| 0.9 * v + 0.1);
    }
    0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2]
}

pub(crate) fn contrast(a: Rgb, b: Rgb, view: &str, flare: bool) -> f64 {
    let (la, lb) = (luminance(a, view, flare), luminance(b, view, flare));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// The lowest contrast of `a` against `b` over every view (and with flare too when `flare`).
pub(crate) fn worst(a: Rgb, b: Rgb, flare: bool) -> f64 {
    let flares: &[bool] = if flare { &[false, true] } else { &[false] };
    VIEWS.iter().flat_map(|v| flares.iter().map(move |&f| contrast(a, b, v, f))).fold(f64::MAX, f64::min)
}

fn px(img: &RgbaImage, x: i64, y: i64) -> Rgb {
    crate::support::rgb(img, x as u32, y as u32)
}

fn mode(colours: impl Iterator<Item = Rgb>) -> Option<Rgb> {
    crate::support::mode_of(colours)
}

/// What a square shows, told from the replay.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum State {
    Free,
    Attacked,
    Queen,
    SolutionQueen,
    SolutionEmpty,
}

/// A square as measured: its ground and its mark (if any).
type Look = (Rgb, Option<Rgb>);

/// Everything measured in one theme.
#[derive(Default)]
pub(crate) struct Measured {
    /// (state, dark) -> (ground, mark) as seen; every square of a class must agree.
    pub(crate) squares: BTreeMap<(State, bool), BTreeSet<Look>>,
    /// (highlight, ink, halo, stroke width in pixels)
    highlights: Vec<(&'static str, Rgb, Rgb, i64)>,
}

/// A square's ground (the most common colour of its outer band) and mark (the most common other
/// colour inside it), sampled in its interior.
fn square_look(img: &RgbaImage, layout: &Layout, sq: Square) -> (Rgb, Option<Rgb>) {
    let (x0, y0) = layout.square_origin(sq);
    let s = layout.square as i64;
    let (x0, y0) = (x0 as i64, y0 as i64);
    let band = (s / 14).max(2);
    let all = || (0..s).flat_map(move |y| (0..s).map(move |x| (x, y)));
    let edge = all().filter(|&(x, y)| x < band || y < band || x >= s - band || y >= s - band);
    let ground = mode(edge.map(|(x, y)| px(img, x0 + x, y0 + y))).unwrap();
    let mark = mode(all().map(|(x, y)| px(img, x0 + x, y0 + y)).filter(|&c| c != ground));
    (ground, mark)
}

fn state_of(queens: &Queens, sq: Square, solved: bool) -> State {
    let queen = queens.contains(&(sq.row, sq.col));
    match (solved, queen) {
        (true, true) => State::SolutionQueen,
        (true, false) => State::SolutionEmpty,
        (false, true) => State::Queen,
        (false, false) if attacked(queens, sq.row, sq.col) => State::Attacked,
        _ => State::Free,
    }
}

/// Measure frame `k` (showing `queens` after `event`) of a run on an n-board.
fn measure_frame(img: &RgbaImage, layout: &Layout, queens: &Queens, event: Option<&Event>, m: &mut Measured) {
    let n = layout.n;
    // Drawn solved on the solution's own frame (the placement before it stays shaded).
    let solved = matches!(event, Some(Event::Solution { .. }))
        && queens.len() == n
        && queens.iter().all(|&(r, c)| !attacked(queens, r, c));
    let acted = event.and_then(Event::square);
    let lined = matches!(event, Some(Event::Check { attacker: Some(_), safe: false, .. }));
    if !lined {
        for row in 0..n {
            for col in 0..n {
                let sq = Square::new(row, col);
                // A removal's next column may hold crossed-out tried squares (checked in why.rs).
                let tried_line = matches!(event, Some(Event::Remove { col: c, .. }) if *c + 1 == col);
                if Some(sq) != acted && !tried_line {
                    let state = state_of(queens, sq, solved);
                    m.squares.entry((state, (row + col) % 2 == 1)).or_default().insert(square_look(img, layout, sq));
                }
            }
        }
    }
    let Some(sq) = acted else { return };
    let kind = match event {
        Some(Event::Place { .. }) => "placed",
        Some(Event::Remove { .. }) => "removed",
        Some(Event::Check { safe: true, .. }) => "check safe",
        Some(Event::Check { .. }) => "check attacked",
        _ => return,
    };
    // The top-left bracket's vertical arm: halo from the square's edge, ink inset by the halo.
    let (x0, y0) = layout.square_origin(sq);
    let (x0, y0, s, b) = (x0 as i64, y0 as i64, layout.square as i64, layout.border as i64);
    let h = if s >= 80 { 2 } else { 1 };
    let y = y0 + h + (s / 4).max(2 * b) / 2;
    let (halo, ink) = (px(img, x0, y), px(img, x0 + h + b / 2, y));
    let width = (h..s / 2).take_while(|&dx| px(img, x0 + dx, y) == ink).count() as i64;
    m.highlights.push((kind, ink, halo, width));
    if let Some(Event::Check { attacker: Some(a), safe: false, .. }) = event {
        if let Some(line) = measure_line(img, layout, *a, sq) {
            m.highlights.push(line);
        }
    }
}

/// The attack line between two squares two or more apart: ink where the line's axis crosses the
/// middle, halo just outside the ink.
fn measure_line(img: &RgbaImage, layout: &Layout, a: Square, b: Square) -> Option<(&'static str, Rgb, Rgb, i64)> {
    if a.row.abs_diff(b.row).max(a.col.abs_diff(b.col)) < 2 {
        return None;
    }
    let (p, q) = (layout.square_centre(a), layout.square_centre(b));
    let (mx, my) = ((p.0 + q.0) / 2.0, (p.1 + q.1) / 2.0);
    let len = ((q.0 - p.0).powi(2) + (q.1 - p.1).powi(2)).sqrt();
    let (ux, uy) = ((q.0 - p.0) / len, (q.1 - p.1) / len);
    let w = (layout.square as f32 / 20.0).max(1.5);
    let h = if layout.square >= 80 { 2.0 } else { 1.0 };
    let mut core = Vec::new();
    let mut rim = Vec::new();
    for y in (my - 8.0) as i64..(my + 8.0) as i64 {
        for x in (mx - 8.0) as i64..(mx + 8.0) as i64 {
            let (dx, dy) = (x as f32 + 0.5 - mx, y as f32 + 0.5 - my);
            let d = (dx * uy - dy * ux).abs();
            if d <= w / 2.0 - 0.7 {
                core.push(px(img, x, y));
            } else if d >= w / 2.0 + 0.5 && d <= w / 2.0 + h + 0.2 {
                rim.push(px(img, x, y));
            }
        }
    }
    let ink = mode(core.into_iter())?;
    let halo = mode(rim.into_iter())?;
    Some(("attack line", ink, halo, w.round() as i64))
}

pub(crate) fn trace_6() -> Trace {
    let mut options = SolveOptions::new(6);
    options.detail = Detail::Checks;
    queens::record(&options, queens::DEFAULT_MAX_FRAMES).unwrap()
}

fn animation(theme: Theme) -> Animation {
    let mut animation = Animation::new();
    animation.look.theme = theme;
    // Grounds and marks are measured here; the coordinate labels in their corners in explains.rs.
    animation.look.coords = false;
    animation
}

/// Measure every frame of the run's GIF in `theme`.
pub(crate) fn measure_gif(trace: &Trace, theme: Theme) -> (Measured, Layout) {
    let animation = animation(theme);
    let mut gif = Vec::new();
    queens::render_gif(trace, &animation, &mut gif).unwrap();
    let frames = decode_gif(&gif);
    let layout = Describer::new(6, &animation.look, Some(queens::caption_spec(trace))).layout;
    let boards = queens_per_frame(trace);
    let mut m = Measured::default();
    for (k, (img, _)) in frames.iter().enumerate() {
        let event = k.checked_sub(1).map(|i| &trace.events[i]);
        measure_frame(img, &layout, &boards[k], event, &mut m);
    }
    (m, layout)
}

/// Check and print the rules for one theme's measurements; `flare` adds the projector view.
/// `exact`: the halo is the background paint pixel for pixel (raster; an SVG describer blends a
/// 1 px halo at its edges).
fn check(name: &str, theme: &Theme, m: &Measured, square: usize, flare: bool, exact: bool) {
    let mut report = vec![format!("{name}:")];
    let one = |state: State, dark: bool| -> (Rgb, Option<Rgb>) {
        let seen = m.squares.get(&(state, dark)).unwrap_or_else(|| panic!("{name}: no {state:?} square (dark {dark})"));
        assert_eq!(seen.len(), 1, "{name}: {state:?} squares (dark {dark}) look different: {seen:?}");
        *seen.iter().next().unwrap()
    };
    // The four grounds, pairwise.
    let grounds = [(State::Free, false), (State::Free, true), (State::Attacked, false), (State::Attacked, true)];
    for (i, &a) in grounds.iter().enumerate() {
        for &b in &grounds[i + 1..] {
            let ((ga, ma), (gb, mb)) = (one(a.0, a.1), one(b.0, b.1));
            let apart = worst(ga, gb, flare);
            let mark_a = ma.map_or(0.0, |mk| worst(mk, ga, flare));
            let mark_b = mb.map_or(0.0, |mk| worst(mk, gb, flare));
            let told = apart >= 1.25 || mark_a >= 3.0 || mark_b >= 3.0;
            report.push(format!(
                "  {a:?}/{b:?}: grounds {apart:.2}, marks {mark_a:.2} / {mark_b:.2}{}",
                if told { "" } else { "  FAILS" }
            ));
            assert!(told, "{name}: {a:?} vs {b:?} are not told apart ({apart:.2}:1, marks {mark_a:.2}, {mark_b:.2})");
        }
    }
    // Queens stand out on their squares, and their squares are not free ones.
    for dark in [false, true] {
        let (ground, ink) = one(State::Queen, dark);
        let ink = ink.expect("a queen has ink");
        let ratio = contrast(ink, ground, "grayscale", false);
        report.push(format!("  queen on its square (dark {dark}): {ratio:.2}"));
        assert!(ratio >= 4.5, "{name}: queen {ratio:.2}:1 on its square");
        if !theme.hatch {
            assert_ne!(ground, one(State::Free, dark).0, "{name}: a queen's square looks free");
        }
    }
    // Solutions: no shading, no rings; queens on the solution paint.
    for dark in [false, true] {
        let (ground, ink) = one(State::SolutionQueen, dark);
        assert_eq!((ground, ink), (theme.solution, Some(theme.queen)), "{name}: solution queens");
        let (empty, mark) = one(State::SolutionEmpty, dark);
        assert_eq!((empty, mark), (one(State::Free, dark).0, None), "{name}: a solved board's empty squares are plain");
    }
    // Highlights against their halo, strokes scaling with the square.
    let mut inks: BTreeMap<&str, Rgb> = BTreeMap::new();
    for &(kind, ink, halo, width) in &m.highlights {
        let ratio = worst(ink, halo, flare);
        assert!(ratio >= 3.0, "{name}: {kind} ink {ink:?} on halo {halo:?} is {ratio:.2}:1");
        if exact {
            assert_eq!(halo, theme.background, "{name}: {kind} halo");
        }
        if kind != "attack line" {
            assert!(
                (width - square as i64 / 12).abs() <= 1,
                "{name}: {kind} stroke {width} px for {square} px squares"
            );
        }
        if let Some(old) = inks.insert(kind, ink) {
            assert_eq!(old, ink, "{name}: {kind} ink");
        }
    }
    for kind in ["placed", "removed", "check safe", "check attacked", "attack line"] {
        let ink = *inks.get(kind).unwrap_or_else(|| panic!("{name}: no {kind} measured"));
        let halo = theme.background;
        report.push(format!("  {kind}: {:.2} on its halo", worst(ink, halo, flare)));
    }
    let (safe, attacked) = (inks["check safe"], inks["check attacked"]);
    for view in ["deuteranopia", "protanopia"] {
        let ratio = contrast(safe, attacked, view, false);
        report.push(format!("  check safe / attacked ({view}): {ratio:.2}"));
        assert!(ratio >= 1.25, "{name}: red and green checks look alike in {view} ({ratio:.2}:1)");
    }
    eprintln!("{}", report.join("\n"));
}

#[test]
fn every_theme_is_legible_in_grayscale_and_to_colour_blind_readers() {
    let trace = trace_6();
    for name in ["default", "gray", "dark", "print"] {
        let theme = Theme::named(name).unwrap();
        let (m, layout) = measure_gif(&trace, theme.clone());
        check(name, &theme, &m, layout.square, name == "dark", true);
    }
}

/// `--theme auto`'s dark half: the SVG's dark rules applied (the media query lifted), rendered by
/// rsvg-convert, measured like the GIF's frames.
#[test]
fn the_svg_dark_half_is_legible_too() {
    let dir = temp_dir("legibility", "svg");
    let trace = trace_6();
    let boards = queens_per_frame(&trace);
    let layout = Describer::new(6, &animation(Theme::dark()).look, Some(queens::caption_spec(&trace))).layout;
    // Frames worth measuring: each highlight kind once (a line two squares long or more), the
    // solution, and a frame with every ground.
    let mut wanted: Vec<usize> = Vec::new();
    let mut kinds = BTreeSet::new();
    for (i, e) in trace.events.iter().enumerate() {
        let kind = match e {
            Event::Check { attacker: Some(a), safe: false, row, col } => {
                (a.row.abs_diff(*row).max(a.col.abs_diff(*col)) >= 2).then_some(3)
            }
            Event::Check { safe: true, .. } => Some(2),
            Event::Place { .. } => Some(0),
            Event::Remove { .. } => Some(1),
            Event::Solution { .. } => Some(4),
            _ => None,
        };
        // Placements are measured when the board holds 2, 3 and 4 queens (queens on both colours).
        let kind = kind.map(|k| if k == 0 { 10 + boards[i + 1].len() } else { k });
        if let Some(kind) = kind.filter(|&k| k < 10 || (12..=14).contains(&k)) {
            if kinds.insert(kind) {
                wanted.push(i + 1);
            }
        }
    }
    let mut m = Measured::default();
    for &k in &wanted {
        let svg = dir.join(format!("f{k}.svg"));
        let out = run_queens(
            &dir,
            &[
                "frames",
                "6",
                "--detail",
                "checks",
                "--frames",
                &k.to_string(),
                "--theme",
                "auto",
                "--no-coords",
                "-o",
                svg.to_str().unwrap(),
            ],
        );
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let text = std::fs::read_to_string(&svg).unwrap();
        let media = "@media (prefers-color-scheme:dark){";
        let start = text.find(media).expect("the SVG carries a dark half");
        let end = start + text[start..].find("}}").expect("the media block closes") + 1;
        let dark = format!("{}{}{}", &text[..start], &text[start + media.len()..end], &text[end + 1..]);
        let dark_svg = dir.join(format!("f{k}-dark.svg"));
        std::fs::write(&dark_svg, dark).unwrap();
        // rsvg-convert missing: skipped (or failed under QUEENS_REQUIRE_TOOLS=1) by `rsvg`.
        let Some(img) = rsvg(&dark_svg) else { return };
        let img = image::DynamicImage::ImageRgb8(img).to_rgba8();
        measure_frame(&img, &layout, &boards[k], Some(&trace.events[k - 1]), &mut m);
    }
    // rsvg anti-aliases square edges it shares with no other square differently; the interior
    // measurements use the edge band's mode, which stays the square's own colour.
    check("auto (SVG, dark half)", &Theme::dark(), &m, layout.square, true, false);
    let _ = std::fs::remove_dir_all(&dir);
}
