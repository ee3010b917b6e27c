//! The few primitives frames are made of, drawn in paints on an [`IndexedImage`].
//!
//! Contract: every pixel is a palette index from [`Palette`]; drawing clips to the buffer, so
//! callers may draw partly outside it. Anti-aliased shapes go through [`Palette::ink_over`].

use super::palette::Palette;
use crate::font::{Mask, LEVELS};
pub use crate::pixels::IndexedImage;
use crate::scene::theme::Paint;

/// Drawing in paints on the pixel seam's image (defined in `crate::pixels`).
impl IndexedImage {
    /// Fill a rectangle (clipped) with palette index `index`.
    pub fn fill_rect(&mut self, x: i64, y: i64, w: i64, h: i64, index: u8) {
        let (x0, x1) = (x.max(0) as usize, (x + w).clamp(0, self.width as i64) as usize);
        let (y0, y1) = (y.max(0) as usize, (y + h).clamp(0, self.height as i64) as usize);
        if x0 >= x1 {
            return;
        }
        for row in y0..y1 {
            self.pixels[row * self.width + x0..row * self.width + x1].fill(index);
        }
    }

    /// A border of `thickness` pixels just inside the rectangle.
    pub fn stroke_rect(&mut self, x: i64, y: i64, w: i64, h: i64, thickness: i64, index: u8) {
        self.fill_rect(x, y, w, thickness, index);
        self.fill_rect(x, y + h - thickness, w, thickness, index);
        self.fill_rect(x, y, thickness, h, index);
        self.fill_rect(x + w - thickness, y, thickness, h, index);
    }

    /// Corner brackets of `thickness` pixels just inside the rectangle, each arm `arm` long.
    pub fn stroke_corners(&mut self, (x, y, w, h): (i64, i64, i64, i64), arm: i64, thickness: i64, index: u8) {
        for (cx, dx) in [(x, 0), (x + w - arm, arm - thickness)] {
            for (cy, dy) in [(y, 0), (y + h - arm, arm - thickness)] {
                self.fill_rect(cx, cy + dy, arm, thickness, index);
                self.fill_rect(cx + dx, cy, thickness, arm, index);
            }
        }
    }

    /// Copy a whole image to (x, y); the source must fit.
    pub fn blit(&mut self, src: &IndexedImage, x: usize, y: usize) {
        for row in 0..src.height {
            let dst = (y + row) * self.width + x;
            self.pixels[dst..dst + src.width].copy_from_slice(&src.pixels[row * src.width..(row + 1) * src.width]);
        }
    }

    /// Draw `ink` through a coverage mask whose top-left lands on (x, y).
    pub fn draw_mask(&mut self, mask: &Mask, x: i64, y: i64, ink: Paint, palette: &Palette) {
        self.draw_mask_darkened(mask, (x, y), ink, palette, 0);
    }

    /// Draw `ink` through a coverage mask whose top-left lands on (x, y), every covered pixel's
    /// level raised by `darken` (stem darkening: small type whose one-pixel strokes straddle two
    /// pixel columns still reaches its full ink somewhere).
    pub fn draw_mask_darkened(&mut self, mask: &Mask, (x, y): (i64, i64), ink: Paint, palette: &Palette, darken: u8) {
        // The mask's columns and rows that land on the image.
        let (mx0, mx1) = ((-x).clamp(0, mask.width as i64), (self.width as i64 - x).clamp(0, mask.width as i64));
        let (my0, my1) = ((-y).clamp(0, mask.height as i64), (self.height as i64 - y).clamp(0, mask.height as i64));
        if mx0 >= mx1 {
            return;
        }
        let (mx0, mx1) = (mx0 as usize, mx1 as usize);
        let full = palette.slot(ink);
        for my in my0 as usize..my1 as usize {
            let levels = &mask.levels[my * mask.width + mx0..my * mask.width + mx1];
            let start = (y as usize).wrapping_add(my) * self.width + (x + mx0 as i64) as usize;
            let pixels = &mut self.pixels[start..start + levels.len()];
            for (pixel, &level) in pixels.iter_mut().zip(levels) {
                let level = if level > 0 { level.saturating_add(darken) } else { 0 };
                if level >= LEVELS {
                    *pixel = full;
                } else if level > 0 {
                    *pixel = palette.ink_over(ink, *pixel, level);
                }
            }
        }
    }

