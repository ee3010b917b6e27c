//! Rivin-Zabih dynamic programming count of N-Queens solutions, in bounded memory.
//!
//! Contract: [`count_dp`] equals [`crate::count::count_all`] for `n <= DP_MAX_N`
//! (0 for `n = 0`; panics above [`DP_MAX_N`], whose states no longer pack into
//! 64 bits and whose tables would not fit any machine). [`count_dp_within`]
//! first estimates the table memory ([`memory_estimate`]) and refuses, before
//! any work, a board that would pass the given limit. [`layer_sizes`] gives the
//! number of distinct states after each row, as the count keeps them.
//!
//! A state is what the rows placed so far leave for the rows below: the used
//! columns and the diagonals that can still meet an open square, seen from
//! the next row. States that are mirror images (left-right) have the same
//! number of completions, so only the smaller of a state and its mirror is
//! kept, with the paths of both.

use crate::count::dp_table::{Table, SLOT_BYTES};
use crate::count::{check_n, full_mask};
use crate::error::Error;

/// Largest board the dynamic programming count takes (3 masks of `n` bits in a `u64`).
pub const DP_MAX_N: usize = 21;

/// Widest layer (distinct states after one row) measured for n = 0..=15;
/// larger boards are extrapolated with [`GROWTH`].
const WIDEST: [u64; 16] = [0, 0, 1, 2, 3, 7, 22, 68, 259, 993, 3_779, 16_638, 80_768, 395_572, 1_888_247, 10_907_344];
/// Growth of the widest layer per extra row beyond the table (the last measured ratio, rounded up).
const GROWTH: f64 = 6.0;

/// Number of solutions by dynamic programming over the rows (Rivin-Zabih).
///
/// # Panics
/// If `n > DP_MAX_N`.
#[must_use]
pub fn count_dp(n: usize) -> u64 {
    assert!(n <= DP_MAX_N, "board size {n} is above {DP_MAX_N}, the largest the dynamic programming count takes");
    sweep(n, |_| ())
}

/// [`count_dp`], after checking that its tables need at most `max_bytes`
/// (by [`memory_estimate`]); refuses larger boards before doing any work.
pub fn count_dp_within(n: usize, max_bytes: u64) -> Result<u64, Error> {
    check_n(n);
    if n > DP_MAX_N {
        return Err(Error::BoardSize { n, max: DP_MAX_N });
    }
    let needed = memory_estimate(n);
    if needed > max_bytes {
        return Err(Error::DpMemory { n, needed: bytes_text(needed), limit: bytes_text(max_bytes) });
    }
    Ok(count_dp(n))
}

/// Distinct states kept after each of the rows `1..n` (the last row is
/// counted, never stored): entry `r - 1` is the layer after row `r`. A state
/// and its mirror image count once. Empty for `n <= 1`.
///
/// # Panics
/// If `n > DP_MAX_N`.
#[must_use]
pub fn layer_sizes(n: usize) -> Vec<usize> {
    assert!(n <= DP_MAX_N, "board size {n} is above {DP_MAX_N}");
    let mut sizes = Vec::new();
    sweep(n, |layer| sizes.push(layer.len()));
    sizes
}

/// Estimated peak bytes of the tables for board `n`: three tables sized for
/// the widest layer (the layer, the one it is built from, and a doubling in
/// flight), each of 16-byte slots kept at most 3/4 full. Measured peaks are
/// below it: n = 14 estimates 201 MB and peaks at 133 MB of resident memory.
#[must_use]
pub fn memory_estimate(n: usize) -> u64 {
    let widest = match WIDEST.get(n) {
        Some(&w) => w as f64,
        None => WIDEST[WIDEST.len() - 1] as f64 * GROWTH.powi((n + 1 - WIDEST.len()) as i32),
    };
    let slots = |states: f64| (states * 4.0 / 3.0).max(16.0).log2().ceil().exp2();
    let bytes = SLOT_BYTES as f64 * slots(widest) * 3.0;
    bytes.min(u64::MAX as f64) as u64
}

