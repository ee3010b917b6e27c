//! Puzzles: the solvers against a brute-force reference, every rule's deductions sound, generated
//! puzzles unique and reproducible, bad files named by line and column, and the `queens puzzle`
//! contracts (exit codes, the JSON shape, the count on the last line).

use crate::support::puzzle::{brute_force, random_completion, random_regions, Rand};
use crate::support::{run_queens, stderr, stdout, temp_dir};
use queens::internals::{deduce, region_grid::RegionGrid, rules};
use queens::{Algorithm, Puzzle, PuzzleKind, Rule, SolveOptions, Until};

/// 2,000 random puzzles of sizes 4 to 8: half region puzzles, half completion puzzles.
fn puzzles() -> Vec<Puzzle> {
    let mut rand = Rand::new(2026);
    (0..2000)
        .map(|i| {
            let n = 4 + i % 5;
            if i % 2 == 0 {
                random_regions(n, &mut rand)
            } else {
                random_completion(n, &mut rand)
            }
        })
        .collect()
}

/// Every solution `solve_puzzle` hands out, in its order.
fn solve_puzzle(puzzle: &Puzzle, until: Until) -> Vec<Vec<usize>> {
    let mut found = Vec::new();
    let count = queens::solve_puzzle(puzzle, until, &mut |queens| {
        found.push(queens);
        Ok(())
    })
    .unwrap();
    assert_eq!(count, found.len() as u64);
    found
}

fn sorted(mut solutions: Vec<Vec<usize>>) -> Vec<Vec<usize>> {
    solutions.sort();
    solutions
}

#[test]
fn solvers_agree_with_brute_force_on_2000_puzzles() {
    let (mut none, mut one, mut several) = (0, 0, 0);
    for puzzle in puzzles() {
        let expected = brute_force(&puzzle);
        let found = sorted(solve_puzzle(&puzzle, Until::All));
        assert_eq!(found, expected, "{}", queens::puzzle_text(&puzzle));
        let count = queens::count::count_puzzle(&puzzle, u64::MAX);
        assert_eq!(count, expected.len() as u64, "{}", queens::puzzle_text(&puzzle));
        let first = solve_puzzle(&puzzle, Until::First);
        assert_eq!(first.len(), expected.len().min(1));
        match expected.len() {
            0 => none += 1,
            1 => one += 1,
            _ => several += 1,
        }
    }
    assert!(none > 100 && one > 100 && several > 100, "outcomes: {none} none, {one} one, {several} several");
}

#[test]
fn tree_searches_around_furniture_find_every_solution() {
    let mut rand = Rand::new(7);
    for i in 0..200 {
        let n = 4 + i % 4;
        let puzzle = if i % 2 == 0 { random_regions(n, &mut rand) } else { random_completion(n, &mut rand) };
        let expected = brute_force(&puzzle);
        for algorithm in [Algorithm::Backtrack, Algorithm::Grid, Algorithm::Forward] {
            let mut options = SolveOptions::new(n);
            options.algorithm = algorithm;
            options.until = Until::All;
            options.puzzle = Some(puzzle.clone());
            let trace = queens::record(&options, 1_000_000).unwrap();
            assert_eq!(trace.puzzle.as_ref(), Some(&puzzle));
            let found: Vec<Vec<usize>> = trace
                .events
                .iter()
                .filter_map(|e| match e {
                    queens::Event::Solution { queens } => Some(queens.clone()),
                    _ => None,
                })
                .collect();
            assert_eq!(sorted(found), expected, "{algorithm} on\n{}", queens::puzzle_text(&puzzle));
        }
    }
}

/// The solutions of `all` still open in `state`: every queen of the state stands in them, and
/// their other queens stand on open squares.
fn consistent<'a>(state: &RegionGrid, all: &'a [Vec<usize>]) -> Vec<&'a Vec<usize>> {
    let n = state.n;
    all.iter()
        .filter(|queens| {
            let squares: Vec<usize> = queens.iter().enumerate().map(|(c, &r)| r * n + c).collect();
            state.queens.iter().all(|q| squares.contains(q))
                && squares.iter().all(|&sq| state.is_open(sq) || state.has_queen(sq))
        })
        .collect()
}

