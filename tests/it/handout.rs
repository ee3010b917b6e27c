//! Handouts and worksheets for print (`--handout`, `--handout --quiz`): every text at 8 pt or more
//! at the paper's size (font sizes read from the content streams, `qpdf --qdf` decompressing them,
//! through every `cm`, text matrix and placed frame), one step label a frame (`pdftotext`), nothing
//! within 12 mm of the paper's edges (`pdftoppm`), the worksheet asking the HTML quiz's questions
//! and its answer key showing the asked steps' frames: their drawing is the one-page-per-frame
//! PDF's pages' (which `pdf.rs` matches to the PNG frames), byte for byte. Reruns byte-identical.

use crate::support::tools::{pdf_tools, PdfTools};
use crate::support::{run_ok, temp_dir};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

fn output(command: &mut Command) -> Vec<u8> {
    let out = command.output().expect("the tool runs");
    assert!(out.status.success(), "{command:?}: {}", String::from_utf8_lossy(&out.stderr));
    out.stdout
}

/// `queens ARGS -o NAME.pdf`, twice: the same bytes.
fn pdf(dir: &Path, name: &str, args: &[&str]) -> PathBuf {
    let (path, again) = (dir.join(format!("{name}.pdf")), dir.join(format!("{name}-again.pdf")));
    run_ok(dir, &[args, &["-q", "-o", path.to_str().unwrap()]].concat());
    run_ok(dir, &[args, &["-q", "-o", again.to_str().unwrap()]].concat());
    assert!(std::fs::read(&path).unwrap() == std::fs::read(&again).unwrap(), "{name}: reruns are byte-identical");
    path
}

/// A PDF's objects, streams decompressed by `qpdf --qdf`: each page's content, every named form.
struct Parsed {
    /// Each page's content stream, in page order.
    pages: Vec<Vec<u8>>,
    /// Form XObjects by resource name.
    forms: BTreeMap<String, Vec<u8>>,
}

impl PdfTools {
    fn parse(&self, pdf: &Path) -> Parsed {
        let qdf = output(
            Command::new(&self.qpdf)
                .args(["--qdf", "--normalize-content=n", "--object-streams=disable"])
                .arg(pdf)
                .arg("-"),
        );
        let mut objects: BTreeMap<u32, (String, Vec<u8>)> = BTreeMap::new();
        let mut at = 0;
        while let Some(found) = find(&qdf[at..], b" 0 obj\n") {
            let head = at + found;
            let line = qdf[..head].iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
            let number: u32 = String::from_utf8_lossy(&qdf[line..head]).parse().unwrap();
            let body = &qdf[head + 7..];
            let body = &body[..find(body, b"\nendobj").unwrap()];
            let (dict, stream) = match find(body, b"stream\n") {
                Some(s) => (&body[..s], body[s + 7..].strip_suffix(b"\nendstream").unwrap_or(&body[s + 7..]).to_vec()),
                None => (body, Vec::new()),
            };
            objects.insert(number, (String::from_utf8_lossy(dict).into_owned(), stream));
            at = head + 7 + body.len();
        }
        let numbers = |list: &str| -> Vec<u32> { list.split_whitespace().filter_map(|w| w.parse().ok()).collect() };
        let mut forms = BTreeMap::new();
        let mut kids = Vec::new();
        for (dict, _) in objects.values() {
            if let Some(start) = dict.find("/Kids [") {
                let list = &dict[start + 7..start + dict[start..].find(']').unwrap()];
                kids = numbers(list).into_iter().step_by(2).collect();
            }
            let Some(start) = dict.find("/XObject <<") else { continue };
            let list = &dict[start + 11..start + dict[start..].find(">>").unwrap()];
            let words: Vec<&str> = list.split_whitespace().collect();
            for entry in words.chunks(4) {
                forms.insert(entry[0][1..].to_string(), objects[&entry[1].parse::<u32>().unwrap()].1.clone());
            }
        }
        let contents = |page: &u32| {
            let dict = &objects[page].0;
            let rest = &dict[dict.find("/Contents ").unwrap() + 10..];
            objects[&rest.split_whitespace().next().unwrap().parse::<u32>().unwrap()].1.clone()
        };
        Parsed { pages: kids.iter().map(contents).collect(), forms }
    }

