//! Caption band text: what happened in words, the step, and running counters.
//!
//! Contract: line 1 says what the frame's event did ("place c3", "remove c3", "check c3: attacked
//! by a5", "solution 1 found"; "empty board" on frame 0) and, on dead ends, why ("column f: no safe
//! square", see `board::deadend::why_reason`); line 2 is "step k of M" beside
//! the run's title ("8×8 · backtrack", on every frame); line 3 counts placements, removals and
//! solutions. Numbers are written without padding ("step 5 of 57"). Lines are right-aligned under
//! the board's right edge, and whatever changes from frame to frame stays put, so a GIF frame's
//! changed rectangle stays small: the square after a verb sits in a fixed slot at the right end of
//! line 1 (the verb right-aligned before it), and each ` · ` group of lines 2 and 3 sits
//! right-aligned in a fixed slot (see `place.rs`).

mod place;

pub use place::{caption_items, text_sizes, CaptionLayout, MAIN_CAP_HEIGHT, MAX_TEXT_SIZE};

use crate::board::{BoardFrame, Counters};
use crate::trace::Algorithm;
use crate::trace::{Event, RunInfo, Square, Trace};

/// Digits every number slot holds when a run's length is not known.
pub const UNKNOWN_TOTAL_DIGITS: usize = 7;

/// What the caption must make room for, fixed for a whole run.
#[derive(Clone, Debug, Default)]
pub struct CaptionSpec {
    /// The board size.
    pub n: usize,
    /// The algorithm's name as the trace gives it (in the title on every frame).
    pub algorithm: String,
    /// The algorithm, when the name is one of ours: it decides the counters and annotations.
    pub kind: Option<Algorithm>,
    /// Total events in the run (the largest step and counter values); `None` when not known (a
    /// stream): the step line then reads "step k" and number slots get [`UNKNOWN_TOTAL_DIGITS`].
    pub total_events: Option<usize>,
    /// Whether a checks counter is shown.
    pub has_checks: bool,
    /// Largest number any slot must hold (events, tries, ...).
    pub max_value: u64,
    /// Whether dead ends get their attack lines (`--why`); they are said
    /// and underlined either way.
    pub why: bool,
    /// The kind of puzzle the run solves (`"regions"`, `"completion"`), in the title.
    pub puzzle: Option<&'static str>,
    /// The longest sentence a puzzle event of the run carries (line 1 makes room for it).
    pub longest_text: String,
}

impl CaptionSpec {
    /// The run's title, on every frame: `8×8 · backtrack`, `7×7 · regions` (the rule solver),
    /// `8×8 · completion · forward`.
    pub fn title(&self) -> String {
        let n = self.n;
        match (self.puzzle, self.kind) {
            (Some(kind), Some(Algorithm::Deduce)) => format!("{n}×{n} · {kind}"),
            (Some(kind), _) => format!("{n}×{n} · {kind} · {}", self.algorithm),
            (None, _) => format!("{n}×{n} · {}", self.algorithm),
        }
    }
}

/// A piece of a caption line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CaptionPiece {
    /// Words, written as they are.
    Text(String),
    /// A number, written as it is; its group's slot makes room for `CaptionLayout::digits` digits.
    Number(u64),
}

fn text(s: &str) -> CaptionPiece {
    CaptionPiece::Text(s.to_string())
}

/// Line 1: a verb and what it acted on (drawn at a fixed x), or a whole sentence in `detail`; and
/// why, when the step is a dead end (a smaller line under it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Action {
    /// The verb (`place`, `remove`, ...), or empty when `detail` is a whole sentence.
    pub verb: &'static str,
    /// What the verb acted on (a square), or the whole sentence.
    pub detail: String,
    /// Why the step happened: "column f: no safe square" (see
    /// `board::deadend::why_reason`).
    pub reason: Option<String>,
    /// Whether the reason is new on this frame (not the dead end the frame before already said:
    /// the removal right after a dead end repeats it).
    pub reason_is_new: bool,
}

impl Action {
    fn sentence(text: String) -> Self {
        Action { verb: "", detail: text, reason: None, reason_is_new: false }
    }

    /// The verb and what it acted on, or the sentence, without the reason.
    pub fn main_text(&self) -> String {
        if self.verb.is_empty() {
            self.detail.clone()
        } else {
            format!("{} {}", self.verb, self.detail)
        }
    }

