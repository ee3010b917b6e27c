//! Puzzle pictures, checked on decoded frames: a 6x6 region puzzle with a given queen and a
//! blocked square, solved by the rule solver (`--puzzle`), drawn bare at 60 px squares and
//! decoded by Pillow (GIF and WebP): every square's region fill, the borders between regions (and
//! the thin grid inside one), crosses on ruled-out squares, queens on their tokens (a given's on
//! the dark token with its tab), the blocked square, frame by frame against a model of the events.
//! Then the new marks' contrasts in every theme, measured on decoded frames in grayscale and the
//! colour-vision simulations (tests/it/legibility.rs' measure), the text views, `puzzle hint -o`,
//! `--puzzle` usage errors, and a golden image of a framed region-puzzle frame.

use crate::legibility::worst;
use crate::support::golden::assert_golden;
use crate::support::pillow::pillow;
use crate::support::{decode_gif, run_ok, run_queens, stderr, stdout, temp_dir, tools};
use image::RgbaImage;
use queens::internals::Describer;
use queens::Paint;
use queens::{Animation, Event, SolveOptions, Square, Theme, Trace};
use std::collections::{BTreeSet, HashSet};

type Rgb = [u8; 3];

/// Regions (one of the generator's 6x6 puzzles), then a given queen on b6 and a1 blocked.
const PUZZLE: &str = "% a region puzzle with a given and a blocked square
AABBBB
CADDBB
CEEDDD
EEEDDD
EEEDDF
EEEEEF

.Q....
......
......
......
......
#.....
";

pub(crate) const SQUARE: u32 = 60;

fn puzzle() -> queens::Puzzle {
    queens::parse_puzzle(PUZZLE.as_bytes()).unwrap().puzzle
}

pub(crate) fn trace() -> Trace {
    let mut options = SolveOptions::new(6);
    options.algorithm = queens::Algorithm::Deduce;
    options.puzzle = Some(puzzle());
    queens::record(&options, 10_000).unwrap()
}

/// What the events say a frame holds: queens (placed and guessed), squares ruled out.
#[derive(Clone, Default)]
pub(crate) struct Model {
    pub(crate) queens: HashSet<Square>,
    pub(crate) ruled_out: HashSet<Square>,
    /// The squares the frame's own step rules out (crossed in the accent on that frame only).
    pub(crate) fresh: HashSet<Square>,
}

impl Model {
    fn apply(&mut self, event: &Event) {
        self.fresh.clear();
        match event {
            Event::Deduce { row, col, .. } | Event::Guess { row, col } => {
                self.queens.insert(Square::new(*row, *col));
            }
            Event::Eliminate { squares, .. } => {
                self.ruled_out.extend(squares);
                self.fresh.extend(squares);
            }
            Event::Undo { queens, reopened, .. } => {
                for q in queens {
                    self.queens.remove(q);
                }
                for q in reopened {
                    self.ruled_out.remove(q);
                }
            }
            _ => {}
        }
    }
}

pub(crate) fn models(trace: &Trace) -> Vec<Model> {
    let mut model = Model::default();
    model.queens.extend(&trace.puzzle.as_ref().unwrap().givens);
    let mut out = vec![model.clone()];
    for event in &trace.events {
        model.apply(event);
        out.push(model.clone());
    }
    out
}

/// Probe points of square (row, col) on a bare frame: a corner of the fill (off the texture), the
/// centre (a cross), the token's right edge at mid-height (beside the queen's waist), a given's
/// tab, and the boundary with the square to the right and the one below.
fn probes(sq: Square) -> [(u32, u32); 6] {
    let (x, y, s) = (sq.col as u32 * SQUARE, sq.row as u32 * SQUARE, SQUARE);
    [
        (x + 8, y + 40),
        (x + s / 2, y + s / 2),
        (x + 55, y + s / 2),
        (x + 9, y + 9),
        (x + s, y + s / 2),
        (x + s / 2, y + s),
    ]
}

fn all_probes() -> Vec<(u32, u32)> {
    (0..36).flat_map(|i| probes(Square::new(i / 6, i % 6))).filter(|&(x, y)| x < 6 * SQUARE && y < 6 * SQUARE).collect()
}

/// The colours at [`probes`] of every square in one frame.
fn probed<'a>(points: &'a [(u32, u32)], colours: &'a [Rgb]) -> impl Fn(Square, usize) -> Option<Rgb> + 'a {
    move |sq, k| {
        let point = probes(sq)[k];
        points.iter().position(|&p| p == point).map(|i| colours[i])
    }
}

