//! A step's pictures: with motion, the in-betweens the motion stage describes and then the step's
//! own scene; without, the step's scene alone.
//!
//! Contract: [`pictures`] gives `(scene, ms)` per picture of a step, in order, their times adding
//! up to the step's delay, the last scene being the step's own (unchanged). Consecutive
//! in-betweens that show the same items are merged into one picture (each distinct picture is
//! drawn and encoded once), and so is an in-between that already shows the step's scene.

use crate::error::Error;
use crate::motion::{self, Motion};
use crate::scene::items::Scene;

/// The pictures of a step showing `scene` for `delay_ms` after `before` (the scene shown last;
/// `None` at the start). `step_ms` is an ordinary step's delay (the in-betweens' pace).
pub fn pictures(
    motion: Motion,
    step_ms: u32,
    before: Option<&Scene>,
    scene: Scene,
    delay_ms: u32,
) -> Vec<(Scene, u32)> {
    let Some(before) = before.filter(|_| motion != Motion::None) else { return vec![(scene, delay_ms)] };
    let plan = motion::schedule(motion, step_ms, delay_ms);
    let mut out: Vec<(Scene, u32)> = Vec::with_capacity(plan.len());
    for (t, ms) in plan {
        let picture = if t >= 1.0 { scene.clone() } else { motion::tween(before, &scene, t) };
        match out.last_mut() {
            Some((last, held)) if same_picture(last, &picture) => {
                *held += ms;
                if t >= 1.0 {
                    *last = picture;
                }
            }
            _ => out.push((picture, ms)),
        }
    }
    out
}

/// Whether two scenes draw the same (their items, in order).
fn same_picture(a: &Scene, b: &Scene) -> bool {
    a.items == b.items
}

/// The error for motion asked of a sink that does not take it.
pub fn unsupported() -> Error {
    Error::MotionUnsupported
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::identity::ItemId;
    use crate::scene::items::Item;

    #[test]
    fn a_step_that_moves_nothing_is_one_picture() {
        let mut scene = Scene::new(4, 4);
        scene.push_as(ItemId::square(0, 0), Item::Ghost { x: 0, y: 0, size: 4 });
        let one = pictures(Motion::Smooth { fps: 60 }, 250, Some(&scene), scene.clone(), 250);
        assert_eq!(one, vec![(scene.clone(), 250)]);
        let none = pictures(Motion::None, 250, Some(&scene), scene.clone(), 250);
        assert_eq!(none.len(), 1);
    }
}
