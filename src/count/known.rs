//! Known solution counts (OEIS A000170) for N = 1..=27, for sizing work up front: how many boards a
//! batch would draw, when a random search has seen every solution. `queens count` computes its
//! counts; tests check this table against the counters.

/// Solution counts of A000170 for N = 1..=27.
const KNOWN_COUNTS: [u64; 27] = [
    1,
    0,
    0,
    2,
    10,
    4,
    40,
    92,
    352,
    724,
    2680,
    14200,
    73712,
    365596,
    2279184,
    14772512,
    95815104,
    666090624,
    4968057848,
    39029188884,
    314666222712,
    2691008701644,
    24233937684440,
    227514171973736,
    2207893435808352,
    22317699616364044,
    234907967154122528,
];

/// The number of solutions of the n-board when it is known (N = 1..=27), `None` otherwise.
pub fn known_count(n: usize) -> Option<u64> {
    KNOWN_COUNTS.get(n.wrapping_sub(1)).copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_agrees_with_the_counter() {
        for n in 1..=12 {
            assert_eq!(known_count(n), Some(crate::count::count_all(n)), "n = {n}");
        }
        assert_eq!(known_count(0), None);
        assert_eq!(known_count(28), None);
    }
}
