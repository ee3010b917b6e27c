//! LZ77 matching for pictures: the repeats in one piece of filtered image rows.
//!
//! Contract: [`tokens`] turns `data` into literals and matches (length 3..=258, distance
//! 1..=32,768) that reproduce it exactly. Besides a short hash chain it always tries the two
//! distances a picture repeats at: 1 (a run of one colour) and one row up (`stride` bytes, the row
//! with its filter byte). Positions inside long matches stay out of the chains (a flat area costs a
//! few steps, not one per byte, and leaves the chains to the detail). Parsing is lazy: a match is
//! put off by a byte when the next byte starts a longer one.

/// A literal byte (below 256) or a match ([`MATCH`] set, length - 3 in bits 16..24, distance - 1
/// in bits 0..15).
pub type Token = u32;
/// Marks a [`Token`] as a match.
pub const MATCH: u32 = 1 << 31;

const WINDOW: usize = 1 << 15;
const MIN_MATCH: usize = 3;
/// The longest match deflate has.
pub const MAX_MATCH: usize = 258;
/// Hash chain entries tried per position. Measured on `animate 8 --until all` (4,205 frames): 4 =
/// 6.39 MB, 16 = 6.36 MB, 64 = 6.33 MB of image data, at 1.0, 1.1 and 1.5 s of CPU.
const PROBES: usize = 16;
/// Bytes hashed for the chains: longer keys keep runs' neighbours from crowding the chains.
const HASHED: usize = 6;
/// The first positions of a match that go into the chains (and its last few).
const INSERTED: usize = 16;
/// A three-byte match farther than this costs more than three literals.
const FAR_THREE: usize = 4096;

/// Hash chains: `head[hash]` is the latest position + 1 with that hash (0: none), `prev` the one
/// before each position, in a ring as long as the window (or the data, when shorter).
struct Chains {
    head: Vec<u32>,
    prev: Vec<u32>,
    bits: u32,
}

impl Chains {
    fn new(len: usize) -> Self {
        let ring = len.next_power_of_two().clamp(256, WINDOW);
        let bits = ring.trailing_zeros();
        Chains { head: vec![0; ring], prev: vec![0; ring], bits }
    }

    fn hash(&self, data: &[u8], i: usize) -> Option<usize> {
        let bytes = data.get(i..i + 8)?;
        let key = u64::from_le_bytes(bytes.try_into().expect("8 bytes")) << (64 - 8 * HASHED);
        Some((key.wrapping_mul(0x9E37_79B1_7F4A_7C15) >> (64 - self.bits)) as usize)
    }

    fn insert(&mut self, data: &[u8], i: usize) {
        if let Some(h) = self.hash(data, i) {
            let mask = self.prev.len() - 1;
            self.prev[i & mask] = self.head[h];
            self.head[h] = i as u32 + 1;
        }
    }
}

/// How many bytes at `a` and `b` (`a < b`) agree, up to `max`.
fn common(data: &[u8], a: usize, b: usize, max: usize) -> usize {
    let mut n = 0;
    while n + 8 <= max {
        let x = u64::from_le_bytes(data[a + n..a + n + 8].try_into().expect("8 bytes"));
        let y = u64::from_le_bytes(data[b + n..b + n + 8].try_into().expect("8 bytes"));
        if x != y {
            return n + ((x ^ y).trailing_zeros() / 8) as usize;
        }
        n += 8;
    }
    n + data[a + n..a + max].iter().zip(&data[b + n..b + max]).take_while(|(x, y)| x == y).count()
}

/// The best match at `i` so far, (length, distance), replaced by the one at `dist` if longer.
fn try_distance(data: &[u8], i: usize, max: usize, dist: usize, best: &mut (usize, usize)) {
    let probe = best.0.min(max - 1);
    if dist <= i && dist <= WINDOW && data[i - dist + probe] == data[i + probe] {
        let len = common(data, i - dist, i, max);
        if len > best.0 && (len > MIN_MATCH || dist <= FAR_THREE) {
            *best = (len, dist);
        }
    }
}

