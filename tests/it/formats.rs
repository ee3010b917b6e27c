//! Animated WebP and APNG, decoded by Pillow (not our code): every frame pixel-identical to the
//! GIF's, square centres matching an independent replay, same durations and loop counts; headless
//! Chromium counts the same frames. Skips with a reason when a tool is missing (support::tools).

use crate::support::pillow::{pillow, Pillow};
use crate::support::tools::{chromium, pillow_python};
use crate::support::{centres, decode_gif, expected_centre, queens_per_frame, solution_frame, temp_dir, trace_for};
use queens::{Animation, ApngSink, NoProgress, Sink, Theme, Trace, Until, WebpSink};
use std::path::{Path, PathBuf};

fn render<S: Sink>(trace: &Trace, animation: &Animation, mut sink: S) -> S {
    queens::render(trace, animation, &mut sink, &NoProgress).unwrap();
    sink
}

/// The run as GIF, WebP and APNG files in `dir`.
fn write_all(dir: &Path, trace: &Trace, animation: &Animation) -> [PathBuf; 3] {
    let mut gif = Vec::new();
    queens::render_gif(trace, animation, &mut gif).unwrap();
    let webp = render(trace, animation, WebpSink::new(Vec::new())).into_inner().unwrap();
    let apng = render(trace, animation, ApngSink::new(Vec::new())).into_inner().unwrap();
    let paths = ["run.gif", "run.webp", "run.apng"].map(|name| dir.join(name));
    for (path, bytes) in paths.iter().zip([gif, webp, apng]) {
        std::fs::write(path, bytes).unwrap();
    }
    paths
}

/// Decode the three files with Pillow, check WebP and APNG frame by frame against the GIF.
fn decode_and_compare(python: &Path, paths: &[PathBuf; 3], points: &[(u32, u32)]) -> [Pillow; 3] {
    let [gif, webp, apng] = paths.each_ref().map(|p| pillow(python, p, points));
    assert_eq!((webp.format.as_str(), apng.format.as_str()), ("WEBP", "PNG"));
    for other in [&webp, &apng] {
        assert_eq!(other.size, gif.size, "{}", other.format);
        assert_eq!(other.frames.len(), gif.frames.len(), "{} frame count", other.format);
        for (k, (a, b)) in gif.frames.iter().zip(&other.frames).enumerate() {
            assert_eq!(a.duration, b.duration, "{} frame {k} duration", other.format);
            assert_eq!(a.md5, b.md5, "{} frame {k} differs from the GIF's", other.format);
        }
    }
    [gif, webp, apng]
}