fn check_frame(k: usize, model: &Model, solved: bool, at: &dyn Fn(Square, usize) -> Option<Rgb>, theme: &Theme) {
    let p = puzzle();
    let colour = |paint: Paint| theme.color(paint);
    for i in 0..36 {
        let sq = Square::new(i / 6, i % 6);
        let fill = colour(Paint::region(p.region(sq).unwrap()));
        let [corner, centre, token, tab, right, below] = [0, 1, 2, 3, 4, 5].map(|j| at(sq, j));
        let name = format!("frame {k}, {}", sq.name(6));
        if p.is_blocked(sq) {
            assert_eq!(corner, Some(colour(Paint::Blocked)), "{name}: blocked");
        } else if model.queens.contains(&sq) {
            let given = p.givens.contains(&sq);
            let ground = match (solved, given) {
                (true, _) => colour(Paint::Solution),
                (false, true) => colour(Paint::Dark),
                (false, false) => colour(Paint::Light),
            };
            if solved {
                // The gold token keeps a wide frame of its region's fill: every queen's region shows.
                assert_eq!(token, Some(fill), "{name}: the region's fill around a solved queen");
                assert_eq!(corner, Some(ground), "{name}: the solved queen's token");
            } else {
                assert_eq!(token, Some(ground), "{name}: queen's token");
                assert!(corner.is_some_and(|c| c != fill), "{name}: a queen's square is its token");
            }
            if given {
                assert_eq!(tab, Some(colour(Paint::Queen)), "{name}: given's tab");
            }
        } else {
            assert_eq!(corner, Some(fill), "{name}: region fill");
            // New crosses in the accent, older ones gray; a solved board has dropped them.
            let crossed = model.ruled_out.contains(&sq) && !solved;
            let want = match (crossed, model.fresh.contains(&sq)) {
                (true, true) => colour(Paint::RuleUsed),
                (true, false) => colour(Paint::Ghost),
                (false, _) => fill,
            };
            assert_eq!(centre, Some(want), "{name}: crossed {crossed}, new {}", model.fresh.contains(&sq));
        }
        for (other, seen) in [(Square::new(sq.row, sq.col + 1), right), (Square::new(sq.row + 1, sq.col), below)] {
            let Some(seen) = seen.filter(|_| other.row < 6 && other.col < 6) else { continue };
            let border = p.region(sq) != p.region(other);
            if border {
                assert_eq!(seen, colour(Paint::Queen), "{name}: border towards {}", other.name(6));
            } else if !p.is_blocked(sq) && !p.is_blocked(other) {
                assert_ne!(seen, colour(Paint::Queen), "{name}: no border inside a region ({})", other.name(6));
            }
        }
    }
}

#[test]
fn pillow_sees_regions_borders_crosses_queens_and_givens_in_every_frame() {
    let Some(python) = tools::pillow_python() else { return tools::skip("Pillow is not installed") };
    let dir = temp_dir("puzzle_picture", "pillow");
    std::fs::write(dir.join("p.txt"), PUZZLE).unwrap();
    let trace = trace();
    let models = models(&trace);
    let points = all_probes();
    for out in ["a.gif", "a.webp"] {
        run_ok(&dir, &["animate", "--puzzle", "p.txt", "--bare", "--square", "60", "-o", out]);
        let decoded = pillow(&python, &dir.join(out), &points);
        assert_eq!(decoded.size, (6 * SQUARE, 6 * SQUARE), "{out}");
        assert_eq!(decoded.frames.len(), trace.frame_count(), "{out}: one frame per event and frame 0");
        for (k, frame) in decoded.frames.iter().enumerate() {
            // Drawn solved on the solution's own frame (the placement before it stays shaded).
            let solved = k > 0 && matches!(trace.events[k - 1], Event::Solution { .. });
            check_frame(k, &models[k], solved, &probed(&points, &frame.points), &Theme::default());
        }
    }
    let rules: BTreeSet<String> = trace
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Eliminate { rule, .. } | Event::Deduce { rule, .. } => Some(format!("{rule:?}")),
            _ => None,
        })
        .collect();
    assert!(rules.len() >= 3, "the run shows several rules: {rules:?}");
}

/// The colours of the new marks in one theme, from decoded bare frames of the run.
#[derive(Default)]
struct Marks {
    fills: BTreeSet<Rgb>,
    crosses: BTreeSet<Rgb>,
    /// The crosses a frame's own step adds.
    fresh: BTreeSet<Rgb>,
    borders: BTreeSet<Rgb>,
    tokens: BTreeSet<(bool, Rgb)>,
    tabs: BTreeSet<Rgb>,
    blocked: BTreeSet<(Rgb, Rgb)>,
}

