//! The book as a PDF: a title page, the puzzles by size, the answers, and (optionally) the
//! explanations, every page under a header line.
//!
//! Contract: A4 or US Letter, portrait; margins 20 mm left, 15 mm elsewhere; a header line (the
//! section on the left, "page k of m" on the right, over a hairline) on every page but the title
//! page. Each size section starts a page and holds [`puzzles_per_page`] puzzles a page (2x2, or
//! one above the other), each under its title ("Puzzle 7 · 8×8 · medium"); the answers follow,
//! [`ANSWERS_PER_PAGE`] a page (3 across, 4 down), then with `explained` each puzzle's steps, 4
//! frames across with their words under them (wrapped), a puzzle's steps starting under its
//! heading and flowing over pages. Text is at least 8.5 pt. Boards are forms drawn once and
//! placed; their contents are drawn on all cores. No clock, no random ID: the same puzzles and
//! options give the same bytes.

use super::explain::steps;
use super::frames::{board_scene, look, title};
use super::wrap::wrap;
use super::{puzzles_per_page, BookOptions, BookPuzzle, ANSWERS_PER_PAGE};
use crate::draw::pdf::{scene_content, EncodedContent, PageContent, MM, PAGE_INK, PAGE_RULE};
use crate::error::Error;
use crate::font::Glyphs;
use crate::scene::items::Scene;
use crate::scene::theme::Theme;
use crate::sink::pdf::PdfDocument;
use rayon::prelude::*;
use std::io::Write;

const LEFT: f32 = 20.0 * MM;
const RIGHT: f32 = 15.0 * MM;
const TOP: f32 = 15.0 * MM;
const BOTTOM: f32 = 15.0 * MM;
/// From the top margin to the first content: the header line and its hairline.
const HEADER: f32 = 18.0;
const GAP: f32 = 14.0;
/// Text sizes (the font's pixel size read as points; the em is 0.86 of it: 10 is 8.6 pt).
const HEADER_SIZE: u32 = 12;
const LABEL_SIZE: u32 = 13;
const SMALL_SIZE: u32 = 10;

/// How many pages of each part a book has.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BookPages {
    /// The title page (1).
    pub title: usize,
    /// Puzzle pages, every size section starting a page.
    pub puzzles: usize,
    /// Answer pages.
    pub answers: usize,
    /// Explanation pages (0 without `explained`).
    pub explained: usize,
}

impl BookPages {
    /// Every page.
    pub fn total(&self) -> usize {
        self.title + self.puzzles + self.answers + self.explained
    }
}

/// One thing drawn on a page.
enum Op {
    Text { at: (f32, f32), size: u32, text: String },
    Form { name: String, at: (f32, f32), scale: f32 },
}

/// A page: its header's left words (none on the title page) and what it shows.
struct Page {
    header: Option<String>,
    ops: Vec<Op>,
}

/// A board drawn once: its form's name, its size in frame pixels and its content.
struct Drawn {
    name: String,
    size: (f32, f32),
    content: EncodedContent,
}

/// The boards of one puzzle: as given, solved, and its explanation's steps with their words.
struct Boards {
    puzzle: Drawn,
    answer: Drawn,
    steps: Vec<(Drawn, String)>,
}

fn drawn(name: String, scene: &Scene, theme: &Theme, glyphs: &Glyphs) -> Drawn {
    Drawn { name, size: (scene.width as f32, scene.height as f32), content: scene_content(scene, theme, glyphs) }
}

