//! Dead ends, said by default: on the frame where a line runs out of safe squares the line is
//! underlined and the caption adds "column f: no safe square"; removals name the line that ran out. `--why` also joins every square of the line to a queen attacking it (nearest, then
//! leftmost, then topmost). Dead ends and causes are computed here
//! from the trace with a tiny board model of our own, then checked against the described scenes and
//! captions, against GIF pixels (decoded with the `image` crate) and against librsvg's rendering of
//! the SVG still. Runs that are not tree searches, and `--bare`, are refused with exit code 2.

use crate::support::{self, attacked, decode_gif, queens_per_frame, rgb, run_queens, temp_dir};
use queens::internals::caption::caption_for;
use queens::internals::{Describer, Replay};
use queens::Item;
use queens::Paint;
use queens::{Algorithm, Detail, Event, RenderOptions, SolveOptions, Square, Theme, Trace};
use std::collections::BTreeSet;

const SQUARE: usize = 60;

type Queens = BTreeSet<(usize, usize)>;

fn record(n: usize, algorithm: Algorithm, detail: Detail) -> Trace {
    let mut options = SolveOptions::new(n);
    options.algorithm = algorithm;
    options.detail = detail;
    queens::record(&options, 100_000).unwrap()
}

fn why_renderer(trace: &Trace) -> Describer {
    let mut look = RenderOptions::default();
    look.square = Some(SQUARE);
    look.why = true;
    Describer::new(trace.n, &look, Some(queens::caption_spec(trace)))
}

/// The squares of the line a backtrack (columns) or grid (rows) search fills next, if any.
fn next_line(algorithm: Algorithm, n: usize, queens: &Queens) -> Option<Vec<(usize, usize)>> {
    match algorithm {
        Algorithm::Backtrack => {
            let col = (0..n).find(|&c| !queens.iter().any(|&(_, qc)| qc == c))?;
            Some((0..n).map(|row| (row, col)).collect())
        }
        _ => {
            let row = (0..n).find(|&r| !queens.iter().any(|&(qr, _)| qr == r))?;
            Some((0..n).map(|col| (row, col)).collect())
        }
    }
}

fn all_attacked(queens: &Queens, line: &[(usize, usize)]) -> bool {
    line.iter().all(|&(r, c)| !queens.contains(&(r, c)) && attacked(queens, r, c))
}

fn line_name(n: usize, line: &[(usize, usize)]) -> String {
    if line[0].1 == line[1].1 {
        format!("column {}", (b'a' + line[0].1 as u8) as char)
    } else {
        format!("row {}", n - line[0].0)
    }
}

/// The dead line frame k shows, computed from the queens and the event alone.
fn expected_dead_line(
    algorithm: Algorithm,
    n: usize,
    queens: &Queens,
    event: &Event,
    checks: bool,
) -> Option<Vec<(usize, usize)>> {
    if let (Algorithm::Forward, Event::Deadend { row }) = (algorithm, event) {
        return Some((0..n).map(|col| (*row, col)).collect());
    }
    if algorithm == Algorithm::Forward {
        return None;
    }
    let line = next_line(algorithm, n, queens)?;
    let decisive = match event {
        Event::Place { .. } => !checks,
        Event::Check { row, col, safe: false, .. } => checks && (*row, *col) == line[n - 1],
        _ => false,
    };
    (decisive && all_attacked(queens, &line)).then_some(line)
}

/// The queen a line is drawn from: nearest (Chebyshev), then leftmost, then topmost.
fn expected_attacker(queens: &Queens, (row, col): (usize, usize)) -> (usize, usize) {
    let target = Square::new(row, col);
    *queens
        .iter()
        .filter(|&&(r, c)| Square::new(r, c).attacks(target))
        .min_by_key(|&&(r, c)| (r.abs_diff(row).max(c.abs_diff(col)), c, r))
        .expect("an attacked square has an attacker")
}

fn centre(describer: &Describer, (row, col): (usize, usize)) -> (f32, f32) {
    describer.layout.square_centre(Square::new(row, col))
}

/// The thin `--why` lines of a scene (check events draw thicker ones).
fn why_lines(scene: &queens::Scene) -> Vec<((f32, f32), (f32, f32))> {
    let width = (SQUARE as f32 / 20.0).max(1.5) * 0.8;
    let lines = scene.items.iter().filter_map(|item| match item {
        Item::Line { from, to, width: w, paint: Paint::CheckAttacked } if *w == width => Some((*from, *to)),
        _ => None,
    });
    lines.collect()
}

