//! A small VP8L (WebP lossless) encoder for palette images: the colour-indexing transform with
//! pixel bundling, LZ77 with 2-D distance codes, and one set of prefix codes per image.
//!
//! Contract: [`encode`] turns an image of palette indices (each below `palette.len()`, at most
//! 256 colours, ARGB) into a VP8L bitstream (signature byte first, no RIFF chunk header) that
//! decodes to exactly those colours. Images with at most 16 colours pack 2, 4 or 8 pixels into
//! each coded value, so flat areas and repeated rows become a few long copies. Deterministic.

mod bits;
mod huffman;
mod lz77;

use bits::BitWriter;
use huffman::{PrefixCode, MAX_LENGTH};
use lz77::{prefix, DistanceCodes, Token};

/// Largest width or height VP8L stores (14 bits).
pub const MAX_SIDE: usize = 1 << 14;

const GREEN_SYMBOLS: usize = 256 + 24;
const DISTANCE_SYMBOLS: usize = 40;
const COLOR_INDEXING: u32 = 3;

/// The VP8L bitstream for `indices` (rows of `width`) over `palette` (ARGB, alpha in the top byte).
pub fn encode(indices: &[u8], width: usize, height: usize, palette: &[u32]) -> Vec<u8> {
    assert!((1..=256).contains(&palette.len()) && width * height == indices.len() && width > 0 && height > 0);
    assert!(width <= MAX_SIDE && height <= MAX_SIDE);
    let mut w = BitWriter::with_capacity(indices.len() / 8 + 64);
    let has_alpha = palette.iter().any(|&c| c >> 24 != 0xff);
    w.bits(0x2f, 8);
    w.bits(width as u32 - 1, 14);
    w.bits(height as u32 - 1, 14);
    w.bits(u32::from(has_alpha), 1);
    w.bits(0, 3); // version
    w.bits(1, 1); // a transform follows
    w.bits(COLOR_INDEXING, 2);
    w.bits(palette.len() as u32 - 1, 8);
    write_palette(&mut w, palette);
    w.bits(0, 1); // no more transforms
    let (packed, xsize) = bundle(indices, width, palette.len());
    w.bits(0, 1); // no colour cache
    w.bits(0, 1); // no meta prefix codes: one set of codes for the whole image
    write_entropy_coded(&mut w, &packed, xsize);
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

/// Rows packed as VP8L bundles them: `8 / bits` indices per value, the first in the low bits.
fn bundle(indices: &[u8], width: usize, colours: usize) -> (Vec<u8>, usize) {
    let bits = index_bits(colours);
    if bits == 8 {
        return (indices.to_vec(), width);
    }
    let per = 8 / bits;
    let xsize = width.div_ceil(per);
    let mut packed = Vec::with_capacity(xsize * (indices.len() / width));
    for row in indices.chunks_exact(width) {
        packed.extend(
            row.chunks(per)
                .map(|group| group.iter().enumerate().fold(0u8, |byte, (i, &index)| byte | index << (i * bits))),
        );
    }
    (packed, xsize)
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

/// The bundled image: LZ77 tokens, their prefix codes, then the tokens. Bundled pixels are
/// (alpha 255, red 0, green = value, blue 0); only green varies, so the other codes cost 0 bits.
fn write_entropy_coded(w: &mut BitWriter, packed: &[u8], xsize: usize) {
    let distances = DistanceCodes::new(xsize);
    let tokens = lz77::parse(packed, &distances);
    let mut green = vec![0u32; GREEN_SYMBOLS];
    let mut dist = vec![0u32; DISTANCE_SYMBOLS];
    let mut literals = 0;
    for t in &tokens {
        match *t {
            Token::Literal(v) => {
                green[v as usize] += 1;
                literals += 1;
            }
            Token::Copy { len, dist: d } => {
                green[256 + prefix(u32::from(len)).0 as usize] += 1;
                dist[prefix(distances.code(d as usize)).0 as usize] += 1;
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
    for t in &tokens {
        match *t {
            Token::Literal(v) => green.put(w, v as usize), // red, blue, alpha: zero-bit codes
            Token::Copy { len, dist: d } => {
                let (symbol, bits, extra) = prefix(u32::from(len));
                green.put(w, 256 + symbol as usize);
                w.bits(extra, bits);
                let (symbol, bits, extra) = prefix(distances.code(d as usize));
                dist.put(w, symbol as usize);
                w.bits(extra, bits);
            }
        }
    }
}
