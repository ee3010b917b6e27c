//! The key on frame 0: what the board's grounds and marks mean, said once where the run starts.
//!
//! Contract: on frame 0 of a tree search's run (backtrack, grid, forward) that shades attacks,
//! the reason row (empty on that frame) holds, right-aligned, three swatches with their words:
//! a free square ("safe"), an attacked one ("attacked") and a crossed-out one ("tried"), in the
//! board's own paints (the light square and its attacked twin: every built-in theme tells them
//! apart by lightness, also the ones that ring or hatch), so a reader can tell them apart before
//! the first dead end.

use super::items::{Item, Scene};
use super::theme::Paint;
use super::Describer;
use crate::board::deadend::explains;

impl Describer {
    /// The key's items, when this run's frame 0 carries one.
    pub(super) fn key(&self, scene: &mut Scene) {
        let (Some(layout), Some((kind, _))) = (&self.layout.caption, self.run) else { return };
        let Some(&baseline) = layout.reason_rows.first() else { return };
        if !self.shade_attacks || !explains(kind) {
            return;
        }
        let entries = [(Swatch::Safe, "safe"), (Swatch::Attacked, "attacked"), (Swatch::Tried, "tried")];
        // The reason's size, else the counters' where that does not fit the band; else no key.
        let width = |size: u32| {
            let (side, space) = (self.glyphs.cap_height(size).round().max(6.0), self.glyphs.advance(' ', size));
            entries.iter().map(|(_, w)| side + space + self.glyphs.text_width(w, size)).sum::<f32>() + 6.0 * space
        };
        let Some(size) = [layout.reason_size, layout.text_size].into_iter().find(|&s| width(s) <= layout.width())
        else {
            return;
        };
        let side = self.glyphs.cap_height(size).round().max(6.0);
        let space = self.glyphs.advance(' ', size);
        let mut x = layout.right - width(size);
        for (swatch, word) in entries {
            self.swatch(swatch, (x, baseline), side, scene);
            x += side + space;
            scene.push(Item::Text { x, baseline, size, text: word.to_string(), paint: Paint::Text });
            x += self.glyphs.text_width(word, size) + space * 3.0;
        }
    }

    /// One swatch, `side` pixels, its left edge at `x` and its bottom on `baseline`: the ground in the board's light paint
    /// (attacked: its dimmer twin), outlined in the ghost's ink; the tried one crossed out by a
    /// "×" glyph in that ink (a glyph, so every backend layers it over the fill as drawn here).
    fn swatch(&self, swatch: Swatch, (x, baseline): (f32, f32), side: f32, scene: &mut Scene) {
        let (x0, y0, s) = (x.round() as i64, (baseline - side).round() as i64, side as i64);
        let ground = if swatch == Swatch::Attacked { Paint::LightAttacked } else { Paint::Light };
        // Four edges and the ground inside them: fills that never overlap, so every backend
        // layers them alike.
        for rect in [(x0, y0, s, 1), (x0, y0 + s - 1, s, 1), (x0, y0 + 1, 1, s - 2), (x0 + s - 1, y0 + 1, 1, s - 2)] {
            scene.push(Item::Fill { rect, paint: Paint::Ghost });
        }
        scene.push(Item::Fill { rect: (x0 + 1, y0 + 1, s - 2, s - 2), paint: ground });
        if swatch == Swatch::Tried {
            // On the words' baseline (so the words read "× tried"), sized so its centre sits
            // about the swatch's middle (DejaVu's "×" is centred near 0.35 em up).
            let size = ((s as f32) * 1.4).round() as u32;
            let width = self.glyphs.text_width("×", size);
            let x = x0 as f32 + (s as f32 - width) / 2.0;
            scene.push(Item::Text { x, baseline, size, text: "×".into(), paint: Paint::Ghost });
        }
    }
}

/// What a swatch of the key shows.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Swatch {
    Safe,
    Attacked,
    Tried,
}
