//! Tests of [`super::encode_diff`]: whole two-frame GIFs decoded and composited, and random frames
//! decoded pixel by pixel with both the gif crate and a textbook decoder written here.

use super::tests::{ours, xorshift};
use super::*;
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::test_runner::Config as ProptestConfig;
use std::{borrow::Cow, collections::HashSet};

fn diff(prev: &[u8], cur: &[u8], transparent: u8, size: u8) -> Vec<u8> {
    let mut out = Vec::new();
    encode_diff(prev, cur, transparent, size, &mut out);
    out
}

/// Writes a two-frame GIF (`prev` whole, then `encode_diff`'s frame with `transparent`, both disposal "keep"),
/// decodes it with the gif crate, composites the frames and checks the result is `cur`. Returns the size of
/// the `encode_diff` stream.
fn diff_round_trip(prev: &[u8], cur: &[u8], transparent: u8, size: u8, width: u16, height: u16) -> usize {
    let lzw = diff(prev, cur, transparent, size);
    let palette: Vec<u8> = (0..=255u8).flat_map(|i| [i, i, i]).collect();
    let mut gif = Vec::new();
    let mut enc = gif::Encoder::new(&mut gif, width, height, &palette).unwrap();
    let keep = gif::DisposalMethod::Keep;
    let first = ours(prev, min_code_size(prev.iter().copied().max().unwrap_or(0)));
    let frame = gif::Frame { width, height, dispose: keep, buffer: Cow::Owned(first), ..gif::Frame::default() };
    enc.write_lzw_pre_encoded_frame(&frame).unwrap();
    let frame = gif::Frame {
        width,
        height,
        dispose: keep,
        transparent: Some(transparent),
        buffer: Cow::Borrowed(&lzw),
        ..gif::Frame::default()
    };
    enc.write_lzw_pre_encoded_frame(&frame).unwrap();
    drop(enc);
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(&gif[..]).unwrap();
    let mut canvas = decoder.read_next_frame().unwrap().unwrap().buffer.to_vec();
    assert!(canvas == prev, "size {size} {width}x{height}: first frame differs");
    let second = decoder.read_next_frame().unwrap().unwrap();
    assert_eq!((second.width, second.height, second.transparent), (width, height, Some(transparent)));
    for (dst, &src) in canvas.iter_mut().zip(&second.buffer[..]) {
        if src != transparent {
            *dst = src;
        }
    }
    let diff = canvas.iter().zip(cur).position(|(a, b)| a != b);
    assert!(diff.is_none(), "size {size} {width}x{height}: composited frame differs at {diff:?}");
    assert!(decoder.read_next_frame().unwrap().is_none());
    lzw.len()
}

/// A random frame pair: `prev` in runs of random length (colours up to `max`, which may not fit `size`),
/// and `cur` that changes about `changed` in 256 of the pixels, also in runs, to colours that fit `size`
/// and are not `transparent`.
fn random_pair(rng: &mut u64, n: usize, size: u8, max: u8, transparent: u8, changed: u64) -> (Vec<u8>, Vec<u8>) {
    let fits = u8::MAX >> (8 - size);
    let (mut prev, mut cur) = (Vec::with_capacity(n), Vec::with_capacity(n));
    let (mut colour, mut new, mut change) = (0u8, 1u8, false);
    for _ in 0..n {
        let r = xorshift(rng);
        if r % 8 == 0 {
            colour = ((r >> 8) % (u64::from(max) + 1)) as u8;
        }
        if (r >> 16) % 16 == 0 {
            change = (r >> 24) % 256 < changed;
            new = ((r >> 32) % (u64::from(fits) + 1)) as u8;
        }
        prev.push(colour);
        // Changed pixels: a colour that fits, differs from the old one and is not transparent.
        let mut p = new;
        while p == colour || p == transparent {
            p = p.wrapping_add(1) & fits;
        }
        cur.push(if change { p } else { colour });
    }
    (prev, cur)
}

#[test]
fn diff_random_pairs_all_sizes_with_resets() {
    let mut rng = 0x0123_4567_89AB_CDEF;
    for size in 2..=8u8 {
        let fits = u8::MAX >> (8 - size);
        for (w, h) in [(1, 1), (7, 3), (300, 200), (1000, 300)] {
            for (max, changed) in [(fits, 20), (fits, 128), (u8::MAX, 60), (fits, 250)] {
                let transparent = (xorshift(&mut rng) % (u64::from(fits) + 1)) as u8;
                let (prev, cur) = random_pair(&mut rng, w * h, size, max, transparent, changed);
                let len = diff_round_trip(&prev, &cur, transparent, size, w as u16, h as u16);
                // Mostly changed noisy pixels: more than 4096 codes of at most 12 bits, so the table resets.
                if w * h == 300_000 && changed == 250 {
                    assert!(len > 4096 * 12 / 8, "size {size}: {len} bytes is too few codes to reset the table");
                }
            }
        }
    }
}

