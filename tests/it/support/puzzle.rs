//! Puzzle test support: a brute-force reference solver written from the rules alone (every
//! permutation of columns, each checked pair by pair), and random puzzles of every outcome (no
//! solution, one, several) from a seeded generator of its own.

use queens::{Puzzle, Square};

/// True when queens on `a` and `b` may both stand in `puzzle` (checked from the rules' words).
pub fn compatible(puzzle: &Puzzle, a: Square, b: Square) -> bool {
    if a.row == b.row || a.col == b.col {
        return false;
    }
    if puzzle.has_regions() {
        let touching = a.row.abs_diff(b.row) <= 1 && a.col.abs_diff(b.col) <= 1;
        !touching && puzzle.region(a) != puzzle.region(b)
    } else {
        a.row.abs_diff(b.row) != a.col.abs_diff(b.col)
    }
}

/// Every solution (`queens[col] = row`), sorted: column by column, every row tried, each new
/// queen checked against every earlier one pair by pair (no look-ahead, no bit tricks).
pub fn brute_force(puzzle: &Puzzle) -> Vec<Vec<usize>> {
    let n = puzzle.n;
    let mut found = Vec::new();
    let mut layout: Vec<usize> = Vec::with_capacity(n);
    let mut next = vec![0usize];
    while let Some(&start) = next.last() {
        let col = layout.len();
        if col == n {
            found.push(layout.clone());
        } else if let Some(row) = (start..n).find(|&row| fits(puzzle, &layout, Square::new(row, col))) {
            *next.last_mut().unwrap() = row + 1;
            layout.push(row);
            next.push(0);
            continue;
        }
        next.pop();
        layout.pop();
    }
    found
}

/// Whether a queen may stand on `sq` beside the queens of `layout` (columns to its left).
fn fits(puzzle: &Puzzle, layout: &[usize], sq: Square) -> bool {
    let given_here = puzzle.givens.iter().find(|g| g.col == sq.col);
    !puzzle.blocked.contains(&sq)
        && given_here.map_or(true, |g| *g == sq)
        && layout.iter().enumerate().all(|(c, &r)| compatible(puzzle, Square::new(r, c), sq))
}

/// A seeded xorshift generator, independent of the library's.
pub struct Rand(u64);

impl Rand {
    pub fn new(seed: u64) -> Self {
        Rand(seed.wrapping_mul(0x2545_F491_4F6C_DD1D) | 1)
    }

    pub fn below(&mut self, bound: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % bound as u64) as usize
    }
}

/// A random region puzzle: n regions grown from n random squares; sometimes a given (one that
/// attacks no other) and a blocked square.
pub fn random_regions(n: usize, rand: &mut Rand) -> Puzzle {
    let mut regions = vec![u8::MAX; n * n];
    let mut seeds = Vec::new();
    while seeds.len() < n {
        let sq = rand.below(n * n);
        if regions[sq] == u8::MAX {
            regions[sq] = seeds.len() as u8;
            seeds.push(sq);
        }
    }
    while regions.contains(&u8::MAX) {
        let sq = rand.below(n * n);
        let (r, c) = (sq / n, sq % n);
        let sides =
            [(r > 0, sq.wrapping_sub(n)), (r + 1 < n, sq + n), (c > 0, sq.wrapping_sub(1)), (c + 1 < n, sq + 1)];
        let from: Vec<usize> = sides.iter().filter(|(ok, s)| *ok && regions[*s] != u8::MAX).map(|&(_, s)| s).collect();
        if regions[sq] == u8::MAX && !from.is_empty() {
            regions[sq] = regions[from[rand.below(from.len())]];
        }
    }
    let mut puzzle = Puzzle { n, regions, blocked: Vec::new(), givens: Vec::new() };
    add_furniture(&mut puzzle, rand);
    puzzle
}

/// A random completion puzzle: about a tenth of the squares blocked, up to n/3 givens.
pub fn random_completion(n: usize, rand: &mut Rand) -> Puzzle {
    let mut puzzle = Puzzle { n, regions: Vec::new(), blocked: Vec::new(), givens: Vec::new() };
    for _ in 0..n * n / 10 {
        let sq = Square::new(rand.below(n), rand.below(n));
        if !puzzle.blocked.contains(&sq) {
            puzzle.blocked.push(sq);
        }
    }
    for _ in 0..rand.below(n / 3 + 1) {
        add_given(&mut puzzle, rand);
    }
    puzzle
}

fn add_furniture(puzzle: &mut Puzzle, rand: &mut Rand) {
    let n = puzzle.n;
    if rand.below(3) == 0 {
        add_given(puzzle, rand);
    }
    if rand.below(3) == 0 {
        let sq = Square::new(rand.below(n), rand.below(n));
        if !puzzle.givens.contains(&sq) {
            puzzle.blocked.push(sq);
        }
    }
}

/// A given on a random open square attacking no other given (none when it lands badly).
fn add_given(puzzle: &mut Puzzle, rand: &mut Rand) {
    let sq = Square::new(rand.below(puzzle.n), rand.below(puzzle.n));
    let free = !puzzle.blocked.contains(&sq) && puzzle.givens.iter().all(|&g| compatible(puzzle, g, sq));
    if free {
        puzzle.givens.push(sq);
    }
}
