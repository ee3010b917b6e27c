//! Smooth motion's pictures gathered back into their step, for the sinks that draw a step once
//! and animate it themselves (the animated SVG and the HTML player).
//!
//! Contract: the in-betweens of a step arrive in order, sharing the step's output position, its
//! own frame last; [`Gather`] keeps them until the next step's first picture comes and gives the
//! step's own frame (timed as the whole step), when each atom that changes takes its final state
//! for good ([`Gathered::cue`]) and the slide a move makes, if any ([`Gathered::slide`]).

use super::atom_frames::{pieces, AtomFrame, On, SlideAt};
use crate::draw::svg::{fades, is_piece, is_queen, lands, origin, Atom, Shape, CRISP};
use crate::encode::gif::centiseconds;
use crate::scene::theme::Paint;
use std::collections::HashMap;

/// The pictures of one step under smooth motion, gathered as they come.
#[derive(Default)]
pub(crate) struct Gather {
    pictures: Vec<AtomFrame>,
    /// A puzzle's crosses in the last step's frame, sorted.
    crosses: Vec<Atom>,
    /// Where the queens and ghosts of the last step's frame stand (see [`Gathered::stands`]).
    pieces: Vec<((i64, i64), (i64, i64))>,
}

/// One step gathered: its own frame (its last picture, timed as the whole step) and the atoms
/// and start (ms into the step) of the in-betweens before it.
pub(crate) struct Gathered {
    pub(crate) frame: AtomFrame,
    before: Vec<(u32, Vec<Atom>)>,
    /// When the step's own picture starts, and when a sliding queen lands (the first picture
    /// after her slide's).
    last_ms: u32,
    land_ms: u32,
    /// The queen sliding over the step, if it moves one.
    pub(crate) slide: Option<SlideAt>,
    /// A puzzle's crosses in the frame before and in this one, sorted: the only lines in the ghost
    /// paint that fade (a search's tried squares are crossed in it too, and switch at once).
    crosses: Vec<Atom>,
    /// The squares (left and top pixel) the queens and ghosts of the frame before and of this one
    /// stand on, by their glyphs' origins.
    pieces: HashMap<(i64, i64), (i64, i64)>,
}

impl Gather {
    /// Take the next picture; a step is done when a picture of the next one comes.
    pub(crate) fn push(&mut self, picture: AtomFrame) -> Option<Gathered> {
        let done = self.pictures.first().is_some_and(|p| p.position != picture.position);
        let step = if done { self.finish() } else { None };
        self.pictures.push(picture);
        step
    }

    /// The step gathered so far (after the last picture).
    pub(crate) fn finish(&mut self) -> Option<Gathered> {
        let mut pictures = std::mem::take(&mut self.pictures);
        let mut frame = pictures.pop()?;
        let slide = pictures.iter().find_map(|p| p.slide.clone());
        let slid = pictures.iter().position(|p| p.slide.is_some());
        let landed = slid.and_then(|k| pictures.iter().skip(k).position(|p| p.slide.is_none()).map(|j| k + j));
        let land_ms = landed.map(|k| pictures[..k].iter().map(|p| p.delay_ms).sum());
        let mut at = 0;
        let before: Vec<(u32, Vec<Atom>)> = pictures
            .into_iter()
            .map(|p| {
                let start = at;
                at += p.delay_ms;
                (start, p.atoms)
            })
            .collect();
        frame.delay_cs = centiseconds(at + frame.delay_ms);
        let mut now: Vec<Atom> = frame
            .squares
            .iter()
            .filter_map(|(on, _)| match on {
                On::Cross(atom) => Some(*atom),
                _ => None,
            })
            .collect();
        now.sort_unstable();
        let mut crosses = [std::mem::take(&mut self.crosses), now.clone()].concat();
        crosses.sort_unstable();
        self.crosses = now;
        let now = pieces(&frame.squares);
        let pieces = std::mem::replace(&mut self.pieces, now.clone()).into_iter().chain(now).collect();
        let mut step = Gathered { frame, before, last_ms: at, land_ms: land_ms.unwrap_or(at), slide, crosses, pieces };
        step.land_silhouette();
        Some(step)
    }
}

impl Gathered {
    /// When `atom`, which changes over this step, starts to fade: the start of the first picture
    /// from which on it shows as in the step's frame ([`CRISP`] for what does not fade, for an
    /// alarm mark that leaves: it goes at once, as the in-betweens take it off, and for a line in
    /// the ghost paint that is no puzzle's cross: a search's tried square, a mark like the others).
    pub(crate) fn cue(&self, atom: &Atom) -> u16 {
        let last = self.frame.atoms.binary_search(atom).is_ok();
        let ghost_line = atom.paint == Paint::Ghost && matches!(atom.shape, Shape::Line { .. });
        let tried = ghost_line && self.crosses.binary_search(atom).is_err();
        if !fades(atom) || (lands(atom) && !last) || tried {
            return CRISP;
        }
        let mut cue = self.last_ms;
        for (start, atoms) in self.before.iter().rev() {
            if atoms.binary_search(atom).is_ok() != last {
                break;
            }
            cue = *start;
        }
        cue.min(u32::from(CRISP - 1)) as u16
    }

