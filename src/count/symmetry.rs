//! The 8 symmetries of the square (dihedral group D4) acting on solutions:
//! images, canonical forms, class sizes, unique solutions, and a fast count of
//! symmetry classes (OEIS A002562) via Burnside's lemma.
//!
//! Contract: functions taking `queens` expect a permutation of `0..n` (every
//! solution is one) and panic otherwise. Image order is fixed, see
//! [`symmetry_images`]. `n = 0` has no solutions; `n > MAX_N` panics.

use rayon::prelude::*;

use crate::count::takaken::count_both;
use crate::count::{check_n, count_all, full_mask, solutions, TAKAKEN_MIN_N};

/// Maps cell `(col, row)` by symmetry `k` (see [`symmetry_images`]); `m = n - 1`.
fn map_cell(k: usize, m: usize, col: usize, row: usize) -> (usize, usize) {
    match k {
        0 => (col, row),
        1 => (m - row, col),
        2 => (m - col, m - row),
        3 => (row, m - col),
        4 => (m - col, row),
        5 => (col, m - row),
        6 => (row, col),
        _ => (m - row, m - col),
    }
}

/// Writes image `k` of `queens` into `out` (same length).
fn write_image(queens: &[usize], k: usize, out: &mut [usize]) {
    let m = queens.len().saturating_sub(1);
    for (col, &row) in queens.iter().enumerate() {
        let (c, r) = map_cell(k, m, col, row);
        out[c] = r;
    }
}

/// Panics unless `queens` is a permutation of `0..queens.len()`.
fn assert_permutation(queens: &[usize]) {
    let mut seen = vec![false; queens.len()];
    for &row in queens {
        assert!(
            row < queens.len() && !std::mem::replace(&mut seen[row], true),
            "not a permutation of 0..{}: {queens:?}",
            queens.len()
        );
    }
}

/// The names of the 8 symmetries, in the order of [`symmetry_images`]: `r90` turns the picture
/// (row 0 at the top) a quarter clockwise, `flip-h` mirrors it left to right, `flip-v` top to
/// bottom, `flip-d` across the main diagonal, `flip-a` across the other one.
pub const TRANSFORMS: [&str; 8] = ["id", "r90", "r180", "r270", "flip-h", "flip-v", "flip-d", "flip-a"];

/// The 8 symmetry images of a solution, in the same encoding, in this order
/// (row 0 on top): identity, rotation by 90° clockwise, 180°, 270° clockwise,
/// left-right mirror, top-bottom mirror, transpose (main diagonal),
/// anti-transpose (anti-diagonal).
///
/// # Panics
/// If `queens` is not a permutation of `0..queens.len()`.
#[must_use]
pub fn symmetry_images(queens: &[usize]) -> [Vec<usize>; 8] {
    assert_permutation(queens);
    std::array::from_fn(|k| {
        let mut image = vec![0; queens.len()];
        write_image(queens, k, &mut image);
        image
    })
}

/// Canonical representative: the lexicographically smallest of the 8 images.
///
/// # Panics
/// If `queens` is not a permutation of `0..queens.len()`.
#[must_use]
pub fn canonical(queens: &[usize]) -> Vec<usize> {
    let images = symmetry_images(queens);
    images.into_iter().min().expect("there are 8 images")
}

/// Size of the symmetry class: the number of distinct images (1, 2, 4 or 8;
/// 1 only for `n <= 1`).
///
/// # Panics
/// If `queens` is not a permutation of `0..queens.len()`.
#[must_use]
pub fn class_size(queens: &[usize]) -> usize {
    let mut images = symmetry_images(queens).to_vec();
    images.sort_unstable();
    images.dedup();
    images.len()
}

/// True when no image of the permutation `queens` is lexicographically smaller.
fn is_canonical(queens: &[usize]) -> bool {
    let mut image = vec![0; queens.len()];
    (1..8).all(|k| {
        write_image(queens, k, &mut image);
        image.as_slice() >= queens
    })
}

/// One solution per symmetry class, lazily, in backtracking order, each with
/// its class size. The representative is the first of its class in
/// backtracking order, which is its canonical (smallest) image.
pub fn unique_solutions(n: usize) -> impl Iterator<Item = (Vec<usize>, usize)> {
    solutions(n).filter(|queens| is_canonical(queens)).map(|queens| {
        let size = class_size(&queens);
        (queens, size)
    })
}