    /// How many words this line gives a reader to read, when it brings a sentence rather than a
    /// label: an explanation (a dead end, a `--why` sentence, a puzzle deduction) or a check's
    /// outcome (`--detail checks`). `None` for a plain step ("place c2", "remove c2", also when it
    /// repeats the dead end the frame before said) and for the fixed labels ("empty board", "solution 3 found"), which keep the plain delays.
    pub fn words_to_read(&self) -> Option<usize> {
        let label = |t: &str| {
            t == "empty board"
                || t == "the puzzle as given"
                || t == "new layout"
                || (t.starts_with("solution ") && t.ends_with(" found"))
                || t.starts_with("try layout ")
        };
        let sentence = (self.reason.is_some() && self.reason_is_new)
            || if self.verb.is_empty() { !label(&self.detail) } else { self.verb == "check" };
        sentence.then(|| self.text().split_whitespace().filter(|w| *w != "·" && *w != "→").count())
    }

    /// The line as plain text, its reason after a ` · `.
    pub fn text(&self) -> String {
        match &self.reason {
            Some(reason) => format!("{} · {reason}", self.main_text()),
            None => self.main_text(),
        }
    }
}

/// The three caption lines of one frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaptionText {
    /// Line 1: what the event did.
    pub action: Action,
    /// Line 2: the step.
    pub step: Vec<CaptionPiece>,
    /// Line 3: the counters.
    pub counters: Vec<CaptionPiece>,
}

impl CaptionText {
    /// The caption's lines as plain text, in reading order: the action, the step, the counters.
    pub fn plain_lines(&self) -> Vec<String> {
        let line = |segments: &[CaptionPiece]| {
            segments
                .iter()
                .map(|s| match s {
                    CaptionPiece::Text(t) => t.clone(),
                    CaptionPiece::Number(v) => v.to_string(),
                })
                .collect::<String>()
        };
        vec![self.action.text(), line(&self.step), line(&self.counters)]
    }
}

/// Caption for a frame.
pub fn caption_for(frame: &BoardFrame, spec: &CaptionSpec) -> CaptionText {
    let conflicts = frame.board.conflicts().len() as u64;
    let mut lines = caption_lines(frame.index, frame.event.as_ref(), frame.counters, conflicts, spec);
    let event = frame.event.as_ref();
    lines.action.reason = crate::board::deadend::why_reason(spec.kind, &frame.board, event, spec.has_checks);
    // A removal whose line is fully attacked follows the dead end that said so (the placement, or
    // the failed check, or forward's dead end): its words are not new. A cascade's are.
    lines.action.reason_is_new = lines
        .action
        .reason
        .as_ref()
        .is_some_and(|r| !matches!(event, Some(Event::Remove { .. })) || r.ends_with(" left"));
    lines
}

pub(crate) fn caption_lines(
    index: usize,
    event: Option<&Event>,
    c: Counters,
    conflicts: u64,
    spec: &CaptionSpec,
) -> CaptionText {
    let mut step = vec![text("step "), CaptionPiece::Number(index as u64)];
    if let Some(total) = spec.total_events {
        step.push(text(&format!(" of {total}")));
    }
    if spec.has_checks {
        step.extend([text(" · checks: "), CaptionPiece::Number(c.checks)]);
    }
    if spec.kind == Some(Algorithm::Forward) {
        step.extend([text(" · dead ends: "), CaptionPiece::Number(c.deadends)]);
    }
    let solutions = [text(" · solutions: "), CaptionPiece::Number(c.solutions)];
    let counters = match spec.kind {
        Some(Algorithm::Shuffle) => {
            [vec![text("tries: "), CaptionPiece::Number(c.layouts)], solutions.to_vec()].concat()
        }
        Some(Algorithm::Permutations) => {
            [vec![text("permutations: "), CaptionPiece::Number(c.layouts)], solutions.to_vec()].concat()
        }
        Some(Algorithm::Deduce) => [
            vec![text("queens: "), CaptionPiece::Number(c.placements - c.removals)],
            vec![text(" · ruled out: "), CaptionPiece::Number(c.eliminations)],
            vec![text(" · guesses: "), CaptionPiece::Number(c.guesses)],
        ]
        .concat(),
        Some(Algorithm::MinConflicts) => {
            vec![
                text("moves: "),
                CaptionPiece::Number(c.moves),
                text(" · attacking pairs: "),
                CaptionPiece::Number(conflicts),
            ]
        }
        _ => [
            vec![
                text("placements: "),
                CaptionPiece::Number(c.placements),
                text(" · removals: "),
                CaptionPiece::Number(c.removals),
            ],
            solutions.to_vec(),
        ]
        .concat(),
    };
    CaptionText { action: action_text(event, spec, c.solutions), step, counters }
}

