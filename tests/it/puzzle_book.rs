//! `queens puzzle book`: every puzzle has exactly one solution (counted by the brute-force
//! reference), grades never drop within a size section, answers show the solutions, the PDF has
//! the pages its layout promises and renders with poppler, reruns are byte-identical, pictures go
//! one per puzzle and answer into a folder, and bad arguments are one line with exit 2.

use crate::support::puzzle::brute_force;
use crate::support::tools::tool;
use crate::support::{run_ok, run_queens, stderr, temp_dir};
use queens::{BookOptions, Format, Paper, PuzzleKind};
use std::process::Command;

fn options(count: usize, sizes: std::ops::RangeInclusive<usize>, kind: PuzzleKind) -> BookOptions {
    BookOptions { count, sizes, seed: 11, kind, paper: Paper::A4, explained: false }
}

#[test]
fn every_puzzle_has_one_solution_and_grades_never_drop() {
    for kind in [PuzzleKind::Regions, PuzzleKind::Completion] {
        let puzzles = queens::book_puzzles(&options(12, 5..=7, kind)).unwrap();
        assert_eq!(puzzles.len(), 12);
        for (i, p) in puzzles.iter().enumerate() {
            assert_eq!(p.number, i + 1);
            let all = brute_force(&p.puzzle);
            assert_eq!(all, vec![p.solution.clone()], "puzzle {} ({kind:?}) has one solution, the answer", p.number);
        }
        for pair in puzzles.windows(2) {
            assert!(pair[0].puzzle.n <= pair[1].puzzle.n, "sections in size order");
            if pair[0].puzzle.n == pair[1].puzzle.n {
                assert!(pair[0].grade <= pair[1].grade, "{} then {}", pair[0].number, pair[1].number);
            }
        }
        let sizes: Vec<usize> = puzzles.iter().map(|p| p.puzzle.n).collect();
        assert_eq!(sizes, [5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7]);
    }
    let regions = queens::book_puzzles(&options(16, 8..=8, PuzzleKind::Regions)).unwrap();
    assert!(regions.first().unwrap().grade < regions.last().unwrap().grade, "a section holds more than one grade");
}

/// The pages a book of these sizes must have: a title page, each section on pages of its own, the answers.
fn expected_pages(sizes: &[usize]) -> usize {
    let mut pages = 1 + sizes.len().div_ceil(queens::ANSWERS_PER_PAGE);
    for n in 5..=12 {
        let in_section = sizes.iter().filter(|&&m| m == n).count();
        pages += in_section.div_ceil(queens::puzzles_per_page(n));
    }
    pages
}

#[test]
fn the_pdf_has_its_pages_renders_and_reruns_byte_identical() {
    let dir = temp_dir("puzzle-book", "pdf");
    let args = ["puzzle", "book", "--count", "14", "--sizes", "6-10", "--seed", "4", "-o"];
    let summary = run_ok(&dir, &[&args[..], &["a.pdf"]].concat());
    run_ok(&dir, &[&args[..], &["b.pdf"]].concat());
    let (a, b) = (std::fs::read(dir.join("a.pdf")).unwrap(), std::fs::read(dir.join("b.pdf")).unwrap());
    assert!(a.starts_with(b"%PDF-") && a == b, "same arguments, same bytes");
    let sizes = [6, 6, 6, 7, 7, 7, 8, 8, 8, 9, 9, 9, 10, 10];
    let pages = expected_pages(&sizes);
    assert!(summary.contains(&format!("14 puzzles, {pages} pages (1 title, ")), "{summary}");
    let explained =
        run_ok(&dir, &["puzzle", "book", "--count", "3", "--sizes", "6", "--seed", "4", "--explained", "-o", "c.pdf"]);
    assert!(explained.contains("explained"), "{explained}");
    let poppler = "apt-get install poppler-utils";
    let (Some(pdfinfo), Some(pdftoppm), Some(pdftotext)) =
        (tool("pdfinfo", poppler), tool("pdftoppm", poppler), tool("pdftotext", poppler))
    else {
        return;
    };
    let info = Command::new(pdfinfo).arg(dir.join("a.pdf")).output().unwrap();
    let info = String::from_utf8_lossy(&info.stdout);
    let count: usize = info.lines().find_map(|l| l.strip_prefix("Pages:")).unwrap().trim().parse().unwrap();
    assert_eq!(count, pages, "{info}");
    let text = Command::new(pdftotext).arg(dir.join("a.pdf")).arg("-").output().unwrap();
    let text = String::from_utf8_lossy(&text.stdout);
    let answers = text.split("Answers").nth(1).expect("answer pages");
    for (k, n) in sizes.iter().enumerate() {
        assert!(answers.contains(&format!("Puzzle {} · {n}×{n}", k + 1)), "answer {} named", k + 1);
    }
    let rendered =
        Command::new(pdftoppm).args(["-r", "50", "-png"]).arg(dir.join("a.pdf")).arg(dir.join("page")).status();
    assert!(rendered.unwrap().success(), "poppler renders every page");
    assert_eq!(
        std::fs::read_dir(&dir)
            .unwrap()
            .filter(|e| e.as_ref().unwrap().file_name().to_string_lossy().starts_with("page"))
            .count(),
        pages
    );
}