/// Number of solutions distinct under the 8 symmetries (OEIS A002562).
///
/// From `n = TAKAKEN_MIN_N` (8) on this is the second result of
/// [`count_both`]. Smaller boards use Burnside's lemma: classes = (1/8) · Σ
/// over the 8 symmetries of the number of solutions each one fixes. For `n > 1` no reflection fixes a solution:
/// a left-right or top-bottom mirror would need two queens in one row or all
/// queens in the middle row, and a diagonal mirror makes the permutation an
/// involution whose fixed points share a diagonal and whose 2-cycles share an
/// anti-diagonal (and vice versa). So classes = (all + F180 + 2·F90) / 8,
/// where F180 and F90 (fixed by the half and quarter turns) come from small
/// dedicated searches run in parallel with [`count_all`].
#[must_use]
pub fn count_unique(n: usize) -> u64 {
    check_n(n);
    if n >= TAKAKEN_MIN_N {
        return count_both(n).1;
    }
    if n <= 1 {
        return n as u64;
    }
    let (all, (half, quarter)) = rayon::join(
        || count_all(n),
        || rayon::join(|| count_turn_fixed(n, Turn::Half), || count_turn_fixed(n, Turn::Quarter)),
    );
    let fixed_sum = all + half + 2 * quarter;
    debug_assert_eq!(fixed_sum % 8, 0, "Burnside sum must divide by 8");
    fixed_sum / 8
}

/// A rotation whose fixed solutions are counted by [`count_turn_fixed`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Turn {
    /// 180°: queens come in pairs `(c, r)`, `(m - c, m - r)`.
    Half,
    /// 90°: queens come in 4-cycles `(c, r)`, `(m - r, c)`, ...
    Quarter,
}

/// Absolute-position board for the rotation-fixed searches. Lines are bits:
/// column `c`, row `r`, diagonal `c + r`, anti-diagonal `r - c + n - 1`.
#[derive(Clone, Copy, Debug)]
struct FixedBoard {
    n: usize,
    full: u64,
    cols: u64,
    rows: u64,
    diag: u64,
    anti: u64,
}

impl FixedBoard {
    fn empty(n: usize) -> FixedBoard {
        FixedBoard { n, full: full_mask(n), cols: 0, rows: 0, diag: 0, anti: 0 }
    }

    /// Rows of column `col` not attacked by any queen on the board.
    fn free_rows(&self, col: usize) -> u64 {
        let m = self.n - 1;
        self.full & !(self.rows | self.diag >> col | self.anti >> (m - col))
    }

    /// Adds a queen at `(col, row)`, or returns false if that cell is attacked.
    fn place(&mut self, col: usize, row: usize) -> bool {
        let lines = [
            (&mut self.cols, col),
            (&mut self.rows, row),
            (&mut self.diag, col + row),
            (&mut self.anti, row + self.n - 1 - col),
        ];
        if lines.iter().any(|(mask, bit)| **mask >> bit & 1 == 1) {
            return false;
        }
        for (mask, bit) in lines {
            *mask |= 1 << bit;
        }
        true
    }

    /// The board plus the whole rotation orbit of `(col, row)`, if no two of
    /// those queens attack each other.
    fn with_orbit(mut self, col: usize, row: usize, turn: Turn) -> Option<FixedBoard> {
        let m = self.n - 1;
        if 2 * col == m && 2 * row == m {
            return self.place(col, row).then_some(self);
        }
        let cells = match turn {
            Turn::Half => &[(col, row), (m - col, m - row)][..],
            Turn::Quarter => &[(col, row), (m - row, col), (m - col, m - row), (row, m - col)],
        };
        cells.iter().all(|&(c, r)| self.place(c, r)).then_some(self)
    }
}

/// Number of solutions left unchanged by `turn`, for `n >= 1`.
fn count_turn_fixed(n: usize, turn: Turn) -> u64 {
    let board = FixedBoard::empty(n);
    (0..n).into_par_iter().filter_map(|row| board.with_orbit(0, row, turn)).map(|next| count_orbits(next, turn)).sum()
}

/// Completes `board` orbit by orbit, always filling the leftmost empty column.
fn count_orbits(board: FixedBoard, turn: Turn) -> u64 {
    let col = (!board.cols).trailing_zeros() as usize;
    if col >= board.n {
        return 1;
    }
    let mut free = board.free_rows(col);
    let mut total = 0;
    while free != 0 {
        let row = free.trailing_zeros() as usize;
        free &= free - 1;
        if let Some(next) = board.with_orbit(col, row, turn) {
            total += count_orbits(next, turn);
        }
    }
    total
}
