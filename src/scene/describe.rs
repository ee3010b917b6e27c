//! Describing a frame: board state and event -> [`Scene`] items, in painting order.
//!
//! Contract (order matters where items overlap): solution ring, squares (free squares ringed in
//! themes that ring them, attacked squares and queens' squares shaded; a solved board unshaded with its queens on the
//! solution paint), the board outline (themes that print), the marks (see [`Marks`]): lines between attacking queens (one per pair with no queen between,
//! edge to edge; two side by side or corner to corner: both their squares outlined instead), `--why`'s dead-end lines (see `why.rs`) and the checked square's attacker line,
//! outlines, the ghost of a queen that left, the brackets of the event's square, then the algorithm's annotation
//! (its text over the marks, as in the SVG's layers); each stroke is
//! drawn over a 1 px halo (2 px on big squares) of the background paint, all halos of a kind before their inks. Then
//! coordinate labels, the caption band (gold on solutions) and its text, then the code panel
//! (`code/panel.rs`), then the search tree panel over its own background.

use super::caption::{self, caption_items};
use super::identity::{ItemId, Part};
use super::items::{Ground, Inset, Item, Rect, Scene};
use super::theme::Paint;
use super::Describer;
use crate::board::{Board, BoardFrame};
use crate::trace::{Event, Square};

/// A line segment in frame pixels (from, to) and its width.
pub(super) type StrokedLine = ((f32, f32), (f32, f32), f32);

/// Highlights collected while describing a frame, drawn together so every halo lies under every
/// ink of its kind (the SVG's layers paint them in the same order).
#[derive(Default)]
pub(super) struct Marks {
    /// Line segments in the alarm colour, with their width.
    pub lines: Vec<StrokedLine>,
    /// Rectangles outlined inside (forward's dead row).
    pub outlines: Vec<Rect>,
    /// Queens' squares outlined inside, with no halo (two attacking queens side by side).
    pub rings: Vec<Rect>,
    /// Lines of the board run out of safe squares, marked by corner brackets at their two ends.
    pub dead_lines: Vec<Rect>,
    /// Squares a queen just left.
    pub ghosts: Vec<Square>,
    /// Squares acted on, with their bracket paint.
    pub brackets: Vec<(Square, Paint)>,
    /// Squares a puzzle rule reasoned from.
    pub used: Vec<Square>,
    /// Squares of a line the search tried and left (crossed out).
    pub tried: Vec<Square>,
}

impl Describer {
    /// What `frame` shows, laid out in this describer's frame.
    pub fn describe(&self, frame: &BoardFrame) -> Scene {
        let mut scene = Scene::new(self.layout.width, self.layout.height);
        let solution = matches!(frame.event, Some(Event::Solution { .. }));
        if solution && !self.bare {
            self.solution_ring(&mut scene);
        }
        // A full board shows solved on the solution's own frame (and in stills), not on the placement before it.
        let solved = Self::shows_solved(&frame.board, solution || frame.event.is_none());
        let fresh = crate::board::puzzle_marks::ruled_out_by(frame.event.as_ref());
        self.squares(&frame.board, solved, fresh, &mut scene);
        if !self.bare {
            if self.outline && !solution {
                self.board_outline(&mut scene);
            }
            scene.begin(Part::Marks);
            let mut marks = Marks::default();
            // The annotation's text goes over the marks, as the SVG's text layer does.
            let mut notes = Scene::new(scene.width, scene.height);
            self.annotate(&frame.board, frame.event.as_ref(), &mut notes);
            self.conflicts(&frame.board, &mut marks);
            self.why_marks(&frame.board, frame.event.as_ref(), &mut marks);
            if let Some(event) = &frame.event {
                self.highlight(event, &mut marks);
            }
            self.push_marks(&frame.board, marks, &mut scene);
            scene.begin(Part::Notes);
            scene.extend(notes);
            scene.begin(Part::Labels);
            self.labels(&frame.board, solved, &mut scene);
            scene.begin(Part::Regions);
            self.region_letters(&frame.board, &mut scene);
        }
        scene.begin(Part::Caption);
        if let (Some(layout), Some(spec)) = (&self.layout.caption, &self.caption) {
            if solution {
                self.solution_band((layout.top, layout.height), &mut scene);
            }
            caption_items(&mut scene, layout, &caption::caption_for(frame, spec), &self.glyphs);
            if frame.event.is_none() && frame.index == 0 && !frame.board.has_regions() {
                self.key(&mut scene);
            }
        }
        scene.begin(Part::Code);
        self.code_panel(frame, &mut scene);
        scene.panels_x = self.layout.code.as_ref().map(|code| code.rect.x);
        scene.words_top = Some(self.layout.caption.as_ref().map_or(self.layout.height, |c| c.top));
        scene.begin(Part::Tree);
        self.tree_panel(frame, &mut scene);
        scene
    }

