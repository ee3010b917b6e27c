//! Knuth's estimator converging: the running estimate of the backtrack tree's nodes against the
//! number of probes (log axis), with its band of one standard error either side and, when known,
//! the exact count as a horizontal line.
//!
//! Contract: the value axis is linear from 0 to twice the exact count (twice the final estimate
//! without one), rounded up to a tick; the estimate's line and band are clipped at the plot's top
//! edge where early probes overshoot (a probe's product can be many times the tree). The band is
//! drawn as one fill per checkpoint interval, from the estimate minus its standard error to the
//! estimate plus it at the interval's start.

use super::{fill, picture, thousands, Plot, Writer, LABEL, TITLE};
use crate::error::Error;
use crate::font::Glyphs;
use crate::scene::items::{Item, Scene};
use crate::scene::layout::check_frame_size;
use crate::scene::theme::Paint;
use crate::scene::RenderOptions;
use crate::solve::estimate::Estimate;
use crate::stills::picture::Picture;

/// A tick step near a fifth of `top`: 1, 2 or 5 times a power of ten.
fn tick_step(top: f64) -> f64 {
    let rough = (top / 5.0).max(1.0);
    let power = 10f64.powf(rough.log10().floor());
    [1.0, 2.0, 5.0, 10.0].into_iter().map(|m| m * power).find(|&s| s >= rough).unwrap_or(10.0 * power)
}

/// The segment from `a` to `b` kept where y lies in `top..=bottom`, if any.
fn clip((ax, ay): (f32, f32), (bx, by): (f32, f32), top: f32, bottom: f32) -> Option<((f32, f32), (f32, f32))> {
    let (lo, hi) = (ay.min(by), ay.max(by));
    if hi < top || lo > bottom {
        return None;
    }
    let at = |y: f32| if by == ay { ax } else { ax + (bx - ax) * (y - ay) / (by - ay) };
    let keep = |(x, y): (f32, f32)| {
        if y < top {
            (at(top), top)
        } else if y > bottom {
            (at(bottom), bottom)
        } else {
            (x, y)
        }
    };
    Some((keep((ax, ay)), keep((bx, by))))
}

/// The chart of `estimate`'s running estimate, with `exact` nodes when known.
pub fn picture_of(estimate: &Estimate, exact: Option<u64>, options: &RenderOptions) -> Result<Picture, Error> {
    let glyphs = Glyphs::new();
    let mut writer = Writer { glyphs: &glyphs, items: Vec::new() };
    let n = estimate.n;
    let reference = exact.map_or(estimate.nodes.mean, |e| e as f64).max(1.0);
    let step = tick_step(2.0 * reference);
    let y_top = (2.0 * reference / step).ceil() * step;
    let tick_width = writer.width(&thousands(y_top as u64), LABEL);
    let (width, left) = (760.0, (tick_width + 24.0).round());
    let plot = Plot { x: left, y: 30.0 + TITLE as f32 + 24.0 * 4.0, w: width - left - 30.0, h: 320.0 };
    let height = plot.bottom() + 60.0;
    check_frame_size(width as usize, height as usize)?;
    let mut scene = Scene::new(width as usize, height as usize);

    let probes = thousands(estimate.samples);
    let title = format!("{n}×{n} queens: Knuth's estimate of the backtrack tree, {probes} probes");
    writer.centred(width / 2.0, 14.0 + TITLE as f32, TITLE, &title, Paint::Text);
    let (mean, se) = (estimate.nodes.mean, estimate.nodes.std_error);
    let mut legend = vec![
        (Paint::Placed, format!("estimate: {} nodes (seed {})", thousands(mean.round() as u64), estimate.seed)),
        (Paint::PlacedTint, format!("one standard error either side: ± {}", thousands(se.round() as u64))),
    ];
    if let Some(exact) = exact {
        let off = 100.0 * (mean - exact as f64) / exact as f64;
        legend.push((
            Paint::CheckAttacked,
            format!("exact: {} nodes (the estimate is {off:+.2}% off)", thousands(exact)),
        ));
    }
    for (i, (paint, line)) in legend.iter().enumerate() {
        let y = 30.0 + TITLE as f32 + 24.0 * i as f32;
        scene.push(fill(left, y, 14.0, 14.0, *paint));
        writer.at(left + 22.0, writer.middle(y + 7.0, LABEL), LABEL, line, Paint::Text);
    }
    // Value ticks (linear) and probe ticks (decades).
    let y_of = |v: f64| plot.bottom() - (v / y_top) as f32 * plot.h;
    let mut v = 0.0;
    while v <= y_top + step / 2.0 {
        let y = y_of(v);
        scene.push(fill(plot.x, y, plot.w, 1.0, Paint::TextTint));
        writer.right(plot.x - 8.0, writer.middle(y, LABEL), LABEL, &thousands(v as u64), Paint::Text);
        v += step;
    }
    let decades = (estimate.samples.max(10) as f64).log10();
    let x_of = |k: u64| plot.x + ((k as f64).log10() / decades) as f32 * plot.w;
    for k in 0..=decades.floor() as u32 {
        let x = x_of(10u64.pow(k));
        scene.push(fill(x, plot.y, 1.0, plot.h, Paint::TextTint));
        writer.centred(x, plot.bottom() + 20.0, LABEL, &thousands(10u64.pow(k)), Paint::Text);
    }
    writer.at(8.0, plot.y - 10.0, LABEL, "nodes", Paint::Text);
    let axis = "probes made (log scale)";
    writer.centred(plot.x + plot.w / 2.0, plot.bottom() + 44.0, LABEL, axis, Paint::Text);
    // The band, then the exact line, then the estimate on top.
    let points = &estimate.running;
    for pair in points.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let hi = y_of(a.nodes.mean + a.nodes.std_error).max(plot.y);
        let lo = y_of((a.nodes.mean - a.nodes.std_error).max(0.0)).min(plot.bottom());
        if lo > hi {
            let (x0, x1) = (x_of(a.samples), x_of(b.samples));
            scene.push(fill(x0, hi, x1 - x0, lo - hi, Paint::PlacedTint));
        }
    }
    if let Some(exact) = exact {
        scene.push(fill(plot.x, y_of(exact as f64) - 1.0, plot.w, 2.0, Paint::CheckAttacked));
    }
    for pair in points.windows(2) {
        let a = (x_of(pair[0].samples), y_of(pair[0].nodes.mean));
        let b = (x_of(pair[1].samples), y_of(pair[1].nodes.mean));
        if let Some((from, to)) = clip(a, b, plot.y, plot.bottom()) {
            scene.push(Item::Line { from, to, width: 2.0, paint: Paint::Placed });
        }
    }
    scene.push(fill(plot.x, plot.bottom(), plot.w, 1.0, Paint::Text));
    writer.items.into_iter().for_each(|item| scene.push(item));
    Ok(picture(scene, title, options))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_step_by_one_two_or_five() {
        assert_eq!(tick_step(1_712_378.0), 500_000.0);
        assert_eq!(tick_step(4114.0), 1000.0);
        assert_eq!(tick_step(3.0), 1.0);
    }

    #[test]
    fn segments_are_cut_at_the_plot_edges() {
        assert_eq!(clip((0.0, -10.0), (10.0, 10.0), 0.0, 100.0), Some(((5.0, 0.0), (10.0, 10.0))));
        assert_eq!(clip((0.0, -10.0), (10.0, -5.0), 0.0, 100.0), None);
    }
}
