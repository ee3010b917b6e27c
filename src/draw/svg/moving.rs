//! Smooth motion in an animated SVG: the keyframes of the changes that fade.
//!
//! Contract: a class whose changes carry cues (see `Timeline::push_moving`) holds each old
//! opacity until its change's cue, ramps to the new one over the run's fade (never past the
//! frame's end, so from there to the next change the element shows the discrete frame exactly),
//! then holds. Its elements also carry class `M` (no paint's class: those are lower case), whose
//! timing is `ease-in-out` (slow-in/slow-out) instead of `step-end`: between two keyframes of one
//! value nothing moves. A change that jumps in such a class ramps over one keyframe step. A class
//! that ends in another state than it starts gets a 100% keyframe, so a loop starts again from
//! frame 0 at once. Viewers who prefer reduced motion get `step-start`: every change jumps at its
//! cue, nothing fades.

use super::path::percent_text;
use std::fmt::Write;

/// The cue of a change that happens at its frame's start, at once (words, panels, marks).
pub const CRISP: u16 = u16::MAX;

/// A cue with this bit set switches at once at its time (the other bits, in ms) instead of fading.
pub const JUMP: u16 = 1 << 15;

/// The rules for moving elements (after the animation's own rule).
pub const STYLE: &str =
    ".M{animation-timing-function:ease-in-out}@media (prefers-reduced-motion:reduce){.M{animation-timing-function:step-start}}";

/// Whether changes with these cues fade (smooth motion and not all at once).
pub fn moves(cues: &[u16]) -> bool {
    cues.iter().any(|&cue| cue != CRISP)
}

/// Whether changes with these cues fade (some do), rather than only jump at their times.
pub fn fades(cues: &[u16]) -> bool {
    cues.iter().any(|&cue| cue & JUMP == 0)
}

/// `@keyframes name` for one class of moving atoms: shown from `initial`, toggling at `toggles`
/// with `cues`; `ramp` gives where a frame's change with a cue (in ms) fades, as scaled keyframe
/// offsets (see `Timeline`).
pub fn keyframes(
    ramp: &dyn Fn(u32, u16) -> (u64, u64),
    style: &mut String,
    name: &str,
    (initial, toggles, cues): (bool, &[u32], &[u16]),
    (decimals, finite): (u32, bool),
) {
    let (mut shown, mut hidden): (Vec<u64>, Vec<u64>) = (Vec::new(), Vec::new());
    let mut visible = initial;
    let fading = fades(cues);
    for (&frame, &cue) in toggles.iter().zip(cues) {
        let (from, to) = ramp(frame, if cue == CRISP { 0 } else { cue & !JUMP });
        // In a class that fades elsewhere, a jump is a ramp of one keyframe step.
        let to = if cue != CRISP && cue & JUMP != 0 { from + 1 } else { to };
        let (old, new) = if visible { (&mut shown, &mut hidden) } else { (&mut hidden, &mut shown) };
        if fading {
            old.push(from);
            new.push(to);
        } else {
            new.push(from);
        }
        visible = !visible;
    }
    if visible != initial && (fading || finite) {
        (if visible { &mut shown } else { &mut hidden }).push(100 * 10u64.pow(decimals));
    }
    let _ = write!(style, ".{name}{{animation-name:{name}}}@keyframes {name}{{");
    for (mut list, opacity) in [(shown, 1), (hidden, 0)] {
        list.sort_unstable();
        list.dedup();
        if !list.is_empty() {
            let offsets: Vec<String> = list.into_iter().map(|k| percent_text(k, decimals)).collect();
            let _ = write!(style, "{}{{opacity:{opacity}}}", offsets.join(","));
        }
    }
    style.push('}');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fade_ramps_from_its_cue_and_a_jump_keeps_one_keyframe() {
        // Frames of 1 s, 1 s and 2 s; a 300 ms fade; offsets in percent (no decimals).
        let t = |ms: u64| (ms * 100 + 2000) / 4000;
        let ramp = |frame: u32, cue: u16| {
            let (start, end) = ([0, 1000, 2000][frame as usize], [1000, 2000, 4000][frame as usize]);
            (t(start + u64::from(cue)), t((start + u64::from(cue) + 300).min(end)))
        };
        let mut style = String::new();
        keyframes(&ramp, &mut style, "ab", (false, &[1, 2], &[100, 0]), (0, false));
        assert_eq!(style, ".ab{animation-name:ab}@keyframes ab{35%,50%{opacity:1}28%,58%{opacity:0}}");
        let mut style = String::new();
        keyframes(&ramp, &mut style, "ac", (false, &[1], &[200 | JUMP]), (0, false));
        assert_eq!(style, ".ac{animation-name:ac}@keyframes ac{30%{opacity:1}}", "a jump: one keyframe, at its cue");
        let mut style = String::new();
        keyframes(&ramp, &mut style, "ad", (false, &[1, 2], &[200 | JUMP, 0]), (0, false));
        assert_eq!(
            style, ".ad{animation-name:ad}@keyframes ad{31%,50%{opacity:1}30%,58%{opacity:0}}",
            "a jump among fades"
        );
        assert!(moves(&[CRISP, 3]) && !moves(&[CRISP]) && fades(&[3, JUMP]) && !fades(&[JUMP | 4]));
    }
}
