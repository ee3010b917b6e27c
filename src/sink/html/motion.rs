//! Smooth motion in the player: what its script needs to time every fade itself, so the page
//! carries no cue.
//!
//! Contract: the script (`motion.js`) repeats the motion stage's rule (`motion::tween`): a step's
//! causes are the squares whose queen unit it toggles (on: placed, off: removed), its changed
//! squares those whose own units it toggles; from them each changed square's eased switch time
//! (`motion::tween::switch_time`, a move sliding from 0 to 1), and a fading unit's cue is the
//! start of the first picture of the step drawn at or after that time, as
//! [`Gathered::cue`](crate::sink::gather::Gathered) finds it in the in-betweens. So this side keeps
//! only where the squares stand (from the first frame), how and where every unit fades (see
//! [`Drawing::kinds`](super::units::Drawing)) and, per frame, when its step's pictures start (each
//! distinct list once: a step's pictures as the motion stage planned them, before equal ones were
//! merged). Square (board, row, col) is numbered `board << 24 | row << 12 | col` (rows and
//! columns are under 4096, `trace::MAX_REPLAY_N`).

use crate::draw::svg::{fades, origin, Atom};
use crate::motion::{schedule, Motion};
use crate::sink::atom_frames::SquareAt;
use crate::sink::gather::Gathered;
use std::collections::HashMap;

/// The timing of a run's steps, gathered frame by frame.
pub struct Timing {
    /// The run's motion and an ordinary step's delay (ms).
    pace: (Motion, u32),
    /// Square numbers by their top-left pixel.
    squares: HashMap<(i64, i64), u32>,
    /// The tallest board's rows, and a square's side in pixels.
    rows: u32,
    side: u32,
    /// The distinct lists of picture starts, and the one of every frame.
    schedules: Vec<Vec<u32>>,
    known: HashMap<Vec<u32>, u32>,
    frames: Vec<u32>,
}

/// What the script reads: the tallest board's rows, how and where each unit fades (see
/// [`Drawing::kinds`](super::units::Drawing)), every frame's picture starts, and the squares of
/// the silhouettes queens slide as with a square's side in pixels (boards share it).
pub struct Table<'a> {
    pub rows: u32,
    pub kinds: &'a [u8],
    pub squares: &'a [u32],
    pub schedules: &'a [Vec<u32>],
    pub frames: &'a [u32],
    pub sliders: &'a [u32],
    pub side: u32,
}

impl Timing {
    /// The timing of a run moving with `motion`, an ordinary step lasting `step_ms`.
    pub fn new(motion: Motion, step_ms: u32) -> Self {
        Timing {
            pace: (motion, step_ms),
            squares: HashMap::new(),
            rows: 0,
            side: 0,
            schedules: Vec::new(),
            known: HashMap::new(),
            frames: Vec::new(),
        }
    }

    /// Keep a step's timing (and the squares, from the first frame that lists them): when the
    /// pictures the motion stage planned for it start, merged or not.
    pub fn step(&mut self, step: &Gathered) {
        if self.squares.is_empty() {
            self.layout(&step.frame.squares);
        }
        let plan = schedule(self.pace.0, self.pace.1, step.delay_ms());
        let starts: Vec<u32> = plan.iter().scan(0, |at, (_, ms)| Some(std::mem::replace(at, *at + ms))).collect();
        let next = self.schedules.len() as u32;
        let index = *self.known.entry(starts.clone()).or_insert(next);
        if index == next {
            self.schedules.push(starts);
        }
        self.frames.push(index);
    }

    fn layout(&mut self, squares: &[SquareAt]) {
        self.rows = squares.iter().map(|(_, (_, row, _))| u32::from(*row) + 1).max().unwrap_or(0);
        // A square's side: from the first square to its right-hand neighbour (boards share it).
        self.side = squares
            .first()
            .and_then(|&((x, _), (board, row, col))| {
                let right = squares.iter().find(|(_, at)| *at == (board, row, col + 1))?;
                u32::try_from(right.0 .0 - x).ok()
            })
            .unwrap_or(0);
        for &(at, (board, row, col)) in squares.iter().filter(|(_, (_, row, col))| *row < 4096 && *col < 4096) {
            self.squares.insert(at, u32::from(board) << 24 | u32::from(row) << 12 | u32::from(col));
        }
    }

    /// Where `atom` fades: its square's number and whether it is a ghost (`None`: it switches at
    /// once, or stands on no square).
    pub fn place(&self, atom: &Atom) -> Option<(u32, bool)> {
        if !fades(atom) {
            return None;
        }
        let square = self.squares.get(&origin(atom)?)?;
        Some((*square, atom.paint == crate::scene::theme::Paint::Ghost))
    }

    /// The table for the script, with the units' `kinds` and `squares` and the `sliders`' squares.
    pub fn table<'a>(&'a self, (kinds, squares, sliders): (&'a [u8], &'a [u32], &'a [u32])) -> Table<'a> {
        let (rows, side) = (self.rows, self.side);
        Table { rows, kinds, squares, schedules: &self.schedules, frames: &self.frames, sliders, side }
    }
}
