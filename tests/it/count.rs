//! Tests for `queens::count`: counts against OEIS A000170 / A002562, the lazy
//! enumerations against an independent brute force, and the symmetry helpers.
//! Only the public API is used; boards stay at n <= 12 to keep the suite fast.

use std::collections::BTreeSet;

use queens::count::*;

/// OEIS A000170, n = 1..=12.
const ALL: [u64; 12] = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];
/// OEIS A002562, n = 1..=12.
const UNIQUE: [u64; 12] = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787];

/// True when no two queens share a row or a diagonal (columns are distinct by encoding).
fn is_valid(queens: &[usize]) -> bool {
    let n = queens.len();
    queens.iter().all(|&r| r < n)
        && (0..n).all(|a| {
            (a + 1..n).all(|b| {
                let (ra, rb) = (queens[a], queens[b]);
                ra != rb && ra.abs_diff(rb) != b - a
            })
        })
}

/// Rearranges `p` into the next permutation in lexicographic order.
fn next_permutation(p: &mut [usize]) -> bool {
    let Some(i) = (1..p.len()).rev().find(|&i| p[i - 1] < p[i]) else {
        return false;
    };
    let j = (i..p.len()).rev().find(|&j| p[j] > p[i - 1]).unwrap();
    p.swap(i - 1, j);
    p[i..].reverse();
    true
}

/// All solutions by filtering every permutation, in lexicographic order.
fn brute_force(n: usize) -> Vec<Vec<usize>> {
    let mut perm: Vec<usize> = (0..n).collect();
    let mut found = Vec::new();
    loop {
        if is_valid(&perm) {
            found.push(perm.clone());
        }
        if !next_permutation(&mut perm) {
            return found;
        }
    }
}

#[test]
fn counts_match_a000170() {
    for (n, &expected) in (1..).zip(ALL.iter()) {
        assert_eq!(count_all(n), expected, "count_all({n})");
        assert_eq!(count_all_plain(n), expected, "count_all_plain({n})");
        assert_eq!(count_dp(n), expected, "count_dp({n})");
    }
}

#[test]
fn unique_counts_match_a002562() {
    for (n, &expected) in (1..).zip(UNIQUE.iter()) {
        assert_eq!(count_unique(n), expected, "count_unique({n})");
    }
}

#[test]
fn empty_board_has_no_solutions() {
    assert_eq!(count_all(0), 0);
    assert_eq!(count_all_plain(0), 0);
    assert_eq!(count_unique(0), 0);
    assert_eq!(count_dp(0), 0);
    assert_eq!(solutions(0).count(), 0);
    assert_eq!(unique_solutions(0).count(), 0);
}

#[test]
#[should_panic(expected = "above the supported maximum")]
fn boards_above_32_panic() {
    let _ = count_all(33);
}

#[test]
fn solutions_match_permutation_filter() {
    for n in 1..=8 {
        assert_eq!(solutions(n).collect::<Vec<_>>(), brute_force(n), "n = {n}");
    }
}

#[test]
fn solutions_are_valid_increasing_and_complete() {
    for (n, &expected) in (1..=10).zip(ALL.iter()) {
        let all: Vec<Vec<usize>> = solutions(n).collect();
        assert_eq!(all.len() as u64, expected, "n = {n}");
        assert!(all.iter().all(|q| q.len() == n && is_valid(q)));
        assert!(all.windows(2).all(|w| w[0] < w[1]), "n = {n} not increasing");
    }
}

#[test]
fn known_first_solutions() {
    assert_eq!(solutions(5).next(), Some(vec![0, 2, 4, 1, 3]));
    assert_eq!(solutions(6).next(), Some(vec![1, 3, 5, 0, 2, 4]));
    assert_eq!(solutions(4).next(), Some(vec![1, 3, 0, 2]));
    assert_eq!(solutions(1).collect::<Vec<_>>(), vec![vec![0]]);
}

#[test]
fn solutions_stream_lazily_on_large_boards() {
    let first: Vec<Vec<usize>> = solutions(20).take(3).collect();
    assert_eq!(first.len(), 3);
    assert!(first.iter().all(|q| is_valid(q)));
}

