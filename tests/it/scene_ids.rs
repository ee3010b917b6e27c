//! Every item of a scene says what it stands for (`Scene::ids`): one id an item, no id twice in a
//! frame, and a square's id is its square in every frame (the motion stage matches two scenes'
//! items by them).

use queens::internals::{Describer, Replay};
use queens::{Item, ItemId, Part, RenderOptions, SolveOptions};
use std::collections::BTreeSet;

#[test]
fn every_item_has_one_id_and_squares_keep_theirs() {
    let mut options = SolveOptions::new(6);
    options.until = queens::Until::All;
    let trace = queens::record(&options, queens::DEFAULT_MAX_FRAMES).unwrap();
    let mut look = RenderOptions::default();
    look.why = true;
    let describer = Describer::new(6, &look, Some(queens::caption_spec(&trace)));
    let layout = &describer.layout;
    let mut ghosts = 0;
    for frame in Replay::new(&trace) {
        let frame = frame.unwrap();
        let scene = describer.describe(&frame);
        assert_eq!(scene.ids.len(), scene.items.len(), "frame {}: one id an item", frame.index);
        let distinct: BTreeSet<ItemId> = scene.ids.iter().copied().collect();
        assert_eq!(distinct.len(), scene.ids.len(), "frame {}: no id twice", frame.index);
        let mut squares = 0;
        for (id, item) in scene.ids.iter().zip(&scene.items) {
            match (id, item) {
                (ItemId::Square { board: 0, row, col }, Item::Square { x, y, size, .. }) => {
                    let (row, col) = (usize::from(*row), usize::from(*col));
                    assert_eq!((*x, *y), (layout.board_x + col * size, layout.board_y + row * size));
                    squares += 1;
                }
                (ItemId::Ghost { board: 0, row, col }, Item::Ghost { x, y, size }) => {
                    // Within her square (on a labelled square she gives way to its labels).
                    let (row, col, s) = (usize::from(*row), usize::from(*col), layout.square);
                    let (x0, y0) = (layout.board_x + col * s, layout.board_y + row * s);
                    let (cx, cy) = (x + size / 2, y + size / 2);
                    assert!((x0..x0 + s).contains(&cx) && (y0..y0 + s).contains(&cy), "ghost {x},{y} in {x0},{y0}");
                    ghosts += 1;
                }
                (ItemId::Part { board: 0, part, .. }, item) => {
                    assert!(!matches!(item, Item::Square { .. } | Item::Ghost { .. }), "{part:?} holds a square");
                }
                (id, item) => panic!("frame {}: {id:?} names {item:?}", frame.index),
            }
        }
        assert_eq!(squares, 36, "frame {}: every square once", frame.index);
        let caption = scene.ids.iter().any(|id| matches!(id, ItemId::Part { part: Part::Caption, .. }));
        assert!(caption, "frame {}: the caption's items are the caption's", frame.index);
    }
    assert!(ghosts > 0, "removals show ghosts");
}