    /// Every square with its ground: a `solved` board (see [`Describer::shows_solved`]) shows no attacks and its queens on the
    /// solution paint; otherwise, when attacks are shaded, queens' squares and attacked squares
    /// take the attacked shade and the others stay plain, ringed in themes that ring free squares.
    /// (The placement that completes a solution stays shaded: the solution frame after it is the
    /// reveal, and the frames around it stay alike, which keeps animations small.)
    fn squares(&self, board: &Board, solved: bool, fresh: &[Square], scene: &mut Scene) {
        let size = self.layout.square;
        if board.has_regions() {
            return self.puzzle_squares(board, solved, fresh, scene);
        }
        for row in 0..board.n() {
            for col in 0..board.n() {
                let sq = Square::new(row, col);
                let (x, y) = self.layout.square_origin(sq);
                let (dark, queen) = ((row + col) % 2 == 1, board.has_queen(sq));
                let ground = self.ground(board, sq, solved);
                let inset = if queen { self.queen_inset(board, sq) } else { None };
                scene.push_as(ItemId::square(row, col), Item::Square { x, y, size, dark, ground, queen, inset });
            }
        }
        self.puzzle_squares(board, solved, fresh, scene);
    }

    /// The ground square `sq` is drawn on (`solved`: the board shows solved).
    pub(super) fn ground(&self, board: &Board, sq: Square, solved: bool) -> Ground {
        let free = if self.rings { Ground::Free } else { Ground::Plain };
        let blocked = board.puzzle().is_some_and(|p| p.is_blocked(sq));
        match (solved, board.has_queen(sq), self.shade_attacks) {
            _ if blocked => Ground::Plain,
            (true, true, _) => Ground::Solution,
            (true, false, _) | (false, _, false) => Ground::Plain,
            (false, false, true) if !board.is_attacked(sq) => free,
            (false, _, true) => Ground::Attacked,
        }
    }

    /// Whether a solved board shows on this frame (all queens placed, none attacked, and
    /// `may_show_solved`: a solution's frame or a still).
    fn shows_solved(board: &Board, may_show_solved: bool) -> bool {
        may_show_solved && board.queens().count() == board.n() && board.conflicts().is_empty()
    }

    /// Width of the lines joining squares: about a twentieth of a square.
    pub(super) fn line_width(&self) -> f32 {
        (self.layout.square as f32 / 20.0).max(1.5)
    }

    /// Width of the background-coloured halo around every highlight stroke: 1 px, 2 px from 80 px
    /// squares (a 2 px halo made `animate 8` 1% larger).
    pub(super) fn halo(&self) -> i64 {
        super::layout::halo_for(self.layout.square) as i64
    }

