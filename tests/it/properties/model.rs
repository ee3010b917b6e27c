//! The property tests' independent model and strategies: a small board model implementing the
//! contract of `Replay`, counters from events alone, and generators of options and (possibly
//! invalid) traces.

use image::codecs::gif::GifDecoder;
use image::AnimationDecoder;
use proptest::collection::vec;
use proptest::option;
use proptest::prelude::*;
use proptest::test_runner::Config as ProptestConfig;
use queens::internals::Board;
use queens::{record, Algorithm, Animation, Counters, Detail, Event, SolveOptions, Square, Trace, Until};
use std::collections::BTreeSet;

/// Queens as (row, col) pairs.
pub type Queens = BTreeSet<(usize, usize)>;

/// Cap on recorded runs; every run the strategies pick stays far below it.
pub const MAX_EVENTS: usize = 50_000;

pub fn config(cases: u32) -> ProptestConfig {
    // No regression files are written into the repository; failures print their minimal input.
    ProptestConfig { failure_persistence: None, ..ProptestConfig::with_cases(cases) }
}

/// True when a queen on `a` attacks `b` (a different square on the same row, column or diagonal).
pub fn attacks(a: (usize, usize), b: (usize, usize)) -> bool {
    a != b && (a.0 == b.0 || a.1 == b.1 || a.0.abs_diff(b.0) == a.1.abs_diff(b.1))
}

/// Naive O(queens) test: some queen other than one on `sq` attacks `sq`.
pub fn attacked(queens: &Queens, sq: (usize, usize)) -> bool {
    queens.iter().any(|&q| attacks(q, sq))
}

/// Naive O(queens^2) test: no two queens attack each other.
pub fn conflict_free(queens: &Queens) -> bool {
    queens.iter().all(|&a| !attacked(queens, a))
}

pub fn queen_set(board: &Board) -> Queens {
    board.queens().map(|q| (q.row, q.col)).collect()
}

/// A small board model, independent of `queens::board`, implementing the contract of `Replay`.
#[derive(Clone, Debug)]
pub struct Model {
    pub n: usize,
    pub queens: Queens,
}

impl Model {
    pub fn new(n: usize) -> Self {
        Model { n, queens: Queens::new() }
    }

    pub fn on_board(&self, (row, col): (usize, usize)) -> bool {
        row < self.n && col < self.n
    }

    /// One queen per column, all on the board: `queens[col] = row`.
    pub fn as_columns(&self) -> Option<Vec<usize>> {
        let mut rows = vec![None; self.n];
        for &(row, col) in &self.queens {
            if rows[col].replace(row).is_some() {
                return None;
            }
        }
        rows.into_iter().collect()
    }

    /// Apply `event`; `false` (board unchanged or not, the run is over) when it cannot happen.
    pub fn apply(&mut self, event: &Event) -> bool {
        match *event {
            Event::Place { row, col } => self.on_board((row, col)) && self.queens.insert((row, col)),
            Event::Remove { row, col } => self.on_board((row, col)) && self.queens.remove(&(row, col)),
            Event::Check { row, col, safe, attacker } => {
                if !self.on_board((row, col)) || safe == attacked(&self.queens, (row, col)) {
                    return false;
                }
                match attacker {
                    None => true,
                    Some(a) => !safe && self.queens.contains(&(a.row, a.col)) && attacks((a.row, a.col), (row, col)),
                }
            }
            Event::Solution { ref queens } => {
                queens.len() == self.n
                    && self.queens.len() == self.n
                    && queens.iter().enumerate().all(|(col, &row)| self.queens.contains(&(row, col)))
                    && conflict_free(&self.queens)
            }
            Event::Layout { ref queens, .. } => {
                if queens.len() > self.n || queens.iter().any(|&row| row >= self.n) {
                    return false;
                }
                self.queens = queens.iter().enumerate().map(|(col, &row)| (row, col)).collect();
                true
            }
            Event::Move { from, to } => {
                self.apply(&Event::Remove { row: from.row, col: from.col })
                    && self.apply(&Event::Place { row: to.row, col: to.col })
            }
            Event::Deadend { row } => {
                row < self.n
                    && (0..self.n).all(|col| !self.queens.contains(&(row, col)) && attacked(&self.queens, (row, col)))
            }
            // The model's traces have no puzzle, so puzzle events cannot happen.
            Event::Eliminate { .. } | Event::Deduce { .. } | Event::Guess { .. } | Event::Undo { .. } => false,
        }
    }
}

