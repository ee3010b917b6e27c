//! Smooth motion in the player: what its script needs to time every fade, in one of two ways.
//!
//! Contract: a page either stores every change's cue (its code: the picture of the step it
//! starts at, and whether it fades or switches there, see [`code`]) with every slide, or stores
//! where its units stand, and its script finds their cues itself; the writer takes whichever
//! makes the smaller page (short runs store their cues; long ones, whose changes outnumber the
//! bytes of the script that finds them, do not). Both time a change exactly as the in-betweens
//! do. To find them, the script (`motion.js`) repeats the motion stage's rule
//! (`motion::tween`): a step's causes are the squares whose queen unit it toggles (on: placed,
//! off: removed), its changed squares those whose own units it toggles; from them each changed
//! square's eased switch time (`motion::tween::switch_time`, a move sliding from 0 to 1), and a fading unit's cue is the
//! start of the first picture of the step drawn at or after that time, as
//! [`Gathered::cue`](crate::sink::gather::Gathered) finds it in the in-betweens. A puzzle's new
//! crosses (units of kind 4) sweep out from the squares its rule used (`motion::marks`); the
//! alarm marks a step adds (units of kind 5: lines and outlines between attacking queens) come
//! when its queens land (`motion::alarm`). So this
//! side keeps where the squares stand (every square item of every frame, by its top-left pixel; a
//! square not in every frame stands only with its queen: a region puzzle's; a queen or ghost
//! giving way to her square's labels by where her glyph stands), the atoms of a
//! puzzle's crosses with their squares, how and where every unit fades (see
//! [`Drawing::kinds`](super::units::Drawing)) and, per frame, when its step's pictures start (each
//! distinct list once: a step's pictures as the motion stage planned them, before equal ones were
//! merged), and for a frame with new crosses how far down its items on squares reach (the rows a
//! sweep without a used square takes, `marks::Crosses`) and the squares its rule used. Square
//! (board, row, col) is numbered `board << 24 | row << 12 | col` (rows and columns are under
//! 4096, `trace::MAX_REPLAY_N`).

use super::units::{Drawing, Move, Spot};
use crate::draw::svg::{fades, is_piece, is_queen, lands, origin, Atom, CRISP, JUMP};
use crate::motion::{schedule, Motion};
use crate::scene::theme::Paint;
use crate::sink::atom_frames::{pieces, On, SquareAt};
use crate::sink::gather::Gathered;
use std::collections::{HashMap, HashSet};

/// A square's board, row and column.
type Square = (u8, u16, u16);

/// The number of square (board, row, col) in the table (see the contract).
fn number((board, row, col): Square) -> u32 {
    u32::from(board) << 24 | u32::from(row) << 12 | u32::from(col)
}

/// The timing of a run's steps, gathered frame by frame.
pub struct Timing {
    /// The run's motion and an ordinary step's delay (ms).
    pace: (Motion, u32),
    /// Square numbers by their top-left pixel, and in how many frames each stands.
    squares: HashMap<(i64, i64), (u32, usize)>,
    /// The top-left pixel of the square a queen or ghost stands on, by her glyph's origin (not
    /// her square's where she gives way to its labels).
    pieces: HashMap<(i64, i64), (i64, i64)>,
    /// The atoms of a puzzle's crosses and their squares' numbers.
    marks: HashMap<Atom, u32>,
    /// The tallest board's rows, and a square's side in pixels.
    rows: u32,
    side: u32,
    /// Per frame with new crosses, the rows its items on squares reach (at least 1), then the
    /// squares its rule used (ascending); empty for other frames.
    reach: Vec<Vec<u32>>,
    /// A puzzle's crossed squares in the frame before, and per crossed square the frames its cross
    /// came in with its place in their sweeps (see [`Timing::sweeps`]).
    crossed: HashSet<u32>,
    sweeps: HashMap<u32, Vec<(usize, u32)>>,
    /// The distinct lists of picture starts, and the one of every frame.
    schedules: Vec<Vec<u32>>,
    known: HashMap<Vec<u32>, u32>,
    frames: Vec<u32>,
}

