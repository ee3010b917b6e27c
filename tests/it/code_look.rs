//! `--code`'s look (issue 27, measured as issue 25's rules; the bar's weight from issue 35): the
//! bar, the marker and the highlighted words keep their contrast in every theme, in grayscale and the colour-vision
//! simulations (with projector flare for `dark`), decoded from GIF frames; a golden frame.

use crate::code::{code_look, describer, record};
use crate::legibility::worst;
use crate::support::golden::assert_golden;
use crate::support::{decode_gif, rgb};
use queens::internals::Replay;
use queens::{Algorithm, Animation, Detail, FrameSpec, Theme, Until};

/// The most common colour among `colours` that is not `except`.
fn most_common(colours: impl Iterator<Item = [u8; 3]>, except: [u8; 3]) -> Option<[u8; 3]> {
    crate::support::mode_of(colours.filter(|&c| c != except))
}

/// WCAG contrast in plain view (grayscale = luminance).
fn contrast_of(a: [u8; 3], b: [u8; 3]) -> f64 {
    crate::legibility::contrast(a, b, "grayscale", false)
}

/// Issue 35: the current line is marked as the board marks the step, at low weight: its bar is a
/// light tint of the marker's colour (under 3:1 on the panel, and quieter than the marker, never
/// the old near-black bar at 16:1), its words in the text colour at 4.5:1 or more on it.
#[test]
fn the_bar_marker_and_words_stay_legible_in_every_theme_and_view() {
    let trace = record(6, Algorithm::Backtrack, Detail::Checks, Until::First);
    let listing = queens::code::listing(Algorithm::Backtrack).unwrap();
    // The bar, marker and words of a line look alike in every frame that marks that line, so the
    // first frame marking each line stands for the others (one GIF frame per listing line, not
    // the run's ~600: this test decoded every frame at opt-level 0 and took 40 s).
    let mut lines = std::collections::BTreeMap::new();
    for frame in Replay::new(&trace) {
        let frame = frame.unwrap();
        let line = listing.view(&frame, true).line.expect("a line");
        lines.entry(line).or_insert(frame.index);
    }
    let mut chosen: Vec<(usize, usize)> = lines.into_iter().map(|(line, index)| (index, line)).collect();
    chosen.sort_unstable();
    assert!(chosen.len() >= 5, "the run marks only {} lines", chosen.len());
    let spec = chosen.iter().map(|(index, _)| index.to_string()).collect::<Vec<_>>().join(",");
    for name in ["default", "gray", "dark", "print"] {
        let mut animation = Animation::new();
        animation.look = code_look();
        animation.look.theme = Theme::named(name).unwrap();
        animation.selection.spec = Some(FrameSpec::parse(&spec).unwrap());
        let mut gif = Vec::new();
        queens::render_gif(&trace, &animation, &mut gif).unwrap();
        let frames = decode_gif(&gif);
        assert_eq!(frames.len(), chosen.len());
        let code = describer(&trace, &animation.look).layout.code.expect("a code panel");
        let mut lowest = [f64::MAX; 3];
        let mut loudest_bar = 0.0f64;
        for ((img, _), &(index, line)) in frames.iter().zip(&chosen) {
            let (x, y, w, h) = code.bar(line);
            let (x, y, w, h) = (x as u32, y as u32, w as u32, h as u32);
            let ground = rgb(img, x - 1, y + h / 2);
            let bar = rgb(img, x + 1, y + h / 2);
            let inside = (y..y + h).flat_map(|yy| (x..x + w).map(move |xx| (xx, yy)));
            let words = most_common(inside.map(|(xx, yy)| rgb(img, xx, yy)), bar).expect("words on the bar");
            let gutter = (y..y + h).flat_map(|yy| (code.rect.x as u32..x).map(move |xx| (xx, yy)));
            let marker = most_common(gutter.map(|(xx, yy)| rgb(img, xx, yy)), ground).expect("a marker");
            let flare = name == "dark";
            for (i, ratio) in [worst(bar, ground, flare), worst(marker, ground, flare), worst(words, bar, flare)]
                .into_iter()
                .enumerate()
            {
                lowest[i] = lowest[i].min(ratio);
            }
            // The bar is a light tint of the marker's (the board's highlight) colour: low weight.
            let (bar_weight, marker_weight) = (contrast_of(bar, ground), contrast_of(marker, ground));
            loudest_bar = loudest_bar.max(bar_weight);
            assert!(bar != ground, "{name} frame {index}: no bar");
            assert!(
                bar_weight < 3.0 && bar_weight < marker_weight,
                "{name} frame {index}: the bar {bar:?} is {bar_weight:.2}:1 on the panel, the marker {marker_weight:.2}:1"
            );
        }
        eprintln!(
            "{name}: bar {:.2}..{loudest_bar:.2}:1, marker {:.2}:1, words on the bar {:.2}:1",
            lowest[0], lowest[1], lowest[2]
        );
        assert!(lowest[1] >= 3.0, "{name}: the marker is faint: {lowest:?}");
        assert!(lowest[2] >= 4.5, "{name}: the highlighted words are faint on the bar: {lowest:?}");
    }
}

#[test]
fn golden_code_frame() {
    // `queens frames 6 --code --frames 25`: backtracking removes b3; the remove line is marked.
    let trace = record(6, Algorithm::Backtrack, Detail::Placements, Until::First);
    let mut animation = Animation::new();
    animation.look = code_look();
    animation.selection.spec = Some(FrameSpec::parse("25").unwrap());
    let mut gif = Vec::new();
    queens::render_gif(&trace, &animation, &mut gif).unwrap();
    let frame = decode_gif(&gif).swap_remove(0).0;
    assert_golden(&[("code6-frame25".into(), frame)]);
}
