//! Helpers for the SVG tests: outside renderers (librsvg's `rsvg-convert`, headless Chromium and
//! Firefox), XML validation and pixel comparison. The tools are found through `super::tools`, so a
//! missing one skips its test (or fails it under `QUEENS_REQUIRE_TOOLS=1`).

use super::decode_gif;
use super::tools::{chromium, firefox, tool, which};
use image::{RgbImage, RgbaImage};
use std::fmt::Write;
use std::path::Path;
use std::process::Command;

/// Render an SVG file to a PNG with librsvg; `None` when rsvg-convert is missing.
pub fn rsvg(svg: &Path) -> Option<RgbImage> {
    let rsvg = tool("rsvg-convert", "apt-get install librsvg2-bin")?;
    let png = svg.with_extension("rsvg.png");
    let status = Command::new(rsvg).arg(svg).arg("-o").arg(&png).status().expect("rsvg-convert runs");
    assert!(status.success(), "rsvg-convert failed on {}", svg.display());
    Some(image::open(&png).expect("rsvg output decodes").to_rgb8())
}

/// Check that `path` is well-formed XML (xmllint, else Python's minidom); false when neither is there.
pub fn check_xml(path: &Path) -> bool {
    if let Some(xmllint) = which("xmllint") {
        let out = Command::new(xmllint).arg("--noout").arg(path).output().expect("xmllint runs");
        assert!(
            out.status.success(),
            "{} is not well-formed: {}",
            path.display(),
            String::from_utf8_lossy(&out.stderr)
        );
        return true;
    }
    let Some(python) = tool("python3", "validates XML without xmllint: apt-get install libxml2-utils") else {
        return false;
    };
    let out = Command::new(python)
        .args(["-c", "import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])"])
        .arg(path)
        .output()
        .expect("python3 runs");
    assert!(out.status.success(), "{} is not well-formed: {}", path.display(), String::from_utf8_lossy(&out.stderr));
    true
}

/// A browser the animation tests play SVG in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Browser {
    Chromium,
    Firefox,
}

pub const BROWSERS: [Browser; 2] = [Browser::Chromium, Browser::Firefox];

/// What the page's reader prefers.
#[derive(Clone, Copy, Debug, Default)]
pub struct Prefers {
    /// The dark colour scheme.
    pub dark: bool,
    /// Reduced motion.
    pub reduced_motion: bool,
}

/// Screenshot `html` in the headless `browser` at `size` CSS pixels (scale 1), network off (a
/// proxy nobody listens on, DNS disabled), with a fresh profile inside `dir`, as a reader who
/// `prefers` it. `None` when the browser is missing.
pub fn screenshot(browser: Browser, dir: &Path, html: &Path, size: (u32, u32), prefers: Prefers) -> Option<RgbImage> {
    let stem = html.file_stem().unwrap().to_string_lossy().into_owned();
    let profile = dir.join(format!("{browser:?}-profile-{stem}"));
    let shot = dir.join(format!("{stem}-{browser:?}.png"));
    let url = format!("file://{}", html.display());
    let mut command = match browser {
        Browser::Chromium => {
            let chromium = chromium()?;
            let mut command = Command::new(chromium);
            command
                .args(["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"])
                .args(["--disable-background-networking", "--disable-component-update", "--disable-sync"])
                .args(["--proxy-server=127.0.0.1:9", "--proxy-bypass-list=<-loopback>"])
                .args(["--disable-crash-reporter", "--hide-scrollbars", "--force-device-scale-factor=1"])
                .arg(format!("--user-data-dir={}", profile.display()))
                .arg(format!("--window-size={},{}", size.0, size.1))
                .arg(format!("--screenshot={}", shot.display()));
            if prefers.dark {
                command.arg("--force-dark-mode").arg("--blink-settings=preferredColorScheme=0");
            }
            if prefers.reduced_motion {
                command.arg("--force-prefers-reduced-motion");
            }
            command.arg(url);
            command
        }
        Browser::Firefox => {
            let firefox = firefox()?;
            std::fs::create_dir_all(&profile).unwrap();
            let mut prefs = String::from("user_pref(\"layout.css.devPixelsPerPx\", \"1.0\");\n");
            prefs
                .push_str("user_pref(\"network.proxy.type\", 1);\nuser_pref(\"network.proxy.http\", \"127.0.0.1\");\n");
            prefs.push_str("user_pref(\"network.proxy.http_port\", 9);\nuser_pref(\"network.dns.disabled\", true);\n");
            if prefers.reduced_motion {
                prefs.push_str("user_pref(\"ui.prefersReducedMotion\", 1);\n");
            }
            if prefers.dark {
                prefs.push_str("user_pref(\"layout.css.prefers-color-scheme.content-override\", 0);\n");
                prefs.push_str("user_pref(\"ui.systemUsesDarkTheme\", 1);\n");
            }
            std::fs::write(profile.join("user.js"), prefs).unwrap();
            let mut command = Command::new(firefox);
            command
                .args(["--headless", "--no-remote", "--profile"])
                .arg(&profile)
                .arg(format!("--window-size={},{}", size.0, size.1))
                .arg("--screenshot")
                .arg(&shot)
                .arg(url);
            command
        }
    };
    let out = command.env("HOME", dir).env("XDG_CONFIG_HOME", dir).env("XDG_CACHE_HOME", dir).output();
    let out = out.expect("the browser runs");
    assert!(shot.is_file(), "{browser:?} wrote no screenshot: {}", String::from_utf8_lossy(&out.stderr));
    Some(image::open(&shot).expect("screenshot decodes").to_rgb8())
}