#[test]
fn every_rule_is_sound_against_brute_force() {
    let mut fired = std::collections::BTreeMap::new();
    for puzzle in puzzles().into_iter().filter(Puzzle::has_regions) {
        let all = brute_force(&puzzle);
        let mut states = Vec::new();
        deduce::solve(&puzzle, Until::All, true, &mut |state, _| {
            states.push(state.clone());
            Ok(())
        })
        .unwrap();
        for state in &states {
            let open = consistent(state, &all);
            for rule in rules::RULES {
                let Some(deduction) = rules::apply(rule, state) else { continue };
                *fired.entry(format!("{rule:?}")).or_insert(0) += 1;
                match &deduction.step {
                    rules::Effect::Eliminate(squares) => {
                        for queens in &open {
                            let used = squares.iter().find(|&&sq| queens[sq % state.n] == sq / state.n);
                            assert!(used.is_none(), "{rule:?} ({}) removes a square of {queens:?}", deduction.text);
                        }
                    }
                    rules::Effect::Place(sq) => {
                        for queens in &open {
                            assert_eq!(queens[sq % state.n], sq / state.n, "{rule:?} ({})", deduction.text);
                        }
                    }
                }
            }
        }
    }
    assert_eq!(fired.len(), 5, "every rule fires somewhere: {fired:?}");
}

#[test]
fn generated_puzzles_are_unique_and_reproducible() {
    for n in 5..=9 {
        for seed in 0..6 {
            for (kind, hard) in [
                (PuzzleKind::Regions, false),
                (PuzzleKind::Regions, true),
                (PuzzleKind::Completion, false),
                (PuzzleKind::Completion, true),
            ] {
                let made = queens::generate_puzzle(n, seed, kind, hard).unwrap();
                assert_eq!(made, queens::generate_puzzle(n, seed, kind, hard).unwrap(), "same seed, same puzzle");
                let puzzle = &made.puzzle;
                assert_eq!(queens::count::count_puzzle(puzzle, 2), 1, "{}", queens::puzzle_text(puzzle));
                if n <= 8 {
                    assert_eq!(brute_force(puzzle).len(), 1);
                }
                if kind == PuzzleKind::Regions {
                    let outcome = queens::solve_by_rules(puzzle);
                    assert_eq!(outcome.stuck, hard, "hard {hard}: {}", queens::puzzle_text(puzzle));
                    let text = queens::puzzle_text(puzzle);
                    assert_eq!(queens::parse_puzzle(text.as_bytes()).unwrap().puzzle, *puzzle, "written, read back");
                }
            }
        }
    }
    let a = queens::generate_puzzle(8, 1, PuzzleKind::Regions, false).unwrap();
    let b = queens::generate_puzzle(8, 2, PuzzleKind::Regions, false).unwrap();
    assert_ne!(a, b, "seeds differ");
}

#[test]
fn a_region_solve_traces_named_rules_and_guesses() {
    let puzzle = queens::generate_puzzle(7, 1, PuzzleKind::Regions, true).unwrap().puzzle;
    let mut options = SolveOptions::new(7);
    options.algorithm = Algorithm::Deduce;
    options.puzzle = Some(puzzle.clone());
    let trace = queens::record(&options, 100_000).unwrap();
    assert_eq!(trace.algorithm, "deduce");
    let guesses = trace.events.iter().filter(|e| matches!(e, queens::Event::Guess { .. })).count();
    assert!(guesses >= 1, "a hard puzzle needs a guess");
    assert!(trace.events.iter().any(|e| matches!(e, queens::Event::Eliminate { rule: Rule::Neighbours, .. })));
    let deduced = trace.events.iter().any(|e| matches!(e, queens::Event::Deduce { rule: Rule::LastSquare, text, .. } if text.contains("one open square left")));
    assert!(deduced);
    let last = trace.events.last().unwrap();
    let expected = brute_force(&puzzle);
    assert_eq!(last, &queens::Event::Solution { queens: expected[0].clone() });
}

#[test]
fn searches_that_take_no_puzzle_are_refused_in_one_line() {
    let puzzle = queens::generate_puzzle(6, 3, PuzzleKind::Completion, false).unwrap().puzzle;
    for algorithm in [Algorithm::Shuffle, Algorithm::Permutations, Algorithm::MinConflicts, Algorithm::Deduce] {
        let mut options = SolveOptions::new(6);
        options.algorithm = algorithm;
        options.puzzle = Some(puzzle.clone());
        let err = queens::record(&options, 1000).unwrap_err().to_string();
        assert!(err.contains("does not solve completion puzzles") && !err.contains('\n'), "{err}");
    }
    let mut deduce = SolveOptions::new(6);
    deduce.algorithm = Algorithm::Deduce;
    assert!(queens::record(&deduce, 1000).unwrap_err().to_string().contains("give it a region puzzle"));
}

/// Run `queens puzzle ARGS` on a file holding `text`; (exit code, stdout, stderr).
fn puzzle_cli(name: &str, text: &str, args: &[&str]) -> (i32, String, String) {
    let dir = temp_dir("puzzle", name);
    std::fs::write(dir.join("p.txt"), text).unwrap();
    let mut all = vec!["puzzle"];
    all.extend(args.iter().map(|a| if *a == "FILE" { "p.txt" } else { a }));
    let out = run_queens(&dir, &all);
    let _ = std::fs::remove_dir_all(&dir);
    (out.status.code().unwrap_or(-1), stdout(&out), stderr(&out))
}