#[test]
fn answers_show_the_solution_queens() {
    let puzzles = queens::book_puzzles(&options(4, 7..=7, PuzzleKind::Regions)).unwrap();
    for p in &puzzles {
        let mut svg = Vec::new();
        queens::write_book_picture(p, true, Format::Svg, &mut svg).unwrap();
        let svg = String::from_utf8(svg).unwrap();
        // The queen is the most detailed shape defined (letters and digits are simpler).
        // (Queens giving way to a region's letter are drawn smaller: a shape of their own size.)
        let defs: Vec<(String, String)> = svg
            .split("<path id=\"")
            .skip(1)
            .map(|def| {
                let id = def.split('"').next().unwrap().to_string();
                let shape = def.split(" d=\"").nth(1).unwrap().split('"').next().unwrap().to_string();
                (id, shape)
            })
            .collect();
        let longest = defs.iter().map(|(_, shape)| shape.len()).max().unwrap();
        let shape = defs.iter().find(|(_, shape)| shape.len() == longest).unwrap().1.clone();
        let queens: Vec<(i64, i64)> = defs
            .iter()
            .filter(|(_, shape)| shape.len() * 4 >= longest * 3)
            .map(|(id, _)| format!("<use xlink:href=\"#{id}\" x=\""))
            .collect::<Vec<_>>()
            .iter()
            .flat_map(|prefix| svg.split(prefix.as_str()).skip(1))
            .map(|rest| {
                let x: i64 = rest.split('"').next().unwrap().parse().unwrap();
                let y: i64 = rest.split("y=\"").nth(1).unwrap().split('"').next().unwrap().parse().unwrap();
                (x, y)
            })
            .collect();
        assert_eq!(queens.len(), 7, "puzzle {}: one queen a column", p.number);
        let x0 = queens.iter().map(|q| q.0).min().unwrap();
        let offsets: std::collections::BTreeSet<i64> = queens
            .iter()
            .map(|&(x, y)| {
                let col = ((x - x0 + 20) / 40) as usize;
                (y - 40 * p.solution[col] as i64 + 20).div_euclid(40)
            })
            .collect();
        assert_eq!(offsets.len(), 1, "puzzle {}: the queens stand on the solution", p.number);
        let mut given = Vec::new();
        queens::write_book_picture(p, false, Format::Svg, &mut given).unwrap();
        assert!(!String::from_utf8(given).unwrap().contains(&shape), "the puzzle itself shows no queen");
    }
}