/// Pixels whose 3x3 neighbourhood in `reference` is one colour (away from every edge) must have
/// that colour in `rendered`, within `tolerance` per channel; returns how many were checked.
pub fn interiors_match(reference: &RgbImage, rendered: &RgbImage, tolerance: u8, what: &str) -> usize {
    assert_eq!(reference.dimensions(), rendered.dimensions(), "{what}: sizes differ");
    let (w, h) = reference.dimensions();
    let mut checked = 0;
    for y in 1..h - 1 {
        for x in 1..w - 1 {
            let c = reference.get_pixel(x, y);
            let uniform = (y - 1..=y + 1).all(|yy| (x - 1..=x + 1).all(|xx| reference.get_pixel(xx, yy) == c));
            if !uniform {
                continue;
            }
            checked += 1;
            let r = rendered.get_pixel(x, y);
            let off = (0..3).map(|i| c.0[i].abs_diff(r.0[i])).max().unwrap();
            assert!(off <= tolerance, "{what}: pixel ({x}, {y}) is {:?}, the PNG has {:?}", r.0, c.0);
        }
    }
    checked
}

/// A GIF frame as RGB with its start time and delay (ms).
pub type GifFrame = (RgbImage, u64, u64);

/// The GIF's frames.
pub fn gif_frames(path: &Path) -> Vec<GifFrame> {
    gif_bytes_frames(&std::fs::read(path).unwrap())
}

/// The frames of the GIF that `draw` renders into a [`queens::GifSink`] in memory (for the tests
/// that need the `image` feature).
#[cfg(feature = "image")]
pub fn drawn_gif_frames(draw: impl FnOnce(&mut queens::GifSink<&mut Vec<u8>>)) -> Vec<GifFrame> {
    let mut gif = Vec::new();
    draw(&mut queens::GifSink::new(&mut gif));
    gif_bytes_frames(&gif)
}

/// The frames of a GIF's bytes.
fn gif_bytes_frames(bytes: &[u8]) -> Vec<GifFrame> {
    let mut start = 0;
    decode_gif(bytes)
        .into_iter()
        .map(|(frame, delay): (RgbaImage, u32)| {
            let at = start;
            start += u64::from(delay);
            (image::DynamicImage::ImageRgba8(frame).to_rgb8(), at, u64::from(delay))
        })
        .collect()
}

/// One row of the test page: copies of one SVG of `size`, copy i paused at `times[i]` ms.
pub struct Row<'a> {
    pub svg: &'a str,
    pub size: (u32, u32),
    pub times: Vec<u64>,
}

/// Copies of `svg` side by side, copy i paused at `times[i]` ms; the browser's screenshot, cut into
/// one image per copy. `None` without the browser.
pub fn play(
    browser: Browser,
    dir: &Path,
    name: &str,
    svg: &str,
    (size, times): ((u32, u32), &[u64]),
    dark: bool,
) -> Option<Vec<RgbImage>> {
    let rows = [Row { svg, size, times: times.to_vec() }];
    play_rows(browser, dir, name, &rows, dark).map(|mut shots| shots.remove(0))
}

/// Every row's copies on one page (row below row, so one browser launch shows them all), each
/// paused at its time; per row, the screenshot cut into one image per copy. Each copy lives in its
/// own shadow root, so the ids, classes and keyframes of different SVGs never meet. `None` without
/// the browser.
pub fn play_rows(browser: Browser, dir: &Path, name: &str, rows: &[Row], dark: bool) -> Option<Vec<Vec<RgbImage>>> {
    let mut html = String::from(
        "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><style>html,body{margin:0;padding:0;overflow:hidden}\
         div{position:absolute}</style></head><body>",
    );
    let (mut top, mut width) = (0, 0);
    for (r, row) in rows.iter().enumerate() {
        let _ = write!(html, "<template id=\"t{r}\"><style>svg{{display:block}}</style>{}</template>", row.svg);
        for (i, time) in row.times.iter().enumerate() {
            let left = i as u32 * row.size.0;
            let _ =
                write!(html, "<div style=\"left:{left}px;top:{top}px\" data-row=\"{r}\" data-time=\"{time}\"></div>");
        }
        width = width.max(row.size.0 * row.times.len() as u32);
        top += row.size.1;
    }
    html.push_str(
        "<script>document.querySelectorAll('body > div').forEach((host) => {\
           const root = host.attachShadow({mode: 'open'});\
           root.appendChild(document.getElementById('t' + host.dataset.row).content.cloneNode(true));\
           for (const a of root.querySelector('svg').getAnimations({subtree: true})) {\
             a.pause(); a.currentTime = Number(host.dataset.time);\
           }\
         });</script></body></html>",
    );
    let page = dir.join(format!("{name}.html"));
    std::fs::write(&page, html).unwrap();
    let prefers = Prefers { dark, reduced_motion: false };
    let shot = screenshot(browser, dir, &page, (width, top), prefers)?;
    let mut top = 0;
    let mut out = Vec::new();
    for row in rows {
        let (w, h) = row.size;
        out.push(
            (0..row.times.len() as u32)
                .map(|i| image::imageops::crop_imm(&shot, i * w, top, w, h).to_image())
                .collect(),
        );
        top += h;
    }
    Some(out)
}
