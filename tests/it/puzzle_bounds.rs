//! Puzzles that would hold the machine (issue 37): a row with no open square is no solution at
//! once; a puzzle too open to search gives up under the one search budget with a message naming
//! what to do instead (`puzzle solve`, `puzzle check`, `trace --puzzle`); `puzzle solve --all`
//! prints each solution as it is found; `check --max 1` looks for a second solution before saying
//! "unique"; `hint -o -` keeps stdout for the picture; a trace's puzzle is checked as a puzzle
//! file is. Runs that used to hang are waited for with a watchdog (a hang fails the test instead
//! of stopping the suite); nothing here asserts how fast anything is.

use crate::support::puzzle::{random_completion, Rand};
use crate::support::{run_queens, stderr, stdout, temp_dir};
use queens::{Event, Puzzle, SolveOptions, Until};
use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// How long a run that used to hang may take before the test calls it hung (a watchdog, far above
/// the 5 s search budget).
const WATCHDOG: Duration = Duration::from_secs(180);

/// An `n` x `n` completion grid, open but for its last row when `last_row_blocked`.
fn grid(n: usize, last_row_blocked: bool) -> String {
    (0..n).map(|r| if last_row_blocked && r == n - 1 { "#".repeat(n) } else { ".".repeat(n) } + "\n").collect()
}

/// A 16x16 region puzzle whose regions are striped in many pieces (the rules deduce little).
fn regions_in_pieces() -> String {
    let letters: Vec<char> = ('A'..='P').collect();
    (0..16).map(|r| (0..16).map(|c| letters[(r * 7 + c * 3) % 16]).chain(['\n']).collect::<String>()).collect()
}

fn spawn(dir: &Path, args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("binary runs")
}

/// Wait for `child`, killing it (and failing) when it outlives the watchdog.
fn finish(mut child: Child, what: &str) -> Output {
    let started = Instant::now();
    while child.try_wait().expect("wait").is_none() {
        if started.elapsed() > WATCHDOG {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what}: still running after {} s (the search is unbounded)", WATCHDOG.as_secs());
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    child.wait_with_output().expect("output")
}

#[test]
fn a_row_with_no_open_square_is_no_solution_at_once() {
    let dir = temp_dir("puzzle_bounds", "dead-row");
    std::fs::write(dir.join("p.txt"), grid(16, true)).unwrap();
    let solve = spawn(&dir, &["puzzle", "solve", "p.txt"]);
    let check = spawn(&dir, &["puzzle", "check", "p.txt"]);
    let (solve, check) = (finish(solve, "puzzle solve"), finish(check, "puzzle check"));
    assert!(solve.status.success(), "{}", stderr(&solve));
    assert_eq!(stdout(&solve).trim(), "no solution");
    assert!(check.status.success(), "{}", stderr(&check));
    assert!(stdout(&check).starts_with("unique: no, it has no solution\n"), "{}", stdout(&check));
    assert_eq!(stdout(&check).lines().last(), Some("0"));
}

#[test]
fn searches_too_open_give_up_naming_what_to_do() {
    let dir = temp_dir("puzzle_bounds", "give-up");
    std::fs::write(dir.join("open52.txt"), grid(52, false)).unwrap();
    std::fs::write(dir.join("open16.txt"), grid(16, false)).unwrap();
    std::fs::write(dir.join("pieces.txt"), regions_in_pieces()).unwrap();
    let runs = [
        (vec!["puzzle", "solve", "open52.txt"], "more givens or blocked squares"),
        (vec!["puzzle", "check", "open52.txt"], "more givens or blocked squares"),
        (vec!["puzzle", "check", "open16.txt", "--max", "100000000"], "--max 2 says whether it is unique"),
        (vec!["puzzle", "solve", "pieces.txt"], "more compact regions"),
        (vec!["trace", "--puzzle", "pieces.txt", "--max-frames", "1000000000", "-o", "t.jsonl"], "--until first"),
    ];
    let children: Vec<Child> = runs.iter().map(|(args, _)| spawn(&dir, args)).collect();
    for ((args, instead), child) in runs.iter().zip(children) {
        let out = finish(child, &args.join(" "));
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(err.contains("search of this") && err.contains("gave up after 5 s"), "{args:?}: {err}");
        assert!(err.contains(instead) && !err.contains("panicked"), "{args:?}: {err}");
        assert_eq!(err.lines().filter(|l| !l.starts_with("warning: ")).count(), 1, "{args:?}: one line: {err}");
    }
    assert!(!dir.join("t.jsonl").exists(), "a run that gave up leaves no trace file");
}

#[test]
fn solve_all_prints_each_solution_as_it_is_found() {
    // An open 20x20 grid has billions of solutions: the first ones must come out while the search
    // goes on (holding them until the end would print nothing, and grow without bound).
    let dir = temp_dir("puzzle_bounds", "stream");
    std::fs::write(dir.join("open20.txt"), grid(20, false)).unwrap();
    for (format, first) in [("text", "solution 1: "), ("json", "{\"n\":20,\"solutions\":[[0,")] {
        let mut child = spawn(&dir, &["puzzle", "solve", "--all", "--format", format, "open20.txt"]);
        let reader = BufReader::new(child.stdout.take().unwrap());
        let (sender, received) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut head = Vec::new();
            let _ = reader.take(4096).read_until(b']', &mut head);
            let _ = sender.send(head);
        });
        let head = received.recv_timeout(WATCHDOG);
        let _ = child.kill();
        let _ = child.wait();
        let head = head.unwrap_or_else(|_| panic!("--all --format {format}: nothing printed while searching"));
        let head = String::from_utf8_lossy(&head);
        assert!(head.starts_with(first), "--format {format}: {head}");
    }
}

