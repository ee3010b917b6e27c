//! Tree profiles: how many nodes a search tree has on each level (Knuth, TAOCP 7.2.2; OEIS A319284,
//! A319235 for 8 queens, A319236 for 16), counted exactly without recording a trace.
//!
//! Contract: level 0 is the root (the empty board, one node); level k counts the nodes with k
//! queens on the board, every placement the search makes being one node, so the total is the
//! number of `place` events of the traced run plus one, and level n counts the solutions.
//! [`ProfileSearch::Backtrack`] is `solve::backtrack`'s tree (columns left to right: level k is the
//! number of ways to put k queens in the first k columns, A319284's row); [`ProfileSearch::Forward`]
//! is `solve::forward`'s (the empty row with the fewest free squares filled next, topmost on ties;
//! a placement that leaves an empty row without a free square is a node, a leaf). The work is split
//! over the cores by the first queens; the clock is read at nodes high in the tree, and a count
//! still running at its deadline stops with [`Stopped`].

use rayon::prelude::*;
use std::time::Instant;

/// The search whose tree is profiled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProfileSearch {
    /// Column by column, rows top to bottom (`--algorithm backtrack`).
    Backtrack,
    /// Forward checking, tightest row first (`--algorithm forward`).
    Forward,
}

impl ProfileSearch {
    /// The algorithm's command-line name.
    pub fn name(self) -> &'static str {
        match self {
            ProfileSearch::Backtrack => "backtrack",
            ProfileSearch::Forward => "forward",
        }
    }
}

/// A search tree's nodes per level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Profile {
    /// The board size.
    pub n: usize,
    /// Whose tree.
    pub search: ProfileSearch,
    /// `levels[k]`: nodes with k queens on the board (`levels[0] = 1`, the root).
    pub levels: Vec<u64>,
}

impl Profile {
    /// Every node, the root included.
    pub fn nodes(&self) -> u64 {
        self.levels.iter().sum()
    }

    /// The nodes on the last level: the solutions.
    pub fn solutions(&self) -> u64 {
        self.levels.last().copied().unwrap_or(0)
    }
}

/// The count ran past its deadline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stopped;

/// Largest board profiled (the masks are 32 bits wide).
pub const PROFILE_MAX_N: usize = 31;

/// The profile of `search`'s tree on an `n` x `n` board (1 <= n <= [`PROFILE_MAX_N`]), or
/// [`Stopped`] once `deadline` passed (`None`: no deadline).
///
/// ```
/// use queens::count::profile::{profile, ProfileSearch};
/// let eight = profile(8, ProfileSearch::Backtrack, None).unwrap();
/// assert_eq!(eight.levels, [1, 8, 42, 140, 344, 568, 550, 312, 92]);
/// assert_eq!(eight.nodes(), 2057);
/// ```
pub fn profile(n: usize, search: ProfileSearch, deadline: Option<Instant>) -> Result<Profile, Stopped> {
    assert!((1..=PROFILE_MAX_N).contains(&n), "profile: n = {n} is outside 1..={PROFILE_MAX_N}");
    let levels = match search {
        ProfileSearch::Backtrack => backtrack(n, deadline)?,
        ProfileSearch::Forward => forward(n, deadline)?,
    };
    Ok(Profile { n, search, levels })
}

/// Reads the clock at nodes with at most `high` queens, every 64th time.
struct Clock {
    deadline: Option<Instant>,
    high: usize,
    reads: u32,
}

impl Clock {
    fn new(deadline: Option<Instant>, n: usize) -> Self {
        Clock { deadline, high: n.saturating_sub(5), reads: 0 }
    }

    fn tick(&mut self, depth: usize) -> Result<(), Stopped> {
        let Some(deadline) = self.deadline else { return Ok(()) };
        if depth > self.high {
            return Ok(());
        }
        self.reads = self.reads.wrapping_add(1);
        if self.reads % 64 == 0 && Instant::now() >= deadline {
            return Err(Stopped);
        }
        Ok(())
    }
}

/// Adds `part` into `total`, level by level.
fn add(mut total: Vec<u64>, part: Vec<u64>) -> Vec<u64> {
    total.iter_mut().zip(part).for_each(|(t, p)| *t += p);
    total
}

/// A backtrack node: rows used, rows the next column sees attacked on either diagonal.
#[derive(Clone, Copy)]
struct Cols {
    rows: u32,
    down: u32,
    up: u32,
}

fn backtrack(n: usize, deadline: Option<Instant>) -> Result<Vec<u64>, Stopped> {
    let full = (1u32 << n) - 1;
    // The tasks: each queen of column a in the top half (her mirror image below has a subtree
    // of the same shape: it counts twice) and, for odd n, the middle row (once), split again by
    // column b's queen; levels 0 and 1 are counted here.
    let mut levels = vec![0u64; n + 1];
    levels[0] = 1;
    let mut tasks: Vec<(Cols, u64)> = Vec::new();
    for row in 0..n.div_ceil(2) {
        let weight = if 2 * row + 1 == n { 1 } else { 2 };
        let bit = 1u32 << row;
        let first = Cols { rows: bit, down: (bit << 1) & full, up: bit >> 1 };
        levels[1] += weight;
        let mut free = full & !(first.rows | first.down | first.up);
        while n > 1 && free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            let second =
                Cols { rows: first.rows | bit, down: ((first.down | bit) << 1) & full, up: (first.up | bit) >> 1 };
            levels[2] += weight;
            if n > 2 {
                tasks.push((second, weight));
            }
        }
    }
    let parts: Result<Vec<Vec<u64>>, Stopped> = tasks
        .par_iter()
        .map(|&(start, weight)| {
            let mut part = vec![0u64; n + 1];
            let mut clock = Clock::new(deadline, n);
            walk(start, 2, n, full, &mut part, &mut clock)?;
            part.iter_mut().for_each(|count| *count *= weight);
            Ok(part)
        })
        .collect();
    Ok(parts?.into_iter().fold(levels, add))
}