    fn page_texts(&self, pdf: &Path) -> Vec<String> {
        let all = String::from_utf8(output(Command::new(&self.pdftotext).arg(pdf).arg("-"))).unwrap();
        all.split('\x0c').map(str::to_string).collect()
    }
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// The frames a content stream places, in order (the key under the header, form `Lg`, left out).
fn placed(content: &[u8]) -> Vec<String> {
    let tokens = tokens(content);
    let forms = tokens.windows(2).filter(|w| w[1] == "Do").map(|w| w[0].trim_start_matches('/').to_string());
    forms.filter(|form| form != "Lg").collect()
}

/// A content stream's operands and operators; strings and arrays as `S`.
fn tokens(content: &[u8]) -> Vec<String> {
    let (mut out, mut i) = (Vec::new(), 0);
    while i < content.len() {
        match content[i] {
            b'(' => {
                let mut depth = 0;
                while i < content.len() {
                    match content[i] {
                        b'\\' => i += 1,
                        b'(' => depth += 1,
                        b')' => depth -= 1,
                        _ => {}
                    }
                    i += 1;
                    if depth == 0 {
                        break;
                    }
                }
                out.push("S".to_string());
            }
            b'<' if content.get(i + 1) != Some(&b'<') => {
                i += find(&content[i..], b">").unwrap() + 1;
                out.push("S".to_string());
            }
            c if c.is_ascii_whitespace() || c == b'[' || c == b']' => i += 1,
            _ => {
                let start = i;
                i += 1;
                while i < content.len() && !b" \n\r\t[]()</".contains(&content[i]) {
                    i += 1;
                }
                out.push(String::from_utf8_lossy(&content[start..i]).into_owned());
            }
        }
    }
    out
}

type Matrix = [f32; 6];

fn times(a: Matrix, b: Matrix) -> Matrix {
    [
        a[0] * b[0] + a[1] * b[2],
        a[0] * b[1] + a[1] * b[3],
        a[2] * b[0] + a[3] * b[2],
        a[2] * b[1] + a[3] * b[3],
        a[4] * b[0] + a[5] * b[2] + b[4],
        a[4] * b[1] + a[5] * b[3] + b[5],
    ]
}

/// The em size on the page, in points, of every text shown in `content` (forms it places included).
fn text_sizes(parsed: &Parsed, content: &[u8], ctm: Matrix, sizes: &mut Vec<f32>) {
    let (mut stack, mut ctm, mut font, mut tm) = (Vec::new(), ctm, 0.0, [1.0, 0.0, 0.0, 1.0, 0.0, 0.0]);
    let mut args: Vec<String> = Vec::new();
    let numbers = |args: &[String]| -> Matrix {
        let v: Vec<f32> = args[args.len() - 6..].iter().map(|a| a.parse().unwrap()).collect();
        [v[0], v[1], v[2], v[3], v[4], v[5]]
    };
    for token in tokens(content) {
        match token.as_str() {
            "q" => stack.push(ctm),
            "Q" => ctm = stack.pop().unwrap(),
            "cm" => ctm = times(numbers(&args), ctm),
            "Tf" => font = args.last().unwrap().parse::<f32>().unwrap(),
            "Tm" => tm = numbers(&args),
            "Tj" | "TJ" => {
                let m = times(tm, ctm);
                sizes.push(font * (m[0] * m[3] - m[1] * m[2]).abs().sqrt());
            }
            "Do" => {
                if let Some(form) = parsed.forms.get(args.last().unwrap().trim_start_matches('/')) {
                    text_sizes(parsed, form, ctm, sizes);
                }
            }
            t if t.starts_with('/') || t == "S" || t.parse::<f32>().is_ok() => {
                args.push(token);
                continue;
            }
            _ => {}
        }
        args.clear();
    }
}

/// The smallest text of every page, in points.
fn smallest_text(parsed: &Parsed) -> Vec<f32> {
    let identity = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0];
    let mut smallest = Vec::new();
    for page in &parsed.pages {
        let mut sizes = Vec::new();
        text_sizes(parsed, page, identity, &mut sizes);
        smallest.push(sizes.into_iter().fold(f32::MAX, f32::min));
    }
    smallest
}

/// How often "step K" (alone or in "step K of M") is on the pages, for each K (the tree legend's
/// "Current step" is no label).
fn step_labels(pages: &[String]) -> BTreeMap<usize, usize> {
    let mut labels = BTreeMap::new();
    for page in pages {
        let words: Vec<&str> = page.split_whitespace().collect();
        for step in words.windows(2).filter(|w| w[0] == "step").filter_map(|w| w[1].parse::<usize>().ok()) {
            *labels.entry(step).or_default() += 1;
        }
    }
    labels
}

