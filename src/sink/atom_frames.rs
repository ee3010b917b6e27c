//! The frame encoder the SVG-drawn sinks share (the animated SVG, the HTML player, the PDF's
//! reading of frames): [`AtomEncoder`] breaks each frame into atoms on the worker threads and
//! keeps what those sinks read off a frame besides (its timeline mark, the line a dead end names,
//! the board's place, under smooth motion the first frame's squares and a sliding queen).
//!
//! Contract: an [`AtomFrame`] holds the frame's atoms sorted (see `draw::svg::atoms`), its
//! position, step and delay, and only what its sinks need of the scene; the encoder needs no
//! pixels and takes smooth motion's in-betweens (the sinks gather them, see `gather.rs`).

use super::{Encode, Frame, Stream};
use crate::board::deadend::Line;
use crate::board::facts::StepKind;
use crate::draw::raster::canvas::IndexedImage;
use crate::draw::svg::{atoms, words, Atom};
use crate::encode::gif::centiseconds;
use crate::error::Error;
use crate::font::Glyphs;

/// Breaks frames into SVG atoms on the worker threads (the SVG sink's and the HTML player's encoder).
pub struct AtomEncoder {
    glyphs: Glyphs,
    hatch: bool,
    frames: Option<usize>,
    /// Whether frames list what stands on their squares (smooth motion).
    squares: bool,
}

impl AtomEncoder {
    /// The encoder for `stream`'s frames (with smooth motion, their in-betweens too).
    pub(crate) fn new(stream: &Stream<'_>) -> Self {
        AtomEncoder {
            glyphs: Glyphs::new(),
            hatch: stream.theme.hatch,
            frames: stream.frames,
            squares: stream.fine_timing(),
        }
    }
}

/// One frame broken into atoms, ready for a timeline.
#[derive(Clone)]
pub struct AtomFrame {
    pub(crate) atoms: Vec<Atom>,
    /// The frame's position among the output frames (its in-betweens share it).
    pub(crate) position: usize,
    /// How long the picture shows, in milliseconds.
    pub(crate) delay_ms: u32,
    /// The frame's step (its position in the whole run).
    pub(crate) step: usize,
    /// The GIF's delay, in 1/100 s.
    pub(crate) delay_cs: u16,
    /// The caption's words, kept for the first and last frames only (every frame's when the count is unknown).
    pub(crate) words: Option<String>,
    /// Where the panels start (text from there on is not read as the caption).
    pub(crate) panels_x: Option<usize>,
    /// Where the caption starts (text above it is not read as the caption).
    pub(crate) words_top: Option<usize>,
    /// What the timeline marks on this frame: 0 nothing, 1 a solution, 2 a dead end.
    pub(crate) mark: u8,
    /// The square (row, column) a queen is placed on in this frame's step, if it places one.
    pub(crate) placed: Option<(usize, usize)>,
    /// On a dead end, the line that runs out (from the step's facts).
    pub(crate) dead_line: Option<Line>,
    /// The first frame's board: left, top, square side (pixels) and squares a side.
    pub(crate) board: Option<[usize; 4]>,
    /// Under smooth motion, every item of the frame standing on a square, with its board, row and
    /// column (see [`On`]).
    pub(crate) squares: Vec<SquareAt>,
    /// In an in-between of a move, the queen sliding (see [`Scene::slide`](crate::Scene)).
    pub(crate) slide: Option<SlideAt>,
}

/// A queen sliding over a step: the top-left pixels of the squares she leaves and reaches, and
/// the atoms of her silhouette standing on the square she reaches (filling it in an in-between;
/// as she stands there, giving way to its labels, once gathered: `Gathered::slide`).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct SlideAt {
    pub(crate) from: (i64, i64),
    pub(crate) to: (i64, i64),
    pub(crate) ghost: Vec<Atom>,
}

/// An item standing on a square, then the square's board, row and column.
pub(crate) type SquareAt = (On, (u8, u16, u16));

/// What stands on a square: the square itself (its left and top pixel), a stroke of a puzzle's
/// cross or an outline of a square its rule used (the atom it draws), or a queen or ghost (the
/// left and top pixel of the square her glyph is drawn on: not her square's where she gives way
/// to its labels, see [`Inset`](crate::scene::items::Inset)).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum On {
    Square(i64, i64),
    Cross(Atom),
    Used(Atom),
    Piece(i64, i64),
}

/// Where the queens and ghosts of `squares` (one frame's) stand: each one's glyph origin with
/// the left and top pixel of the square she stands on.
pub(crate) fn pieces(squares: &[SquareAt]) -> Vec<((i64, i64), (i64, i64))> {
    let at: std::collections::HashMap<_, _> = squares
        .iter()
        .filter_map(|&(on, square)| match on {
            On::Square(x, y) => Some((square, (x, y))),
            _ => None,
        })
        .collect();
    let pieces = squares.iter().filter_map(|&(on, square)| match on {
        On::Piece(x, y) => Some(((x, y), *at.get(&square)?)),
        _ => None,
    });
    pieces.collect()
}