/// What an event did, in words.
pub fn action_text(event: Option<&Event>, spec: &CaptionSpec, solutions: u64) -> Action {
    let n = spec.n;
    let name = |row: usize, col: usize| Square::new(row, col).name(n);
    let verb = |verb: &'static str, detail: String| Action { verb, detail, reason: None, reason_is_new: false };
    match event {
        None if spec.puzzle.is_some() => Action::sentence("the puzzle as given".to_string()),
        None => Action::sentence("empty board".to_string()),
        Some(Event::Place { row, col }) => verb("place", name(*row, *col)),
        Some(Event::Remove { row, col }) => verb("remove", name(*row, *col)),
        Some(Event::Solution { .. }) => Action::sentence(format!("solution {solutions} found")),
        Some(Event::Layout { tries: Some(t), .. }) => Action::sentence(format!("try layout {t}")),
        Some(Event::Layout { .. }) => Action::sentence("new layout".to_string()),
        Some(Event::Move { from, to }) => verb("move", format!("{} → {}", from.name(n), to.name(n))),
        Some(Event::Deadend { .. }) => Action::sentence("dead end".to_string()),
        Some(Event::Check { row, col, safe: true, .. }) => verb("check", format!("{}: safe", name(*row, *col))),
        Some(Event::Check { row, col, attacker, .. }) => match attacker {
            Some(a) => verb("check", format!("{}: attacked by {}", name(*row, *col), a.name(n))),
            None => verb("check", format!("{}: attacked", name(*row, *col))),
        },
        Some(Event::Eliminate { text, .. } | Event::Deduce { text, .. } | Event::Undo { text, .. }) => {
            Action::sentence(text.clone())
        }
        Some(Event::Guess { row, col }) => verb("guess", name(*row, *col)),
    }
}

/// The caption of the 8x8 backtracking run to its first solution (219 events), for tests.
#[cfg(test)]
pub(crate) fn example_spec() -> CaptionSpec {
    CaptionSpec {
        n: 8,
        algorithm: "backtrack".into(),
        kind: Some(Algorithm::Backtrack),
        total_events: Some(219),
        has_checks: false,
        max_value: 219,
        why: false,
        puzzle: None,
        longest_text: String::new(),
    }
}

impl CaptionSpec {
    /// The caption a run's frames need room for.
    pub fn for_run(info: &RunInfo) -> Self {
        CaptionSpec {
            n: info.n,
            algorithm: info.algorithm.clone(),
            kind: info.algorithm.parse().ok(),
            total_events: info.total_events,
            has_checks: info.has_checks,
            max_value: info.max_tries,
            why: false,
            puzzle: info.puzzle.as_ref().map(|p| if p.has_regions() { "regions" } else { "completion" }),
            longest_text: info.longest_text.clone(),
        }
    }
}

/// The caption a trace's frames need room for.
pub fn caption_spec(trace: &Trace) -> CaptionSpec {
    CaptionSpec::for_run(&RunInfo::of_trace(trace))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec() -> CaptionSpec {
        example_spec()
    }

    #[test]
    fn a_run_of_unknown_length_reads_step_k() {
        let unknown = CaptionSpec { total_events: None, ..spec() };
        let lines = caption_lines(5, None, Counters::default(), 0, &unknown);
        assert_eq!(lines.step, [text("step "), CaptionPiece::Number(5)]);
        let known = caption_lines(5, None, Counters::default(), 0, &spec());
        assert_eq!(known.step, [text("step "), CaptionPiece::Number(5), text(" of 219")]);
    }

    #[test]
    fn actions_read_as_verb_and_square() {
        let place = action_text(Some(&Event::Place { row: 1, col: 4 }), &spec(), 0);
        assert_eq!(place.text(), "place e7");
        assert_eq!(action_text(Some(&Event::Remove { row: 3, col: 4 }), &spec(), 0).text(), "remove e5");
        assert_eq!(action_text(None, &spec(), 0).text(), "empty board");
    }
}
