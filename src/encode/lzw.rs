//! Fast GIF LZW encoder for palette-index frames.
//!
//! Contract: [`encode`] appends `[min_code_size, raw LZW bytes...]` to `out`, the layout that
//! `gif::Frame::make_lzw_pre_encoded` produces and `gif::Encoder::write_lzw_pre_encoded_frame` expects
//! (that function does the 255-byte sub-block split). The code stream is standard GIF LZW: a clear code
//! first, codes packed LSB-first, code width from `min_code_size + 1` up to 12 bits, widened once the next
//! code to assign exceeds `2^width` (the decoder lags one entry behind, so it widens at `2^width`: no
//! "early change"), a clear code when all 4096 codes are assigned, and an end-of-information code padded to
//! a byte. The parse is textbook greedy LZW: byte for byte what weezl (the gif crate's encoder) writes for up
//! to 16 colours; with more, weezl loses some table entries and is sometimes a little larger. The speed comes
//! from a flat `code x symbol` child table, kept per thread and cleared entry by entry, and a fast path that
//! measures a run of one colour 32 pixels at a time and then does one table step per code it emits.

use std::cell::RefCell;

/// Codes available in GIF LZW (12-bit codes).
const MAX_CODES: usize = 4096;

/// Minimum code size for pixels whose largest value is `max_index` (at least 2, as GIF requires).
pub fn min_code_size(max_index: u8) -> u8 {
    (u32::from(max_index) + 1).max(4).next_power_of_two().trailing_zeros() as u8
}

/// LZW-encode `pixels` for a GIF image block: appends the min-code-size byte followed by the raw LZW
/// code stream (NOT split into 255-byte sub-blocks: the gif crate's `Encoder::write_lzw_pre_encoded_frame`
/// expects exactly `[min_code_size, lzw bytes...]`, the same format `Frame::make_lzw_pre_encoded` produces).
///
/// Panics unless `min_code_size` is in `2..=8` and every pixel is below `2^min_code_size`.
pub fn encode(pixels: &[u8], min_code_size: u8, out: &mut Vec<u8>) {
    assert!((2..=8).contains(&min_code_size), "GIF LZW min code size {min_code_size} is not in 2..=8");
    let bits = u32::from(min_code_size);
    let any = pixels.iter().fold(0u8, |acc, &p| acc | p);
    assert!(u32::from(any) >> bits == 0, "pixel value too large for min code size {min_code_size}");
    out.push(min_code_size);
    DICT.with(|dict| {
        let dict = &mut *dict.borrow_mut();
        dict.prepare(bits);
        let clear = 1u16 << bits;
        let mut lzw = Lzw { dict, out, acc: 0, nbits: 0, width: bits + 1, bits, clear, next: clear + 2 };
        lzw.put(clear);
        if pixels.is_empty() {
            lzw.finish(None);
        } else {
            lzw.run(pixels);
        }
        lzw.reset();
        lzw.dict.dirty = false;
    });
}

thread_local! {
    static DICT: RefCell<Dict> = RefCell::new(Dict::default());
}

/// The string table, reused across calls on one thread and left all-empty after each call.
#[derive(Default)]
struct Dict {
    /// `child[code << bits | symbol]`: code of the string `code` followed by `symbol`, 0 when absent (code 0
    /// is a literal, never a child).
    child: Vec<u16>,
    /// For each assigned code, the `child` slot that points at it, so a reset only clears those.
    slot: Vec<u32>,
    /// `runs[s][k]`: code of the string of `k + 1` copies of `s` (all of them exist up to the length).
    runs: Vec<Vec<u16>>,
    /// Set while an encode runs; still set at the start of one if a previous call unwound mid-way.
    dirty: bool,
}

impl Dict {
    fn prepare(&mut self, bits: u32) {
        if self.dirty {
            self.child.fill(0);
            self.runs.clear();
        }
        self.dirty = true;
        if self.child.len() < MAX_CODES << bits {
            self.child.resize(MAX_CODES << bits, 0);
            self.slot.resize(MAX_CODES, 0);
        }
        if self.runs.len() < 1 << bits {
            self.runs = (0..1u16 << bits).map(|s| vec![s]).collect();
        }
    }
}

/// One encode: the table plus the bit writer state.
struct Lzw<'a> {
    dict: &'a mut Dict,
    out: &'a mut Vec<u8>,
    /// Pending bits, LSB first; `nbits` of them are valid.
    acc: u64,
    nbits: u32,
    /// Current code width in bits.
    width: u32,
    /// Min code size: literals are `0..2^bits`.
    bits: u32,
    clear: u16,
    /// Next code to assign.
    next: u16,
}

