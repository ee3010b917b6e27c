//! Takaken-style counting of N-Queens solutions by symmetry class, in parallel.
//!
//! Contract: [`count_both`] returns `(all, unique)`, equal to
//! [`crate::count::count_all_plain`] and the number of classes under the 8
//! symmetries of the square (OEIS A000170 / A002562); `(0, 0)` for `n = 0`,
//! `(1, 1)` for `n = 1`, panics for `n > MAX_N`. `units` cuts the same
//! search into independent `Unit`s whose `Counts` add up to that result
//! (the parallel tasks here, the work units of [`crate::count::shard`]).
//!
//! Method (T. Takaken): rows are filled top to bottom, a row being a column
//! bitmask. Only boards that can be the smallest image of their class are
//! searched, using the position of the first row's queen: either in the corner
//! (such classes always have 8 members) or at column `b1` with `1 <= b1 < n/2`,
//! where the sides of the board near the top and bottom rows are pruned and a
//! final check (`Setup::classify`) classifies each canonical board as 8-, 4-
//! or 2-fold symmetric. Then `all = 8·c8 + 4·c4 + 2·c2` and
//! `unique = c8 + c4 + c2`. The hot loop is in `crate::count::kernel`.

use std::cmp::Ordering;
use std::ops::Add;

use rayon::prelude::*;

use crate::count::{check_n, MAX_N};

/// Rows placed before the search is split into parallel tasks.
const SPLIT_ROW: usize = 3;

/// Canonical boards found, by the size of their symmetry class.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Counts {
    pub(crate) c8: u64,
    pub(crate) c4: u64,
    pub(crate) c2: u64,
}

impl Counts {
    /// `(all, unique)`: solutions and symmetry classes these boards stand for.
    pub(crate) fn totals(self) -> (u64, u64) {
        (8 * self.c8 + 4 * self.c4 + 2 * self.c2, self.c8 + self.c4 + self.c2)
    }
}

impl Add for Counts {
    type Output = Counts;

    fn add(self, o: Counts) -> Counts {
        Counts { c8: self.c8 + o.c8, c4: self.c4 + o.c4, c2: self.c2 + o.c2 }
    }
}

/// Search parameters fixed by the queen of the first row. Masks are column
/// bitmasks: `mask` all columns, `topbit` the last one, `sidemask` both side
/// columns, `lastmask` the columns forbidden in the last row and `endbit` the
/// last-row column that may make a board 4-fold symmetric.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Setup {
    /// First-row queen in the corner (then `bound1` is the second row's column).
    pub(crate) corner: bool,
    /// Index of the last row, `n - 1`.
    pub(crate) last: usize,
    pub(crate) mask: u64,
    topbit: u64,
    endbit: u64,
    sidemask: u64,
    pub(crate) lastmask: u64,
    bound1: usize,
    bound2: usize,
}

impl Setup {
    /// Columns allowed in row `y < last` among the unattacked `bitmap`, where
    /// `down` holds the columns used so far. Corner case (`EDGE` false): above
    /// row `bound1`, column 1 is excluded (its image would be smaller). Edge
    /// case: no side columns above `bound1`; row `bound2` must complete the sides.
    #[inline(always)]
    pub(crate) fn allowed<const EDGE: bool>(&self, y: usize, down: u64, bitmap: u64) -> u64 {
        if !EDGE {
            return if y < self.bound1 { bitmap & !2 } else { bitmap };
        }
        if y < self.bound1 {
            bitmap & !self.sidemask
        } else if y == self.bound2 {
            match down & self.sidemask {
                0 => 0,
                side if side != self.sidemask => bitmap & self.sidemask,
                _ => bitmap,
            }
        } else {
            bitmap
        }
    }

    /// [`Setup::allowed`] for this setup's case.
    fn allowed_here(&self, y: usize, down: u64, bitmap: u64) -> u64 {
        if self.corner {
            self.allowed::<false>(y, down, bitmap)
        } else {
            self.allowed::<true>(y, down, bitmap)
        }
    }
}

/// A partial board from which the search continues independently: rows
/// `0..y` placed (`board`), `left`/`down`/`right` the columns of row `y`
/// attacked along the two diagonals and the columns, as in the search.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Unit {
    pub(crate) setup: Setup,
    pub(crate) y: usize,
    pub(crate) left: u64,
    pub(crate) down: u64,
    pub(crate) right: u64,
    pub(crate) board: [u64; MAX_N],
}

/// Returns `(all, unique)`: the number of solutions and of symmetry classes.
///
/// # Panics
/// If `n > MAX_N`.
#[must_use]
pub fn count_both(n: usize) -> (u64, u64) {
    check_n(n);
    if n <= 1 {
        return (n as u64, n as u64);
    }
    units(n, SPLIT_ROW).par_iter().map(Unit::count).reduce(Counts::default, Counts::add).totals()
}

