//! Replays events into board states: queens, attacked squares, conflicts.
//!
//! Contract: [`Replay`] walks a trace and yields one [`BoardFrame`] per frame — frame 0 is the empty
//! board, frame k the board after events 1..=k — or an [`Error::InvalidTrace`] naming the first
//! event that cannot happen (queen off the board, placing on an occupied square, removing a queen
//! that is not there, a solution that does not match the board, a check whose verdict is wrong).

use crate::trace::{Event, Square, Trace};
use crate::Error;

/// Largest board a trace can be replayed on (a board keeps one flag per square).
pub const MAX_REPLAY_N: usize = 4096;

/// Queens on an n-board, with per-line queen counts so attacks are O(1) to query.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    n: usize,
    occupied: Vec<bool>,
    queen_count: usize,
    rows: Vec<u32>,
    cols: Vec<u32>,
    diags: Vec<u32>,
    antis: Vec<u32>,
}

impl Board {
    pub fn new(n: usize) -> Self {
        Board {
            n,
            occupied: vec![false; n * n],
            queen_count: 0,
            rows: vec![0; n],
            cols: vec![0; n],
            diags: vec![0; 2 * n],
            antis: vec![0; 2 * n],
        }
    }

    /// A board holding a queen at `(queens[col], col)` for each listed column.
    pub fn from_queens(n: usize, queens: &[usize]) -> Result<Self, String> {
        let mut board = Board::new(n);
        for (col, &row) in queens.iter().enumerate() {
            board.place(Square::new(row, col))?;
        }
        Ok(board)
    }

    pub fn n(&self) -> usize {
        self.n
    }

    pub fn queen_count(&self) -> usize {
        self.queen_count
    }

    pub fn has_queen(&self, sq: Square) -> bool {
        self.occupied[sq.row * self.n + sq.col]
    }

