//! Drawing a puzzle's board: region fills with thick borders between regions, blocked squares,
//! given, guessed and deduced queens told apart, ruled-out squares crossed.
//!
//! Contract: a region puzzle's squares are its region fills (no chessboard, no attack shading:
//! what is ruled out is what the run eliminated, each such square crossed thinly in the ghost
//! paint, quieter than the queens; the squares the frame's own step rules out are crossed in the
//! puzzle accent (`rule_used`, the paint of the outlines of the squares the rule used) and twice
//! as thick, so what is new reads at a glance (in grayscale too),
//! and thin and gray from the next frame on; a solved board drops them: they fade out, and the
//! regions and queens read alone); a
//! thin grid in the ghost paint separates squares and borders three times as thick in the queen's
//! ink separate regions (and edge the board), so the partition reads without hue. A queen stands
//! on a light token framed in its region's fill (a given on a dark token with a filled tab in its
//! top-left corner; a guess with a `?` in its top-right corner; on the solution paint once
//! solved, framed then twice as thick in its region's fill, so every queen's region still shows). A completion puzzle keeps the chessboard and its attack shading; its blocked squares
//! and givens are drawn over it the same way. Blocked squares are the blocked paint with a
//! diagonal texture. Only full-square items, fills, outlines, lines and text are used, so every
//! backend draws them alike.

use super::identity::ItemId;
use super::items::{Ground, Item, Scene};
use super::theme::Paint;
use super::Describer;
use crate::board::puzzle_marks::PuzzleState;
use crate::board::Board;
use crate::trace::Square;

impl Describer {
    /// The squares of a region puzzle's board (with its grid and borders), or the furniture over a
    /// completion puzzle's chessboard (drawn by the caller first).
    /// `fresh`: the squares this frame's step rules out.
    pub(super) fn puzzle_squares(&self, board: &Board, solved: bool, fresh: &[Square], scene: &mut Scene) {
        let Some(p) = board.puzzle() else { return };
        let regions = p.puzzle().has_regions();
        let s = self.layout.square;
        for row in 0..board.n() {
            for col in 0..board.n() {
                let sq = Square::new(row, col);
                let (x, y) = self.layout.square_origin(sq);
                let region = p.puzzle().region(sq).map(Paint::region);
                if p.is_blocked(sq) {
                    self.blocked(x, y, scene);
                } else if board.has_queen(sq) {
                    if let Some(fill) = region {
                        let ground = if solved { Ground::Solution } else { Ground::Plain };
                        let dark = p.is_given(sq);
                        let inset = self.queen_inset(board, sq);
                        let item = Item::Square { x, y, size: s, dark, ground, queen: true, inset };
                        scene.push_as(ItemId::square(row, col), item);
                        let rect = (x as i64, y as i64, s as i64, s as i64);
                        // Solved, the gold token keeps a wider frame of the region's own fill.
                        let thickness = if solved { (s as i64 / 7).max(3) } else { (s as i64 / 14).max(2) };
                        scene.push(Item::Outline { rect, thickness, paint: fill });
                    }
                    self.queen_marks(p, sq, (x, y), scene);
                } else {
                    if let Some(fill) = region {
                        scene.push(Item::Fill { rect: (x as i64, y as i64, s as i64, s as i64), paint: fill });
                    }
                    // Solved, the crosses have done their work: they fade out (motion fades
                    // them; a still frame shows the regions and queens alone).
                    if p.is_eliminated(sq) && !solved {
                        let paint = if fresh.contains(&sq) { Paint::RuleUsed } else { Paint::Ghost };
                        self.cross(sq, paint, scene);
                    }
                }
            }
        }
        if regions {
            self.region_lines(board, p, scene);
        }
    }

