//! Rivin-Zabih dynamic programming count of N-Queens solutions.
//!
//! Contract: [`count_dp`] equals [`crate::count::count_all`] for every `n`
//! (0 for `n = 0`, panics for `n > MAX_N`). It is exponential in memory, so it
//! is meant for cross-checking and teaching, not for large boards.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::count::full_mask;

/// The closed lines that still matter for the rows below, seen from the next
/// row: `cols` = used columns, `down`/`up` = columns of the next row attacked
/// along closed diagonals running down-right / down-left. Row lines are not
/// stored: rows are filled in order, so every earlier row is closed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct State {
    cols: u64,
    down: u64,
    up: u64,
}

/// Ways to reach each state after the rows processed so far.
type Layer = HashMap<State, u64, BuildHasherDefault<MixHasher>>;

/// Number of solutions by dynamic programming over sets of closed lines.
///
/// A line is a row, column, diagonal or anti-diagonal; a state is the set of
/// closed lines that can still constrain later rows, mapped to the number of
/// partial boards producing it. The board is processed row by row; each row
/// gets one queen on a column whose column and two diagonals are open, and
/// successor states that coincide are merged by adding their counts. States
/// are canonical: diagonals that leave the board, or that can only meet
/// columns that are already closed before the last row, are dropped.
///
/// Complexity: a state is three `n`-bit masks, so a layer holds at most
/// `8^n` states and the run takes `O(n² · 8^n)` time and `O(8^n)` memory in
/// the worst case (the Rivin-Zabih bound). Far fewer states are reachable
/// (about 0.8 M in the widest layer for `n = 13`, where backtracking visits
/// about 4.7 M nodes), but the growth is still exponential: in practice this
/// is slower than [`crate::count::count_all_plain`] and memory-bound near
/// `n = 14` (about 1 GB).
#[must_use]
pub fn count_dp(n: usize) -> u64 {
    let full = full_mask(n);
    if n == 0 {
        return 0;
    }
    let start = State { cols: 0, down: 0, up: 0 };
    let mut layer = Layer::default();
    layer.insert(start, 1);
    for row in 0..n - 1 {
        layer = next_layer(&layer, full, n - 1 - row);
    }
    layer.iter().map(|(state, &ways)| ways * u64::from(state.free(full).count_ones())).sum()
}

/// Places one queen in the next row of every state of `layer`; `rows_after`
/// is the number of rows still to fill after that one.
fn next_layer(layer: &Layer, full: u64, rows_after: usize) -> Layer {
    let mut next = Layer::with_capacity_and_hasher(layer.len() * 2, BuildHasherDefault::default());
    for (state, &ways) in layer {
        let mut free = state.free(full);
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            let child = state.place(bit, full).canonical(full, rows_after);
            *next.entry(child).or_insert(0) += ways;
        }
    }
    next
}

impl State {
    /// Open columns of the next row.
    fn free(&self, full: u64) -> u64 {
        full & !(self.cols | self.down | self.up)
    }

    /// The state after a queen on column bit `bit` of the next row.
    fn place(&self, bit: u64, full: u64) -> State {
        State { cols: self.cols | bit, down: ((self.down | bit) << 1) & full, up: (self.up | bit) >> 1 }
    }

    /// Drops diagonals that meet no open column in the next `rows` rows.
    fn canonical(self, full: u64, rows: usize) -> State {
        let open = full & !self.cols;
        State {
            cols: self.cols,
            down: self.down & smear(open, rows, |m, k| m >> k),
            up: self.up & smear(open, rows, |m, k| m << k),
        }
    }
}

/// `mask | shift(mask, 1) | ... | shift(mask, width - 1)`, in `O(log width)`.
fn smear(mask: u64, width: usize, shift: impl Fn(u64, usize) -> u64) -> u64 {
    let (mut out, mut covered) = (mask, 1);
    while covered < width {
        let step = covered.min(width - covered);
        out |= shift(out, step);
        covered += step;
    }
    out
}

/// Small multiplicative hasher (`FxHash` style) for the integer-only states;
/// much faster than the default `SipHash` and good enough for this key set.
#[derive(Default)]
struct MixHasher(u64);

impl Hasher for MixHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u64(u64::from(byte));
        }
    }

    fn write_u64(&mut self, value: u64) {
        self.0 = (self.0.rotate_left(5) ^ value).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}
