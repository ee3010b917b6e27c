//! Motion: the in-betweens of a step, described between two consecutive [`Scene`](crate::Scene)s of a run.
//!
//! Contract: this stage sees scenes only (it imports `error`, `trace`, `board` and `scene`, never a
//! backend): [`tween`] gives the scene shown at time `t` of a step (0: its start, 1: its end)
//! from the scene before and the step's own scene, matching items through their ids
//! (`scene.ids`), and [`schedule`] says at which times a step is drawn and for how long each
//! picture shows. The in-between at `t = 1` *is* the step's scene (a clone), so the last
//! picture of every step is the discrete frame, pixel for pixel. In-betweens are built from the
//! item kinds backends already draw: each square changes once, from its old item to its new one,
//! at a moment that depends on its distance from the step's cause (so a colour only ever moves
//! one way), and a queen appearing or sliding is drawn as her silhouette (a ghost item) until she
//! lands. Time is eased slow-in/slow-out with the smoothstep `3t^2 - 2t^3` ([`ease`]).
//! Words (captions, counters, the code panel, the tree, status lines) and marks switch at the
//! step's start: every in-between carries the new step's text, never a blend; but a puzzle's new
//! crosses sweep out from the squares its rule used (`marks.rs`), the lines and outlines between
//! attacking queens come when the queen lands and a dead end's mark pulses after her rays
//! (`alarm.rs`).

mod alarm;
mod marks;
mod tween;

pub use alarm::{land_time, lands};
pub use tween::tween;

/// How a run moves between its steps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Motion {
    /// One picture per step, as always (`--motion none`).
    #[default]
    None,
    /// In-betweens at `fps` pictures a second in the first part of every step (about
    /// [`PLAIN_MS`] of an ordinary step, about [`HELD_MS`] of a step held longer: a dead end,
    /// reading time), then the step's own picture holds (`--motion smooth`: MP4, WebM, GIF, WebP
    /// and APNG draw them as frames; the HTML player and animated SVG gather each step's back into
    /// its frame and fade its changes where they happen).
    Smooth {
        /// Pictures a second during the in-betweens (30 or 60 on the command line).
        fps: u32,
    },
}

/// The most of an ordinary step's time the in-betweens take, in percent; the rest holds the step.
pub const MOTION_SHARE_PERCENT: u32 = 60;

/// The most of a held step's time the in-betweens take, in percent (a 500 ms dead end moves for
/// 450 ms: its rays, then its mark's pulse).
pub const HELD_SHARE_PERCENT: u32 = 90;

/// How long the in-betweens of an ordinary step last at most, in milliseconds (60% of the default
/// 250 ms step): however slow the run (`--delay`), a plain step moves this fast.
pub const PLAIN_MS: u32 = 150;

/// How long the in-betweens of a held step (one shown longer than an ordinary step: a dead end,
/// a sentence's reading time) last at most, in milliseconds: time the hold already pays for, so
/// the run lasts as long as without motion.
pub const HELD_MS: u32 = 500;

/// The default in-between rate, pictures a second.
pub const DEFAULT_FPS: u32 = 60;

/// The default in-between rate of a GIF (whose delays are whole hundredths of a second, and which
/// viewers slow under 2/100 s).
pub const DEFAULT_GIF_FPS: u32 = 30;

/// Share of the eased step a placed queen spends as her silhouette (and a removal's shading
/// spends receding before she leaves: the same share from the other end).
pub const LAND: f32 = 0.3;

/// Share of the eased step a sliding queen travels before she lands (a move's new shading grows
/// after it).
pub const SLIDE: f32 = 0.6;

/// Share of the eased step a sweep without a cause takes, top row first.
const SWEEP: f32 = 0.8;

/// The eased time row `row` of a sweep without a cause switches, `rows` the tallest board's rows:
/// the top row at once, every row within [`SWEEP`].
fn sweep(row: u16, rows: u16) -> f32 {
    SWEEP * f32::from(row) / f32::from(rows)
}