#[test]
fn bad_files_are_named_by_line_and_column() {
    let cases: &[(&str, &str)] = &[
        ("", "line 1, column 1: the file holds no grid"),
        ("..\n...\n..\n", "line 2, column 3: this row has 3 cells"),
        ("% a comment\n...\n.*.\n...\n", "line 3, column 2: '*' is not a cell"),
        ("AAB\nABB\nAAB\n", "line 1, column 1: a 3x3 region puzzle needs 3 regions, this one has 2"),
        ("AAB\nABC\nAAD\n", "line 3, column 3: a 3x3 region puzzle needs 3 regions, this one has 4"),
        (
            "Q...\n....\n..Q.\n....\n",
            "line 3, column 3: the given queen on c2 attacks the given queen on a4 (same diagonal)",
        ),
        ("AABB\nAABB\nCCDD\nCCDD\n\nQ...\n.Q..\n....\n....\n", "line 7, column 2: the given queen on b3 attacks"),
        ("AB\nAB\n\n..\n.B\n", "line 5, column 2: the second block marks squares with . # Q only"),
        ("....\n....\n....\n", "line 3, column 1: the grid has 3 rows of 4 cells"),
        ("ABC.\nABCD\nABCD\nABCD\n", "line 1, column 4: the first block of a region puzzle holds region letters only"),
        ("ABD\nABD\nABD\n", "line 1, column 3: region letter D is past the board's 3 regions"),
    ];
    for (i, (text, expected)) in cases.iter().enumerate() {
        let (code, out, err) = puzzle_cli(&format!("bad{i}"), text, &["check", "FILE"]);
        assert_eq!(code, 2, "{text:?}: {err}");
        assert!(out.is_empty(), "{out}");
        assert_eq!(err.lines().count(), 1, "one line: {err}");
        assert!(err.contains(expected), "{text:?}: expected {expected:?}, got {err}");
    }
    let big = ".".repeat(queens::MAX_PUZZLE_BYTES as usize + 1);
    let (code, _, err) = puzzle_cli("big", &big, &["solve", "FILE"]);
    assert!(code == 2 && err.contains("larger than 16384 bytes"), "{err}");
    let wide = format!("{}\n", ".".repeat(53));
    let (code, _, err) = puzzle_cli("wide", &wide, &["solve", "FILE"]);
    assert!(code == 2 && err.contains("line 1, column 53: 53 cells a row is more than the largest puzzle"), "{err}");
}

#[test]
fn a_region_in_pieces_is_allowed_and_said() {
    let text = "ABBB\nBBBC\nDDCC\nDDCA\n";
    let (code, out, err) = puzzle_cli("pieces", text, &["check", "FILE"]);
    assert_eq!(code, 0, "{err}");
    let said = "warning: puzzle file: region A is in 2 pieces (the second from line 4, column 4); allowed";
    assert!(err.contains(said), "{err}");
    assert_eq!(err.lines().filter(|l| l.starts_with("warning: ")).count(), 1, "{err}");
    let (_, _, quiet) = puzzle_cli("pieces-quiet", text, &["check", "FILE", "-q"]);
    assert!(!quiet.contains("warning"), "-q silences warnings: {quiet}");
    let read = queens::parse_puzzle(text.as_bytes()).unwrap();
    assert_eq!(read.warnings.len(), 1);
    assert_eq!(out.lines().last(), Some(brute_force(&read.puzzle).len().to_string().as_str()), "{out}");
}

