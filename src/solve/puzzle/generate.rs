//! Puzzle generation: our own puzzles, one solution each, the same for the same size and seed.
//!
//! Contract: a region puzzle starts from a random solution (no two queens touching), grows the N
//! regions from its queens by random flood fill, then, while a second solution exists, moves one
//! of that solution's queen squares into a neighbouring region (never one of the intended queens,
//! never splitting a region), which breaks it. Plain puzzles must then be solved by the rules
//! alone (which proves them unique); `hard` ones must be unique and need a guess. A completion
//! puzzle takes a random N-Queens solution, blocks about a tenth of the other squares, and gives
//! queens of the solution until it is the only one left; `hard` then drops every given it can
//! while keeping it unique. Regions are lettered in reading order of their first square.

use super::deduce::{by_rules, Outcome};
use crate::count::{puzzle_solutions, PuzzleVisit};
use crate::error::Error;
use crate::solve::Rng;
use crate::trace::puzzle_furniture::Puzzle;
use crate::trace::Square;

/// The kinds of puzzles generated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleKind {
    /// N coloured regions, solved by the rules unless hard.
    Regions,
    /// Given queens and blocked squares under the N-Queens rules.
    Completion,
}

/// Smallest and largest sizes generated.
pub const GENERATE_SIZES: std::ops::RangeInclusive<usize> = 5..=12;

/// Region layouts tried before giving up (each try is a new solution and new regions).
const REGION_TRIES: usize = 5000;

/// A generated puzzle and what the rules make of it (`None` for completion puzzles).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The puzzle, with exactly one solution.
    pub puzzle: Puzzle,
    /// What the rules alone made of it (region puzzles).
    pub rules: Option<Outcome>,
}

/// Generate a puzzle of size `n` (5 to 12) from `seed`.
pub fn generate(n: usize, seed: u64, kind: PuzzleKind, hard: bool) -> Result<Generated, Error> {
    if !GENERATE_SIZES.contains(&n) {
        return Err(Error::BoardSize { n, max: *GENERATE_SIZES.end() });
    }
    let salt = (n as u64) << 48 ^ (hard as u64) << 40 ^ (kind as u64) << 32;
    let mut rng = Rng::new(seed ^ salt);
    match kind {
        PuzzleKind::Completion => Ok(Generated { puzzle: completion(n, hard, &mut rng), rules: None }),
        PuzzleKind::Regions => {
            for _ in 0..REGION_TRIES {
                if let Some(found) = regions_try(n, hard, &mut rng) {
                    return Ok(found);
                }
            }
            let kind = if hard { "hard region" } else { "region" };
            let hint = if hard { " or drop --hard (small boards rarely need a guess)" } else { "" };
            Err(Error::PuzzleNotFound { kind, n, seed, tries: REGION_TRIES, hint })
        }
    }
}

/// A random solution as `cols[row]`: no two queens in a line; `touching` false also keeps
/// queens of neighbouring rows apart, `diagonals` true keeps diagonals free (N-Queens).
fn random_solution(n: usize, diagonals: bool, rng: &mut Rng) -> Vec<usize> {
    let fits = |cols: &[usize], col: usize| {
        let row = cols.len();
        cols.iter().enumerate().all(|(r, &c)| {
            c != col && (if diagonals { row - r != c.abs_diff(col) } else { row - r > 1 || c.abs_diff(col) > 1 })
        })
    };
    let mut cols = Vec::with_capacity(n);
    let mut choices: Vec<Vec<usize>> = Vec::new();
    loop {
        if cols.len() == n {
            return cols;
        }
        if choices.len() == cols.len() {
            let mut options: Vec<usize> = (0..n).filter(|&c| fits(&cols, c)).collect();
            shuffle(&mut options, rng);
            choices.push(options);
        }
        match choices.last_mut().and_then(Vec::pop) {
            Some(col) => cols.push(col),
            None => {
                choices.pop();
                cols.pop();
            }
        }
    }
}

fn shuffle<T>(items: &mut [T], rng: &mut Rng) {
    for i in (1..items.len()).rev() {
        items.swap(i, rng.below(i + 1));
    }
}

/// The squares beside `sq` (sides only) on an n-board.
fn sides(n: usize, sq: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (sq / n, sq % n);
    [(r > 0).then(|| sq - n), (r + 1 < n).then(|| sq + n), (c > 0).then(|| sq - 1), (c + 1 < n).then(|| sq + 1)]
        .into_iter()
        .flatten()
}