/// Counters computed from the events alone.
pub fn count(events: &[Event]) -> Counters {
    let mut c = Counters::default();
    for event in events {
        match event {
            Event::Place { .. } => c.placements += 1,
            Event::Remove { .. } => c.removals += 1,
            Event::Solution { .. } => c.solutions += 1,
            Event::Check { .. } => c.checks += 1,
            Event::Layout { tries, .. } => c.layouts = tries.unwrap_or(c.layouts + 1),
            Event::Move { .. } => c.moves += 1,
            Event::Deadend { .. } => c.deadends += 1,
            Event::Deduce { .. } => c.placements += 1,
            Event::Guess { .. } => {
                c.placements += 1;
                c.guesses += 1;
            }
            Event::Undo { queens, .. } => c.removals += queens.len() as u64,
            Event::Eliminate { squares, .. } => c.eliminations += squares.len() as u64,
        }
    }
    c
}

// ---------------------------------------------------------------------------------------------
// Strategies
// ---------------------------------------------------------------------------------------------

pub fn until() -> impl Strategy<Value = Until> {
    prop_oneof![Just(Until::First), (1..=4u64).prop_map(Until::Solutions), Just(Until::All)]
}

pub fn detail() -> impl Strategy<Value = Detail> {
    prop_oneof![Just(Detail::Placements), Just(Detail::Checks)]
}

pub fn algorithm() -> impl Strategy<Value = Algorithm> {
    prop::sample::select(Algorithm::ALL.to_vec())
}

/// Options for a backtracking run on 1..=max_n; whole searches only up to 6x6 so cases stay fast.
pub fn backtrack_options(max_n: usize) -> impl Strategy<Value = SolveOptions> {
    (1..=max_n, until(), detail()).prop_map(|(n, until, detail)| {
        let mut options = SolveOptions::new(n);
        options.until = if n > 6 && until == Until::All { Until::Solutions(2) } else { until };
        options.detail = detail;
        options
    })
}

/// Like [`backtrack_options`], for any algorithm and seed.
pub fn solve_options(max_n: usize) -> impl Strategy<Value = SolveOptions> {
    (backtrack_options(max_n), algorithm(), 0..1000u64).prop_map(|(mut options, algorithm, seed)| {
        options.algorithm = algorithm;
        options.seed = seed;
        options
    })
}

/// Algorithms that only place and remove queens, each on a square no queen attacks.
pub fn places_safely(algorithm: Algorithm) -> bool {
    matches!(algorithm, Algorithm::Backtrack | Algorithm::Grid | Algorithm::Forward)
}

/// Solutions of the n-queens problem for n = 1..=8.
pub const SOLUTIONS: [u64; 8] = [1, 0, 0, 2, 10, 4, 40, 92];

pub fn recorded(options: &SolveOptions) -> Trace {
    record(options, MAX_EVENTS).unwrap_or_else(|e| panic!("recording {options:?}: {e}"))
}

/// A step of a random run. An honest step is resolved against the independent model when the
/// trace is built, so runs stay valid for a while (placing on a free square, removing or moving a
/// queen that is there, a check with the true verdict, ...); a raw step uses its numbers as they
/// are (which may fall off the board or hit an occupied square) and is often impossible.
#[derive(Clone, Debug)]
pub enum Op {
    Place { honest: bool, row: usize, col: usize },
    Remove { honest: bool, row: usize, col: usize },
    Check { honest: bool, row: usize, col: usize, safe: bool, attacker: Option<(usize, usize)> },
    Solution { honest: bool, queens: Vec<usize> },
    Layout { queens: Vec<usize>, tries: Option<u64> },
    Move { honest: bool, from: (usize, usize), to: (usize, usize) },
    Deadend { honest: bool, row: usize },
}

