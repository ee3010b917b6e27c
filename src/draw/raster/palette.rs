//! The fixed global palette every frame is drawn in: the theme's paints and anti-aliasing blends
//! (the colour arithmetic is in `crate::scene::color`), in the order animations want them.
//!
//! Contract: index 0 is [`Paint::Transparent`]; every [`Paint`] has an index ([`Palette::slot`]),
//! and `LEVELS - 1` anti-aliasing blends follow for each (ink, background) pair of
//! `blended_pairs`, so glyphs and lines are smooth without per-frame colour quantization. At most
//! 64 entries (6-bit LZW codes). An animation's palette ([`Palette::new`]) lists first what most
//! frames change: a placement's colours in indices 1-15, a removal's and a dead end's outline, the
//! coordinate labels' blends on free squares, a solution's and the free squares' rings next (to
//! about 31), the rest after, so a GIF frame's LZW codes start at 5 or 6 bits
//! instead of 7. A still's palette ([`Palette::with_blends`]) keeps the paints' own order.

use crate::font::LEVELS;
use crate::pixels::indices_led_by;
use crate::scene::color::mix;
use crate::scene::theme::{blended_pairs, Paint, Rgb, Theme, PAINT_COUNT};

/// Blend indices of one (ink, background) pair, by level `1..LEVELS`; all 0 for a pair without.
type Blends = [u8; LEVELS as usize - 1];

/// Marks an index that is a blend, not a paint, in `Palette::paints`.
const NO_PAINT: u8 = u8::MAX;

/// The global palette: paint colours and blends. Also answers "which index draws ink over this
/// pixel at this coverage level".
#[derive(Clone, Debug)]
pub struct Palette {
    colors: Vec<Rgb>,
    /// `slots[paint]` = the paint's index.
    slots: [u8; PAINT_COUNT],
    /// `paints[index]` = the paint at that index, or `NO_PAINT` for a blend.
    paints: Vec<u8>,
    /// `blends[ink * PAINT_COUNT + bg]` = the pair's blend indices.
    blends: Vec<Blends>,
    /// `natural[index]` = where the entry sits in the paints' own order ([`Palette::with_blends`]).
    natural: Vec<u8>,
}

impl Palette {
    /// An animation's palette for `theme`: its paints and the anti-aliasing blends, in use order
    /// (see the module docs).
    pub fn new(theme: &Theme) -> Self {
        let natural = Palette::with_blends(theme, &blended_pairs(theme));
        let first = use_order(&natural, theme.rings);
        natural.reordered(&first)
    }

    /// The palette of `theme` with anti-aliasing blends for the (ink, background) `pairs` only
    /// (a still's own choice; at most 74 pairs, so indices stay below 256), the paints first in
    /// their own order, then the blends.
    pub fn with_blends(theme: &Theme, pairs: &[(Paint, Paint)]) -> Self {
        let mut colors: Vec<Rgb> = Paint::ALL.iter().map(|&p| theme.color(p)).collect();
        let mut blends = vec![Blends::default(); PAINT_COUNT * PAINT_COUNT];
        for &(ink, bg) in pairs {
            let pair = &mut blends[ink as usize * PAINT_COUNT + bg as usize];
            for level in 1..LEVELS {
                pair[usize::from(level) - 1] = colors.len() as u8;
                colors.push(mix(theme.color(bg), theme.color(ink), level));
            }
        }
        let slots = std::array::from_fn(|p| p as u8);
        let paints = (0..colors.len()).map(|i| if i < PAINT_COUNT { i as u8 } else { NO_PAINT }).collect();
        let natural = (0..colors.len()).map(|i| i as u8).collect();
        Palette { colors, slots, paints, blends, natural }
    }

    /// The same colours with the indices `first` (in that order) at 1, 2, ..., the others after
    /// them in their own order; index 0 stays.
    fn reordered(&self, first: &[u8]) -> Palette {
        let by_new = indices_led_by(first, self.colors.len());
        let mut to_new = [0u8; 256];
        for (new, &old) in by_new.iter().enumerate() {
            to_new[usize::from(old)] = new as u8;
        }
        let blend = |pair: &Blends| pair.map(|i| if i == 0 { 0 } else { to_new[usize::from(i)] });
        Palette {
            colors: by_new.iter().map(|&old| self.colors[usize::from(old)]).collect(),
            slots: self.slots.map(|i| to_new[usize::from(i)]),
            paints: by_new.iter().map(|&old| self.paints[usize::from(old)]).collect(),
            blends: self.blends.iter().map(blend).collect(),
            natural: by_new.iter().map(|&old| self.natural[usize::from(old)]).collect(),
        }
    }