#[test]
fn completion_puzzles_are_solved_in_the_backtrack_order() {
    // `puzzle solve` output stays byte-identical: the fast search hands out the solutions in the
    // order of the backtrack search around the furniture (the trace's `solution` events).
    let mut rand = Rand::new(37);
    for i in 0..300 {
        let puzzle = random_completion(4 + i % 5, &mut rand);
        let mut options = SolveOptions::new(puzzle.n);
        options.until = Until::All;
        options.puzzle = Some(puzzle.clone());
        let trace = queens::record(&options, 1_000_000).unwrap();
        let traced: Vec<Vec<usize>> = trace
            .events
            .into_iter()
            .filter_map(|e| if let Event::Solution { queens } = e { Some(queens) } else { None })
            .collect();
        let mut streamed = Vec::new();
        queens::solve_puzzle(&puzzle, Until::All, &mut |queens| {
            streamed.push(queens);
            Ok(())
        })
        .unwrap();
        assert_eq!(streamed, traced, "{}", queens::puzzle_text(&puzzle));
    }
}

#[test]
fn check_max_1_still_tells_unique_from_not() {
    let dir = temp_dir("puzzle_bounds", "max1");
    std::fs::write(dir.join("open8.txt"), grid(8, false)).unwrap();
    let out = stdout(&run_queens(&dir, &["puzzle", "check", "open8.txt", "--max", "1"]));
    assert!(out.starts_with("unique: no, more than one solution\n"), "{out}");
    assert_eq!(out.lines().last(), Some("1+"));
    let one = queens::generate_puzzle(7, 5, queens::PuzzleKind::Regions, false).unwrap().puzzle;
    std::fs::write(dir.join("one.txt"), queens::puzzle_text(&one)).unwrap();
    let out = stdout(&run_queens(&dir, &["puzzle", "check", "one.txt", "--max", "1"]));
    assert!(out.starts_with("unique: yes, one solution\n"), "{out}");
    assert_eq!(out.lines().last(), Some("1"), "exactly one, not 1+: {out}");
}

