//! The VP8L parse: which literals and copies code the packed pixels.
//!
//! Contract: [`parse`] turns `data` (one value per packed pixel, rows of `codes.xsize`) into tokens
//! that reproduce it exactly. At each position it takes the copy that saves the most estimated bits
//! over literals, among: the value to the left (runs) and the row above (both from 2 values on,
//! their distance codes being the cheapest), and earlier positions with the same next three values
//! ([`CHAIN`] of them, most recent first). Lazy matching: when a copy one or two values later
//! ([`LOOKAHEAD`]) saves more than that copy and the literals before it, the literals are written
//! and the later copy is considered in turn. Inside a copy longer than [`SKIP_INSIDE`], only the
//! positions near its ends join the hash chains. Greedy, not the cheapest path (a cost-based
//! shortest path was 1.5% larger on `animate 8 --until all` and took three times as long).
//! Deterministic; the buffers (`Chains`) are the caller's, to reuse.

use super::lz77::{match_len, prefix, Chains, DistanceCodes, Token, MAX_DISTANCE, MAX_LENGTH, NONE};

/// Earlier positions tried per hash for the copy at a position, and for the copies a value or two
/// later that lazy matching weighs against it. Measured on `animate 8 --until all` WebP (half the
/// frames): chain 32 = 2.365 MB, 64 = 2.345 MB, 128 = 2.344 MB; lazy chain 4 = 2.348 MB, 16 = 2.345
/// MB, 64 = 2.345 MB and 30% more time.
const CHAIN: usize = 64;
const LAZY_CHAIN: usize = 16;
/// How many values later lazy matching looks: 1 = 2.383 MB, 2 = 2.345 MB, 3 = 2.339 MB (+12% time).
const LOOKAHEAD: usize = 2;
/// Shortest copy from the hash chains; copies from the left or above may be shorter.
const MIN_LENGTH: usize = 3;
const MIN_NEAR_LENGTH: usize = 2;
/// Copies longer than this add only their first and last [`EDGE`] positions to the hash chains:
/// positions deep inside runs and repeated rows are found through the copy's own source.
const SKIP_INSIDE: usize = 64;
const EDGE: usize = 16;

/// Estimated costs in quarter bits: a literal, a copy's two prefix symbols, and what a distance
/// code of 1 or 2 (the pixel above, or to the left) saves on its symbol. Tuned on `animate 8 --until
/// all` (literal 4 bits, copy 9 bits; near 8 bits: 6 bits and 10 bits each cost 0.2% more).
const LITERAL: i32 = 16;
const COPY: i32 = 36;
const NEAR: i32 = 32;

/// A candidate copy: length, distance, its distance code, and estimated quarter bits saved.
#[derive(Clone, Copy, Default)]
struct Copy {
    len: usize,
    dist: usize,
    code: u32,
    saving: i32,
}

/// Estimated quarter bits a copy saves over literals.
#[inline]
fn saving(len: usize, code: u32) -> i32 {
    let extra = prefix(len as u32).1 + prefix(code).1;
    let near = if code <= 2 { NEAR } else { 0 };
    len as i32 * LITERAL - COPY - 4 * extra as i32 + near
}

/// The copy at `i` that saves the most (saving 0 when none saves anything).
fn best(data: &[u8], i: usize, chains: &mut Chains, codes: &DistanceCodes, depth: usize) -> Copy {
    let max = (data.len() - i).min(MAX_LENGTH);
    let mut best = Copy::default();
    let consider = |len: usize, dist: usize, best: &mut Copy| {
        let code = codes.code(dist);
        let saving = saving(len, code);
        if saving > best.saving {
            *best = Copy { len, dist, code, saving };
        }
    };
    for dist in [codes.xsize, 1] {
        if dist <= i {
            let len = match_len(data, i, i - dist, max);
            if len >= MIN_NEAR_LENGTH {
                consider(len, dist, &mut best);
            }
        }
    }
    if max < MIN_LENGTH || best.len == max {
        return best;
    }
    chains.fill(data, i);
    let mut candidate = chains.first(data, i);
    for _ in 0..depth {
        if candidate == NONE {
            break;
        }
        let j = candidate as usize;
        if i - j > MAX_DISTANCE {
            break;
        }
        // Only a copy longer than the best so far can save more (distance codes aside).
        let probe = best.len.min(max - 1);
        if data[j + probe] == data[i + probe] {
            let len = match_len(data, i, j, max);
            if len >= MIN_LENGTH {
                consider(len, i - j, &mut best);
            }
            if len == max {
                break;
            }
        }
        candidate = chains.next(j);
    }
    best
}

