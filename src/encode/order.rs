//! The order a GIF's global colour table is written in: a permutation of the palette's indices.
//!
//! Contract: [`ColourOrder`] is a bijection of `0..len` that keeps index 0 (transparent) at 0. The
//! GIF's table lists the palette's colours in the new order and every pixel is written as its new
//! index, so decoded colours are exactly those of the palette. Putting the indices most frames
//! change first lets a frame's LZW codes start narrower: a frame whose changed pixels are all below
//! 16 starts at 5-bit codes, below 32 at 6-bit, instead of 7-bit for a 64-colour palette.

use crate::pixels::{indices_led_by, Rgb};

/// A permutation of palette indices: `new(old)` is where palette index `old` goes in the GIF.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ColourOrder {
    /// `to_new[old]`, for every byte (indices past the palette map to themselves).
    to_new: [u8; 256],
    /// `by_new[new]` = old index, for the palette's entries.
    by_new: Vec<u8>,
    /// Whether every index stays where it is.
    identity: bool,
}

impl ColourOrder {
    /// The identity on a palette of `len` entries (`len` at most 256).
    pub fn identity(len: usize) -> Self {
        Self::first(&[], len)
    }

    /// `first` (palette indices, in that order, duplicates and indices `>= len` ignored) take the
    /// places after index 0; the other indices follow in their own order. Index 0 stays at 0.
    pub fn first(first: &[u8], len: usize) -> Self {
        let by_new = indices_led_by(first, len);
        let mut to_new: [u8; 256] = std::array::from_fn(|i| i as u8);
        for (new, &old) in by_new.iter().enumerate() {
            to_new[usize::from(old)] = new as u8;
        }
        let identity = by_new.iter().enumerate().all(|(new, &old)| usize::from(old) == new);
        ColourOrder { to_new, by_new, identity }
    }

    /// Whether every index stays where it is (frames are then written without mapping).
    pub fn is_identity(&self) -> bool {
        self.identity
    }

    /// `pixels` rewritten as GIF indices, appended to `out`.
    #[inline]
    pub fn map_into(&self, pixels: &[u8], out: &mut Vec<u8>) {
        const ONES: u64 = 0x0101_0101_0101_0101;
        out.reserve(pixels.len());
        let words = pixels.chunks_exact(8);
        let tail = words.remainder();
        // Eight pixels a word; a word of one colour (most of them: squares are long runs) takes one look-up.
        for word in words {
            let word = u64::from_le_bytes(word.try_into().unwrap());
            let first = word & 0xff;
            let mapped = if word == first * ONES {
                u64::from(self.to_new[first as usize]) * ONES
            } else {
                (0..8).fold(0, |acc, k| acc | u64::from(self.to_new[((word >> (8 * k)) & 0xff) as usize]) << (8 * k))
            };
            out.extend_from_slice(&mapped.to_le_bytes());
        }
        out.extend(tail.iter().map(|&p| self.to_new[usize::from(p)]));
    }

    /// The GIF's colour table: `colors` (indexed by palette index) in the new order.
    pub fn table(&self, colors: &[Rgb]) -> Vec<Rgb> {
        self.by_new.iter().map(|&old| colors[usize::from(old)]).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    impl ColourOrder {
        /// The GIF index of palette index `old`.
        fn to_new(&self, old: u8) -> u8 {
            self.to_new[usize::from(old)]
        }
    }

    #[test]
    fn first_indices_lead_and_the_rest_keep_their_order() {
        let order = ColourOrder::first(&[5, 3, 0, 5, 99], 8);
        assert_eq!(order.by_new, vec![0, 5, 3, 1, 2, 4, 6, 7]);
        assert_eq!((order.to_new(0), order.to_new(5), order.to_new(3)), (0, 1, 2));
        assert_eq!((order.to_new(1), order.to_new(7), order.to_new(200)), (3, 7, 200));
        assert!(!order.is_identity());
        assert!(ColourOrder::identity(64).is_identity());
        let colors: Vec<Rgb> = (0..8).map(|i| [i, 0, 0]).collect();
        let table = order.table(&colors);
        for old in 0..8u8 {
            assert_eq!(table[usize::from(order.to_new(old))], colors[usize::from(old)]);
        }
    }
}
