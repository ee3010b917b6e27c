//! The hot loop of the Takaken count: an iterative depth-first search that
//! completes one [`Unit`] and returns its canonical boards by class size.
//!
//! Contract: [`Unit::count`] finds exactly the boards the plain Takaken search
//! finds below the unit (same pruning by [`Setup::allowed`], same last-row
//! rule and [`Setup::classify`]), so the counts of all units of
//! [`crate::count::takaken::units`] add up to the whole search. Single-threaded;
//! callers spread units over threads.
//!
//! Speed: rows are kept on an explicit stack (no recursion), the side rules
//! are compiled out of the corner case, the last two rows are tried in place,
//! and a row is entered only when the two rows after it still have a column
//! free of the queens above (a necessary condition, cheap to test).

use crate::count::takaken::{Counts, Setup, Unit};
use crate::count::MAX_N;

/// Search position: the columns of the current row attacked along the
/// down-left diagonals, the columns and the down-right diagonals.
type Lines = (u64, u64, u64);

impl Unit {
    /// Canonical boards completing this unit, by the size of their class.
    pub(crate) fn count(&self) -> Counts {
        let mut counts = Counts::default();
        let mut board = self.board;
        let start = (self.left, self.down, self.right);
        if self.setup.corner {
            search::<false>(&self.setup, self.y, start, &mut board, |_| counts.c8 += 1);
        } else {
            let setup = self.setup;
            search::<true>(&setup, self.y, start, &mut board, |board| setup.classify(board, &mut counts));
        }
        counts
    }
}

/// Depth-first search from row `y0` with lines `start`. Calls `leaf` with the
/// full board for every completion whose last row is allowed (any free column
/// in the corner case; in the edge case one free column outside `lastmask`,
/// written into the board's last row). The last two rows are never pushed:
/// at most two columns are left for them, tried in place.
#[inline(always)]
fn search<const EDGE: bool>(
    s: &Setup,
    y0: usize,
    start: Lines,
    board: &mut [u64; MAX_N],
    mut leaf: impl FnMut(&[u64; MAX_N]),
) {
    let (last, mask) = (s.last, s.mask);
    let mut finish = |board: &mut [u64; MAX_N], (l, d, r): Lines| {
        let free = mask & !(l | d | r);
        if free != 0 && (!EDGE || free & s.lastmask == 0) {
            board[last] = free;
            leaf(board);
        }
    };
    let mut last_two = |board: &mut [u64; MAX_N], (l, d, r): Lines| {
        let mut avail = s.allowed::<EDGE>(last - 1, d, mask & !(l | d | r));
        while avail != 0 {
            let bit = avail & avail.wrapping_neg();
            avail ^= bit;
            board[last - 1] = bit;
            finish(board, ((l | bit) << 1, d | bit, (r | bit) >> 1));
        }
    };
    if y0 + 1 >= last {
        if y0 + 1 == last {
            last_two(board, start);
        } else {
            finish(board, start);
        }
        return;
    }
    let mut stack = [(0u64, 0u64, 0u64, 0u64); MAX_N];
    let (mut y, (mut l, mut d, mut r)) = (y0, start);
    let mut avail = s.allowed::<EDGE>(y, d, mask & !(l | d | r));
    loop {
        if avail == 0 {
            if y == y0 {
                return;
            }
            y -= 1;
            (avail, l, d, r) = stack[y];
            continue;
        }
        let bit = avail & avail.wrapping_neg();
        avail ^= bit;
        board[y] = bit;
        let next: Lines = ((l | bit) << 1, d | bit, (r | bit) >> 1);
        if y + 2 == last {
            last_two(board, next);
            continue;
        }
        let free = s.allowed::<EDGE>(y + 1, next.1, mask & !(next.0 | next.1 | next.2));
        let ahead = (mask & !(next.0 << 1 | next.1 | next.2 >> 1)) != 0;
        let ahead2 = (mask & !(next.0 << 2 | next.1 | next.2 >> 2)) != 0;
        if free != 0 && ahead && ahead2 {
            stack[y] = (avail, l, d, r);
            (l, d, r) = next;
            avail = free;
            y += 1;
        }
    }
}
