//! Smooth motion in the player: what its script needs to time every fade, in one of two ways.
//!
//! Contract: a page either stores every change's cue (its code: the picture of the step it
//! starts at, and whether it fades or switches there, see [`code`]) with every slide, or stores
//! where its units stand, and its script finds their cues itself; the writer takes whichever
//! makes the smaller page (short runs store their cues; long ones, whose changes outnumber the
//! bytes of the script that finds them, do not). Both time a change exactly as the in-betweens
//! do. To find them, the script (`motion.js`) repeats the motion stage's rule
//! (`motion::tween`): a step's causes are the squares whose queen unit it toggles (on: placed, off: removed), its changed
//! squares those whose own units it toggles; from them each changed square's eased switch time
//! (`motion::tween::switch_time`, a move sliding from 0 to 1), and a fading unit's cue is the
//! start of the first picture of the step drawn at or after that time, as
//! [`Gathered::cue`](crate::sink::gather::Gathered) finds it in the in-betweens. So this side keeps
//! only where the squares stand (from the first frame), how and where every unit fades (see
//! [`Drawing::kinds`](super::units::Drawing)) and, per frame, when its step's pictures start (each
//! distinct list once: a step's pictures as the motion stage planned them, before equal ones were
//! merged). Square (board, row, col) is numbered `board << 24 | row << 12 | col` (rows and
//! columns are under 4096, `trace::MAX_REPLAY_N`).

use super::units::{Drawing, Move};
use crate::draw::svg::{fades, origin, Atom, CRISP, JUMP};
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

    /// The table for the script: with `drawing`'s units' kinds and squares and its silhouettes'
    /// squares, or (`stored`) with every toggle's code and the slides.
    pub fn table<'a>(&'a self, drawing: &'a Drawing, stored: bool) -> Table<'a> {
        let (rows, side) = (self.rows, self.side);
        Table {
            rows,
            kinds: &drawing.kinds,
            squares: &drawing.squares,
            schedules: &self.schedules,
            frames: &self.frames,
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