/// Counts the subtree below the node `c` (with `depth` queens, itself counted) into `levels`.
fn walk(c: Cols, depth: usize, n: usize, full: u32, levels: &mut [u64], clock: &mut Clock) -> Result<(), Stopped> {
    clock.tick(depth)?;
    let mut free = full & !(c.rows | c.down | c.up);
    levels[depth + 1] += u64::from(free.count_ones());
    if depth + 1 == n {
        return Ok(());
    }
    while free != 0 {
        let bit = free & free.wrapping_neg();
        free ^= bit;
        let next = Cols { rows: c.rows | bit, down: ((c.down | bit) << 1) & full, up: (c.up | bit) >> 1 };
        walk(next, depth + 1, n, full, levels, clock)?;
    }
    Ok(())
}

/// A forward-checking node: the free columns of every row (meaningful for empty rows), the rows
/// holding a queen.
#[derive(Clone, Copy)]
struct Rows {
    free: [u32; PROFILE_MAX_N],
    filled: u32,
}

/// What a placement leaves: an empty row without a free square, the empty row to fill next (the
/// one with the fewest free squares, topmost on ties), or a full board.
enum After {
    Dead,
    Next(usize),
    Full,
}

impl Rows {
    /// A queen on (row, col): the squares she attacks leave the other empty rows' free sets.
    fn place(&self, n: usize, row: usize, col: usize) -> (Rows, After) {
        let mut next = *self;
        next.filled |= 1 << row;
        let mut empty = !next.filled & ((1u32 << n) - 1);
        let mut best: Option<(u32, usize)> = None;
        while empty != 0 {
            let r = empty.trailing_zeros() as usize;
            empty &= empty - 1;
            let d = r.abs_diff(row);
            let mut hit = 1u32 << col;
            if col + d < n {
                hit |= 1 << (col + d);
            }
            if let Some(left) = col.checked_sub(d) {
                hit |= 1 << left;
            }
            next.free[r] &= !hit;
            let count = next.free[r].count_ones();
            if count == 0 {
                return (next, After::Dead);
            }
            if best.is_none_or(|(fewest, _)| count < fewest) {
                best = Some((count, r));
            }
        }
        (next, best.map_or(After::Full, |(_, r)| After::Next(r)))
    }
}

fn forward(n: usize, deadline: Option<Instant>) -> Result<Vec<u64>, Stopped> {
    let root = Rows { free: [(1u32 << n) - 1; PROFILE_MAX_N], filled: 0 };
    // Every row starts with n free squares: the topmost, row 0, is filled first, one task a
    // square of its left half; the right half mirrors it (the tightest row and the topmost on
    // ties are the same in the mirror image), so those count twice, the middle square once.
    let parts: Result<Vec<Vec<u64>>, Stopped> = (0..n.div_ceil(2))
        .into_par_iter()
        .map(|col| {
            let mut part = vec![0u64; n + 1];
            let mut clock = Clock::new(deadline, n);
            let (next, after) = root.place(n, 0, col);
            part[1] += 1;
            if let After::Next(row) = after {
                fill(&next, row, 1, n, &mut part, &mut clock)?;
            }
            let weight = if 2 * col + 1 == n { 1 } else { 2 };
            part.iter_mut().for_each(|count| *count *= weight);
            Ok(part)
        })
        .collect();
    let mut levels = vec![0u64; n + 1];
    levels[0] = 1;
    Ok(parts?.into_iter().fold(levels, add))
}

/// The subtree below `node` (with `depth` queens, `row` the empty row to fill next), counted into
/// `levels`.
fn fill(node: &Rows, row: usize, depth: usize, n: usize, levels: &mut [u64], clock: &mut Clock) -> Result<(), Stopped> {
    clock.tick(depth)?;
    let mut free = node.free[row];
    levels[depth + 1] += u64::from(free.count_ones());
    while free != 0 {
        let col = free.trailing_zeros() as usize;
        free &= free - 1;
        if let (next, After::Next(tightest)) = node.place(n, row, col) {
            fill(&next, tightest, depth + 1, n, levels, clock)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_boards_have_knuths_profiles() {
        let rows: [&[u64]; 4] = [&[1, 1], &[1, 2, 0], &[1, 3, 2, 0], &[1, 4, 6, 4, 2]];
        for (i, row) in rows.iter().enumerate() {
            assert_eq!(profile(i + 1, ProfileSearch::Backtrack, None).unwrap().levels, *row);
        }
    }

    #[test]
    fn forward_checking_finds_the_same_solutions_in_fewer_nodes() {
        for n in 1..=9 {
            let back = profile(n, ProfileSearch::Backtrack, None).unwrap();
            let fwd = profile(n, ProfileSearch::Forward, None).unwrap();
            assert_eq!(back.solutions(), fwd.solutions(), "n = {n}");
            assert!(fwd.nodes() <= back.nodes(), "n = {n}");
        }
    }

    #[test]
    fn a_passed_deadline_stops_the_count() {
        let past = Some(Instant::now());
        assert_eq!(profile(14, ProfileSearch::Backtrack, past), Err(Stopped));
        assert_eq!(profile(16, ProfileSearch::Forward, past), Err(Stopped));
    }
}