    /// An anti-aliased line of the given width between two points (pixel-centre coordinates).
    pub fn draw_line(&mut self, from: (f32, f32), to: (f32, f32), width: f32, ink: Paint, palette: &Palette) {
        let half = width / 2.0;
        let pad = half + 1.0;
        let x0 = (from.0.min(to.0) - pad).floor().max(0.0) as usize;
        let y0 = (from.1.min(to.1) - pad).floor().max(0.0) as usize;
        let x1 = ((from.0.max(to.0) + pad).ceil() as usize).min(self.width);
        let y1 = ((from.1.max(to.1) + pad).ceil() as usize).min(self.height);
        for y in y0..y1 {
            for x in x0..x1 {
                let d = distance_to_segment((x as f32 + 0.5, y as f32 + 0.5), from, to);
                let coverage = (half + 0.5 - d).clamp(0.0, 1.0);
                let level = (coverage * f32::from(LEVELS)).round() as u8;
                if level > 0 {
                    let i = y * self.width + x;
                    self.pixels[i] = palette.ink_over(ink, self.pixels[i], level);
                }
            }
        }
    }
}

fn distance_to_segment(p: (f32, f32), a: (f32, f32), b: (f32, f32)) -> f32 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = dx * dx + dy * dy;
    let t = if len2 == 0.0 { 0.0 } else { (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2).clamp(0.0, 1.0) };
    let (cx, cy) = (a.0 + t * dx, a.1 + t * dy);
    ((p.0 - cx).powi(2) + (p.1 - cy).powi(2)).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::theme::Theme;

    #[test]
    fn fill_rect_clips() {
        let mut img = IndexedImage::filled(4, 4, 1);
        img.fill_rect(-2, 2, 10, 10, 7);
        assert_eq!(img.get(0, 1), 1);
        assert_eq!(img.get(3, 3), 7);
    }

    #[test]
    fn line_covers_its_path_only() {
        let palette = Palette::new(&Theme::default());
        let mut img = IndexedImage::filled(20, 20, palette.slot(Paint::Light));
        img.draw_line((2.0, 10.0), (18.0, 10.0), 3.0, Paint::CheckAttacked, &palette);
        assert_eq!(img.get(10, 9), palette.slot(Paint::CheckAttacked));
        assert_eq!(img.get(10, 2), palette.slot(Paint::Light));
    }

    /// A mask drawn partly off every edge covers exactly its pixels that land on the image.
    #[test]
    fn masks_clip_at_every_edge() {
        let palette = Palette::new(&Theme::default());
        let levels: Vec<u8> = (0..7 * 5).map(|i| (i % 5) as u8).collect();
        let mask = Mask { width: 7, height: 5, levels };
        for (x, y) in [(-3, -2), (8, 4), (-6, 7), (2, 1), (-7, 0), (10, 0)] {
            let mut img = IndexedImage::filled(10, 8, palette.slot(Paint::Light));
            img.draw_mask(&mask, x, y, Paint::Queen, &palette);
            for py in 0..8i64 {
                for px in 0..10i64 {
                    let (mx, my) = (px - x, py - y);
                    let level = if (0..7).contains(&mx) && (0..5).contains(&my) {
                        mask.levels[(my * 7 + mx) as usize]
                    } else {
                        0
                    };
                    let want = palette.ink_over(Paint::Queen, palette.slot(Paint::Light), level);
                    assert_eq!(img.get(px as usize, py as usize), want, "({px}, {py}) with the mask at ({x}, {y})");
                }
            }
        }
    }
}
