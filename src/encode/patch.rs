//! The part of a frame that changed, for formats that store frames as patches over the last one.
//!
//! Contract: [`Patch::between`] gives the rectangle that covers every pixel differing from the
//! frame before (its left and top rounded down to a multiple of `align`), with unchanged pixels
//! set to [`TRANSPARENT`], so drawing the patch over the old frame with transparency gives the new
//! one exactly. The first frame is whole and opaque; an unchanged frame is one transparent pixel.

pub use super::gif::TRANSPARENT;
use super::gif::changed_rect;
use crate::render::canvas::IndexedImage;

/// A rectangle of palette indices placed at (x, y) on the canvas.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Patch {
    pub x: usize,
    pub y: usize,
    pub width: usize,
    pub height: usize,
    pub pixels: Vec<u8>,
    /// Some pixel is [`TRANSPARENT`] (the patch must be blended over the frame before).
    pub transparent: bool,
}

impl Patch {
    /// The patch that turns `before` (`None`: nothing yet) into `cur`.
    pub fn between(before: Option<&IndexedImage>, cur: &IndexedImage, align: usize) -> Patch {
        let Some(before) = before else {
            let (width, height) = (cur.width, cur.height);
            return Patch { x: 0, y: 0, width, height, pixels: cur.pixels.clone(), transparent: false };
        };
        let Some((x0, y0, x1, y1)) = changed_rect(before, cur) else {
            return Patch { x: 0, y: 0, width: 1, height: 1, pixels: vec![TRANSPARENT], transparent: true };
        };
        let (x0, y0) = (x0 / align * align, y0 / align * align);
        let (width, height) = (x1 - x0, y1 - y0);
        let mut pixels = Vec::with_capacity(width * height);
        for y in y0..y1 {
            let row = y * cur.width;
            let (old, new) = (&before.pixels[row + x0..row + x1], &cur.pixels[row + x0..row + x1]);
            pixels.extend(old.iter().zip(new).map(|(&a, &b)| if a == b { TRANSPARENT } else { b }));
        }
        let transparent = pixels.contains(&TRANSPARENT);
        Patch { x: x0, y: y0, width, height, pixels, transparent }
    }

    /// Palette indices the patch uses, ascending.
    pub fn used(&self) -> Vec<u8> {
        let mut seen = [false; 256];
        self.pixels.iter().for_each(|&p| seen[p as usize] = true);
        (0..=255u8).filter(|&i| seen[i as usize]).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::theme::Paint;

    #[test]
    fn patches_align_and_mark_unchanged_pixels() {
        let before = IndexedImage::new(10, 8, Paint::Light);
        let mut cur = before.clone();
        cur.fill_rect(3, 3, 2, 2, Paint::Queen);
        let p = Patch::between(Some(&before), &cur, 2);
        assert_eq!((p.x, p.y, p.width, p.height), (2, 2, 3, 3));
        assert_eq!(p.pixels[0], TRANSPARENT);
        assert_eq!(p.pixels[4], Paint::Queen.index());
        assert!(p.transparent);
        let same = Patch::between(Some(&before), &before, 2);
        assert_eq!((same.width, same.height, same.pixels.clone()), (1, 1, vec![TRANSPARENT]));
        let first = Patch::between(None, &cur, 2);
        assert!(!first.transparent && first.pixels == cur.pixels);
    }
}