#[test]
fn dead_ends_join_each_square_of_the_line_to_its_nearest_attacker() {
    let runs = [
        (6, Algorithm::Backtrack, Detail::Placements),
        (6, Algorithm::Backtrack, Detail::Checks),
        (6, Algorithm::Grid, Detail::Placements),
        (6, Algorithm::Grid, Detail::Checks),
        (6, Algorithm::Forward, Detail::Placements),
        (8, Algorithm::Backtrack, Detail::Placements),
    ];
    for (n, algorithm, detail) in runs {
        let trace = record(n, algorithm, detail);
        let checks = detail == Detail::Checks;
        let describer = why_renderer(&trace);
        let spec = queens::caption_spec(&trace);
        let queens = queens_per_frame(&trace);
        let mut dead_ends = 0;
        // Without --why the dead end is outlined and said, and no line drawn.
        let mut plain_look = RenderOptions::default();
        plain_look.square = Some(SQUARE);
        let plain = Describer::new(trace.n, &plain_look, Some(queens::caption_spec(&trace)));
        for frame in Replay::new(&trace) {
            let frame = frame.unwrap();
            let k = frame.index;
            let lines = why_lines(&describer.describe(&frame));
            let action = caption_for(&frame, &spec).action;
            let plain_scene = plain.describe(&frame);
            // The dead line's mark: a bar in the alarm colour outside the board.
            let outlined =
                plain_scene.items.iter().any(|i| matches!(i, Item::Fill { paint: Paint::CheckAttacked, .. }));
            assert!(why_lines(&plain_scene).is_empty(), "no attack lines without --why");
            let Some(event) = frame.event.as_ref() else { continue };
            let what = format!("{algorithm:?} {n}x{n} {detail:?}, frame {k}");
            match expected_dead_line(algorithm, n, &queens[k], event, checks) {
                Some(line) => {
                    dead_ends += 1;
                    let reason = format!("{}: no safe square", line_name(n, &line));
                    assert_eq!(action.reason.as_deref(), Some(reason.as_str()), "{what}");
                    assert!(action.text().ends_with(&format!(" · {reason}")), "{what}: the step's words, then why");
                    assert!(outlined || algorithm == Algorithm::Forward, "{what}: the line marked by default");
                    assert_eq!(lines.len(), n, "{what}: one line per square");
                    for (&square, &(from, to)) in line.iter().zip(&lines) {
                        assert_eq!(to, centre(&describer, square), "{what}: ends on the square's centre");
                        let (qr, qc) = expected_attacker(&queens[k], square);
                        let (cx, cy) = centre(&describer, (qr, qc));
                        // From just inside the attacker's square: 0.45 of a square from its centre
                        // along a rank or file, 0.38 on a diagonal (clear of the crown).
                        let straight = qr == square.0 || qc == square.1;
                        let reach = SQUARE as f32 * if straight { 0.45 } else { 0.38 };
                        let edge = |q: usize, s: usize| (s as f32 - q as f32).clamp(-1.0, 1.0) * reach;
                        let start = (cx + edge(qc, square.1), cy + edge(qr, square.0));
                        assert_eq!(from, start, "{what}: {square:?} starts at the edge of its attacker");
                    }
                }
                None => {
                    assert!(lines.is_empty(), "{what}: no dead end, no lines");
                    let removal = matches!(event, Event::Remove { .. });
                    assert!(!outlined || removal, "{what}: no dead end, no mark (but on the removal it causes)");
                }
            }
        }
        assert!(dead_ends > 0, "{algorithm:?} {n}x{n}: the run has dead ends to explain");
    }
}