/// The longest match at `i`: (length, distance), length below 3 when there is none.
fn longest(data: &[u8], i: usize, chains: &Chains, stride: usize) -> (usize, usize) {
    let max = (data.len() - i).min(MAX_MATCH);
    let mut best = (0, 0);
    if max < MIN_MATCH {
        return best;
    }
    try_distance(data, i, max, 1, &mut best);
    if best.0 < max {
        try_distance(data, i, max, stride, &mut best);
    }
    let mut cand = chains.hash(data, i).map_or(0, |h| chains.head[h] as usize);
    let mask = chains.prev.len() - 1;
    for _ in 0..PROBES {
        if cand == 0 || best.0 == max || i - (cand - 1) > WINDOW {
            break;
        }
        let at = cand - 1;
        try_distance(data, i, max, i - at, &mut best);
        cand = chains.prev[at & mask] as usize;
        if cand > at {
            break; // the ring slot was reused: the chain ends here
        }
    }
    best
}

fn literal(byte: u8) -> Token {
    Token::from(byte)
}

fn matched(len: usize, dist: usize) -> Token {
    MATCH | ((len - MIN_MATCH) as u32) << 16 | (dist - 1) as u32
}

/// The tokens for `data`, rows of `stride` bytes (any stride works; the right one finds more).
pub fn tokens(data: &[u8], stride: usize) -> Vec<Token> {
    let mut chains = Chains::new(data.len());
    let mut out = Vec::with_capacity(data.len() / 32 + 16);
    let mut pending: Option<(usize, usize)> = None;
    let mut i = 0;
    while i < data.len() {
        let (len, dist) = pending.take().unwrap_or_else(|| longest(data, i, &chains, stride));
        chains.insert(data, i);
        if len < MIN_MATCH {
            out.push(literal(data[i]));
            i += 1;
            continue;
        }
        if len < MAX_MATCH && i + 1 < data.len() {
            let next = longest(data, i + 1, &chains, stride);
            if next.0 > len {
                out.push(literal(data[i]));
                pending = Some(next);
                i += 1;
                continue;
            }
        }
        out.push(matched(len, dist));
        let end = i + len;
        for j in (i + 1..end.min(i + INSERTED)).chain(end.saturating_sub(3).max(i + INSERTED)..end) {
            chains.insert(data, j);
        }
        i = end;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `tokens` expanded back into bytes.
    fn expand(tokens: &[Token]) -> Vec<u8> {
        let mut out: Vec<u8> = Vec::new();
        for &t in tokens {
            if t & MATCH == 0 {
                out.push(t as u8);
            } else {
                let (len, dist) = ((t >> 16 & 0xff) as usize + MIN_MATCH, (t & 0xffff) as usize + 1);
                assert!(dist <= out.len() && dist <= WINDOW);
                (0..len).for_each(|_| out.push(out[out.len() - dist]));
            }
        }
        out
    }

    #[test]
    fn tokens_reproduce_runs_rows_and_noise() {
        let stride = 301;
        let mut data = vec![0u8; stride * 200];
        for (i, b) in data.iter_mut().enumerate().skip(stride * 50).take(stride * 30) {
            *b = ((i % stride) * 7 / 13) as u8; // rows that repeat
        }
        for (i, b) in data.iter_mut().enumerate().skip(stride * 120).take(40_000) {
            *b = (i as u32).wrapping_mul(2_654_435_761).rotate_left(7) as u8; // noise past the window
        }
        let tokens = tokens(&data, stride);
        assert_eq!(expand(&tokens), data);
        assert!(tokens.len() < 45_000, "runs and repeated rows should be matches: {}", tokens.len());
    }

    #[test]
    fn short_inputs_are_literals() {
        for data in [&[][..], &[5], &[5, 5], &[1, 2, 3, 1, 2, 3]] {
            assert_eq!(expand(&tokens(data, 3)), data);
        }
    }
}