#[test]
fn diff_edge_cases() {
    let mut rng = 7;
    for size in 2..=8u8 {
        assert_eq!(diff(&[], &[], 0, size), ours(&[], size));
        let fits = u8::MAX >> (8 - size);
        let (prev, _) = random_pair(&mut rng, 100_000, size, fits, 0, 0);
        // Nothing changed: one transparent run, whatever the colours were.
        let t = fits / 2;
        assert_eq!(diff(&prev, &prev, t, size), ours(&vec![t; prev.len()], size));
        diff_round_trip(&prev, &prev, t, size, 500, 200);
        // Single pixels: unchanged, unchanged but too large for the code size, changed.
        diff_round_trip(&[fits], &[fits], 0, size, 1, 1);
        diff_round_trip(&[255], &[255], 0, size, 1, 1);
        diff_round_trip(&[0], &[fits], 0, size, 1, 1);
    }
    // Unchanged pixels too large for the code size become transparent; the changed ones fit.
    let prev: Vec<u8> = (0..4000).map(|i| if i % 50 < 30 { 200 } else { (i % 3) as u8 }).collect();
    let cur: Vec<u8> = prev.iter().enumerate().map(|(i, &p)| if i % 7 == 0 { 1 + (i % 3) as u8 } else { p }).collect();
    diff_round_trip(&prev, &cur, 0, 2, 80, 50);
}

#[test]
fn diff_all_changed_is_encode_without_the_cut() {
    let mut rng = 99;
    for size in 2..=8u8 {
        let fits = u64::from(u8::MAX >> (8 - size));
        // Colours 1.. only (0 is transparent), both noise and runs, long enough to reset the table.
        let cur: Vec<u8> =
            (0..200_000).map(|i| if i / 64 % 2 == 0 { 1 } else { 1 + (xorshift(&mut rng) % fits) as u8 }).collect();
        let prev: Vec<u8> = cur.iter().map(|&p| p ^ 1).collect();
        let mut greedy = Vec::new();
        encode_diff_greedy(&prev, &cur, 0, size, &mut greedy);
        assert_eq!(greedy, ours(&cur, size), "size {size}");
        // With the cut: the same pixels, a different parse.
        let (pixels, _) = decode_reference(&diff(&prev, &cur, 0, size));
        assert!(pixels == cur, "size {size}: decoded pixels differ");
    }
}

/// Textbook GIF LZW decoder: a table of strings, one new entry per code after the first (whether or not the
/// table already has that string), widened when the table reaches `2^width`, reset by clear codes. Returns
/// the pixels and how many entries were copies of strings already in the table.
fn decode_reference(lzw: &[u8]) -> (Vec<u8>, usize) {
    let size = u32::from(lzw[0]);
    let (clear, end) = (1usize << size, (1usize << size) + 1);
    let literals = || (0..clear).map(|c| vec![c as u8]).chain([vec![], vec![]]).collect::<Vec<Vec<u8>>>();
    let (mut table, mut width, mut prev, mut bit) = (literals(), size + 1, None::<usize>, 0usize);
    let (mut out, mut copies) = (Vec::new(), 0);
    let mut known: HashSet<Vec<u8>> = HashSet::new();
    loop {
        assert!(bit + width as usize <= (lzw.len() - 1) * 8, "stream ends without an end code");
        let code = (0..width as usize).fold(0, |acc, b| {
            let k = bit + b;
            acc | usize::from(lzw[1 + k / 8] >> (k % 8) & 1) << b
        });
        bit += width as usize;
        if code == clear {
            (table, width, prev) = (literals(), size + 1, None);
            known.clear();
            continue;
        }
        if code == end {
            break;
        }
        let string = match (table.get(code), prev) {
            (Some(string), _) => string.clone(),
            // The string the encoder added right before this code: the previous one plus its own first pixel.
            (None, Some(p)) if code == table.len() => [&table[p][..], &table[p][..1]].concat(),
            _ => panic!("code {code} is not in the table ({} entries)", table.len()),
        };
        if let Some(p) = prev {
            if table.len() < MAX_CODES {
                let entry = [&table[p][..], &string[..1]].concat();
                copies += usize::from(!known.insert(entry.clone()));
                table.push(entry);
                if table.len() == 1 << width && width < 12 {
                    width += 1;
                }
            }
        }
        out.extend_from_slice(&string);
        prev = Some(code);
    }
    // Padding only after the end code.
    assert!(lzw.len() - 1 == bit.div_ceil(8), "{} bytes after the end code", lzw.len() - 1 - bit.div_ceil(8));
    (out, copies)
}