impl Lzw<'_> {
    #[inline(always)]
    fn put(&mut self, code: u16) {
        self.acc |= u64::from(code) << self.nbits;
        self.nbits += self.width;
        if self.nbits >= 32 {
            self.out.extend_from_slice(&(self.acc as u32).to_le_bytes());
            self.acc >>= 32;
            self.nbits -= 32;
        }
    }

    /// Emits `code` and adds the string `code + symbol`; returns its code, or 0 if the table was full and
    /// got cleared instead.
    #[inline(always)]
    fn emit(&mut self, code: u16, symbol: u8) -> u16 {
        self.put(code);
        let new = self.next;
        if usize::from(new) == MAX_CODES {
            self.put(self.clear);
            self.reset();
            return 0;
        }
        let slot = (usize::from(code) << self.bits) | usize::from(symbol);
        self.dict.child[slot] = new;
        self.dict.slot[usize::from(new)] = slot as u32;
        self.next = new + 1;
        if u32::from(self.next) > 1 << self.width {
            self.width += 1;
        }
        new
    }

    fn reset(&mut self) {
        let first = usize::from(self.clear) + 2;
        for &slot in &self.dict.slot[first..usize::from(self.next)] {
            self.dict.child[slot as usize] = 0;
        }
        for run in &mut self.dict.runs[..usize::from(self.clear)] {
            run.truncate(1);
        }
        self.next = self.clear + 2;
        self.width = self.bits + 1;
    }

    fn run(&mut self, pixels: &[u8]) {
        let mut i = 0;
        // Each pass starts a new string at `pixels[i]`, which always exists.
        loop {
            let s = pixels[i];
            let mut left = run_len(&pixels[i..], s);
            // Run fast path: the longest known run of `s` covers as much of the run as it can.
            let mut cur = loop {
                let known = &self.dict.runs[usize::from(s)];
                if left <= known.len() {
                    i += left;
                    break known[left - 1];
                }
                let (code, len) = (known[known.len() - 1], known.len());
                i += len;
                left -= len;
                let new = self.emit(code, s);
                if new != 0 {
                    self.dict.runs[usize::from(s)].push(new);
                }
            };
            // General path; the pixel after the run is not `s`, so the run table stays complete.
            loop {
                let Some(&p) = pixels.get(i) else { return self.finish(Some(cur)) };
                let child = self.dict.child[(usize::from(cur) << self.bits) | usize::from(p)];
                if child == 0 {
                    self.emit(cur, p);
                    break;
                }
                cur = child;
                i += 1;
            }
        }
    }

    fn finish(&mut self, last: Option<u16>) {
        if let Some(code) = last {
            self.put(code);
            // The decoder adds one more entry on reading `code` and may widen before the end code.
            if u32::from(self.next) >= 1 << self.width && self.width < 12 {
                self.width += 1;
            }
        }
        self.put(self.clear + 1);
        let bytes = self.nbits.div_ceil(8) as usize;
        self.out.extend_from_slice(&self.acc.to_le_bytes()[..bytes]);
    }
}

/// Number of leading pixels equal to `s` (at least 1 when `pixels[0] == s`).
#[inline(always)]
fn run_len(pixels: &[u8], s: u8) -> usize {
    let pattern = u64::from_le_bytes([s; 8]);
    let word = |k: usize| u64::from_le_bytes(pixels[k..k + 8].try_into().unwrap()) ^ pattern;
    let mut k = 0;
    // Whole 32-pixel blocks first: transparent rows are long.
    while k + 32 <= pixels.len() && (word(k) | word(k + 8) | word(k + 16) | word(k + 24)) == 0 {
        k += 32;
    }
    while k + 8 <= pixels.len() {
        let diff = word(k);
        if diff != 0 {
            return k + (diff.trailing_zeros() / 8) as usize;
        }
        k += 8;
    }
    k + pixels[k..].iter().take_while(|&&p| p == s).count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::{borrow::Cow, collections::HashMap};

    fn xorshift(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    fn ours(pixels: &[u8], size: u8) -> Vec<u8> {
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
        let runs = (0..).flat_map(|k: usize| std::iter::repeat((k * 37 % 256) as u8).take(k * 7 % 50 + 1));
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
            (1..=600)
                .for_each(|len| round_trip(&[&[u8::MAX >> (8 - size)], &px[1..len]].concat(), size, len as u16, 1));
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
}
