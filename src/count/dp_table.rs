//! A compact hash table for the dynamic-programming count: `u64` state keys
//! to `u64` path counts, 16 bytes a slot, open addressing.
//!
//! Contract: [`Table::add`] adds `ways` to a key's count (inserting it at 0
//! first); [`Table::iter`] yields every key once with its count, in slot
//! order (deterministic for the same insertions). Key [`EMPTY`] is reserved.
//! The table doubles when it is 3/4 full, so it holds between 3/8 and 3/4 of
//! its slots: [`SLOT_BYTES`] bytes a slot.

/// The reserved key marking a free slot (no packed state has all 64 bits set).
pub const EMPTY: u64 = u64::MAX;
/// Bytes per slot: a key and a count.
pub const SLOT_BYTES: u64 = 16;
/// Smallest capacity (a power of two).
const MIN_SLOTS: usize = 16;

/// Open-addressing table with linear probing.
#[derive(Clone, Debug)]
pub struct Table {
    slots: Vec<(u64, u64)>,
    len: usize,
}

impl Table {
    /// An empty table with room for `expected` keys before it grows.
    #[must_use]
    pub fn with_room(expected: usize) -> Table {
        let slots = (expected.saturating_mul(4) / 3 + 1).next_power_of_two().max(MIN_SLOTS);
        Table { slots: vec![(EMPTY, 0); slots], len: 0 }
    }

    /// Number of keys.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Adds `ways` to the count of `key`.
    pub fn add(&mut self, key: u64, ways: u64) {
        debug_assert_ne!(key, EMPTY);
        if (self.len + 1) * 4 > self.slots.len() * 3 {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = slot_of(key, mask);
        loop {
            let slot = &mut self.slots[i];
            if slot.0 == key {
                slot.1 += ways;
                return;
            }
            if slot.0 == EMPTY {
                *slot = (key, ways);
                self.len += 1;
                return;
            }
            i = (i + 1) & mask;
        }
    }

    /// Every key with its count.
    pub fn iter(&self) -> impl Iterator<Item = (u64, u64)> + '_ {
        self.slots.iter().copied().filter(|&(key, _)| key != EMPTY)
    }

    /// Doubles the slots and re-inserts every key.
    fn grow(&mut self) {
        let old = std::mem::take(&mut self.slots);
        self.slots = vec![(EMPTY, 0); old.len() * 2];
        self.len = 0;
        for (key, ways) in old.into_iter().filter(|&(key, _)| key != EMPTY) {
            self.add(key, ways);
        }
    }
}

/// Home slot of `key`: the high bits of a multiplicative hash.
#[inline]
fn slot_of(key: u64, mask: usize) -> usize {
    let h = (key ^ key >> 29).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (h >> 20) as usize & mask
}

#[cfg(test)]
mod tests {
    use super::Table;

    #[test]
    fn adds_and_grows() {
        let mut t = Table::with_room(0);
        for k in 0..1000u64 {
            t.add(k * 7919, 1);
            t.add(k * 7919, k);
        }
        assert_eq!(t.len(), 1000);
        let mut all: Vec<(u64, u64)> = t.iter().collect();
        all.sort_unstable();
        assert_eq!(all[3], (3 * 7919, 4));
    }
}