/// The pixels the gif crate decodes from an LZW stream, as a one-frame GIF.
fn decode_gif(lzw: &[u8], width: u16, height: u16) -> Vec<u8> {
    let palette: Vec<u8> = (0..=255u8).flat_map(|i| [i, i, i]).collect();
    let mut gif = Vec::new();
    let mut enc = gif::Encoder::new(&mut gif, width, height, &palette).unwrap();
    let frame = gif::Frame { width, height, buffer: Cow::Borrowed(lzw), ..gif::Frame::default() };
    enc.write_lzw_pre_encoded_frame(&frame).unwrap();
    drop(enc);
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(&gif[..]).unwrap();
    decoder.read_next_frame().unwrap().unwrap().buffer.to_vec()
}

/// Checks `encode_diff`'s stream pixel by pixel with both decoders (the gif crate's as rows of `width`):
/// `cur` where a pixel changed, `cur` or `transparent` where it did not. Returns the stream's length and how
/// many copy entries it made.
fn check_diff(prev: &[u8], cur: &[u8], transparent: u8, size: u8, width: usize) -> (usize, usize) {
    let lzw = diff(prev, cur, transparent, size);
    let (pixels, copies) = decode_reference(&lzw);
    assert_eq!(pixels.len(), cur.len());
    for (i, ((&old, &new), &got)) in prev.iter().zip(cur).zip(&pixels).enumerate() {
        let ok = got == new || (old == new && got == transparent);
        assert!(ok, "pixel {i}: decoded {got}, was {old}, is {new}, transparent {transparent}");
    }
    if !cur.is_empty() {
        let theirs = decode_gif(&lzw, width as u16, (cur.len() / width) as u16);
        assert!(theirs == pixels, "the gif crate decodes other pixels than the textbook decoder");
    }
    (lzw.len(), copies)
}

/// A frame pair from runs of (length, old colour, changed?, new colour), colours from a few so that strings
/// repeat, some old ones too large for `size`; changed pixels fit `size` and are neither the old colour nor
/// `transparent`.
fn pair_from_runs(runs: &[(usize, u8, bool, u8)], size: u8, transparent: u8) -> (Vec<u8>, Vec<u8>) {
    let fits = u8::MAX >> (8 - size);
    let few = [0, 1, 2, 3, fits, 200];
    let (mut prev, mut cur) = (Vec::new(), Vec::new());
    for &(len, old, changed, new) in runs {
        let old = few[usize::from(old) % few.len()];
        let mut new = few[usize::from(new) % 4] & fits;
        while new == old || new == transparent {
            new = new.wrapping_add(1) & fits;
        }
        prev.extend(std::iter::repeat_n(old, len));
        cur.extend(std::iter::repeat_n(if changed { new } else { old }, len));
    }
    (prev, cur)
}

proptest! {
    #![proptest_config(ProptestConfig { failure_persistence: None, ..ProptestConfig::with_cases(3000) })]

    /// Random small frames, every code size and transparent index: the cut, copies and runs of every kind.
    #[test]
    fn diff_decodes_to_cur_where_changed(
        size in 2..=8u8,
        transparent in any::<u8>(),
        runs in vec((1..12usize, any::<u8>(), any::<bool>(), any::<u8>()), 0..80),
    ) {
        let transparent = transparent & (u8::MAX >> (8 - size));
        let (prev, cur) = pair_from_runs(&runs, size, transparent);
        check_diff(&prev, &cur, transparent, size, cur.len().max(1));
    }
}

#[test]
fn diff_cut_makes_copies_and_decodes() {
    // Big frames of the same runs: the table fills and resets, with copy entries among the codes.
    let mut rng = 3;
    let mut copies = 0;
    for size in 2..=8u8 {
        let runs: Vec<(usize, u8, bool, u8)> = (0..20_000)
            .map(|_| {
                let r = xorshift(&mut rng);
                (1 + (r % 9) as usize, (r >> 8) as u8, (r >> 16) % 3 != 0, (r >> 24) as u8)
            })
            .collect();
        let (mut prev, mut cur) = pair_from_runs(&runs, size, 0);
        let rows = cur.len() / 500;
        prev.truncate(rows * 500);
        cur.truncate(rows * 500);
        let (_, made) = check_diff(&prev, &cur, 0, size, 500);
        let mut greedy = Vec::new();
        encode_diff_greedy(&prev, &cur, 0, size, &mut greedy);
        assert!(decode_reference(&greedy).1 == 0, "size {size}: the greedy parse made a copy");
        copies += made;
    }
    // No size check: on runs this random the cut loses about as often as it wins (real frames: see the
    // board test below).
    assert!(copies > 1000, "only {copies} copy entries: the cut hardly ran");
}

