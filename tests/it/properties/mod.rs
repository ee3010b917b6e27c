//! Property tests: replay invariants of recorded runs, `validate` against an independent board
//! model, JSON round trips, and the frame count of rendered GIFs.
//!
//! Everything here checks the library against code written in this test (`model.rs`: a set of queens and a
//! naive O(n^2) attack test), not against the library's own board.

use proptest::prelude::*;

mod model;

use model::*;
use queens::internals::Replay;
use queens::{validate, Algorithm, Animation, Detail, Error, Event, SolveOptions, Square, Trace, Until};

proptest! {
    #![proptest_config(config(256))]

    /// Every frame of a backtracking run: queen count = placements - removals, no two queens
    /// attack each other, the queens are the ones the events put there, `is_attacked` agrees with
    /// the naive test on every square, and checks and solutions tell the truth.
    #[test]
    fn backtrack_replay_invariants(options in backtrack_options(8)) {
        replay_invariants(&options)?;
    }

    /// The same for every algorithm (the conflict-free and counting invariants only where the
    /// algorithm only places queens on safe squares and removes them).
    #[test]
    fn recorded_run_replay_invariants(options in solve_options(8)) {
        replay_invariants(&options)?;
    }
}

fn replay_invariants(options: &SolveOptions) -> Result<(), TestCaseError> {
    let trace = recorded(options);
    let counters = validate(&trace).expect("recorded runs are valid");
    prop_assert_eq!(counters, count(&trace.events));
    let safe_only = places_safely(options.algorithm);
    let mut model = Model::new(trace.n);
    let mut frames = 0;
    for (i, frame) in Replay::new(&trace).enumerate() {
        let frame = frame.expect("recorded runs replay");
        prop_assert_eq!(frame.index, i);
        prop_assert_eq!(frame.total, trace.events.len());
        if let Some(event) = &frame.event {
            prop_assert_eq!(event, &trace.events[i - 1]);
            prop_assert!(model.apply(event), "model refuses event {}: {:?}", i, event);
        }
        prop_assert_eq!(frame.board.n(), trace.n);
        let queens = queen_set(&frame.board);
        prop_assert_eq!(&queens, &model.queens, "frame {}", i);
        prop_assert_eq!(queens.len(), frame.board.queen_count());
        if safe_only {
            let c = frame.counters;
            prop_assert_eq!(frame.board.queen_count() as u64, c.placements - c.removals, "frame {}", i);
            prop_assert!(conflict_free(&queens), "frame {} has attacking queens: {:?}", i, queens);
            prop_assert!(frame.board.conflicts().is_empty());
        }
        let pairs = queens.iter().filter(|&&a| queens.iter().any(|&b| a < b && attacks(a, b))).count();
        prop_assert_eq!(frame.board.conflicts().is_empty(), pairs == 0);
        for row in 0..trace.n {
            for col in 0..trace.n {
                let sq = Square::new(row, col);
                let naive = attacked(&queens, (row, col));
                prop_assert_eq!(frame.board.is_attacked(sq), naive, "frame {} ({}, {})", i, row, col);
                prop_assert_eq!(frame.board.has_queen(sq), queens.contains(&(row, col)));
            }
        }
        if let Some(Event::Solution { queens: solution }) = &frame.event {
            prop_assert_eq!(solution.len(), trace.n);
            let placed: Queens = solution.iter().enumerate().map(|(col, &row)| (row, col)).collect();
            prop_assert_eq!(&placed, &queens);
        }
        frames += 1;
    }
    prop_assert_eq!(frames, trace.frame_count());
    // The run stops where `until` says (min-conflicts always looks for one solution).
    let known = SOLUTIONS[trace.n - 1];
    let wanted = match (options.algorithm, options.until) {
        (Algorithm::MinConflicts, _) | (_, Until::First) => 1,
        (_, Until::Solutions(k)) => k,
        (_, Until::All) => known,
    };
    prop_assert_eq!(counters.solutions, wanted.min(known), "solutions of {:?}", options);
    if safe_only {
        prop_assert_eq!(counters.checks > 0, options.detail == Detail::Checks);
    }
    Ok(())
}