/// Draw every board of `p` (the `i`-th puzzle) in the print theme.
fn boards(i: usize, p: &BookPuzzle, explained: bool) -> Result<Boards, Error> {
    let theme = Theme::print();
    let glyphs = Glyphs::new();
    let plain = look(theme.clone(), false);
    let puzzle = drawn(format!("Pz{i}"), &board_scene(p, false, &plain)?, &theme, &glyphs);
    let answer = drawn(format!("An{i}"), &board_scene(p, true, &plain)?, &theme, &glyphs);
    let steps = if explained {
        steps(p, &look(theme.clone(), true))?
            .into_iter()
            .enumerate()
            .map(|(k, step)| (drawn(format!("St{i}_{k}"), &step.scene, &theme, &glyphs), step.words))
            .collect()
    } else {
        Vec::new()
    };
    Ok(Boards { puzzle, answer, steps })
}

/// Write the book of `puzzles` (from [`super::book_puzzles`]) as a PDF into `out`; returns the
/// output and how many pages of each part it has.
pub fn write_book<W: Write>(puzzles: &[BookPuzzle], options: &BookOptions, out: W) -> Result<(W, BookPages), Error> {
    if options.explained && puzzles.iter().any(|p| !p.puzzle.has_regions()) {
        return Err(Error::Book {
            reason:
                "--explained shows the rules' deductions, which need regions; completion puzzles are solved by search"
                    .into(),
        });
    }
    let drawn: Result<Vec<Boards>, Error> =
        puzzles.par_iter().enumerate().map(|(i, p)| boards(i, p, options.explained)).collect();
    let drawn = drawn?;
    let glyphs = Glyphs::new();
    let geometry = Geometry::new(options);
    let mut pages = Vec::new();
    let puzzle_pages = geometry.puzzle_pages(puzzles, &drawn, &mut pages);
    let answer_pages = geometry.answer_pages(puzzles, &drawn, &mut pages);
    let explained_pages = geometry.explained_pages(puzzles, &drawn, &glyphs, &mut pages);
    let counts = BookPages { title: 1, puzzles: puzzle_pages, answers: answer_pages, explained: explained_pages };
    let title = geometry.title_page(puzzles, options, &counts, &glyphs);
    let mut doc = PdfDocument::new(out, &Theme::print())?;
    for boards in &drawn {
        for d in [&boards.puzzle, &boards.answer].into_iter().chain(boards.steps.iter().map(|(d, _)| d)) {
            doc.add_form(d.name.clone(), d.size, &d.content)?;
        }
    }
    let total = counts.total();
    for (k, page) in std::iter::once(title).chain(pages).enumerate() {
        doc.add_page(options.paper.size(), &geometry.content(&page, k + 1, total, &glyphs))?;
    }
    Ok((doc.finish()?, counts))
}

/// The page's usable area.
struct Geometry {
    width: f32,
    height: f32,
}

impl Geometry {
    fn new(options: &BookOptions) -> Self {
        let (width, height) = options.paper.size();
        Geometry { width, height }
    }

    fn avail(&self) -> (f32, f32) {
        (self.width - LEFT - RIGHT, self.height - TOP - BOTTOM - HEADER)
    }

    /// The top of the content, under the header.
    fn top(&self) -> f32 {
        self.height - TOP - HEADER
    }

    /// The form `d` scaled to fit `side` points, its top-left corner at `(x, top)`.
    fn place(d: &Drawn, (x, top): (f32, f32), side: f32) -> Op {
        let scale = side / d.size.0.max(d.size.1);
        Op::Form { name: d.name.clone(), at: (x, top - d.size.1 * scale), scale }
    }

