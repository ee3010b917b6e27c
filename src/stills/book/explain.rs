//! A puzzle's explanation: the rule solver's run to its solution, one small frame per step, in
//! the words `queens puzzle hint` uses.
//!
//! Contract: every event of the `deduce` run (first solution) is one step: the board after it
//! (the squares its rule reasoned from outlined, what it placed or ruled out shown) and its words:
//! "rule-name: sentence" for a deduction, "no rule applies: a guess is needed (a queen on c3)" for
//! a guess, the run's own sentence for a guess undone, "solved: every queen stands" at the end.
//! Region puzzles only.

use super::frames::step_scene;
use super::BookPuzzle;
use crate::board::Replay;
use crate::error::Error;
use crate::scene::items::Scene;
use crate::scene::{Describer, RenderOptions};
use crate::solve::puzzle::deduce::{hint_words, NO_RULE_APPLIES};
use crate::solve::{Algorithm, SolveOptions, Until};
use crate::trace::puzzle_furniture::Rule;
use crate::trace::{Event, Square};

/// Steps recorded at most per puzzle (a 12x12 needs well under a hundred).
const MAX_STEPS: usize = 10_000;

/// One step of an explanation.
pub struct Step {
    /// The board after it.
    pub scene: Scene,
    /// What it did and why.
    pub words: String,
}

/// The steps of `p`'s explanation, drawn in `options`' look.
pub fn steps(p: &BookPuzzle, options: &RenderOptions) -> Result<Vec<Step>, Error> {
    let n = p.puzzle.n;
    let mut solve = SolveOptions::new(n);
    solve.algorithm = Algorithm::Deduce;
    solve.until = Until::First;
    solve.puzzle = Some(p.puzzle.clone());
    let trace = crate::solve::record(&solve, MAX_STEPS)?;
    let describer = Describer::new(n, options, None);
    let mut steps = Vec::with_capacity(trace.events.len());
    for frame in Replay::new(&trace).skip(1) {
        let frame = frame?;
        let Some(event) = &frame.event else { continue };
        steps.push(Step { scene: step_scene(&describer, &frame), words: words(event, n) });
    }
    Ok(steps)
}

/// A step's words, as the hint says them.
pub fn words(event: &Event, n: usize) -> String {
    match event {
        Event::Deduce { rule, text, .. } | Event::Eliminate { rule, text, .. } if *rule != Rule::Guess => {
            hint_words(*rule, text)
        }
        Event::Eliminate { text, .. } | Event::Undo { text, .. } => text.clone(),
        Event::Guess { row, col } => {
            format!("{NO_RULE_APPLIES} (a queen on {})", Square::new(*row, *col).name(n))
        }
        Event::Solution { .. } => "solved: every queen stands".to_string(),
        _ => String::new(),
    }
}