    /// All queens, in reading order (row by row, left to right).
    pub fn queens(&self) -> impl Iterator<Item = Square> + '_ {
        let n = self.n;
        self.occupied.iter().enumerate().filter(|(_, &q)| q).map(move |(i, _)| Square::new(i / n, i % n))
    }

    fn contains(&self, sq: Square) -> bool {
        sq.row < self.n && sq.col < self.n
    }

    fn line_counts(&self, sq: Square) -> [u32; 4] {
        let d = sq.row + self.n - sq.col;
        [self.rows[sq.row], self.cols[sq.col], self.diags[d], self.antis[sq.row + sq.col]]
    }

    /// True when some queen other than one standing on `sq` attacks `sq`. For a square holding a
    /// queen this means the queen is in conflict.
    pub fn is_attacked(&self, sq: Square) -> bool {
        let own = u32::from(self.has_queen(sq));
        self.line_counts(sq).iter().any(|&count| count > own)
    }

    /// How many queens (other than one standing on `sq`) attack `sq`.
    pub fn attackers(&self, sq: Square) -> u32 {
        let own = u32::from(self.has_queen(sq));
        self.line_counts(sq).iter().map(|&count| count - own).sum()
    }

    fn adjust(&mut self, sq: Square, delta: i32) {
        let d = sq.row + self.n - sq.col;
        for count in
            [&mut self.rows[sq.row], &mut self.cols[sq.col], &mut self.diags[d], &mut self.antis[sq.row + sq.col]]
        {
            *count = count.wrapping_add_signed(delta);
        }
    }

    /// Put a queen on `sq`; fails if it is off the board or already holds one.
    pub fn place(&mut self, sq: Square) -> Result<(), String> {
        self.check_on_board(sq)?;
        if self.has_queen(sq) {
            return Err(format!("{} already holds a queen", self.describe(sq)));
        }
        self.occupied[sq.row * self.n + sq.col] = true;
        self.queen_count += 1;
        self.adjust(sq, 1);
        Ok(())
    }

    /// Take the queen off `sq`; fails if there is none.
    pub fn remove(&mut self, sq: Square) -> Result<(), String> {
        self.check_on_board(sq)?;
        if !self.has_queen(sq) {
            return Err(format!("there is no queen on {} to remove", self.describe(sq)));
        }
        self.occupied[sq.row * self.n + sq.col] = false;
        self.queen_count -= 1;
        self.adjust(sq, -1);
        Ok(())
    }

    fn check_on_board(&self, sq: Square) -> Result<(), String> {
        if self.contains(sq) {
            Ok(())
        } else {
            Err(format!("row {} col {} is off the {n}x{n} board", sq.row, sq.col, n = self.n))
        }
    }

    fn describe(&self, sq: Square) -> String {
        format!("{} (row {}, col {})", sq.name(self.n), sq.row, sq.col)
    }

    /// The board as text, one line per row: `Q` for a queen, `.` for a free square and, with
    /// `show_attacks`, `~` for an attacked one (the style of seed 004).
    pub fn to_text(&self, show_attacks: bool) -> String {
        let mut text = String::with_capacity(self.n * (2 * self.n + 1));
        for row in 0..self.n {
            let cells: Vec<&str> = (0..self.n)
                .map(|col| {
                    let sq = Square::new(row, col);
                    if self.has_queen(sq) {
                        "Q"
                    } else if show_attacks && self.is_attacked(sq) {
                        "~"
                    } else {
                        "."
                    }
                })
                .collect();
            text.push_str(&cells.join(" "));
            text.push('\n');
        }
        text
    }

    /// Pairs of queens attacking each other, each pair once, in reading order.
    pub fn conflicts(&self) -> Vec<(Square, Square)> {
        let queens: Vec<Square> = self.queens().collect();
        let mut pairs = Vec::new();
        for (i, &a) in queens.iter().enumerate() {
            pairs.extend(queens[i + 1..].iter().filter(|&&b| a.attacks(b)).map(|&b| (a, b)));
        }
        pairs
    }

    /// True when the board holds exactly the solution `queens` (`queens[col] = row`), and it is one.
    pub fn matches_solution(&self, queens: &[usize]) -> Result<(), String> {
        if queens.len() != self.n {
            return Err(format!("solution lists {} queens, the board needs {}", queens.len(), self.n));
        }
        if self.queen_count != self.n {
            return Err(format!("the board holds {} queens, a solution needs {}", self.queen_count, self.n));
        }
        if let Some((col, &row)) =
            queens.iter().enumerate().find(|&(col, &row)| row >= self.n || !self.has_queen(Square::new(row, col)))
        {
            return Err(format!("solution puts column {col} at row {row}, the board does not"));
        }
        if let Some((a, b)) = self.conflicts().first() {
            return Err(format!("queens on {} and {} attack each other", a.name(self.n), b.name(self.n)));
        }
        Ok(())
    }

    /// Apply one event, or say why it cannot happen on this board.
    pub fn apply(&mut self, event: &Event) -> Result<(), String> {
        match event {
            Event::Place { row, col } => self.place(Square::new(*row, *col)),
            Event::Remove { row, col } => self.remove(Square::new(*row, *col)),
            Event::Solution { queens } => self.matches_solution(queens),
            Event::Check { row, col, safe, attacker } => self.verify_check(Square::new(*row, *col), *safe, *attacker),
            Event::Layout { queens, .. } => self.set_layout(queens),
            Event::Move { from, to } => self.move_queen(*from, *to),
            Event::Deadend { row } => self.verify_deadend(*row),
        }
    }

    /// Replace every queen by `queens[col] = row` (at most n columns).
    pub fn set_layout(&mut self, queens: &[usize]) -> Result<(), String> {
        if queens.len() > self.n {
            return Err(format!("layout lists {} queens for a {n}x{n} board", queens.len(), n = self.n));
        }
        let mut board = Board::new(self.n);
        for (col, &row) in queens.iter().enumerate() {
            board.place(Square::new(row, col))?;
        }
        *self = board;
        Ok(())
    }

    fn move_queen(&mut self, from: Square, to: Square) -> Result<(), String> {
        self.remove(from)?;
        self.place(to)
    }

    /// Squares in `row` that hold no queen and are not attacked.
    pub fn free_in_row(&self, row: usize) -> usize {
        (0..self.n)
            .filter(|&col| !self.has_queen(Square::new(row, col)) && !self.is_attacked(Square::new(row, col)))
            .count()
    }

    /// True when `row` holds a queen.
    pub fn row_has_queen(&self, row: usize) -> bool {
        self.rows[row] > 0
    }

    fn verify_deadend(&self, row: usize) -> Result<(), String> {
        if row >= self.n {
            return Err(format!("deadend row {row} is off the {n}x{n} board", n = self.n));
        }
        if self.row_has_queen(row) || self.free_in_row(row) > 0 {
            return Err(format!("deadend says row {row} has no free square, but it has"));
        }
        Ok(())
    }

    fn verify_check(&self, sq: Square, safe: bool, attacker: Option<Square>) -> Result<(), String> {
        self.check_on_board(sq)?;
        let attacked = self.is_attacked(sq);
        if safe == attacked {
            let truth = if attacked { "attacked" } else { "safe" };
            return Err(format!("check says {} is {}, but it is {truth}", sq.name(self.n), verdict(safe)));
        }
        match attacker {
            Some(_) if safe => Err("a safe check cannot name an attacker".to_string()),
            Some(q) if !self.contains(q) || !self.has_queen(q) => {
                Err(format!("attacker row {} col {} holds no queen", q.row, q.col))
            }
            Some(q) if !q.attacks(sq) => {
                Err(format!("the queen on {} does not attack {}", q.name(self.n), sq.name(self.n)))
            }
            _ => Ok(()),
        }
    }
}

