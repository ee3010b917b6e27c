//! Tests of `tween.rs`: the in-betweens of two scenes.

use super::*;
use crate::scene::items::Ground;
use crate::scene::theme::Paint;

/// A 4x4 board of 10-pixel squares, a queen on each of `queens`, `attacked` shaded.
fn board(queens: &[(usize, usize)], attacked: &[(usize, usize)]) -> Scene {
    let mut scene = Scene::new(40, 40);
    for row in 0..4 {
        for col in 0..4 {
            let queen = queens.contains(&(row, col));
            let ground = if queen || attacked.contains(&(row, col)) { Ground::Attacked } else { Ground::Free };
            let (x, y, dark) = (col * 10, row * 10, (row + col) % 2 == 1);
            scene.push_as(ItemId::square(row, col), Item::Square { x, y, size: 10, dark, ground, queen, inset: None });
        }
    }
    scene
}

fn ground_at(scene: &Scene, row: usize, col: usize) -> Option<Ground> {
    let k = scene.ids.iter().position(|id| *id == ItemId::square(row, col))?;
    match scene.items[k] {
        Item::Square { ground, .. } => Some(ground),
        _ => None,
    }
}

#[test]
fn shading_grows_outward_and_ends_on_the_step() {
    let before = board(&[], &[]);
    let after = board(&[(0, 0)], &[(0, 1), (0, 2), (0, 3), (1, 1), (2, 2), (3, 3), (1, 0), (2, 0), (3, 0)]);
    assert_eq!(tween(&before, &after, 1.0), after);
    let early = tween(&before, &after, 0.1);
    assert!(early.items.iter().any(|i| matches!(i, Item::Ghost { x: 0, y: 0, .. })), "her silhouette first");
    let switch = |row, col| {
        (1..=100)
            .map(|k| k as f32 / 100.0)
            .find(|&t| ground_at(&tween(&before, &after, t), row, col) == Some(Ground::Attacked))
    };
    let (near, mid, far) = (switch(0, 1), switch(0, 2), switch(0, 3));
    assert!(near < mid && mid < far, "{near:?} {mid:?} {far:?}");
    assert_eq!(switch(2, 2), mid, "the same distance along a diagonal");
}

/// A puzzle's step: `used` outlined, a cross on each of `crosses` (two strokes each), on a
/// 5x5 board of 10-pixel squares (no square items: a region puzzle's empty squares are fills).
fn puzzle(used: &[(usize, usize)], crosses: &[(usize, usize)]) -> Scene {
    let mut scene = Scene::new(50, 50);
    for &(row, col) in crosses {
        for k in 0..2 {
            let (x, y) = (col as f32 * 10.0 + 5.0, row as f32 * 10.0 + 5.0);
            let line = Item::Line { from: (x - 1.0, y), to: (x + 1.0, y), width: 1.0, paint: Paint::Ghost };
            scene.push_as(ItemId::cross(row, col, k), line);
        }
    }
    for k in 0..2 {
        for &(row, col) in used {
            let rect = (col as i64 * 10, row as i64 * 10, 10, 10);
            scene.push_as(ItemId::used(row, col, k), Item::Outline { rect, thickness: 1, paint: Paint::RuleUsed });
        }
    }
    scene
}

/// The first of 100 in-betweens from which `(row, col)`'s cross shows (whole: both strokes).
fn shown_from(before: &Scene, after: &Scene, (row, col): (usize, usize)) -> Option<usize> {
    let both = |scene: &Scene| (0..2).all(|k| scene.ids.contains(&ItemId::cross(row, col, k)));
    (0..=100).find(|&k| both(&tween(before, after, k as f32 / 100.0)))
}

