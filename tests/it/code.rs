//! `--code` (issue 27): the algorithm's pseudocode beside the board. Every frame of whole runs of
//! each algorithm highlights the line that does its event (found by the line's words, with dead
//! ends replayed independently); Pillow finds the highlight bar on the expected line of known
//! frames; the board keeps its pixels; code type scales with the square; outside traces naming no
//! known algorithm are refused; `play --code`; a frame's words leave the code out. (The look:
//! code_look.rs.)

use crate::support::pillow::pillow;
use crate::support::tools::pillow_python;
use crate::support::{attacked, decode_gif, ink_runs, queens_per_frame, rgb, run_queens, stderr, temp_dir};
use image::RgbaImage;
use queens::internals::{Describer, Replay};
use queens::{caption_spec, Algorithm, Animation, Detail, Event, SolveOptions, Theme, Trace, Until};
use std::collections::BTreeSet;
use std::path::Path;

pub(crate) fn record(n: usize, algorithm: Algorithm, detail: Detail, until: Until) -> Trace {
    let mut options = SolveOptions::new(n);
    (options.algorithm, options.detail, options.until) = (algorithm, detail, until);
    queens::record(&options, 20_000).unwrap()
}

/// Whether the frame after event `k` (0-based) is a dead end, replayed without the library: a
/// backtrack or grid placement leaving the next empty column (row) fully attacked, or with checks
/// the check of its last square; a forward `deadend` event.
fn dead_end(trace: &Trace, boards: &[BTreeSet<(usize, usize)>], k: usize, checks: bool) -> bool {
    let (n, queens, event) = (trace.n, &boards[k + 1], &trace.events[k]);
    let by_column = match trace.algorithm.as_str() {
        "forward" => return matches!(event, Event::Deadend { .. }),
        "backtrack" => true,
        "grid" => false,
        _ => return false,
    };
    let on_line = |line: usize, i: usize| if by_column { (i, line) } else { (line, i) };
    let empty = (0..n).find(|&line| !queens.iter().any(|&(r, c)| if by_column { c == line } else { r == line }));
    let Some(line) = empty else { return false };
    let decisive = match event {
        Event::Place { .. } => !checks,
        Event::Check { row, col, safe: false, .. } => checks && on_line(line, n - 1) == (*row, *col),
        _ => false,
    };
    decisive
        && (0..n).all(|i| {
            let (r, c) = on_line(line, i);
            attacked(queens, r, c)
        })
}

/// Words of the line that does each kind of frame, per algorithm.
fn words(algorithm: &str, kind: &str) -> &'static str {
    match (algorithm, kind) {
        ("backtrack", "start") => "placeQueens(column):",
        ("backtrack", "check") => "if (row, column) is safe:",
        ("backtrack", "place") => "place a queen there",
        ("backtrack", "remove") => "remove the queen",
        ("backtrack", "dead end") => "if no square of column is safe:",
        ("backtrack", "solution") => "all N queens placed: a solution",
        ("grid", "start") => "scan the board row by row:",
        ("grid", "check") => "if no queen attacks square:",
        ("grid", "place") => "place a queen on square",
        ("grid", "remove") => "remove the last queen",
        ("grid", "dead end") => "else if the row has no safe square:",
        ("grid", "solution") => "print the solution",
        ("forward", "start") => "fill():",
        ("forward", "check") => "if the square is safe:",
        ("forward", "place") => "place a queen; count safe again",
        ("forward", "remove") => "remove the queen",
        ("forward", "dead end") => "if an empty row has no safe square:",
        ("forward", "solution") => "record a solution",
        ("permutations", "start") => "for each ordering p of rows 1..N:",
        ("permutations", "layout") => "queen k goes on row p(k)",
        ("permutations", "solution") => "keep it: a solution",
        ("shuffle", "start") => "rows = 1, 2, ..., N: one per column",
        ("shuffle", "layout") => "shuffle the rows at random",
        ("shuffle", "solution") => "and it is new: a solution",
        ("min-conflicts", "start") => "for each column, left to right:",
        ("min-conflicts", "layout") => "the fewest queens attack",
        ("min-conflicts", "move") => "move her to the least attacked",
        ("min-conflicts", "solution") => "no queen attacked: a solution",
        _ => panic!("{algorithm} has no {kind} frames"),
    }
}