/// One try at a region puzzle: a solution, regions grown around it, uniqueness repaired.
fn regions_try(n: usize, hard: bool, rng: &mut Rng) -> Option<Generated> {
    let cols = random_solution(n, false, rng);
    let seeds: Vec<usize> = cols.iter().enumerate().map(|(r, &c)| r * n + c).collect();
    let mut regions = grow(n, &seeds, rng);
    let mut puzzle = Puzzle { n, regions: regions.clone(), blocked: Vec::new(), givens: Vec::new() };
    // Whether the last search for a second solution found none (it looked through the whole tree).
    let mut unique = false;
    for _ in 0..4 * n {
        let Some(other) = second_solution(&puzzle, &cols) else {
            unique = true;
            break;
        };
        let moves: Vec<(usize, u8)> = other
            .iter()
            .enumerate()
            .map(|(c, &r)| r * n + c)
            .filter(|sq| !seeds.contains(sq))
            .flat_map(|sq| sides(n, sq).map(move |s| (sq, s)))
            .filter(|&(sq, s)| regions[s] != regions[sq] && stays_whole(n, &regions, sq))
            .map(|(sq, s)| (sq, regions[s]))
            .collect();
        let &(sq, region) = moves.get(rng.below(moves.len().max(1)))?;
        regions[sq] = region;
        puzzle.regions.clone_from(&regions);
    }
    let outcome = by_rules(&puzzle);
    let by_rules_alone = !outcome.stuck && outcome.solutions == 1;
    // Rules that solve it prove it unique (they are sound); only a hard puzzle needs the search,
    // and only when the loop ran out before it (its last change not yet searched).
    let unique = by_rules_alone || (hard && (unique || second_solution(&puzzle, &cols).is_none()));
    let keep = if hard { unique && !by_rules_alone } else { by_rules_alone };
    keep.then(|| Generated { puzzle: Puzzle { regions: lettered(&puzzle.regions), ..puzzle }, rules: Some(outcome) })
}

/// Regions grown from `seeds` (region i from seeds[i]): a random unassigned square beside a
/// region joins it, until every square belongs to one.
fn grow(n: usize, seeds: &[usize], rng: &mut Rng) -> Vec<u8> {
    let mut regions = vec![u8::MAX; n * n];
    for (i, &sq) in seeds.iter().enumerate() {
        regions[sq] = i as u8;
    }
    let mut frontier: Vec<(usize, u8)> =
        seeds.iter().flat_map(|&sq| sides(n, sq).map(move |s| (s, sq))).map(|(s, sq)| (s, regions[sq])).collect();
    while !frontier.is_empty() {
        let (sq, region) = frontier.swap_remove(rng.below(frontier.len()));
        if regions[sq] != u8::MAX {
            continue;
        }
        regions[sq] = region;
        frontier.extend(sides(n, sq).filter(|&s| regions[s] == u8::MAX).map(|s| (s, region)));
    }
    regions
}

/// True when taking `sq` out of its region leaves the rest of it in one piece (and not empty).
fn stays_whole(n: usize, regions: &[u8], sq: usize) -> bool {
    let region = regions[sq];
    let rest: Vec<usize> = (0..n * n).filter(|&s| s != sq && regions[s] == region).collect();
    let Some(&start) = rest.first() else { return false };
    let mut seen = vec![false; n * n];
    let mut stack = vec![start];
    seen[start] = true;
    let mut reached = 1;
    while let Some(at) = stack.pop() {
        for s in sides(n, at) {
            if s != sq && !seen[s] && regions[s] == region {
                seen[s] = true;
                reached += 1;
                stack.push(s);
            }
        }
    }
    reached == rest.len()
}

/// A solution other than the intended one (`cols[row]`), as `queens[col] = row`.
fn second_solution(puzzle: &Puzzle, cols: &[usize]) -> Option<Vec<usize>> {
    let mut other = None;
    let _ = puzzle_solutions(puzzle, 2, &mut |visit| {
        if let PuzzleVisit::Solution(queens) = visit {
            if other.is_none() && queens.iter().enumerate().any(|(c, &r)| cols[r] != c) {
                other = Some(queens.to_vec());
            }
        }
        Ok(())
    });
    other
}

/// Regions renumbered in reading order of their first square (A top left).
fn lettered(regions: &[u8]) -> Vec<u8> {
    let mut names = [u8::MAX; 256];
    let mut next = 0;
    regions
        .iter()
        .map(|&r| {
            if names[usize::from(r)] == u8::MAX {
                names[usize::from(r)] = next;
                next += 1;
            }
            names[usize::from(r)]
        })
        .collect()
}

/// A completion puzzle with exactly one solution.
fn completion(n: usize, hard: bool, rng: &mut Rng) -> Puzzle {
    let cols = random_solution(n, true, rng);
    let queens: Vec<Square> = cols.iter().enumerate().map(|(r, &c)| Square::new(r, c)).collect();
    let mut others: Vec<Square> =
        (0..n * n).map(|sq| Square::new(sq / n, sq % n)).filter(|sq| !queens.contains(sq)).collect();
    shuffle(&mut others, rng);
    let mut blocked: Vec<Square> = others[..(n * n).div_ceil(10)].to_vec();
    blocked.sort_by_key(|s| (s.row, s.col));
    let mut order = queens.clone();
    shuffle(&mut order, rng);
    let mut puzzle = Puzzle { n, regions: Vec::new(), blocked, givens: Vec::new() };
    for given in order {
        if crate::count::count_puzzle(&puzzle, 2) <= 1 {
            break;
        }
        puzzle.givens.push(given);
    }
    if hard {
        for i in (0..puzzle.givens.len()).rev() {
            let mut fewer = puzzle.clone();
            fewer.givens.remove(i);
            if crate::count::count_puzzle(&fewer, 2) == 1 {
                puzzle = fewer;
            }
        }
    }
    puzzle.givens.sort_by_key(|s| (s.row, s.col));
    puzzle
}