/// Nothing but white within 12 mm of the page's edges (rendered at 36 dpi, in gray).
fn margins_clear(tools: &PdfTools, pdf: &Path, page: usize, what: &str) {
    let stem = format!("{}-p{page}", pdf.with_extension("").display());
    let p = page.to_string();
    output(
        Command::new(&tools.pdftoppm)
            .args(["-r", "36", "-gray", "-png", "-singlefile", "-f", &p, "-l", &p])
            .arg(pdf)
            .arg(&stem),
    );
    let image = image::open(format!("{stem}.png")).unwrap().to_luma8();
    let (w, h) = image.dimensions();
    let edge = (12.0 / 25.4 * 36.0) as u32;
    for (x, y, pixel) in image.enumerate_pixels() {
        let near = x < edge || y < edge || x >= w - edge || y >= h - edge;
        assert!(!near || pixel.0[0] >= 250, "{what}: ink at ({x}, {y}) of {w}x{h}, within 12 mm of an edge");
    }
    let inked = image.pixels().filter(|p| p.0[0] < 200).count();
    assert!(inked > 1000, "{what}: the page shows something ({inked} dark pixels)");
}

#[test]
fn handouts_print_every_text_at_8_pt_with_one_step_label_a_frame() {
    let Some(tools) = pdf_tools() else { return };
    let dir = temp_dir("handout", "print");
    let cases: [(&str, &[&str], usize, usize); 5] = [
        // The key frames by default: frame 0, 8 dead ends, 5 removals, the solution.
        ("a4", &["animate", "6", "--handout"], 15, 4),
        ("a4-every", &["animate", "6", "--handout", "--every", "1"], 58, 15),
        ("letter-print", &["animate", "6", "--handout", "--paper", "letter", "--theme", "print"], 15, 4),
        // Bare frames draw no caption: their step is a line of page text, and six fit a page.
        ("bare", &["animate", "6", "--handout", "--bare", "--every", "1"], 58, 10),
        // Too wide for a portrait page at 8 pt: one a landscape page.
        ("tree", &["animate", "6", "--handout", "--tree", "--frames", "0-2"], 3, 3),
    ];
    for (name, args, frames, pages) in cases {
        let path = pdf(&dir, name, args);
        let parsed = tools.parse(&path);
        assert_eq!(parsed.pages.len(), pages, "{name}: {frames} frames");
        let smallest = smallest_text(&parsed);
        assert!(smallest.iter().all(|&pt| pt >= 8.0), "{name}: smallest text a page, in points: {smallest:?}");
        let labels = step_labels(&tools.page_texts(&path));
        assert_eq!(labels.len(), frames, "{name}: every frame labelled: {labels:?}");
        assert!(labels.values().all(|&k| k == 1), "{name}: one step label a frame: {labels:?}");
        margins_clear(&tools, &path, 1, name);
        margins_clear(&tools, &path, pages, name);
    }
    let text = tools.page_texts(&dir.join("a4.pdf"));
    assert!(text[1].contains("6×6 · backtrack") && text[1].contains("page 2 of 4"), "{}", text[1]);
    // One header and one key a page.
    for (k, page) in text.iter().enumerate().filter(|(_, page)| !page.trim().is_empty()) {
        assert_eq!(page.matches("safe: no queen attacks it").count(), 1, "{page}");
        assert_eq!(page.matches(&format!("page {} of 4", k + 1)).count(), 1, "{page}");
    }
    // `frames` selections too; four a page on Letter (the most that keep 8 pt, as on A4).
    let letter = ["frames", "6", "--every", "5", "--handout", "--paper", "letter", "--per-page", "4"];
    assert_eq!(tools.parse(&pdf(&dir, "frames", &letter)).pages.len(), 4, "13 frames, 4 a page");
    let size = std::fs::metadata(dir.join("a4.pdf")).unwrap().len();
    assert!(size <= 100_000, "the 6x6 handout is {size} bytes");
}

/// The quiz's questions as the HTML player asks them (see `quiz.rs`): each asked frame, its answer
/// ("c2", "column f") and whether it is a dead end.
fn html_questions(dir: &Path, quiz: &str) -> Vec<(usize, String, bool)> {
    let html = dir.join(format!("{}.html", quiz.replace(':', "-")));
    run_ok(dir, &["animate", "6", "--quiz", quiz, "-q", "-o", html.to_str().unwrap()]);
    let page = std::fs::read_to_string(&html).unwrap();
    let mut frame = 0;
    let mut questions = Vec::new();
    for q in crate::quiz::quiz_list(&page) {
        frame += q[0].as_u64().unwrap() as usize;
        questions.push((frame, q[3].as_str().unwrap().to_string(), q[1].as_u64() == Some(1)));
    }
    questions
}