fn kind(event: Option<&Event>, dead: bool) -> &'static str {
    match event {
        _ if dead => "dead end",
        None => "start",
        Some(Event::Check { .. }) => "check",
        Some(Event::Place { .. }) => "place",
        Some(Event::Remove { .. }) => "remove",
        Some(Event::Solution { .. }) => "solution",
        Some(Event::Layout { .. }) => "layout",
        Some(Event::Move { .. }) => "move",
        Some(Event::Deadend { .. }) => "dead end",
        Some(event) => panic!("the six searches never emit a puzzle event: {event:?}"),
    }
}

#[test]
fn every_frame_of_every_algorithm_lands_on_the_line_that_does_it() {
    for algorithm in Algorithm::ALL {
        let listing = queens::code::listing(algorithm).expect("every algorithm has a listing");
        for detail in [Detail::Placements, Detail::Checks] {
            let until = if algorithm == Algorithm::Backtrack { Until::All } else { Until::Solutions(2) };
            let trace = record(6, algorithm, detail, until);
            let checks = trace.events.iter().any(|e| matches!(e, Event::Check { .. }));
            let boards = queens_per_frame(&trace);
            let mut kinds = BTreeSet::new();
            for frame in Replay::new(&trace) {
                let frame = frame.unwrap();
                let k = frame.index;
                let dead = k > 0 && dead_end(&trace, &boards, k - 1, checks);
                let kind = kind(frame.event.as_ref(), dead);
                let view = listing.view(&frame, checks);
                let line = view.line.unwrap_or_else(|| panic!("{algorithm} frame {k} ({kind}) highlights no line"));
                let text = listing.lines[line].text;
                assert_eq!(text, words(algorithm.name(), kind), "{algorithm} {detail:?} frame {k}: a {kind}");
                assert_eq!(view.values.len(), listing.variables.len());
                kinds.insert(kind);
            }
            let want = match (algorithm, detail) {
                (Algorithm::Backtrack | Algorithm::Grid | Algorithm::Forward, Detail::Checks) => 6,
                (Algorithm::Backtrack | Algorithm::Grid | Algorithm::Forward, _) => 5,
                (Algorithm::MinConflicts, _) => 4,
                _ => 3,
            };
            assert_eq!(kinds.len(), want, "{algorithm} {detail:?}: every kind of frame met: {kinds:?}");
        }
    }
}

/// The describer `animate N --code` draws with, for its layout.
pub(crate) fn describer(trace: &Trace, look: &queens::RenderOptions) -> Describer {
    Describer::new(trace.n, look, Some(caption_spec(trace)))
}

pub(crate) fn code_look() -> queens::RenderOptions {
    let mut look = queens::RenderOptions::default();
    look.code = true;
    look
}

