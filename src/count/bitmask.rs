//! Bitmask backtracking: plain and parallel solution counts, and a lazy
//! iterator over all solutions in backtracking (lexicographic) order.
//!
//! Contract: columns are filled left to right; in each column the free rows
//! are a bitmask (bit `r` = row `r`) and are tried from the lowest bit, i.e.
//! top to bottom. `n = 0` has no solutions; `n > MAX_N` panics.

use rayon::prelude::*;

use crate::count::takaken::count_both;
use crate::count::{full_mask, MAX_N, TAKAKEN_MIN_N};

/// Number of leading columns fixed per parallel task in [`count_all`].
const PREFIX_DEPTH: usize = 3;

/// A placement of the first `depth` columns, seen from column `depth`:
/// `rows` holds the used rows, `down`/`up` the rows of this column attacked
/// along a down-right / up-right diagonal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Placement {
    rows: u64,
    down: u64,
    up: u64,
    depth: usize,
}

impl Placement {
    /// Rows of the next column that are not attacked (needs `full` mask).
    fn free(&self, full: u64) -> u64 {
        full & !(self.rows | self.down | self.up)
    }

    /// Places a queen at row bit `bit` of the next column.
    fn place(&self, bit: u64) -> Placement {
        Placement {
            rows: self.rows | bit,
            down: (self.down | bit) << 1,
            up: (self.up | bit) >> 1,
            depth: self.depth + 1,
        }
    }
}

/// The set bits of `mask`, lowest first, each as a one-bit mask.
fn bits(mut mask: u64) -> impl Iterator<Item = u64> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let bit = mask & mask.wrapping_neg();
            mask ^= bit;
            bit
        })
    })
}

/// Number of solutions (OEIS A000170), 0 for `n = 0`.
///
/// From `n = TAKAKEN_MIN_N` (8) on this is the first result of
/// [`count_both`], which searches one board per symmetry class in parallel.
/// Smaller boards use a parallel bitmask search: the board is split into
/// independent tasks by the queens of the first three columns, which rayon
/// counts in parallel. Mirror
/// symmetry (row `r` <-> row `n - 1 - r`, a top-bottom flip) halves the work:
/// column 0 only uses the top half of the rows, plus for odd `n` the middle
/// row with column 1 restricted to the top half, and the total is doubled.
///
/// ```
/// assert_eq!(queens::count::count_all(8), 92);
/// assert_eq!(queens::count::count_unique(8), 12);
/// assert_eq!(queens::count::count_all(12), 14_200);
/// ```
#[must_use]
pub fn count_all(n: usize) -> u64 {
    let full = full_mask(n);
    if n >= TAKAKEN_MIN_N {
        return count_both(n).0;
    }
    if n <= 1 {
        return n as u64;
    }
    let tasks = mirror_prefixes(n, full);
    let half: u64 = tasks.par_iter().map(|&node| count_from(n, full, node)).sum();
    2 * half
}

/// Same result as [`count_all`], single-threaded, with no symmetry: the
/// baseline for benchmarks.
#[must_use]
pub fn count_all_plain(n: usize) -> u64 {
    let full = full_mask(n);
    if n == 0 {
        return 0;
    }
    count_from(n, full, Placement::default())
}

/// Prefixes covering exactly the top half of the solutions (see [`count_all`]).
fn mirror_prefixes(n: usize, full: u64) -> Vec<Placement> {
    let depth = PREFIX_DEPTH.min(n);
    let top_half = (1u64 << (n / 2)) - 1;
    let mut out = Vec::new();
    for bit in bits(top_half) {
        expand(Placement::default().place(bit), full, depth, &mut out);
    }
    if n % 2 == 1 {
        let centre = Placement::default().place(1 << (n / 2));
        for bit in bits(centre.free(full) & top_half) {
            expand(centre.place(bit), full, depth, &mut out);
        }
    }
    out
}

/// Pushes every valid extension of `node` to `depth` columns onto `out`.
fn expand(node: Placement, full: u64, depth: usize, out: &mut Vec<Placement>) {
    if node.depth >= depth {
        out.push(node);
        return;
    }
    for bit in bits(node.free(full)) {
        expand(node.place(bit), full, depth, out);
    }
}

/// Counts the completions of `start` with an iterative depth-first search
/// over an explicit stack (the hot loop of every count).
///
/// The loop never enters the last column: a placement in column `n - 2`
/// counts when it leaves the single remaining row unattacked.
fn count_from(n: usize, full: u64, start: Placement) -> u64 {
    if start.depth + 2 > n {
        return if start.depth == n { 1 } else { u64::from(start.free(full).count_ones()) };
    }
    let (base, last) = (start.depth, n - 2);
    let mut stack = [(0u64, 0u64, 0u64, 0u64); MAX_N];
    let (mut rows, mut down, mut up) = (start.rows, start.down, start.up);
    let mut avail = start.free(full);
    let mut depth = base;
    let mut count = 0;
    loop {
        if avail == 0 {
            if depth == base {
                return count;
            }
            depth -= 1;
            (avail, rows, down, up) = stack[depth];
            continue;
        }
        let bit = avail & avail.wrapping_neg();
        avail ^= bit;
        let (r, d, u) = (rows | bit, (down | bit) << 1, (up | bit) >> 1);
        let next = full & !(r | d | u);
        if depth == last {
            count += u64::from(next != 0);
        } else if next != 0 {
            stack[depth] = (avail, rows, down, up);
            (rows, down, up, avail) = (r, d, u, next);
            depth += 1;
        }
    }
}

/// All solutions of the `n`-queens problem in backtracking order, lazily.
/// Empty for `n = 0`; panics for `n > MAX_N`.
#[must_use]
pub fn solutions(n: usize) -> Solutions {
    let full = full_mask(n);
    let frames = if n == 0 { Vec::new() } else { vec![ColumnInProgress::new(Placement::default(), full)] };
    Solutions { n, full, frames, queens: Vec::with_capacity(n) }
}

/// One column of the lazy search: its placement so far and the rows left to try.
#[derive(Clone, Debug)]
struct ColumnInProgress {
    node: Placement,
    untried: u64,
}

impl ColumnInProgress {
    fn new(node: Placement, full: u64) -> ColumnInProgress {
        ColumnInProgress { untried: node.free(full), node }
    }
}

/// Iterator over all solutions in backtracking order; see [`solutions`].
#[derive(Clone, Debug)]
pub struct Solutions {
    n: usize,
    full: u64,
    /// `frames[c]` is the search state of column `c`; the top one is active.
    frames: Vec<ColumnInProgress>,
    /// Rows chosen in the columns below the active frame.
    queens: Vec<usize>,
}

impl Iterator for Solutions {
    type Item = Vec<usize>;

    fn next(&mut self) -> Option<Vec<usize>> {
        loop {
            let frame = self.frames.last_mut()?;
            if frame.untried == 0 {
                self.frames.pop();
                self.queens.pop();
                continue;
            }
            let bit = frame.untried & frame.untried.wrapping_neg();
            frame.untried ^= bit;
            let node = frame.node.place(bit);
            self.queens.push(bit.trailing_zeros() as usize);
            if self.queens.len() == self.n {
                let found = self.queens.clone();
                self.queens.pop();
                return Some(found);
            }
            self.frames.push(ColumnInProgress::new(node, self.full));
        }
    }
}

impl std::iter::FusedIterator for Solutions {}