#[test]
fn crosses_sweep_out_from_the_squares_the_rule_used() {
    let row: Vec<(usize, usize)> = (1..5).map(|col| (2, col)).collect();
    let before = puzzle(&[], &[(0, 4)]);
    let after = puzzle(&[(2, 0)], &[&[(0, 4)], row.as_slice()].concat());
    assert_eq!(tween(&before, &after, 1.0), after, "all at t = 1");
    let start = tween(&before, &after, 0.0);
    assert!(row.iter().all(|&(r, c)| !start.ids.contains(&ItemId::cross(r, c, 0))), "none at the start");
    assert!(start.ids.contains(&ItemId::used(2, 0, 1)), "the rule's outline from the start");
    assert_eq!(shown_from(&before, &after, (0, 4)), Some(0), "a kept cross stays");
    let times: Vec<usize> = row.iter().map(|&at| shown_from(&before, &after, at).unwrap()).collect();
    assert!(times[0] > 0 && times.windows(2).all(|w| w[0] < w[1]) && times[3] < 100, "{times:?}");
    // No used square: the rows sweep from the top.
    let column: Vec<(usize, usize)> = (0..5).map(|row| (row, 3)).collect();
    let after = puzzle(&[], &column);
    let times: Vec<usize> = column.iter().map(|&at| shown_from(&before, &after, at).unwrap()).collect();
    assert!(times[0] > 0 && times.windows(2).all(|w| w[0] < w[1]) && times[4] < 100, "{times:?}");
}

#[test]
fn a_move_slides_her_silhouette() {
    let before = board(&[(1, 0)], &[]);
    let after = board(&[(1, 3)], &[]);
    let xs: Vec<usize> = [0.15, 0.3, 0.45]
        .iter()
        .filter_map(|&t| {
            tween(&before, &after, t).items.iter().find_map(|i| match i {
                Item::Ghost { x, y: 10, .. } => Some(*x),
                _ => None,
            })
        })
        .collect();
    assert_eq!(xs.len(), 3);
    assert!(xs[0] < xs[1] && xs[1] < xs[2], "{xs:?}");
    let slide = Some((ItemId::square(1, 0), ItemId::square(1, 3)));
    assert_eq!(tween(&before, &after, 0.5).slide, slide, "the in-between says who slides");
    assert_eq!(tween(&before, &after, 1.0).slide, None, "the step's own scene does not");
    let placed = board(&[(1, 0), (2, 2)], &[]);
    assert_eq!(tween(&before, &placed, 0.5).slide, None, "a placement is no slide");
}

#[test]
fn a_silhouette_lands_where_she_gives_way_to_labels() {
    let before = board(&[(1, 0)], &[]);
    let mut after = board(&[(1, 3)], &[]);
    let inset = Some(crate::scene::items::Inset { dx: 2, dy: 1, side: 7 });
    for item in &mut after.items {
        if let Item::Square { x: 30, y: 10, inset: at, .. } = item {
            *at = inset;
        }
    }
    let ghost = |t: f32| {
        tween(&before, &after, t).items.into_iter().find_map(|i| match i {
            Item::Ghost { x, y, size } => Some((x, y, size)),
            _ => None,
        })
    };
    // Her glyph on the square she reaches stands at (32, 11), 7 wide: she sets off three
    // squares to its left and ends there.
    assert_eq!(ghost(0.0), Some((2, 11, 7)));
    let (x, y, size) = ghost(0.56).expect("still sliding at eased time 0.59");
    assert!((31..=32).contains(&x) && (y, size) == (11, 7), "{x} {y} {size}");
}

#[test]
fn a_moves_new_shading_grows_only_once_she_lands() {
    let before = board(&[(0, 0)], &[(0, 1), (1, 0), (1, 1)]);
    let after = board(&[(3, 3)], &[(3, 2), (2, 3), (2, 2), (3, 0)]);
    let sliding = |scene: &Scene| scene.items.iter().any(|i| matches!(i, Item::Ghost { .. }));
    let mut landed = None;
    for k in 0..100 {
        let t = k as f32 / 100.0;
        let scene = tween(&before, &after, t);
        let shaded =
            [(3, 2), (2, 3), (2, 2), (3, 0)].iter().any(|&(r, c)| ground_at(&scene, r, c) == Some(Ground::Attacked));
        assert!(!(sliding(&scene) && shaded), "t = {t}: her new shading shows before she lands");
        if !sliding(&scene) && landed.is_none() {
            landed = Some(k);
        }
    }
    let landed = landed.expect("she lands before the end");
    assert!(landed > 20, "she slides for a while ({landed})");
    let grown = |k: usize| ground_at(&tween(&before, &after, k as f32 / 100.0), 3, 0) == Some(Ground::Attacked);
    assert!(!grown(landed) && grown(100), "the far square's shading follows her landing");
    assert_eq!(ground_at(&tween(&before, &after, 0.1), 1, 1), Some(Ground::Attacked), "the old shading recedes");
    assert_eq!(ground_at(&tween(&before, &after, 0.1), 0, 1), Some(Ground::Attacked));
}