#[test]
fn pillow_finds_the_bar_on_the_expected_line() {
    let Some(python) = pillow_python() else { return };
    let dir = temp_dir("code", "bar");
    let trace = record(6, Algorithm::Backtrack, Detail::Placements, Until::First);
    let mut animation = Animation::new();
    animation.look = code_look();
    let mut gif = Vec::new();
    queens::render_gif(&trace, &animation, &mut gif).unwrap();
    std::fs::write(dir.join("run.gif"), &gif).unwrap();
    let layout = describer(&trace, &animation.look).layout;
    let code = layout.code.clone().expect("a code panel");
    let listing = queens::code::listing(Algorithm::Backtrack).unwrap();
    // A column of points inside every bar, left of any text.
    let (bar_x, _, _, _) = code.bar(0);
    let x = (bar_x + 1) as u32;
    let (top, bottom) = (code.rect.y as u32, code.rule.0 as u32);
    let points: Vec<(u32, u32)> = (top..bottom).map(|y| (x, y)).collect();
    let decoded = pillow(&python, &dir.join("run.gif"), &points);
    assert_eq!(decoded.size, (layout.width as u32, layout.height as u32));
    let boards = queens_per_frame(&trace);
    let dead = (1..trace.frame_count()).find(|&k| dead_end(&trace, &boards, k - 1, false)).unwrap();
    let remove = 1 + trace.events.iter().position(|e| matches!(e, Event::Remove { .. })).unwrap();
    let last = trace.events.len();
    // The bar is a light tint (of the step's highlight): anything but the panel's background (or
    // the solution's band, which runs across the panel under the lines).
    let (background, band) = (Theme::default().background, Theme::default().solution_band);
    for (k, kind) in [(0, "start"), (1, "place"), (dead, "dead end"), (remove, "remove"), (last, "solution")] {
        let line = listing.lines.iter().position(|l| l.text == words("backtrack", kind)).unwrap();
        let (_, y, _, h) = code.bar(line);
        let want: Vec<u32> = (y as u32..(y + h) as u32).collect();
        let got: Vec<u32> = points
            .iter()
            .zip(&decoded.frames[k].points)
            .filter(|(_, &colour)| colour != background && colour != band)
            .map(|(&(_, y), _)| y)
            .collect();
        assert_eq!(got, want, "frame {k} ({kind}): the bar on line {line}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

fn open(path: &Path) -> RgbaImage {
    image::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display())).to_rgba8()
}

/// Frame `k` of `frames 6 <extra>` as a PNG, with and without `--code`.
fn with_and_without(dir: &Path, k: &str, extra: &[&str]) -> (RgbaImage, RgbaImage) {
    let pair = [false, true].map(|code| {
        let split = format!("f{k}-{}-{code}", extra.join(""));
        let mut args = vec!["frames", "6", "--frames", k, "--split", &split, "-q"];
        args.extend(extra);
        if code {
            args.push("--code");
        }
        let out = run_queens(dir, &args);
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        open(&dir.join(&split).join(format!("frame-{k}.png")))
    });
    let [plain, code] = pair;
    (plain, code)
}

#[test]
fn the_board_keeps_its_pixels_beside_the_code() {
    let dir = temp_dir("code", "geometry");
    for extra in [&[][..], &["--bare"], &["--coords", "--square", "37"], &["--why"], &["--algorithm", "forward"]] {
        // Frame 57 is the 6x6 run's solution: the gold band runs on across the panel (the plain
        // frame's band stops the ring's margin short of its right edge).
        for k in ["0", "20", "57"] {
            let (plain, code) = with_and_without(&dir, k, extra);
            assert!(code.width() > plain.width() && code.height() >= plain.height(), "{extra:?} frame {k}");
            for (x, y, p) in plain.enumerate_pixels() {
                let (p, c) = (p.0, code.get_pixel(x, y).0);
                let band_runs_on = c == [0xFF, 0xE8, 0x8A, 0xFF] && p == [255; 4] && x + 8 >= plain.width();
                assert!(
                    p == c || band_runs_on,
                    "{extra:?} frame {k}: ({x}, {y}) is {c:?} beside the code, {p:?} without"
                );
            }
            let background = rgb(&code, code.width() - 1, code.height() - 1);
            if plain.height() < code.height() {
                let below = (plain.height()..code.height()).all(|y| rgb(&code, plain.width() / 2, y) == background);
                assert!(below, "{extra:?} frame {k}: the frame grows down under the board as background");
            }
        }
    }
    // With --tree too, the tree panel goes right of the code panel.
    let (tree, both) = with_and_without(&dir, "20", &["--tree"]);
    assert!(both.width() > tree.width());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn code_capitals_are_at_least_0_18_square() {
    let dir = temp_dir("code", "type");
    let trace = record(8, Algorithm::Backtrack, Detail::Placements, Until::First);
    for square in [24u32, 60, 140] {
        // Frame 20 places d1: the variables read column d, row 1, queens 4, solutions 0.
        let split = format!("s{square}");
        let px = square.to_string();
        let out =
            run_queens(&dir, &["frames", "8", "--code", "--frames", "20", "--square", &px, "--split", &split, "-q"]);
        assert!(out.status.success(), "{}", stderr(&out));
        let img = open(&dir.join(&split).join("frame-20.png"));
        let mut look = code_look();
        look.square = Some(square as usize);
        let code = describer(&trace, &look).layout.code.expect("a code panel");
        let x = code.value_x.floor() as u32;
        let runs = ink_runs(&img, code.variables_top as u32..img.height(), (x, x + square));
        assert_eq!(runs.len(), 4, "four values at {square} px: {runs:?}");
        // Digits are as tall as capitals: "1", "4" and "0".
        for (top, height) in &runs[1..] {
            assert!(*height as f32 >= 0.18 * square as f32, "a {height} px digit at {top} for {square} px squares");
        }
        // Indentation shows: line 1 starts an indent right of line 0.
        let line = |i: usize| {
            let (_, y, _, h) = code.bar(i);
            let xs = code.rect.x as u32..(code.rect.x + code.rect.width) as u32;
            let background = rgb(&img, 0, 0);
            xs.into_iter().find(|&x| (y as u32..(y + h) as u32).any(|y| rgb(&img, x, y) != background)).unwrap()
        };
        assert!(line(1) as f32 >= line(0) as f32 + code.indent * 0.8, "line 1 is indented at {square} px");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn traces_of_unknown_algorithms_are_refused_with_one_line() {
    let dir = temp_dir("code", "refusal");
    let outside = |algorithm: &str| {
        format!(r#"{{"n":4,"algorithm":"{algorithm}","events":[{{"event":"place","row":1,"col":0}}]}}"#)
    };
    std::fs::write(dir.join("mine.json"), outside("my-search")).unwrap();
    std::fs::write(dir.join("known.json"), outside("forward")).unwrap();
    for command in [&["render", "mine.json", "-o", "x.gif"][..], &["frames", "mine.json", "--split", "x"]] {
        let out = run_queens(&dir, &[command, &["--code"]].concat());
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{command:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{command:?}: {err}");
        assert!(err.contains("'my-search' has none") && err.contains("leave --code out"), "{err}");
        assert!(!dir.join("x.gif").exists() && !dir.join("x").exists(), "nothing written");
    }
    let out = run_queens(&dir, &["render", "known.json", "--code", "-o", "k.gif", "-q"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let frames = decode_gif(&std::fs::read(dir.join("k.gif")).unwrap());
    assert_eq!(frames.len(), 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn play_shows_the_code_in_the_terminal_and_as_text() {
    let dir = temp_dir("code", "play");
    let out = run_queens(&dir, &["play", "5", "--code", "--ascii", "--frames", "4"]);
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(out.status.success(), "{}", stderr(&out));
    let marked: Vec<&str> = text.lines().filter(|l| l.starts_with('>')).collect();
    assert_eq!(marked, [">       place a queen there"], "{text}");
    assert!(text.contains("\n  placeQueens(column):\n    if no column is left:\n"), "indented two spaces a level");
    assert!(text.contains("\n  column     d\n  row        4\n  queens     4\n"), "the variables: {text}");
    assert!(text.starts_with("step 4 of 6: place d4\n") && text.ends_with("solutions  0\n\n"), "{text}");
    std::fs::write(dir.join("mine.json"), r#"{"n":4,"algorithm":"mine","events":[]}"#).unwrap();
    let out = run_queens(&dir, &["play", "mine.json", "--code", "--ascii"]);
    assert_eq!((out.status.code(), stderr(&out).lines().count()), (Some(2), 1), "{}", stderr(&out));
    if crate::support::tools::tool("tmux", "apt-get install tmux").is_none() {
        return;
    }
    let tmux = crate::play::Tmux { socket: dir.join("tmux.sock") };
    let play = format!("{} play 6 --code --delay 5000", env!("CARGO_BIN_EXE_queens"));
    tmux.run(&["-f", "/dev/null", "new-session", "-d", "-s", "play", "-x", "100", "-y", "30", &play]);
    tmux.wait_for("step 0 of 57");
    let marked = |screen: &str| screen.lines().find(|l| l.contains('▶') && !l.contains("playing")).map(str::to_string);
    for (keys, step, words) in [
        (&[][..], "step 0 of 57", "placeQueens(column):"),
        (&["l"], "step 1 of 57", "place a queen there"),
        (&["G"], "step 57 of 57", "a solution"),
    ] {
        tmux.keys(keys);
        let screen = tmux.wait_for(step);
        let line = marked(&screen).unwrap_or_else(|| panic!("no marked line:\n{screen}"));
        assert!(line.contains(words), "{step}: {line}\n{screen}");
        assert!(line.find('▶') > Some(3 * 6 + 2), "the code is right of the board: {line}");
    }
    tmux.keys(&["q"]);
    drop(tmux);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_words_of_a_frame_leave_the_code_out() {
    let dir = temp_dir("code", "words");
    let out = run_queens(&dir, &["frames", "6", "--code", "--frames", "25", "-o", "f.svg", "-q"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let svg = std::fs::read_to_string(dir.join("f.svg")).unwrap();
    let title = &svg[svg.find("<title>").unwrap()..svg.find("</title>").unwrap()];
    assert!(
        title.contains("remove b3 · column c: c5, c1 tried, nothing else fit · 6×6 · backtrack · step 25 of 57"),
        "{title}"
    );
    assert!(!title.contains("placeQueens") && !title.contains("if no"), "the code is not the caption: {title}");
    assert!(svg.contains("<path"), "the panel is drawn: {}", svg.len());
    std::fs::remove_dir_all(&dir).unwrap();
}
