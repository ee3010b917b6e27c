//! End-to-end: solve -> trace -> GIF, decoded by the `image` crate and probed at square centres.

use crate::support::{attacked, decode_gif, expected_centre, queens_per_frame, rgb, solution_frame, trace_for};
use queens::internals::layout::Layout;
use queens::internals::Describer;
use queens::{Animation, Event, GifSink, NoProgress, SolveOptions, Square, Theme, Trace, Tuning, Until};

fn gif_for(trace: &Trace, animation: &Animation) -> Vec<u8> {
    let mut out = Vec::new();
    queens::render_gif(trace, animation, &mut out).unwrap();
    out
}

fn gif_tuned(trace: &Trace, animation: &Animation, tuning: Tuning) -> Vec<u8> {
    let mut sink = GifSink::with_tuning(Vec::new(), tuning);
    queens::render(trace, animation, &mut sink, &NoProgress).unwrap();
    sink.into_inner().unwrap()
}

#[test]
fn bare_frames_show_exactly_the_replayed_board() {
    let trace = trace_for(6, Until::First);
    let mut config = Animation::new();
    config.look.bare = true;
    config.look.square = Some(40);
    let frames = decode_gif(&gif_for(&trace, &config));
    assert_eq!(frames.len(), trace.events.len() + 1);
    let boards = queens_per_frame(&trace);
    let theme = Theme::default();
    for (k, ((img, _), queens)) in frames.iter().zip(&boards).enumerate() {
        assert_eq!((img.width(), img.height()), (240, 240), "bare frame is exactly N*PX square");
        for row in 0..6 {
            for col in 0..6 {
                let (x, y) = (col as u32 * 40 + 20, row as u32 * 40 + 20);
                let want = expected_centre(queens, 6, (row, col), solution_frame(&trace, k), &theme);
                assert_eq!(rgb(img, x, y), want, "frame {k}, row {row} col {col}");
                // A point near the corner is never covered by the queen glyph.
                let want_corner = expected_centre(&Default::default(), 6, (row, col), false, &theme);
                if !attacked(queens, row, col) && !queens.contains(&(row, col)) {
                    assert_eq!(rgb(img, x - 17, y - 17), want_corner, "frame {k} corner of {row},{col}");
                }
            }
        }
    }
}

#[test]
fn framed_frames_probe_the_board_and_mark_solutions() {
    let trace = trace_for(5, Until::All);
    let config = Animation::new();
    let frames = decode_gif(&gif_for(&trace, &config));
    assert_eq!(frames.len(), trace.frame_count());
    let layout: Layout = Describer::new(5, &config.look, Some(queens::caption_spec(&trace))).layout;
    let boards = queens_per_frame(&trace);
    let theme = Theme::default();
    for k in (0..frames.len()).step_by(3) {
        let (img, _) = &frames[k];
        assert_eq!((img.width() as usize, img.height() as usize), (layout.width, layout.height));
        let acted = k.checked_sub(1).and_then(|i| trace.events[i].square());
        for row in 0..5 {
            for col in 0..5 {
                if acted == Some(Square::new(row, col)) {
                    continue; // highlighted square
                }
                if matches!(k.checked_sub(1).map(|i| &trace.events[i]), Some(Event::Remove { col: c, .. }) if *c + 1 == col)
                {
                    continue; // the line a removal was made for: its tried squares are crossed out (why.rs)
                }
                let (x, y) = layout.square_centre(Square::new(row, col));
                let want = expected_centre(&boards[k], 5, (row, col), solution_frame(&trace, k), &theme);
                assert_eq!(rgb(img, x as u32, y as u32), want, "frame {k}, row {row} col {col}");
            }
        }
    }
    // Solution frames carry the gold ring just outside the board; others do not.
    let ring = (layout.board_x as u32 - 2, layout.board_y as u32 - 2);
    for (k, (img, _)) in frames.iter().enumerate() {
        let is_solution = k > 0 && matches!(trace.events[k - 1], Event::Solution { .. });
        let colour = rgb(img, ring.0, ring.1);
        assert_eq!(colour == theme.solution, is_solution, "frame {k}");
    }
}

#[test]
fn highlights_mark_the_square_acted_on() {
    let trace = trace_for(5, Until::First);
    let config = Animation::new();
    let frames = decode_gif(&gif_for(&trace, &config));
    let layout = Describer::new(5, &config.look, Some(queens::caption_spec(&trace))).layout;
    let theme = Theme::default();
    for (k, event) in trace.events.iter().enumerate() {
        if let Event::Place { row, col } = event {
            let (x, y) = layout.square_origin(Square::new(*row, *col));
            let b = layout.border as u32 / 2;
            // The corner brackets: all four corners, and not the middle of an edge.
            let s = layout.square as u32 - 1;
            for (dx, dy) in [(b, b), (s - b, b), (b, s - b), (s - b, s - b), (b + 5, b), (b, b + 5)] {
                let at = (x as u32 + dx, y as u32 + dy);
                assert_eq!(rgb(&frames[k + 1].0, at.0, at.1), theme.placed, "frame {} at {at:?}", k + 1);
                // The previous frame did not have it.
                assert_ne!(rgb(&frames[k].0, at.0, at.1), theme.placed);
            }
            assert_ne!(rgb(&frames[k + 1].0, x as u32 + b, y as u32 + s / 2), theme.placed, "mid-edge");
        }
    }
}