#[test]
fn bare_webp_and_apng_frames_show_the_replayed_board() {
    let Some(python) = pillow_python() else { return };
    let dir = temp_dir("formats", "bare");
    let trace = trace_for(6, Until::First);
    let mut animation = Animation::new();
    (animation.look.bare, animation.look.square) = (true, Some(40));
    let paths = write_all(&dir, &trace, &animation);
    let [_, webp, apng] = decode_and_compare(&python, &paths, &centres(6, 40));
    let boards = queens_per_frame(&trace);
    let theme = Theme::default();
    for decoded in [&webp, &apng] {
        assert_eq!(decoded.size, (240, 240));
        assert_eq!(decoded.frames.len(), trace.events.len() + 1);
        for (k, (frame, queens)) in decoded.frames.iter().zip(&boards).enumerate() {
            for (i, &colour) in frame.points.iter().enumerate() {
                let want = expected_centre(queens, 6, (i / 6, i % 6), solution_frame(&trace, k), &theme);
                assert_eq!(colour, want, "{} frame {k} square {i}", decoded.format);
            }
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn framed_runs_match_the_gif_in_every_frame_with_holds_and_themes() {
    let Some(python) = pillow_python() else { return };
    let dir = temp_dir("formats", "framed");
    let trace = trace_for(5, Until::All);
    let mut animation = Animation::new();
    animation.look.coords = true;
    animation.look.theme = Theme::named("dark").unwrap();
    animation.timing.hold_ms = 900;
    animation.timing.end_hold_ms = 70_000; // past APNG's 65,535 ms numerator: stored in 1/100 s
    let paths = write_all(&dir, &trace, &animation);
    let [gif, ..] = decode_and_compare(&python, &paths, &[]);
    let from_image_crate = decode_gif(&std::fs::read(&paths[0]).unwrap());
    assert_eq!(gif.frames.len(), from_image_crate.len());
    let durations: Vec<u64> = from_image_crate.iter().map(|(_, ms)| u64::from(*ms)).collect();
    assert_eq!(gif.frames.iter().map(|f| f.duration).collect::<Vec<_>>(), durations);
    assert_eq!(*durations.last().unwrap(), 70_000);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn loop_counts_match_the_gif() {
    let Some(python) = pillow_python() else { return };
    let dir = temp_dir("formats", "loops");
    let trace = trace_for(4, Until::First);
    // GIF stores extra plays (absent: once); WebP and APNG store plays in all (0: forever).
    for (loop_count, gif_loop, plays) in
        [(None, Some(0), Some(0)), (Some(2), Some(2), Some(3)), (Some(0), None, Some(1))]
    {
        let mut animation = Animation::new();
        animation.timing.loop_count = loop_count;
        let paths = write_all(&dir, &trace, &animation);
        let [gif, webp, apng] = paths.each_ref().map(|p| pillow(&python, p, &[]));
        assert_eq!(gif.loop_count, gif_loop, "GIF {loop_count:?}");
        assert_eq!(webp.loop_count, plays, "WebP {loop_count:?}");
        assert_eq!(apng.loop_count, plays, "APNG {loop_count:?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn webp_and_apng_bytes_repeat_across_runs_and_thread_counts() {
    let trace = trace_for(6, Until::Solutions(2));
    let animation = Animation::new();
    let webp = || render(&trace, &animation, WebpSink::new(Vec::new())).into_inner().unwrap();
    let apng = || render(&trace, &animation, ApngSink::new(Vec::new())).into_inner().unwrap();
    let (first_webp, first_apng) = (webp(), apng());
    assert_eq!(first_webp, webp());
    assert_eq!(first_apng, apng());
    let one_thread = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
    assert_eq!(first_webp, one_thread.install(webp));
    assert_eq!(first_apng, one_thread.install(apng));
    assert_eq!(&first_webp[..4], b"RIFF");
    assert_eq!(u32::from_le_bytes(first_webp[4..8].try_into().unwrap()) as usize, first_webp.len() - 8);
}

/// The frame count Chromium's ImageDecoder reports for `path`, or what Chromium printed instead.
fn chromium_frame_count(chromium: &Path, dir: &Path, path: &Path, mime: &str) -> Result<u64, String> {
    let bytes = std::fs::read(path).unwrap();
    let b64 = base64(&bytes);
    let page = format!(
        "<html><body>pending<script>(async () => {{ try {{\
         const data = await (await fetch('data:{mime};base64,{b64}')).arrayBuffer();\
         const d = new ImageDecoder({{data, type: '{mime}'}}); await d.tracks.ready;\
         document.body.textContent = 'frames=' + d.tracks.selectedTrack.frameCount;\
         }} catch (e) {{ document.body.textContent = 'error=' + e; }} }})();</script></body></html>"
    );
    let html = dir.join(format!("{}.html", path.file_name().unwrap().to_string_lossy()));
    std::fs::write(&html, page).unwrap();
    let profile = dir.join("chromium-profile");
    let out = std::process::Command::new(chromium)
        .args(["--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=10000", "--dump-dom"])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("file://{}", html.display()))
        .output()
        .map_err(|e| format!("chromium does not run: {e}"))?;
    let dom = String::from_utf8_lossy(&out.stdout);
    let count = dom
        .split("frames=")
        .nth(1)
        .and_then(|found| found.chars().take_while(char::is_ascii_digit).collect::<String>().parse().ok());
    count.ok_or_else(|| {
        let tail = |text: &str| text.chars().rev().take(600).collect::<String>().chars().rev().collect::<String>();
        format!(
            "no frame count ({}); DOM: {}; stderr: {}",
            out.status,
            tail(&dom),
            tail(&String::from_utf8_lossy(&out.stderr))
        )
    })
}

fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len() * 4 / 3 + 4);
    for chunk in bytes.chunks(3) {
        let v = chunk.iter().enumerate().fold(0u32, |v, (i, &b)| v | u32::from(b) << (16 - 8 * i));
        for i in 0..4 {
            let c = if i <= chunk.len() { ALPHABET[(v >> (18 - 6 * i) & 63) as usize] as char } else { '=' };
            out.push(c);
        }
    }
    out
}

#[test]
fn chromium_counts_the_same_frames() {
    let Some(chromium) = chromium() else { return };
    let dir = temp_dir("formats", "chromium");
    let trace = trace_for(5, Until::First);
    let paths = write_all(&dir, &trace, &Animation::new());
    for (path, mime) in [(&paths[1], "image/webp"), (&paths[2], "image/png"), (&paths[0], "image/gif")] {
        // ImageDecoder works off Chromium's virtual clock: on a loaded machine the DOM can be dumped
        // before it answers (no count at all, seen once in CI); such a run is tried again, twice.
        let mut count = chromium_frame_count(&chromium, &dir, path, mime);
        for _ in 0..2 {
            if count.as_ref().is_err_and(|e| e.starts_with("no frame count")) {
                count = chromium_frame_count(&chromium, &dir, path, mime);
            }
        }
        assert_eq!(count, Ok(trace.frame_count() as u64), "{} ({mime})", path.display());
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