/// `bytes` as "1.5 GiB", "512 MiB", "2 KiB" or "100 bytes".
#[must_use]
pub fn bytes_text(bytes: u64) -> String {
    const UNITS: [&str; 5] = ["KiB", "MiB", "GiB", "TiB", "PiB"];
    if bytes < 1024 {
        return format!("{bytes} bytes");
    }
    let mut value = bytes as f64 / 1024.0;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    let digits = if value < 10.0 { 1 } else { 0 };
    format!("{value:.digits$} {}", UNITS[unit])
}

/// Runs the count, showing `observe` every stored layer (after rows `1..n`).
fn sweep(n: usize, mut observe: impl FnMut(&Table)) -> u64 {
    let full = full_mask(n);
    if n == 0 {
        return 0;
    }
    let pack = Packing { n, full };
    let mut layer = Table::with_room(1);
    layer.add(0, 1);
    for row in 0..n - 1 {
        layer = pack.next_layer(&layer, n - 1 - row);
        observe(&layer);
    }
    layer.iter().map(|(key, ways)| ways * u64::from(pack.free(key).count_ones())).sum()
}

/// A state packed in one `u64`: `cols | down << n | up << 2n`, where `cols`
/// are the used columns and `down`/`up` the columns of the next row attacked
/// along closed diagonals running down-right / down-left.
#[derive(Clone, Copy, Debug)]
struct Packing {
    n: usize,
    full: u64,
}

impl Packing {
    fn unpack(&self, key: u64) -> (u64, u64, u64) {
        (key & self.full, key >> self.n & self.full, key >> (2 * self.n) & self.full)
    }

    fn pack(&self, (cols, down, up): (u64, u64, u64)) -> u64 {
        cols | down << self.n | up << (2 * self.n)
    }

    /// Open columns of the next row.
    fn free(&self, key: u64) -> u64 {
        let (cols, down, up) = self.unpack(key);
        self.full & !(cols | down | up)
    }

    /// Places one queen in the next row of every state of `layer`; `rows_after`
    /// is the number of rows still to fill after that one.
    fn next_layer(&self, layer: &Table, rows_after: usize) -> Table {
        let mut next = Table::with_room(layer.len());
        for (key, ways) in layer.iter() {
            let (cols, down, up) = self.unpack(key);
            let mut free = self.full & !(cols | down | up);
            while free != 0 {
                let bit = free & free.wrapping_neg();
                free ^= bit;
                let child = (cols | bit, ((down | bit) << 1) & self.full, (up | bit) >> 1);
                next.add(self.canonical(child, rows_after), ways);
            }
        }
        next
    }

    /// Drops diagonals that meet no open column in the next `rows` rows, then
    /// keeps the smaller of the state and its mirror image.
    fn canonical(&self, (cols, down, up): (u64, u64, u64), rows: usize) -> u64 {
        let open = self.full & !cols;
        let down = down & smear(open, rows, |m, k| m >> k);
        let up = up & smear(open, rows, |m, k| m << k);
        let mirror = |m: u64| m.reverse_bits() >> (64 - self.n);
        self.pack((cols, down, up)).min(self.pack((mirror(cols), mirror(up), mirror(down))))
    }
}

/// `mask | shift(mask, 1) | ... | shift(mask, width - 1)`, in `O(log width)`.
fn smear(mask: u64, width: usize, shift: impl Fn(u64, usize) -> u64) -> u64 {
    let (mut out, mut covered) = (mask, 1);
    while covered < width {
        let step = covered.min(width - covered);
        out |= shift(out, step);
        covered += step;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widest_table_matches_the_count() {
        for (n, &expected) in WIDEST.iter().enumerate().take(11) {
            let widest = layer_sizes(n).into_iter().max().unwrap_or(0) as u64;
            assert_eq!(widest, expected, "n = {n}");
        }
    }

    #[test]
    fn refuses_up_front_with_an_estimate() {
        let err = count_dp_within(16, 1 << 30).unwrap_err().to_string();
        assert!(err.contains("16x16") && err.contains("GiB") && err.contains("1.0 GiB"), "{err}");
        assert_eq!(count_dp_within(8, 1 << 30).unwrap(), 92);
        assert!(count_dp_within(22, u64::MAX).is_err());
        assert_eq!(bytes_text(512 << 20), "512 MiB");
        assert_eq!(bytes_text(3 << 29), "1.5 GiB");
    }
}