fn px(img: &RgbaImage, (x, y): (u32, u32)) -> Rgb {
    let p = img.get_pixel(x, y).0;
    [p[0], p[1], p[2]]
}

/// The puzzle run's frames in `theme`, bare, SQUARE-pixel squares, decoded by the `image` crate.
pub(crate) fn bare_frames(trace: &Trace, theme: &Theme) -> Vec<(image::RgbaImage, u32)> {
    let mut animation = Animation::new();
    animation.look.theme = theme.clone();
    animation.look.bare = true;
    animation.look.square = Some(SQUARE as usize);
    let mut gif = Vec::new();
    queens::render_gif(trace, &animation, &mut gif).unwrap();
    decode_gif(&gif)
}

fn measure(theme: &Theme) -> Marks {
    let trace = trace();
    let frames = bare_frames(&trace, theme);
    let (p, models) = (puzzle(), models(&trace));
    let mut m = Marks::default();
    for (k, (img, _)) in frames.iter().enumerate() {
        for i in 0..36 {
            let sq = Square::new(i / 6, i % 6);
            let [corner, centre, token, tab, right, _] = probes(sq);
            if p.is_blocked(sq) {
                // The texture stroke along x + y = s/2 crosses (x + 15, y + 15).
                let (x, y) = (corner.0 - 8, corner.1 - 40);
                m.blocked.insert((px(img, corner), px(img, (x + 15, y + 15))));
            } else if models[k].queens.contains(&sq) {
                m.tokens.insert((p.givens.contains(&sq), px(img, token)));
                if p.givens.contains(&sq) {
                    m.tabs.insert(px(img, tab));
                }
            } else {
                m.fills.insert(px(img, corner));
                let solved = k > 0 && matches!(trace.events[k - 1], Event::Solution { .. });
                if models[k].ruled_out.contains(&sq) && !solved {
                    let set = if models[k].fresh.contains(&sq) { &mut m.fresh } else { &mut m.crosses };
                    set.insert(px(img, centre));
                }
            }
            if sq.col < 5 && p.region(sq) != p.region(Square::new(sq.row, sq.col + 1)) {
                m.borders.insert(px(img, right));
            }
        }
    }
    m
}

#[test]
fn puzzle_marks_are_legible_in_grayscale_and_to_colour_blind_readers() {
    for name in ["default", "gray", "dark", "print"] {
        let theme = Theme::named(name).unwrap();
        let flare = name == "dark";
        let m = measure(&theme);
        assert_eq!(m.fills.len(), 6, "{name}: six regions, six fills: {:?}", m.fills);
        let [border] = m.borders.iter().copied().collect::<Vec<_>>()[..] else { panic!("{name}: {:?}", m.borders) };
        let [cross] = m.crosses.iter().copied().collect::<Vec<_>>()[..] else { panic!("{name}: {:?}", m.crosses) };
        let [fresh] = m.fresh.iter().copied().collect::<Vec<_>>()[..] else { panic!("{name}: {:?}", m.fresh) };
        let mut report = vec![];
        for &fill in &m.fills {
            // Borders (the queen's ink) and crosses (the ghost's, thin): 3:1 on every fill, in every view.
            for (what, ink) in [("border", border), ("cross", cross)] {
                let ratio = worst(ink, fill, flare);
                report.push(format!("{what} on {fill:?}: {ratio:.2}"));
                assert!(ratio >= 3.0, "{name}: {what} {ink:?} on fill {fill:?} is {ratio:.2}:1");
            }
            // The blocked square: 1.25:1 from every fill, or its texture 3:1 on it.
            for &(ground, texture) in &m.blocked {
                let apart = worst(ground, fill, flare) >= 1.25 || worst(texture, ground, flare) >= 3.0;
                assert!(apart, "{name}: blocked {ground:?} (texture {texture:?}) against fill {fill:?}");
            }
        }
        // A step's new crosses, twice as thick as the others: 2.4:1 or more on every fill, in
        // every view (2.50:1 at worst: the dark theme's pink on its dark green).
        for &fill in &m.fills {
            let ratio = worst(fresh, fill, flare);
            assert!(ratio >= 2.4, "{name}: new cross {fresh:?} on fill {fill:?} is {ratio:.2}:1");
        }
        // A given's token differs from a placed queen's by 1.25:1, or its tab is 3:1 on it.
        let given: Vec<Rgb> = m.tokens.iter().filter(|t| t.0).map(|t| t.1).collect();
        let placed: Vec<Rgb> = m.tokens.iter().filter(|t| !t.0).map(|t| t.1).collect();
        assert!(!given.is_empty() && !placed.is_empty(), "{name}: tokens {:?}", m.tokens);
        for (&g, &q) in given.iter().zip(placed.iter().cycle()) {
            let tab_ok = m.tabs.iter().all(|&tab| worst(tab, g, flare) >= 3.0);
            assert!(
                worst(g, q, flare) >= 1.25 || tab_ok,
                "{name}: given token {g:?} vs placed {q:?}, tabs {:?}",
                m.tabs
            );
        }
        eprintln!("{name}: {}", report.join("; "));
    }
}

