//! Length-limited canonical prefix codes and their VP8L headers (simple or normal code).
//!
//! Contract: [`PrefixCode::new`] gives every symbol with a non-zero count a code of at most
//! `limit` bits (a complete code when two or more symbols are used); a code with exactly one used
//! symbol spends zero bits on it, as VP8L decoders read such a code. [`PrefixCode::write_header`]
//! writes the code as the VP8L "simple" code when it can (at most two symbols, both below 256),
//! else as a "normal" code: code lengths run-length coded with a code-length code.

use super::bits::BitWriter;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Longest code for image symbols; for the code-length code.
pub const MAX_LENGTH: u8 = 15;
const MAX_CL_LENGTH: u8 = 7;
/// Order in which the code-length code's lengths are stored.
const CODE_LENGTH_ORDER: [usize; 19] = [17, 18, 0, 1, 2, 3, 4, 5, 16, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];

/// A canonical prefix code over an alphabet.
pub struct PrefixCode {
    /// Code length per symbol (0 = unused).
    lengths: Vec<u8>,
    /// Codes, bit-reversed for the LSB-first writer.
    codes: Vec<u16>,
    /// Symbols in use (ascending).
    used: Vec<usize>,
}

impl PrefixCode {
    /// The code for these symbol counts.
    pub fn new(counts: &[u32], limit: u8) -> Self {
        let lengths = code_lengths(counts, limit);
        let used: Vec<usize> = (0..lengths.len()).filter(|&s| lengths[s] > 0).collect();
        let mut codes = vec![0u16; lengths.len()];
        if used.len() > 1 {
            let mut next = [0u32; 17];
            let mut count = [0u32; 17];
            lengths.iter().for_each(|&l| count[l as usize] += 1);
            count[0] = 0;
            let mut code = 0;
            for bits in 1..=16 {
                code = (code + count[bits - 1]) << 1;
                next[bits] = code;
            }
            for &s in &used {
                let l = lengths[s] as usize;
                codes[s] = reverse(next[l], l as u32) as u16;
                next[l] += 1;
            }
        }
        PrefixCode { lengths, codes, used }
    }

    /// Write `symbol` (it must have been counted).
    #[inline]
    pub fn put(&self, w: &mut BitWriter, symbol: usize) {
        if self.used.len() > 1 {
            w.bits(u32::from(self.codes[symbol]), u32::from(self.lengths[symbol]));
        }
    }

    /// Bits `symbol` costs.
    pub fn cost(&self, symbol: usize) -> u32 {
        if self.used.len() > 1 {
            u32::from(self.lengths[symbol])
        } else {
            0
        }
    }

    /// Write the code's description.
    pub fn write_header(&self, w: &mut BitWriter) {
        if self.used.len() <= 2 && self.used.iter().all(|&s| s < 256) {
            let first = self.used.first().copied().unwrap_or(0) as u32;
            w.bits(1, 1); // simple code
            w.bits(self.used.len().max(1) as u32 - 1, 1);
            if first < 2 {
                w.bits(0, 1);
                w.bits(first, 1);
            } else {
                w.bits(1, 1);
                w.bits(first, 8);
            }
            if let Some(&second) = self.used.get(1) {
                w.bits(second as u32, 8);
            }
            return;
        }
        w.bits(0, 1); // normal code
        let lengths = if self.used.len() == 1 {
            // One used symbol: any non-zero length reads as a zero-bit code.
            let mut lengths = vec![0u8; self.lengths.len()];
            lengths[self.used[0]] = 1;
            lengths
        } else {
            self.lengths.clone()
        };
        let tokens = run_lengths(&lengths);
        // Either store every token, or stop after the last non-zero length (max_symbol).
        let trimmed = tokens.iter().rposition(|t| t.0 < 16 && t.0 > 0 || t.0 == 16).map_or(0, |i| i + 1);
        let full = CodeLengthCode::new(&tokens, false);
        let short = CodeLengthCode::new(&tokens[..trimmed], true);
        if trimmed >= 2 && short.bits < full.bits {
            short.write(w, &tokens[..trimmed]);
        } else {
            full.write(w, &tokens);
        }
    }
}

/// The code-length code for a token list, and what the header costs with it.
struct CodeLengthCode {
    code: PrefixCode,
    bits: u32,
    /// Tokens stored, when a max_symbol field limits them.
    max_symbol: Option<u32>,
}

impl CodeLengthCode {
    fn new(tokens: &[(u8, u8)], limited: bool) -> Self {
        let mut counts = [0u32; 19];
        tokens.iter().for_each(|&(sym, _)| counts[sym as usize] += 1);
        let code = PrefixCode::new(&counts, MAX_CL_LENGTH);
        let stored = stored_lengths(&code);
        let mut bits = 4 + 3 * stored as u32 + 1;
        let max_symbol = limited.then(|| {
            let n = tokens.len().max(2) as u32 - 2;
            bits += 3 + max_symbol_bits(n);
            n
        });
        bits += tokens.iter().map(|&(sym, _)| code.cost(sym as usize) + extra_bits(sym)).sum::<u32>();
        CodeLengthCode { code, bits, max_symbol }
    }

    fn write(&self, w: &mut BitWriter, tokens: &[(u8, u8)]) {
        let stored = stored_lengths(&self.code);
        w.bits(stored as u32 - 4, 4);
        let lengths = self.code_lengths();
        for &s in &CODE_LENGTH_ORDER[..stored] {
            w.bits(u32::from(lengths[s]), 3);
        }
        match self.max_symbol {
            None => w.bits(0, 1),
            Some(n) => {
                let nbits = max_symbol_bits(n);
                w.bits(1, 1);
                w.bits((nbits - 2) / 2, 3);
                w.bits(n, nbits);
            }
        }
        for &(sym, extra) in tokens {
            self.code.put(w, sym as usize);
            w.bits(u32::from(extra), extra_bits(sym));
        }
    }

