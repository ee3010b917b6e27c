//! A small VP8L (WebP lossless) encoder for palette images: the colour-indexing transform with
//! pixel bundling, LZ77 with 2-D distance codes (`parse.rs` picks the copies), and one set of prefix
//! codes per image.
//!
//! Contract: [`encode`] turns an image of palette indices into a VP8L bitstream (signature byte
//! first, no RIFF chunk header) that decodes to exactly their colours. The caller names the index
//! values the image uses (`used`, ascending, 1 to 256 of them, each below `palette.len()`, the
//! palette ARGB); the stored colour table holds just their colours, in that order, and images using
//! at most 16 colours pack 2, 4 or 8 pixels into each coded value, so flat areas and repeated rows
//! become a few long copies. Deterministic. Each thread keeps its working buffers between images
//! (trimmed after very large ones).

mod bits;
mod huffman;
mod lz77;
mod parse;

use bits::BitWriter;
use huffman::{PrefixCode, MAX_LENGTH};
use lz77::{prefix, Chains, DistanceCodes, Token};
use std::cell::RefCell;

/// Largest width or height VP8L stores (14 bits).
pub const MAX_SIDE: usize = 1 << 14;

const GREEN_SYMBOLS: usize = 256 + 24;
const DISTANCE_SYMBOLS: usize = 40;
const COLOR_INDEXING: u32 = 3;
/// Pixels [`bundle`] packs at a time (a multiple of every bundle size).
const BLOCK: usize = 16;
/// Working buffers kept for the next image hold at most this many values.
const KEEP: usize = 1 << 22;

