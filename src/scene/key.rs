//! The key on frame 0: what the board's grounds and marks mean, said once where the run starts.
//!
//! Contract: on frame 0 of a tree search's run (backtrack, grid, forward) that shades attacks,
//! the reason row (empty on that frame) holds, right-aligned, three swatches with their words:
//! a free square ("safe", ringed where the theme rings free squares), an attacked one
//! ("attacked", hatched where the theme hatches) and a crossed-out one ("tried"), drawn in the
//! board's own paints, so a reader can tell them apart before the first dead end.

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
        let size = layout.reason_size;
        let side = self.glyphs.cap_height(size).round().max(6.0);
        let space = self.glyphs.advance(' ', size);
        let entries = [(Swatch::Safe, "safe"), (Swatch::Attacked, "attacked"), (Swatch::Tried, "tried")];
        let width: f32 = entries.iter().map(|(_, w)| side + space + self.glyphs.text_width(w, size)).sum::<f32>()
            + 2.0 * space * 2.0;
        let mut x = layout.right - width;
        for (swatch, word) in entries {
            self.swatch(swatch, (x, baseline - side), side, scene);
            x += side + space;
            scene.push(Item::Text { x, baseline, size, text: word.to_string(), paint: Paint::Text });
            x += self.glyphs.text_width(word, size) + space * 2.0;
        }
    }

    /// One swatch, `side` pixels, its top left at `at`.
    fn swatch(&self, swatch: Swatch, (x, y): (f32, f32), side: f32, scene: &mut Scene) {
        let (x0, y0, s) = (x.round() as i64, y.round() as i64, side as i64);
        let ground = if swatch == Swatch::Attacked { Paint::LightAttacked } else { Paint::Light };
        scene.push(Item::Fill { rect: (x0, y0, s, s), paint: ground });
        let (left, top, right, bottom) = (x0 as f32, y0 as f32, (x0 + s) as f32, (y0 + s) as f32);
        match swatch {
            Swatch::Safe if self.rings => {
                let inset = (s / 4).max(1);
                scene.push(Item::Outline {
                    rect: (x0 + inset, y0 + inset, s - 2 * inset, s - 2 * inset),
                    thickness: 1,
                    paint: Paint::MarkLight,
                });
            }
            Swatch::Attacked if self.hatch => {
                for k in 1..3 {
                    let at = s as f32 * k as f32 / 3.0;
                    scene.push(Item::Line {
                        from: (left, top + at),
                        to: (left + at, top),
                        width: 1.0,
                        paint: Paint::Ghost,
                    });
                    scene.push(Item::Line {
                        from: (left + at, bottom),
                        to: (right, top + at),
                        width: 1.0,
                        paint: Paint::Ghost,
                    });
                }
            }
            Swatch::Tried => {
                let h = s as f32 * 0.3;
                let (cx, cy) = (left + s as f32 / 2.0, top + s as f32 / 2.0);
                let width = (s as f32 / 8.0).max(1.25);
                scene.push(Item::Line { from: (cx - h, cy - h), to: (cx + h, cy + h), width, paint: Paint::Ghost });
                scene.push(Item::Line { from: (cx - h, cy + h), to: (cx + h, cy - h), width, paint: Paint::Ghost });
            }
            _ => {}
        }
        scene.push(Item::Outline { rect: (x0, y0, s, s), thickness: 1, paint: Paint::Ghost });
    }
}

/// What a swatch of the key shows.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Swatch {
    Safe,
    Attacked,
    Tried,
}