    /// The puzzle pages, a size section at a time; returns how many.
    fn puzzle_pages(&self, puzzles: &[BookPuzzle], drawn: &[Boards], pages: &mut Vec<Page>) -> usize {
        let before = pages.len();
        let (avail_w, avail_h) = self.avail();
        let mut start = 0;
        while start < puzzles.len() {
            let n = puzzles[start].puzzle.n;
            let end = start + puzzles[start..].iter().take_while(|p| p.puzzle.n == n).count();
            let per_page = puzzles_per_page(n);
            let columns = if per_page == 4 { 2 } else { 1 };
            let rows = per_page / columns;
            let cell_w = (avail_w - (columns - 1) as f32 * GAP) / columns as f32;
            let cell_h = (avail_h - (rows - 1) as f32 * GAP) / rows as f32;
            let label = 22.0;
            let side = cell_w.min(cell_h - label);
            for chunk in (start..end).collect::<Vec<_>>().chunks(per_page) {
                let (first, last) = (puzzles[chunk[0]].number, puzzles[chunk[chunk.len() - 1]].number);
                let header = format!("{n}×{n} puzzles · {first}–{last}");
                let mut ops = Vec::new();
                for (slot, &i) in chunk.iter().enumerate() {
                    let (column, row) = (slot % columns, slot / columns);
                    let x = LEFT + column as f32 * (cell_w + GAP) + (cell_w - side) / 2.0;
                    let top = self.top() - row as f32 * (cell_h + GAP);
                    ops.push(Op::Text { at: (x, top - 14.0), size: LABEL_SIZE, text: title(&puzzles[i]) });
                    ops.push(Self::place(&drawn[i].puzzle, (x, top - label), side));
                }
                pages.push(Page { header: Some(header), ops });
            }
            start = end;
        }
        pages.len() - before
    }

    /// The answer pages; returns how many.
    fn answer_pages(&self, puzzles: &[BookPuzzle], drawn: &[Boards], pages: &mut Vec<Page>) -> usize {
        let (avail_w, avail_h) = self.avail();
        let (columns, rows) = (3, ANSWERS_PER_PAGE / 3);
        let cell_w = (avail_w - (columns - 1) as f32 * GAP) / columns as f32;
        let cell_h = (avail_h - (rows - 1) as f32 * GAP) / rows as f32;
        let label = 18.0;
        let side = cell_w.min(cell_h - label);
        let indices: Vec<usize> = (0..puzzles.len()).collect();
        for chunk in indices.chunks(ANSWERS_PER_PAGE) {
            let (first, last) = (puzzles[chunk[0]].number, puzzles[chunk[chunk.len() - 1]].number);
            let mut ops = Vec::new();
            for (slot, &i) in chunk.iter().enumerate() {
                let (column, row) = (slot % columns, slot / columns);
                let x = LEFT + column as f32 * (cell_w + GAP) + (cell_w - side) / 2.0;
                let top = self.top() - row as f32 * (cell_h + GAP);
                ops.push(Self::place(&drawn[i].answer, (x, top), side));
                let n = puzzles[i].puzzle.n;
                // The seed `queens puzzle generate` makes it from: sections are sorted by grade.
                let hard = if puzzles[i].hard { " hard" } else { "" };
                let text = format!("Puzzle {} · {n}×{n} · seed {}{hard}", puzzles[i].number, puzzles[i].seed);
                ops.push(Op::Text { at: (x, top - side - 13.0), size: SMALL_SIZE, text });
            }
            pages.push(Page { header: Some(format!("Answers · {first}–{last}")), ops });
        }
        indices.len().div_ceil(ANSWERS_PER_PAGE)
    }