fn verdict(safe: bool) -> &'static str {
    if safe {
        "safe"
    } else {
        "attacked"
    }
}

/// Running totals shown in captions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    pub placements: u64,
    pub removals: u64,
    pub solutions: u64,
    pub checks: u64,
    pub layouts: u64,
    pub moves: u64,
    pub deadends: u64,
}

impl Counters {
    fn count(&mut self, event: &Event) {
        match event {
            Event::Place { .. } => self.placements += 1,
            Event::Remove { .. } => self.removals += 1,
            Event::Solution { .. } => self.solutions += 1,
            Event::Check { .. } => self.checks += 1,
            Event::Layout { tries, .. } => self.layouts = tries.unwrap_or(self.layouts.saturating_add(1)),
            Event::Move { .. } => self.moves += 1,
            Event::Deadend { .. } => self.deadends += 1,
        }
    }
}

/// Everything one frame shows: the board after the first `index` events, and the event that led here.
#[derive(Clone, Debug)]
pub struct BoardFrame {
    /// Frame number, 0 = empty board.
    pub index: usize,
    /// Total events in the trace, so frame `index` is "step index of total".
    pub total: usize,
    /// The event this frame shows the result of (`None` for frame 0).
    pub event: Option<Event>,
    pub board: Board,
    pub counters: Counters,
}

/// Replays a trace frame by frame, validating each event.
pub struct Replay<'a> {
    trace: &'a Trace,
    board: Board,
    counters: Counters,
    next: usize,
}

impl<'a> Replay<'a> {
    pub fn new(trace: &'a Trace) -> Self {
        Replay { trace, board: Board::new(trace.n), counters: Counters::default(), next: 0 }
    }
}

impl Iterator for Replay<'_> {
    type Item = Result<BoardFrame, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        let index = self.next;
        if index > self.trace.events.len() {
            return None;
        }
        self.next += 1;
        let event = index.checked_sub(1).map(|i| self.trace.events[i].clone());
        if let Some(event) = &event {
            if let Err(reason) = self.board.apply(event) {
                self.next = usize::MAX;
                return Some(Err(Error::InvalidTrace { event: index, reason }));
            }
            self.counters.count(event);
        }
        let total = self.trace.events.len();
        Some(Ok(BoardFrame { index, total, event, board: self.board.clone(), counters: self.counters }))
    }
}

/// Check a whole trace without drawing it; names the first bad event.
pub fn validate(trace: &Trace) -> Result<Counters, Error> {
    if trace.n == 0 || trace.n > MAX_REPLAY_N {
        return Err(Error::BoardSize(trace.n));
    }
    let mut last = Counters::default();
    for frame in Replay::new(trace) {
        last = frame?.counters;
    }
    Ok(last)
}
