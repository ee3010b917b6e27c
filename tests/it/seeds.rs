//! Facts stated in the seed documents, checked against the backtracking trace.

use crate::support::is_valid_solution;
use queens::{Event, SolveOptions, Until};

fn counts(n: usize, until: Until) -> (usize, usize, Vec<Vec<usize>>) {
    let mut options = SolveOptions::new(n);
    options.until = until;
    let trace = queens::record(&options, queens::DEFAULT_MAX_FRAMES).unwrap();
    let places = trace.events.iter().filter(|e| matches!(e, Event::Place { .. })).count();
    let removes = trace.events.iter().filter(|e| matches!(e, Event::Remove { .. })).count();
    let solutions = trace
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Solution { queens } => Some(queens.clone()),
            _ => None,
        })
        .collect();
    (places, removes, solutions)
}

#[test]
fn five_by_five_needs_no_backtracking() {
    assert_eq!(counts(5, Until::First), (5, 0, vec![vec![0, 2, 4, 1, 3]]));
}

#[test]
fn six_by_six_first_run() {
    assert_eq!(counts(6, Until::First), (31, 25, vec![vec![1, 3, 5, 0, 2, 4]]));
}

#[test]
fn no_six_by_six_solution_has_a_queen_in_a_corner() {
    let (_, _, solutions) = counts(6, Until::All);
    assert_eq!(solutions.len(), 4);
    for s in &solutions {
        assert!(is_valid_solution(s));
        assert!(s[0] != 0 && s[0] != 5 && s[5] != 0 && s[5] != 5, "{s:?}");
    }
}

#[test]
fn eight_by_eight_whole_search() {
    let (places, removes, solutions) = counts(8, Until::All);
    assert_eq!((places, removes, solutions.len()), (2056, 2056, 92));
    assert!(solutions.windows(2).all(|w| w[0] < w[1]), "lexicographic order");
    assert!(solutions.iter().all(|s| is_valid_solution(s)));
}

#[test]
fn until_k_stops_after_k_solutions() {
    let (_, _, solutions) = counts(8, Until::Solutions(3));
    assert_eq!(solutions.len(), 3);
    let (_, _, all) = counts(4, Until::Solutions(10));
    assert_eq!(all.len(), 2, "fewer solutions than asked: the search runs out");
}

#[test]
fn checks_detail_names_attackers() {
    let mut options = SolveOptions::new(4);
    options.detail = queens::Detail::Checks;
    let trace = queens::record(&options, queens::DEFAULT_MAX_FRAMES).unwrap();
    queens::validate(&trace).unwrap();
    let checks = trace.events.iter().filter(|e| matches!(e, Event::Check { .. })).count();
    assert!(checks > 0);
    for e in &trace.events {
        if let Event::Check { safe, attacker, .. } = e {
            assert_eq!(*safe, attacker.is_none());
        }
    }
}

/// Seed 000: MATLAB's `perms(1:8)` filtered to solutions; its plane 45 holds the queens of rows
/// 1..8 in columns 5,1,8,4,2,7,3,6. `--order perms` numbers the sheet, its atlas, the boards and
/// `solve --all` the same way.
#[test]
fn perms_order_numbers_as_seed_000s_array() {
    use crate::support::{run_queens, stdout, temp_dir};
    let dir = temp_dir("seeds", "perms-order");
    let mut plane_45 = vec![0; 8];
    for (row, col) in [5, 1, 8, 4, 2, 7, 3, 6].into_iter().enumerate() {
        plane_45[col - 1] = row;
    }
    let out = run_queens(&dir, &["sheet", "8", "--order", "perms", "-o", "s.png", "--atlas", "s.json", "-q"]);
    assert!(out.status.success(), "{}", crate::support::stderr(&out));
    let atlas: serde_json::Value = serde_json::from_slice(&std::fs::read(dir.join("s.json")).unwrap()).unwrap();
    let labelled_45 = atlas["boards"].as_array().unwrap().iter().find(|b| b["index"] == 45).unwrap();
    assert_eq!(labelled_45["queens"], serde_json::json!(plane_45));
    let out = run_queens(&dir, &["solve", "8", "--all", "--order", "perms"]);
    let ranks: Vec<String> = plane_45.iter().map(|row| (8 - row).to_string()).collect();
    assert!(stdout(&out).contains(&format!("solution 45: {}\n", ranks.join(" "))), "{}", stdout(&out));
    let out = run_queens(&dir, &["boards", "8", "--order", "perms", "-o", "b", "-q"]);
    assert!(out.status.success(), "{}", crate::support::stderr(&out));
    let default = run_queens(&dir, &["sheet", "8", "-o", "d.png", "-q"]);
    let backtrack = run_queens(&dir, &["sheet", "8", "--order", "backtrack", "-o", "e.png", "-q"]);
    assert!(default.status.success() && backtrack.status.success());
    assert_eq!(std::fs::read(dir.join("d.png")).unwrap(), std::fs::read(dir.join("e.png")).unwrap());
    assert_ne!(std::fs::read(dir.join("d.png")).unwrap(), std::fs::read(dir.join("s.png")).unwrap());
}