pub fn op(n: usize) -> impl Strategy<Value = Op> {
    // Raw coordinates run one past the board so some events fall off it.
    let c = move || 0..=n;
    let honest = || prop::bool::weighted(0.9);
    prop_oneof![
        6 => (honest(), c(), c()).prop_map(|(honest, row, col)| Op::Place { honest, row, col }),
        4 => (honest(), c(), c()).prop_map(|(honest, row, col)| Op::Remove { honest, row, col }),
        5 => (honest(), c(), c(), any::<bool>(), option::of((c(), c())))
            .prop_map(|(honest, row, col, safe, attacker)| Op::Check { honest, row, col, safe, attacker }),
        1 => (honest(), vec(c(), 0..=n + 1)).prop_map(|(honest, queens)| Op::Solution { honest, queens }),
        1 => (vec(0..n, 0..=n), option::of(0..100u64)).prop_map(|(queens, tries)| Op::Layout { queens, tries }),
        2 => (honest(), (c(), c()), (c(), c())).prop_map(|(honest, from, to)| Op::Move { honest, from, to }),
        1 => (honest(), c()).prop_map(|(honest, row)| Op::Deadend { honest, row }),
    ]
}

/// A random trace on a small board plus, from the independent model, the 1-based index of the
/// first event that cannot happen (`None` when the whole trace is valid).
pub fn random_run(max_n: usize, max_ops: usize) -> impl Strategy<Value = (Trace, Option<usize>)> {
    (1..=max_n).prop_flat_map(move |n| vec(op(n), 0..max_ops).prop_map(move |ops| build(n, &ops)))
}

/// The `k`-th (mod count) square of the board matching `wanted`, if there is one.
pub fn pick(model: &Model, k: usize, wanted: impl Fn((usize, usize)) -> bool) -> Option<(usize, usize)> {
    let squares: Vec<_> = (0..model.n * model.n).map(|i| (i / model.n, i % model.n)).filter(|&s| wanted(s)).collect();
    (!squares.is_empty()).then(|| squares[k % squares.len()])
}

/// The event an op stands for on the model's current board. An honest op that has nothing to act
/// on (removing or moving on an empty board, a solution or dead end that is not there) becomes an
/// honest placement or check instead, so honest ops are always possible.
pub fn resolve(model: &Model, op: Op) -> Event {
    let n = model.n;
    let square = |(row, col): (usize, usize)| Square::new(row, col);
    let free = |s: (usize, usize)| !model.queens.contains(&s);
    let taken = |s: (usize, usize)| model.queens.contains(&s);
    let honest_place = |k: usize| pick(model, k, free).map(|(row, col)| Event::Place { row, col });
    let honest_check = |row: usize, col: usize, name_attacker: bool| {
        let (row, col) = (row % n, col % n);
        let safe = !attacked(&model.queens, (row, col));
        // Name an attacker only when asked to and there is one.
        let attacker = model.queens.iter().find(|&&q| name_attacker && attacks(q, (row, col))).map(|&q| square(q));
        Event::Check { row, col, safe, attacker }
    };
    match op {
        Op::Place { honest: true, row, col } => {
            honest_place(row * n + col).unwrap_or_else(|| honest_check(row, col, true))
        }
        Op::Place { row, col, .. } => Event::Place { row, col },
        Op::Remove { honest: true, row, col } => match pick(model, row * n + col, taken) {
            Some((row, col)) => Event::Remove { row, col },
            None => honest_place(row * n + col).unwrap_or_else(|| honest_check(row, col, true)),
        },
        Op::Remove { row, col, .. } => Event::Remove { row, col },
        Op::Check { honest: true, row, col, attacker, .. } => honest_check(row, col, attacker.is_some()),
        Op::Check { row, col, safe, attacker, .. } => Event::Check { row, col, safe, attacker: attacker.map(square) },
        Op::Solution { honest: true, .. } => match model.as_columns() {
            Some(queens) if conflict_free(&model.queens) => Event::Solution { queens },
            _ => honest_check(0, 0, true),
        },
        Op::Solution { queens, .. } => Event::Solution { queens },
        Op::Layout { queens, tries } => Event::Layout { queens, tries },
        Op::Move { honest: true, from, to } => match pick(model, from.0 * n + from.1, taken) {
            Some(from) => {
                let to = pick(model, to.0 * n + to.1, |s| s == from || free(s)).unwrap_or(from);
                Event::Move { from: square(from), to: square(to) }
            }
            None => honest_place(to.0 * n + to.1).unwrap_or_else(|| honest_check(to.0, to.1, true)),
        },
        Op::Move { from, to, .. } => Event::Move { from: square(from), to: square(to) },
        Op::Deadend { honest: true, row } => {
            let dead = |r: usize| (0..n).all(|c| free((r, c)) && attacked(&model.queens, (r, c)));
            match (0..n).map(|r| (r + row) % n).find(|&r| dead(r)) {
                Some(row) => Event::Deadend { row },
                None => honest_check(row, row, false),
            }
        }
        Op::Deadend { row, .. } => Event::Deadend { row },
    }
}

