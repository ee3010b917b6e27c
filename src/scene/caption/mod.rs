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

use crate::board::deadend::{reason_words, Cause, DeadLine};
use crate::board::facts::StepFacts;
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

/// The kind of sentence line 1 brings, decided from the step's facts (never from its text): how
/// long a reader needs for it depends on whether its kind was read before (see
/// `pipeline::timing::Pacer`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SentenceKind {
    /// A line ran out on this step: "place e3 · column f: no safe square".
    DeadEnd,
    /// The removal right after a dead end: "remove e3 · column f had no safe square".
    Retreat,
    /// A removal whose line's safe squares were all tried: "remove d5 · column e: e3 tried, nothing
    /// else fit". A run of them (a cascade) reads as one sentence.
    Tried,
    /// A check's outcome (`--detail checks`): "check c3: attacked by a5".
    Check,
    /// A whole sentence from the trace (a puzzle's deduction): each differs, each is read in full.
    Told,
}

/// The sentence a frame's line 1 brings, for its reading time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sentence {
    /// Its kind.
    pub kind: SentenceKind,
    /// Words in the whole line (` · ` and arrows not counted): a first reading's length.
    pub words: usize,
    /// The words a repeat of its kind is compared by: the reason's for dead ends and removals (the
    /// plain "remove e3" before it is a step like any other), else the whole line's.
    pub key: Vec<String>,
}

/// Line 1: a verb and what it acted on (drawn at a fixed x), or a whole sentence in `detail`; and
/// why, when the step is a dead end (a smaller line under it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Action {
    /// The verb (`place`, `remove`, ...), or empty when `detail` is a whole sentence.
    pub verb: &'static str,
    /// What the verb acted on (a square), or the whole sentence.
    pub detail: String,
    /// Why the step happened (see `board::deadend::why_reason`).
    pub reason: Option<String>,
    /// The kind of sentence the line brings (`None`: a plain step such as "place c2", or a fixed
    /// label such as "empty board" or "solution 3 found", which keep the plain delays).
    pub kind: Option<SentenceKind>,
}

impl Action {
    fn sentence(text: String) -> Self {
        Action { verb: "", detail: text, reason: None, kind: None }
    }

    /// The verb and what it acted on, or the sentence, without the reason.
    pub fn main_text(&self) -> String {
        if self.verb.is_empty() {
            self.detail.clone()
        } else {
            format!("{} {}", self.verb, self.detail)
        }
    }

    /// The sentence this line gives a reader to read, if it brings one (see [`SentenceKind`]).
    pub fn to_read(&self) -> Option<Sentence> {
        let kind = self.kind?;
        let words = |t: &str| t.split_whitespace().filter(|w| *w != "·" && *w != "→").map(str::to_string).collect();
        let all: Vec<String> = words(&self.text());
        let key = match (&self.reason, kind) {
            (Some(reason), SentenceKind::DeadEnd | SentenceKind::Retreat | SentenceKind::Tried) => words(reason),
            _ => all.clone(),
        };
        Some(Sentence { kind, words: all.len(), key })
    }

    /// How many words the whole line gives a reader to read, when it brings a sentence.
    pub fn words_to_read(&self) -> Option<usize> {
        self.to_read().map(|s| s.words)
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
    let facts = StepFacts::of(spec.kind, frame, spec.has_checks);
    caption_of(frame, &facts, spec)
}

/// Caption for a frame whose step's facts are known.
pub fn caption_of(frame: &BoardFrame, facts: &StepFacts, spec: &CaptionSpec) -> CaptionText {
    let conflicts = frame.board.conflicts().len() as u64;
    let mut lines = caption_lines(frame.index, frame.event.as_ref(), frame.counters, conflicts, spec);
    let ranks = frame.board.puzzle().is_some();
    lines.action.reason = facts.dead.as_ref().map(|dead| reason_words(dead, spec.n, ranks));
    lines.action.kind = match (&facts.dead, lines.action.verb) {
        (Some(dead), _) if dead.here => Some(SentenceKind::DeadEnd),
        (Some(DeadLine { cause: Cause::Attacked, .. }), _) => Some(SentenceKind::Retreat),
        (Some(_), _) => Some(SentenceKind::Tried),
        (None, "check") => Some(SentenceKind::Check),
        (None, "") if !is_label(&lines.action.detail) => Some(SentenceKind::Told),
        (None, _) => None,
    };
    lines
}

/// The fixed labels line 1 shows as a whole sentence, which bring nothing to read.
fn is_label(t: &str) -> bool {
    t == "empty board"
        || t == "the puzzle as given"
        || t == "new layout"
        || (t.starts_with("solution ") && t.ends_with(" found"))
        || t.starts_with("try layout ")
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
    let verb = |verb: &'static str, detail: String| Action { verb, detail, reason: None, kind: None };
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