    /// The explanation pages (none without steps); returns how many.
    fn explained_pages(
        &self,
        puzzles: &[BookPuzzle],
        drawn: &[Boards],
        glyphs: &Glyphs,
        pages: &mut Vec<Page>,
    ) -> usize {
        let before = pages.len();
        let (avail_w, _) = self.avail();
        let columns = 4;
        let cell_w = (avail_w - (columns - 1) as f32 * GAP) / columns as f32;
        let line = 12.0;
        let bottom = BOTTOM;
        let mut page: Option<Page> = None;
        let mut y = 0.0;
        for (p, boards) in puzzles.iter().zip(drawn).filter(|(_, b)| !b.steps.is_empty()) {
            let heading = format!("{}: {} steps", title(p), boards.steps.len());
            let rows: Vec<Vec<(&Drawn, Vec<String>)>> = boards
                .steps
                .chunks(columns)
                .enumerate()
                .map(|(r, chunk)| {
                    let numbered = chunk.iter().enumerate().map(|(c, (d, words))| {
                        (d, wrap(&format!("{}. {words}", r * columns + c + 1), SMALL_SIZE, cell_w, glyphs))
                    });
                    numbered.collect()
                })
                .collect();
            let row_height = |row: &[(&Drawn, Vec<String>)]| {
                cell_w + 4.0 + row.iter().map(|(_, l)| l.len()).max().unwrap_or(0) as f32 * line + GAP
            };
            let heading_height = 26.0;
            let first_row = rows.first().map_or(0.0, |r| row_height(r));
            if page.is_none() || y - heading_height - first_row < bottom {
                pages.extend(page.take());
                page = Some(Page { header: Some(format!("Explained · puzzle {}", p.number)), ops: Vec::new() });
                y = self.top();
            }
            let ops = &mut page.as_mut().expect("a page is open").ops;
            ops.push(Op::Text { at: (LEFT, y - 16.0), size: LABEL_SIZE, text: heading.clone() });
            y -= heading_height;
            for row in &rows {
                if y - row_height(row) < bottom {
                    pages.extend(page.take());
                    let header = format!("Explained · puzzle {} (continued)", p.number);
                    page = Some(Page { header: Some(header), ops: Vec::new() });
                    y = self.top();
                }
                let ops = &mut page.as_mut().expect("a page is open").ops;
                for (c, (d, lines)) in row.iter().enumerate() {
                    let x = LEFT + c as f32 * (cell_w + GAP);
                    ops.push(Self::place(d, (x, y), cell_w));
                    for (k, text) in lines.iter().enumerate() {
                        let at = (x, y - cell_w - 4.0 - line * (k as f32 + 0.75));
                        ops.push(Op::Text { at, size: SMALL_SIZE, text: text.clone() });
                    }
                }
                y -= row_height(row);
            }
        }
        pages.extend(page);
        pages.len() - before
    }

    /// The title page: what the book is, how to play, the grades, the contents and the command.
    fn title_page(&self, puzzles: &[BookPuzzle], options: &BookOptions, counts: &BookPages, glyphs: &Glyphs) -> Page {
        let (a, b) = (*options.sizes.start(), *options.sizes.end());
        let regions = options.kind == crate::solve::puzzle::generate::PuzzleKind::Regions;
        let kind = if regions { "region" } else { "completion" };
        let mut lines: Vec<(u32, String)> = vec![(34, "Queens puzzles".into()), (0, String::new())];
        let sizes = sizes_held(puzzles);
        lines.push((LABEL_SIZE, format!("{} {kind} puzzles, {sizes}, each with exactly one solution.", puzzles.len())));
        lines.push((0, String::new()));
        let rules = if regions {
            "How to play: place one queen in every row, every column and every region (outlined by thick lines, named by its letter), so that no two queens touch, not even at a corner."
        } else {
            "How to play: add queens to the ones given so that every row and every column holds one and no two share a row, a column or a diagonal; shaded squares stay empty."
        };
        lines.extend(wrap(rules, LABEL_SIZE, self.avail().0, glyphs).into_iter().map(|l| (LABEL_SIZE, l)));
        lines.push((0, String::new()));
        let grades = if regions {
            "Grades: easy needs only the last open square of a line or region and what a queen rules out; medium also a region that fits in one line; hard also regions that fill as many lines, or a square that would leave a region empty; expert needs a guess somewhere. Within each size the grades never drop."
        } else {
            "Grades: by the dead ends a computer's forward search meets before the solution: easy none, medium up to 3, hard up to 15, expert more. Within each size the grades never drop."
        };
        lines.extend(wrap(grades, LABEL_SIZE, self.avail().0, glyphs).into_iter().map(|l| (LABEL_SIZE, l)));
        lines.push((0, String::new()));
        lines.push((LABEL_SIZE, "Contents".into()));
        let mut page = 2;
        let mut start = 0;
        while start < puzzles.len() {
            let n = puzzles[start].puzzle.n;
            let end = start + puzzles[start..].iter().take_while(|p| p.puzzle.n == n).count();
            let (first, last) = (puzzles[start].number, puzzles[end - 1].number);
            lines.push((LABEL_SIZE, format!("    {n}×{n}: puzzles {first}–{last}, page {page}")));
            page += (end - start).div_ceil(puzzles_per_page(n));
            start = end;
        }
        lines.push((LABEL_SIZE, format!("    Answers, page {page}")));
        if counts.explained > 0 {
            lines.push((LABEL_SIZE, format!("    How each puzzle is solved, page {}", page + counts.answers)));
        }
        lines.push((0, String::new()));
        let hard = puzzles.iter().filter(|p| p.hard).count();
        let made = format!(
            "Made with: queens puzzle book --count {} --sizes {a}-{b} --seed {} --kind {kind}s ({hard} asked for as --hard); each puzzle comes from queens puzzle generate --size N --seed K (and --hard where its answer says hard), K under its answer: {}, {}+1, ... for a size's puzzles in the order made, each size then sorted by grade.",
            options.count,
            options.seed,
            options.seed,
            options.seed
        );
        lines.extend(wrap(&made, SMALL_SIZE, self.avail().0, glyphs).into_iter().map(|l| (SMALL_SIZE, l)));
        let mut y = self.height - TOP - 40.0;
        let mut ops = Vec::new();
        for (size, text) in lines {
            let size_or_gap = if size == 0 { 8 } else { size };
            y -= size_or_gap as f32 * 1.35;
            if size > 0 {
                ops.push(Op::Text { at: (LEFT, y), size, text });
            }
        }
        Page { header: None, ops }
    }

