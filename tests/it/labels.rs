//! Labels that never touch a piece (issue 51), measured on decoded GIF frames: the print theme's
//! labels keep 3:1 on every ground (their typical ink pixel, not only the darkest one, against
//! the ground around them), and `--coords outside` draws every label in the strip outside the
//! board, under 36 px squares too, while the board stays as it is. (That no label comes within
//! 2 px of a queen is measured on the described scenes of every algorithm's run by the library's
//! own test, `scene::labels::tests`.)

use crate::legibility::worst;
use crate::support::{decode_gif, run_ok, temp_dir};
use image::RgbaImage;
use queens::internals::{Describer, Replay};
use queens::{Item, ItemId, Part, RenderOptions, Theme};
use std::collections::BTreeMap;

type Rgb = [u8; 3];

fn px(img: &RgbaImage, x: i64, y: i64) -> Rgb {
    let p = img.get_pixel(x as u32, y as u32).0;
    [p[0], p[1], p[2]]
}

/// The labels (coordinates) of a described frame: words, pen x, baseline, size.
fn labels(scene: &queens::Scene) -> Vec<(String, f32, f32, u32)> {
    scene
        .items
        .iter()
        .zip(&scene.ids)
        .filter_map(|(item, id)| match (item, id) {
            (Item::Text { x, baseline, size, text, .. }, ItemId::Part { part: Part::Labels, .. }) => {
                Some((text.clone(), *x, *baseline, *size))
            }
            _ => None,
        })
        .collect()
}

/// In a label's box (pen to advance, cap height over the baseline): the ground (its commonest
/// colour) and the typical ink of a stroke: of the pixels that differ from the ground, the one
/// three quarters of the way up their order by contrast with it (a stroke's core, not its
/// anti-aliased edge, nor only its single darkest pixel).
fn label_look(
    img: &RgbaImage,
    describer: &Describer,
    (text, x, baseline, size): &(String, f32, f32, u32),
) -> (Rgb, Rgb) {
    let (width, _) = describer.measure(text, *size);
    let cap = describer.cap_height(*size);
    let (x0, x1) = (x.floor() as i64, (x + width).ceil() as i64);
    let (y0, y1) = ((baseline - cap).floor() as i64, baseline.ceil() as i64);
    let mut counts: BTreeMap<Rgb, usize> = BTreeMap::new();
    let pixels: Vec<Rgb> = (y0..y1).flat_map(|y| (x0..x1).map(move |x| (x, y))).map(|(x, y)| px(img, x, y)).collect();
    for &p in &pixels {
        *counts.entry(p).or_default() += 1;
    }
    let ground = counts.into_iter().max_by_key(|&(c, n)| (n, c)).unwrap().0;
    let mut ink: Vec<Rgb> = pixels.into_iter().filter(|&p| p != ground).collect();
    ink.sort_by(|a, b| worst(*a, ground, false).partial_cmp(&worst(*b, ground, false)).unwrap());
    (ground, ink.get(ink.len() * 3 / 4).copied().unwrap_or(ground))
}

#[test]
fn print_labels_read_on_every_ground() {
    let dir = temp_dir("labels", "print");
    for square in [44usize, 60] {
        let out = dir.as_path().join(format!("print{square}.gif"));
        let size = square.to_string();
        run_ok(
            dir.as_path(),
            &["animate", "6", "-q", "--theme", "print", "--square", &size, "-o", out.to_str().unwrap()],
        );
        let frames = decode_gif(&std::fs::read(&out).unwrap());
        let trace = queens::record(&queens::SolveOptions::new(6), 100_000).unwrap();
        let mut options = RenderOptions::default();
        options.theme = Theme::print();
        options.square = Some(square);
        let describer = Describer::new(6, &options, Some(queens::caption_spec(&trace)));
        let mut grounds = std::collections::BTreeSet::new();
        for (frame, (img, _)) in Replay::new(&trace).zip(&frames) {
            let frame = frame.unwrap();
            for label in labels(&describer.describe(&frame)) {
                let (ground, ink) = label_look(img, &describer, &label);
                let c = worst(ink, ground, false);
                assert!(
                    c >= 3.0,
                    "--square {square}, frame {}: label {} ink {ink:?} on {ground:?}: {c:.2}:1",
                    frame.index,
                    label.0
                );
                grounds.insert(ground);
            }
        }
        assert!(grounds.len() >= 2, "labels measured on light and dark squares: {grounds:?}");
    }
}

#[test]
fn coords_outside_draws_every_label_in_the_strip_under_36_px() {
    let dir = temp_dir("labels", "outside");
    for square in [20usize, 30, 60] {
        let size = square.to_string();
        let out = dir.as_path().join(format!("out{square}.gif"));
        run_ok(
            dir.as_path(),
            &["animate", "6", "-q", "--square", &size, "--coords", "outside", "-o", out.to_str().unwrap()],
        );
        let frames = decode_gif(&std::fs::read(&out).unwrap());
        let trace = queens::record(&queens::SolveOptions::new(6), 100_000).unwrap();
        let mut options = RenderOptions::default();
        options.square = Some(square);
        options.coords_outside = true;
        let describer = Describer::new(6, &options, Some(queens::caption_spec(&trace)));
        let l = &describer.layout;
        assert_eq!((frames[0].0.width() as usize, frames[0].0.height() as usize), (l.width, l.height));
        let (bx, by, side) = (l.board_x as f32, l.board_y as f32, l.board_size() as f32);
        let last = Replay::new(&trace).last().unwrap().unwrap();
        let found = labels(&describer.describe(&last));
        assert_eq!(found.len(), 12, "--square {square}: six ranks and six files");
        let img = &frames.last().unwrap().0;
        let background = px(img, 0, 0);
        for label in &found {
            let (text, x, baseline, size) = label;
            let (width, _) = describer.measure(text, *size);
            // Outside the board: ranks left of it, files under it.
            assert!(
                x + width < bx || *baseline - describer.cap_height(*size) > by + side,
                "'{text}' at {x},{baseline} is on the board"
            );
            let (ground, ink) = label_look(img, &describer, label);
            assert_eq!(ground, background, "--square {square}: '{text}' stands on the background");
            assert!(worst(ink, ground, false) >= 3.0, "--square {square}: '{text}' is drawn ({ink:?} on {ground:?})");
        }
        // The ranks are in order from the top, the files from the left.
        let ranks: Vec<&str> = found.iter().filter(|l| l.1 < bx).map(|l| l.0.as_str()).collect();
        assert_eq!(ranks, ["6", "5", "4", "3", "2", "1"]);
    }
}

#[test]
fn coords_outside_keeps_bare_and_default_frames_as_they_were() {
    let dir = temp_dir("labels", "sizes");
    let size = |args: &[&str]| {
        let out = dir.as_path().join("f.png");
        let mut all = vec!["frames", "5", "-q", "--frames", "0", "-o", out.to_str().unwrap()];
        all.extend_from_slice(args);
        run_ok(dir.as_path(), &all);
        let img = image::open(&out).unwrap();
        (img.width(), img.height())
    };
    assert_eq!(size(&["--bare", "--coords", "outside"]), (300, 300), "--bare stays N*square");
    let default = size(&[]);
    assert_eq!(size(&["--coords"]), default, "bare --coords is inside, as before");
    assert_eq!(size(&["--coords", "inside"]), default);
    let outside = size(&["--coords", "outside"]);
    assert!(outside.0 > default.0 && outside.1 > default.1, "the strip grows the frame: {outside:?} vs {default:?}");
}
