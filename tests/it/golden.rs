//! Golden images: what the library draws, compared pixel by pixel with pictures stored in
//! `tests/golden/` (see tests/it/support/golden.rs). Catches any visual change the probing tests miss:
//! captions, brackets, glyph shapes, labels, margins, theme colours.
//!
//! Regenerate after an intended change: `QUEENS_UPDATE_GOLDEN=1 cargo test --test it golden`, then
//! look at the new pictures before committing them.

use crate::support::decode_gif;
use crate::support::golden::{assert_golden, compare, diff_image};
use image::{Rgba, RgbaImage};
use queens::{Animation, FrameSpec, RenderOptions, SolveOptions, Theme, Trace};

fn trace(n: usize) -> Trace {
    queens::record(&SolveOptions::new(n), queens::DEFAULT_MAX_FRAMES).unwrap()
}

/// The GIF's frames as the `image` crate composites them.
fn frames(trace: &Trace, animation: &Animation) -> Vec<RgbaImage> {
    let mut gif = Vec::new();
    queens::render_gif(trace, animation, &mut gif).unwrap();
    decode_gif(&gif).into_iter().map(|(img, _)| img).collect()
}

fn decode_png(png: &[u8]) -> RgbaImage {
    image::load_from_memory_with_format(png, image::ImageFormat::Png).expect("PNG decodes").to_rgba8()
}

#[test]
fn animate_4_first_middle_and_last_frames() {
    // `queens animate 4`: backtracking to the first solution, default look.
    let frames = frames(&trace(4), &Animation::new());
    let (middle, last) = (frames.len() / 2, frames.len() - 1);
    assert_golden(&[
        ("animate4-frame-first".into(), frames[0].clone()),
        ("animate4-frame-middle".into(), frames[middle].clone()),
        ("animate4-frame-last".into(), frames[last].clone()),
    ]);
}

#[test]
fn board_6_with_coordinates() {
    // `queens board 6 5,3,1,6,4,2 --coords`: the first 6x6 solution with file and rank labels.
    let mut options = RenderOptions::default();
    options.coords = true;
    let mut png = Vec::new();
    queens::write_board(6, &[1, 3, 5, 0, 2, 4], &options, queens::Format::Png, &mut png).unwrap();
    assert_golden(&[("board6-coords".into(), decode_png(&png))]);
}

#[test]
fn unique_sheet_of_5() {
    // `queens sheet 5 --unique`: two boards with their labels and class sizes, no attack shading.
    let boards = queens::solution_boards(5, true, queens::count::SolutionOrder::Backtrack);
    let mut options = RenderOptions::default();
    options.no_attacks = true;
    let mut png = Vec::new();
    queens::write_sheet(5, &boards, &options, 2, queens::Format::Png, &mut png).unwrap();
    assert_golden(&[("sheet5-unique".into(), decode_png(&png))]);
}

#[test]
fn frame_3_of_a_5x5_run_in_every_theme() {
    let trace = trace(5);
    let pictures: Vec<(String, RgbaImage)> = ["default", "gray", "dark", "print"]
        .into_iter()
        .map(|name| {
            let mut animation = Animation::new();
            animation.look.theme = Theme::named(name).unwrap();
            animation.selection.spec = Some(FrameSpec::parse("3").unwrap());
            let frames = frames(&trace, &animation);
            assert_eq!(frames.len(), 1, "one selected frame");
            (format!("theme-{name}-frame3"), frames[0].clone())
        })
        .collect();
    assert_golden(&pictures);
}

#[test]
fn a_single_changed_pixel_is_caught_and_shown() {
    let expected = frames(&trace(4), &Animation::new()).swap_remove(0);
    assert_eq!(compare(&expected, &expected), None);
    let mut actual = expected.clone();
    let (x, y) = (actual.width() / 2, actual.height() / 3);
    let before = actual.get_pixel(x, y).0;
    actual.put_pixel(x, y, Rgba([before[0] ^ 1, before[1], before[2], before[3]]));
    let m = compare(&expected, &actual).expect("a one-pixel change is a mismatch");
    assert_eq!((m.pixels, m.bbox), (1, (x, y, x, y)));
    assert_eq!(m.first, (x, y, Some(before), Some(actual.get_pixel(x, y).0)));
    let diff = diff_image(&expected, &actual);
    let w = expected.width();
    assert_eq!(diff.dimensions(), (3 * w + 16, expected.height()), "three panels and two gutters");
    assert_eq!(diff.get_pixel(2 * (w + 8) + x, y).0, [255, 0, 255, 255], "the pixel in magenta");
    assert_eq!(diff.get_pixel(2 * (w + 8) + x - 3, y).0, [255, 0, 255, 255], "boxed 3 pixels out");
    assert_ne!(diff.get_pixel(2 * (w + 8) + x - 1, y).0, [255, 0, 255, 255], "only that pixel");
    // A different size counts every pixel outside the smaller picture.
    let smaller = image::imageops::crop_imm(&expected, 0, 0, w - 2, expected.height()).to_image();
    let m = compare(&expected, &smaller).expect("a size change is a mismatch");
    assert_eq!(m.pixels, 2 * u64::from(expected.height()));
}
