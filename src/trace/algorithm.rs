//! The names of the searches a trace can come from: the command line's `--algorithm` values and
//! the `algorithm` field of trace files. Drawing and explaining a run depend on the name only.
//! `deduce` is the region puzzles' rule solver; backtrack, grid and forward also run puzzles of either
//! kind around their furniture (shuffle, permutations and min-conflicts refuse them).

use std::fmt;
use std::str::FromStr;

/// Which search to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Algorithm {
    /// Column by column, rows top to bottom, recursive backtracking (the blog post's algorithm).
    #[default]
    Backtrack,
    /// Squares in reading order; place on the next free one, next row; backtrack at a row's end.
    Grid,
    /// Look-ahead: backtrack as soon as an empty row has no free square; fill the tightest row first.
    Forward,
    /// Shuffle a permutation (seeded) until it is a solution; one layout per try.
    Shuffle,
    /// All n! permutations in lexicographic order; kept ones and every k-th rejected one are shown.
    Permutations,
    /// Greedy start, then move a conflicted queen to its least-attacked row (seeded); one solution.
    MinConflicts,
    /// A region puzzle's rule solver: named deductions, a traced guess only when no rule applies.
    /// Not among [`Algorithm::ALL`]: it needs a region puzzle.
    Deduce,
}

impl Algorithm {
    /// The six searches, which run on any board (and around a completion puzzle's furniture).
    pub const ALL: [Algorithm; 6] = [
        Algorithm::Backtrack,
        Algorithm::Grid,
        Algorithm::Forward,
        Algorithm::Shuffle,
        Algorithm::Permutations,
        Algorithm::MinConflicts,
    ];

    /// The name used on the command line and in trace files.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Backtrack => "backtrack",
            Algorithm::Grid => "grid",
            Algorithm::Forward => "forward",
            Algorithm::Shuffle => "shuffle",
            Algorithm::Permutations => "permutations",
            Algorithm::MinConflicts => "min-conflicts",
            Algorithm::Deduce => "deduce",
        }
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Algorithm {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let every = Algorithm::ALL.into_iter().chain([Algorithm::Deduce]);
        every.clone().find(|a| a.name() == s).ok_or_else(|| {
            let names: Vec<_> = every.map(|a| a.name()).collect();
            format!("unknown algorithm '{s}' (expected one of: {})", names.join(", "))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deduce_is_named_but_not_among_the_searches() {
        assert_eq!("deduce".parse(), Ok(Algorithm::Deduce));
        assert_eq!(Algorithm::Deduce.to_string(), "deduce");
        assert!(!Algorithm::ALL.contains(&Algorithm::Deduce));
        assert!("dedupe".parse::<Algorithm>().unwrap_err().ends_with("min-conflicts, deduce)"));
    }
}
