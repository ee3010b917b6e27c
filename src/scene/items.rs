//! Frame description: what one frame shows, laid out in pixel coordinates, before any pixel is set.
//!
//! Contract: a [`Scene`] is a list of [`Item`]s painted in order over the background; every
//! position is in frame pixels (the `--bare` contract holds: square (row, col) is the square item at
//! x = col * size, y = row * size). Backends draw a scene: the indexed rasterizer (`raster.rs`) and
//! the vector writer (`svg/`), so raster and vector output can never disagree about what a frame
//! shows; what an item looks like that both must agree on (a square's paint, its hatching, the
//! queen's size) is defined here. Every item has an [`ItemId`] (`ids`, kept in step by
//! [`Scene::push`] and friends): what it stands for, the same in every frame.

use super::identity::{ItemId, Part};
use super::theme::Paint;

/// Fraction of a square the queen glyph spans.
pub const QUEEN_FILL: f32 = 0.82;

/// Everything one frame shows, in painting order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Scene {
    /// Frame width in pixels.
    pub width: usize,
    /// Frame height in pixels.
    pub height: usize,
    /// What is drawn, in painting order.
    pub items: Vec<Item>,
    /// What each item stands for: `ids[k]` names `items[k]`.
    pub ids: Vec<ItemId>,
    /// Where the panels right of the board start (`--code`): text from there on is not part of
    /// the frame's words (an SVG's title, the HTML player's live caption). `None`: all text is.
    pub panels_x: Option<usize>,
    /// Where the caption starts: text above it (coordinate labels, region letters, counts and marks
    /// on the board) is not part of the frame's words either. `None`: all text is.
    pub words_top: Option<usize>,
    /// In an in-between of a move (see [`motion`](crate::motion)): the squares a queen slides
    /// from and to; her silhouette on the way is the [`Item::Ghost`] with the id of the square
    /// she reaches. Backends that animate (the animated SVG, the HTML player) slide her themselves
    /// from this; `None` in every step's own scene.
    pub slide: Option<(ItemId, ItemId)>,
    /// The part items pushed now belong to, and how many each part holds so far.
    part: Option<Part>,
    counts: Vec<(Part, u32)>,
    /// Scenes appended so far (their boards are numbered from 1).
    boards: u8,
}

/// A rectangle in frame pixels: left, top, width, height.
pub type Rect = (i64, i64, i64, i64);

/// A rectangle of the frame given to a panel: left, top, width, height in pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PanelLayout {
    /// Left edge, in frame pixels.
    pub x: usize,
    /// Top edge, in frame pixels.
    pub y: usize,
    /// Width in pixels.
    pub width: usize,
    /// Height in pixels.
    pub height: usize,
}

/// A queen giving way to a label on her square: she is drawn as on a square of `side` pixels
/// whose top-left corner is (`dx`, `dy`) inside her own (smaller, and moved away from the label),
/// so no label comes within 2 pixels of her silhouette.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Inset {
    /// Offset right from the square's left edge, in pixels (negative: left).
    pub dx: i64,
    /// Offset down from the square's top edge, in pixels (negative: up).
    pub dy: i64,
    /// Side of the square she is drawn on, in pixels.
    pub side: usize,
}

impl Inset {
    /// Where a queen on the `size`-pixel square at (x, y) is drawn: her square's top-left corner and side.
    pub fn place(inset: Option<Inset>, (x, y): (usize, usize), size: usize) -> (usize, usize, usize) {
        let at = |v: usize, d: i64| (v as i64 + d).max(0) as usize;
        inset.map_or((x, y, size), |i| (at(x, i.dx), at(y, i.dy), i.side))
    }
}

/// What a square shows around its queen (if it has one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Ground {
    /// The plain light or dark square: nothing said about attacks (stills without shading, the
    /// empty squares of a solved board).
    Plain,
    /// No queen attacks it (a run that shades attacks): the plain square with a ring, where a
    /// queen may go.
    Free,
    /// Attacked, or holding a queen, in a run that shades attacks: the dimmer shade (hatched in
    /// themes that hatch).
    Attacked,
    /// A queen's square on a solved board: the solution paint.
    Solution,
}

/// One thing drawn in a frame.
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    /// A filled rectangle (the solution band).
    Fill {
        /// Where.
        rect: Rect,
        /// In what.
        paint: Paint,
    },
    /// A rectangle's outline, `thickness` pixels wide inside its bounds (solution ring, dead row).
    Outline {
        /// The outer bounds.
        rect: Rect,
        /// Line width in pixels, inside `rect`.
        thickness: i64,
        /// In what.
        paint: Paint,
    },
    /// Corner brackets inside a rectangle, each arm `arm` long (the square acted on).
    Corners {
        /// The outer bounds.
        rect: Rect,
        /// Length of each bracket arm in pixels.
        arm: i64,
        /// Line width in pixels, inside `rect`.
        thickness: i64,
        /// In what.
        paint: Paint,
    },
    /// One board square at (x, y), `size` pixels a side: light or dark, its ground, with or
    /// without a queen.
    Square {
        /// Left edge in frame pixels.
        x: usize,
        /// Top edge in frame pixels.
        y: usize,
        /// Side in pixels.
        size: usize,
        /// A dark square (else light).
        dark: bool,
        /// What it shows around its queen.
        ground: Ground,
        /// Whether a queen stands on it.
        queen: bool,
        /// Where she stands when she gives way to a label on her square (see [`Inset`]); `None`:
        /// centred on the whole square, as everywhere else.
        inset: Option<Inset>,
    },
    /// The outline of a queen filling the square at (x, y) (the square a queen just left).
    Ghost {
        /// Left edge of the square in frame pixels.
        x: usize,
        /// Top edge of the square in frame pixels.
        y: usize,
        /// Side of the square in pixels.
        size: usize,
    },
    /// A straight line between two points, `width` pixels wide.
    Line {
        /// One end, in frame pixels.
        from: (f32, f32),
        /// The other end, in frame pixels.
        to: (f32, f32),
        /// Width in pixels.
        width: f32,
        /// In what.
        paint: Paint,
    },
    /// A run of text in the embedded font, pen starting at `x` on `baseline`, `size` pixels.
    Text {
        /// Where the pen starts, in frame pixels.
        x: f32,
        /// The baseline's height, in frame pixels.
        baseline: f32,
        /// Text size in pixels.
        size: u32,
        /// The words.
        text: String,
        /// In what.
        paint: Paint,
    },
}

