//! Min-conflicts for boards too large to draw (N above the replay limit): a permutation repaired by
//! swaps, after Sosic and Gu's QS4. Rows are a permutation, so only diagonals can clash. The start
//! places columns left to right, each on a random row still free whose diagonals are free (up to 64
//! random tries, then any free row); then, while queens clash, a clashing column swaps rows with a
//! random column whenever that lowers the number of clashes. Expected work is linear in N: a million
//! columns in about a second (release build).
//!
//! Contract: records the start as one `layout` event, each swap as two `move` events and the end
//! as a `solution`, as the min-conflicts search does; same seed, same run.

use super::{record_solution, Rng};
use crate::trace::{Event, Full, Recorder, Square};

/// Random rows tried per column at the start before taking any free row (measured: with 8, a
/// million columns start with 94,145 clashing queens and take 4.5 s to repair; with 64, 40 and
/// 0.7 s in all).
const START_TRIES: usize = 64;

/// Swaps tried without an improvement before starting again (plus 16 per column).
const STUCK_LIMIT: usize = 1000;

/// A permutation with queen counts per diagonal.
struct Permutation {
    n: usize,
    queens: Vec<usize>,
    diags: Vec<u32>,
    antis: Vec<u32>,
}

impl Permutation {
    fn diag(&self, row: usize, col: usize) -> usize {
        row + self.n - 1 - col
    }

    fn add(&mut self, row: usize, col: usize) {
        let d = self.diag(row, col);
        self.diags[d] += 1;
        self.antis[row + col] += 1;
    }

    fn remove(&mut self, row: usize, col: usize) {
        let d = self.diag(row, col);
        self.diags[d] -= 1;
        self.antis[row + col] -= 1;
    }

    /// Other queens on the diagonals of the queen of `col`.
    fn clashes(&self, col: usize) -> u32 {
        let row = self.queens[col];
        self.diags[self.diag(row, col)] + self.antis[row + col] - 2
    }

    /// Swap the rows of columns `a` and `b`.
    fn swap(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.queens[a], self.queens[b]);
        self.remove(ra, a);
        self.remove(rb, b);
        self.queens.swap(a, b);
        self.add(rb, a);
        self.add(ra, b);
    }
}

pub(super) fn run(n: usize, rng: &mut Rng, rec: &mut dyn Recorder) -> Result<(), Full> {
    let mut board = start(n, rng);
    rec.record(Event::Layout { queens: board.queens.clone(), tries: None })?;
    let mut clashing: Vec<usize> = (0..n).filter(|&col| board.clashes(col) > 0).collect();
    let mut stuck = 0;
    while !clashing.is_empty() {
        if stuck > STUCK_LIMIT + 16 * n {
            // A local minimum no swap improves (small boards): start again.
            board = start(n, rng);
            rec.record(Event::Layout { queens: board.queens.clone(), tries: None })?;
            clashing = (0..n).filter(|&col| board.clashes(col) > 0).collect();
            stuck = 0;
            continue;
        }
        let pick = rng.below(clashing.len());
        let a = clashing[pick];
        if board.clashes(a) == 0 {
            clashing.swap_remove(pick);
            continue;
        }
        let b = rng.below(n);
        stuck += 1;
        if b == a {
            continue;
        }
        let before = board.clashes(a) + board.clashes(b);
        board.swap(a, b);
        if board.clashes(a) + board.clashes(b) >= before {
            board.swap(a, b);
            continue;
        }
        stuck = 0;
        let (ra, rb) = (board.queens[a], board.queens[b]);
        rec.record(Event::Move { from: Square::new(rb, a), to: Square::new(ra, a) })?;
        rec.record(Event::Move { from: Square::new(ra, b), to: Square::new(rb, b) })?;
        if board.clashes(b) > 0 {
            clashing.push(b);
        }
        if clashing.is_empty() {
            // Swaps can make queens clash that were not on the list: look again before stopping.
            clashing = (0..n).filter(|&col| board.clashes(col) > 0).collect();
        }
    }
    record_solution(rec, &board.queens)
}

/// Columns left to right on random free rows, diagonals free where a few tries find such a row.
fn start(n: usize, rng: &mut Rng) -> Permutation {
    let mut board = Permutation { n, queens: (0..n).collect(), diags: vec![0; 2 * n], antis: vec![0; 2 * n] };
    for col in 0..n {
        let mut pick = col + rng.below(n - col);
        for _ in 0..START_TRIES {
            let row = board.queens[pick];
            if board.diags[board.diag(row, col)] == 0 && board.antis[row + col] == 0 {
                break;
            }
            pick = col + rng.below(n - col);
        }
        board.queens.swap(col, pick);
        board.add(board.queens[col], col);
    }
    board
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trace::VecRecorder;

    #[test]
    fn repairs_a_permutation_into_a_solution() {
        for n in [4, 5, 8, 50, 5000] {
            let mut rec = VecRecorder::with_limit(usize::MAX);
            run(n, &mut Rng::new(7), &mut rec).unwrap();
            let Some(Event::Solution { queens }) = rec.events.last() else { panic!("a solution ends the run") };
            assert!(super::super::first_conflict(queens).is_none(), "n = {n}");
        }
    }
}