#[test]
fn the_rules_outline_and_caption_show_on_framed_frames() {
    let trace = trace();
    let (k, used) = trace
        .events
        .iter()
        .enumerate()
        .find_map(|(i, e)| match e {
            Event::Eliminate { used, rule, .. } if *rule != queens::Rule::Neighbours && !used.is_empty() => {
                Some((i + 1, used.clone()))
            }
            _ => None,
        })
        .expect("a rule other than neighbours");
    let theme = Theme::default();
    let mut animation = Animation::new();
    animation.look.square = Some(SQUARE as usize);
    let layout = Describer::new(6, &animation.look, Some(queens::caption_spec(&trace))).layout;
    let mut gif = Vec::new();
    queens::render_gif(&trace, &animation, &mut gif).unwrap();
    let frames = decode_gif(&gif);
    let img = &frames[k].0;
    for sq in used {
        let (x, y) = layout.square_origin(sq);
        // The outline: inside the square, past a 1 px halo, `border` pixels wide.
        let (x, y) = (x as u32 + 1 + layout.border as u32 / 2, y as u32 + SQUARE / 2);
        let ink = px(img, (x, y));
        assert_eq!(ink, theme.color(Paint::RuleUsed), "frame {k}: {} outlined", sq.name(6));
        let halo = px(img, (x - 1 - layout.border as u32 / 2, y));
        assert_eq!(halo, theme.color(Paint::Background), "frame {k}: the outline's halo");
        assert!(worst(ink, halo, false) >= 3.0);
    }
    let dir = temp_dir("puzzle_picture", "captions");
    std::fs::write(dir.join("p.txt"), PUZZLE).unwrap();
    let text = run_ok(&dir, &["play", "--puzzle", "p.txt", "--ascii"]);
    for event in &trace.events {
        if let Event::Eliminate { text: sentence, .. } | Event::Deduce { text: sentence, .. } = event {
            assert!(text.contains(sentence.as_str()), "the caption says {sentence:?}");
        }
    }
    assert!(text.starts_with("step 0 of"), "{text}");
    let first = text.lines().skip(1).take(6).collect::<Vec<_>>().join("\n");
    assert_eq!(
        first, "A G B B B B\nC A D D B B\nC E E D D D\nE E E D D D\nE E E D D F\n# E E E E F",
        "frame 0 as text"
    );
}

#[test]
fn guesses_are_marked_in_text() {
    // A --hard puzzle needs a guess (the generator's promise): the guessed queen reads `?`.
    let dir = temp_dir("puzzle_picture", "guess");
    let puzzle = run_ok(&dir, &["puzzle", "generate", "--size", "7", "--seed", "2", "--hard"]);
    std::fs::write(dir.join("g.txt"), puzzle).unwrap();
    let trace: Trace = serde_json::from_str(&run_ok(&dir, &["trace", "--puzzle", "g.txt"])).unwrap();
    let k = trace.events.iter().position(|e| matches!(e, Event::Guess { .. })).expect("a guess") + 1;
    let text = run_ok(&dir, &["play", "--puzzle", "g.txt", "--ascii", "--frames", &k.to_string()]);
    let board: String = text.lines().skip(1).take(7).collect();
    assert_eq!(board.matches('?').count(), 1, "{text}");
    assert!(text.lines().next().unwrap().contains("guess"), "{text}");
}