/// Buffers one thread reuses from image to image.
#[derive(Default)]
struct Scratch {
    packed: Vec<u8>,
    tokens: Vec<Token>,
    chains: Chains,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// The VP8L bitstream for `indices` (rows of `width`), which use the values `used` (ascending),
/// over `palette` (ARGB, alpha in the top byte).
pub fn encode(indices: &[u8], width: usize, height: usize, palette: &[u32], used: &[u8]) -> Vec<u8> {
    assert!((1..=256).contains(&used.len()) && width * height == indices.len() && width > 0 && height > 0);
    assert!(width <= MAX_SIDE && height <= MAX_SIDE);
    debug_assert!(indices.iter().all(|index| used.binary_search(index).is_ok()), "a value outside `used`");
    let colours: Vec<u32> = used.iter().map(|&index| palette[index as usize]).collect();
    let mut map = [0u8; 256];
    for (position, &index) in used.iter().enumerate() {
        map[index as usize] = position as u8;
    }
    let mut w = BitWriter::with_capacity(indices.len() / 64 + 256);
    let has_alpha = colours.iter().any(|&c| c >> 24 != 0xff);
    w.bits(0x2f, 8);
    w.bits(width as u32 - 1, 14);
    w.bits(height as u32 - 1, 14);
    w.bits(u32::from(has_alpha), 1);
    w.bits(0, 3); // version
    w.bits(1, 1); // a transform follows
    w.bits(COLOR_INDEXING, 2);
    w.bits(colours.len() as u32 - 1, 8);
    write_palette(&mut w, &colours);
    w.bits(0, 1); // no more transforms
    w.bits(0, 1); // no colour cache
    w.bits(0, 1); // no meta prefix codes: one set of codes for the whole image
    SCRATCH.with(|scratch| {
        let scratch = &mut *scratch.borrow_mut();
        let xsize = bundle(indices, width, index_bits(colours.len()), &map, &mut scratch.packed);
        let distances = DistanceCodes::new(xsize);
        scratch.tokens.clear();
        parse::parse(&scratch.packed, &distances, &mut scratch.chains, &mut scratch.tokens);
        write_tokens(&mut w, &scratch.tokens);
        if scratch.packed.capacity() > KEEP {
            scratch.packed = Vec::new();
            scratch.tokens = Vec::new();
            scratch.chains.shrink(KEEP);
        }
    });
    w.finish()
}

/// Bits per index for a palette of this size (pixel bundling): 1, 2, 4 or 8.
fn index_bits(colours: usize) -> usize {
    match colours {
        0..=2 => 1,
        3..=4 => 2,
        5..=16 => 4,
        _ => 8,
    }
}

/// Rows of `indices`, each renamed through `map`, packed as VP8L bundles them into `packed`:
/// `8 / bits` indices per value, the first in the low bits. Returns the packed row length.
fn bundle(indices: &[u8], width: usize, bits: usize, map: &[u8; 256], packed: &mut Vec<u8>) -> usize {
    let per = 8 / bits;
    let xsize = width.div_ceil(per);
    packed.clear();
    packed.reserve(xsize * (indices.len() / width));
    let pack =
        |group: &[u8]| group.iter().enumerate().fold(0u8, |byte, (k, &index)| byte | map[index as usize] << (k * bits));
    let mut above: &[u8] = &[];
    for row in indices.chunks_exact(width) {
        // A row like the one above packs as it did.
        if row == above {
            packed.extend_from_within(packed.len() - xsize..);
            continue;
        }
        above = row;
        // Blocks of 16 pixels; one like the block before (runs, flat areas) packs as it did.
        let blocks = row.chunks_exact(BLOCK);
        let rest = blocks.remainder();
        let mut previous: Option<(&[u8], usize)> = None;
        for block in blocks {
            match previous {
                Some((before, at)) if before == block => packed.extend_from_within(at..at + BLOCK / per),
                _ => {
                    previous = Some((block, packed.len()));
                    match bits {
                        8 => packed.extend(block.iter().map(|&index| map[index as usize])),
                        4 => packed.extend(block.chunks_exact(2).map(|g| map[g[0] as usize] | map[g[1] as usize] << 4)),
                        _ => packed.extend(block.chunks_exact(per).map(pack)),
                    }
                }
            }
        }
        packed.extend(rest.chunks(per).map(pack));
    }
    xsize
}

/// The colour table: a one-row image of the colours, each stored as its difference from the one
/// before (per channel, modulo 256), coded with literals only.
fn write_palette(w: &mut BitWriter, palette: &[u32]) {
    let mut previous = 0u32;
    let deltas: Vec<[u8; 4]> = palette
        .iter()
        .map(|&argb| {
            let d = sub_channels(argb, previous);
            previous = argb;
            // green, red, blue, alpha: the order symbols are coded in.
            [(d >> 8) as u8, (d >> 16) as u8, d as u8, (d >> 24) as u8]
        })
        .collect();
    w.bits(0, 1); // no colour cache
    let mut counts = vec![vec![0u32; 256]; 4];
    for d in &deltas {
        for (c, &v) in d.iter().enumerate() {
            counts[c][v as usize] += 1;
        }
    }
    let mut green = counts[0].clone();
    green.resize(GREEN_SYMBOLS, 0);
    let codes = [
        PrefixCode::new(&green, MAX_LENGTH),
        PrefixCode::new(&counts[1], MAX_LENGTH),
        PrefixCode::new(&counts[2], MAX_LENGTH),
        PrefixCode::new(&counts[3], MAX_LENGTH),
        PrefixCode::new(&[0; DISTANCE_SYMBOLS], MAX_LENGTH),
    ];
    codes.iter().for_each(|code| code.write_header(w));
    for d in &deltas {
        for (code, &v) in codes.iter().zip(d) {
            code.put(w, v as usize);
        }
    }
}

fn sub_channels(a: u32, b: u32) -> u32 {
    let mut out = 0;
    for shift in [0, 8, 16, 24] {
        let c = ((a >> shift) as u8).wrapping_sub((b >> shift) as u8);
        out |= u32::from(c) << shift;
    }
    out
}

/// The bundled image's prefix codes, then its tokens. Bundled pixels are (alpha 255, red 0, green =
/// value, blue 0); only green varies, so the other codes cost 0 bits.
fn write_tokens(w: &mut BitWriter, tokens: &[Token]) {
    let mut green = vec![0u32; GREEN_SYMBOLS];
    let mut dist = vec![0u32; DISTANCE_SYMBOLS];
    let mut literals = 0;
    for t in tokens {
        match *t {
            Token::Literal(v) => {
                green[v as usize] += 1;
                literals += 1;
            }
            Token::Copy { len, code, .. } => {
                green[256 + prefix(u32::from(len)).0 as usize] += 1;
                dist[prefix(code).0 as usize] += 1;
            }
        }
    }
    let constant = |value: usize| {
        let mut counts = vec![0u32; 256];
        counts[value] = literals;
        PrefixCode::new(&counts, MAX_LENGTH)
    };
    let codes = [
        PrefixCode::new(&green, MAX_LENGTH),
        constant(0),
        constant(0),
        constant(255),
        PrefixCode::new(&dist, MAX_LENGTH),
    ];
    codes.iter().for_each(|code| code.write_header(w));
    let [green, _, _, _, dist] = &codes;
    for t in tokens {
        match *t {
            Token::Literal(v) => green.put(w, v as usize), // red, blue, alpha: zero-bit codes
            Token::Copy { len, code, .. } => {
                let (symbol, bits, extra) = prefix(u32::from(len));
                green.put(w, 256 + symbol as usize);
                w.bits(extra, bits);
                let (symbol, bits, extra) = prefix(code);
                dist.put(w, symbol as usize);
                w.bits(extra, bits);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Packing one group at a time, as the format describes it.
    fn bundle_plainly(indices: &[u8], width: usize, bits: usize, map: &[u8; 256]) -> Vec<u8> {
        let per = 8 / bits;
        let mut packed = Vec::new();
        for row in indices.chunks_exact(width) {
            for group in row.chunks(per) {
                packed.push(group.iter().enumerate().fold(0, |byte, (k, &i)| byte | map[i as usize] << (k * bits)));
            }
        }
        packed
    }

    #[test]
    fn bundles_match_plain_packing_with_repeated_rows_and_blocks() {
        for (width, bits) in [(37, 4), (16, 4), (50, 2), (33, 1), (21, 8), (70, 8)] {
            let colours = if bits == 8 { 40 } else { 1u8 << bits };
            // A renaming of the colours (a permutation of 0..colours).
            let map: [u8; 256] = std::array::from_fn(|i| ((i as u32 * 7 + 3) % u32::from(colours)) as u8);
            let indices: Vec<u8> = (0..width * 36)
                .map(|i| {
                    let (x, y) = (i % width, i / width);
                    let block = (x % 16 + x / 16 % 2 * (x % 16 / 8) * 5) as u8;
                    let v = match y % 6 {
                        0 | 1 => 3, // flat rows, the second one repeated
                        2 => {
                            if x < 4 {
                                3
                            } else {
                                x as u8
                            }
                        } // the row above's start, then not
                        3 | 4 => block, // blocks alike in their first half only
                        _ => (x * x + y) as u8, // noise
                    };
                    v % colours
                })
                .collect();
            let mut packed = vec![9; 5];
            let xsize = bundle(&indices, width, bits, &map, &mut packed);
            assert_eq!(xsize, width.div_ceil(8 / bits));
            assert_eq!(packed, bundle_plainly(&indices, width, bits, &map), "width {width}, {bits} bits");
        }
    }
}