    /// Lengths as stored: a single used symbol is stored with length 1 (read as zero bits).
    fn code_lengths(&self) -> Vec<u8> {
        let mut lengths = self.code.lengths.clone();
        if self.code.used.len() == 1 {
            lengths[self.code.used[0]] = 1;
        }
        lengths
    }
}

/// How many code-length-code lengths must be stored (at least 4).
fn stored_lengths(code: &PrefixCode) -> usize {
    let last = CODE_LENGTH_ORDER.iter().rposition(|&s| code.lengths[s] > 0).map_or(0, |i| i + 1);
    last.max(4)
}

/// Bits of the max_symbol field (2, 4, ..., 16) that hold `n`.
fn max_symbol_bits(n: u32) -> u32 {
    let needed = 32 - n.leading_zeros();
    needed.max(2).div_ceil(2) * 2
}

fn extra_bits(sym: u8) -> u32 {
    match sym {
        16 => 2,
        17 => 3,
        18 => 7,
        _ => 0,
    }
}

/// Code lengths as (symbol, extra) tokens: 0..=15 literal lengths, 16 repeats the previous
/// non-zero length 3..=6 times, 17 writes 3..=10 zeros, 18 writes 11..=138 zeros.
fn run_lengths(lengths: &[u8]) -> Vec<(u8, u8)> {
    let mut tokens = Vec::new();
    let mut previous = 8u8;
    let mut i = 0;
    while i < lengths.len() {
        let value = lengths[i];
        let run = lengths[i..].iter().take_while(|&&l| l == value).count();
        let mut left = run;
        if value == 0 {
            while left >= 11 {
                let n = left.min(138);
                tokens.push((18, (n - 11) as u8));
                left -= n;
            }
            if left >= 3 {
                tokens.push((17, (left - 3) as u8));
                left = 0;
            }
            tokens.extend(std::iter::repeat_n((0, 0), left));
        } else {
            if previous != value {
                tokens.push((value, 0));
                left -= 1;
                previous = value;
            }
            while left >= 3 {
                let n = left.min(6);
                tokens.push((16, (n - 3) as u8));
                left -= n;
            }
            tokens.extend(std::iter::repeat_n((value, 0), left));
        }
        i += run;
    }
    tokens
}

fn reverse(code: u32, bits: u32) -> u32 {
    code.reverse_bits() >> (32 - bits)
}

/// Huffman code lengths for `counts`, none longer than `limit`: rare symbols' counts are raised
/// until the tree is shallow enough. Zero counts get length 0. Deterministic (ties by symbol).
pub fn code_lengths(counts: &[u32], limit: u8) -> Vec<u8> {
    let mut lengths = vec![0u8; counts.len()];
    let used: Vec<usize> = (0..counts.len()).filter(|&s| counts[s] > 0).collect();
    match used.len() {
        0 => return lengths,
        1 => {
            lengths[used[0]] = 1;
            return lengths;
        }
        _ => {}
    }
    let mut floor = 1u32;
    loop {
        // Nodes: leaves first, then internal ones; parent links give depths.
        let mut parent = vec![usize::MAX; used.len() * 2 - 1];
        let mut heap: BinaryHeap<Reverse<(u64, usize)>> =
            used.iter().enumerate().map(|(i, &s)| Reverse((u64::from(counts[s].max(floor)), i))).collect();
        let mut next = used.len();
        while heap.len() > 1 {
            let Reverse((a, i)) = heap.pop().expect("two nodes");
            let Reverse((b, j)) = heap.pop().expect("two nodes");
            parent[i] = next;
            parent[j] = next;
            heap.push(Reverse((a + b, next)));
            next += 1;
        }
        let mut depth = vec![0u8; parent.len()];
        for node in (0..parent.len() - 1).rev() {
            depth[node] = depth[parent[node]] + 1;
        }
        if depth[..used.len()].iter().all(|&d| d <= limit) {
            for (i, &s) in used.iter().enumerate() {
                lengths[s] = depth[i];
            }
            return lengths;
        }
        floor *= 2;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_respect_the_limit_and_kraft() {
        let counts: Vec<u32> = (0..40).map(|i| 1 << (i % 24)).collect();
        for limit in [7, 15] {
            let lengths = code_lengths(&counts, limit);
            assert!(lengths.iter().all(|&l| l >= 1 && l <= limit));
            let kraft: f64 = lengths.iter().map(|&l| 0.5f64.powi(i32::from(l))).sum();
            assert!((kraft - 1.0).abs() < 1e-9, "complete code, kraft {kraft}");
        }
    }

    #[test]
    fn run_lengths_expand_back() {
        let lengths = [3u8, 3, 3, 3, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 0, 8, 8, 8, 8];
        let mut out = Vec::new();
        let mut previous = 8;
        for (sym, extra) in run_lengths(&lengths) {
            match sym {
                16 => out.extend(std::iter::repeat_n(previous, 3 + extra as usize)),
                17 => out.extend(std::iter::repeat_n(0, 3 + extra as usize)),
                18 => out.extend(std::iter::repeat_n(0, 11 + extra as usize)),
                l => {
                    out.push(l);
                    if l != 0 {
                        previous = l;
                    }
                }
            }
        }
        assert_eq!(out, lengths);
    }
}
