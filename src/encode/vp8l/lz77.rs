//! LZ77 for VP8L: backward references over the (packed) pixel stream, with VP8L's prefix coding of
//! lengths and distances and its 2-D distance codes for nearby pixels.
//!
//! Contract: a [`Token`] is a literal or a copy of 1..=4096 values from 1..=`data.len()` back;
//! [`DistanceCodes`] maps a distance to the code the decoder maps back to it, [`prefix`] splits a
//! length or code into prefix symbol and extra bits, [`match_len`] measures a copy, and [`Chains`]
//! lists earlier positions that start with the same three values (hash chains), most recent first.
//! Which tokens to take is decided in `parse.rs`.

/// The longest copy VP8L codes.
pub const MAX_LENGTH: usize = 4096;
const HASH_BITS: u32 = 14;
/// Farthest copy the 40 distance symbols reach (distance codes are distances + 120).
pub const MAX_DISTANCE: usize = (1 << 20) - 120;

/// One step of the parse.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Token {
    Literal(u8),
    /// Copy `len` values starting `dist` back; `code` is the distance's VP8L code.
    Copy {
        len: u16,
        dist: u32,
        code: u32,
    },
}

/// (x, y) offsets of the 120 short distance codes, code 1 first (VP8L spec, "distance mapping").
#[rustfmt::skip]
const DISTANCE_MAP: [(i8, i8); 120] = [
    (0, 1),  (1, 0),  (1, 1),  (-1, 1), (0, 2),  (2, 0),  (1, 2),  (-1, 2),
    (2, 1),  (-2, 1), (2, 2),  (-2, 2), (0, 3),  (3, 0),  (1, 3),  (-1, 3),
    (3, 1),  (-3, 1), (2, 3),  (-2, 3), (3, 2),  (-3, 2), (0, 4),  (4, 0),
    (1, 4),  (-1, 4), (4, 1),  (-4, 1), (3, 3),  (-3, 3), (2, 4),  (-2, 4),
    (4, 2),  (-4, 2), (0, 5),  (3, 4),  (-3, 4), (4, 3),  (-4, 3), (5, 0),
    (1, 5),  (-1, 5), (5, 1),  (-5, 1), (2, 5),  (-2, 5), (5, 2),  (-5, 2),
    (4, 4),  (-4, 4), (3, 5),  (-3, 5), (5, 3),  (-5, 3), (0, 6),  (6, 0),
    (1, 6),  (-1, 6), (6, 1),  (-6, 1), (2, 6),  (-2, 6), (6, 2),  (-6, 2),
    (4, 5),  (-4, 5), (5, 4),  (-5, 4), (3, 6),  (-3, 6), (6, 3),  (-6, 3),
    (0, 7),  (7, 0),  (1, 7),  (-1, 7), (5, 5),  (-5, 5), (7, 1),  (-7, 1),
    (4, 6),  (-4, 6), (6, 4),  (-6, 4), (2, 7),  (-2, 7), (7, 2),  (-7, 2),
    (3, 7),  (-3, 7), (7, 3),  (-7, 3), (5, 6),  (-5, 6), (6, 5),  (-6, 5),
    (8, 0),  (4, 7),  (-4, 7), (7, 4),  (-7, 4), (8, 1),  (8, 2),  (6, 6),
    (-6, 6), (8, 3),  (5, 7),  (-5, 7), (7, 5),  (-7, 5), (8, 4),  (6, 7),
    (-6, 7), (7, 6),  (-7, 6), (8, 5),  (7, 7),  (-7, 7), (8, 6),  (8, 7)
];

/// Maps a linear distance to its VP8L distance code for one image width.
pub struct DistanceCodes {
    pub xsize: usize,
    /// `short[(y * 17 + x + 8)]` = code for the offset (x, y), or 0.
    short: [u8; 17 * 8],
}

impl DistanceCodes {
    pub fn new(xsize: usize) -> Self {
        let mut short = [0u8; 17 * 8];
        for (i, &(x, y)) in DISTANCE_MAP.iter().enumerate() {
            // Several offsets can give one distance on narrow images; keep the smallest code.
            let slot = &mut short[y as usize * 17 + (x + 8) as usize];
            if *slot == 0 {
                *slot = i as u8 + 1;
            }
        }
        DistanceCodes { xsize, short }
    }

    /// The code (1..) the decoder maps back to `dist`.
    #[inline]
    pub fn code(&self, dist: usize) -> u32 {
        let mut best = dist as u32 + 120;
        // Short codes reach at most 7 rows up (and 8 columns past a row's end).
        if dist >= 8 * self.xsize {
            return best;
        }
        let (y, x) = (dist / self.xsize, dist % self.xsize);
        if x <= 8 && y < 8 {
            best = best.min(self.lookup(x as i64, y));
        }
        if self.xsize - x <= 8 && y + 1 < 8 {
            best = best.min(self.lookup(x as i64 - self.xsize as i64, y + 1));
        }
        best
    }