#[test]
fn delays_follow_the_timing_options() {
    let trace = trace_for(6, Until::Solutions(2));
    let mut config = Animation::new();
    config.timing.delay_ms = 120;
    config.timing.hold_ms = 900;
    config.timing.end_hold_ms = 2500;
    config.timing.start_hold_ms = 1700;
    config.timing.deadend_hold_ms = 330;
    // The holds alone (dead ends say why, and reading time would hold them longer: reading.rs).
    config.timing.reading_time = false;
    let frames = decode_gif(&gif_for(&trace, &config));
    let want = crate::support::expected_delays(&trace, &config.timing);
    assert_eq!(want[0], 1700, "frame 0 is held");
    assert!(want.contains(&330), "the run has dead ends");
    assert_eq!(frames.len(), want.len());
    for (k, ((_, delay), want)) in frames.iter().zip(&want).enumerate() {
        assert_eq!(delay, want, "frame {k}");
    }
}

#[test]
fn loop_settings_reach_the_file() {
    let trace = trace_for(4, Until::First);
    let mut config = Animation::new();
    let forever = gif_for(&trace, &config);
    assert!(forever.windows(11).any(|w| w == b"NETSCAPE2.0"));
    config.timing.loop_count = Some(0);
    let once = gif_for(&trace, &config);
    assert!(!once.windows(11).any(|w| w == b"NETSCAPE2.0"), "play once: no looping extension");
}

#[test]
fn frame_cap_stops_long_runs_early() {
    let mut options = SolveOptions::new(8);
    options.until = Until::All;
    let err = queens::record(&options, 1000).unwrap_err();
    assert!(matches!(err, queens::Error::TooManyFrames { limit: 1000 }), "{err}");
    assert!(err.to_string().contains("frame limit"), "{err}");
    assert_eq!(queens::record(&options, 4205).unwrap().frame_count(), 4205);
}

#[test]
fn invalid_traces_name_the_first_bad_event() {
    let bad = Trace {
        n: 4,
        algorithm: "backtrack".into(),
        puzzle: None,
        events: vec![Event::Place { row: 0, col: 0 }, Event::Remove { row: 1, col: 0 }],
    };
    let err = queens::render_gif(&bad, &Animation::new(), Vec::new()).unwrap_err();
    assert!(err.to_string().contains("event 2"), "{err}");
    let off = Trace { n: 4, algorithm: "x".into(), puzzle: None, events: vec![Event::Place { row: 4, col: 0 }] };
    assert!(queens::render_gif(&off, &Animation::new(), Vec::new()).unwrap_err().to_string().contains("event 1"));
    let wrong = Trace { n: 1, algorithm: "x".into(), puzzle: None, events: vec![Event::Solution { queens: vec![0] }] };
    assert!(queens::render_gif(&wrong, &Animation::new(), Vec::new()).unwrap_err().to_string().contains("event 1"));
}

#[test]
fn output_is_byte_identical_across_runs_and_thread_counts() {
    // The whole 6x6 search: frames undone (disposal "restore to previous") fall at the seams between
    // the workers' runs too, whose encoders must see the same earlier frames whatever the split.
    let trace = trace_for(6, Until::All);
    let config = Animation::new();
    let first = gif_for(&trace, &config);
    assert_eq!(first, gif_for(&trace, &config), "same command, same bytes");
    for threads in [1, 2, 3, 5] {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        assert_eq!(first, pool.install(|| gif_for(&trace, &config)), "{threads} threads write the same bytes");
    }
}

#[test]
fn every_encoder_tuning_decodes_to_the_same_frames() {
    let mut config = Animation::new();
    config.look.coords = true;
    let trace = trace_for(6, Until::Solutions(1));
    let reference = decode_gif(&gif_for(&trace, &config));
    for bits in 0..8u8 {
        let tuning = Tuning {
            diff_frames: bits & 1 != 0,
            fast_lzw: bits & 2 != 0,
            phrase_aware_diff: bits & 4 != 0,
            ..Tuning::default()
        };
        let frames = decode_gif(&gif_tuned(&trace, &config, tuning));
        assert_eq!(frames.len(), reference.len(), "{tuning:?}");
        for (k, (got, want)) in frames.iter().zip(&reference).enumerate() {
            assert!(got.0.as_raw() == want.0.as_raw(), "frame {k} differs with {tuning:?}");
        }
    }
}