    /// A page's content: its header (unless the title page), then its texts and forms.
    fn content(&self, page: &Page, number: usize, total: usize, glyphs: &Glyphs) -> EncodedContent {
        let mut content = PageContent::new();
        content.fill_rgb(PAGE_INK);
        if let Some(header) = &page.header {
            let baseline = self.height - TOP;
            content.text(glyphs, (LEFT, baseline), HEADER_SIZE as f32, header);
            let words = format!("page {number} of {total}");
            let right = self.width - RIGHT - glyphs.text_width(&words, HEADER_SIZE);
            content.text(glyphs, (right, baseline), HEADER_SIZE as f32, &words);
            content.stroke_rgb(PAGE_RULE);
            content.line((LEFT, baseline - 5.0), (self.width - RIGHT, baseline - 5.0), 0.5);
        }
        for op in &page.ops {
            match op {
                Op::Text { at, size, text } => content.text(glyphs, *at, *size as f32, text),
                Op::Form { name, at, scale } => {
                    content.place_named(name, [*scale, 0.0, 0.0, *scale, at.0, at.1]);
                }
            }
        }
        content.finish()
    }
}

/// The board sizes the puzzles hold, as the title page says them: "6×6", "6×6 to 9×9" when every
/// size between is there, else each one ("5×5, 8×8 and 12×12": `--count 3 --sizes 5-12`).
fn sizes_held(puzzles: &[BookPuzzle]) -> String {
    let mut held: Vec<usize> = puzzles.iter().map(|p| p.puzzle.n).collect();
    held.sort_unstable();
    held.dedup();
    let name = |n: &usize| format!("{n}×{n}");
    match held.as_slice() {
        [] => String::new(),
        [one] => name(one),
        [first, .., last] if last - first + 1 == held.len() && held.len() > 2 => {
            format!("{} to {}", name(first), name(last))
        }
        [rest @ .., last] => {
            format!("{} and {}", rest.iter().map(name).collect::<Vec<_>>().join(", "), name(last))
        }
    }
}
