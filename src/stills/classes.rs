//! Symmetry classes on a sheet (`sheet --classes`): every solution once, one class per row.
//!
//! Contract: [`class_boards`] lists every solution of `n` once, grouped by symmetry class. Class
//! k (1-based; classes in the order of their first boards) is sheet row k: it starts with the
//! class's first board in the order asked for (transformation `id`), then the other distinct
//! images of that board in the fixed order of [`TRANSFORMS`], each named by the first
//! transformation that gives it (classes of 4 or 2 boards have shorter rows). Every board keeps
//! its 1-based index among all solutions in that order (backtracking order, or `perms`). The transformations act on the
//! picture with row 0 at the top: `r90` turns it a quarter clockwise, `flip-h` mirrors it left to
//! right, `flip-v` top to bottom, `flip-d` across the main diagonal (top left to bottom right),
//! `flip-a` across the other one.

use super::sheet::{ClassPlace, SheetBoard};
use crate::count::{symmetry_images, SolutionOrder, TRANSFORMS};
use std::collections::HashMap;

/// Every solution of `n`, grouped by symmetry class as the module contract says.
pub fn class_boards(n: usize, order: SolutionOrder) -> Vec<SheetBoard> {
    let all: Vec<Vec<usize>> = order.solutions(n).collect();
    let index: HashMap<&[usize], usize> = all.iter().enumerate().map(|(i, q)| (q.as_slice(), i + 1)).collect();
    let mut boards = Vec::with_capacity(all.len());
    for (class, (first, size)) in order.unique(n).enumerate() {
        let mut row: Vec<Vec<usize>> = Vec::with_capacity(size);
        for (image, transform) in symmetry_images(&first).into_iter().zip(TRANSFORMS) {
            if row.contains(&image) {
                continue;
            }
            let place = ClassPlace { class: class + 1, transform, slot: row.len() };
            let index = index[image.as_slice()];
            boards.push(SheetBoard { index, queens: image.clone(), class_size: Some(size), class: Some(place) });
            row.push(image);
        }
    }
    boards
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An 8x8 solution and its images drawn by hand (rows 1-based from the top, per column).
    #[test]
    fn transforms_are_named_for_what_they_do_to_the_picture() {
        let board = [0, 4, 7, 5, 2, 6, 1, 3]; // 1 5 8 6 3 7 2 4
        let images = symmetry_images(&board);
        let name = |t: &str| TRANSFORMS.iter().position(|&x| x == t).unwrap();
        // A quarter turn clockwise: the top row becomes the right column and the left column the
        // top row, so the queen on (row, col) lands on (col, 7 - row).
        let r90: Vec<usize> = {
            let mut out = vec![0; 8];
            for (col, &row) in board.iter().enumerate() {
                out[7 - row] = col;
            }
            out
        };
        assert_eq!(images[name("r90")], r90);
        assert_eq!(images[name("r90")][7], 0, "the top-left queen goes to the top-right corner");
        assert_eq!(images[name("flip-h")], board.iter().rev().copied().collect::<Vec<_>>());
        assert_eq!(images[name("flip-v")], board.iter().map(|r| 7 - r).collect::<Vec<_>>());
        let mut transpose = vec![0; 8];
        for (col, &row) in board.iter().enumerate() {
            transpose[row] = col;
        }
        assert_eq!(images[name("flip-d")], transpose);
        assert_eq!(images[name("r180")], board.iter().rev().map(|r| 7 - r).collect::<Vec<_>>());
        assert_eq!(images[name("id")], board.to_vec());
    }

    #[test]
    fn every_solution_once_grouped_by_class() {
        for order in [SolutionOrder::Backtrack, SolutionOrder::Perms] {
            every_solution_once_in(order);
        }
    }

    fn every_solution_once_in(order: SolutionOrder) {
        let boards = class_boards(8, order);
        assert_eq!(boards.len(), 92);
        let mut seen: Vec<&Vec<usize>> = boards.iter().map(|b| &b.queens).collect();
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), 92);
        let classes = boards.iter().filter_map(|b| b.class.as_ref()).map(|p| p.class).max();
        assert_eq!(classes, Some(12));
        assert_eq!(boards.iter().filter(|b| b.class.as_ref().unwrap().transform == "id").count(), 12);
        assert!(boards.iter().all(|b| order.solutions(8).nth(b.index - 1).as_ref() == Some(&b.queens)));
        let firsts = boards.iter().filter(|b| b.class.as_ref().unwrap().transform == "id");
        assert!(firsts.clone().all(|b| order.is_first_of_class(&b.queens)), "{order:?}");
        assert!(firsts.map(|b| b.index).is_sorted(), "classes in the order of their first boards");
    }
}