impl Encode for AtomEncoder {
    type Encoded = AtomFrame;

    fn encode(&self, _before: Option<&IndexedImage>, frame: &Frame<'_>) -> Result<AtomFrame, Error> {
        let first_or_last = frame.position == 0 || self.frames.is_none_or(|n| frame.position + 1 == n);
        Ok(AtomFrame {
            atoms: atoms(frame.scene, &self.glyphs, self.hatch),
            position: frame.position,
            delay_ms: frame.delay_ms,
            step: frame.step,
            delay_cs: centiseconds(frame.delay_ms),
            words: first_or_last.then(|| words(frame.scene, &self.glyphs)),
            panels_x: frame.scene.panels_x,
            words_top: frame.scene.words_top,
            mark: mark(frame),
            placed: match frame.event {
                Some(crate::trace::Event::Place { row, col }) => Some((*row, *col)),
                _ => None,
            },
            dead_line: frame.facts.dead_end().map(|dead| dead.line),
            board: (frame.position == 0).then(|| board(frame.scene)).flatten(),
            squares: if self.squares { squares(frame.scene, &self.glyphs) } else { Vec::new() },
            slide: slide(frame.scene, &self.glyphs, self.hatch),
        })
    }

    /// Draws the scene: no pixels needed.
    fn needs_pixels(&self) -> bool {
        false
    }

    /// Smooth motion's in-betweens come in; the sinks keep each step's frame and cues.
    fn takes_motion(&self) -> bool {
        true
    }
}

/// The timeline's mark for `frame`: 1 on a solution, 2 on a dead end (a line runs out of safe
/// squares on this step, as its facts say), else 0.
pub(crate) fn mark(frame: &Frame<'_>) -> u8 {
    match (frame.facts.kind, frame.facts.dead_end()) {
        (StepKind::Solution, _) => 1,
        (_, Some(_)) => 2,
        _ => 0,
    }
}

/// The scene's own board: left, top, square side and squares a side (from its top-left square).
pub(crate) fn board(scene: &crate::scene::items::Scene) -> Option<[usize; 4]> {
    use crate::scene::{identity::ItemId, items::Item};
    let mut found: Option<[usize; 4]> = None;
    for (item, id) in scene.items.iter().zip(&scene.ids) {
        if let (Item::Square { x, y, size, .. }, ItemId::Square { board: 0, row, col }) = (item, id) {
            let n = usize::from(*row.max(col)) + 1;
            let at = found.get_or_insert([*x, *y, *size, n]);
            at[0] = at[0].min(*x);
            at[1] = at[1].min(*y);
            at[3] = at[3].max(n);
        }
    }
    found
}

/// What stands on the scene's squares (a puzzle's marks as the atoms they draw).
fn squares(scene: &crate::scene::items::Scene, glyphs: &Glyphs) -> Vec<SquareAt> {
    use crate::scene::{
        identity::ItemId,
        items::{Inset, Item},
    };
    let atom = |item: &Item| {
        let mut one = crate::scene::items::Scene::new(scene.width, scene.height);
        one.push(item.clone());
        atoms(&one, glyphs, false).first().copied()
    };
    let pairs = scene.items.iter().zip(&scene.ids);
    let mut out = Vec::new();
    for (item, id) in pairs {
        let Some(square) = id.square_of() else { continue };
        let on = match (item, id) {
            (Item::Square { x, y, size, queen, inset, .. }, ItemId::Square { .. }) => {
                if *queen {
                    let (qx, qy, _) = Inset::place(*inset, (*x, *y), *size);
                    out.push((On::Piece(qx as i64, qy as i64), square));
                }
                On::Square(*x as i64, *y as i64)
            }
            (Item::Ghost { x, y, .. }, ItemId::Ghost { .. }) => On::Piece(*x as i64, *y as i64),
            (_, ItemId::Cross { .. }) => match atom(item) {
                Some(atom) => On::Cross(atom),
                None => continue,
            },
            (_, ItemId::Used { .. }) => match atom(item) {
                Some(atom) => On::Used(atom),
                None => continue,
            },
            _ => continue,
        };
        out.push((on, square));
    }
    out
}

/// The slide an in-between shows (`None` in a step's own scene).
fn slide(scene: &crate::scene::items::Scene, glyphs: &Glyphs, hatch: bool) -> Option<SlideAt> {
    use crate::scene::items::{Item, Scene};
    let (from, to) = scene.slide?;
    let square = |id| {
        scene.ids.iter().zip(&scene.items).find_map(|(at, item)| match item {
            Item::Square { x, y, size, .. } if *at == id => Some((*x, *y, *size)),
            _ => None,
        })
    };
    let ((x0, y0, _), (x1, y1, size)) = (square(from)?, square(to)?);
    let mut silhouette = Scene::new(scene.width, scene.height);
    silhouette.push(Item::Ghost { x: x1, y: y1, size });
    let ghost = atoms(&silhouette, glyphs, hatch);
    Some(SlideAt { from: (x0 as i64, y0 as i64), to: (x1 as i64, y1 as i64), ghost })
}
