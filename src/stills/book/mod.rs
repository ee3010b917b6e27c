//! Puzzle books: many generated puzzles with one solution each, graded, laid out to print.
//!
//! Contract: [`book_puzzles`] makes `count` puzzles spread over the sizes asked for (a section
//! per size, smallest first), puzzle `i` of a size from seed `seed + i` (so `queens puzzle
//! generate --size N --seed S+i` makes it alone; the last quarter of a section of region puzzles
//! up to 11x11 is asked for `--hard`, falling back to plain when none is found). Each is counted
//! again ([`count_puzzle_solutions`]) and kept only with exactly one solution, then graded by what
//! its solution needs ([`Grade`]) and the section sorted so difficulty never drops. Generation
//! runs on all cores; the result depends on the arguments only. [`write_book`] writes the PDF
//! (pages.rs), [`write_book_picture`] one puzzle or its answer as a PNG or SVG (frames.rs).

mod explain;
mod frames;
mod grade;
mod pages;
mod wrap;

pub use frames::write_book_picture;
pub use grade::Grade;
pub use pages::{write_book, BookPages};

use crate::error::Error;
use crate::sink::pdf::Paper;
use crate::solve::puzzle::generate::{generate, PuzzleKind, GENERATE_SIZES};
use crate::solve::puzzle::{count_puzzle_solutions, solve_puzzle};
use crate::solve::Until;
use crate::trace::puzzle_furniture::Puzzle;
use rayon::prelude::*;
use std::ops::RangeInclusive;

/// Largest number of puzzles one book holds.
pub const MAX_BOOK_PUZZLES: usize = 1000;

/// Largest size whose section asks for puzzles that need a guess (larger ones take seconds each).
const HARD_UP_TO: usize = 11;

/// What a book holds and how it is printed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookOptions {
    /// Puzzles in the book (1 to [`MAX_BOOK_PUZZLES`]).
    pub count: usize,
    /// Board sizes, a section each (within [`GENERATE_SIZES`]).
    pub sizes: RangeInclusive<usize>,
    /// The first seed; the same options give the same book.
    pub seed: u64,
    /// Region or completion puzzles.
    pub kind: PuzzleKind,
    /// A4 or US Letter.
    pub paper: Paper,
    /// Pages showing each puzzle's chain of named deductions (region puzzles) or its search.
    pub explained: bool,
}

/// One puzzle of a book, as numbered in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookPuzzle {
    /// Its number in the book, from 1.
    pub number: usize,
    /// The seed `queens puzzle generate` makes it from (with `hard`).
    pub seed: u64,
    /// Whether it was asked for as `--hard`.
    pub hard: bool,
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Its one solution, `queens[col] = row`.
    pub solution: Vec<usize>,
    /// How hard it is.
    pub grade: Grade,
    /// What its solution needs, in words ("last-square 8, neighbours 7, region-in-line 2").
    pub needs: String,
}

impl BookOptions {
    /// Refuse options no book can be made from, naming the option.
    pub fn check(&self) -> Result<(), Error> {
        let bad = |reason: String| Err(Error::Book { reason });
        let (a, b) = (*self.sizes.start(), *self.sizes.end());
        let (min, max) = (*GENERATE_SIZES.start(), *GENERATE_SIZES.end());
        if a > b {
            return bad(format!("--sizes {a}-{b} runs backwards; give the smaller size first ({b}-{a})"));
        }
        if a < min || b > max {
            return bad(format!("--sizes {a}-{b}: puzzles are generated from {min}x{min} to {max}x{max}"));
        }
        if !(1..=MAX_BOOK_PUZZLES).contains(&self.count) {
            return bad(format!("--count must be from 1 to {MAX_BOOK_PUZZLES}, not {}", self.count));
        }
        if self.seed.checked_add(self.count as u64).is_none() {
            return bad(format!(
                "--seed {} --count {} runs past the largest seed; give a smaller seed",
                self.seed, self.count
            ));
        }
        Ok(())
    }

    /// The size of each puzzle, in book order before grading: `count` spread evenly over the
    /// sizes (each size's puzzles together, smallest size first).
    pub fn sizes_in_order(&self) -> Vec<usize> {
        let (a, b) = (*self.sizes.start(), *self.sizes.end());
        let m = b - a + 1;
        (0..self.count).map(|j| a + j * m / self.count).collect()
    }
}

/// Puzzles on a page of the book for an `n` board: four up to 9x9, two above.
pub fn puzzles_per_page(n: usize) -> usize {
    if n <= 9 {
        4
    } else {
        2
    }
}

/// Answers on each answer page.
pub const ANSWERS_PER_PAGE: usize = 12;

/// Make the book's puzzles (see the module docs).
pub fn book_puzzles(options: &BookOptions) -> Result<Vec<BookPuzzle>, Error> {
    options.check()?;
    let sizes = options.sizes_in_order();
    let mut jobs = Vec::with_capacity(sizes.len());
    for (j, &n) in sizes.iter().enumerate() {
        let first = sizes.iter().position(|&m| m == n).unwrap_or(j);
        let in_section = sizes.iter().filter(|&&m| m == n).count();
        let i = j - first;
        let hard = options.kind == PuzzleKind::Completion || n <= HARD_UP_TO;
        let hard = hard && i >= in_section - in_section / 4;
        jobs.push((n, options.seed + i as u64, hard));
    }
    let made: Result<Vec<BookPuzzle>, Error> =
        jobs.par_iter().map(|&(n, seed, hard)| one_puzzle(n, seed, options.kind, hard)).collect();
    let mut made = made?;
    // Sections in size order, each sorted by difficulty (stable: seed order among equals).
    made.sort_by_cached_key(|p| (p.puzzle.n, p.grade, grade::score(p)));
    for (i, p) in made.iter_mut().enumerate() {
        p.number = i + 1;
    }
    Ok(made)
}

/// One puzzle: generated, its solutions counted again (exactly one), solved and graded.
fn one_puzzle(n: usize, seed: u64, kind: PuzzleKind, hard: bool) -> Result<BookPuzzle, Error> {
    let (generated, hard) = match generate(n, seed, kind, hard) {
        Err(Error::PuzzleNotFound { .. }) if hard => (generate(n, seed, kind, false)?, false),
        other => (other?, hard),
    };
    let puzzle = generated.puzzle;
    let count = count_puzzle_solutions(&puzzle, 2)?;
    if count != 1 {
        return Err(Error::Book {
            reason: format!("the {n}x{n} puzzle of seed {seed} has {count} solutions, not one"),
        });
    }
    let mut solution = Vec::new();
    solve_puzzle(&puzzle, Until::First, &mut |queens| {
        solution = queens;
        Ok(())
    })?;
    let (grade, needs) = grade::grade(&puzzle);
    Ok(BookPuzzle { number: 0, seed, hard, puzzle, solution, grade, needs })
}