#[test]
fn puzzle_flag_errors_are_one_line() {
    let dir = temp_dir("puzzle_picture", "errors");
    std::fs::write(dir.join("p.txt"), PUZZLE).unwrap();
    let out = run_queens(&dir, &["animate", "7", "--puzzle", "p.txt", "-o", "x.gif"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stderr(&out).trim().lines().count(), 1, "{}", stderr(&out));
    assert!(stderr(&out).contains("N is 7 but the puzzle p.txt is 6x6"), "{}", stderr(&out));
    assert!(!dir.join("x.gif").exists());
    let out = run_queens(&dir, &["trace", "--puzzle", "missing.txt"]);
    assert_ne!(out.status.code(), Some(0));
    assert_eq!(stderr(&out).trim().lines().count(), 1, "{}", stderr(&out));
    run_ok(&dir, &["trace", "--puzzle", "p.txt", "-o", "t.json"]);
    let out = run_queens(&dir, &["frames", "t.json", "--puzzle", "p.txt", "-o", "f.png"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let out = run_queens(&dir, &["animate", "-o", "x.gif"]);
    assert_eq!(out.status.code(), Some(2), "no N and no puzzle");
    // N equal to the puzzle's is fine; the trace carries the puzzle.
    let json = run_ok(&dir, &["trace", "6", "--puzzle", "p.txt"]);
    assert!(json.starts_with("{\"n\":6,\"algorithm\":\"deduce\",\"puzzle\":{"), "{json}");
    assert!(run_queens(&dir, &["render", "t.json", "-o", "r.gif"]).status.success());
}

#[test]
fn hint_draws_its_deduction() {
    let dir = temp_dir("puzzle_picture", "hint");
    std::fs::write(dir.join("p.txt"), PUZZLE).unwrap();
    for name in ["hint.png", "hint.svg"] {
        let out = run_queens(&dir, &["puzzle", "hint", "p.txt", "-o", name, "--square", "40"]);
        assert!(out.status.success(), "{}", stderr(&out));
        assert!(stdout(&out).contains(':'), "the hint in words: {}", stdout(&out));
        assert!(dir.join(name).exists());
    }
    let png = image::open(dir.join("hint.png")).unwrap().to_rgba8();
    assert!(png.width() >= 6 * 40 && png.height() > 6 * 40);
    // The picture names the rule in plain words and says no step and no counters: its words (the
    // SVG's title) are the rule's and the sentence's alone, and it is shorter than the run's frame
    // with its three caption lines.
    let svg = std::fs::read_to_string(dir.join("hint.svg")).unwrap();
    let title = svg.split("<title>").nth(1).and_then(|t| t.split("</title>").next()).unwrap();
    let plain = ["Ruled out by a queen", "Only one open square left", "A region and a line share one queen"];
    assert!(plain.iter().any(|words| title.starts_with(&format!("{words} — "))), "{title}");
    for id in ["step", "last-square", "neighbours:", "ruled out:", "guesses"] {
        assert!(!title.contains(id), "{id} in {title}");
    }
    assert_eq!(stdout(&out_words(&dir)).lines().next().unwrap(), title, "the words of `puzzle hint`");
    run_ok(&dir, &["frames", "--puzzle", "p.txt", "--frames", "1", "--square", "40", "-o", "f1.png"]);
    let frame = image::open(dir.join("f1.png")).unwrap().to_rgba8();
    assert_eq!(png.width(), frame.width());
    assert!(png.height() < frame.height(), "no step or counter lines: {} vs {}", png.height(), frame.height());
    let out = run_queens(&dir, &["puzzle", "hint", "p.txt", "-o", "hint.bmp"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(!dir.join("hint.bmp").exists());
}

/// `puzzle hint p.txt` in `dir`, its words on stdout.
fn out_words(dir: &std::path::Path) -> std::process::Output {
    run_queens(dir, &["puzzle", "hint", "p.txt"])
}

#[test]
fn golden_region_puzzle_frame() {
    let trace = trace();
    // The frame after the first rule beyond neighbours and last-square: crosses, outlines, caption.
    let k = trace
        .events
        .iter()
        .position(|e| matches!(e, Event::Eliminate { rule, .. } if !matches!(rule, queens::Rule::Neighbours | queens::Rule::LastSquare)))
        .map_or(trace.events.len(), |i| i + 1);
    let dir = temp_dir("puzzle_picture", "golden");
    std::fs::write(dir.join("p.txt"), PUZZLE).unwrap();
    run_ok(&dir, &["frames", "--puzzle", "p.txt", "--frames", &k.to_string(), "--square", "40", "-o", "g.png"]);
    let img = image::open(dir.join("g.png")).unwrap().to_rgba8();
    assert_golden(&[("puzzle6-regions".into(), img)]);
}
