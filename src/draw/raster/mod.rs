//! The indexed rasterizer: paints a [`Scene`] into an [`IndexedImage`] of palette indices.
//!
//! Contract: the canvas is cleared to the background, then every item is painted in order.
//! Squares are blitted from sixteen pre-rendered tiles (light/dark x [`Ground`] x queen: free
//! squares ringed, attacked squares shaded or hatched in themes that hatch, a solved board's
//! queens on the solution paint), glyphs, rings and lines anti-aliased through the palette's
//! blends; the ghost of a queen that left is its silhouette, unblended. A [`Painter`] holds what
//! painting one run's frames shares: the palette, the tiles and the glyph cache.

pub mod canvas;
pub mod palette;
pub mod text;

use crate::font::Mask;
use crate::font::LEVELS;
use crate::font::{self, Glyphs};
use crate::scene::items::{
    hatch_geometry, mark_paint, ring_geometry, square_paint, Ground, Inset, Item, Scene, QUEEN_FILL,
};
use crate::scene::theme::{Paint, Theme};
use canvas::IndexedImage;
use palette::Palette;
use text::draw_text;

/// Pre-rendered square tiles of one size, indexed by [`tile_index`], and the ghost queen.
#[derive(Clone)]
pub struct Tiles {
    size: usize,
    tiles: Vec<IndexedImage>,
    ghost: Mask,
}

const GROUNDS: [Ground; 4] = [Ground::Plain, Ground::Free, Ground::Attacked, Ground::Solution];

fn tile_index(dark: bool, ground: Ground, queen: bool) -> usize {
    usize::from(dark) | (ground as usize) << 1 | usize::from(queen) << 3
}

impl Tiles {
    pub fn new(square: usize, glyphs: &Glyphs, palette: &Palette, hatch: bool) -> Self {
        let queen = glyphs.piece(font::QUEEN, square, QUEEN_FILL);
        let ring = ring_mask(square);
        let tiles = (0..16)
            .map(|i| {
                let (dark, ground, has_queen) = (i & 1 != 0, GROUNDS[(i >> 1) & 3], i & 8 != 0);
                let mut tile = match ground {
                    Ground::Attacked if hatch => {
                        hatched(square, palette.slot(square_paint(dark, false)), palette.slot(square_paint(dark, true)))
                    }
                    Ground::Attacked => IndexedImage::filled(square, square, palette.slot(square_paint(dark, true))),
                    Ground::Solution => IndexedImage::filled(square, square, palette.slot(Paint::Solution)),
                    Ground::Plain | Ground::Free => {
                        IndexedImage::filled(square, square, palette.slot(square_paint(dark, false)))
                    }
                };
                if ground == Ground::Free {
                    tile.draw_mask(&ring, 0, 0, mark_paint(dark), palette);
                }
                if has_queen {
                    tile.draw_mask(&queen, 0, 0, Paint::Queen, palette);
                }
                tile
            })
            .collect();
        Tiles { size: square, tiles, ghost: ghost_mask(glyphs, square) }
    }
}

/// The ghost of a queen that left: the pixels its silhouette covers fully, without anti-aliasing
/// (each colour change on a pixel row costs GIF bytes; anti-aliased, ghosts made `animate 8` 4%
/// larger). Only full pixels, so a viewer's anti-aliased SVG ghost covers every one of them.
fn ghost_mask(glyphs: &Glyphs, square: usize) -> Mask {
    let mut mask = glyphs.piece(font::QUEEN, square, QUEEN_FILL);
    for level in &mut mask.levels {
        *level = if *level == LEVELS { LEVELS } else { 0 };
    }
    mask
}

/// Coverage of the ring on a `square`-pixel square, sampled at pixel centres.
fn ring_mask(square: usize) -> Mask {
    let (radius, width) = ring_geometry(square);
    let centre = square as f32 / 2.0;
    let mut levels = vec![0u8; square * square];
    for y in 0..square {
        for x in 0..square {
            let d = ((x as f32 + 0.5 - centre).powi(2) + (y as f32 + 0.5 - centre).powi(2)).sqrt();
            let coverage = (width / 2.0 + 0.5 - (d - radius).abs()).clamp(0.0, 1.0);
            levels[y * square + x] = (coverage * f32::from(LEVELS)).round() as u8;
        }
    }
    Mask { width: square, height: square, levels }
}

/// A square of palette index `base` with hatching in `ink` (see [`hatch_geometry`]), crisp and
/// printer-friendly.
pub fn hatched(square: usize, base: u8, ink: u8) -> IndexedImage {
    let mut tile = IndexedImage::filled(square, square, base);
    let (period, thickness) = hatch_geometry(square);
    for y in 0..square {
        for x in 0..square {
            if (x + 2 * y) % period < thickness {
                tile.pixels[y * square + x] = ink;
            }
        }
    }
    tile
}

