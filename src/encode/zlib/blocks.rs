//! Deflate blocks from LZ77 tokens: Huffman codes built per block, written as raw deflate.
//!
//! Contract: [`write_blocks`] writes tokens as deflate blocks (dynamic or fixed codes, whichever
//! is smaller), the last one final when `last`, else followed by an empty stored block (a sync
//! flush), so the output ends on a byte boundary either way. Codes are complete (every alphabet
//! gets at least two symbols), which all inflaters accept.

use super::lz::{Token, MATCH};

/// Tokens per block: codes adapt to each block's statistics.
/// Tokens per block: each block's codes fit its own statistics (a frame of `animate 8` is rarely
/// longer than one block).
const BLOCK_TOKENS: usize = 1 << 14;

/// Deflate's length codes: for length - 3 (0..=255), the code (257..=285) and its extra bits.
fn length_code(len3: usize) -> (usize, u32, u32) {
    const BASE: [u16; 29] = [
        0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 20, 24, 28, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 255,
    ];
    const EXTRA: [u8; 29] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
    let code = BASE.partition_point(|&b| usize::from(b) <= len3) - 1;
    (257 + code, u32::from(EXTRA[code]), (len3 - usize::from(BASE[code])) as u32)
}

/// Deflate's distance codes: for distance - 1 (0..32768), the code (0..30) and its extra bits.
fn distance_code(d1: usize) -> (usize, u32, u32) {
    if d1 < 4 {
        return (d1, 0, 0);
    }
    let bits = usize::BITS - 1 - d1.leading_zeros(); // d1 in [2^bits, 2^(bits+1))
    let extra = bits - 1;
    let half = (d1 >> extra) & 1;
    let code = 2 * bits as usize + half;
    (code, extra, (d1 & ((1 << extra) - 1)) as u32)
}

/// Bits out, least significant first.
struct Bits {
    out: Vec<u8>,
    acc: u64,
    n: u32,
}

impl Bits {
    fn put(&mut self, value: u32, bits: u32) {
        self.acc |= u64::from(value) << self.n;
        self.n += bits;
        if self.n >= 32 {
            self.out.extend_from_slice(&(self.acc as u32).to_le_bytes());
            self.acc >>= 32;
            self.n -= 32;
        }
    }

    fn align(&mut self) {
        while self.n > 0 {
            self.out.push(self.acc as u8);
            self.acc >>= 8;
            self.n = self.n.saturating_sub(8);
        }
        self.acc = 0;
    }
}

/// Code lengths (at most `limit` bits) for `freq`, with at least two symbols coded.
fn code_lengths(freq: &[u32], limit: u32) -> Vec<u8> {
    let mut freq = freq.to_vec();
    let used = freq.iter().filter(|&&f| f > 0).count();
    for f in freq.iter_mut().filter(|f| **f == 0).take(2usize.saturating_sub(used)) {
        *f = 1;
    }
    loop {
        let lengths = huffman_lengths(&freq);
        if lengths.iter().all(|&l| u32::from(l) <= limit) {
            return lengths;
        }
        freq.iter_mut().filter(|f| **f > 0).for_each(|f| *f = (*f >> 1) | 1);
    }
}

/// Unlimited Huffman code lengths for the nonzero entries of `freq` (two or more).
fn huffman_lengths(freq: &[u32]) -> Vec<u8> {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    let mut parent = vec![usize::MAX; freq.len() * 2];
    let mut heap: BinaryHeap<Reverse<(u64, usize)>> =
        freq.iter().enumerate().filter(|(_, &f)| f > 0).map(|(i, &f)| Reverse((u64::from(f), i))).collect();
    let mut next = freq.len();
    while heap.len() > 1 {
        let Reverse((fa, a)) = heap.pop().expect("two nodes");
        let Reverse((fb, b)) = heap.pop().expect("two nodes");
        parent[a] = next;
        parent[b] = next;
        heap.push(Reverse((fa + fb, next)));
        next += 1;
    }
    let mut depth = vec![0u8; next];
    for node in (0..next).rev() {
        if parent[node] != usize::MAX {
            depth[node] = depth[parent[node]] + 1;
        }
    }
    (0..freq.len()).map(|i| if freq[i] > 0 { depth[i] } else { 0 }).collect()
}