impl Scene {
    /// An empty scene of `width` x `height` pixels.
    pub fn new(width: usize, height: usize) -> Self {
        Scene { width, height, ..Scene::default() }
    }

    /// Items pushed from now on belong to `part` (until the next call; before any: [`Part::Decor`]).
    pub fn begin(&mut self, part: Part) {
        self.part = Some(part);
    }

    /// Adds `item` on top of what is already there, as the next item of the current part.
    pub fn push(&mut self, item: Item) {
        let part = self.part.unwrap_or(Part::Decor);
        let k = match self.counts.iter_mut().find(|(p, _)| *p == part) {
            Some((_, count)) => {
                *count += 1;
                *count - 1
            }
            None => {
                self.counts.push((part, 1));
                0
            }
        };
        self.push_as(ItemId::Part { board: 0, part, k }, item);
    }

    /// Adds `item` on top of what is already there, standing for `id` (a square, a ghost).
    pub fn push_as(&mut self, id: ItemId, item: Item) {
        self.items.push(item);
        self.ids.push(id);
    }

    /// Adds `other`'s items on top, as items of the current part (an algorithm's notes drawn apart).
    pub fn extend(&mut self, other: Scene) {
        other.items.into_iter().for_each(|item| self.push(item));
    }

    /// Append `other`'s items moved `dx` pixels right and `dy` down (composite frames: a race's
    /// boards under their titles), their ids on the next board (1 for the first scene appended).
    pub fn append_shifted(&mut self, other: Scene, (dx, dy): (usize, usize)) {
        self.boards = self.boards.saturating_add(1);
        let board = self.boards;
        self.ids.extend(other.ids.into_iter().map(|id| id.on_board(board)));
        let (dxi, dyi, dxf, dyf) = (dx as i64, dy as i64, dx as f32, dy as f32);
        let shift = |(x, y, w, h): Rect| (x + dxi, y + dyi, w, h);
        let point = |(x, y): (f32, f32)| (x + dxf, y + dyf);
        self.items.extend(other.items.into_iter().map(|item| match item {
            Item::Fill { rect, paint } => Item::Fill { rect: shift(rect), paint },
            Item::Outline { rect, thickness, paint } => Item::Outline { rect: shift(rect), thickness, paint },
            Item::Corners { rect, arm, thickness, paint } => Item::Corners { rect: shift(rect), arm, thickness, paint },
            Item::Square { x, y, size, dark, ground, queen, inset } => {
                Item::Square { x: x + dx, y: y + dy, size, dark, ground, queen, inset }
            }
            Item::Ghost { x, y, size } => Item::Ghost { x: x + dx, y: y + dy, size },
            Item::Line { from, to, width, paint } => Item::Line { from: point(from), to: point(to), width, paint },
            Item::Text { x, baseline, size, text, paint } => {
                Item::Text { x: x + dxf, baseline: baseline + dyf, size, text, paint }
            }
        }));
    }

    /// Text in the text colour.
    pub fn text(&mut self, (x, baseline): (f32, f32), size: u32, text: impl Into<String>) {
        self.push(Item::Text { x, baseline, size, text: text.into(), paint: Paint::Text });
    }
}

/// The paint of a square without a queen.
pub fn square_paint(dark: bool, attacked: bool) -> Paint {
    match (dark, attacked) {
        (false, false) => Paint::Light,
        (true, false) => Paint::Dark,
        (false, true) => Paint::LightAttacked,
        (true, true) => Paint::DarkAttacked,
    }
}

/// Hatching of a square: pixel (u, v) is inked where `(u + 2 v) mod period < thickness`, stripes
/// along u + 2v (at atan(1/2), about 26.6 degrees from the rows): never parallel to a line drawn
/// over a square (attack and conflict lines, `--why` links: ranks, files and 45-degree diagonals).
/// The period is even, so the stripes repeat every `period` pixels across and `period / 2` down;
/// stripes are 2 pixels or more along a row, so each one's pixels join up.
pub fn hatch_geometry(square: usize) -> (usize, usize) {
    // Along u + 2v the stripes' spacing is period / sqrt(5): about a seventh of the square.
    let period = ((square * 8 / 25) & !1).max(6);
    (period, (period / 4).max(2))
}

/// The ring's paint on a free light or dark square.
pub fn mark_paint(dark: bool) -> Paint {
    if dark {
        Paint::MarkDark
    } else {
        Paint::MarkLight
    }
}

/// The ring on a free square: centred, its radius and stroke width in pixels (a dot on tiny squares).
pub fn ring_geometry(square: usize) -> (f32, f32) {
    let s = square as f32;
    ((s * 0.15).max(1.0), (s / 20.0).max(1.25))
}
