//! The heatmap's colours: a stepped single-hue ramp per theme, given to the backends as the
//! theme's twelve fill paints (`Paint::region(k)` is ramp step k), and the count's ink on each step.
//!
//! Contract: step 0 lies next to the page (pale on a light page, deep on a dark one) and step
//! [`STEPS`]` - 1` farthest from it, so more queens always read as "more"; themes without hue (gray,
//! print) get a gray ramp, the others blue (the ColorBrewer Blues stops). Steps below [`SPLIT`] carry
//! the count in the theme's text colour, the others in its background colour, and every step keeps
//! [`LEGIBLE`] against its ink: the steps skip the part of the ramp where neither ink would. The
//! split is the same in every theme, so an SVG switching to the dark theme keeps each count legible.
//! The backends learn nothing of heatmaps: they draw fills and text in paints of a [`Theme`], and
//! the PNG's palette holds blends for exactly the (ink, step) pairs the picture uses.

use crate::draw::raster::palette::Palette;
use crate::scene::color::{contrast, luminance};
use crate::scene::puzzle_colours::REGION_COLOURS;
use crate::scene::theme::{Paint, Rgb, Theme};

/// Ramp steps: one per fill paint.
pub const STEPS: usize = REGION_COLOURS;

/// Steps `0..SPLIT` carry text-coloured counts, the rest background-coloured ones.
pub const SPLIT: usize = STEPS / 2;

/// The contrast every count keeps against its step (WCAG's 4.5:1 for text, with room for colour
/// blindness simulations, which move the blues' luminance a little).
const LEGIBLE: f32 = 5.5;

/// On a dark page (a theme for projected slides), the contrast every count also keeps with 10%
/// white projector flare mixed in (`../shared/look.md`): 3:1 measured from the picture, with room
/// for the simulations.
const LEGIBLE_FLARED: f32 = 3.3;

/// `a` against `b` with 10% white mixed into linear light (a projector's flare).
fn flared_contrast(a: Rgb, b: Rgb) -> f32 {
    let (ya, yb) = (0.9 * luminance(a) + 0.1, 0.9 * luminance(b) + 0.1);
    (ya.max(yb) + 0.05) / (ya.min(yb) + 0.05)
}

/// ColorBrewer's Blues, light to deep.
const BLUES: [Rgb; 5] =
    [[0xF7, 0xFB, 0xFF], [0xC6, 0xDB, 0xEF], [0x6B, 0xAE, 0xD6], [0x21, 0x71, 0xB5], [0x08, 0x30, 0x6B]];

/// ColorBrewer's Greys, light to deep.
const GREYS: [Rgb; 5] =
    [[0xF7, 0xF7, 0xF7], [0xCC, 0xCC, 0xCC], [0x96, 0x96, 0x96], [0x52, 0x52, 0x52], [0x25, 0x25, 0x25]];

/// The colour at `t` in [0, 1] along `stops` (evenly spaced, linear between them).
fn along(stops: &[Rgb; 5], t: f32) -> Rgb {
    let t = t.clamp(0.0, 1.0) * (stops.len() - 1) as f32;
    let i = (t.floor() as usize).min(stops.len() - 2);
    let f = t - i as f32;
    let mix = |a: u8, b: u8| (f32::from(a) + (f32::from(b) - f32::from(a)) * f).round() as u8;
    std::array::from_fn(|c| mix(stops[i][c], stops[i + 1][c]))
}

/// Whether `theme` has no hue in its page and squares (gray, print).
fn hueless(theme: &Theme) -> bool {
    [theme.background, theme.text, theme.light, theme.dark].iter().all(|&[r, g, b]| r == g && g == b)
}

/// The ramp of `theme` from the page (0) outward (1), before stepping.
fn family(theme: &Theme) -> impl Fn(f32) -> Rgb {
    let stops = if hueless(theme) { GREYS } else { BLUES };
    let dark_page = luminance(theme.background) < luminance(theme.text);
    move |t| along(&stops, if dark_page { 1.0 - t } else { t })
}

