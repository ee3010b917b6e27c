//! The quiz's questions, one choice for the HTML player and the PDF worksheet: the run's steps are
//! replayed on a [`Board`] as they come, and each question is decided from what the board before
//! the step shows.
//!
//! Contract: a question is asked before a placement (frame k, shown on frame k - 1, which must be
//! step k - 1: with frames left out the quiz is refused, [`Refusal::Gaps`]). It is a dead end
//! ([`Asked::DeadEnd`]) only when the placement makes the line run out: the line the run marks as a
//! dead end on that frame (backtrack, grid) or the next (forward's look-ahead), whose squares were
//! not all attacked before. When that line had no safe square already, the question is what the
//! search does next ([`Asked::Blind`]: it places anyway, and notices the line only when it gets
//! there). Every question keeps its reason: the squares of the filled line passed over and the
//! queen attacking each (nearest, then leftmost, then topmost, as `--why` draws them), or the dead
//! line's squares and theirs. The search's order (columns from the left, each from the top; rows
//! from the top, each from the left; forward's tightest row first) is read off the run's own
//! placements and look-aheads. A run that starts with queens or blocked squares on the board (a
//! puzzle) or without a board, that moves or lays out queens, or that has nothing to ask, is
//! refused ([`Refusal`]).

use super::Quiz;
use crate::board::deadend::Line;
use crate::board::Board;
use crate::trace::{Event, Square};

/// What a question asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Asked {
    /// Where the next queen goes.
    Place,
    /// Which line runs out of safe squares once the step's queen stands.
    DeadEnd(Line),
    /// Where the next queen goes, on a board where this line already has no safe square.
    Blind(Line),
}

/// One question: the frame it stops before (its output position), what it asks and its facts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Question {
    pub frame: usize,
    pub asked: Asked,
    /// The square the step puts a queen on.
    pub square: Square,
    /// The queens on the board shown (before the step).
    pub queens: Vec<Square>,
    /// The squares of the filled line the search passed over this time, each with its attacker.
    pub skipped: Vec<(Square, Square)>,
    /// The square the search took back in that line, when it goes on below (or after) it.
    pub resumed: Option<Square>,
    /// A dead end's line: each square with the queen attacking it once the step's queen stands.
    pub links: Vec<(Square, Square)>,
}

/// The order a search fills the board in, as its run shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Order {
    /// Columns from the left, each from the top (backtrack).
    Columns,
    /// Rows from the top, each from the left (grid).
    Rows,
    /// The empty row with the fewest safe squares first (topmost on ties), each from the left (forward).
    Tightest,
}

impl Order {
    /// The line being filled when a queen goes on `square`.
    pub(crate) fn line(self, square: Square) -> Line {
        match self {
            Order::Columns => Line::Column(square.col),
            _ => Line::Row(square.row),
        }
    }

    /// Which way a line is filled: "from the top" or "from the left".
    pub(crate) fn along(self) -> &'static str {
        match self {
            Order::Columns => "from the top",
            _ => "from the left",
        }
    }
}

/// Why a run cannot be quizzed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// Frames left out (`--every`, a `--frames` list with gaps): a step's board is not shown.
    Gaps,
    /// A puzzle (queens or blocked squares from the start, or a region board).
    Puzzle,
    /// The run moves or lays out whole boards (min-conflicts, shuffle, permutations).
    NotPlacing,
    /// Nothing to ask (`true`: the quiz asks dead ends and the run has none).
    Nothing(bool),
}

impl Refusal {
    /// The refusal in words, with what to do instead.
    pub(crate) fn reason(self) -> &'static str {
        match self {
            Refusal::Gaps => {
                "a question is asked on the board just before its step, so the quiz needs every frame; drop --every \
                 and --frames"
            }
            Refusal::Puzzle => {
                "a puzzle's run is not quizzed (its queens come from deductions); `queens puzzle play` makes a page \
                 to solve it, with hints"
            }
            Refusal::NotPlacing => "the run does not place queens one at a time; quiz a backtrack, grid or forward run",
            Refusal::Nothing(true) => "the run has no dead end to ask about; ask placements (--quiz placements)",
            Refusal::Nothing(false) => "the run places no queen to ask about",
        }
    }
}