#[test]
fn worksheets_ask_the_quiz_questions_and_key_them_with_the_frames() {
    let Some(tools) = pdf_tools() else { return };
    let dir = temp_dir("handout", "worksheet");
    // Handouts default to the print theme: the worksheet's frames are the print theme's pages.
    let frames = tools.parse(&pdf(&dir, "frames", &["animate", "6", "--theme", "print"]));
    for (quiz, paper) in [("dead-ends", "a4"), ("every:5", "letter")] {
        let asked = html_questions(&dir, quiz);
        assert!(asked.len() >= 4, "{quiz}: {asked:?}");
        let path = pdf(&dir, paper, &["animate", "6", "--handout", "--quiz", quiz, "--paper", paper]);
        let sheet = tools.parse(&path);
        let per_page = placed(&sheet.pages[0]).len();
        let prompt_pages = asked.len().div_ceil(per_page);
        assert_eq!(sheet.pages.len(), 2 * prompt_pages, "{quiz}: {} questions, {per_page} a page", asked.len());
        let smallest = smallest_text(&sheet);
        assert!(smallest.iter().all(|&pt| pt >= 8.0), "{quiz}: smallest text a page: {smallest:?}");
        let prompts: Vec<String> = sheet.pages[..prompt_pages].iter().flat_map(|p| placed(p)).collect();
        let keys: Vec<String> = sheet.pages[prompt_pages..].iter().flat_map(|p| placed(p)).collect();
        assert_eq!((prompts.len(), keys.len()), (asked.len(), asked.len()), "{quiz}");
        let text = tools.page_texts(&path);
        for (i, (frame, answer, dead)) in asked.iter().enumerate() {
            let (what, frame) = (format!("{quiz} question {}", i + 1), *frame);
            assert!(sheet.forms[&prompts[i]] == frames.pages[frame - 1], "{what}: the prompt is frame {}", frame - 1);
            assert!(sheet.forms[&keys[i]] == frames.pages[frame], "{what}: the key shows frame {frame}");
            let question = if *dead { "runs out of" } else { "Where" };
            let on_page = &text[i / per_page];
            assert!(on_page.contains(&format!("{}. ", i + 1)) && on_page.contains(question), "{what}: {on_page}");
            let key = &text[prompt_pages + i / per_page];
            assert!(key.contains(&format!("{}. {answer}\n", i + 1)), "{what}: the answer {answer} in {key}");
        }
        let key = text[prompt_pages..].join("");
        assert!(!key.contains("Where does") && !key.contains("runs out of safe squares?"), "{quiz}: {key}");
        margins_clear(&tools, &path, 1, quiz);
    }
}

/// Every colour page 1 of `pdf` shows (poppler at 36 dpi), as a set.
fn page_colours(tools: &PdfTools, pdf: &Path) -> std::collections::BTreeSet<[u8; 3]> {
    let stem = format!("{}-colours", pdf.with_extension("").display());
    output(
        Command::new(&tools.pdftoppm)
            .args(["-r", "36", "-png", "-singlefile", "-f", "1", "-l", "1"])
            .arg(pdf)
            .arg(&stem),
    );
    image::open(format!("{stem}.png")).unwrap().to_rgb8().pixels().map(|p| p.0).collect()
}

#[test]
fn handouts_show_the_key_frames_on_a_few_pages_in_the_print_theme() {
    let Some(tools) = pdf_tools() else { return };
    let dir = temp_dir("handout", "key-frames");
    // `animate 6` is 58 frames; its handout holds frame 0, the 8 dead ends, the 5 removals that
    // take the search further back than before, and the solution: 15 frames, 4 A4 pages.
    let key = pdf(&dir, "key", &["animate", "6", "--handout"]);
    let pages = tools.parse(&key).pages.len();
    assert!(pages <= 4, "animate 6 --handout is {pages} pages");
    let labels = step_labels(&tools.page_texts(&key));
    let steps: Vec<usize> = labels.keys().copied().collect();
    assert_eq!(steps, [0, 5, 6, 7, 8, 10, 13, 17, 22, 29, 36, 40, 44, 49, 57]);
    let every = pdf(&dir, "every", &["animate", "6", "--handout", "--every", "1"]);
    assert_eq!(step_labels(&tools.page_texts(&every)).len(), 58, "--every 1: every frame");
    // The print theme unless a theme is asked for: black, white and grays only.
    let gray = |c: &[u8; 3]| c[0].abs_diff(c[1]) <= 2 && c[1].abs_diff(c[2]) <= 2;
    let colours = page_colours(&tools, &key);
    assert!(
        colours.iter().all(gray),
        "the print theme: {:?}",
        colours.iter().filter(|c| !gray(c)).take(5).collect::<Vec<_>>()
    );
    let default = pdf(&dir, "default", &["animate", "6", "--handout", "--theme", "default"]);
    assert!(page_colours(&tools, &default).iter().any(|c| !gray(c)), "--theme default keeps its colours");
}