#[test]
fn puzzle_commands_keep_their_contracts() {
    let generated = run_queens(&std::env::temp_dir(), &["puzzle", "generate", "--size", "7", "--seed", "5"]);
    assert!(generated.status.success());
    let text = stdout(&generated);
    let again = stdout(&run_queens(&std::env::temp_dir(), &["puzzle", "generate", "--size", "7", "--seed", "5"]));
    assert_eq!(text, again, "deterministic per seed");
    assert!(
        text.starts_with("% queens puzzle generate --size 7 --seed 5 --kind regions: one solution; rules: "),
        "{text}"
    );
    let puzzle = queens::parse_puzzle(text.as_bytes()).unwrap().puzzle;
    let expected = brute_force(&puzzle);

    let (code, out, _) = puzzle_cli("json", &text, &["solve", "FILE", "--format", "json"]);
    assert_eq!(code, 0);
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json, serde_json::json!({ "n": 7, "solutions": expected }));

    let (_, out, _) = puzzle_cli("check", &text, &["check", "FILE"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "unique: yes, one solution");
    assert!(lines[1].starts_with("rules alone: solve it ("), "{out}");
    assert_eq!(*lines.last().unwrap(), "1");

    let (_, out, _) = puzzle_cli("hint", &text, &["hint", "FILE"]);
    assert_eq!(out.lines().count(), 2, "the hint, then where its squares are in the file: {out}");
    assert!(out.contains(": ") && !out.contains("no rule applies"), "{out}");
    let places = out.lines().nth(1).unwrap();
    assert!(places.starts_with("squares as the board labels them: files a-g from the left, ranks 1-7"), "{out}");
    // Each "f7 is line L, cell C of the file": line L of the file, cell C, is square f7's region letter.
    let parsed = queens::parse_puzzle(text.as_bytes()).unwrap().puzzle;
    let lines: Vec<&str> = text.lines().collect();
    let mut found = 0;
    for place in places.split("; ").skip(1) {
        let words: Vec<&str> = place.split([' ', ',']).filter(|w| !w.is_empty()).collect();
        let (name, line, cell): (&str, usize, usize) = (words[0], words[3].parse().unwrap(), words[5].parse().unwrap());
        let (col, rank) = (usize::from(name.as_bytes()[0] - b'a'), name[1..].parse::<usize>().unwrap());
        let region = parsed.regions[(7 - rank) * 7 + col];
        assert_eq!(lines[line - 1].as_bytes()[cell - 1], b'A' + region, "{place} in\n{text}");
        found += 1;
    }
    assert!(found >= 1, "the hint names a square: {out}");

    let open = "....\n....\n....\n....\n";
    let (_, out, _) = puzzle_cli("cap", open, &["check", "FILE", "--max", "1"]);
    assert_eq!(out.lines().last(), Some("1+"));
    let (_, out, _) = puzzle_cli("all", open, &["solve", "FILE", "--all", "--format", "json"]);
    assert_eq!(out.trim(), r#"{"n":4,"solutions":[[1,3,0,2],[2,0,3,1]]}"#);

    let none = "Q...\n....\n....\n....\n";
    let (code, out, _) = puzzle_cli("none", none, &["solve", "FILE", "--format", "json"]);
    assert_eq!((code, out.trim()), (0, r#"{"n":4,"solutions":[]}"#));
    let (code, out, _) = puzzle_cli("none-text", none, &["solve", "FILE"]);
    assert_eq!((code, out.trim()), (0, "no solution"));
    let (_, out, _) = puzzle_cli("none-check", none, &["check", "FILE"]);
    assert_eq!(out.lines().last(), Some("0"));

    let (code, _, err) = puzzle_cli("hint-completion", none, &["hint", "FILE"]);
    assert_eq!(code, 2, "{err}");
    let (code, _, _) = puzzle_cli("size", none, &["generate", "--size", "13", "--seed", "1"]);
    assert_eq!(code, 2);
    let (code, _, err) = puzzle_cli("missing", none, &["solve", "nothing-here.txt"]);
    assert!(code == 1 && err.contains("cannot open puzzle nothing-here.txt"), "{err}");
}

#[test]
fn completion_puzzles_have_no_rules_to_apply() {
    let puzzle = queens::generate_puzzle(6, 1, PuzzleKind::Completion, false).unwrap().puzzle;
    assert!(queens::solve_by_rules(&puzzle).stuck);
    assert!(queens::puzzle_hint(&puzzle).starts_with("a completion puzzle has no rules"));
    assert_eq!(solve_puzzle(&puzzle, Until::All), brute_force(&puzzle));
}

#[test]
fn generate_count_prints_each_seeds_puzzle_apart() {
    let dir = std::env::temp_dir();
    let many = stdout(&run_queens(&dir, &["puzzle", "generate", "--size", "6", "--seed", "3", "--count", "3"]));
    let alone: Vec<String> = (3..6)
        .map(|seed| stdout(&run_queens(&dir, &["puzzle", "generate", "--size", "6", "--seed", &seed.to_string()])))
        .collect();
    assert_eq!(many, alone.join("\n"), "each block is what its seed makes alone, a blank line between");
    for block in many.split("\n\n") {
        let puzzle = queens::parse_puzzle(block.as_bytes()).unwrap().puzzle;
        assert_eq!(brute_force(&puzzle).len(), 1, "{block}");
    }
    let past =
        run_queens(&dir, &["puzzle", "generate", "--size", "6", "--seed", "18446744073709551615", "--count", "2"]);
    assert_eq!(past.status.code(), Some(2), "{}", stderr(&past));
    assert!(stderr(&past).contains("runs past the largest seed"), "{}", stderr(&past));
}