pub fn build(n: usize, ops: &[Op]) -> (Trace, Option<usize>) {
    let mut model = Model::new(n);
    let mut first_bad = None;
    let mut events = Vec::with_capacity(ops.len());
    for op in ops {
        let event = resolve(&model, op.clone());
        if first_bad.is_none() && !model.apply(&event) {
            first_bad = Some(events.len() + 1);
        }
        events.push(event);
    }
    (Trace { n, algorithm: "random".into(), puzzle: None, events }, first_bad)
}

/// Any trace at all, with arbitrary numbers and text, for the JSON round trip.
pub fn any_trace() -> impl Strategy<Value = Trace> {
    let square = || (any::<usize>(), any::<usize>()).prop_map(|(r, c)| Square::new(r, c));
    let event = prop_oneof![
        (any::<usize>(), any::<usize>()).prop_map(|(row, col)| Event::Place { row, col }),
        (any::<usize>(), any::<usize>()).prop_map(|(row, col)| Event::Remove { row, col }),
        vec(any::<usize>(), 0..10).prop_map(|queens| Event::Solution { queens }),
        (vec(any::<usize>(), 0..10), option::of(any::<u64>()))
            .prop_map(|(queens, tries)| Event::Layout { queens, tries }),
        (square(), square()).prop_map(|(from, to)| Event::Move { from, to }),
        any::<usize>().prop_map(|row| Event::Deadend { row }),
        (any::<usize>(), any::<usize>(), any::<bool>(), option::of(square()))
            .prop_map(|(row, col, safe, attacker)| Event::Check { row, col, safe, attacker }),
    ];
    let algorithm = vec(any::<char>(), 0..20).prop_map(String::from_iter);
    (any::<usize>(), algorithm, vec(event, 0..30)).prop_map(|(n, algorithm, events)| Trace {
        n,
        algorithm,
        puzzle: None,
        events,
    })
}

/// Render `trace` bare with 8-pixel squares; returns the decoded frame count and frame sizes.
pub fn render_bare(trace: &Trace) -> (usize, Vec<(u32, u32)>) {
    let mut config = Animation::new();
    config.look.square = Some(8);
    config.look.bare = true;
    let mut gif = Vec::new();
    let summary = queens::render_gif(trace, &config, &mut gif).expect("a valid trace renders");
    assert_eq!(summary.frames, trace.frame_count(), "summary frame count");
    let decoder = GifDecoder::new(std::io::Cursor::new(gif)).expect("GIF header decodes");
    let sizes: Vec<(u32, u32)> =
        decoder.into_frames().map(|f| f.expect("frame decodes").buffer().dimensions()).collect();
    (sizes.len(), sizes)
}

// ---------------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------------
