//! A search tree's profile as a bar chart: nodes per level on a log axis, one bar per level (two,
//! side by side, with a second tree to compare), each labelled with its count over it (bars are
//! as wide as the widest label; past 9,999 in thousands, millions or billions, 3 significant digits), the
//! levels under them, the totals in the legend.
//!
//! Contract: the axis runs in decades from a third of a decade below 1 (so a level of one node,
//! the root, still shows a bar) to the first power of ten at or above the largest level; a bar of
//! count c reaches log10(c) on it; a level of 0 nodes has no bar and a "0" on the base line. The
//! first tree's bars are filled, the second's outlined (they stay apart in every theme, gray and
//! print included).

use super::{fill, picture, power_label, thousands, Plot, Writer, LABEL, TITLE};
use crate::count::profile::Profile;
use crate::error::Error;
use crate::font::Glyphs;
use crate::scene::items::{Item, Scene};
use crate::scene::layout::check_frame_size;
use crate::scene::theme::Paint;
use crate::scene::RenderOptions;
use crate::stills::picture::Picture;

/// Decades below 1 the axis starts at.
const BELOW_ONE: f32 = 0.3;

/// The narrowest bar, and the gap between levels, in pixels.
const MIN_BAR: f32 = 26.0;
const GAP: f32 = 14.0;

/// A count over its bar: in full up to 9,999, then in thousands (k), millions (M) or billions (G) to three
/// significant digits (the table on stdout has every digit).
fn bar_label(count: u64) -> String {
    let short = |value: f64, unit: &str| {
        let digits = if value >= 100.0 {
            0
        } else if value >= 10.0 {
            1
        } else {
            2
        };
        format!("{value:.digits$}{unit}")
    };
    match count {
        0..=9_999 => thousands(count),
        10_000..=999_999 => short(count as f64 / 1e3, "k"),
        1_000_000..=999_999_999 => short(count as f64 / 1e6, "M"),
        _ => short(count as f64 / 1e9, "G"),
    }
}

/// The title and the legend's line for each tree.
fn words(profiles: &[&Profile]) -> (String, Vec<String>) {
    let n = profiles[0].n;
    let title = match profiles {
        [one] => format!("{n}×{n} queens: the {} tree, nodes per level", one.search.name()),
        _ => format!(
            "{n}×{n} queens: nodes per level, {} against {}",
            profiles[0].search.name(),
            profiles[1].search.name()
        ),
    };
    let legend = profiles
        .iter()
        .map(|p| format!("{}: {} nodes, {} solutions", p.search.name(), thousands(p.nodes()), thousands(p.solutions())))
        .collect();
    (title, legend)
}