    /// This palette's indices listed in the paints' own order (what [`Palette::with_blends`] would
    /// give them), index 0 left out: for benchmarks that write a GIF's table unordered.
    pub fn in_natural_order(&self) -> Vec<u8> {
        let mut indices: Vec<u8> = (1..self.colors.len()).map(|i| i as u8).collect();
        indices.sort_by_key(|&i| self.natural[usize::from(i)]);
        indices
    }

    /// Number of palette entries in use.
    pub fn len(&self) -> usize {
        self.colors.len()
    }

    /// Whether the palette has no entry (never, for a palette made by [`Palette::new`]).
    pub fn is_empty(&self) -> bool {
        self.colors.is_empty()
    }

    /// The index `paint` is drawn with.
    #[inline]
    pub fn slot(&self, paint: Paint) -> u8 {
        self.slots[paint as usize]
    }

    /// The paint at `index`, if it is a paint's and not a blend's.
    #[cfg(test)]
    fn paint_at(&self, index: u8) -> Option<Paint> {
        let paint = *self.paints.get(usize::from(index))?;
        Paint::ALL.get(usize::from(paint)).copied()
    }

    /// The colour of palette index `index`.
    pub fn rgb(&self, index: u8) -> Rgb {
        self.colors[index as usize]
    }

    /// Every entry's colour, index i at position i (what codecs are handed).
    pub fn colors(&self) -> &[Rgb] {
        &self.colors
    }

    /// `[r, g, b, r, g, b, ...]` for encoders.
    pub fn flat(&self) -> Vec<u8> {
        self.colors.iter().flatten().copied().collect()
    }

    /// The index to write where `ink` covers a pixel currently holding `under` at `level`
    /// (1..=LEVELS). Pixels that are not plain paints, or pairs without blends, round.
    #[inline]
    pub fn ink_over(&self, ink: Paint, under: u8, level: u8) -> u8 {
        if level >= LEVELS {
            return self.slot(ink);
        }
        if level == 0 {
            return under;
        }
        let bg = self.paints.get(usize::from(under)).copied().unwrap_or(NO_PAINT);
        let blend = if usize::from(bg) < PAINT_COUNT {
            self.blends[ink as usize * PAINT_COUNT + usize::from(bg)][usize::from(level) - 1]
        } else {
            0
        };
        match (blend, level * 2 >= LEVELS) {
            (0, true) => self.slot(ink),
            (0, false) => under,
            (blend, _) => blend,
        }
    }
}