/// `scene` painted on a canvas of its own in `palette` (stills): tiles made for its squares' size,
/// hatched when `hatch`.
pub fn still(scene: &Scene, palette: &Palette, hatch: bool) -> IndexedImage {
    let square = scene.items.iter().find_map(|item| match item {
        Item::Square { size, .. } => Some(*size),
        _ => None,
    });
    let mut glyphs = Glyphs::new();
    let tiles = Tiles::new(square.unwrap_or(1), &glyphs, palette, hatch);
    let mut canvas = IndexedImage::filled(scene.width, scene.height, palette.slot(Paint::Background));
    paint(scene, &mut canvas, &tiles, &mut glyphs, palette);
    canvas
}

/// Paint `scene` into `canvas` (which must have the scene's size).
pub fn paint(scene: &Scene, canvas: &mut IndexedImage, tiles: &Tiles, glyphs: &mut Glyphs, palette: &Palette) {
    canvas.pixels.fill(palette.slot(Paint::Background));
    for item in &scene.items {
        match item {
            Item::Fill { rect: (x, y, w, h), paint } => canvas.fill_rect(*x, *y, *w, *h, palette.slot(*paint)),
            Item::Outline { rect: (x, y, w, h), thickness, paint } => {
                canvas.stroke_rect(*x, *y, *w, *h, *thickness, palette.slot(*paint))
            }
            Item::Corners { rect, arm, thickness, paint } => {
                canvas.stroke_corners(*rect, *arm, *thickness, palette.slot(*paint))
            }
            Item::Square { x, y, size, dark, ground, queen, inset } => {
                debug_assert_eq!(*size, tiles.size, "squares of the tiles' size");
                canvas.blit(&tiles.tiles[tile_index(*dark, *ground, *queen && inset.is_none())], *x, *y);
                if let (true, Some(_)) = (*queen, inset) {
                    let (qx, qy, side) = Inset::place(*inset, (*x, *y), *size);
                    let mask = glyphs.piece(font::QUEEN, side, QUEEN_FILL);
                    canvas.draw_mask(&mask, qx as i64, qy as i64, Paint::Queen, palette);
                }
            }
            Item::Ghost { x, y, size } if *size != tiles.size => {
                canvas.draw_mask(&ghost_mask(glyphs, *size), *x as i64, *y as i64, Paint::Ghost, palette)
            }
            Item::Ghost { x, y, .. } => canvas.draw_mask(&tiles.ghost, *x as i64, *y as i64, Paint::Ghost, palette),
            Item::Line { from, to, width, paint } => canvas.draw_line(*from, *to, *width, *paint, palette),
            Item::Text { x, baseline, size, text, paint } => {
                draw_text(canvas, glyphs, palette, (*x, *baseline), (text, *size), *paint);
            }
        }
    }
}

/// Paints scenes of one run (squares of one size) into indexed images.
#[derive(Clone)]
pub struct Painter {
    /// The run's palette: what the images' indices mean.
    pub palette: Palette,
    tiles: Tiles,
    glyphs: Glyphs,
}

impl Painter {
    /// A painter for scenes whose squares are `square` pixels, in `theme`'s colours.
    pub fn new(theme: &Theme, square: usize) -> Self {
        let glyphs = Glyphs::new();
        let palette = Palette::new(theme);
        let tiles = Tiles::new(square, &glyphs, &palette, theme.hatch);
        Painter { palette, tiles, glyphs }
    }

    /// A `width` x `height` image filled with the background.
    pub fn blank(&self, (width, height): (usize, usize)) -> IndexedImage {
        IndexedImage::filled(width, height, self.palette.slot(Paint::Background))
    }

    /// Paint `scene` into `canvas` (which must have the scene's size).
    pub fn paint(&mut self, scene: &Scene, canvas: &mut IndexedImage) {
        paint(scene, canvas, &self.tiles, &mut self.glyphs, &self.palette);
    }

    /// Draw one line of text centred on `centre_x`, baseline at `baseline`.
    pub fn draw_text_centred(
        &mut self,
        canvas: &mut IndexedImage,
        text: &str,
        (centre_x, baseline): (f32, f32),
        size: u32,
    ) {
        let x = centre_x - self.glyphs.text_width(text, size) / 2.0;
        draw_text(canvas, &mut self.glyphs, &self.palette, (x, baseline), (text, size), Paint::Text);
    }
}
