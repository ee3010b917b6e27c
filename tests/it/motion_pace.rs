//! Motion people can see (`--motion smooth`): a held step's in-betweens (a dead end, reading time)
//! take 400-600 ms of its hold, a plain step's about 150 ms, whatever `--delay` (decoded GIF
//! frames against the discrete GIF's steps; a page's bytes and a GIF's pictures do not grow with
//! `--delay`); a dead end's mark comes after the rays and pulses (alarm-coloured pixels of the
//! decoded in-betweens); a move's alarm lines come only once she lands (the in-betweens' scenes);
//! two attacking queens side by side are outlined in the alarm colour on their squares, with no
//! stub between them (decoded GIF pixels). Needs the `image` feature.
#![cfg(feature = "image")]

use crate::motion::{smooth, steps};
use crate::support::{backtrack_dead_ends, decode_gif, queens_per_frame, rgb, run_ok, temp_dir, trace_for};
use image::RgbaImage;
use queens::internals::Describer;
use queens::{Algorithm, Event, Item, ItemId, Paint, Part, RenderOptions, Scene, SolveOptions, Square, Theme, Until};
use std::collections::BTreeSet;

/// The pictures of each step of a smooth GIF (decoded), cut by the discrete GIF's steps: per step,
/// its delay and the start (ms into the step) and image of each picture.
fn pictures_by_step(discrete: &[(RgbaImage, u32)], smooth: Vec<(RgbaImage, u32)>) -> Vec<(u32, Vec<(u32, RgbaImage)>)> {
    let mut pictures = smooth.into_iter().scan(0, |at, (image, ms)| Some((std::mem::replace(at, *at + ms), image)));
    let mut pending = pictures.next();
    let mut start = 0;
    let mut out = Vec::new();
    for (_, delay) in discrete {
        let mut step = Vec::new();
        while let Some((at, image)) = pending.take() {
            if at >= start + delay {
                pending = Some((at, image));
                break;
            }
            step.push((at - start, image));
            pending = pictures.next();
        }
        out.push((*delay, step));
        start += delay;
    }
    out
}

fn alarm() -> [u8; 3] {
    Theme::default().color(Paint::CheckAttacked)
}

/// Pixels of `image` in the alarm colour or its tint.
fn alarm_pixels(image: &RgbaImage) -> usize {
    let (full, tint) = (alarm(), Theme::default().color(Paint::CheckAttackedTint));
    image.pixels().filter(|p| [p.0[0], p.0[1], p.0[2]] == full || [p.0[0], p.0[1], p.0[2]] == tint).count()
}

#[test]
fn held_steps_move_for_400_to_600_ms_and_plain_ones_for_about_150() {
    let dir = temp_dir("motion-pace", "spans");
    run_ok(&dir, &["animate", "6", "-q", "-o", "discrete.gif"]);
    run_ok(&dir, &["animate", "6", "-q", "--motion", "smooth", "-o", "smooth.gif"]);
    let read = |name: &str| decode_gif(&std::fs::read(dir.join(name)).unwrap());
    let discrete = read("discrete.gif");
    let trace = trace_for(6, Until::First);
    assert_eq!(discrete.len(), trace.events.len() + 1, "one frame per step");
    let steps = pictures_by_step(&discrete, read("smooth.gif"));
    let (mut held, mut plain) = (0, 0);
    for (k, (delay, pictures)) in steps.iter().enumerate().skip(1) {
        let moves = matches!(trace.events[k - 1], Event::Place { .. } | Event::Remove { .. });
        // A step that only lands her (her rays reach no new square) is two pictures: her
        // silhouette, then her frame; with rays, the farthest comes on the step's own picture.
        let Some(&(span, _)) = pictures.last().filter(|_| moves && pictures.len() > 2) else { continue };
        if *delay >= 500 {
            assert!((400..=600).contains(&span), "held step {k} ({delay} ms): its own picture from {span} ms");
            held += 1;
        } else if *delay > 250 {
            // Held briefly (a repeated sentence's changed words): 90% of the hold.
            assert!(span > 150 && span * 10 <= delay * 9, "held step {k} ({delay} ms): its own picture from {span} ms");
        } else {
            assert!((90..=150).contains(&span), "plain step {k} ({delay} ms): its own picture from {span} ms");
            plain += 1;
        }
    }
    assert!(held >= 5 && plain >= 5, "{held} held and {plain} plain steps that move");
}

#[test]
fn a_dead_ends_mark_comes_after_the_rays_then_pulses() {
    let dir = temp_dir("motion-pace", "dead-end");
    run_ok(&dir, &["animate", "6", "-q", "-o", "discrete.gif"]);
    run_ok(&dir, &["animate", "6", "-q", "--motion", "smooth", "-o", "smooth.gif"]);
    let read = |name: &str| decode_gif(&std::fs::read(dir.join(name)).unwrap());
    let discrete = read("discrete.gif");
    let dead = backtrack_dead_ends(&trace_for(6, Until::First));
    let steps = pictures_by_step(&discrete, read("smooth.gif"));
    let mut checked = 0;
    for (k, (_, pictures)) in steps.iter().enumerate().filter(|(k, _)| dead[*k]) {
        let counts: Vec<usize> = pictures.iter().map(|(_, image)| alarm_pixels(image)).collect();
        let last = *counts.last().unwrap();
        assert_eq!(last, alarm_pixels(&discrete[k].0), "step {k}: ends on the discrete frame");
        let first_full = counts.iter().position(|&c| c >= last).unwrap();
        let (comes, ends) = (pictures[first_full].0, pictures.last().unwrap().0);
        assert!(comes * 2 >= ends, "dead end {k}: the mark at {comes} ms of {ends}, before the rays ({counts:?})");
        assert!(counts[first_full..].iter().any(|&c| c > last), "dead end {k}: no pulse ({counts:?})");
        checked += 1;
    }
    assert!(checked >= 3, "{checked} dead ends");
}

