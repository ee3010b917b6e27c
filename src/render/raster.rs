//! The indexed rasterizer: paints a [`Scene`] into an [`IndexedImage`] of palette indices.
//!
//! Contract: the canvas is cleared to the background, then every item is painted in order.
//! Squares are blitted from eight pre-rendered tiles (light/dark x attacked x queen; attacked
//! squares hatched in themes that hatch), glyphs and lines anti-aliased through the palette's blends.

use super::canvas::{IndexedImage, Mask};
use super::glyphs::{self, Glyphs};
use super::palette::Palette;
use super::scene::{hatch_geometry, square_paint, Item, Scene, QUEEN_FILL};
use super::text::draw_text;
use super::theme::Paint;

/// Pre-rendered square tiles of one size, indexed by [`tile_index`], and the ghost queen.
#[derive(Clone)]
pub struct Tiles {
    size: usize,
    tiles: Vec<IndexedImage>,
    ghost: Mask,
}

fn tile_index(dark: bool, attacked: bool, queen: bool) -> usize {
    usize::from(dark) | usize::from(attacked) << 1 | usize::from(queen) << 2
}

impl Tiles {
    pub fn new(square: usize, glyphs: &Glyphs, palette: &Palette, hatch: bool) -> Self {
        let queen = glyphs.piece(glyphs::QUEEN, square, QUEEN_FILL);
        let tiles = (0..8)
            .map(|i| {
                let (dark, attacked, has_queen) = (i & 1 != 0, i & 2 != 0, i & 4 != 0);
                let mut tile = if hatch && attacked {
                    hatched(square, square_paint(dark, false), square_paint(dark, true))
                } else {
                    IndexedImage::new(square, square, square_paint(dark, attacked))
                };
                if has_queen {
                    tile.draw_mask(&queen, 0, 0, Paint::Queen, palette);
                }
                tile
            })
            .collect();
        Tiles { size: square, tiles, ghost: glyphs.piece(glyphs::QUEEN_OUTLINE, square, QUEEN_FILL) }
    }
}

/// A square of `base` with diagonal hatching in `ink`, crisp and printer-friendly.
pub fn hatched(square: usize, base: Paint, ink: Paint) -> IndexedImage {
    let mut tile = IndexedImage::new(square, square, base);
    let (period, thickness) = hatch_geometry(square);
    for y in 0..square {
        for x in 0..square {
            if (x + y) % period < thickness {
                tile.pixels[y * square + x] = ink.index();
            }
        }
    }
    tile
}

/// Paint `scene` into `canvas` (which must have the scene's size).
pub fn paint(scene: &Scene, canvas: &mut IndexedImage, tiles: &Tiles, glyphs: &mut Glyphs, palette: &Palette) {
    canvas.pixels.fill(Paint::Background.index());
    for item in &scene.items {
        match item {
            Item::Fill { rect: (x, y, w, h), paint } => canvas.fill_rect(*x, *y, *w, *h, *paint),
            Item::Outline { rect: (x, y, w, h), thickness, paint } => {
                canvas.stroke_rect(*x, *y, *w, *h, *thickness, *paint)
            }
            Item::Corners { rect, arm, thickness, paint } => canvas.stroke_corners(*rect, *arm, *thickness, *paint),
            Item::Square { x, y, size, dark, attacked, queen } => {
                debug_assert_eq!(*size, tiles.size, "squares of the tiles' size");
                canvas.blit(&tiles.tiles[tile_index(*dark, *attacked, *queen)], *x, *y);
            }
            Item::Ghost { x, y, .. } => canvas.draw_mask(&tiles.ghost, *x as i64, *y as i64, Paint::Ghost, palette),
            Item::Line { from, to, width, paint } => canvas.draw_line(*from, *to, *width, *paint, palette),
            Item::Text { x, baseline, size, text, paint } => {
                draw_text(canvas, glyphs, palette, (*x, *baseline), (text, *size), *paint);
            }
        }
    }
}