/// A placement waiting for the next frame, which says whether forward's look-ahead finds a dead end.
struct Pending {
    frame: usize,
    square: Square,
    before: Board,
    resumed: Option<Square>,
    dead: Option<Line>,
}

/// The questions of a run as its frames come ([`Questions::push`]), ready at [`Questions::finish`].
pub(crate) struct Questions {
    quiz: Quiz,
    board: Option<Board>,
    last_step: Option<usize>,
    candidates: usize,
    taken_back: Option<Square>,
    pending: Option<Pending>,
    columns: bool,
    rows: bool,
    looks_ahead: bool,
    refused: Option<Refusal>,
    /// The questions decided so far, in frame order.
    pub asked: Vec<Question>,
}

impl Questions {
    pub(crate) fn new(quiz: Quiz) -> Self {
        Questions {
            quiz,
            board: None,
            last_step: None,
            candidates: 0,
            taken_back: None,
            pending: None,
            columns: true,
            rows: true,
            looks_ahead: false,
            refused: None,
            asked: Vec::new(),
        }
    }

    /// The first frame's board: `n` squares a side, and whether anything stands on it already
    /// (queens or blocked squares); `None`: the frame draws no chessboard (a region puzzle).
    pub(crate) fn start(&mut self, board: Option<(usize, bool)>) {
        match board {
            Some((n, false)) => self.board = Some(Board::new(n)),
            _ => self.refuse(Refusal::Puzzle),
        }
    }

    fn refuse(&mut self, why: Refusal) {
        self.refused.get_or_insert(why);
    }

    /// The next output frame: its position, its step, the event that led to it and the line the
    /// run marks as a dead end on it.
    pub(crate) fn push(&mut self, frame: usize, step: usize, event: Option<&Event>, dead: Option<Line>) {
        if self.last_step.is_some_and(|last| step != last + 1) || (self.last_step.is_none() && step != 0) {
            self.refuse(Refusal::Gaps);
        }
        self.last_step = Some(step);
        if self.refused.is_some() {
            return;
        }
        if let Some(pending) = self.pending.take() {
            let look_ahead = match event {
                Some(Event::Deadend { .. }) => dead,
                _ => None,
            };
            self.decide(pending, look_ahead);
        }
        let Some(board) = self.board.as_mut() else { return self.refuse(Refusal::Puzzle) };
        match event {
            Some(Event::Place { row, col }) => {
                let square = Square::new(*row, *col);
                let before = board.clone();
                if board.place(square).is_err() {
                    return self.refuse(Refusal::NotPlacing);
                }
                let n = before.n();
                self.columns &= (0..n).find(|&c| !before.col_has_queen(c)) == Some(square.col);
                self.rows &= (0..n).find(|&r| !before.row_has_queen(r)) == Some(square.row);
                let resumed = self.taken_back.take();
                self.pending = Some(Pending { frame, square, before, resumed, dead });
            }
            Some(Event::Remove { row, col }) => {
                let square = Square::new(*row, *col);
                if board.remove(square).is_err() {
                    return self.refuse(Refusal::NotPlacing);
                }
                self.taken_back = Some(square);
            }
            Some(Event::Deadend { .. }) => self.looks_ahead = true,
            Some(Event::Layout { .. } | Event::Move { .. }) => self.refuse(Refusal::NotPlacing),
            _ => {}
        }
    }