/// The alarm lines of a scene's marks.
fn alarm_lines(scene: &Scene) -> BTreeSet<String> {
    let marks = scene.ids.iter().zip(&scene.items);
    let lines = marks.filter(|(id, item)| {
        matches!(id, ItemId::Part { part: Part::Marks, .. })
            && matches!(item, Item::Line { paint: Paint::CheckAttacked, .. })
    });
    lines.map(|(_, item)| format!("{item:?}")).collect()
}

#[test]
fn a_moves_new_lines_come_only_once_she_lands() {
    let mut options = SolveOptions::new(8);
    options.algorithm = Algorithm::MinConflicts;
    let trace = queens::record(&options, 10_000).unwrap();
    let steps = steps(&trace, &smooth(60));
    let (mut sliding, mut landed_with_new) = (0, 0);
    for (k, step) in steps.iter().enumerate().skip(1) {
        let before = alarm_lines(&steps[k - 1].last().unwrap().scene);
        let after = alarm_lines(&step.last().unwrap().scene);
        for picture in &step[..step.len() - 1] {
            let lines = alarm_lines(&picture.scene);
            if picture.scene.slide.is_some() {
                sliding += 1;
                assert!(lines.is_subset(&before), "step {k}: a new line while she slides");
            } else if !lines.is_subset(&before) {
                assert!(lines.is_subset(&after), "step {k}: only the step's lines");
                landed_with_new += 1;
            }
        }
    }
    assert!(sliding > 20 && landed_with_new >= 2, "{sliding} sliding pictures, {landed_with_new} with new lines");
}

#[test]
fn two_attacking_queens_side_by_side_are_outlined_on_their_squares() {
    let dir = temp_dir("motion-pace", "adjacent");
    run_ok(&dir, &["animate", "8", "--algorithm", "min-conflicts", "--square", "40", "-q", "-o", "mc.gif"]);
    let frames = decode_gif(&std::fs::read(dir.join("mc.gif")).unwrap());
    let mut options = SolveOptions::new(8);
    options.algorithm = Algorithm::MinConflicts;
    let trace = queens::record(&options, 10_000).unwrap();
    let boards = queens_per_frame(&trace);
    assert_eq!(frames.len(), boards.len(), "the GIF is this run");
    let mut look = RenderOptions::default();
    look.square = Some(40);
    let describer = Describer::new(8, &look, Some(queens::caption_spec(&trace)));
    let (s, b) = (describer.layout.square as u32, describer.layout.border as u32);
    let origin = |(row, col): (usize, usize)| {
        let (x, y) = describer.layout.square_origin(Square::new(row, col));
        (x as u32, y as u32)
    };
    let mut pairs = 0;
    for (k, queens) in boards.iter().enumerate() {
        let image = &frames[k].0;
        for (&a, &c) in queens.iter().flat_map(|a| queens.iter().map(move |c| (a, c))) {
            if a >= c || a.0.abs_diff(c.0) > 1 || a.1.abs_diff(c.1) > 1 {
                continue;
            }
            for q in [a, c] {
                // The left edge's ink, one pixel in (the halo's width at 40 px squares), half-way down.
                let (x, y) = origin(q);
                let inked = (x + 1..x + 1 + b).any(|x| rgb(image, x, y + s / 2) == alarm());
                assert!(inked, "frame {k}: the queen on {q:?} (beside {a:?}/{c:?}) is outlined in the alarm colour");
            }
            // Where the two squares meet (an edge's middle or a corner) no stub line.
            let ((x0, y0), (x1, y1)) = (origin(a), origin(c));
            let meet = ((x0 + x1 + s) / 2, (y0 + y1 + s) / 2);
            let near = (meet.0 - 1..=meet.0).flat_map(|x| (meet.1 - 1..=meet.1).map(move |y| (x, y)));
            assert!(
                near.into_iter().all(|(x, y)| rgb(image, x, y) != alarm()),
                "frame {k}: a stub between {a:?} {c:?}"
            );
            pairs += 1;
        }
    }
    assert!(pairs >= 3, "{pairs} side-by-side pairs in the run");
}

#[test]
fn smooth_motion_does_not_grow_with_the_delay() {
    let dir = temp_dir("motion-pace", "delay");
    let sizes: Vec<(usize, usize)> = ["250", "655350"]
        .iter()
        .map(|delay| {
            let (page, gif) = (format!("d{delay}.html"), format!("d{delay}.gif"));
            run_ok(&dir, &["animate", "6", "-q", "--delay", delay, "--motion", "smooth", "-o", &page]);
            run_ok(&dir, &["animate", "5", "-q", "--delay", delay, "--motion", "smooth", "-o", &gif]);
            let page = std::fs::read(dir.join(&page)).unwrap().len();
            (page, decode_gif(&std::fs::read(dir.join(&gif)).unwrap()).len())
        })
        .collect();
    let ((page, pictures), (slow_page, slow_pictures)) = (sizes[0], sizes[1]);
    assert!(slow_page * 10 <= page * 11, "the page: {slow_page} bytes at --delay 655350, {page} at 250");
    assert!(slow_pictures <= pictures, "the GIF: {slow_pictures} pictures at --delay 655350, {pictures} at 250");
}