    /// A line between every pair of queens that attack each other with no queen between them; two
    /// that stand side by side (or corner to corner), where a line would be a stub between two
    /// crowns, are marked on the queens instead: each one's square outlined in the alarm colour.
    fn conflicts(&self, board: &Board, marks: &mut Marks) {
        for (a, b) in board.conflicts().into_iter().filter(|&(a, b)| a.attacks(b)) {
            if a.row.abs_diff(b.row).max(a.col.abs_diff(b.col)) == 1 {
                for sq in [a, b] {
                    let (x, y) = self.layout.square_origin(sq);
                    let (s, rect) = (self.layout.square as i64, (x as i64, y as i64));
                    let rect = (rect.0, rect.1, s, s);
                    if !marks.rings.contains(&rect) {
                        marks.rings.push(rect);
                    }
                }
                continue;
            }
            let (dr, dc) = ((b.row as i64 - a.row as i64).signum(), (b.col as i64 - a.col as i64).signum());
            let steps = b.row.abs_diff(a.row).max(b.col.abs_diff(a.col)) as i64;
            let between =
                (1..steps).map(|k| Square::new((a.row as i64 + k * dr) as usize, (a.col as i64 + k * dc) as usize));
            if !between.into_iter().any(|sq| board.has_queen(sq)) {
                let (from, to) = self.edge_to_edge(a, b);
                marks.lines.push((from, to, self.line_width()));
            }
        }
    }

    /// The segment joining two squares on one line, from just inside the edge of the first to just
    /// inside the edge of the second: it leaves both squares' middles (their queens) clear, and
    /// neighbouring squares still get a short visible line.
    pub(super) fn edge_to_edge(&self, a: Square, b: Square) -> ((f32, f32), (f32, f32)) {
        let (from, to) = (self.layout.square_centre(a), self.layout.square_centre(b));
        // Straight lines stop just inside the edge (a queen's crown spans most of its square's
        // width); diagonal ones near the corner, which the crown leaves clear.
        let straight = a.row == b.row || a.col == b.col;
        let reach = self.layout.square as f32 * if straight { 0.45 } else { 0.38 };
        let sign = |d: f32| if d == 0.0 { 0.0 } else { d.signum() };
        let (dx, dy) = (sign(to.0 - from.0) * reach, sign(to.1 - from.1) * reach);
        ((from.0 + dx, from.1 + dy), (to.0 - dx, to.1 - dy))
    }

    /// A thin line just outside the board, so white edge squares keep their edge on paper.
    fn board_outline(&self, scene: &mut Scene) {
        let l = &self.layout;
        let t = (l.square as i64 / 40).clamp(1, 2);
        let size = l.board_size() as i64;
        let rect = (l.board_x as i64 - t, l.board_y as i64 - t, size + 2 * t, size + 2 * t);
        scene.push(Item::Outline { rect, thickness: t, paint: Paint::Queen });
    }

    fn highlight(&self, event: &Event, marks: &mut Marks) {
        match event {
            Event::Move { from, to } => {
                marks.ghosts.push(*from);
                marks.brackets.push((*from, Paint::Removed));
                marks.brackets.push((*to, Paint::Placed));
                return;
            }
            Event::Undo { queens, .. } => {
                marks.ghosts.extend(queens);
                marks.brackets.extend(queens.iter().map(|&q| (q, Paint::Removed)));
                return;
            }
            Event::Eliminate { used, .. } => marks.used.extend(used),
            Event::Deduce { used, .. } => marks.used.extend(used),
            _ => {}
        }
        let Some(sq) = event.square() else { return };
        let paint = match event {
            Event::Place { .. } | Event::Deduce { .. } | Event::Guess { .. } => Paint::Placed,
            Event::Remove { .. } => Paint::Removed,
            Event::Check { safe: true, .. } => Paint::CheckSafe,
            _ => Paint::CheckAttacked,
        };
        if matches!(event, Event::Remove { .. }) {
            marks.ghosts.push(sq);
        }
        marks.brackets.push((sq, paint));
        if let Event::Check { attacker: Some(attacker), safe: false, .. } = event {
            let (from, to) = self.edge_to_edge(*attacker, sq);
            marks.lines.push((from, to, self.line_width()));
        }
    }