    fn lookup(&self, x: i64, y: usize) -> u32 {
        match self.short[y * 17 + (x + 8) as usize] {
            0 => u32::MAX,
            code => {
                let (dx, dy) = DISTANCE_MAP[code as usize - 1];
                // Tiny images: offsets that land below distance 1 decode as 1.
                let decoded = (i64::from(dx) + i64::from(dy) * self.xsize as i64).max(1);
                if decoded == x + y as i64 * self.xsize as i64 {
                    u32::from(code)
                } else {
                    u32::MAX
                }
            }
        }
    }
}

/// VP8L prefix coding of a value >= 1: (prefix symbol, extra bit count, extra bits).
#[inline]
pub fn prefix(value: u32) -> (u32, u32, u32) {
    let d = value - 1;
    if d < 4 {
        return (d, 0, 0);
    }
    let high = 31 - d.leading_zeros();
    let second = (d >> (high - 1)) & 1;
    let extra = high - 1;
    (2 * high + second, extra, d & ((1 << extra) - 1))
}

/// Number of equal values at `a..` and `b..` (b < a), at most `max`.
#[inline]
pub fn match_len(data: &[u8], a: usize, b: usize, max: usize) -> usize {
    let mut n = 0;
    while n + 8 <= max {
        let x = u64::from_le_bytes(data[a + n..a + n + 8].try_into().expect("8 bytes"));
        let y = u64::from_le_bytes(data[b + n..b + n + 8].try_into().expect("8 bytes"));
        if x != y {
            return n + ((x ^ y).trailing_zeros() / 8) as usize;
        }
        n += 8;
    }
    while n < max && data[a + n] == data[b + n] {
        n += 1;
    }
    n
}

#[inline]
fn hash(data: &[u8], i: usize) -> usize {
    let v = u32::from(data[i]) | u32::from(data[i + 1]) << 8 | u32::from(data[i + 2]) << 16;
    (v.wrapping_mul(0x9E37_79B1) >> (32 - HASH_BITS)) as usize
}

/// Hash chains over the positions seen so far; their buffers are kept between images.
pub struct Chains {
    head: Vec<u32>,
    prev: Vec<u32>,
    /// Positions below this are in the chains (or were skipped).
    filled: usize,
}

/// No earlier position.
pub const NONE: u32 = u32::MAX;

impl Default for Chains {
    fn default() -> Self {
        Chains { head: vec![NONE; 1 << HASH_BITS], prev: Vec::new(), filled: 0 }
    }
}

impl Chains {
    /// Empty chains for data of `len` values.
    pub fn reset(&mut self, len: usize) {
        self.head.fill(NONE);
        if self.prev.len() < len {
            self.prev.resize(len, NONE);
        }
        self.filled = 0;
    }

    /// Buffers beyond `len` values are given back.
    pub fn shrink(&mut self, len: usize) {
        self.prev.truncate(len);
        self.prev.shrink_to(len);
    }

    /// Add positions up to `end` (exclusive) that start three values.
    pub fn fill(&mut self, data: &[u8], end: usize) {
        let end = end.min(data.len().saturating_sub(2));
        while self.filled < end {
            let h = hash(data, self.filled);
            self.prev[self.filled] = self.head[h];
            self.head[h] = self.filled as u32;
            self.filled += 1;
        }
    }

    /// Leave the positions before `end` not yet added out of the chains.
    pub fn skip_to(&mut self, end: usize) {
        self.filled = self.filled.max(end);
    }

    /// The latest earlier position (below `i`, after [`Chains::fill`] up to `i`) whose next three
    /// values hash as those at `i` do, or [`NONE`].
    #[inline]
    pub fn first(&self, data: &[u8], i: usize) -> u32 {
        self.head[hash(data, i)]
    }

    /// The position before `j` in its chain, or [`NONE`].
    #[inline]
    pub fn next(&self, j: usize) -> u32 {
        self.prev[j]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefix_codes_round_trip() {
        for value in 1..5000u32 {
            let (code, extra_bits, extra) = prefix(value);
            let decoded = if code < 4 {
                code + 1
            } else {
                let bits = (code - 2) >> 1;
                assert_eq!(bits, extra_bits);
                ((2 + (code & 1)) << bits) + extra + 1
            };
            assert_eq!(decoded, value);
        }
    }

    #[test]
    fn distance_codes_decode_back() {
        for xsize in [1usize, 2, 5, 9, 16, 100] {
            let codes = DistanceCodes::new(xsize);
            for dist in 1..400usize {
                let code = codes.code(dist);
                let decoded = if code > 120 {
                    code as i64 - 120
                } else {
                    let (dx, dy) = DISTANCE_MAP[code as usize - 1];
                    (i64::from(dx) + i64::from(dy) * xsize as i64).max(1)
                };
                assert_eq!(decoded, dist as i64, "xsize {xsize} dist {dist} code {code}");
            }
        }
        assert_eq!(DistanceCodes::new(100).code(100), 1);
        assert_eq!(DistanceCodes::new(100).code(1), 2);
    }
}