/// Canonical codes for `lengths`, bit-reversed for writing least significant bit first.
fn codes(lengths: &[u8]) -> Vec<u32> {
    let mut count = [0u32; 16];
    lengths.iter().for_each(|&l| count[usize::from(l)] += 1);
    count[0] = 0;
    let mut next = [0u32; 16];
    for bits in 1..16 {
        next[bits] = (next[bits - 1] + count[bits - 1]) << 1;
    }
    lengths
        .iter()
        .map(|&l| {
            if l == 0 {
                return 0;
            }
            let code = next[usize::from(l)];
            next[usize::from(l)] += 1;
            code.reverse_bits() >> (32 - u32::from(l))
        })
        .collect()
}

/// A block's symbol counts.
struct Counts {
    lit: [u32; 286],
    dist: [u32; 30],
    extra_bits: u64,
}

fn count(tokens: &[Token]) -> Counts {
    let mut c = Counts { lit: [0; 286], dist: [0; 30], extra_bits: 0 };
    for &t in tokens {
        if t & MATCH == 0 {
            c.lit[t as usize] += 1;
        } else {
            let (l, le, _) = length_code((t >> 16 & 0xff) as usize);
            let (d, de, _) = distance_code((t & 0xffff) as usize);
            c.lit[l] += 1;
            c.dist[d] += 1;
            c.extra_bits += u64::from(le + de);
        }
    }
    c.lit[256] += 1;
    c
}

/// The dynamic header's code-length symbols: (symbol 0..=18, extra value).
fn length_symbols(lengths: &[u8]) -> Vec<(u8, u8)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < lengths.len() {
        let l = lengths[i];
        let run = lengths[i..].iter().take_while(|&&x| x == l).count();
        if l == 0 && run >= 3 {
            let n = run.min(138);
            out.push(if n >= 11 { (18, (n - 11) as u8) } else { (17, (n - 3) as u8) });
            i += n;
        } else if l != 0 && run >= 4 {
            out.push((l, 0));
            let n = (run - 1).min(6);
            out.push((16, (n - 3) as u8));
            i += 1 + n;
        } else {
            out.push((l, 0));
            i += 1;
        }
    }
    out
}

const CL_ORDER: [usize; 19] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];
const CL_EXTRA: [u32; 19] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 3, 7];

/// A dynamic block's codes and its header, ready to write.
struct Dynamic {
    lit: Vec<u8>,
    dist: Vec<u8>,
    symbols: Vec<(u8, u8)>,
    cl: Vec<u8>,
    hclen: usize,
}

impl Dynamic {
    fn new(c: &Counts) -> Self {
        let lit = code_lengths(&c.lit, 15);
        let dist = code_lengths(&c.dist, 15);
        let hlit = lit.iter().rposition(|&l| l > 0).map_or(257, |p| (p + 1).max(257));
        let hdist = dist.iter().rposition(|&l| l > 0).map_or(1, |p| p + 1);
        let all: Vec<u8> = lit[..hlit].iter().chain(&dist[..hdist]).copied().collect();
        let symbols = length_symbols(&all);
        let mut cl_freq = [0u32; 19];
        symbols.iter().for_each(|&(s, _)| cl_freq[usize::from(s)] += 1);
        let cl = code_lengths(&cl_freq, 7);
        let hclen = CL_ORDER.iter().rposition(|&s| cl[s] > 0).map_or(4, |p| (p + 1).max(4));
        Dynamic { lit: lit[..hlit].to_vec(), dist: dist[..hdist].to_vec(), symbols, cl, hclen }
    }

    fn bits(&self, c: &Counts) -> u64 {
        let header = 3 + 14 + 3 * self.hclen as u64;
        let cl: u64 = self
            .symbols
            .iter()
            .map(|&(s, _)| u64::from(self.cl[usize::from(s)]) + u64::from(CL_EXTRA[usize::from(s)]))
            .sum();
        header + cl + cost(&c.lit, &self.lit) + cost(&c.dist, &self.dist) + c.extra_bits
    }

    fn write_header(&self, bits: &mut Bits, last: bool) {
        bits.put(u32::from(last) | 2 << 1, 3);
        bits.put((self.lit.len() - 257) as u32, 5);
        bits.put((self.dist.len() - 1) as u32, 5);
        bits.put((self.hclen - 4) as u32, 4);
        for &s in &CL_ORDER[..self.hclen] {
            bits.put(u32::from(self.cl[s]), 3);
        }
        let cl_codes = codes(&self.cl);
        for &(s, extra) in &self.symbols {
            let s = usize::from(s);
            bits.put(cl_codes[s], u32::from(self.cl[s]));
            bits.put(u32::from(extra), CL_EXTRA[s]);
        }
    }
}

