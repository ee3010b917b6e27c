//! A zlib stream built from independently deflated pieces, so pieces compress on different cores.
//!
//! Contract: [`deflate_piece`] compresses one piece as raw deflate that ends on a byte boundary
//! (a sync flush, or the final block when `last`), with its Adler-32 and length; [`stream_chunks`]
//! yields the pieces framed as one zlib stream (header first, combined Adler-32 last). Each piece
//! starts with an empty window, so splits cost a little ratio: make pieces large.
//! [`deflate_rows_piece`] is the same for filtered image rows, with this crate's own matcher
//! ([`lz`], which knows the row length) and block writer ([`blocks`]) instead of miniz.

mod blocks;
mod lz;

use flate2::{Compress, Compression, FlushCompress};

/// Deflate level for PNG image data, measured on the 92-board sheet (`examples/bench.rs`, 2 cores):
/// 5 = 35 ms / 148.5 KB, 6 = 42 ms / 146.6 KB, 7 = 47 ms / 142.6 KB, 9 = 80 ms / 128.8 KB.
const LEVEL: u32 = 6;

/// One compressed piece of a zlib stream.
pub struct Deflated {
    /// The deflated bytes.
    pub data: Vec<u8>,
    adler: u32,
    len: usize,
}

/// Raw-deflate `input` as one piece of a stream; `last` ends the stream with the final block.
pub fn deflate_piece(input: &[u8], last: bool) -> Deflated {
    deflate_piece_at(input, last, LEVEL)
}

/// [`deflate_piece`] at another zlib level (0-9).
pub fn deflate_piece_at(input: &[u8], last: bool, level: u32) -> Deflated {
    let mut compress = Compress::new(Compression::new(level), false);
    let mut data = Vec::with_capacity(input.len() / 8 + 64);
    let flush = if last { FlushCompress::Finish } else { FlushCompress::Sync };
    loop {
        let consumed = compress.total_in() as usize;
        let status =
            compress.compress_vec(&input[consumed..], &mut data, flush).expect("deflate into a Vec cannot fail");
        let done = compress.total_in() as usize == input.len() && data.len() < data.capacity();
        if status == flate2::Status::StreamEnd || (!last && done) {
            break;
        }
        data.reserve(data.capacity().max(4096));
    }
    Deflated { data, adler: adler32(input), len: input.len() }
}

/// [`deflate_piece`] for filtered image rows of `stride` bytes each (filter byte included). On
/// `animate 8 --until all`'s APNG frames it is about 4 times faster than miniz at level 9 and
/// about 0.3% smaller (6.36 MB against 6.38 MB of image data, 1.1 s against 4.2 s of CPU).
pub fn deflate_rows_piece(input: &[u8], stride: usize, last: bool) -> Deflated {
    let data = blocks::write_blocks(&lz::tokens(input, stride.max(1)), last);
    Deflated { data, adler: adler32(input), len: input.len() }
}

/// The pieces as a zlib stream, one output chunk per piece (ready to be one PNG IDAT each).
pub fn stream_chunks(pieces: &[Deflated]) -> impl Iterator<Item = Vec<u8>> + '_ {
    let adler = pieces.iter().fold(1u32, |acc, piece| adler32_combine(acc, piece.adler, piece.len));
    let count = pieces.len();
    pieces.iter().enumerate().map(move |(i, piece)| {
        let mut chunk = Vec::with_capacity(piece.data.len() + 6);
        if i == 0 {
            chunk.extend([0x78, 0x9c]);
        }
        chunk.extend_from_slice(&piece.data);
        if i + 1 == count {
            chunk.extend(adler.to_be_bytes());
        }
        chunk
    })
}

const ADLER_MOD: u32 = 65521;

/// Adler-32 of `data`.
pub fn adler32(data: &[u8]) -> u32 {
    let mut hasher = simd_adler32::Adler32::new();
    hasher.write(data);
    hasher.finish()
}

