//! [`super::encode_diff`]'s parse: LZW over a choice of two symbols (transparent or the pixel's own
//! colour) at every unchanged pixel, greedy with one cut (see `encode_diff`).

use super::{leading_matches, run_len, Lzw};

/// The pixels of one [`encode_diff`] call.
#[derive(Clone, Copy)]
pub(super) struct Diff<'p> {
    pub(super) prev: &'p [u8],
    pub(super) cur: &'p [u8],
    pub(super) transparent: u8,
}

impl Diff<'_> {
    /// Whether pixel `i` may be written as `transparent` (it did not change).
    #[inline(always)]
    fn free(&self, i: usize) -> bool {
        self.prev[i] == self.cur[i]
    }
}

impl Lzw<'_> {
    /// Whether `symbol` is a literal of this code size.
    #[inline(always)]
    fn fits(&self, symbol: u8) -> bool {
        u32::from(symbol) >> self.bits == 0
    }

    #[inline(always)]
    fn child(&self, code: u16, symbol: u8) -> u16 {
        self.dict.child[(usize::from(code) << self.bits) | usize::from(symbol)]
    }

    /// The code the phrase `code` becomes by taking pixel `i` (which exists), 0 if the table has no such child.
    #[inline(always)]
    fn step(&self, f: Diff<'_>, code: u16, i: usize) -> u16 {
        let p = f.cur[i];
        // A changed pixel equal to `transparent` gets neither child, so `start` rejects it.
        let own = if self.fits(p) && p != f.transparent { self.child(code, p) } else { 0 };
        let clear = if f.free(i) { self.child(code, f.transparent) } else { 0 };
        if own == 0 || clear == 0 {
            return own | clear;
        }
        // Both strings exist: take the one that can also take the next pixel, transparent if both or neither.
        let Some(&q) = f.cur.get(i + 1) else { return clear };
        let goes_on = |c: u16| {
            (self.fits(q) && q != f.transparent && self.child(c, q) != 0)
                || (f.free(i + 1) && self.child(c, f.transparent) != 0)
        };
        if goes_on(own) && !goes_on(clear) {
            own
        } else {
            clear
        }
    }

    /// The phrase of first symbol `sym` at pixel `j` (which allows it), walked as far as the table goes.
    #[inline(always)]
    fn phrase(&self, f: Diff<'_>, j: usize, sym: u8) -> Phrase {
        let known = &self.dict.runs[usize::from(sym)];
        // Counting one pixel past the longest known run is enough to tell a long run.
        let end = f.cur.len().min(j + known.len() + 1);
        let left =
            if sym == f.transparent { free_len(&f.prev[j..end], &f.cur[j..end]) } else { run_len(&f.cur[j..end], sym) };
        if left > known.len() {
            return Phrase { sym, left, len: known.len(), code: known[known.len() - 1] };
        }
        self.extend(f, j, Phrase { sym, left, len: left, code: known[left - 1] })
    }

    /// `ph`, which starts at pixel `j` and is not a long run, walked on as far as the table goes.
    #[inline(always)]
    fn extend(&self, f: Diff<'_>, j: usize, mut ph: Phrase) -> Phrase {
        while j + ph.len < f.cur.len() {
            let code = self.step(f, ph.code, j + ph.len);
            if code == 0 {
                break;
            }
            (ph.code, ph.len) = (code, ph.len + 1);
        }
        ph
    }

    /// The phrase at pixel `j`: of its own colour or of transparent where it is free, whichever reaches further
    /// in the table right now, transparent on a tie.
    #[inline(always)]
    fn longest(&self, f: Diff<'_>, j: usize) -> Phrase {
        let (p, t) = (f.cur[j], f.transparent);
        if !f.free(j) {
            assert!(self.fits(p) && p != t, "changed pixel {j} is {p}: transparent, or too large for the code size");
            return self.phrase(f, j, p);
        }
        let clear = self.phrase(f, j, t);
        if !self.fits(p) || p == t {
            return clear;
        }
        let own = self.phrase(f, j, p);
        if own.len > clear.len {
            own
        } else {
            clear
        }
    }

    /// [`Lzw::run`] over a choice of two symbols at every unchanged pixel, plus the cut if `cut` (see
    /// [`encode_diff`]).
    pub(super) fn run_diff(&mut self, f: Diff<'_>, cut: bool) {
        let n = f.cur.len();
        let (mut i, mut ph) = (0, self.longest(f, 0));
        // Each pass emits the code of a phrase at `i`, `ph` or the run it starts with.
        loop {
            let runs = &self.dict.runs[usize::from(ph.sym)];
            if ph.left > runs.len() {
                // Run fast path: the longest known run, then a phrase of the same symbol for the rest of the run;
                // only this path makes runs, so the run table stays complete.
                i += ph.len;
                if self.emit(ph.code, ph.sym) != 0 {
                    let new = self.next - 1;
                    self.dict.runs[usize::from(ph.sym)].push(new);
                }
                ph = self.phrase(f, i, ph.sym);
                continue;
            }
            if i + ph.len == n {
                return self.finish(Some(ph.code));
            }
            let next = self.longest(f, i + ph.len);
            let j = i + ph.left;
            if cut && ph.left < ph.len && !f.free(j) {
                // The phrase runs on from its run into the changed pixel `j`: end it with the run instead if the
                // phrase from `j` reaches further than the one after `ph`.
                let after = self.phrase(f, j, f.cur[j]);
                if j + after.len > i + ph.len + next.len {
                    // The table already has this string followed by the symbol: the decoder still adds it as
                    // a new entry, so the code is spent, but the encoder keeps using the older one.
                    let cleared = self.add(runs[ph.left - 1], after.sym, false) == 0;
                    i = j;
                    ph = if cleared { self.longest(f, i) } else { after };
                    continue;
                }
            }
            let code = ph.code;
            let cleared = self.emit(code, next.sym) == 0;
            i += ph.len;
            // The new entry, `code` then `next.sym`, can only let `next` go on if `next` ends at `code` (never a
            // long run: `ph` would be one of the same symbol, and pixel `i` would allow it).
            ph = if cleared {
                self.longest(f, i)
            } else if next.code == code && next.left <= self.dict.runs[usize::from(next.sym)].len() {
                self.extend(f, i, next)
            } else {
                next
            };
        }
    }
}

/// A phrase the parse can take at some pixel: first symbol `sym`, which the `left` pixels from there allow,
/// and the string of code `code`, `len` pixels long. A long run (`left` more than the longest known run of
/// `sym`, when `left` only counts one pixel past it) has the longest known run as its string.
#[derive(Clone, Copy)]
struct Phrase {
    sym: u8,
    left: usize,
    len: usize,
    code: u16,
}

/// Number of leading pixels where `prev` and `cur` agree (slices of equal length).
#[inline(always)]
fn free_len(prev: &[u8], cur: &[u8]) -> usize {
    let word = |s: &[u8], k: usize| u64::from_le_bytes(s[k..k + 8].try_into().unwrap());
    leading_matches(cur.len(), |k| word(prev, k) ^ word(cur, k), |k| prev[k] == cur[k])
}