#[test]
fn a_hint_drawn_to_stdout_leaves_stdout_to_the_picture() {
    let dir = temp_dir("puzzle_bounds", "hint-stdout");
    let puzzle = queens::generate_puzzle(7, 5, queens::PuzzleKind::Regions, false).unwrap().puzzle;
    std::fs::write(dir.join("p.txt"), queens::puzzle_text(&puzzle)).unwrap();
    let out = run_queens(&dir, &["puzzle", "hint", "p.txt", "-o", "-"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let picture = image::load_from_memory_with_format(&out.stdout, image::ImageFormat::Png);
    assert!(picture.is_ok(), "stdout is one PNG: {:?}", &out.stdout[..out.stdout.len().min(80)]);
    let err = stderr(&out);
    assert!(err.starts_with(&format!("{}\n", queens::puzzle_hint(&puzzle))), "the hint on stderr: {err}");
    assert!(err.lines().last().is_some_and(|l| l.starts_with("stdout: ") && l.ends_with(" bytes")), "{err}");
}

/// A JSON trace of a 4x4 region puzzle's run, with `puzzle` as given.
fn trace_with(puzzle: serde_json::Value) -> String {
    serde_json::json!({ "n": 4, "algorithm": "deduce", "puzzle": puzzle, "events": [] }).to_string()
}

#[test]
fn a_traces_puzzle_is_checked_as_a_puzzle_file_is() {
    let dir = temp_dir("puzzle_bounds", "trace-header");
    let regions = |last: u8| serde_json::json!([0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, last]);
    let bad = [
        (serde_json::json!({ "n": 4, "regions": regions(60) }), "the puzzle's regions[15]: square d1 is in region 60"),
        (
            serde_json::json!({ "n": 4, "regions": regions(3), "givens": [{"row": 0, "col": 0}, {"row": 1, "col": 1}] }),
            "the puzzle's givens[1]: the given queen on b3 attacks the given queen on a4 (same region)",
        ),
        (
            serde_json::json!({ "n": 4, "givens": [{"row": 0, "col": 0}, {"row": 2, "col": 2}] }),
            "the puzzle's givens[1]: the given queen on c2 attacks the given queen on a4 (same diagonal)",
        ),
        (
            serde_json::json!({ "n": 4, "blocked": [{"row": 4, "col": 0}] }),
            "the puzzle's blocked[0]: row 4, column 0 is off",
        ),
        (serde_json::json!({ "n": 60 }), "the puzzle's n: a 60x60 board; puzzles are 1x1 to 52x52"),
    ];
    for (i, (puzzle, expected)) in bad.into_iter().enumerate() {
        let header = serde_json::json!({ "n": 4, "algorithm": "deduce", "puzzle": puzzle.clone() });
        for (form, text) in [("json", trace_with(puzzle)), ("jsonl", format!("{header}\n"))] {
            let name = format!("t{i}.{form}");
            std::fs::write(dir.join(&name), text).unwrap();
            let out = run_queens(&dir, &["render", &name, "-o", "x.gif"]);
            let err = stderr(&out);
            assert_eq!(out.status.code(), Some(1), "{name}: {err}");
            assert!(err.contains(expected) && err.lines().count() == 1, "{name}: {err}");
        }
    }
    let fine: Puzzle = serde_json::from_str(r#"{"n": 4, "regions": [0,0,1,1,0,0,1,1,2,2,3,3,2,2,3,3]}"#).unwrap();
    assert!(fine.check().is_ok());
}

#[test]
fn a_hint_on_a_puzzle_with_a_long_run_draws_its_first_step() {
    let dir = temp_dir("puzzle-bounds", "hint-long");
    std::fs::write(dir.join("pieces.txt"), regions_in_pieces()).unwrap();
    let out = finish(spawn(&dir, &["puzzle", "hint", "pieces.txt", "-o", "hint.png"]), "hint");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(image::open(dir.join("hint.png")).is_ok(), "the hint is a picture");
    std::fs::remove_dir_all(&dir).unwrap();
}