/// A copy starting `skip` values after `i` that saves more than `copy` and the literals before it.
fn later(data: &[u8], i: usize, copy: &Copy, chains: &mut Chains, codes: &DistanceCodes) -> Option<(usize, Copy)> {
    for skip in 1..=LOOKAHEAD.min(copy.len - 1) {
        if i + skip >= data.len() {
            break;
        }
        let next = best(data, i + skip, chains, codes, LAZY_CHAIN);
        if next.saving > copy.saving + skip as i32 * LITERAL {
            return Some((skip, next));
        }
    }
    None
}

/// Tokens for `data`, rows of `codes.xsize` values, appended to `tokens`.
pub fn parse(data: &[u8], codes: &DistanceCodes, chains: &mut Chains, tokens: &mut Vec<Token>) {
    chains.reset(data.len());
    let mut i = 0;
    let mut pending: Option<Copy> = None;
    while i < data.len() {
        let copy = pending.take().unwrap_or_else(|| best(data, i, chains, codes, CHAIN));
        if copy.saving <= 0 {
            tokens.push(Token::Literal(data[i]));
            i += 1;
            continue;
        }
        // Lazy steps: a better copy a value or two later is worth literals now.
        if let Some((skip, next)) = later(data, i, &copy, chains, codes) {
            tokens.extend(data[i..i + skip].iter().map(|&v| Token::Literal(v)));
            i += skip;
            pending = Some(next);
            continue;
        }
        tokens.push(Token::Copy { len: copy.len as u16, dist: copy.dist as u32, code: copy.code });
        if copy.len > SKIP_INSIDE {
            chains.fill(data, i + EDGE);
            chains.skip_to(i + copy.len - EDGE);
        }
        i += copy.len;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn expand(tokens: &[Token], codes: &DistanceCodes) -> Vec<u8> {
        let mut out: Vec<u8> = Vec::new();
        for t in tokens {
            match *t {
                Token::Literal(v) => out.push(v),
                Token::Copy { len, dist, code } => {
                    assert_eq!(codes.code(dist as usize), code);
                    for _ in 0..len {
                        out.push(out[out.len() - dist as usize]);
                    }
                }
            }
        }
        out
    }

    fn tokens(data: &[u8], xsize: usize) -> (Vec<Token>, DistanceCodes) {
        let codes = DistanceCodes::new(xsize);
        let mut tokens = Vec::new();
        parse(data, &codes, &mut Chains::default(), &mut tokens);
        (tokens, codes)
    }

    #[test]
    fn parse_reproduces_the_data() {
        let xsize = 37;
        let data: Vec<u8> = (0..5000usize).map(|i| ((i % xsize) / 5 + (i / (xsize * 9)) * 3) as u8 % 7).collect();
        let (parsed, codes) = tokens(&data, xsize);
        assert_eq!(expand(&parsed, &codes), data);
        assert!(parsed.len() < data.len() / 5, "{} tokens", parsed.len());
        let noise: Vec<u8> = (0..3000u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect();
        let (parsed, codes) = tokens(&noise, 50);
        assert_eq!(expand(&parsed, &codes), noise);
        let runs: Vec<u8> = (0..20_000usize).map(|i| u8::from(i % 9_000 > 8_990)).collect();
        let (parsed, codes) = tokens(&runs, 100);
        assert_eq!(expand(&parsed, &codes), runs);
        assert!(parsed.len() < 40, "long runs are a few long copies: {} tokens", parsed.len());
    }

    #[test]
    fn copies_from_above_beat_literals() {
        // Rows repeat the row above; only the first row needs literals.
        let xsize = 64;
        let row: Vec<u8> = (0..xsize as u8).map(|x| x.wrapping_mul(37) % 11).collect();
        let data: Vec<u8> = (0..20).flat_map(|_| row.iter().copied()).collect();
        let (parsed, codes) = tokens(&data, xsize);
        assert_eq!(expand(&parsed, &codes), data);
        let literals = parsed.iter().filter(|t| matches!(t, Token::Literal(_))).count();
        assert!(literals <= xsize, "only the first row is literal: {literals}");
    }

    #[test]
    fn a_reused_chain_buffer_gives_the_same_tokens() {
        let data: Vec<u8> = (0..4000u32).map(|i| ((i / 7) % 5 + (i / 300) % 3) as u8).collect();
        let small: Vec<u8> = data[..900].to_vec();
        let codes = DistanceCodes::new(40);
        let mut chains = Chains::default();
        let (mut first, mut again) = (Vec::new(), Vec::new());
        parse(&data, &codes, &mut chains, &mut first);
        parse(&small, &codes, &mut chains, &mut Vec::new());
        parse(&data, &codes, &mut chains, &mut again);
        assert!(first == again);
    }
}