#[test]
#[should_panic(expected = "transparent")]
fn diff_rejects_changed_pixel_equal_to_transparent() {
    diff(&[1, 1, 2, 2], &[1, 1, 0, 2], 0, 2);
}

#[test]
#[should_panic(expected = "too large")]
fn diff_rejects_changed_pixel_too_large() {
    diff(&[1, 1, 2, 2], &[1, 1, 9, 2], 0, 2);
}

#[test]
fn diff_after_a_panic_still_encodes() {
    let bad = std::panic::catch_unwind(|| diff(&[3; 5000], &[vec![3; 4000], vec![0; 1000]].concat(), 0, 6));
    assert!(bad.is_err());
    let mut rng = 5;
    let (prev, cur) = random_pair(&mut rng, 60_000, 6, 63, 0, 60);
    diff_round_trip(&prev, &cur, 0, 6, 300, 200);
}

/// A 480x480 board of 60 px squares (colours 3 and 4) with queen discs (7, rim 16..=23) and a caption band of
/// noisy anti-aliased "text" (background 1, ink 9, blends 40..=47) under it.
fn board(queens: &[(usize, usize)], text: u64) -> Vec<u8> {
    let (w, h) = (480, 540);
    let mut px = vec![1u8; w * h];
    for y in 0..480 {
        for x in 0..w {
            px[y * w + x] = 3 + ((x / 60 + y / 60) % 2) as u8;
        }
    }
    for &(qx, qy) in queens {
        for y in qy * 60..qy * 60 + 60 {
            for x in qx * 60..qx * 60 + 60 {
                let dist = ((x - qx * 60) as f32 - 29.5).hypot((y - qy * 60) as f32 - 29.5);
                let ink = (22.0 - dist).clamp(0.0, 1.0);
                if ink > 0.0 {
                    px[y * w + x] = if ink >= 1.0 { 7 } else { 16 + (ink * 7.99) as u8 };
                }
            }
        }
    }
    let mut text_rng = text;
    for y in 500..514 {
        for x in 10..300 {
            let r = xorshift(&mut text_rng);
            px[y * w + x] = match r % 6 {
                0 => 9,
                1 => 40 + (r >> 8) as u8 % 8,
                _ => 1,
            };
        }
    }
    px
}

/// The changed rectangle between two same-size images (bounding box of differing pixels), as row-major slices.
fn changed_rect(prev: &[u8], cur: &[u8], w: usize) -> (Vec<u8>, Vec<u8>, usize, usize) {
    let diffs: Vec<usize> = (0..prev.len()).filter(|&i| prev[i] != cur[i]).collect();
    let (x0, x1) = (diffs.iter().map(|i| i % w).min().unwrap(), diffs.iter().map(|i| i % w).max().unwrap() + 1);
    let (y0, y1) = (diffs[0] / w, diffs[diffs.len() - 1] / w + 1);
    let rect = |img: &[u8]| (y0..y1).flat_map(|y| img[y * w + x0..y * w + x1].to_vec()).collect::<Vec<u8>>();
    (rect(prev), rect(cur), x1 - x0, y1 - y0)
}

#[test]
fn diff_frame_like_no_bigger_than_all_transparent() {
    let mut rng = 11;
    let (mut total_diff, mut total_clear, mut total_greedy) = (0, 0, 0);
    let mut queens = vec![(0, 0)];
    let mut prev = board(&queens, 1);
    for step in 2..24u64 {
        // Place or remove a queen and change the caption, like a solver step.
        let (x, y) = ((xorshift(&mut rng) % 8) as usize, (xorshift(&mut rng) % 8) as usize);
        match queens.iter().position(|&q| q == (x, y)) {
            Some(k) => _ = queens.remove(k),
            None => queens.push((x, y)),
        }
        let cur = board(&queens, step);
        let (old, new, w, h) = changed_rect(&prev, &cur, 480);
        total_diff += diff_round_trip(&old, &new, 0, 6, w as u16, h as u16);
        let clear: Vec<u8> = old.iter().zip(&new).map(|(&o, &n)| if o == n { 0 } else { n }).collect();
        total_clear += ours(&clear, 6).len();
        let mut greedy = Vec::new();
        encode_diff_greedy(&old, &new, 0, 6, &mut greedy);
        total_greedy += greedy.len();
        prev = cur;
    }
    assert!(total_diff <= total_clear, "encode_diff {total_diff} bytes, all transparent {total_clear}");
    assert!(total_diff < total_greedy, "encode_diff {total_diff} bytes, without the cut {total_greedy}");
}