/// The ramp's steps in `theme`: `SPLIT` evenly over the part next to the page where the text
/// colour stays legible (on a dark page, with projector flare too) (the first one step off the page, so the lowest counts' squares still
/// show against it), the rest evenly over the far part where the background colour does.
pub fn steps(theme: &Theme) -> [Rgb; STEPS] {
    const GRID: usize = 1000;
    let at = family(theme);
    let t = |i: usize| i as f32 / GRID as f32;
    let dark_page = luminance(theme.background) < luminance(theme.text);
    let legible =
        |c: Rgb, ink: Rgb| contrast(c, ink) >= LEGIBLE && (!dark_page || flared_contrast(c, ink) >= LEGIBLE_FLARED);
    let near = (0..=GRID).take_while(|&i| legible(at(t(i)), theme.text)).last();
    let far = (0..=GRID).rev().take_while(|&i| legible(at(t(i)), theme.background)).last();
    // A theme whose two colours are too close for that (a custom one) gets the plain halves.
    let (mut near, mut far) = (near.map_or(0.45, t), far.map_or(0.55, t));
    if near >= far {
        let (middle, gap) = ((near + far) / 2.0, 0.5 / (STEPS - 1) as f32);
        (near, far) = (middle - gap, middle + gap);
    }
    std::array::from_fn(|k| match k < SPLIT {
        true => at(near * (k + 1) as f32 / SPLIT as f32),
        false => at(far + (1.0 - far) * (k - SPLIT) as f32 / (STEPS - SPLIT - 1) as f32),
    })
}

/// The step of a cell at `t` in [0, 1] (its count's place between the smallest and the largest).
pub fn step(t: f32) -> usize {
    (t.clamp(0.0, 1.0) * (STEPS - 1) as f32).round() as usize
}

/// The colour a cell at `t` in [0, 1] (its count's place between the smallest count and the
/// largest) takes in `theme`: one of twelve steps of a single-hue lightness ramp (blue, or gray in
/// themes without hue), palest on a light page and deepest on a dark one at 0.
pub fn ramp(theme: &Theme, t: f32) -> Rgb {
    steps(theme)[step(t)]
}

/// The ink of the count printed on step `k`.
pub fn ink(k: usize) -> Paint {
    if k < SPLIT {
        Paint::Text
    } else {
        Paint::Background
    }
}

/// `theme` with the ramp's steps as its fill paints.
pub fn heatmap_theme(theme: &Theme) -> Theme {
    let mut theme = theme.clone();
    theme.puzzle.regions = steps(&theme);
    theme
}

/// The PNG's palette for `theme` (already a [`heatmap_theme`]): its paints, and blends for the
/// title's text on the page and each count's ink on its step.
pub fn palette(theme: &Theme) -> Palette {
    let mut pairs = vec![(Paint::Text, Paint::Background)];
    pairs.extend((0..STEPS).map(|k| (ink(k), Paint::region(k as u8))));
    Palette::with_blends(theme, &pairs)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::theme::THEME_NAMES;

    #[test]
    fn every_step_keeps_its_count_legible_and_steps_move_away_from_the_page() {
        for name in THEME_NAMES {
            let theme = Theme::named(name).unwrap();
            let steps = steps(&theme);
            let page = luminance(theme.background);
            for (k, &colour) in steps.iter().enumerate() {
                let ink = theme.color(ink(k));
                assert!(contrast(colour, ink) >= LEGIBLE, "{name} step {k}: {colour:?} vs {ink:?}");
                if luminance(theme.background) < luminance(theme.text) {
                    assert!(flared_contrast(colour, ink) >= LEGIBLE_FLARED, "{name} step {k} with flare");
                }
                if k > 0 {
                    let distance = |c: Rgb| (luminance(c) - page).abs();
                    assert!(distance(colour) > distance(steps[k - 1]), "{name} step {k}");
                }
            }
        }
    }

    #[test]
    fn cells_step_by_their_share_of_the_largest_count() {
        assert_eq!((step(0.0), step(0.5), step(1.0), step(2.0)), (0, 6, STEPS - 1, STEPS - 1));
        let theme = Theme::default();
        assert_eq!(ramp(&theme, 0.0), steps(&theme)[0]);
        assert_eq!(heatmap_theme(&theme).color(Paint::region(3)), steps(&theme)[3]);
    }
}
