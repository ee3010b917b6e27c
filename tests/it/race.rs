//! `queens race`: a bare race's frame k shows board i, at x = i * (N*PX + PX), after min(k, its
//! length) ticks of the clock (probed at square centres against an independent replay of each
//! run's own trace); the animation has the longest run's ticks + 1 frames; the default name lists
//! the algorithms. GIFs decoded with the `image` crate.

use crate::support::{self, decode_gif, expected_centre, queens_per_frame, rgb, run_ok, run_queens, temp_dir};
use queens::{Event, Theme, Trace};
use std::path::Path;

fn trace(dir: &Path, args: &[&str]) -> Trace {
    run_ok(dir, &[&["trace"][..], args, &["-o", "t.json"]].concat());
    serde_json::from_str(&std::fs::read_to_string(dir.join("t.json")).unwrap()).unwrap()
}

/// Events that have happened after each tick: every event a tick, or every check a tick.
fn positions(trace: &Trace, checks: bool) -> Vec<usize> {
    if !checks {
        return (0..=trace.events.len()).collect();
    }
    let mut positions = vec![0];
    positions
        .extend(trace.events.iter().enumerate().filter(|(_, e)| matches!(e, Event::Check { .. })).map(|(i, _)| i + 1));
    if *positions.last().unwrap() != trace.events.len() {
        positions.push(trace.events.len());
    }
    positions
}

fn probe_race(dir: &Path, n: usize, algorithms: &[&str], checks: bool) {
    let square = 40u32;
    let traces: Vec<Trace> = algorithms
        .iter()
        .map(|a| {
            let detail = if checks { "checks" } else { "placements" };
            trace(dir, &["6", "--algorithm", a, "--detail", detail])
        })
        .collect();
    let clock = if checks { "checks" } else { "events" };
    let args = [&["race", "6"][..], algorithms, &["--clock", clock, "--bare", "--square", "40", "-q", "-o", "r.gif"]];
    run_ok(dir, &args.concat());
    let frames = decode_gif(&std::fs::read(dir.join("r.gif")).unwrap());
    let ticks: Vec<Vec<usize>> = traces.iter().map(|t| positions(t, checks)).collect();
    let longest = ticks.iter().map(|p| p.len() - 1).max().unwrap();
    assert_eq!(frames.len(), longest + 1, "{algorithms:?} {clock}");
    let side = n as u32 * square;
    assert_eq!(frames[0].0.width(), algorithms.len() as u32 * (side + square) - square);
    assert_eq!(frames[0].0.height(), side);
    let theme = Theme::default();
    for (i, trace) in traces.iter().enumerate() {
        let boards = queens_per_frame(trace);
        for (k, (img, _)) in frames.iter().enumerate() {
            let at = ticks[i][k.min(ticks[i].len() - 1)];
            let queens = &boards[at];
            for row in 0..n {
                for col in 0..n {
                    let x = i as u32 * (side + square) + col as u32 * square + square / 2;
                    let y = row as u32 * square + square / 2;
                    let want = expected_centre(queens, n, (row, col), support::solution_frame(trace, at), &theme);
                    assert_eq!(rgb(img, x, y), want, "{clock} board {i} frame {k} row {row} col {col}");
                }
            }
        }
    }
}

#[test]
fn each_board_shows_its_own_run_after_min_k_and_its_length_events() {
    let dir = temp_dir("race", "events");
    probe_race(&dir, 6, &["backtrack", "forward", "grid"], false);
}

#[test]
fn the_checks_clock_advances_each_run_one_square_examined_a_frame() {
    let dir = temp_dir("race", "checks");
    probe_race(&dir, 6, &["forward", "backtrack"], true);
}

