//! Golden images: pictures the library drew once and a person looked at, stored as PNG under
//! `tests/golden/` and compared with what it draws now, pixel by decoded pixel (decoded by the
//! `image` crate, so a byte-level change that draws the same picture passes).
//!
//! `QUEENS_UPDATE_GOLDEN=1 cargo test --test it golden` rewrites the stored images that differ (or
//! are missing). On a mismatch the failure names an expected | actual | difference image written
//! to `<target>/tmp/golden-diff/<name>.png`: the two pictures side by side, then a faded copy of
//! the expected one with every differing pixel in magenta and a magenta box around them.

use image::{Rgba, RgbaImage};
use std::path::PathBuf;

/// Set to `1` to write the current pictures as the new golden images.
pub const UPDATE_VAR: &str = "QUEENS_UPDATE_GOLDEN";

/// Colour of differing pixels (and of the box around them) in the difference panel.
const HIGHLIGHT: Rgba<u8> = Rgba([255, 0, 255, 255]);
/// Between panels, and where one image is smaller than the other.
const GUTTER: Rgba<u8> = Rgba([64, 64, 64, 255]);
const GUTTER_WIDTH: u32 = 8;

/// How two pictures differ.
#[derive(Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// Pixels that differ (over the larger of the two sizes when the sizes differ).
    pub pixels: u64,
    /// All pixels compared.
    pub of: u64,
    /// Smallest rectangle holding every differing pixel: x0, y0, x1, y1, inclusive.
    pub bbox: (u32, u32, u32, u32),
    /// The first differing pixel in reading order with both colours (`None` outside an image).
    pub first: (u32, u32, Option<[u8; 4]>, Option<[u8; 4]>),
}

/// The colour at (x, y), or `None` outside the image.
fn pixel(img: &RgbaImage, x: u32, y: u32) -> Option<[u8; 4]> {
    (x < img.width() && y < img.height()).then(|| img.get_pixel(x, y).0)
}

/// Compare two pictures; `None` when every pixel (and the size) is the same.
pub fn compare(expected: &RgbaImage, actual: &RgbaImage) -> Option<Mismatch> {
    if expected.dimensions() == actual.dimensions() && expected.as_raw() == actual.as_raw() {
        return None;
    }
    let (width, height) = (expected.width().max(actual.width()), expected.height().max(actual.height()));
    let mut found: Option<Mismatch> = None;
    for y in 0..height {
        for x in 0..width {
            let (want, got) = (pixel(expected, x, y), pixel(actual, x, y));
            if want == got {
                continue;
            }
            let m = found.get_or_insert(Mismatch {
                pixels: 0,
                of: u64::from(width) * u64::from(height),
                bbox: (x, y, x, y),
                first: (x, y, want, got),
            });
            m.pixels += 1;
            m.bbox = (m.bbox.0.min(x), m.bbox.1.min(y), m.bbox.2.max(x), m.bbox.3.max(y));
        }
    }
    found
}

/// Expected | actual | difference, side by side. The difference panel is a faded gray copy of the
/// expected picture with differing pixels in magenta, boxed (the box sits 3 pixels outside them).
pub fn diff_image(expected: &RgbaImage, actual: &RgbaImage) -> RgbaImage {
    let (w, h) = (expected.width().max(actual.width()), expected.height().max(actual.height()));
    let mut out = RgbaImage::from_pixel(3 * w + 2 * GUTTER_WIDTH, h, GUTTER);
    let mismatch = compare(expected, actual);
    for y in 0..h {
        for x in 0..w {
            let (want, got) = (pixel(expected, x, y), pixel(actual, x, y));
            if let Some(p) = want {
                out.put_pixel(x, y, Rgba(p));
            }
            if let Some(p) = got {
                out.put_pixel(w + GUTTER_WIDTH + x, y, Rgba(p));
            }
            let shown = if want != got { HIGHLIGHT } else { faded(want.unwrap_or(GUTTER.0)) };
            out.put_pixel(2 * (w + GUTTER_WIDTH) + x, y, shown);
        }
    }
    if let Some(Mismatch { bbox: (x0, y0, x1, y1), .. }) = mismatch {
        let (x0, y0) = (i64::from(x0) - 3, i64::from(y0) - 3);
        let (x1, y1) = (i64::from(x1) + 3, i64::from(y1) + 3);
        let left = i64::from(2 * (w + GUTTER_WIDTH));
        let mut mark = |x: i64, y: i64| {
            if (0..i64::from(w)).contains(&x) && (0..i64::from(h)).contains(&y) {
                out.put_pixel((left + x) as u32, y as u32, HIGHLIGHT);
            }
        };
        for x in x0..=x1 {
            mark(x, y0);
            mark(x, y1);
        }
        for y in y0..=y1 {
            mark(x0, y);
            mark(x1, y);
        }
    }
    out
}

