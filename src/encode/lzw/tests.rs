//! Tests of [`super::encode`]: exact code streams against a textbook reference encoder, byte equality
//! with the gif crate's encoder (weezl) where it applies, and decoding with the gif crate. The
//! `encode_diff` tests are in `diff_tests.rs`.

use super::*;
use std::{borrow::Cow, collections::HashMap};

pub(super) fn xorshift(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

pub(super) fn ours(pixels: &[u8], size: u8) -> Vec<u8> {
    let mut out = Vec::new();
    encode(pixels, size, &mut out);
    out
}

/// What the gif crate (weezl) makes of the same pixels; it picks the min code size from the data.
fn theirs(pixels: &[u8], width: u16, height: u16) -> Vec<u8> {
    let mut frame = gif::Frame { width, height, buffer: Cow::Borrowed(pixels), ..gif::Frame::default() };
    frame.make_lzw_pre_encoded();
    frame.buffer.into_owned()
}

/// Textbook LZW with a hash map and a bit-by-bit writer: the oracle for the exact code stream.
fn reference(pixels: &[u8], size: u8) -> Vec<u8> {
    let (clear, mut width, mut next, mut bits) = (1u32 << size, u32::from(size) + 1, (1u32 << size) + 2, vec![]);
    let mut put = |code: u32, width: u32| bits.extend((0..width).map(|b| (code >> b) & 1 == 1));
    let (mut dict, mut cur) = (HashMap::new(), None);
    put(clear, width);
    for &p in pixels {
        let Some(c) = cur else {
            cur = Some(u32::from(p));
            continue;
        };
        if let Some(&code) = dict.get(&(c, p)) {
            cur = Some(code);
            continue;
        }
        put(c, width);
        if next == 4096 {
            put(clear, width);
            (dict, next, width) = (HashMap::new(), clear + 2, u32::from(size) + 1);
        } else {
            dict.insert((c, p), next);
            next += 1;
            width += u32::from(next > 1 << width);
        }
        cur = Some(u32::from(p));
    }
    if let Some(c) = cur {
        put(c, width);
        width += u32::from(next >= 1 << width && width < 12);
    }
    put(clear + 1, width);
    let packed = bits.chunks(8).map(|byte| byte.iter().rev().fold(0, |acc, &bit| acc << 1 | u8::from(bit)));
    [size].into_iter().chain(packed).collect()
}

/// Checks the exact stream against [`reference`], then decodes it inside a whole GIF with the gif crate.
fn round_trip(pixels: &[u8], size: u8, width: u16, height: u16) {
    let lzw = ours(pixels, size);
    let expected = reference(pixels, size);
    let diff = lzw.iter().zip(&expected).position(|(a, b)| a != b);
    assert!(lzw == expected, "size {size} {width}x{height}: first difference at {diff:?}");
    // Same bytes as weezl too, up to 16 colours: beyond that weezl drops the 17th child of a string when it
    // widens that node (`Tree::append`), so it can only parse worse.
    if size <= 4 && pixels.iter().max().is_some_and(|&max| min_code_size(max) == size) {
        assert!(lzw == theirs(pixels, width, height), "size {size} {width}x{height}: differs from weezl");
    }
    let palette: Vec<u8> = (0..=255u8).flat_map(|i| [i, i, i]).collect();
    let mut gif = Vec::new();
    let mut enc = gif::Encoder::new(&mut gif, width, height, &palette).unwrap();
    let frame = gif::Frame { width, height, buffer: Cow::Borrowed(&lzw), ..gif::Frame::default() };
    enc.write_lzw_pre_encoded_frame(&frame).unwrap();
    drop(enc);
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(&gif[..]).unwrap();
    let decoded = decoder.read_next_frame().unwrap().unwrap();
    assert!(decoded.buffer[..] == pixels[..], "size {size} {width}x{height}: decoded pixels differ");
}

#[test]
fn code_sizes_empty_and_single_pixel() {
    assert_eq!([0, 1, 3, 4, 7, 8, 63, 64, 255].map(min_code_size), [2, 2, 2, 3, 3, 4, 6, 7, 8]);
    // The gif decoder rejects 0x0 frames even from its own encoder, so only compare bytes.
    assert_eq!(ours(&[], 2), theirs(&[], 0, 0));
    (2..=8).for_each(|size| assert_eq!(ours(&[], size), reference(&[], size)));
    round_trip(&[3], 2, 1, 1);
    round_trip(&[0], 6, 1, 1);
    round_trip(&[255], 8, 1, 1);
}

#[test]
fn long_runs() {
    round_trip(&vec![5; 1_000_000], 6, 1000, 1000);
    round_trip(&vec![0; 1_000_000], 2, 1000, 1000);
    // Runs of 1 to 50 pixels in all 256 colours: run chains get long and the table resets under them.
    let runs = (0..).flat_map(|k: usize| std::iter::repeat_n((k * 37 % 256) as u8, k * 7 % 50 + 1));
    round_trip(&runs.take(1_000_000).collect::<Vec<_>>(), 8, 1000, 1000);
}

#[test]
fn random_all_sizes_with_resets() {
    let mut rng = 0x9E37_79B9_7F4A_7C15;
    for size in 2..=8u8 {
        for (w, h) in [(7, 3), (300, 200), (1000, 300)] {
            let mut px: Vec<u8> =
                (0..w * h).map(|_| (xorshift(&mut rng) >> 20) as u8 & (u8::MAX >> (8 - size))).collect();
            round_trip(&px, size, w as u16, h as u16);
            // Short runs mixed in: the run path across dictionary resets.
            px.iter_mut().enumerate().filter(|(i, _)| i / 5 % 3 == 0).for_each(|(_, p)| *p = 1);
            round_trip(&px, size, w as u16, h as u16);
        }
    }
    // Every length up to 600: the stream ends right at each code width change (checked against weezl).
    for size in [2, 4] {
        let px: Vec<u8> = (0..600).map(|_| (xorshift(&mut rng) >> 20) as u8 & (u8::MAX >> (8 - size))).collect();
        (1..=600).for_each(|len| round_trip(&[&[u8::MAX >> (8 - size)], &px[1..len]].concat(), size, len as u16, 1));
    }
}

#[test]
fn frame_like_no_bigger_than_gif_crate() {
    let (mut rng, mut total_ours, mut total_theirs) = (42, 0, 0);
    for _ in 0..20 {
        // 450x300: transparent rows, 60 px squares of colours 1 and 2, a line of noisy "text".
        let mut px = vec![0u8; 450 * 300];
        for _ in 0..3 {
            let (x0, y0) = (xorshift(&mut rng) as usize % 7 * 60, xorshift(&mut rng) as usize % 5 * 60);
            let colour = 1 + (xorshift(&mut rng) % 2) as u8;
            (y0..y0 + 60).for_each(|y| px[y * 450 + x0..y * 450 + x0 + 60].fill(colour));
        }
        let y0 = xorshift(&mut rng) as usize % 286;
        for p in &mut px[y0 * 450..(y0 + 14) * 450] {
            let r = xorshift(&mut rng);
            *p = if r % 3 == 0 { 40 + (r >> 8) as u8 % 24 } else { 0 };
        }
        round_trip(&px, 6, 450, 300);
        total_ours += ours(&px, 6).len();
        total_theirs += theirs(&px, 450, 300).len();
    }
    assert!(total_ours * 100 <= total_theirs * 101, "{total_ours} vs {total_theirs}");
}