/// What the script reads: the tallest board's rows, how and where each unit fades (see
/// [`Drawing::kinds`](super::units::Drawing)), every frame's picture starts, with a puzzle's marks
/// (a cross: a unit of kind 4) the rows each frame's items on squares reach, then the squares its
/// rule used (nothing for a frame without new crosses; else no list), and the
/// squares of the silhouettes queens slide as with a square's side in pixels (boards share it).
pub struct Table<'a> {
    pub rows: u32,
    pub kinds: &'a [u8],
    pub squares: &'a [u32],
    pub schedules: &'a [Vec<u32>],
    pub frames: &'a [u32],
    pub reach: &'a [Vec<u32>],
    pub sliders: &'a [u32],
    pub side: u32,
    /// A page that stores its cues: every toggle's [`code`] in the table's order, and the slides
    /// (frame, silhouette, offset in pixels of the square she leaves).
    pub stored: Option<(Vec<u32>, &'a [Move])>,
}

impl Timing {
    /// The timing of a run moving with `motion`, an ordinary step lasting `step_ms`.
    pub fn new(motion: Motion, step_ms: u32) -> Self {
        Timing {
            pace: (motion, step_ms),
            squares: HashMap::new(),
            pieces: HashMap::new(),
            marks: HashMap::new(),
            rows: 0,
            side: 0,
            reach: Vec::new(),
            crossed: HashSet::new(),
            sweeps: HashMap::new(),
            schedules: Vec::new(),
            known: HashMap::new(),
            frames: Vec::new(),
        }
    }

    /// Keep a step's timing and where its items on squares stand: when the pictures the motion
    /// stage planned for it start, merged or not.
    pub fn step(&mut self, step: &Gathered) {
        let plan = schedule(self.pace.0, self.pace.1, step.delay_ms());
        self.layout(&step.frame.squares);
        self.sweeps(&step.frame.squares);
        let starts: Vec<u32> = plan.iter().scan(0, |at, (_, ms)| Some(std::mem::replace(at, *at + ms))).collect();
        let next = self.schedules.len() as u32;
        let index = *self.known.entry(starts.clone()).or_insert(next);
        if index == next {
            self.schedules.push(starts);
        }
        self.frames.push(index);
    }

    fn layout(&mut self, squares: &[SquareAt]) {
        let on_squares = squares.iter().filter_map(|&(on, at)| match on {
            On::Square(x, y) => Some(((x, y), at)),
            _ => None,
        });
        let on_squares: Vec<((i64, i64), Square)> = on_squares.collect();
        let rows = on_squares.iter().map(|(_, (_, row, _))| u32::from(*row) + 1).max().unwrap_or(0);
        self.rows = self.rows.max(rows);
        // A square's side: from the first square to its right-hand neighbour (boards share it).
        if self.side == 0 {
            self.side = on_squares
                .first()
                .and_then(|&((x, _), (board, row, col))| {
                    let right = on_squares.iter().find(|(_, at)| *at == (board, row, col + 1))?;
                    u32::try_from(right.0 .0 - x).ok()
                })
                .unwrap_or(0);
        }
        for &(on, at) in squares.iter().filter(|(_, (_, row, col))| *row < 4096 && *col < 4096) {
            match on {
                On::Square(x, y) => self.squares.entry((x, y)).or_insert((number(at), 0)).1 += 1,
                On::Cross(atom) => _ = self.marks.insert(atom, number(at)),
                On::Used(_) | On::Piece(..) => {}
            }
        }
        self.pieces.extend(pieces(squares));
        let mut used: Vec<u32> =
            squares.iter().filter_map(|(on, at)| matches!(on, On::Used(_)).then_some(number(*at))).collect();
        used.sort_unstable();
        used.dedup();
        let rows = squares.iter().map(|(_, (_, row, _))| u32::from(*row) + 1).max();
        self.reach.push([rows.unwrap_or(1)].into_iter().chain(used).collect());
    }

    /// Where each of a frame's new crosses comes in its board's sweep (`motion::marks`): its
    /// distance from the nearest square the step's rule used (at least 1), or with none on its
    /// board, its row (kept as `1 << 16 | row`). Within a frame and board, equal places are equal
    /// times, and the farthest place sets the others' times: crosses of one board with the same
    /// places in every frame can be one unit standing on one of them, and the script finds the
    /// same farthest place among those units.
    fn sweeps(&mut self, squares: &[SquareAt]) {
        let used: Vec<Square> =
            squares.iter().filter_map(|(on, at)| matches!(on, On::Used(_)).then_some(*at)).collect();
        let crossed: HashSet<Square> =
            squares.iter().filter_map(|(on, at)| matches!(on, On::Cross(_)).then_some(*at)).collect();
        let frame = self.reach.len() - 1;
        let mut new = crossed.iter().filter(|at| frame > 0 && !self.crossed.contains(&number(**at))).peekable();
        if new.peek().is_none() {
            // Only a frame with new crosses needs its rows and used squares.
            self.reach[frame].clear();
        }
        for &(board, row, col) in new {
            let on_board = used.iter().filter(|(b, _, _)| *b == board);
            let d = on_board.map(|(_, r, c)| u32::from(row.abs_diff(*r).max(col.abs_diff(*c)))).min();
            let place = d.map_or(1 << 16 | u32::from(row), |d| d.max(1));
            self.sweeps.entry(number((board, row, col))).or_default().push((frame, place));
        }
        self.crossed = crossed.into_iter().map(number).collect();
    }