    /// A blocked square: the blocked paint with three diagonal strokes of texture.
    fn blocked(&self, x: usize, y: usize, scene: &mut Scene) {
        let s = self.layout.square as f32;
        let (x0, y0) = (x as f32, y as f32);
        let rect = (x as i64, y as i64, s as i64, s as i64);
        scene.push(Item::Fill { rect, paint: Paint::Blocked });
        let width = (s / 16.0).max(1.0);
        // Strokes along x + y = c * s, kept a stroke's width inside the square (round caps).
        for c in [0.5f32, 1.0, 1.5] {
            let (from, to) = if c <= 1.0 { ((0.0, c * s), (c * s, 0.0)) } else { ((c * s - s, s), (s, c * s - s)) };
            let inset = width * std::f32::consts::FRAC_1_SQRT_2;
            let from = (x0 + from.0 + inset, y0 + from.1 - inset);
            let to = (x0 + to.0 - inset, y0 + to.1 + inset);
            scene.push(Item::Line { from, to, width, paint: Paint::BlockedInk });
        }
    }

    /// The cross on a ruled-out square: thin, in `paint` (the grid's ghost paint, the accent on
    /// the step that rules it out), so a solved puzzle's many crosses stay quieter than its queens
    /// (about half the queens' stroke). Its strokes stand on their square ([`ItemId::Cross`]), so
    /// motion can time them.
    fn cross(&self, sq: Square, paint: Paint, scene: &mut Scene) {
        let (cx, cy) = self.layout.square_centre(sq);
        let s = self.layout.square as f32;
        let (h, width) = (s * 0.14, (s / 28.0).max(1.25));
        let strokes = [((cx - h, cy - h), (cx + h, cy + h)), ((cx - h, cy + h), (cx + h, cy - h))];
        // A new cross is twice as thick: it tells itself apart in grayscale and on paper too.
        let width = if paint == Paint::RuleUsed { 2.0 * width } else { width };
        for (k, (from, to)) in (0..).zip(strokes) {
            scene.push_as(ItemId::cross(sq.row, sq.col, k), Item::Line { from, to, width, paint });
        }
    }

    /// A given's tab (top left) or a guess's `?` (top right) on a queen's square.
    fn queen_marks(&self, p: &PuzzleState, sq: Square, (x, y): (usize, usize), scene: &mut Scene) {
        let s = self.layout.square as i64;
        let inset = (s / 14).max(2);
        if p.is_given(sq) {
            let side = (s / 9).max(3);
            scene.push(Item::Fill { rect: (x as i64 + inset, y as i64 + inset, side, side), paint: Paint::Queen });
        }
        if p.is_guessed(sq) {
            let size = (self.layout.square as u32 / 3).max(8);
            let width = self.glyphs.text_width("?", size);
            let x = (x as i64 + s - 2 * inset) as f32 - width;
            let baseline = (y as i64 + 2 * inset) as f32 + self.glyphs.cap_height(size);
            scene.push(Item::Text { x, baseline, size, text: "?".into(), paint: Paint::Queen });
        }
    }

    /// A region puzzle's grid (thin, ghost paint) and region borders (three times as thick, the
    /// queen's ink), the board's edge included.
    fn region_lines(&self, board: &Board, p: &PuzzleState, scene: &mut Scene) {
        let (n, s) = (board.n(), self.layout.square as i64);
        let (bx, by) = (self.layout.board_x as i64, self.layout.board_y as i64);
        let grid = (s / 48).max(1);
        let border = 3 * grid;
        let side = n as i64 * s;
        for i in 1..n as i64 {
            scene.push(Item::Fill { rect: (bx + i * s - grid / 2, by, grid, side), paint: Paint::Ghost });
            scene.push(Item::Fill { rect: (bx, by + i * s - grid / 2, side, grid), paint: Paint::Ghost });
        }
        let region = |row: usize, col: usize| p.puzzle().region(Square::new(row, col));
        for row in 0..n {
            for col in 0..n {
                let (x, y) = (bx + col as i64 * s, by + row as i64 * s);
                if col + 1 < n && region(row, col) != region(row, col + 1) {
                    let rect = (x + s - border / 2, y - border / 2, border, s + border);
                    scene.push(Item::Fill { rect, paint: Paint::Queen });
                }
                if row + 1 < n && region(row, col) != region(row + 1, col) {
                    let rect = (x - border / 2, y + s - border / 2, s + border, border);
                    scene.push(Item::Fill { rect, paint: Paint::Queen });
                }
            }
        }
        let half = border / 2;
        let rect = (bx - half, by - half, side + border, side + border);
        scene.push(Item::Outline { rect, thickness: border, paint: Paint::Queen });
    }
}