fn cost(freq: &[u32], lengths: &[u8]) -> u64 {
    freq.iter().zip(lengths).map(|(&f, &l)| u64::from(f) * u64::from(l)).sum()
}

fn fixed_lengths() -> (Vec<u8>, Vec<u8>) {
    let lit = (0..288).map(|i| match i {
        0..=143 => 8,
        144..=255 => 9,
        256..=279 => 7,
        _ => 8,
    });
    (lit.collect(), vec![5; 30])
}

fn write_tokens(bits: &mut Bits, tokens: &[Token], lit: &[u8], dist: &[u8]) {
    let (lit_codes, dist_codes) = (codes(lit), codes(dist));
    for &t in tokens {
        if t & MATCH == 0 {
            bits.put(lit_codes[t as usize], u32::from(lit[t as usize]));
        } else {
            let (l, le, lv) = length_code((t >> 16 & 0xff) as usize);
            let (d, de, dv) = distance_code((t & 0xffff) as usize);
            bits.put(lit_codes[l], u32::from(lit[l]));
            bits.put(lv, le);
            bits.put(dist_codes[d], u32::from(dist[d]));
            bits.put(dv, de);
        }
    }
    bits.put(lit_codes[256], u32::from(lit[256]));
}

/// `tokens` as raw deflate, ending on a byte boundary (final block when `last`, else a sync flush).
pub fn write_blocks(tokens: &[Token], last: bool) -> Vec<u8> {
    let mut bits = Bits { out: Vec::with_capacity(tokens.len() + 64), acc: 0, n: 0 };
    let blocks: Vec<&[Token]> = if tokens.is_empty() { vec![&[]] } else { tokens.chunks(BLOCK_TOKENS).collect() };
    for (i, block) in blocks.iter().enumerate() {
        let final_block = last && i + 1 == blocks.len();
        let c = count(block);
        let dynamic = Dynamic::new(&c);
        let (fixed_lit, fixed_dist) = fixed_lengths();
        let fixed_bits = 3 + cost(&c.lit, &fixed_lit) + cost(&c.dist, &fixed_dist) + c.extra_bits;
        if dynamic.bits(&c) < fixed_bits {
            dynamic.write_header(&mut bits, final_block);
            write_tokens(&mut bits, block, &dynamic.lit, &dynamic.dist);
        } else {
            bits.put(u32::from(final_block) | 1 << 1, 3);
            write_tokens(&mut bits, block, &fixed_lit, &fixed_dist);
        }
    }
    if !last {
        bits.put(0, 3); // an empty stored block: the sync flush's marker
        bits.align();
        bits.out.extend([0, 0, 0xff, 0xff]);
    }
    bits.align();
    bits.out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_and_distance_codes_follow_rfc_1951() {
        assert_eq!(length_code(0), (257, 0, 0)); // length 3
        assert_eq!(length_code(8), (265, 1, 0)); // length 11
        assert_eq!(length_code(9), (265, 1, 1)); // length 12
        assert_eq!(length_code(254), (284, 5, 30)); // length 257
        assert_eq!(length_code(255), (285, 0, 0)); // length 258
        assert_eq!(distance_code(0), (0, 0, 0)); // distance 1
        assert_eq!(distance_code(4), (4, 1, 0)); // distance 5
        assert_eq!(distance_code(7), (5, 1, 1)); // distance 8
        assert_eq!(distance_code(24_576), (29, 13, 0)); // distance 24,577
        assert_eq!(distance_code(32_767), (29, 13, 8191)); // distance 32,768
    }

    #[test]
    fn code_lengths_are_limited_and_complete() {
        let mut fib = vec![1u32, 1];
        while fib.len() < 30 {
            fib.push(fib[fib.len() - 1] + fib[fib.len() - 2]);
        }
        for (freq, limit) in [(fib.clone(), 15), (fib[..19].to_vec(), 7), (vec![0, 5, 0], 15), (vec![0; 30], 15)] {
            let lengths = code_lengths(&freq, limit);
            assert!(lengths.iter().all(|&l| u32::from(l) <= limit));
            let kraft: f64 = lengths.iter().filter(|&&l| l > 0).map(|&l| 0.5f64.powi(i32::from(l))).sum();
            assert_eq!(kraft, 1.0, "{lengths:?}");
        }
    }
}
