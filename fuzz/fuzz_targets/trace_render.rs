//! Fuzz the trace JSON -> validate -> render pipeline.
//!
//! Any bytes that parse as a [`Trace`] (and are small enough to stay fast) must either validate and
//! render to a GIF with exactly `events + 1` frames, or be refused with the error `validate` gives —
//! never a panic. The encoder's optimizations (changed-rectangle frames, parallel chunks, the
//! crate's own LZW, phrase-aware transparency) must not change a single composited pixel.

#![no_main]

use libfuzzer_sys::fuzz_target;
use queens::internals::Replay;
use queens::{validate, Animation, Counters, Error, GifSink, NoProgress, Trace, Tuning};
use std::sync::OnceLock;

/// Larger boards are skipped so a run stays fast (the library is not changed for this).
const MAX_N: usize = 12;
/// Longer traces are skipped for the same reason.
const MAX_EVENTS: usize = 300;
/// Caps the caption's width so a valid trace always fits the pixel budget.
const MAX_ALGORITHM_CHARS: usize = 24;
/// Pixels per square: small, so frames are cheap to draw and encode.
const SQUARE: usize = 8;

fuzz_target!(|data: &[u8]| {
    let Ok(trace) = serde_json::from_slice::<Trace>(data) else { return };
    if trace.n > MAX_N || trace.events.len() > MAX_EVENTS || trace.algorithm.chars().count() > MAX_ALGORITHM_CHARS {
        return;
    }
    json_round_trips(&trace);
    let verdict = validate(&trace);
    check_replay_agrees(&trace, &verdict);

    // Bare, with every encoder optimization off and on one thread: the reference pixels.
    let plain = Tuning {
        diff_frames: false,
        fast_lzw: false,
        phrase_aware_diff: false,
        colour_order: false,
        undo_frames: false,
    };
    let reference = one_thread().install(|| render(&trace, &verdict, SQUARE, true, false, plain));
    // Bare with the default (optimized) encoder: same pixels.
    let optimized = render(&trace, &verdict, SQUARE, true, false, Tuning::default());
    assert!(reference == optimized, "the encoder's optimizations changed the frames");
    if let Some(frames) = &reference {
        let side = trace.n * SQUARE;
        assert!(frames.iter().all(|f| f.len() == side * side * 3), "bare frames are n * square pixels square");
    }
    // Framed (caption, highlights, per-algorithm annotations), and with coordinates on bigger
    // squares for short runs (attack counts need squares of 24 px).
    render(&trace, &verdict, SQUARE, false, false, Tuning::default());
    if trace.n <= 8 && trace.events.len() <= 60 {
        render(&trace, &verdict, 24, false, true, Tuning::default());
    }
});

/// `write_json` then `read_json` gives the same trace back.
fn json_round_trips(trace: &Trace) {
    let mut json = Vec::new();
    trace.write_json(&mut json).expect("write_json into a Vec");
    let back = Trace::read_json(&json[..]).expect("read_json of write_json's output");
    assert_eq!(&back, trace, "JSON round trip");
}

/// `Replay` yields `events + 1` frames for a valid trace, or stops at the event `validate` names.
fn check_replay_agrees(trace: &Trace, verdict: &Result<Counters, Error>) {
    if trace.n == 0 {
        assert!(matches!(verdict, Err(Error::BoardSize { n: 0, .. })), "n = 0 must be refused: {verdict:?}");
        return;
    }
    let mut frames = 0;
    for (i, frame) in Replay::new(trace).enumerate() {
        match frame {
            Ok(frame) => {
                assert_eq!(frame.index, i, "frame index");
                frames += 1;
            }
            Err(Error::InvalidTrace { event, .. }) => {
                assert_eq!(event, i, "the failing event is the frame it would have made");
                match verdict {
                    Err(Error::InvalidTrace { event: first, .. }) => assert_eq!(*first, event, "validate vs Replay"),
                    other => panic!("Replay refused event {event} but validate said {other:?}"),
                }
                return;
            }
            Err(e) => panic!("Replay failed with an unexpected error: {e}"),
        }
    }
    assert_eq!(frames, trace.frame_count(), "Replay frame count");
    assert!(verdict.is_ok(), "Replay accepted every event but validate said {verdict:?}");
}