#[test]
fn the_default_output_names_the_algorithms_and_needs_two() {
    let dir = temp_dir("race", "name");
    let stdout = run_ok(&dir, &["race", "5", "backtrack", "forward", "-q", "--square", "20"]);
    assert!(stdout.starts_with("output/queens-5x5-race-backtrack-forward.gif: "), "{stdout}");
    assert!(dir.join("output/queens-5x5-race-backtrack-forward.gif").exists());
    let out = run_queens(&dir, &["race", "5", "backtrack"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_race_writes_any_animation_format_its_output_names() {
    let dir = support::temp_dir("race", "formats");
    let out = support::run_queens(&dir, &["race", "5", "backtrack", "forward", "-q", "-o", "r.webp"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let webp = std::fs::read(dir.join("r.webp")).unwrap();
    assert!(webp.starts_with(b"RIFF") && &webp[8..12] == b"WEBP", "a WebP file, not a GIF");
    let out = support::run_queens(&dir, &["race", "5", "backtrack", "forward", "-q", "--format", "svg", "-o", "r.svg"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(std::fs::read_to_string(dir.join("r.svg")).unwrap().starts_with("<svg"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_race_on_a_puzzle_takes_n_from_the_file_and_starts_from_its_givens() {
    let dir = temp_dir("race", "puzzle");
    // A completion puzzle: a given queen on c5 (row 1, col 2), a blocked square on d4 (row 2, col 3).
    std::fs::write(dir.join("p.txt"), "......\n..Q...\n...#..\n......\n......\n......\n").unwrap();
    run_ok(
        &dir,
        &["race", "backtrack", "forward", "--puzzle", "p.txt", "--bare", "--square", "40", "-q", "-o", "r.gif"],
    );
    let frames = decode_gif(&std::fs::read(dir.join("r.gif")).unwrap());
    let longest = ["backtrack", "forward"]
        .iter()
        .map(|a| trace(&dir, &["--puzzle", "p.txt", "--algorithm", a]).events.len())
        .max()
        .unwrap();
    assert_eq!(frames.len(), longest + 1, "the longest run's ticks + 1 frames");
    // Frame 0: each board is the puzzle as given, pixel for pixel the still of its frame 0.
    run_ok(&dir, &["frames", "--puzzle", "p.txt", "--frames", "0", "--bare", "--square", "40", "-q", "-o", "f0.png"]);
    let still = image::open(dir.join("f0.png")).unwrap().to_rgba8();
    let (first, _) = &frames[0];
    for board in 0..2u32 {
        let x0 = board * (6 * 40 + 40);
        for (x, y) in [(20, 20), (100, 60), (140, 100), (60, 220), (230, 230)] {
            assert_eq!(rgb(first, x0 + x, y), rgb(&still, x, y), "board {board} at ({x}, {y})");
        }
    }
    let out = run_queens(&dir, &["race", "7", "backtrack", "forward", "--puzzle", "p.txt"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(support::stderr(&out).contains("N is 7 but the puzzle"), "{}", support::stderr(&out));
}

#[test]
fn runs_that_finish_together_say_tie() {
    let dir = temp_dir("race", "tie");
    run_ok(&dir, &["race", "5", "backtrack", "backtrack", "-o", "tie.svg"]);
    let svg = std::fs::read_to_string(dir.join("tie.svg")).unwrap();
    let title = &svg[svg.find("<title>").unwrap()..svg.find("</title>").unwrap()];
    assert_eq!(title.matches("1. tie, done after 6 steps").count(), 2, "{title}");
    // 6x6 backtrack and forward both take 57 steps: a tie too.
    run_ok(&dir, &["race", "6", "backtrack", "forward", "-o", "six.svg"]);
    let svg = std::fs::read_to_string(dir.join("six.svg")).unwrap();
    let title = &svg[svg.find("<title>").unwrap()..svg.find("</title>").unwrap()];
    assert_eq!(title.matches("1. tie, done after 57 steps").count(), 2, "{title}");
    run_ok(&dir, &["race", "5", "backtrack", "shuffle", "-o", "two.svg"]);
    let svg = std::fs::read_to_string(dir.join("two.svg")).unwrap();
    assert!(
        !svg.contains("tie,") && svg.contains("1. done after 6 steps"),
        "runs of different lengths rank without a tie"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