proptest! {
    // Cheap cases (no rendering): many of them.
    #![proptest_config(config(2048))]

    /// `validate` accepts exactly the traces the independent model accepts; otherwise it names the
    /// first event the model refuses (1-based). On acceptance both agree on every frame's queens.
    #[test]
    fn validate_agrees_with_an_independent_model((trace, first_bad) in random_run(5, 40)) {
        match (validate(&trace), first_bad) {
            (Ok(counters), None) => {
                prop_assert_eq!(counters, count(&trace.events));
                let mut model = Model::new(trace.n);
                for (i, frame) in Replay::new(&trace).enumerate() {
                    let frame = frame.expect("validate accepted this trace");
                    if let Some(event) = &frame.event {
                        prop_assert!(model.apply(event));
                    }
                    prop_assert_eq!(&queen_set(&frame.board), &model.queens, "frame {}", i);
                    prop_assert_eq!(frame.board.queen_count(), model.queens.len());
                    for row in 0..trace.n {
                        for col in 0..trace.n {
                            let naive = attacked(&model.queens, (row, col));
                            prop_assert_eq!(frame.board.is_attacked(Square::new(row, col)), naive);
                        }
                    }
                }
            }
            (Err(Error::InvalidTrace { event, fault }), Some(bad)) => {
                prop_assert_eq!(event, bad, "library: {:?}; model refuses {:?}", fault, trace.events[bad - 1]);
            }
            (Ok(_), Some(bad)) => {
                let event = &trace.events[bad - 1];
                prop_assert!(false, "validate accepted event {} which the model refuses: {:?}", bad, event);
            }
            (Err(e), None) => prop_assert!(false, "validate refused a trace the model accepts: {}", e),
            (Err(e), Some(_)) => prop_assert!(false, "unexpected error kind: {}", e),
        }
    }

    /// `write_json` then `read_json` gives the same trace, one event per line.
    #[test]
    fn json_round_trips(trace in any_trace()) {
        let mut json = Vec::new();
        trace.write_json(&mut json).expect("write_json into a Vec");
        let text = String::from_utf8(json.clone()).expect("JSON is UTF-8");
        prop_assert_eq!(text.lines().count(), trace.events.len() + 2, "one event per line:\n{}", text);
        prop_assert_eq!(Trace::read_json(&json[..]).expect("read_json"), trace);
    }

}

proptest! {
    #![proptest_config(config(128))]

    /// Rendering a valid recorded run gives events + 1 frames, each n * 8 pixels square.
    #[test]
    fn rendered_runs_have_one_frame_per_event_plus_one(options in solve_options(5)) {
        let mut options = options;
        if options.until == Until::All && options.detail == Detail::Checks && options.n == 5 {
            options.until = Until::Solutions(3); // keeps the GIF short
        }
        let trace = recorded(&options);
        let (frames, sizes) = render_bare(&trace);
        prop_assert_eq!(frames, trace.events.len() + 1);
        let side = (trace.n * 8) as u32;
        prop_assert!(sizes.iter().all(|&s| s == (side, side)), "frame sizes {:?}", sizes);
    }

    /// The valid prefix of a random run (layouts, moves, checks, dead ends, ...) renders to
    /// events + 1 frames too.
    #[test]
    fn rendered_random_runs_have_one_frame_per_event_plus_one((trace, first_bad) in random_run(5, 30)) {
        let mut trace = trace;
        if let Some(bad) = first_bad {
            trace.events.truncate(bad - 1);
        }
        prop_assert!(validate(&trace).is_ok(), "the model's valid prefix is valid");
        let (frames, _) = render_bare(&trace);
        prop_assert_eq!(frames, trace.events.len() + 1);
    }
}

/// Invalid traces are refused by `render_trace` with the error `validate` gives, never a panic.
#[test]
fn render_refuses_invalid_traces() {
    let trace = Trace {
        n: 3,
        algorithm: "backtrack".into(),
        puzzle: None,
        events: vec![Event::Place { row: 0, col: 0 }, Event::Remove { row: 2, col: 2 }],
    };
    let mut config = Animation::new();
    config.look.square = Some(8);
    let err = queens::render_gif(&trace, &config, Vec::new()).unwrap_err();
    assert!(matches!(err, Error::InvalidTrace { event: 2, .. }), "{err}");
}

/// Regression: a `layout` without `tries` right after one with `tries: u64::MAX` makes the layouts
/// counter add 1 to `u64::MAX` (`Counters::count` in src/board.rs): "attempt to add with
/// overflow" in debug builds, a silent wrap to 0 in release. Whatever the verdict, `validate` and
/// `render_trace` must not panic and must agree.
#[test]
fn layout_tries_at_u64_max_does_not_panic() {
    let json = br#"{"n":1,"algorithm":"","events":[
{"event":"layout","queens":[],"tries":18446744073709551615},
{"event":"layout","queens":[]}
]}"#;
    let trace = Trace::read_json(&json[..]).expect("the regression input parses");
    let verdict = std::panic::catch_unwind(|| validate(&trace));
    let verdict = verdict.unwrap_or_else(|_| panic!("validate panicked on {trace:?}"));
    let mut config = Animation::new();
    config.look.square = Some(8);
    let rendered = std::panic::catch_unwind(|| queens::render_gif(&trace, &config, Vec::new()));
    let rendered = rendered.unwrap_or_else(|_| panic!("render_trace panicked on {trace:?}"));
    match (verdict, rendered) {
        (Ok(_), Ok(summary)) => assert_eq!(summary.frames, trace.frame_count()),
        (Err(Error::InvalidTrace { event: a, .. }), Err(Error::InvalidTrace { event: b, .. })) => assert_eq!(a, b),
        (verdict, rendered) => panic!("validate said {verdict:?}, render_trace said {rendered:?}"),
    }
}