/// The profile chart of one tree, or of two trees of the same board compared.
pub fn picture_of(profiles: &[&Profile], options: &RenderOptions) -> Result<Picture, Error> {
    assert!(matches!(profiles.len(), 1 | 2) && profiles.iter().all(|p| p.n == profiles[0].n));
    let glyphs = Glyphs::new();
    let n = profiles[0].n;
    let largest = profiles.iter().flat_map(|p| p.levels.iter().copied()).max().unwrap_or(1).max(1);
    let decades = (largest as f64).log10().ceil().max(1.0) as u32;
    let mut writer = Writer { glyphs: &glyphs, items: Vec::new() };
    let tick_width = (0..=decades).map(|k| writer.width(&power_label(k), LABEL)).fold(0.0, f32::max);
    let widest = profiles
        .iter()
        .flat_map(|p| p.levels.iter())
        .map(|&c| writer.width(&bar_label(c), LABEL - 2))
        .fold(0.0, f32::max);
    let bar_width = (widest + 4.0).max(MIN_BAR).ceil();
    let group = bar_width * profiles.len() as f32 + GAP;
    let left = (tick_width + 24.0).round();
    let width = (left + group * (n + 1) as f32 + 24.0).max(560.0).round();
    let (title, legend) = words(profiles);
    let legend_top = 30.0 + TITLE as f32;
    let plot_top = legend_top + 24.0 * profiles.len() as f32 + 28.0;
    let plot = Plot { x: left, y: plot_top, w: width - left - 24.0, h: 300.0 };
    let height = (plot.bottom() + 60.0).round();
    check_frame_size(width as usize, height as usize)?;
    let mut scene = Scene::new(width as usize, height as usize);

    writer.centred(width / 2.0, 14.0 + TITLE as f32, TITLE, &title, Paint::Text);
    for (i, line) in legend.iter().enumerate() {
        let y = legend_top + 24.0 * i as f32;
        scene.push(swatch(left, y, i));
        writer.at(left + 22.0, writer.middle(y + 7.0, LABEL), LABEL, line, Paint::Text);
    }
    // Grid and ticks: one line per decade, labelled at the left.
    let span = decades as f32 + BELOW_ONE;
    let y_of = |value: f64| plot.bottom() - ((value.log10() as f32 + BELOW_ONE) / span) * plot.h;
    for k in 0..=decades {
        let y = y_of(10f64.powi(k as i32));
        scene.push(fill(plot.x, y, plot.w, 1.0, Paint::TextTint));
        writer.right(plot.x - 8.0, writer.middle(y, LABEL), LABEL, &power_label(k), Paint::Text);
    }
    writer.at(8.0, plot.y - 10.0, LABEL, "nodes (log scale)", Paint::Text);
    // Bars, level by level; the counts over them, where they fit.
    let plot_left = plot.x + (plot.w - group * (n + 1) as f32) / 2.0;
    for level in 0..=n {
        let group_x = plot_left + group * level as f32 + GAP / 2.0;
        for (i, p) in profiles.iter().enumerate() {
            let count = p.levels[level];
            let x = group_x + bar_width * i as f32;
            if count == 0 {
                writer.centred(x + bar_width / 2.0, plot.bottom() - 4.0, LABEL - 2, "0", Paint::Text);
                continue;
            }
            let top = y_of(count as f64);
            scene.push(bar(x, top, bar_width, plot.bottom() - top, i));
            writer.centred(x + bar_width / 2.0, top - 5.0, LABEL - 2, &bar_label(count), Paint::Text);
        }
        let centre = group_x + bar_width * profiles.len() as f32 / 2.0;
        writer.centred(centre, plot.bottom() + 20.0, LABEL, &level.to_string(), Paint::Text);
    }
    scene.push(fill(plot.x, plot.bottom(), plot.w, 1.0, Paint::Text));
    let axis = "level: queens on the board (0 is the empty board, the root)";
    writer.centred(plot.x + plot.w / 2.0, plot.bottom() + 44.0, LABEL, axis, Paint::Text);
    writer.items.into_iter().for_each(|item| scene.push(item));
    Ok(picture(scene, title, options))
}

/// Series `i`'s bar: filled for the first, outlined for the second.
fn bar(x: f32, y: f32, w: f32, h: f32, i: usize) -> Item {
    match i {
        0 => fill(x + 1.0, y, w - 2.0, h, Paint::Placed),
        _ => match fill(x + 1.0, y, w - 2.0, h, Paint::CheckSafe) {
            Item::Fill { rect, paint } => Item::Outline { rect, thickness: 2, paint },
            other => other,
        },
    }
}

/// Series `i`'s legend swatch, 14 pixels a side at (x, y).
fn swatch(x: f32, y: f32, i: usize) -> Item {
    match i {
        0 => fill(x, y, 14.0, 14.0, Paint::Placed),
        _ => Item::Outline { rect: (x as i64, y as i64, 14, 14), thickness: 2, paint: Paint::CheckSafe },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn big_counts_shorten_to_three_digits() {
        assert_eq!(bar_label(568), "568");
        assert_eq!(bar_label(9_999), "9,999");
        assert_eq!(bar_label(54_068), "54.1k");
        assert_eq!(bar_label(260_303_408), "260M");
        assert_eq!(bar_label(14_772_512), "14.8M");
        assert_eq!(bar_label(1_141_190_303), "1.14G");
    }
}
