//! Every solver, through the public API: traces replay without error, every announced solution is
//! one by an independent pairwise check, the exhaustive searches find exactly backtracking's
//! solutions, `--until` stops right after the deciding solution, and seeded runs repeat.

use queens::internals::Replay;
use queens::{record, validate, Algorithm, Detail, Event, SolveOptions, Trace, Until};
use std::collections::BTreeSet;
use std::time::{Duration, Instant};

const CAP: usize = 2_000_000;
const EXHAUSTIVE: [Algorithm; 3] = [Algorithm::Grid, Algorithm::Forward, Algorithm::Permutations];
const SEEDED: [Algorithm; 2] = [Algorithm::Shuffle, Algorithm::MinConflicts];

fn options(n: usize, algorithm: Algorithm, until: Until, detail: Detail, seed: u64) -> SolveOptions {
    let mut options = SolveOptions::new(n);
    (options.algorithm, options.until, options.detail, options.seed) = (algorithm, until, detail, seed);
    options
}

fn run(n: usize, algorithm: Algorithm, until: Until) -> Trace {
    record(&options(n, algorithm, until, Detail::Placements, 1), CAP).expect("run fits the cap")
}

/// Pairwise, from scratch: n queens, rows on the board and distinct, no two on one diagonal.
fn is_solution(n: usize, queens: &[usize]) -> bool {
    queens.len() == n
        && queens.iter().all(|&row| row < n)
        && (0..n).all(|a| (a + 1..n).all(|b| queens[a] != queens[b] && queens[a].abs_diff(queens[b]) != b - a))
}

fn solutions(trace: &Trace) -> Vec<Vec<usize>> {
    let found = trace.events.iter().filter_map(|e| match e {
        Event::Solution { queens } => Some(queens.clone()),
        _ => None,
    });
    found.collect()
}

fn solution_set(trace: &Trace) -> BTreeSet<Vec<usize>> {
    solutions(trace).into_iter().collect()
}

/// The trace replays, and every solution it announces is one.
fn assert_sound(trace: &Trace, what: &str) {
    validate(trace).unwrap_or_else(|e| panic!("{what}: {e}"));
    for queens in solutions(trace) {
        assert!(is_solution(trace.n, &queens), "{what}: {queens:?} is not a solution");
    }
}

#[test]
fn every_trace_replays_and_every_solution_is_one() {
    for algorithm in Algorithm::ALL {
        let seeds: &[u64] = if SEEDED.contains(&algorithm) { &[1, 2, 99] } else { &[1] };
        for n in 1..=7 {
            for until in [Until::First, Until::Solutions(3), Until::All] {
                for detail in [Detail::Placements, Detail::Checks] {
                    for &seed in seeds {
                        let what = format!("{algorithm} n={n} until={until} detail={} seed={seed}", detail.name());
                        let trace = record(&options(n, algorithm, until, detail, seed), CAP).expect(&what);
                        assert_sound(&trace, &what);
                        let expect_solution = !matches!(n, 2 | 3);
                        assert_eq!(solutions(&trace).is_empty(), !expect_solution, "{what}");
                    }
                }
            }
        }
    }
}

#[test]
fn exhaustive_searches_find_backtrackings_solutions() {
    let known = [1, 0, 0, 2, 10, 4, 40, 92];
    for n in 1..=8 {
        let reference = solution_set(&run(n, Algorithm::Backtrack, Until::All));
        assert_eq!(reference.len(), known[n - 1], "backtrack n={n}");
        for algorithm in EXHAUSTIVE {
            let trace = run(n, algorithm, Until::All);
            assert_eq!(solutions(&trace).len(), known[n - 1], "{algorithm} n={n} repeats a solution");
            assert_eq!(solution_set(&trace), reference, "{algorithm} n={n}");
        }
    }
}

#[test]
fn shuffle_until_all_sees_every_solution_once() {
    for n in [1, 4, 5, 6] {
        let reference = solution_set(&run(n, Algorithm::Backtrack, Until::All));
        let trace = run(n, Algorithm::Shuffle, Until::All);
        assert_eq!(solutions(&trace).len(), reference.len(), "n={n}");
        assert_eq!(solution_set(&trace), reference, "n={n}");
    }
}

#[test]
fn until_stops_right_after_the_deciding_solution() {
    for algorithm in Algorithm::ALL {
        for (until, wanted) in [(Until::First, 1), (Until::Solutions(3), 3), (Until::Solutions(1000), 40)] {
            let trace = run(7, algorithm, until);
            let wanted = if algorithm == Algorithm::MinConflicts { 1 } else { wanted };
            assert_eq!(solutions(&trace).len(), wanted, "{algorithm} until={until}");
            if until != Until::Solutions(1000) || algorithm == Algorithm::MinConflicts {
                assert!(matches!(trace.events.last(), Some(Event::Solution { .. })), "{algorithm} until={until}");
            }
        }
    }
}

