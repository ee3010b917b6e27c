//! How the problem grows with N: solutions (A000170), unique solutions (A002562) and the backtrack
//! tree's nodes (A319283) on a log axis against N, each series a line through its points, with the
//! time each N took to count under its N (measured on the run, so the picture says so).
//!
//! Contract: a series skips the boards where it is 0 (2x2 and 3x3 have no solution), its line
//! broken there; the value axis runs in decades from 1 to the first power of ten at or above the
//! largest value.

use super::{fill, picture, power_label, thousands, Plot, Writer, LABEL, TITLE};
use crate::error::Error;
use crate::font::Glyphs;
use crate::scene::items::{Item, Scene};
use crate::scene::layout::check_frame_size;
use crate::scene::theme::Paint;
use crate::scene::RenderOptions;
use crate::stills::picture::Picture;

/// One board size's numbers.
#[derive(Clone, Debug, PartialEq)]
pub struct GrowthRow {
    /// The board size.
    pub n: usize,
    /// Its solutions (OEIS A000170).
    pub solutions: u64,
    /// Its solutions up to rotations and reflections (A002562).
    pub unique: u64,
    /// The backtrack tree's nodes, root included (A319283).
    pub nodes: u64,
    /// Seconds counting all three took on this run.
    pub seconds: f64,
}

/// A series: its paint, its name and its value in a row.
type Series = (Paint, &'static str, fn(&GrowthRow) -> u64);

/// Time as short words: "0.4 ms", "35 ms", "1.2 s".
fn took(seconds: f64) -> String {
    match seconds {
        s if s < 0.01 => format!("{:.1} ms", s * 1e3),
        s if s < 1.0 => format!("{:.0} ms", s * 1e3),
        s => format!("{s:.1} s"),
    }
}

/// The growth chart of `rows` (consecutive N from 1).
pub fn picture_of(rows: &[GrowthRow], options: &RenderOptions) -> Result<Picture, Error> {
    let glyphs = Glyphs::new();
    let mut writer = Writer { glyphs: &glyphs, items: Vec::new() };
    let largest = rows.iter().map(|r| r.nodes.max(r.solutions)).max().unwrap_or(1).max(1);
    let decades = (largest as f64).log10().ceil().max(1.0) as u32;
    let tick_width = (0..=decades).map(|k| writer.width(&power_label(k), LABEL)).fold(0.0, f32::max);
    let left = (tick_width + 24.0).round();
    let column = 56.0;
    let width = (left + column * rows.len() as f32 + 24.0).max(640.0).round();
    let legend_top = 30.0 + TITLE as f32;
    let plot = Plot { x: left, y: legend_top + 24.0 * 3.0 + 28.0, w: width - left - 24.0, h: 320.0 };
    let height = (plot.bottom() + 78.0).round();
    check_frame_size(width as usize, height as usize)?;
    let mut scene = Scene::new(width as usize, height as usize);
    let max_n = rows.last().map_or(0, |r| r.n);
    let title = format!("N queens from 1×1 to {max_n}×{max_n}: solutions and backtrack nodes");
    writer.centred(width / 2.0, 14.0 + TITLE as f32, TITLE, &title, Paint::Text);
    let series: [Series; 3] = [
        (Paint::CheckAttacked, "backtrack tree nodes (A319283)", |r| r.nodes),
        (Paint::Placed, "solutions (A000170)", |r| r.solutions),
        (Paint::CheckSafe, "unique solutions, up to symmetry (A002562)", |r| r.unique),
    ];
    let last = rows.last();
    for (i, (paint, name, value)) in series.iter().enumerate() {
        let y = legend_top + 24.0 * i as f32;
        scene.push(fill(left, y, 14.0, 14.0, *paint));
        let at_last = last.map_or(String::new(), |r| format!(": {} at N = {}", thousands(value(r)), r.n));
        writer.at(left + 22.0, writer.middle(y + 7.0, LABEL), LABEL, &format!("{name}{at_last}"), Paint::Text);
    }
    let y_of = |v: u64| plot.bottom() - ((v as f64).log10() as f32 / decades as f32) * plot.h;
    for k in 0..=decades {
        let y = y_of(10u64.pow(k));
        scene.push(fill(plot.x, y, plot.w, 1.0, Paint::TextTint));
        writer.right(plot.x - 8.0, writer.middle(y, LABEL), LABEL, &power_label(k), Paint::Text);
    }
    writer.at(8.0, plot.y - 10.0, LABEL, "count (log scale)", Paint::Text);
    let x_of = |i: usize| plot.x + column * (i as f32 + 0.5);
    for (i, row) in rows.iter().enumerate() {
        writer.centred(x_of(i), plot.bottom() + 20.0, LABEL, &row.n.to_string(), Paint::Text);
        writer.centred(x_of(i), plot.bottom() + 38.0, LABEL - 3, &took(row.seconds), Paint::Text);
    }
    for (paint, _, value) in &series {
        let points: Vec<Option<(f32, f32)>> =
            rows.iter().enumerate().map(|(i, r)| (value(r) > 0).then(|| (x_of(i), y_of(value(r))))).collect();
        for pair in points.windows(2) {
            if let [Some(from), Some(to)] = pair {
                scene.push(Item::Line { from: *from, to: *to, width: 2.0, paint: *paint });
            }
        }
        for &(x, y) in points.iter().flatten() {
            scene.push(fill(x - 3.0, y - 3.0, 6.0, 6.0, *paint));
        }
    }
    scene.push(fill(plot.x, plot.bottom(), plot.w, 1.0, Paint::Text));
    let axis = "N (under each, the time counting took on this run: measured, not a constant)";
    writer.centred(plot.x + plot.w / 2.0, plot.bottom() + 62.0, LABEL, axis, Paint::Text);
    writer.items.into_iter().for_each(|item| scene.push(item));
    Ok(picture(scene, title, options))
}
