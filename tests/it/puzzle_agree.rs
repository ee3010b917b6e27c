//! Every puzzle solver and counter agree (issue 41): on region puzzles whose regions come in many
//! pieces (each square's region drawn at random, the shape that made the rule solver slow), the
//! bitmask search behind `puzzle solve` / `check`, the counter, the rule solver's trace (`deduce`,
//! guessing where the rules stop) and the traced backtrack search find exactly the brute-force
//! reference's solutions, and `solve_puzzle` hands them out in backtrack order.

use crate::support::puzzle::{brute_force, random_regions, Rand};
use queens::{Algorithm, Event, Puzzle, SolveOptions, Until};

/// A region puzzle of `n` regions with most squares' regions drawn at random (regions in pieces),
/// every region kept non-empty.
fn regions_in_pieces(n: usize, rand: &mut Rand) -> Puzzle {
    let mut puzzle = random_regions(n, rand);
    for sq in 0..n * n {
        if rand.below(3) > 0 {
            let region = rand.below(n) as u8;
            let old = puzzle.regions[sq];
            puzzle.regions[sq] = region;
            if !puzzle.regions.contains(&old) {
                puzzle.regions[sq] = old;
            }
        }
    }
    // Givens and blocked squares from random_regions may now clash in a region: keep the grid only.
    puzzle.givens.clear();
    puzzle
}

/// The solutions a traced run of `algorithm` records, sorted.
fn traced(puzzle: &Puzzle, algorithm: Algorithm) -> Vec<Vec<usize>> {
    let mut options = SolveOptions::new(puzzle.n);
    options.algorithm = algorithm;
    options.until = Until::All;
    options.puzzle = Some(puzzle.clone());
    let trace = queens::record(&options, 10_000_000).unwrap();
    let mut found: Vec<Vec<usize>> = trace
        .events
        .into_iter()
        .filter_map(|e| match e {
            Event::Solution { queens } => Some(queens),
            _ => None,
        })
        .collect();
    found.sort();
    found
}

#[test]
fn solvers_and_counters_agree_on_regions_in_pieces() {
    let mut rand = Rand::new(41);
    let (mut none, mut several) = (0, 0);
    for i in 0..400 {
        let n = 4 + i % 5;
        let puzzle = regions_in_pieces(n, &mut rand);
        let text = queens::puzzle_text(&puzzle);
        let expected = brute_force(&puzzle);
        let mut streamed = Vec::new();
        let count = queens::solve_puzzle(&puzzle, Until::All, &mut |queens| {
            streamed.push(queens);
            Ok(())
        })
        .unwrap();
        assert_eq!(streamed, expected, "solve_puzzle, in backtrack order, on\n{text}");
        assert_eq!(count, expected.len() as u64);
        assert_eq!(queens::count::count_puzzle(&puzzle, u64::MAX), expected.len() as u64, "count on\n{text}");
        assert_eq!(traced(&puzzle, Algorithm::Deduce), expected, "deduce on\n{text}");
        assert_eq!(traced(&puzzle, Algorithm::Backtrack), expected, "backtrack on\n{text}");
        match expected.len() {
            0 => none += 1,
            1 => {}
            _ => several += 1,
        }
    }
    assert!(none > 20 && several > 20, "outcomes: {none} without solution, {several} with several");
}
