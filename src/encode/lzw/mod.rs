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
//!
//! [`encode_diff`] is the same encoder for a changed rectangle whose unchanged pixels may be written either
//! as the transparent index or as their own colour: it picks per pixel while it parses (see its docs). Its
//! parse is greedy LZW over two symbols where a pixel is free, with one look-ahead: a phrase that runs on from
//! its leading run into a changed pixel may end with the run instead, when the phrase from that pixel then
//! reaches further (2.3-2.5% smaller on the tool's frames than the plain greedy parse, ~1.3x its time). The
//! stream stays standard: every code adds the entry a decoder expects, even when that string is already in
//! the table. Mind the floor: any LZW stream of `n` pixels needs at least `sqrt(2n)` codes (a phrase is at
//! most one pixel longer than the longest before it), so a big rectangle costs hundreds of codes whatever its
//! pixels are.

use diff::Diff;
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
    with_lzw(min_code_size, out, |lzw| if pixels.is_empty() { lzw.finish(None) } else { lzw.run(pixels) });
}

/// LZW-encode the frame `cur` (a rectangle, row-major) for a GIF whose previous composited frame has
/// `prev` in the same rectangle: wherever `prev[i] == cur[i]` the encoder may emit either `transparent`
/// or `cur[i]`, choosing whatever lets its current phrase continue (the decoded, composited frame is
/// identical either way). Pixels that changed are emitted as `cur[i]`. Same output format as `encode`.
///
/// The parse is greedy with one cut. A phrase goes on while the table has a child for one of the pixel's
/// choices (if it has both, the one that can also take the next pixel, else transparent). A new phrase starts
/// with whichever choice reaches further in the table right now, transparent on a tie, and covers the whole
/// run of pixels that choice allows in one table step per code, as [`encode`] does. The cut: when a phrase
/// has run on from its leading run into a changed pixel, the encoder also walks the phrase that would start at
/// that pixel; if it ends further than the phrase after the greedy one, the phrase ends with its run and the
/// next starts there. (That is one-step look-ahead, "flexible parsing", tried at one point of the phrase: at
/// every point it gains little more for several times the work.) The cut phrase's entry, the run then that
/// pixel, is one the table has already: the decoder adds it anyway and the encoder spends a code on it.
/// Without the cut (`encode_diff_greedy`) and with no unchanged pixel, the output is exactly [`encode`]'s of
/// `cur`.
///
/// An unchanged pixel whose colour is not below `2^min_code_size` is written as `transparent`, so the code
/// size only has to hold `transparent` and the changed pixels. Panics unless `min_code_size` is in `2..=8`,
/// `prev` and `cur` have the same length, `transparent` is below `2^min_code_size`, and every changed pixel
/// is below `2^min_code_size` and is not `transparent` (a decoder would show the old pixel there).
pub fn encode_diff(prev: &[u8], cur: &[u8], transparent: u8, min_code_size: u8, out: &mut Vec<u8>) {
    encode_diff_parse(Diff { prev, cur, transparent }, min_code_size, true, out);
}

/// [`encode_diff`] without its cut: the plain greedy parse, kept to measure the cut against (`lzw_bench`).
#[doc(hidden)]
pub fn encode_diff_greedy(prev: &[u8], cur: &[u8], transparent: u8, min_code_size: u8, out: &mut Vec<u8>) {
    encode_diff_parse(Diff { prev, cur, transparent }, min_code_size, false, out);
}

/// The checks and table set-up both diff encoders share; `cut` picks the parse.
fn encode_diff_parse(frame: Diff<'_>, min_code_size: u8, cut: bool, out: &mut Vec<u8>) {
    assert!((2..=8).contains(&min_code_size), "GIF LZW min code size {min_code_size} is not in 2..=8");
    assert_eq!(frame.prev.len(), frame.cur.len(), "prev and cur are not the same rectangle");
    assert!(
        u32::from(frame.transparent) >> min_code_size == 0,
        "transparent index too large for min code size {min_code_size}"
    );
    let empty = frame.cur.is_empty();
    with_lzw(min_code_size, out, |lzw| if empty { lzw.finish(None) } else { lzw.run_diff(frame, cut) });
}

/// Appends `min_code_size` and runs `encode` on a fresh table and bit writer (code stream starts with a
/// clear code); leaves the thread's table empty again.
fn with_lzw(min_code_size: u8, out: &mut Vec<u8>, encode: impl FnOnce(&mut Lzw<'_>)) {
    out.push(min_code_size);
    let bits = u32::from(min_code_size);
    DICT.with(|dict| {
        let dict = &mut *dict.borrow_mut();
        dict.prepare(bits);
        let clear = 1u16 << bits;
        let mut lzw = Lzw { dict, out, acc: 0, nbits: 0, width: bits + 1, bits, clear, next: clear + 2 };
        lzw.put(clear);
        encode(&mut lzw);
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
        self.add(code, symbol, true)
    }

    /// Emit `code` and give the next code to the phrase `code` + `symbol`; `link` also enters it in
    /// the dictionary's child table (a copy of an existing phrase is not entered). Returns the new
    /// code, or 0 when the table was full and a clear code reset it.
    #[inline(always)]
    fn add(&mut self, code: u16, symbol: u8, link: bool) -> u16 {
        self.put(code);
        let new = self.next;
        if usize::from(new) == MAX_CODES {
            self.put(self.clear);
            self.reset();
            return 0;
        }
        let slot = (usize::from(code) << self.bits) | usize::from(symbol);
        if link {
            self.dict.child[slot] = new;
        }
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

    /// Run fast path: covers `left` copies of `s` starting at `*i` with the longest known runs of
    /// `s`, emitting (and recording) longer runs as needed; returns the code of the final piece.
    fn take_run(&mut self, s: u8, mut left: usize, i: &mut usize) -> u16 {
        loop {
            let known = &self.dict.runs[usize::from(s)];
            if left <= known.len() {
                *i += left;
                return known[left - 1];
            }
            let (code, len) = (known[known.len() - 1], known.len());
            *i += len;
            left -= len;
            let new = self.emit(code, s);
            if new != 0 {
                self.dict.runs[usize::from(s)].push(new);
            }
        }
    }

    fn run(&mut self, pixels: &[u8]) {
        let mut i = 0;
        // Each pass starts a new string at `pixels[i]`, which always exists.
        loop {
            let s = pixels[i];
            let left = run_len(&pixels[i..], s);
            // Run fast path: the longest known run of `s` covers as much of the run as it can.
            let mut cur = self.take_run(s, left, &mut i);
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
    leading_matches(pixels.len(), word, |k| pixels[k] == s)
}

/// Number of leading positions in `0..len` that match, given `word(k)`: the 8 positions from `k`, one
/// byte each, zero where they match (only called with `k + 8 <= len`), and `one(k)` for the tail.
#[inline(always)]
fn leading_matches(len: usize, word: impl Fn(usize) -> u64, one: impl Fn(usize) -> bool) -> usize {
    let mut k = 0;
    // Whole 32-pixel blocks first: transparent rows are long.
    while k + 32 <= len && (word(k) | word(k + 8) | word(k + 16) | word(k + 24)) == 0 {
        k += 32;
    }
    while k + 8 <= len {
        let diff = word(k);
        if diff != 0 {
            return k + (diff.trailing_zeros() / 8) as usize;
        }
        k += 8;
    }
    k + (k..len).take_while(|&i| one(i)).count()
}

mod diff;

#[cfg(test)]
mod tests;

#[cfg(test)]
mod diff_tests;