/// The natural palette's indices in use order: what a placement changes first (15 indices, so
/// its frames start at 5-bit codes), then what removals, dead ends, the coordinate labels on free
/// squares, solutions and free-square rings (`rings`) change (to about 31: 6-bit codes), then checks
/// and the highlights' tints, then the rest in palette
/// order (puzzle paints). Measured on
/// `animate 8`: 1.2% fewer LZW bytes than the paints' own order, where every frame started at 7-bit
/// codes.
fn use_order(palette: &Palette, rings: bool) -> Vec<u8> {
    let blends = |ink: Paint, under: Paint| (1..LEVELS).map(move |level| palette.ink_over(ink, under as u8, level));
    let paints = |paints: &[Paint]| paints.iter().map(|&p| palette.slot(p)).collect::<Vec<u8>>();
    let mut first = paints(&[Paint::Background, Paint::Text]);
    first.extend(blends(Paint::Text, Paint::Background));
    first.extend(paints(&[Paint::LightAttacked, Paint::DarkAttacked, Paint::Queen, Paint::Placed]));
    first.extend(blends(Paint::Queen, Paint::LightAttacked).chain(blends(Paint::Queen, Paint::DarkAttacked)));
    // A removal's, and the dead end's outline (said on every run of a tree search).
    first.extend(paints(&[Paint::Light, Paint::Dark, Paint::Ghost, Paint::Removed, Paint::CheckAttacked]));
    // A dead end's reason, written in the alarm colour on every dead end and the removals after it.
    first.extend(blends(Paint::CheckAttacked, Paint::Background));
    // The coordinate labels (the queens' ink) on free edge squares.
    let labels: Vec<u8> = blends(Paint::Queen, Paint::Light).chain(blends(Paint::Queen, Paint::Dark)).collect();
    let mut solution = paints(&[Paint::SolutionBand, Paint::Solution]);
    solution.extend(blends(Paint::Queen, Paint::Solution).chain(blends(Paint::Text, Paint::SolutionBand)));
    let mut marks = paints(&[Paint::MarkLight, Paint::MarkDark]);
    marks.extend(blends(Paint::MarkLight, Paint::Light).chain(blends(Paint::MarkDark, Paint::Dark)));
    if rings {
        first.extend(marks.into_iter().chain(labels).chain(solution));
    } else {
        first.extend(labels.into_iter().chain(solution).chain(marks));
    }
    first.push(palette.slot(Paint::CheckSafe));
    // The code panel's current line and the tree's path (`--code`, `--tree`) change every frame.
    let tints =
        [Paint::PlacedTint, Paint::RemovedTint, Paint::CheckSafeTint, Paint::CheckAttackedTint, Paint::TextTint];
    first.extend(paints(&tints));
    first
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn palette_fits_six_bits() {
        let palette = Palette::new(&Theme::default());
        assert!(palette.len() <= 64, "{} colours", palette.len());
    }

    #[test]
    fn ink_over_uses_blends_then_rounds() {
        for p in [
            Palette::new(&Theme::default()),
            Palette::with_blends(&Theme::default(), &blended_pairs(&Theme::default())),
        ] {
            let slot = |paint| p.slot(paint);
            assert_eq!(p.ink_over(Paint::Queen, slot(Paint::Light), LEVELS), slot(Paint::Queen));
            let mid = p.ink_over(Paint::Queen, slot(Paint::Light), 2);
            assert_eq!(p.paint_at(mid), None, "a blend");
            assert_eq!(p.ink_over(Paint::Queen, slot(Paint::Placed), 1), slot(Paint::Placed));
            assert_eq!(p.ink_over(Paint::Queen, slot(Paint::Placed), 3), slot(Paint::Queen));
            assert_eq!(p.ink_over(Paint::Queen, mid, 1), mid, "blends round");
        }
    }

    /// The animation palette holds the same colours as the natural one, every paint and blend at
    /// its new index, and a placement's colours below 16.
    #[test]
    fn use_order_moves_indices_not_colours() {
        for theme in [Theme::default(), Theme::dark(), Theme::print()] {
            let (ordered, natural) = (Palette::new(&theme), Palette::with_blends(&theme, &blended_pairs(&theme)));
            assert_eq!(ordered.slot(Paint::Transparent), 0);
            let mut a = ordered.colors().to_vec();
            let mut b = natural.colors().to_vec();
            a.sort();
            b.sort();
            assert_eq!(a, b);
            for paint in Paint::ALL {
                assert_eq!(ordered.rgb(ordered.slot(paint)), theme.color(paint), "{paint:?}");
                assert_eq!(ordered.paint_at(ordered.slot(paint)), Some(paint));
                for level in 1..=LEVELS {
                    for under in [Paint::Light, Paint::DarkAttacked, Paint::Background, Paint::Solution] {
                        let (o, n) = (
                            ordered.ink_over(paint, ordered.slot(under), level),
                            natural.ink_over(paint, natural.slot(under), level),
                        );
                        assert_eq!(ordered.rgb(o), natural.rgb(n), "{paint:?} over {under:?} at {level}");
                    }
                }
            }
            let placement = [Paint::Background, Paint::Text, Paint::LightAttacked, Paint::Queen, Paint::Placed];
            assert!(placement.iter().all(|&p| ordered.slot(p) < 16));
            assert!(ordered.ink_over(Paint::Queen, ordered.slot(Paint::DarkAttacked), 2) < 16);
        }
    }
}