#[test]
fn no_six_by_six_solution_uses_a_corner() {
    let corner = |q: &Vec<usize>| [q[0], q[5]].iter().any(|&r| r == 0 || r == 5);
    assert_eq!(solutions(6).filter(corner).count(), 0);
}

#[test]
fn images_follow_the_documented_order() {
    let q = [0, 2, 4, 1, 3];
    let images = symmetry_images(&q);
    assert_eq!(images[0], q);
    assert_eq!(images[1], [2, 4, 1, 3, 0], "rotation 90 clockwise");
    assert_eq!(images[2], [1, 3, 0, 2, 4], "rotation 180");
    assert_eq!(images[4], [3, 1, 4, 2, 0], "left-right mirror");
    assert_eq!(images[5], [4, 2, 0, 3, 1], "top-bottom mirror");
    assert_eq!(images[6], [0, 3, 1, 4, 2], "transpose");
    let mut turned = q.to_vec();
    for _ in 0..3 {
        turned = symmetry_images(&turned)[1].clone();
    }
    assert_eq!(turned, images[3], "three quarter turns = 270");
}

#[test]
fn images_of_solutions_are_solutions_and_reflections_fix_none() {
    for n in 2..=9 {
        for q in solutions(n) {
            let images = symmetry_images(&q);
            assert!(images.iter().all(|im| is_valid(im)));
            assert!(images[4..].iter().all(|im| *im != q), "{q:?} fixed");
        }
    }
}

#[test]
fn canonical_and_class_size_agree_with_images() {
    for n in 1..=9 {
        for q in solutions(n) {
            let images = symmetry_images(&q);
            let distinct: BTreeSet<&Vec<usize>> = images.iter().collect();
            assert_eq!(canonical(&q), **distinct.first().unwrap());
            assert_eq!(class_size(&q), distinct.len());
            assert!(n == 1 || [2, 4, 8].contains(&distinct.len()));
        }
    }
    assert_eq!(class_size(&[0]), 1);
}

#[test]
fn unique_counts_match_brute_force_classes_and_burnside() {
    for n in 1..=10 {
        let all: Vec<Vec<usize>> = solutions(n).collect();
        let classes: BTreeSet<Vec<usize>> = all.iter().map(|q| canonical(q)).collect();
        let fixed: usize = all.iter().map(|q| symmetry_images(q).iter().filter(|im| *im == q).count()).sum();
        assert_eq!(classes.len() as u64, count_unique(n), "classes n = {n}");
        assert_eq!(fixed as u64, 8 * count_unique(n), "Burnside n = {n}");
    }
}

#[test]
fn unique_solutions_are_first_of_their_class_in_order() {
    for n in 1..=10 {
        let mut seen = BTreeSet::new();
        let firsts: Vec<Vec<usize>> = solutions(n).filter(|q| seen.insert(canonical(q))).collect();
        let unique: Vec<(Vec<usize>, usize)> = unique_solutions(n).collect();
        let reps: Vec<Vec<usize>> = unique.iter().map(|(q, _)| q.clone()).collect();
        assert_eq!(reps, firsts, "n = {n}");
        let total: usize = unique.iter().map(|&(_, size)| size).sum();
        assert_eq!(total as u64, count_all(n), "class sizes n = {n}");
    }
}

#[test]
fn eight_by_eight_has_twelve_classes() {
    let unique: Vec<(Vec<usize>, usize)> = unique_solutions(8).collect();
    let mut sizes: Vec<usize> = unique.iter().map(|&(_, size)| size).collect();
    sizes.sort_unstable();
    assert_eq!(unique.len(), 12);
    assert_eq!(sizes.iter().sum::<usize>(), 92);
    assert_eq!(sizes[0], 4);
    assert!(sizes[1..].iter().all(|&s| s == 8));
}

#[test]
fn five_by_five_has_two_classes() {
    let unique: Vec<(Vec<usize>, usize)> = unique_solutions(5).collect();
    let mut sizes: Vec<usize> = unique.iter().map(|&(_, size)| size).collect();
    sizes.sort_unstable();
    assert_eq!(sizes, [2, 8]);
    assert_eq!(unique[0].0, [0, 2, 4, 1, 3]);
}