    /// The square a cross on `square` fades as: the first of its board with the same places in
    /// every frame's sweep.
    fn sweeps_as(&self, square: u32) -> u32 {
        let places = self.sweeps.get(&square);
        let alike = self.sweeps.keys().filter(|s| *s >> 24 == square >> 24 && self.sweeps.get(s) == places);
        alike.copied().chain([square]).min().unwrap_or(square)
    }

    /// Where `atom` fades: its square's number and the kind of unit it makes (see
    /// [`Drawing::kinds`](super::units::Drawing); `None`: it switches at once, or stands on no
    /// square).
    pub fn place(&self, atom: &Atom) -> Spot {
        if let Some(&square) = self.marks.get(atom) {
            // A gray cross is one a step before added in the accent: it comes at once with its
            // frame (as a ghost does), the accent's new ones sweep.
            return Some(if atom.paint == Paint::Ghost { (square, 1) } else { (self.sweeps_as(square), 4) });
        }
        if lands(atom) {
            return Some((0, 5));
        }
        if !fades(atom) {
            return None;
        }
        let at = origin(atom)?;
        let at = if is_piece(atom) { self.pieces.get(&at).copied().unwrap_or(at) } else { at };
        let &(square, seen) = self.squares.get(&at)?;
        let kind = match (atom.paint == Paint::Ghost, is_queen(atom)) {
            (true, _) => 1,
            (_, false) => 2,
            // A square that stands only with her: she comes and goes at once, as a ghost does.
            (_, true) if seen < self.frames.len() => 1,
            (_, true) => 3,
        };
        Some((square, kind))
    }

    /// The table for the script: with `drawing`'s units' kinds and squares and its silhouettes'
    /// squares, or (`stored`) with every toggle's code and the slides.
    pub fn table<'a>(&'a self, drawing: &'a Drawing, stored: bool) -> Table<'a> {
        let (rows, side) = (self.rows, self.side);
        let reach: &[Vec<u32>] = if drawing.kinds.contains(&4) { &self.reach } else { &[] };
        Table {
            rows,
            kinds: &drawing.kinds,
            squares: &drawing.squares,
            schedules: &self.schedules,
            frames: &self.frames,
            reach,
            sliders: &drawing.sliders,
            side,
            stored: stored.then(|| (self.codes(drawing), drawing.moves.as_slice())),
        }
    }

    /// The [`code`] of every toggle of `drawing`, in the table's order (frame by frame, units
    /// ascending).
    fn codes(&self, drawing: &Drawing) -> Vec<u32> {
        let mut seen = vec![0; drawing.units];
        let mut out = Vec::new();
        for (frame, units) in drawing.toggles.iter().enumerate() {
            let starts = self.frames.get(frame).map_or(&[][..], |&i| &self.schedules[i as usize][..]);
            for &unit in units {
                let k = seen[unit as usize];
                seen[unit as usize] += 1;
                let cue = drawing.cues[unit as usize].as_ref().and_then(|cues| cues.get(k).copied());
                out.push(code(cue.unwrap_or(CRISP), starts));
            }
        }
        out
    }
}

/// A stored cue: 0 switches at once (`CRISP`); `2k + 1` fades from the start of the step's
/// picture k (`starts`: when its pictures start), `2k + 2` switches there without fading (`JUMP`:
/// a slide's squares).
pub fn code(cue: u16, starts: &[u32]) -> u32 {
    if cue == CRISP {
        return 0;
    }
    let ms = u32::from(cue & !JUMP);
    let k = starts.iter().position(|&start| start >= ms).unwrap_or(starts.len().saturating_sub(1)) as u32;
    2 * k + 1 + u32::from(cue & JUMP != 0)
}
