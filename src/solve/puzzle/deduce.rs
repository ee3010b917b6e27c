//! The region puzzle solver: rules first, guesses only when no rule applies.
//!
//! Contract: from the puzzle's state, apply [`next_deduction`] until the puzzle is solved, a row,
//! column or region has no open square left (a dead end), or no rule applies; then guess a queen
//! on the first open square of the unit with the fewest open squares (ties: rows, then columns,
//! then regions, top/left first). A dead end after a guess goes back to the state before it
//! (`Undo`) and rules the guessed square out; with [`Until::All`] a solution does too, so every
//! solution is found exactly once. Without a guess standing, a dead end means no solution. Each
//! step is handed to the caller as a [`Move`]; the caller may stop the run (`Err(Full)`).

use super::region_grid::RegionGrid;
use super::rules::{next_deduction, Deduction, Effect};
use crate::solve::Until;
use crate::trace::puzzle_furniture::{Puzzle, Rule};
use crate::trace::Full;

/// One step of the solver, as the trace will show it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Move {
    /// A rule's deduction, already applied.
    Deduce(Deduction),
    /// No rule applies: a queen is guessed on this square.
    Guess(usize),
    /// Back to the state before the last guess: these queens come off, these squares reopen.
    #[allow(missing_docs)]
    Undo { queens: Vec<usize>, reopened: Vec<usize>, text: String },
    /// The guessed square, searched through, is ruled out; `text` says why.
    #[allow(missing_docs)]
    Refuted { square: usize, text: String },
    /// All N queens stand; `queens[col] = row`.
    Solution(Vec<usize>),
}

/// What a run found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// Solutions found.
    pub solutions: u64,
    /// Guesses made.
    pub guesses: u64,
    /// True when the rules stopped short of a solution and no guess was allowed.
    pub stuck: bool,
    /// Deductions per rule, in [`RULE_ORDER`].
    pub counts: [u64; 5],
}

/// The rules in the order the rule mix lists them.
pub const RULE_ORDER: [Rule; 5] =
    [Rule::LastSquare, Rule::Neighbours, Rule::RegionInLine, Rule::RegionsInLines, Rule::SeesRegion];

impl Outcome {
    /// The rule mix as "last-square 7, neighbours 7, region-in-line 3" (rules never used left out;
    /// guesses last).
    pub fn rule_mix(&self) -> String {
        let mut parts: Vec<String> = RULE_ORDER
            .iter()
            .zip(self.counts)
            .filter(|(_, count)| *count > 0)
            .map(|(rule, count)| format!("{} {count}", rule_name(*rule)))
            .collect();
        if self.guesses > 0 {
            parts.push(format!("guess {}", self.guesses));
        }
        parts.join(", ")
    }
}

/// What a hint says when no rule applies.
pub const NO_RULE_APPLIES: &str = "no rule applies: a guess is needed";

/// A deduction in a hint's words: the rule in plain words, a dash, the sentence ("Only one open
/// square left — region C has one open square left: a queen on f7"; see
/// [`rule_words`](super::rules::rule_words)): what `puzzle hint`, its picture, the play page and
/// the explained book say. Traces and `puzzle check` keep the kebab-case [`rule_name`].
pub fn hint_words(rule: Rule, text: &str) -> String {
    super::rules::plain_words(rule, text)
}

/// A rule's kebab-case name, as in traces.
pub fn rule_name(rule: Rule) -> &'static str {
    match rule {
        Rule::LastSquare => "last-square",
        Rule::Neighbours => "neighbours",
        Rule::RegionInLine => "region-in-line",
        Rule::RegionsInLines => "regions-in-lines",
        Rule::SeesRegion => "sees-region",
        Rule::Guess => "guess",
    }
}

/// Solve a region puzzle, handing every step to `emit`; `guess` false stops where the rules do.
/// A completion puzzle has no regions for the rules: the outcome is `stuck` at once.
pub fn solve(
    puzzle: &Puzzle,
    until: Until,
    guess: bool,
    emit: &mut dyn FnMut(&RegionGrid, Move) -> Result<(), Full>,
) -> Result<Outcome, Full> {
    let mut outcome = Outcome::default();
    if !puzzle.has_regions() {
        outcome.stuck = true;
        return Ok(outcome);
    }
    let mut state = RegionGrid::new(puzzle);
    let mut guesses: Vec<(RegionGrid, usize)> = Vec::new();
    loop {
        let why = if let Some(unit) = state.dead_unit() {
            format!("{} has no open square left", state.unit_name(unit))
        } else if state.solved() {
            outcome.solutions += 1;
            emit(&state, Move::Solution(state.solution()))?;
            if until.reached(outcome.solutions) {
                return Ok(outcome);
            }
            String::new()
        } else if let Some(deduction) = next_deduction(&state) {
            apply(&mut state, &deduction);
            let index = RULE_ORDER.iter().position(|&r| r == deduction.rule).expect("a rule of the order");
            outcome.counts[index] += 1;
            emit(&state, Move::Deduce(deduction))?;
            continue;
        } else if guess {
            let square = guess_square(&state);
            guesses.push((state.clone(), square));
            outcome.guesses += 1;
            state.put_queen(square);
            emit(&state, Move::Guess(square))?;
            continue;
        } else {
            outcome.stuck = true;
            return Ok(outcome);
        };
        let Some((before, square)) = guesses.pop() else { return Ok(outcome) };
        let (queens, reopened) = state.undo_to(&before);
        let name = before.name(square);
        let (undo, refuted) = if why.is_empty() {
            (
                format!("back to before the guess on {name}"),
                format!("every solution with {name} found: {name} ruled out"),
            )
        } else {
            (format!("{why}: the guess on {name} fails"), format!("the guess on {name} failed: {name} ruled out"))
        };
        state = before;
        emit(&state, Move::Undo { queens, reopened, text: undo })?;
        state.eliminate(&[square]);
        emit(&state, Move::Refuted { square, text: refuted })?;
    }
}

/// Apply a deduction to the state.
pub fn apply(state: &mut RegionGrid, deduction: &Deduction) {
    match &deduction.step {
        Effect::Place(sq) => state.put_queen(*sq),
        Effect::Eliminate(squares) => state.eliminate(squares),
    }
}

/// The first open square of the unit with the fewest open squares.
fn guess_square(state: &RegionGrid) -> usize {
    let unit = (0..state.units())
        .filter(|&u| !state.unit_has_queen(u))
        .min_by_key(|&u| state.open_in(u).count())
        .expect("an unsolved state has a unit without a queen");
    state.open_in(unit).next().expect("a live unit has an open square")
}

/// Run the rules alone (no guess): the outcome says whether they solved the puzzle and how.
pub fn by_rules(puzzle: &Puzzle) -> Outcome {
    solve(puzzle, Until::First, false, &mut |_, _| Ok(())).expect("nothing stops this run")
}