/// Slow-in/slow-out: the smoothstep `3t^2 - 2t^3` of `t` clamped to [0, 1] (0 at 0, 1 at 1, flat
/// at both ends, symmetric about 1/2).
pub fn ease(t: f32) -> f32 {
    let t = t.clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// When a step showing `delay_ms` milliseconds is drawn: `(t, ms)` per picture, `t` in (0, 1]
/// increasing to exactly 1 (the step's own scene), `ms` how long that picture shows (they add up
/// to `delay_ms`). The in-betweens take [`MOTION_SHARE_PERCENT`] of `delay_ms`, at most
/// [`PLAIN_MS`], or when the step is held (`delay_ms` over `step_ms`, an ordinary step's delay)
/// [`HELD_SHARE_PERCENT`], at most [`HELD_MS`], at `fps` pictures a second; the last picture
/// holds the rest. So how long a step
/// moves, and how many pictures it takes, never grow with the hold. `Motion::None`, or a step
/// too short for a second picture: one picture, `(1, delay_ms)`.
pub fn schedule(motion: Motion, step_ms: u32, delay_ms: u32) -> Vec<(f32, u32)> {
    let Motion::Smooth { fps } = motion else { return vec![(1.0, delay_ms)] };
    let (share, most) =
        if delay_ms > step_ms { (HELD_SHARE_PERCENT, HELD_MS) } else { (MOTION_SHARE_PERCENT, PLAIN_MS) };
    let moving = (u64::from(delay_ms) * u64::from(share) / 100).min(u64::from(most));
    let pictures = ((moving * u64::from(fps) + 500) / 1000).max(1);
    if pictures < 2 {
        return vec![(1.0, delay_ms)];
    }
    let start = |k: u64| ((k * moving + pictures / 2) / pictures) as u32;
    let mut out: Vec<(f32, u32)> =
        (1..pictures).map(|k| (k as f32 / pictures as f32, start(k) - start(k - 1))).collect();
    out.push((1.0, delay_ms - start(pictures - 1)));
    out
}

/// Every delay a picture can get when steps last `delays` (the pipeline's list), for sinks that
/// tick at a fixed rate.
pub fn delays(motion: Motion, step_ms: u32, delays: &[u32]) -> Vec<u32> {
    let mut out: Vec<u32> = delays.iter().flat_map(|&d| schedule(motion, step_ms, d)).map(|(_, ms)| ms).collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// The most pictures any step of a run can take.
pub fn most_pictures(motion: Motion, step_ms: u32, delays: &[u32]) -> usize {
    delays.iter().map(|&d| schedule(motion, step_ms, d).len()).max().unwrap_or(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ease_is_slow_at_both_ends_and_monotone() {
        assert_eq!(ease(0.0), 0.0);
        assert_eq!(ease(1.0), 1.0);
        assert!((ease(0.5) - 0.5).abs() < 1e-6);
        assert!(ease(0.1) < 0.1 && ease(0.9) > 0.9, "slow in, slow out");
        let samples: Vec<f32> = (0..=100).map(|k| ease(k as f32 / 100.0)).collect();
        assert!(samples.windows(2).all(|w| w[0] <= w[1]));
    }

    #[test]
    fn a_step_at_60_fps_moves_for_150_ms_then_holds() {
        let plan = schedule(Motion::Smooth { fps: 60 }, 250, 250);
        assert_eq!(plan.len(), 9, "150 ms at 60 pictures a second");
        assert_eq!(plan.iter().map(|p| p.1).sum::<u32>(), 250);
        assert_eq!(plan.last().map(|p| p.0), Some(1.0));
        assert_eq!(plan.last().map(|p| p.1), Some(250 - 133));
        assert!(plan.windows(2).all(|w| w[0].0 < w[1].0));
        assert_eq!(schedule(Motion::None, 250, 250), vec![(1.0, 250)]);
        assert_eq!(schedule(Motion::Smooth { fps: 30 }, 250, 20), vec![(1.0, 20)]);
    }

    /// When the last in-between ends: the start of the step's own picture, in ms.
    fn moving_ms(plan: &[(f32, u32)]) -> u32 {
        plan[..plan.len() - 1].iter().map(|p| p.1).sum()
    }

    #[test]
    fn a_held_step_moves_for_400_to_600_ms_of_its_hold() {
        for delay in [500, 1000, 1500, 1860, 4000, 655_350] {
            let hold = schedule(Motion::Smooth { fps: 60 }, 250, delay);
            assert!((400..=600).contains(&moving_ms(&hold)), "{delay} ms: {}", moving_ms(&hold));
            assert_eq!(hold.iter().map(|p| p.1).sum::<u32>(), delay, "the hold pays for it");
        }
        let plain = schedule(Motion::Smooth { fps: 60 }, 250, 250);
        assert_eq!(moving_ms(&plain), 133, "the last of 9 pictures starts at 8/9 of 150 ms");
        assert_eq!(schedule(Motion::Smooth { fps: 30 }, 250, 1000).len(), 15, "500 ms at 30 a second");
    }

    #[test]
    fn a_slow_run_moves_as_fast_as_a_quick_one() {
        let quick = schedule(Motion::Smooth { fps: 60 }, 250, 250);
        let slow = schedule(Motion::Smooth { fps: 60 }, 655_350, 655_350);
        assert_eq!(slow.len(), quick.len(), "--delay does not add pictures");
        assert_eq!(slow[..8], quick[..8]);
        assert_eq!(slow.iter().map(|p| p.1).sum::<u32>(), 655_350);
        let held = schedule(Motion::Smooth { fps: 60 }, 655_350, 2 * 655_350);
        assert_eq!((held.len(), moving_ms(&held)), (30, 483), "a hold moves 500 ms at most");
    }
}