/// A light gray of the pixel's lightness, so magenta stands out on any theme.
fn faded([r, g, b, _]: [u8; 4]) -> Rgba<u8> {
    let luma = (299 * u32::from(r) + 587 * u32::from(g) + 114 * u32::from(b)) / 1000;
    let v = (170 + luma * 70 / 255) as u8;
    Rgba([v, v, v, 255])
}

fn golden_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden").join(format!("{name}.png"))
}

/// Where the difference image of `name` goes.
pub fn diff_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("golden-diff").join(format!("{name}.png"))
}

fn hex(colour: Option<[u8; 4]>) -> String {
    colour.map_or("nothing (outside the image)".into(), |[r, g, b, a]| format!("#{r:02x}{g:02x}{b:02x}{a:02x}"))
}

fn updating() -> bool {
    std::env::var(UPDATE_VAR).is_ok_and(|v| v == "1")
}

/// Compare `actual` with the golden image `name`; in update mode write it instead (when it
/// differs). A mismatch writes the difference image and is returned as the failure message.
pub fn check(name: &str, actual: &RgbaImage) -> Result<(), String> {
    let path = golden_path(name);
    let expected = image::open(&path).map(|img| img.to_rgba8());
    if updating() {
        if expected.as_ref().map_or(true, |e| compare(e, actual).is_some()) {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            actual.save(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            eprintln!("golden: wrote {}", path.display());
        }
        return Ok(());
    }
    let expected = expected.map_err(|e| {
        format!("{name}: cannot read the golden image {} ({e}); create it with {UPDATE_VAR}=1", path.display())
    })?;
    let diff = diff_path(name);
    let Some(m) = compare(&expected, actual) else {
        let _ = std::fs::remove_file(&diff); // a stale picture of an old failure
        return Ok(());
    };
    std::fs::create_dir_all(diff.parent().unwrap()).unwrap();
    diff_image(&expected, actual).save(&diff).unwrap_or_else(|e| panic!("{}: {e}", diff.display()));
    let (x0, y0, x1, y1) = m.bbox;
    let (fx, fy, want, got) = m.first;
    Err(format!(
        "{name}: {} of {} pixels differ from {}, within x {x0}..={x1}, y {y0}..={y1} (first at ({fx}, {fy}): \
         expected {}, got {}){}\n  expected | actual | difference: {}\n  \
         if the change is intended: {UPDATE_VAR}=1 cargo test --test it golden, look at the new image, commit it",
        m.pixels,
        m.of,
        path.display(),
        hex(want),
        hex(got),
        if expected.dimensions() == actual.dimensions() {
            String::new()
        } else {
            format!("; size {:?} expected, {:?} drawn", expected.dimensions(), actual.dimensions())
        },
        diff.display(),
    ))
}

/// Check every picture, then fail once listing all mismatches.
pub fn assert_golden(pictures: &[(String, RgbaImage)]) {
    let failures: Vec<String> = pictures.iter().filter_map(|(name, img)| check(name, img).err()).collect();
    assert!(failures.is_empty(), "{} golden image(s) differ:\n{}", failures.len(), failures.join("\n"));
}