    /// Where `atom`, which changes over this step, stands: the left and top pixel of its square
    /// (`None` for shapes no square draws). A queen or her ghost stands on her square, wherever on
    /// it she gives way to its labels.
    pub(crate) fn stands(&self, atom: &Atom) -> Option<(i64, i64)> {
        let at = origin(atom)?;
        Some(if is_piece(atom) { self.pieces.get(&at).copied().unwrap_or(at) } else { at })
    }

    /// A sliding queen's silhouette lands as she stands on the square she reaches (where she
    /// gives way to its labels, as the in-betweens draw her): her glyph in the frame, in the
    /// silhouette's paint and layer.
    fn land_silhouette(&mut self) {
        let Some(to) = self.slide.as_ref().map(|slide| slide.to) else { return };
        let queen = self.frame.atoms.iter().find(|a| is_queen(a) && self.stands(a) == Some(to)).copied();
        if let (Some(queen), Some(slide)) = (queen, self.slide.as_mut()) {
            slide.ghost.iter_mut().filter(|g| is_piece(g)).for_each(|g| g.shape = queen.shape);
        }
    }

    /// The step's whole time, in milliseconds.
    pub(crate) fn delay_ms(&self) -> u32 {
        self.last_ms + self.frame.delay_ms
    }

    /// When a sliding queen lands (the first picture after her slide's, at the latest the step's
    /// own), in milliseconds into the step.
    pub(crate) fn land_ms(&self) -> u32 {
        self.land_ms
    }

    /// How long this step's changes fade: three quarters of its in-betweens' time.
    pub(crate) fn fade_ms(&self) -> u32 {
        self.last_ms * 3 / 4
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::svg::Shape;
    use crate::scene::theme::Paint;

    fn picture(position: usize, delay_ms: u32, atoms: Vec<Atom>) -> AtomFrame {
        AtomFrame {
            atoms,
            position,
            delay_ms,
            step: position,
            delay_cs: 0,
            words: None,
            panels_x: None,
            words_top: None,
            mark: 0,
            placed: None,
            dead_line: None,
            board: None,
            squares: Vec::new(),
            slide: None,
        }
    }

    #[test]
    fn a_steps_pictures_become_its_frame_and_each_change_its_cue() {
        let (queen, shade, word) = (
            Atom { layer: 2, paint: Paint::Queen, shape: Shape::Rect((0, 0, 1, 1)) },
            Atom { layer: 1, paint: Paint::LightAttacked, shape: Shape::Rect((1, 0, 1, 1)) },
            Atom { layer: 11, paint: Paint::Text, shape: Shape::Rect((2, 0, 1, 1)) },
        );
        let mut gather = Gather::default();
        assert!(gather.push(picture(0, 250, vec![])).is_none());
        let first = gather.push(picture(1, 50, vec![word])).expect("frame 0 is done");
        assert_eq!((first.frame.position, first.frame.delay_cs), (0, 25));
        assert!(gather.push(picture(1, 50, vec![queen, word])).is_none());
        assert!(gather.push(picture(1, 150, vec![shade, queen, word])).is_none());
        let step = gather.finish().expect("frame 1");
        assert_eq!(step.frame.delay_cs, 25, "the step's whole time");
        assert_eq!((step.cue(&queen), step.cue(&shade), step.cue(&word)), (50, 100, CRISP));
        assert_eq!(step.fade_ms(), 75);
        assert!(gather.finish().is_none());
    }

    #[test]
    fn a_queen_giving_way_to_labels_stands_on_her_square() {
        use crate::draw::svg::GlyphRef;
        let glyph = |x, y| Shape::Glyph { glyph: GlyphRef::Piece { ch: crate::font::QUEEN, square: 30 }, x, y };
        let (queen, shade) = (
            Atom { layer: 2, paint: Paint::Queen, shape: glyph(43, 1) },
            Atom { layer: 1, paint: Paint::LightAttacked, shape: Shape::Rect((43, 1, 1, 1)) },
        );
        let mut gather = Gather::default();
        let mut frame = picture(0, 250, vec![queen]);
        frame.squares = vec![(On::Square(40, 0), (0, 0, 1)), (On::Piece(43, 1), (0, 0, 1))];
        gather.push(frame);
        gather.push(picture(1, 250, vec![]));
        let step = gather.finish().expect("frame 1");
        assert_eq!(step.stands(&queen), Some((40, 0)), "the queen who left, from the frame before");
        assert_eq!(step.stands(&shade), Some((43, 1)), "what is no queen stands where it is drawn");
        // She slides back to the square she left: her silhouette lands as she stands there.
        let ghost = Atom { layer: 7, paint: Paint::Ghost, shape: glyph(40, 0) };
        let mut sliding = picture(2, 50, vec![]);
        sliding.slide = Some(SlideAt { from: (0, 0), to: (40, 0), ghost: vec![ghost] });
        let mut frame = picture(2, 200, vec![queen]);
        frame.squares = vec![(On::Square(40, 0), (0, 0, 1)), (On::Piece(43, 1), (0, 0, 1))];
        gather.push(sliding);
        gather.push(frame);
        let step = gather.finish().expect("frame 2");
        let landing = Atom { shape: glyph(43, 1), ..ghost };
        assert_eq!(step.slide.map(|s| s.ghost), Some(vec![landing]));
    }
}
