//! PDF output against the PNGs of the same pictures: page counts and sizes by `pdfinfo`, pages
//! rendered by poppler (`pdftocairo -r 72`: one pixel per point; `pdftoppm`'s Splash backend
//! caches Type3 glyphs snapped to whole pixels) compared with the PNG stills of the same frames at
//! every square centre and every pixel inside a uniform area, the words found
//! by `pdftotext` (text is Type3 glyphs with a ToUnicode map), structure checked by `qpdf
//! --check`, reruns byte-identical, bad combinations refused with one line.

use crate::support::tools::{pdf_tools, PdfTools};
use crate::support::{run_ok, run_queens, stderr, temp_dir};
use image::RgbImage;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Largest channel difference allowed: poppler and the rasterizer agree on flat colours exactly;
/// a little slack for rounding of colour values to thousandths.
const TOLERANCE: u8 = 3;

fn output(command: &mut Command) -> String {
    let out = command.output().expect("the tool runs");
    assert!(out.status.success(), "{command:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

impl PdfTools {
    /// Every page's size in points, after `qpdf --check` passed.
    fn pages(&self, pdf: &Path) -> Vec<(f32, f32)> {
        let check = output(Command::new(&self.qpdf).arg("--check").arg(pdf));
        assert!(check.contains("No syntax or stream encoding errors"), "{}: {check}", pdf.display());
        let info = output(Command::new(&self.pdfinfo).args(["-f", "1", "-l", "100000"]).arg(pdf));
        let count: usize = info.lines().find_map(|l| l.strip_prefix("Pages:")).unwrap().trim().parse().unwrap();
        let sizes: Vec<(f32, f32)> = info
            .lines()
            .filter(|l| l.starts_with("Page ") && l.contains(" size: "))
            .map(|l| {
                let words: Vec<&str> = l.split(" size: ").nth(1).unwrap().split_whitespace().collect();
                (words[0].parse().unwrap(), words[2].parse().unwrap())
            })
            .collect();
        assert_eq!(sizes.len(), count, "{}: a size per page", pdf.display());
        sizes
    }

    /// Page `page` (1-based) rendered at one pixel per point.
    fn render(&self, pdf: &Path, page: usize, gray: bool) -> RgbImage {
        let stem = format!("{}-p{page}{}", pdf.with_extension("").display(), if gray { "-gray" } else { "" });
        let mut command = Command::new(&self.pdftocairo);
        command.args(["-r", "72", "-png", "-singlefile", "-f", &page.to_string(), "-l", &page.to_string()]);
        if gray {
            command.arg("-gray");
        }
        output(command.arg(pdf).arg(&stem));
        image::open(format!("{stem}.png")).expect("poppler's PNG decodes").to_rgb8()
    }

    fn text(&self, pdf: &Path, page: usize) -> String {
        let p = page.to_string();
        output(Command::new(&self.pdftotext).args(["-f", &p, "-l", &p]).arg(pdf).arg("-"))
    }
}

/// Pixels at least two pixels inside a uniform area of `reference` (their 5x5 neighbourhood is one
/// colour) have that colour in `rendered`, within [`TOLERANCE`]; returns how many were checked.
/// Two, not one (as for SVG): PDF text sits at the font's own pen positions, up to half a pixel
/// from the rasterizer's rounded ones, so that the words extract cleanly.
fn interiors_match(reference: &RgbImage, rendered: &RgbImage, what: &str) -> usize {
    assert_eq!(reference.dimensions(), rendered.dimensions(), "{what}: sizes differ");
    let (w, h) = reference.dimensions();
    let mut checked = 0;
    for y in 2..h.saturating_sub(2) {
        for x in 2..w.saturating_sub(2) {
            let c = reference.get_pixel(x, y);
            if !(y - 2..=y + 2).all(|yy| (x - 2..=x + 2).all(|xx| reference.get_pixel(xx, yy) == c)) {
                continue;
            }
            checked += 1;
            let r = rendered.get_pixel(x, y);
            let off = (0..3).map(|i| c.0[i].abs_diff(r.0[i])).max().unwrap();
            assert!(off <= TOLERANCE, "{what}: pixel ({x}, {y}) is {:?} in the PDF, the PNG has {:?}", r.0, c.0);
        }
    }
    checked
}

fn png(path: &Path) -> RgbImage {
    image::open(path).expect("PNG decodes").to_rgb8()
}

/// Every square centre of an `n`-board with `square`-pixel squares at the top left agrees.
fn centres_match(reference: &RgbImage, rendered: &RgbImage, n: u32, square: u32, what: &str) {
    for row in 0..n {
        for col in 0..n {
            let (x, y) = (col * square + square / 2, row * square + square / 2);
            let (a, b) = (reference.get_pixel(x, y).0, rendered.get_pixel(x, y).0);
            // An anti-aliased edge (a queen giving way to a label may put one there) is left to
            // the uniform-area comparison.
            let around = (x - 1..=x + 1).flat_map(|xx| (y - 1..=y + 1).map(move |yy| (xx, yy)));
            if around.into_iter().any(|(xx, yy)| reference.get_pixel(xx, yy).0 != a) {
                continue;
            }
            let off = (0..3).map(|i| a[i].abs_diff(b[i])).max().unwrap();
            assert!(off <= TOLERANCE, "{what}: square ({row}, {col}) is {b:?} in the PDF, {a:?} in the PNG");
        }
    }
}

/// Write `args` with `-o NAME.pdf`, twice: the same bytes.
fn pdf(dir: &Path, name: &str, args: &[&str]) -> PathBuf {
    let path = dir.join(format!("{name}.pdf"));
    let again = dir.join(format!("{name}-again.pdf"));
    run_ok(dir, &[args, &["-o", path.to_str().unwrap()]].concat());
    run_ok(dir, &[args, &["-o", again.to_str().unwrap()]].concat());
    assert!(std::fs::read(&path).unwrap() == std::fs::read(&again).unwrap(), "{name}: reruns are byte-identical");
    path
}

#[test]
fn a_run_is_one_page_per_selected_frame_of_the_frames_size() {
    let Some(tools) = pdf_tools() else { return };
    let dir = temp_dir("pdf", "pages");
    let still = dir.join("f0.png");
    run_ok(&dir, &["frames", "6", "--frames", "0", "-o", still.to_str().unwrap()]);
    let (w, h) = png(&still).dimensions();
    let cases: [(&str, &[&str], usize); 4] = [
        ("all", &["animate", "6"], 58),
        ("listed", &["animate", "6", "--frames", "0,5,10-12"], 5),
        ("every", &["animate", "6", "--every", "10"], 7),
        ("frames", &["frames", "6", "--frames", "3,4"], 2),
    ];
    for (name, args, pages) in cases {
        let sizes = tools.pages(&pdf(&dir, name, args));
        assert_eq!(sizes.len(), pages, "{name}");
        assert!(sizes.iter().all(|&s| s == (w as f32, h as f32)), "{name}: {sizes:?} vs {w}x{h}");
    }
    let text = tools.text(&dir.join("listed.pdf"), 2);
    assert!(text.contains("step 5 of 57"), "the second page is frame 5, its words selectable: {text}");
}

#[test]
fn pages_match_the_png_stills_of_their_frames() {
    let Some(tools) = pdf_tools() else { return };
    let dir = temp_dir("pdf", "match");
    let cases: [(&str, &[&str], [usize; 4]); 4] = [
        ("default", &["6", "--theme", "default"], [0, 4, 13, 57]),
        ("print", &["5", "--theme", "print", "--detail", "checks", "--coords"], [0, 3, 9, 20]),
        ("gray", &["6", "--theme", "gray", "--why"], [1, 7, 30, 57]),
        // The code panel (a layout part of the scene): its highlighted line is a bar the PDF draws.
        ("code", &["6", "--code"], [0, 7, 8, 57]),
    ];
    for (name, args, frames) in cases {
        let args = [args, &["--square", "40"]].concat();
        let n: u32 = args[0].parse().unwrap();
        let run = pdf(&dir, name, &[&["animate"], &args[..]].concat());
        for frame in frames {
            let still = dir.join(format!("{name}-{frame}.png"));
            let k = frame.to_string();
            run_ok(&dir, &[&["frames"], &args[..], &["--frames", &k, "-o", still.to_str().unwrap()]].concat());
            let (reference, rendered) = (png(&still), tools.render(&run, frame + 1, false));
            let what = format!("{name} frame {frame}");
            assert_eq!(reference.dimensions(), rendered.dimensions(), "{what}");
            if !args.contains(&"--coords") {
                centres_match(&reference, &rendered, n, 40, &what);
            }
            // A frame is the board and its margins now (the caption wraps): hatched print boards
            // leave fewer uniform neighbourhoods than the wide caption band did.
            let checked = interiors_match(&reference, &rendered, &what);
            assert!(checked > (reference.width() * reference.height()) as usize / 5, "{what}: {checked} compared");
        }
    }
}

#[test]
fn stills_are_one_page_like_their_pngs() {
    let Some(tools) = pdf_tools() else { return };
    let dir = temp_dir("pdf", "stills");
    let cases: [(&str, &[&str], u32); 5] = [
        ("board", &["board", "8", "1,5,8,6,3,7,2,4", "--square", "40"], 8),
        ("coords", &["board", "6", "2,4,6,1,3,5", "--coords", "--theme", "print", "--square", "30"], 0),
        ("sheet", &["sheet", "6", "--square", "20"], 0),
        ("classes", &["sheet", "6", "--classes", "--square", "24"], 0),
        ("heatmap", &["heatmap", "6", "--square", "40"], 0),
    ];
    for (name, args, n) in cases {
        let path = pdf(&dir, name, args);
        let still = dir.join(format!("{name}.png"));
        run_ok(&dir, &[args, &["-o", still.to_str().unwrap()]].concat());
        let reference = png(&still);
        let sizes = tools.pages(&path);
        assert_eq!(sizes, vec![(reference.width() as f32, reference.height() as f32)], "{name}");
        let rendered = tools.render(&path, 1, false);
        if n > 0 {
            centres_match(&reference, &rendered, n, 40, name);
        }
        let checked = interiors_match(&reference, &rendered, name);
        assert!(checked > (reference.width() * reference.height()) as usize / 3, "{name}: {checked} compared");
    }
    // The coordinate labels' sixteen glyphs are procedures of their own (12,000 without them), and
    // the queen on a1, giving way to both its labels, is a form of its own size (16,202 with it).
    let board = std::fs::metadata(dir.join("board.pdf")).unwrap().len();
    assert!(board <= 17_500, "board 8 is {board} bytes");
}

#[test]
fn bad_combinations_are_refused_in_one_line() {
    let dir = temp_dir("pdf", "refused");
    let cases: [(&[&str], &str); 6] = [
        (&["animate", "4", "--handout", "-o", "x.gif"], "--handout makes PDF pages"),
        (&["animate", "4", "--quiz", "placements", "-o", "x.pdf"], "with --handout a PDF worksheet"),
        (&["frames", "4", "--handout", "-o", "x.png"], "--handout makes PDF pages"),
        (&["frames", "4", "--handout", "--split", "d"], "drop one"),
        (&["animate", "4", "--embed", "-o", "x.pdf"], "--embed"),
        (&["animate", "4", "--theme", "auto", "-o", "x.pdf"], "--theme auto"),
    ];
    for (args, says) in cases {
        let out = run_queens(&dir, args);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(says) && err.trim_end().lines().count() == 1, "{args:?}: {err}");
    }
    let out = run_queens(&dir, &["animate", "4", "--paper", "letter", "-o", "x.pdf"]);
    assert_eq!(out.status.code(), Some(2), "--paper needs --handout: {}", stderr(&out));
    assert!(crate::support::listing(&dir).is_empty(), "nothing written: {:?}", crate::support::listing(&dir));
}

/// A sheet past PDF's 14,400-point page limit (`sheet 8 --square 200` is 16,264 x 17,334 pixels) is
/// scaled down as a whole to fit, keeping its proportions and its words; smaller pages keep one
/// point per pixel.
#[test]
fn a_sheet_past_the_page_limit_is_scaled_to_fit() {
    let Some(tools) = pdf_tools() else { return };
    let dir = temp_dir("pdf", "page-limit");
    let summary = run_ok(&dir, &["sheet", "8", "--square", "200", "-o", "big.pdf"]);
    assert!(summary.contains("16264x17334 px"), "{summary}");
    let pages = tools.pages(&dir.join("big.pdf"));
    let (width, height) = pages[0];
    assert!(width <= 14_400.0 && height <= 14_400.0, "page {width} x {height} pt");
    assert!((height - 14_400.0).abs() < 0.5, "the long side fills the limit: {height}");
    assert!((width / height - 16_264.0 / 17_334.0).abs() < 1e-3, "proportions kept: {width} x {height}");
    assert!(tools.text(&dir.join("big.pdf"), 1).contains("45: "), "the labels are still words");
    run_ok(&dir, &["sheet", "6", "--square", "200", "-o", "small.pdf"]);
    let (w, h) = tools.pages(&dir.join("small.pdf"))[0];
    let png = run_ok(&dir, &["sheet", "6", "--square", "200", "-o", "small.png"]);
    assert!(png.contains(&format!("{w}x{h} px")), "one point per pixel below the limit: {w} x {h}, {png}");
}
