//! Smooth motion in the pixel animations (`--motion smooth -o NAME.gif|webp|apng`): their
//! in-betweens are frames like any other. Decoded with Pillow: more frames than steps, the same
//! total time as the discrete file, and every step ends on its discrete frame, pixel for pixel (the
//! picture shown just before each step's end has the discrete frame's pixels); WebP and APNG at 30
//! pictures a second hold the GIF's pictures, one for one. Without Pillow the test prints a skip
//! reason (QUEENS_REQUIRE_TOOLS=1: fail). A GIF refuses more than 50 pictures a second (see
//! `motion.rs`).
#![cfg(feature = "image")]

use crate::support::pillow::{pillow, Pillow};
use crate::support::run_ok;
use crate::support::temp_dir;
use crate::support::tools::pillow_python;

/// The md5 of the picture shown at `ms` into the animation.
fn shown_at(decoded: &Pillow, ms: u64) -> &str {
    let mut end = 0;
    for frame in &decoded.frames {
        end += frame.duration;
        if ms < end {
            return &frame.md5;
        }
    }
    panic!("{ms} ms is past the end ({end} ms)");
}

#[test]
fn gif_webp_and_apng_take_smooth_motion_and_end_every_step_on_its_frame() {
    let Some(python) = pillow_python() else { return };
    let dir = temp_dir("motion-pictures", "formats");
    run_ok(&dir, &["animate", "6", "-o", "discrete.gif"]);
    run_ok(&dir, &["animate", "6", "--motion", "smooth", "-o", "smooth.gif"]);
    for ext in ["webp", "apng"] {
        run_ok(&dir, &["animate", "6", "--motion", "smooth", "--fps", "30", "-o", &format!("smooth.{ext}")]);
    }
    let decode = |name: &str| pillow(&python, &dir.join(name), &[]);
    let (discrete, gif, webp, apng) =
        (decode("discrete.gif"), decode("smooth.gif"), decode("smooth.webp"), decode("smooth.apng"));
    let total = |d: &Pillow| d.frames.iter().map(|f| f.duration).sum::<u64>();
    assert!(
        gif.frames.len() > 2 * discrete.frames.len(),
        "{} pictures for {} steps",
        gif.frames.len(),
        discrete.frames.len()
    );
    assert_eq!(total(&gif), total(&discrete), "the GIF keeps the run's time");
    assert_eq!(total(&apng), total(&discrete), "the APNG keeps the run's time");
    let mut end = 0;
    for (k, frame) in discrete.frames.iter().enumerate() {
        end += frame.duration;
        for (name, smooth) in [("GIF", &gif), ("APNG", &apng)] {
            assert_eq!(shown_at(smooth, end - 1), frame.md5, "{name}: step {k} ends on its discrete frame");
        }
    }
    // 330 ms steps move for 198 ms in 6 pictures of 33 ms: rounded one by one, a GIF would lose
    // 3 ms a picture; rounded on the run's clock, none.
    run_ok(&dir, &["animate", "5", "--delay", "330", "-o", "slow.gif"]);
    run_ok(&dir, &["animate", "5", "--delay", "330", "--motion", "smooth", "-o", "slow-smooth.gif"]);
    assert_eq!(total(&decode("slow-smooth.gif")), total(&decode("slow.gif")), "uneven pictures keep the time");
    for (name, other) in [("WebP", &webp), ("APNG", &apng)] {
        let (a, b): (Vec<&str>, Vec<&str>) = (
            gif.frames.iter().map(|f| f.md5.as_str()).collect(),
            other.frames.iter().map(|f| f.md5.as_str()).collect(),
        );
        assert!(a == b, "{name}: the GIF's pictures, one for one ({} and {})", a.len(), b.len());
    }
}