/// A pool of one thread, so the reference run draws and encodes its frames in sequence.
fn one_thread() -> &'static rayon::ThreadPool {
    static POOL: OnceLock<rayon::ThreadPool> = OnceLock::new();
    POOL.get_or_init(|| rayon::ThreadPoolBuilder::new().num_threads(1).build().expect("a one-thread pool"))
}

/// Render with `queens::render` into a GIF sink; a valid trace must give `events + 1` decodable
/// frames (returned, composited, as RGB bytes), an invalid one the error `validate` gave.
fn render(
    trace: &Trace,
    verdict: &Result<Counters, Error>,
    square: usize,
    bare: bool,
    coords: bool,
    tuning: Tuning,
) -> Option<Vec<Vec<u8>>> {
    let mut animation = Animation::new();
    animation.look.square = Some(square);
    animation.look.bare = bare;
    animation.look.coords = coords;
    let what = format!("square {square}, bare {bare}, coords {coords}, {tuning:?}");
    let mut sink = GifSink::with_tuning(Vec::new(), tuning);
    match (verdict, queens::render(trace, &animation, &mut sink, &NoProgress)) {
        (Ok(_), Ok(summary)) => {
            let gif = sink.into_inner().expect("the GIF after finish");
            assert_eq!(summary.frames, trace.frame_count(), "summary frame count ({what})");
            let (frames, width, height) = decode(&gif);
            assert_eq!(frames.len(), trace.frame_count(), "decoded frame count ({what})");
            assert_eq!((width, height), (summary.width, summary.height), "GIF screen size ({what})");
            if bare {
                assert_eq!((width, height), (trace.n * square, trace.n * square), "bare frame size");
            }
            Some(frames)
        }
        (Ok(_), Err(e)) => panic!("valid trace refused by render ({what}): {e}"),
        (Err(expected), Err(e)) => {
            assert_same_error(expected, &e);
            None
        }
        (Err(expected), Ok(_)) => panic!("invalid trace ({expected}) rendered anyway ({what})"),
    }
}

/// `render` refuses an invalid trace with the same error `validate` gives.
fn assert_same_error(expected: &Error, got: &Error) {
    match (expected, got) {
        (Error::BoardSize { n: a, max: ma }, Error::BoardSize { n: b, max: mb }) => assert_eq!((a, ma), (b, mb)),
        (Error::InvalidTrace { event: a, fault: fa }, Error::InvalidTrace { event: b, fault: fb }) => {
            assert_eq!((a, fa), (b, fb), "render and validate disagree on the bad event");
        }
        _ => panic!("validate said {expected:?}, render said {got:?}"),
    }
}

/// Decode a GIF with the `gif` crate: every frame composited onto the screen as palette indices
/// (transparent pixels keep what was there), plus the screen size.
fn decode(bytes: &[u8]) -> (Vec<Vec<u8>>, usize, usize) {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(bytes).expect("GIF header decodes");
    let (width, height) = (usize::from(decoder.width()), usize::from(decoder.height()));
    let table = decoder.global_palette().expect("a global colour table").to_vec();
    let mut screen = vec![0u8; width * height];
    let mut frames = Vec::new();
    // The screen to go back to after a frame with disposal "restore to previous".
    let mut restore: Option<Vec<u8>> = None;
    while let Some(frame) = decoder.read_next_frame().expect("GIF frame decodes") {
        if let Some(before) = restore.take() {
            screen = before;
        }
        let (left, top) = (usize::from(frame.left), usize::from(frame.top));
        let (w, h) = (usize::from(frame.width), usize::from(frame.height));
        assert!(left + w <= width && top + h <= height, "frame {} lies outside the screen", frames.len());
        assert_eq!(frame.buffer.len(), w * h, "frame {} pixel count", frames.len());
        match frame.dispose {
            gif::DisposalMethod::Keep => {}
            gif::DisposalMethod::Previous => restore = Some(screen.clone()),
            other => panic!("frame {} has disposal {other:?}: frames are kept or undone", frames.len()),
        }
        for y in 0..h {
            for x in 0..w {
                let index = frame.buffer[y * w + x];
                if frame.transparent != Some(index) {
                    screen[(top + y) * width + left + x] = index;
                }
            }
        }
        // Colours, not indices: the colour table's order is the encoder's choice.
        frames.push(screen.iter().flat_map(|&i| table[usize::from(i) * 3..][..3].to_vec()).collect());
    }
    (frames, width, height)
}