/// Adler-32 of `a ++ b` from the Adler-32 of each and the length of `b` (zlib's adler32_combine).
pub fn adler32_combine(adler_a: u32, adler_b: u32, len_b: usize) -> u32 {
    let m = u64::from(ADLER_MOD);
    let rem = len_b as u64 % m;
    let (a1, b1) = (u64::from(adler_a & 0xffff), u64::from(adler_a >> 16));
    let (a2, b2) = (u64::from(adler_b & 0xffff), u64::from(adler_b >> 16));
    let sum1 = (a1 + a2 + m - 1) % m;
    let sum2 = (rem * a1 + b1 + b2 + m - rem) % m;
    (sum1 | sum2 << 16) as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    fn sample(len: usize) -> Vec<u8> {
        (0..len).map(|i| ((i * 31) ^ (i >> 7)) as u8 % 7).collect()
    }

    #[test]
    fn combined_adler_matches_adler_of_the_whole() {
        let data = sample(200_000);
        for split in [0, 1, 5551, 65521, 100_000, 200_000] {
            let (a, b) = data.split_at(split);
            assert_eq!(adler32_combine(adler32(a), adler32(b), b.len()), adler32(&data), "split at {split}");
        }
    }

    #[test]
    fn pieces_concatenate_into_one_zlib_stream() {
        let data = sample(300_000);
        let pieces: Vec<Deflated> = data
            .chunks(70_000)
            .enumerate()
            .map(|(i, piece)| deflate_piece(piece, i == 300_000usize.div_ceil(70_000) - 1))
            .collect();
        let stream: Vec<u8> = stream_chunks(&pieces).flatten().collect();
        let mut decoded = Vec::new();
        flate2::read::ZlibDecoder::new(&stream[..]).read_to_end(&mut decoded).unwrap();
        assert_eq!(decoded, data);
    }

    /// Rows of `stride` bytes that repeat with changes, long runs, and a noisy stretch.
    fn rows(stride: usize, height: usize) -> Vec<u8> {
        (0..stride * height)
            .map(|i| match (i / stride, i % stride) {
                (_, 0) => 0,
                (y, _) if y % 40 < 10 => 0,
                (y, x) if y % 40 < 30 => ((x / 9 + y / 40) % 5) as u8,
                (y, x) => ((x * 2_654_435_761 + y * 40_503) >> 11) as u8,
            })
            .collect()
    }

    /// A patch as the APNG sink makes them: transparent (0) but for a few copies of a shaded disc
    /// and a band of "text", rows of 300 pixels after their filter byte.
    fn patch_rows() -> Vec<u8> {
        let disc = |x: usize, y: usize| {
            let d2 = x.abs_diff(22).pow(2) + y.abs_diff(22).pow(2);
            [30, 31, 32].into_iter().zip([18 * 18, 19 * 19, 20 * 20]).find(|&(_, r2)| d2 < r2).map_or(0, |(c, _)| c)
        };
        let mut data = vec![0u8; 301 * 577];
        for (x0, y0) in [(20, 10), (140, 80), (80, 150), (200, 220)] {
            for y in 0..44 {
                for x in 0..44 {
                    data[(y0 + y) * 301 + 1 + x0 + x] = disc(x, y);
                }
            }
        }
        for y in 540..560 {
            for x in 10..290 {
                data[y * 301 + 1 + x] = if (x / 3 * 7 + y / 2 * 3) % 11 < 4 { 17 } else { 16 };
            }
        }
        data
    }
    #[test]
    fn row_pieces_concatenate_into_one_zlib_stream() {
        for (stride, height) in [(1, 1), (2, 1), (301, 577), (1021, 90)] {
            let data = rows(stride, height);
            let split = stride * (height / 3);
            let pieces =
                [deflate_rows_piece(&data[..split], stride, false), deflate_rows_piece(&data[split..], stride, true)];
            let stream: Vec<u8> = stream_chunks(&pieces).flatten().collect();
            let mut decoded = Vec::new();
            flate2::read::ZlibDecoder::new(&stream[..]).read_to_end(&mut decoded).unwrap();
            assert_eq!(decoded, data, "stride {stride}");
            assert!(stream.len() * 4 < data.len() + 64, "stride {stride}: {} bytes", stream.len());
        }
    }

    #[test]
    fn row_pieces_are_no_larger_than_miniz_at_level_9() {
        let data = patch_rows();
        let ours = deflate_rows_piece(&data, 301, true).data.len();
        let miniz = deflate_piece_at(&data, true, 9).data.len();
        assert!(ours <= miniz, "ours {ours} B, miniz {miniz} B");
    }
}