#[test]
fn pictures_go_one_per_puzzle_and_answer_into_a_folder() {
    let dir = temp_dir("puzzle-book", "pictures");
    let out = run_ok(
        &dir,
        &["puzzle", "book", "--count", "3", "--sizes", "6-7", "--seed", "2", "--format", "png", "-o", "posts"],
    );
    assert!(out.contains("6 files"), "{out}");
    let names = crate::support::listing(&dir.join("posts"));
    assert_eq!(
        names,
        ["answer-01.png", "answer-02.png", "answer-03.png", "puzzle-01.png", "puzzle-02.png", "puzzle-03.png"]
    );
    assert!(std::fs::read(dir.join("posts/puzzle-01.png")).unwrap().starts_with(b"\x89PNG"));
}

#[test]
fn bad_arguments_are_one_line_and_exit_2() {
    let dir = temp_dir("puzzle-book", "bad");
    for (args, says) in [
        (&["--sizes", "9-3", "--count", "4"][..], "runs backwards"),
        (&["--sizes", "6-8", "--count", "0"][..], "--count must be from 1"),
        (&["--sizes", "6-8", "--count", "4", "--kind", "sudoku"][..], "unknown --kind 'sudoku'"),
        (&["--sizes", "3-8", "--count", "4"][..], "from 5x5 to 12x12"),
        (&["--sizes", "6-8", "--count", "4", "--paper", "a3"][..], "unknown --paper"),
    ] {
        let out = run_queens(&dir, &[&["puzzle", "book", "--seed", "1", "-o", "x.pdf"][..], args].concat());
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("error: ") && err.contains(says), "{args:?}: {err}");
        assert!(!dir.join("x.pdf").exists());
    }
}

/// Issue 53, finding 11: `-o bk.png` once got PDF bytes under that name (exit 0).
#[test]
fn a_mismatched_extension_is_refused() {
    let dir = temp_dir("puzzle-book", "extension");
    for (output, format, says) in [
        ("bk.png", "pdf", "-o bk.png ends in .png, but the book is a PDF"),
        ("bk.SVG", "pdf", "ends in .svg"),
        ("bk.pdf", "png", "writes a folder of pictures"),
    ] {
        let args = ["puzzle", "book", "--seed", "1", "--sizes", "6", "--count", "1", "--format", format, "-o", output];
        let out = run_queens(&dir, &args);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{output}: {err}");
        assert!(err.lines().count() == 1 && err.contains(says), "{output}: {err}");
        assert!(!dir.join(output).exists(), "{output}");
    }
    let out = run_queens(&dir, &["puzzle", "book", "--seed", "1", "--sizes", "6", "--count", "1", "-o", "book"]);
    assert!(out.status.success(), "{}", stderr(&out));
}

/// Issue 53, finding 10: the book said "puzzle k of a size comes from --seed S+k" but sorts a
/// size's puzzles by grade; each answer now names its seed, which makes that puzzle alone.
#[test]
fn each_answer_names_the_seed_that_makes_its_puzzle() {
    let Some(pdftotext) = tool("pdftotext", "apt-get install poppler-utils") else { return };
    let dir = temp_dir("puzzle-book", "seeds");
    run_ok(&dir, &["puzzle", "book", "--count", "6", "--sizes", "6", "--seed", "11", "-o", "b.pdf"]);
    let out = Command::new(pdftotext).args(["b.pdf", "-"]).current_dir(&*dir).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!text.contains("--seed 11+k"), "{text}");
    let puzzles = queens::book_puzzles(&options(6, 6..=6, PuzzleKind::Regions)).unwrap();
    for p in &puzzles {
        let hard = if p.hard { " hard" } else { "" };
        assert!(text.contains(&format!("Puzzle {} · 6×6 · seed {}{hard}", p.number, p.seed)), "{text}");
        let generated = queens::generate_puzzle(6, p.seed, PuzzleKind::Regions, p.hard).unwrap();
        assert_eq!(generated.puzzle, p.puzzle, "puzzle {} is seed {}'s", p.number, p.seed);
    }
}