    /// Ask `pending`'s step or not; `look_ahead` is the dead line the next frame marks.
    fn decide(&mut self, pending: Pending, look_ahead: Option<Line>) {
        let before = &pending.before;
        let dead = pending.dead.or(look_ahead);
        let was_dead = |line: Line| line.squares(before.n()).all(|sq| !before.has_queen(sq) && before.is_attacked(sq));
        let asked = match dead {
            Some(line) if was_dead(line) => Asked::Blind(line),
            Some(line) => Asked::DeadEnd(line),
            None => Asked::Place,
        };
        let chosen = match self.quiz {
            Quiz::DeadEnds => asked != Asked::Place,
            Quiz::Placements => true,
            Quiz::Every(k) => {
                self.candidates += 1;
                self.candidates % k == 0
            }
        };
        if !chosen || pending.frame == 0 {
            return;
        }
        let asked = if self.quiz == Quiz::Placements { Asked::Place } else { asked };
        let mut after = before.clone();
        let _ = after.place(pending.square);
        let links = match asked {
            Asked::DeadEnd(line) => {
                line.squares(after.n()).filter_map(|sq| Some((sq, attacker(&after, sq)?))).collect()
            }
            _ => Vec::new(),
        };
        self.asked.push(Question {
            frame: pending.frame,
            asked,
            square: pending.square,
            queens: before.queens().collect(),
            skipped: Vec::new(),
            resumed: pending.resumed,
            links,
        });
    }

    /// Every frame has come: the last placement is decided (no look-ahead follows it).
    pub(crate) fn end(&mut self) {
        if let Some(pending) = self.pending.take().filter(|_| self.refused.is_none()) {
            self.decide(pending, None);
        }
    }

    /// The questions and the order the run fills the board in, once every frame has come.
    pub(crate) fn finish(mut self) -> Result<(Vec<Question>, Order), Refusal> {
        self.end();
        if let Some(why) = self.refused {
            return Err(why);
        }
        let order = match (self.looks_ahead, self.columns, self.rows) {
            (true, ..) => Order::Tightest,
            (_, true, _) => Order::Columns,
            (_, _, true) => Order::Rows,
            _ => Order::Tightest,
        };
        if self.asked.is_empty() {
            return Err(Refusal::Nothing(self.quiz == Quiz::DeadEnds));
        }
        let Some(n) = self.board.as_ref().map(Board::n) else { return Err(Refusal::Puzzle) };
        for q in &mut self.asked {
            q.skipped = skipped(n, order, q);
        }
        Ok((self.asked, order))
    }
}

/// The squares of `q`'s filled line the search passed over before its square (from the line's
/// start, or after the square it took back there), each with the queen attacking it.
fn skipped(n: usize, order: Order, q: &Question) -> Vec<(Square, Square)> {
    let mut board = Board::new(n);
    for &queen in &q.queens {
        let _ = board.place(queen);
    }
    let line = order.line(q.square);
    let from = q.resumed.filter(|&sq| order.line(sq) == line);
    let squares: Vec<Square> = line.squares(n).collect();
    let start = from.and_then(|sq| squares.iter().position(|&s| s == sq)).map_or(0, |i| i + 1);
    let end = squares.iter().position(|&s| s == q.square).unwrap_or(0);
    squares.get(start..end).unwrap_or(&[]).iter().filter_map(|&sq| Some((sq, attacker(&board, sq)?))).collect()
}

/// The queen drawn attacking `target` (as `--why` draws it): the nearest (Chebyshev distance),
/// then the leftmost, then the topmost.
pub(crate) fn attacker(board: &Board, target: Square) -> Option<Square> {
    let distance = |q: Square| q.row.abs_diff(target.row).max(q.col.abs_diff(target.col));
    board.queens().filter(|q| q.attacks(target)).min_by_key(|&q| (distance(q), q.col, q.row))
}

/// The first frame's board: squares a side, and whether queens or blocked squares stand on it
/// (`None`: the scene draws no chessboard, as a region puzzle's does not).
pub(crate) fn board_start(scene: &crate::scene::items::Scene) -> Option<(usize, bool)> {
    use crate::scene::items::Item;
    let [.., n] = crate::sink::atom_frames::board(scene)?;
    let furnished = scene.items.iter().any(|item| match item {
        Item::Square { queen, .. } => *queen,
        Item::Fill { paint, .. } => *paint == crate::scene::paint::Paint::Blocked,
        _ => false,
    });
    Some((n, furnished))
}
