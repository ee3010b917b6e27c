//! LZ77 for VP8L: backward references over the (packed) pixel stream, with VP8L's prefix coding of
//! lengths and distances and its 2-D distance codes for nearby pixels.
//!
//! Contract: [`parse`] turns `data` (one value per packed pixel, rows of `xsize`) into tokens that
//! reproduce it exactly: literals and copies of 1..=4096 values from 1..=`data.len()` back. Copies
//! are found greedily with one step of lazy matching among: the pixel to the left (runs), the pixel
//! above, and earlier positions with the same next three values (hash chains).

/// The longest copy VP8L codes.
pub const MAX_LENGTH: usize = 4096;
/// Shortest copy worth a distance code.
const MIN_LENGTH: usize = 3;
const HASH_BITS: u32 = 14;
/// Earlier positions tried per hash.
const CHAIN: usize = 8;
/// Farthest copy the 40 distance symbols reach (distance codes are distances + 120).
const MAX_DISTANCE: usize = (1 << 20) - 120;

/// One step of the parse.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Token {
    Literal(u8),
    /// Copy `len` values starting `dist` back.
    Copy {
        len: u16,
        dist: u32,
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
    pub fn code(&self, dist: usize) -> u32 {
        let (y, x) = (dist / self.xsize, dist % self.xsize);
        let mut best = dist as u32 + 120;
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
fn match_len(data: &[u8], a: usize, b: usize, max: usize) -> usize {
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

/// Hash chains over the positions seen so far.
struct Chains {
    head: Vec<u32>,
    prev: Vec<u32>,
    /// Positions below this are in the chains.
    filled: usize,
}

const NONE: u32 = u32::MAX;

impl Chains {
    fn new(len: usize) -> Self {
        Chains { head: vec![NONE; 1 << HASH_BITS], prev: vec![NONE; len], filled: 0 }
    }

    /// Add positions up to `end` (exclusive) that start three values.
    fn fill(&mut self, data: &[u8], end: usize) {
        let end = end.min(data.len().saturating_sub(2));
        while self.filled < end {
            let h = hash(data, self.filled);
            self.prev[self.filled] = self.head[h];
            self.head[h] = self.filled as u32;
            self.filled += 1;
        }
    }

    /// The best copy at `i` by estimated bits saved: (length, distance, saving); saving <= 0
    /// means a literal is cheaper.
    fn best(&mut self, data: &[u8], i: usize, codes: &DistanceCodes) -> (usize, usize, i32) {
        let max = (data.len() - i).min(MAX_LENGTH);
        let mut best = (0, 0, 0);
        let consider = |len: usize, dist: usize, best: &mut (usize, usize, i32)| {
            if len >= MIN_LENGTH {
                let saving = saving(len, codes.code(dist));
                if saving > best.2 {
                    *best = (len, dist, saving);
                }
            }
        };
        for dist in [codes.xsize, 1] {
            if dist <= i {
                consider(match_len(data, i, i - dist, max), dist, &mut best);
            }
        }
        if max < MIN_LENGTH || best.0 == max {
            return best;
        }
        self.fill(data, i);
        let mut candidate = self.head[hash(data, i)];
        for _ in 0..CHAIN {
            if candidate == NONE {
                break;
            }
            let j = candidate as usize;
            if i - j > MAX_DISTANCE {
                break;
            }
            if data[j + best.0.min(max - 1)] == data[i + best.0.min(max - 1)] {
                let len = match_len(data, i, j, max);
                consider(len, i - j, &mut best);
                if len == max {
                    break;
                }
            }
            candidate = self.prev[j];
        }
        best
    }
}

/// Rough bits of a literal, and of a copy's two prefix symbols: tuned on `animate 8` (6 and 9,
/// the measured averages, gave 145.9 KB; 4 and 9: 144.7 KB; 8 and 9: 146.7 KB).
const LITERAL_BITS: i32 = 4;
const COPY_BITS: i32 = 9;

/// Estimated bits a copy saves over literals.
fn saving(len: usize, distance_code: u32) -> i32 {
    let extra = prefix(len as u32).1 + prefix(distance_code).1;
    len as i32 * LITERAL_BITS - COPY_BITS - extra as i32
}

/// Tokens for `data`, rows of `xsize` values.
pub fn parse(data: &[u8], codes: &DistanceCodes) -> Vec<Token> {
    let mut tokens = Vec::with_capacity(data.len() / 4 + 16);
    let mut chains = Chains::new(data.len());
    let mut i = 0;
    let mut pending = None;
    while i < data.len() {
        let (len, dist, saving) = pending.take().unwrap_or_else(|| chains.best(data, i, codes));
        if saving <= 0 {
            tokens.push(Token::Literal(data[i]));
            i += 1;
            continue;
        }
        // Lazy step: a better copy one value later is worth a literal now.
        if len < 32 && i + 1 < data.len() {
            let next = chains.best(data, i + 1, codes);
            if next.2 > saving + LITERAL_BITS {
                tokens.push(Token::Literal(data[i]));
                i += 1;
                pending = Some(next);
                continue;
            }
        }
        tokens.push(Token::Copy { len: len as u16, dist: dist as u32 });
        i += len;
    }
    tokens
}

#[cfg(test)]
mod tests {
    use super::*;

    fn expand(tokens: &[Token]) -> Vec<u8> {
        let mut out: Vec<u8> = Vec::new();
        for t in tokens {
            match *t {
                Token::Literal(v) => out.push(v),
                Token::Copy { len, dist } => {
                    for _ in 0..len {
                        out.push(out[out.len() - dist as usize]);
                    }
                }
            }
        }
        out
    }

    #[test]
    fn parse_reproduces_the_data() {
        let xsize = 37;
        let data: Vec<u8> = (0..5000usize).map(|i| ((i % xsize) / 5 + (i / (xsize * 9)) * 3) as u8 % 7).collect();
        let tokens = parse(&data, &DistanceCodes::new(xsize));
        assert_eq!(expand(&tokens), data);
        assert!(tokens.len() < data.len() / 5, "{} tokens", tokens.len());
        let noise: Vec<u8> = (0..3000u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect();
        assert_eq!(expand(&parse(&noise, &DistanceCodes::new(50))), noise);
    }

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
