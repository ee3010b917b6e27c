//! The orders every solution of a board can be numbered in: backtracking order, and the order of
//! MATLAB's `perms(1:N)` filtered to solutions (seed 000's 8x8x92 array).
//!
//! Contract: [`SolutionOrder::Backtrack`] is lexicographic order of `queens` (`queens[col] = row`),
//! the enumerator's own. [`SolutionOrder::Perms`] reads each solution by rows, `p[row] = col`
//! (MATLAB's plane `M(:,:,k)` has its queen of row `i` in column `cols(k,i)`), and numbers the
//! solutions in reverse lexicographic order of `p`, as `perms` lists its rows: solution 45 of 8 is
//! `p` = 5,1,8,4,2,7,3,6 (1-based). Both stream lazily in flat memory: the perms order is the
//! enumerator's order under a symmetry of the square (mirror the rows, then transpose), so no
//! sorting is needed. With symmetry classes, each class is shown by its first solution in the
//! order chosen.

use crate::count::symmetry::unique_solutions;
use crate::count::{canonical, solutions};

/// How the solutions of a board are numbered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SolutionOrder {
    /// Backtracking order: columns left to right, rows tried top to bottom (lexicographic
    /// `queens[col] = row`).
    #[default]
    Backtrack,
    /// MATLAB's `perms(1:N)` order (seed 000): by rows (`p[row] = col`), reverse lexicographic.
    Perms,
}

impl SolutionOrder {
    /// The name the command line takes (`backtrack`, `perms`).
    pub fn name(self) -> &'static str {
        match self {
            SolutionOrder::Backtrack => "backtrack",
            SolutionOrder::Perms => "perms",
        }
    }

    /// Every solution of `n` in this order, lazily (empty for `n = 0`; panics past
    /// [`crate::count::MAX_N`], like [`solutions`]).
    pub fn solutions(self, n: usize) -> Box<dyn Iterator<Item = Vec<usize>> + Send> {
        match self {
            SolutionOrder::Backtrack => Box::new(solutions(n)),
            SolutionOrder::Perms => Box::new(solutions(n).map(|queens| from_backtrack(&queens))),
        }
    }

    /// One solution per symmetry class, each its class's first in this order, with the class
    /// size, in this order.
    pub fn unique(self, n: usize) -> Box<dyn Iterator<Item = (Vec<usize>, usize)> + Send> {
        match self {
            SolutionOrder::Backtrack => Box::new(unique_solutions(n)),
            SolutionOrder::Perms => Box::new(unique_solutions(n).map(|(queens, size)| (from_backtrack(&queens), size))),
        }
    }

    /// True when `queens` comes first of its symmetry class in this order.
    pub fn is_first_of_class(self, queens: &[usize]) -> bool {
        let image = match self {
            SolutionOrder::Backtrack => queens.to_vec(),
            SolutionOrder::Perms => to_backtrack(queens),
        };
        canonical(&image) == image
    }
}

impl std::str::FromStr for SolutionOrder {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        match text {
            "backtrack" => Ok(SolutionOrder::Backtrack),
            "perms" => Ok(SolutionOrder::Perms),
            _ => Err(format!("'{text}' is not an order: use backtrack or perms")),
        }
    }
}

/// The solution that stands at the place of `queens` (in backtracking order) in perms order:
/// mirror the rows (`row -> n - 1 - row`), then transpose (`queens[col] = row` read as
/// `p[row] = col`). Lexicographic order of the input is reverse lexicographic order of the
/// output's rows.
fn from_backtrack(queens: &[usize]) -> Vec<usize> {
    let n = queens.len();
    let mut out = vec![0; n];
    for (col, &row) in queens.iter().enumerate() {
        out[n - 1 - row] = col;
    }
    out
}

/// The inverse of [`from_backtrack`].
fn to_backtrack(queens: &[usize]) -> Vec<usize> {
    let n = queens.len();
    let mut out = vec![0; n];
    for (col, &row) in queens.iter().enumerate() {
        out[row] = n - 1 - col;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `p[row] = col`, 1-based, of a solution `queens[col] = row`.
    fn by_rows(queens: &[usize]) -> Vec<usize> {
        let mut p = vec![0; queens.len()];
        for (col, &row) in queens.iter().enumerate() {
            p[row] = col + 1;
        }
        p
    }

    /// Every permutation of 1..=n in reverse lexicographic order, as MATLAB's `perms(1:n)`.
    fn matlab_perms(n: usize) -> Vec<Vec<usize>> {
        let mut all = vec![vec![]];
        for _ in 0..n {
            all = all
                .into_iter()
                .flat_map(|p: Vec<usize>| {
                    let left: Vec<usize> = (1..=n).rev().filter(|k| !p.contains(k)).collect();
                    left.into_iter().map(move |k| [p.clone(), vec![k]].concat())
                })
                .collect();
        }
        all
    }

    fn is_solution(p: &[usize]) -> bool {
        (0..p.len()).all(|i| (i + 1..p.len()).all(|j| p[i].abs_diff(p[j]) != j - i))
    }

    #[test]
    fn perms_numbers_solutions_as_seed_000s_array() {
        let all = matlab_perms(8);
        assert_eq!(all[44], [8, 7, 6, 4, 1, 3, 5, 2], "the unfiltered board 45");
        let planes: Vec<Vec<usize>> = all.into_iter().filter(|p| is_solution(p)).collect();
        assert_eq!(planes.len(), 92);
        assert_eq!(planes[44], [5, 1, 8, 4, 2, 7, 3, 6], "plane 45");
        let ours: Vec<Vec<usize>> = SolutionOrder::Perms.solutions(8).map(|q| by_rows(&q)).collect();
        assert_eq!(ours, planes);
        for n in [1, 4, 5, 6, 7] {
            let planes: Vec<Vec<usize>> = matlab_perms(n).into_iter().filter(|p| is_solution(p)).collect();
            let ours: Vec<Vec<usize>> = SolutionOrder::Perms.solutions(n).map(|q| by_rows(&q)).collect();
            assert_eq!(ours, planes, "n = {n}");
        }
    }

    #[test]
    fn unique_keeps_each_class_first_in_the_order() {
        for order in [SolutionOrder::Backtrack, SolutionOrder::Perms] {
            let all: Vec<Vec<usize>> = order.solutions(8).collect();
            let firsts: Vec<&Vec<usize>> = all.iter().filter(|q| order.is_first_of_class(q)).collect();
            let unique: Vec<(Vec<usize>, usize)> = order.unique(8).collect();
            assert_eq!(unique.len(), 12);
            assert_eq!(unique.iter().map(|(q, _)| q).collect::<Vec<_>>(), firsts, "{order:?}");
            for (q, size) in &unique {
                let seen = all.iter().position(|s| s == q).unwrap();
                let class = crate::count::symmetry_images(q);
                assert!(all[..seen].iter().all(|s| !class.contains(s)), "{order:?}: {q:?} is not its class's first");
                assert_eq!(*size, crate::count::class_size(q));
            }
        }
        assert_eq!(to_backtrack(&from_backtrack(&[1, 3, 0, 2])), [1, 3, 0, 2]);
        assert_eq!("perms".parse(), Ok(SolutionOrder::Perms));
        assert!("lex".parse::<SolutionOrder>().unwrap_err().contains("backtrack or perms"));
    }
}