#[test]
fn seeded_runs_repeat_and_seeds_differ() {
    for (algorithm, sizes) in [(Algorithm::Shuffle, [1, 5, 8]), (Algorithm::MinConflicts, [1, 8, 200])] {
        for n in sizes {
            let once = record(&options(n, algorithm, Until::First, Detail::Placements, 5), CAP).unwrap();
            let again = record(&options(n, algorithm, Until::First, Detail::Placements, 5), CAP).unwrap();
            assert_eq!(once, again, "{algorithm} n={n}");
        }
    }
    let a = record(&options(8, Algorithm::Shuffle, Until::First, Detail::Placements, 1), CAP).unwrap();
    let b = record(&options(8, Algorithm::Shuffle, Until::First, Detail::Placements, 2), CAP).unwrap();
    assert_ne!(a, b);
    assert_eq!(SolveOptions::new(8).seed, 1);
}

#[test]
fn forward_reports_deadends() {
    let trace = run(8, Algorithm::Forward, Until::All);
    let deadends = trace.events.iter().filter(|e| matches!(e, Event::Deadend { .. })).count();
    assert!(deadends > 0);
    assert_eq!(validate(&trace).unwrap().deadends as usize, deadends);
}

#[test]
fn checks_name_the_first_attacker_in_reading_order() {
    for algorithm in [Algorithm::Grid, Algorithm::Forward] {
        let trace = record(&options(6, algorithm, Until::All, Detail::Checks, 1), CAP).unwrap();
        let mut checks = 0;
        let mut frames = Replay::new(&trace).map(|f| f.unwrap());
        let mut before = frames.next().unwrap().board;
        for frame in frames {
            if let Some(Event::Check { row, col, attacker: Some(attacker), .. }) = frame.event {
                let square = queens::Square::new(row, col);
                assert_eq!(before.queens().find(|q| q.attacks(square)), Some(attacker), "{algorithm}");
                checks += 1;
            }
            before = frame.board;
        }
        assert!(checks > 0, "{algorithm} recorded no attacked check");
    }
}

#[test]
fn grid_solutions_come_in_reading_order() {
    let found = solutions(&run(6, Algorithm::Grid, Until::All));
    let by_rows: Vec<Vec<usize>> =
        found.iter().map(|q| (0..6).map(|r| q.iter().position(|&x| x == r).unwrap()).collect()).collect();
    assert!(by_rows.windows(2).all(|w| w[0] < w[1]), "{by_rows:?}");
}

#[test]
fn permutations_show_kept_boards_and_at_most_100_rejects() {
    let trace = run(8, Algorithm::Permutations, Until::All);
    let mut last_try = 0;
    let mut rejected = 0;
    for (i, event) in trace.events.iter().enumerate() {
        if let Event::Layout { tries: Some(tries), .. } = event {
            assert!(*tries > last_try && *tries <= 40_320);
            last_try = *tries;
            rejected += usize::from(!matches!(trace.events.get(i + 1), Some(Event::Solution { .. })));
        }
    }
    assert!((90..=100).contains(&rejected), "{rejected} rejected layouts shown");
    assert_eq!(trace.events.len(), 2 * 92 + rejected);
}

#[test]
fn shuffle_counts_every_try() {
    let trace = run(6, Algorithm::Shuffle, Until::All);
    let tries: Vec<u64> =
        trace.events.iter().filter_map(|e| if let Event::Layout { tries, .. } = e { *tries } else { None }).collect();
    assert_eq!(tries, (1..=tries.len() as u64).collect::<Vec<_>>());
}

#[test]
fn boards_without_solutions_record_nothing_for_random_searches() {
    for algorithm in SEEDED {
        for n in [2, 3] {
            assert!(run(n, algorithm, Until::All).events.is_empty(), "{algorithm} n={n}");
        }
    }
}

#[test]
fn min_conflicts_solves_a_thousand_queens_quickly() {
    let start = Instant::now();
    let trace = run(1000, Algorithm::MinConflicts, Until::First);
    assert_sound(&trace, "min-conflicts n=1000");
    assert_eq!(solutions(&trace).len(), 1);
    assert!(start.elapsed() < Duration::from_secs(5), "took {:?}", start.elapsed());
}

#[test]
fn names_round_trip() {
    for algorithm in Algorithm::ALL {
        assert_eq!(algorithm.name().parse::<Algorithm>(), Ok(algorithm));
    }
    assert_eq!("min-conflicts".parse::<Algorithm>(), Ok(Algorithm::MinConflicts));
}