#[test]
fn removals_name_the_line_that_ran_out() {
    for (n, algorithm) in [(6, Algorithm::Backtrack), (5, Algorithm::Grid), (6, Algorithm::Forward)] {
        let mut options = SolveOptions::new(n);
        options.algorithm = algorithm;
        options.until = queens::Until::All;
        let trace = queens::record(&options, 100_000).unwrap();
        let spec = queens::caption_spec(&trace);
        let plain = Describer::new(n, &RenderOptions::default(), Some(spec.clone()));
        let queens = queens_per_frame(&trace);
        let mut explained = 0;
        for frame in Replay::new(&trace) {
            let frame = frame.unwrap();
            let k = frame.index;
            let Some(Event::Remove { row, col }) = frame.event else { continue };
            let action = caption_for(&frame, &spec).action;
            assert_eq!(action.main_text(), format!("remove {}", Square::new(row, col).name(n)));
            let action = action.reason.unwrap_or_default();
            let mut before = queens[k].clone();
            before.insert((row, col));
            if before.len() == n {
                assert!(action.is_empty(), "after a solution, no reason: {action}");
                continue;
            }
            explained += 1;
            let previous = &trace.events[k - 2];
            let expected = match (algorithm, previous) {
                (Algorithm::Forward, Event::Deadend { row }) => {
                    format!("row {} had no safe square", n - row)
                }
                (Algorithm::Forward, _) => {
                    assert!(action.starts_with("row ") && action.ends_with(" tried, nothing else fit"), "{action}");
                    continue;
                }
                _ => {
                    // True of the board after the removal: the line had no safe square while the
                    // removed queen stood, or its safe squares then (named, top to bottom or left
                    // to right) were all tried.
                    let line = next_line(algorithm, n, &before).unwrap();
                    let name = line_name(n, &line);
                    if all_attacked(&before, &line) {
                        format!("{name} had no safe square")
                    } else {
                        let safe: Vec<String> = line
                            .iter()
                            .filter(|&&(r, c)| !attacked(&before, r, c))
                            .map(|&(r, c)| Square::new(r, c).name(n))
                            .collect();
                        format!("{name}: {} tried, nothing else fit", safe.join(", "))
                    }
                }
            };
            assert_eq!(action, expected, "{algorithm:?} frame {k}");
            // The squares the words name as tried are crossed out on the frame.
            if let Some(tried) = expected.split(": ").nth(1).and_then(|r| r.strip_suffix(" tried, nothing else fit")) {
                let scene = plain.describe(&frame);
                for name in tried.split(", ") {
                    let (row, col) =
                        (0..n * n).map(|i| (i / n, i % n)).find(|&(r, c)| Square::new(r, c).name(n) == name).unwrap();
                    let (cx, cy) = centre(&plain, (row, col));
                    let crossed = scene.items.iter().any(|i| {
                        matches!(i, Item::Line { from, to, paint: Paint::Ghost, .. }
                        if ((from.0 + to.0) / 2.0 - cx).abs() < 0.5 && ((from.1 + to.1) / 2.0 - cy).abs() < 0.5)
                    });
                    assert!(crossed, "{algorithm:?} frame {k}: {name} is crossed out");
                }
            }
        }
        assert!(explained > 10, "{algorithm:?}: {explained} removals");
    }
}

fn alarm() -> [u8; 3] {
    Theme::default().color(Paint::CheckAttacked)
}

#[test]
fn the_gif_draws_the_lines_and_the_svg_matches_the_png() {
    let dir = temp_dir("why", "pixels");
    let run = |args: &[&str]| {
        let out = run_queens(&dir, args);
        assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    };
    run(&["animate", "4", "--why", "--square", "60", "-q", "-o", "w.gif"]);
    let frames = decode_gif(&std::fs::read(dir.join("w.gif")).unwrap());
    let trace = record(4, Algorithm::Backtrack, Detail::Placements);
    assert_eq!(frames.len(), trace.events.len() + 1);
    let describer = why_renderer(&trace);
    // Frame 2: a4 and b2 placed, column c fully attacked. Each line's midpoint is the alarm colour
    // on frame 2 and not on frame 3 (b2 removed).
    let frame2 = Replay::new(&trace).nth(2).unwrap().unwrap();
    let lines = why_lines(&describer.describe(&frame2));
    assert_eq!(lines.len(), 4);
    for (from, to) in lines {
        let (x, y) = (((from.0 + to.0) / 2.0) as u32, ((from.1 + to.1) / 2.0) as u32);
        let near = |frame: usize| {
            let around = (x - 1..=x + 1).flat_map(|x| (y - 1..=y + 1).map(move |y| (x, y)));
            around.filter(|&(x, y)| rgb(&frames[frame].0, x, y) == alarm()).count()
        };
        assert!(near(2) > 0, "frame 2: the line through ({x}, {y})");
        assert_eq!(near(3), 0, "frame 3: no line through ({x}, {y})");
    }
    run(&["frames", "4", "--why", "--square", "60", "--frames", "2", "-q", "-o", "f2.png"]);
    run(&["frames", "4", "--why", "--square", "60", "--frames", "2", "-q", "-o", "f2.svg"]);
    let png = image::open(dir.join("f2.png")).unwrap().to_rgb8();
    let gif = image::DynamicImage::ImageRgba8(frames[2].0.clone()).to_rgb8();
    assert_eq!(png, gif, "the PNG still is the GIF's frame 2");
    support::svg::check_xml(&dir.join("f2.svg"));
    let Some(rendered) = support::svg::rsvg(&dir.join("f2.svg")) else { return };
    support::svg::interiors_match(&png, &rendered, 4, "--why frame");
}

#[test]
fn runs_without_dead_ends_and_bare_frames_are_refused() {
    let dir = temp_dir("why", "refused");
    for algorithm in ["shuffle", "permutations", "min-conflicts"] {
        let out = run_queens(&dir, &["animate", "5", "--algorithm", algorithm, "--why", "-o", "x.gif"]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{algorithm}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains("--why explains the dead ends of backtrack, grid and forward runs"), "{stderr}");
    }
    let out = run_queens(&dir, &["frames", "5", "--why", "--bare", "-o", "x.png"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(support::listing(&dir).is_empty(), "nothing written");
}