    /// The marks as items: line halos, lines, outline halos, outlines, rings, ghosts, bracket
    /// halos, brackets. Brackets are corner brackets inside a square: they read as a highlight, and
    /// unlike a full border they leave most pixel rows of the square alone (a GIF frame's LZW cost
    /// grows with the colour changes per row: full borders made animate 8 7% larger).
    fn push_marks(&self, board: &Board, marks: Marks, scene: &mut Scene) {
        let h = self.halo();
        let (s, b) = (self.layout.square as i64, self.layout.border as i64);
        for (paint, grow) in [(Paint::Background, 2.0 * h as f32), (Paint::CheckAttacked, 0.0)] {
            for &(from, to, width) in &marks.lines {
                scene.push(Item::Line { from, to, width: width + grow, paint });
            }
        }
        for (paint, inset, extra) in [(Paint::Background, 0, 2 * h), (Paint::CheckAttacked, h, 0)] {
            for &(x, y, w, hh) in &marks.outlines {
                let rect = (x + inset, y + inset, w - 2 * inset, hh - 2 * inset);
                scene.push(Item::Outline { rect, thickness: b + extra, paint });
            }
        }
        for &(x, y, w, hh) in &marks.rings {
            let rect = (x + h, y + h, w - 2 * h, hh - 2 * h);
            scene.push(Item::Outline { rect, thickness: b, paint: Paint::CheckAttacked });
        }
        // A dead line is underlined (a column, under the board) or marked at its left end (a row,
        // in the margin): a bar in the alarm colour outside the board, where the caption's changes
        // already reach, so a frame's changed rectangle hardly grows (an outline cost 14% of
        // `animate 8`'s bytes).
        for &(x, y, w, hh) in &marks.dead_lines {
            let gap = (self.layout.margin as i64 / 2).max(2);
            let rect = if w < hh {
                (x, y + hh + 1, w, (gap - 2).max(2))
            } else {
                (x - self.layout.margin as i64 + 1, y, (self.layout.margin as i64 - 2).max(2), hh)
            };
            scene.push(Item::Fill { rect, paint: Paint::CheckAttacked });
        }
        // A used square's outline stands on its square (`ItemId::Used`): motion sweeps a
        // puzzle's crosses out from it.
        for (k, (paint, inset, extra)) in (0..).zip([(Paint::Background, 0, 2 * h), (Paint::RuleUsed, h, 0)]) {
            for &sq in &marks.used {
                let (x, y) = self.layout.square_origin(sq);
                let rect = (x as i64 + inset, y as i64 + inset, s - 2 * inset, s - 2 * inset);
                scene.push_as(ItemId::used(sq.row, sq.col, k), Item::Outline { rect, thickness: b + extra, paint });
            }
        }
        for &sq in &marks.tried {
            for (from, to, width) in self.tried_cross(sq) {
                scene.push(Item::Line { from, to, width, paint: Paint::Ghost });
            }
        }
        for &sq in &marks.ghosts {
            // A ghost gives way to the labels on her square as the queen did.
            let (x, y, size) = Inset::place(self.queen_inset(board, sq), self.layout.square_origin(sq), s as usize);
            scene.push_as(ItemId::ghost(sq.row, sq.col), Item::Ghost { x, y, size });
        }
        let arm = (s / 4).max(2 * b);
        for halo in [true, false] {
            for &(sq, paint) in &marks.brackets {
                let (x, y) = self.layout.square_origin(sq);
                let (x, y) = (x as i64, y as i64);
                scene.push(match halo {
                    true => Item::Corners {
                        rect: (x, y, s, s),
                        arm: arm + 2 * h,
                        thickness: b + 2 * h,
                        paint: Paint::Background,
                    },
                    false => Item::Corners { rect: (x + h, y + h, s - 2 * h, s - 2 * h), arm, thickness: b, paint },
                });
            }
        }
    }

    /// The code panel after `frame`, when this describer has one (`--code`).
    fn code_panel(&self, frame: &BoardFrame, scene: &mut Scene) {
        let (Some((listing, checks)), Some(layout)) = (&self.code, &self.layout.code) else { return };
        let view = listing.view(frame, *checks);
        layout.items(listing, &view, frame.event.as_ref(), &self.glyphs, scene);
    }
}