/// Every corner and edge start, expanded to `depth` rows (fewer where the
/// board is smaller), in a fixed order. Empty for `n <= 1`.
pub(crate) fn units(n: usize, depth: usize) -> Vec<Unit> {
    check_n(n);
    let mut out = Vec::new();
    if n <= 1 {
        return out;
    }
    let last = n - 1;
    let topbit = 1u64 << last;
    let mut setup = Setup { corner: true, last, mask: (1u64 << n) - 1, topbit, ..Setup::default() };
    let mut board = [0; MAX_N];
    board[0] = 1;
    for bound1 in 2..last {
        let bit = 1u64 << bound1;
        board[1] = bit;
        let corner = Setup { bound1, ..setup };
        expand(&corner, depth, (2, (2 | bit) << 1, 1 | bit, bit >> 1), &mut board, &mut out);
    }
    setup.corner = false;
    (setup.sidemask, setup.lastmask, setup.endbit) = (topbit | 1, topbit | 1, topbit >> 1);
    let (mut bound1, mut bound2) = (1, n - 2);
    while bound1 < bound2 {
        let bit = 1u64 << bound1;
        board[0] = bit;
        let edge = Setup { bound1, bound2, ..setup };
        expand(&edge, depth, (1, bit << 1, bit, bit >> 1), &mut board, &mut out);
        setup.lastmask |= setup.lastmask >> 1 | setup.lastmask << 1;
        setup.endbit >>= 1;
        (bound1, bound2) = (bound1 + 1, bound2 - 1);
    }
    out
}

/// Pushes every allowed extension of the partial board `(y, left, down,
/// right)` to `depth` rows (or to the last row, which the search itself
/// handles) onto `out`.
fn expand(setup: &Setup, depth: usize, at: (usize, u64, u64, u64), board: &mut [u64; MAX_N], out: &mut Vec<Unit>) {
    let (y, left, down, right) = at;
    if y >= depth.min(setup.last) {
        out.push(Unit { setup: *setup, y, left, down, right, board: *board });
        return;
    }
    let mut bitmap = setup.allowed_here(y, down, setup.mask & !(left | down | right));
    while bitmap != 0 {
        let bit = bitmap & bitmap.wrapping_neg();
        bitmap ^= bit;
        board[y] = bit;
        expand(setup, depth, (y + 1, (left | bit) << 1, down | bit, (right | bit) >> 1), board, out);
    }
}

impl Setup {
    /// Compares the full edge-case board `b` with its 90°, 180° and 270°
    /// rotations: counts it as 2-, 4- or 8-fold, or drops it when a rotation
    /// is smaller.
    pub(crate) fn classify(&self, b: &[u64; MAX_N], counts: &mut Counts) {
        let e = self.last;
        if b[self.bound2] == 1 {
            let (mut own, mut ptn) = (1, 2u64);
            while own <= e {
                let (mut bit, mut you) = (1u64, e);
                while b[you] != ptn && b[own] >= bit {
                    bit <<= 1;
                    you -= 1;
                }
                match b[own].cmp(&bit) {
                    Ordering::Greater => return,
                    Ordering::Less => break,
                    Ordering::Equal => {}
                }
                own += 1;
                ptn <<= 1;
            }
            if own > e {
                counts.c2 += 1;
                return;
            }
        }
        if b[e] == self.endbit {
            let (mut own, mut you) = (1, e - 1);
            while own <= e {
                let (mut bit, mut ptn) = (1u64, self.topbit);
                while ptn != b[you] && b[own] >= bit {
                    ptn >>= 1;
                    bit <<= 1;
                }
                match b[own].cmp(&bit) {
                    Ordering::Greater => return,
                    Ordering::Less => break,
                    Ordering::Equal => {}
                }
                own += 1;
                you = you.wrapping_sub(1);
            }
            if own > e {
                counts.c4 += 1;
                return;
            }
        }
        if b[self.bound1] == self.topbit {
            let (mut own, mut ptn) = (1, self.topbit >> 1);
            while own <= e {
                let (mut bit, mut you) = (1u64, 0);
                while b[you] != ptn && b[own] >= bit {
                    bit <<= 1;
                    you += 1;
                }
                match b[own].cmp(&bit) {
                    Ordering::Greater => return,
                    Ordering::Less => break,
                    Ordering::Equal => {}
                }
                own += 1;
                ptn >>= 1;
            }
        }
        counts.c8 += 1;
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::count_both;
    use crate::count::{count_all_plain, solutions};

    /// Smallest of the 8 images of a permutation, computed independently of `symmetry`.
    fn smallest_image(q: &[usize]) -> Vec<usize> {
        let m = q.len() - 1;
        let turn = |p: &[usize]| {
            let mut out = vec![0; p.len()];
            for (c, &r) in p.iter().enumerate() {
                out[m - r] = c;
            }
            out
        };
        let mut best = q.to_vec();
        for start in [q.to_vec(), q.iter().rev().copied().collect()] {
            let mut p = start;
            for _ in 0..4 {
                best = best.min(p.clone());
                p = turn(&p);
            }
        }
        best
    }

    #[test]
    fn matches_plain_count_and_brute_force_classes() {
        for n in 1..=12 {
            let classes: BTreeSet<Vec<usize>> = solutions(n).map(|q| smallest_image(&q)).collect();
            assert_eq!(count_both(n), (count_all_plain(n), classes.len() as u64), "n = {n}");
        }
    }

    #[test]
    fn empty_board_and_known_values() {
        assert_eq!(count_both(0), (0, 0));
        assert_eq!(count_both(8), (92, 12));
        assert_eq!(count_both(14), (365_596, 45_752));
    }
}
