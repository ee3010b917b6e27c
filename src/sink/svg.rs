//! The SVG sink: one frame as an SVG still, several as one animated SVG (CSS animations, no
//! script) with the GIF's timing and loop count. Also the frame encoder the SVG-drawn sinks share
//! (this one and the HTML player): [`AtomEncoder`] breaks each frame into atoms on the worker
//! threads, and [`TitleWords`] keeps the first and last frames' words for the picture's title.
//!
//! Contract: frames are broken into atoms on the worker threads; the sink keeps only what changes
//! between consecutive frames and writes the document at the end. With smooth motion the encoder
//! takes the motion stage's in-betweens, and [`Gather`] turns each step's pictures back into the
//! step's own frame (no frame added) with a cue for every atom that changes: when, in the
//! in-betweens, it takes its final state for good (the fade's start; see
//! `draw::svg::Timeline::push_moving`). Delays are the GIF's (rounded
//! to 1/100 s, never under 2/100 s). With a dark theme in the stream (`RenderOptions::dark`), one
//! file carries both themes, switched by `prefers-color-scheme`.

use super::{Encode, Frame, Sink, Stream};
use crate::draw::raster::canvas::IndexedImage;
use crate::draw::svg::{animation_title, atoms, fades, is_queen, words, Atom, SvgPicture, CRISP, JUMP};
use crate::encode::gif::centiseconds;
use crate::error::Error;
use crate::font::Glyphs;
use std::io::Write;

/// Writes the frames it is given as an SVG (still or animated) into `W`.
pub struct SvgSink<W: Write> {
    out: Option<W>,
    title: Option<String>,
    state: Option<SvgInProgress>,
}

struct SvgInProgress {
    picture: SvgPicture,
    loop_count: Option<u16>,
    words: TitleWords,
    /// Smooth motion's pictures, gathered step by step (`None` without motion).
    gather: Option<Gather>,
}

impl SvgInProgress {
    fn frame(&mut self, frame: AtomFrame) {
        self.words.keep(frame.words);
        self.picture.push_atoms(frame.atoms, u64::from(frame.delay_cs) * 10);
    }

    fn step(&mut self, step: Gathered) {
        self.words.keep(step.frame.words.clone());
        let (duration, fade) = (u64::from(step.frame.delay_cs) * 10, step.fade_ms());
        // Only queens fade: a fade costs two keyframes a change, a jump one (the bytes of an
        // animated SVG are its keyframes); shading and ghosts jump at their cues, a wave.
        let cue = |atom: &Atom| match step.cue(atom) {
            CRISP => CRISP,
            cue if !is_queen(atom) => cue | JUMP,
            cue => cue,
        };
        self.picture.push_moving(step.frame.atoms.clone(), duration, &cue, fade);
    }
}

impl<W: Write> SvgSink<W> {
    /// An SVG sink writing into `out`.
    pub fn new(out: W) -> Self {
        SvgSink { out: Some(out), title: None, state: None }
    }

    /// Use `title` as the picture's words (default: the captions of the first and last frames).
    pub fn with_title(mut self, title: impl Into<String>) -> Self {
        self.title = Some(title.into());
        self
    }
}

/// Breaks frames into SVG atoms on the worker threads (the SVG sink's and the HTML player's encoder).
pub struct AtomEncoder {
    glyphs: Glyphs,
    hatch: bool,
    frames: Option<usize>,
    /// Whether the first frame lists its squares (smooth motion).
    squares: bool,
}

/// The pictures of one step under smooth motion, gathered as they come.
#[derive(Default)]
pub(crate) struct Gather {
    pictures: Vec<AtomFrame>,
}

/// One step gathered: its own frame (its last picture, timed as the whole step) and the atoms
/// and start (ms into the step) of the in-betweens before it.
pub(crate) struct Gathered {
    pub(crate) frame: AtomFrame,
    before: Vec<(u32, Vec<Atom>)>,
    /// When the step's own picture starts.
    last_ms: u32,
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
        Some(Gathered { frame, before, last_ms: at })
    }
}

impl Gathered {
    /// When `atom`, which changes over this step, starts to fade: the start of the first picture
    /// from which on it shows as in the step's frame ([`CRISP`] for what does not fade).
    pub(crate) fn cue(&self, atom: &Atom) -> u16 {
        if !fades(atom) {
            return CRISP;
        }
        let last = self.frame.atoms.binary_search(atom).is_ok();
        let mut cue = self.last_ms;
        for (start, atoms) in self.before.iter().rev() {
            if atoms.binary_search(atom).is_ok() != last {
                break;
            }
            cue = *start;
        }
        cue.min(u32::from(CRISP - 1)) as u16
    }

    /// The step's whole time, in milliseconds.
    pub(crate) fn delay_ms(&self) -> u32 {
        self.last_ms + self.frame.delay_ms
    }

    /// How long this step's changes fade: three quarters of its in-betweens' time.
    pub(crate) fn fade_ms(&self) -> u32 {
        self.last_ms * 3 / 4
    }
}

impl AtomEncoder {
    /// The encoder for `stream`'s frames (with smooth motion, their in-betweens too).
    pub(crate) fn new(stream: &Stream<'_>) -> Self {
        AtomEncoder {
            glyphs: Glyphs::new(),
            hatch: stream.theme.hatch,
            frames: stream.frames,
            squares: stream.fine_timing(),
        }
    }
}

/// One frame broken into atoms, ready for a timeline.
#[derive(Clone)]
pub struct AtomFrame {
    pub(crate) atoms: Vec<Atom>,
    /// The frame's position among the output frames (its in-betweens share it).
    pub(crate) position: usize,
    /// How long the picture shows, in milliseconds.
    pub(crate) delay_ms: u32,
    /// The frame's step (its position in the whole run).
    pub(crate) step: usize,
    /// The GIF's delay, in 1/100 s.
    pub(crate) delay_cs: u16,
    /// The caption's words, kept for the first and last frames only (every frame's when the count is unknown).
    pub(crate) words: Option<String>,
    /// Where the panels start (text from there on is not read as the caption).
    pub(crate) panels_x: Option<usize>,
    /// Where the caption starts (text above it is not read as the caption).
    pub(crate) words_top: Option<usize>,
    /// What the timeline marks on this frame: 0 nothing, 1 a solution, 2 a dead end.
    pub(crate) mark: u8,
    /// The square (row, column) a queen is placed on in this frame's step, if it places one.
    pub(crate) placed: Option<(usize, usize)>,
    /// On a dead end, the line that runs out ("column f", "row 3").
    pub(crate) dead_line: Option<String>,
    /// The first frame's board: left, top, square side (pixels) and squares a side.
    pub(crate) board: Option<[usize; 4]>,
    /// Under smooth motion, the first frame's squares: left, top, then board, row and column.
    pub(crate) squares: Vec<SquareAt>,
}

/// A square's place: its left and top pixel, then its board, row and column.
pub(crate) type SquareAt = ((i64, i64), (u8, u16, u16));

impl Encode for AtomEncoder {
    type Encoded = AtomFrame;

    fn encode(&self, _before: Option<&IndexedImage>, frame: &Frame<'_>) -> Result<AtomFrame, Error> {
        let first_or_last = frame.position == 0 || self.frames.is_none_or(|n| frame.position + 1 == n);
        Ok(AtomFrame {
            atoms: atoms(frame.scene, &self.glyphs, self.hatch),
            position: frame.position,
            delay_ms: frame.delay_ms,
            step: frame.step,
            delay_cs: centiseconds(frame.delay_ms),
            words: first_or_last.then(|| words(frame.scene, &self.glyphs)),
            panels_x: frame.scene.panels_x,
            words_top: frame.scene.words_top,
            mark: mark(frame),
            placed: match frame.event {
                Some(crate::trace::Event::Place { row, col }) => Some((*row, *col)),
                _ => None,
            },
            dead_line: (mark(frame) == 2).then(|| dead_line(frame.caption)).flatten(),
            board: (frame.position == 0).then(|| board(frame.scene)).flatten(),
            squares: if self.squares && frame.position == 0 { squares(frame.scene) } else { Vec::new() },
        })
    }

    /// Draws the scene: no pixels needed.
    fn needs_pixels(&self) -> bool {
        false
    }

    /// Smooth motion's in-betweens come in; the sinks keep each step's frame and cues.
    fn takes_motion(&self) -> bool {
        true
    }
}

/// The timeline's mark for `frame`: 1 on a solution, 2 on a dead end (a line runs out of safe
/// squares: the caption gives its reason, `board::deadend::why_reason`, on a step that is not a
/// removal), else 0.
pub(crate) fn mark(frame: &Frame<'_>) -> u8 {
    use crate::trace::Event;
    match frame.event {
        Some(Event::Solution { .. }) => 1,
        Some(Event::Remove { .. }) | None => 0,
        Some(_) => u8::from(frame.caption.iter().any(|line| line.contains(": no safe square"))) * 2,
    }
}

/// The line a dead end's caption names ("column f" of "place b2 · column f: no safe square").
pub(crate) fn dead_line(caption: &[String]) -> Option<String> {
    let line = caption.iter().find_map(|line| line.split(": no safe square").next().filter(|_| line.contains(':')))?;
    let words: Vec<&str> = line.split_whitespace().collect();
    let name = words.get(words.len().checked_sub(2)?..)?.join(" ");
    (name.starts_with("column ") || name.starts_with("row ")).then_some(name)
}

/// The scene's own board: left, top, square side and squares a side (from its top-left square).
pub(crate) fn board(scene: &crate::scene::items::Scene) -> Option<[usize; 4]> {
    use crate::scene::{identity::ItemId, items::Item};
    let mut found: Option<[usize; 4]> = None;
    for (item, id) in scene.items.iter().zip(&scene.ids) {
        if let (Item::Square { x, y, size, .. }, ItemId::Square { board: 0, row, col }) = (item, id) {
            let n = usize::from(*row.max(col)) + 1;
            let at = found.get_or_insert([*x, *y, *size, n]);
            at[0] = at[0].min(*x);
            at[1] = at[1].min(*y);
            at[3] = at[3].max(n);
        }
    }
    found
}

/// The scene's squares, where they stand.
fn squares(scene: &crate::scene::items::Scene) -> Vec<SquareAt> {
    use crate::scene::{identity::ItemId, items::Item};
    let pairs = scene.items.iter().zip(&scene.ids);
    pairs
        .filter_map(|pair| match pair {
            (Item::Square { x, y, .. }, ItemId::Square { board, row, col }) => {
                Some(((*x as i64, *y as i64), (*board, *row, *col)))
            }
            _ => None,
        })
        .collect()
}

/// The words of an animation's first and last frames, for its title.
#[derive(Default)]
pub(crate) struct TitleWords {
    pub(crate) first: String,
    last: String,
    seen: bool,
}

impl TitleWords {
    /// Keep a frame's words (the first ones seen stay the first; every later one is the last so far).
    /// Returns whether they were the first.
    pub(crate) fn keep(&mut self, words: Option<String>) -> bool {
        let Some(words) = words else { return false };
        let first = !self.seen;
        if first {
            self.first = words.clone();
            self.seen = true;
        }
        self.last = words;
        first
    }

    /// "first words — K frames — last words" (the first words alone for one frame).
    pub(crate) fn title(&self, frames: usize) -> String {
        animation_title(&self.first, &self.last, frames)
    }
}

impl<W: Write> Sink for SvgSink<W> {
    type Encoder = AtomEncoder;

    fn start(&mut self, stream: &Stream<'_>) -> Result<AtomEncoder, Error> {
        if self.state.is_some() {
            return Err(Error::SinkState("started twice"));
        }
        let picture = SvgPicture::new((stream.width, stream.height), stream.theme, stream.dark);
        let gather = stream.fine_timing().then(Gather::default);
        self.state =
            Some(SvgInProgress { picture, loop_count: stream.loop_count, words: TitleWords::default(), gather });
        Ok(AtomEncoder::new(stream))
    }

    fn write(&mut self, frame: AtomFrame) -> Result<(), Error> {
        let state = self.state.as_mut().ok_or(Error::SinkState("frame before start"))?;
        let Some(gather) = state.gather.as_mut() else {
            state.frame(frame);
            return Ok(());
        };
        if let Some(step) = gather.push(frame) {
            state.step(step);
        }
        Ok(())
    }

    fn finish(&mut self) -> Result<(), Error> {
        let mut state = self.state.take().ok_or(Error::SinkState("finish before start"))?;
        if let Some(step) = state.gather.as_mut().and_then(Gather::finish) {
            state.step(step);
        }
        let mut out = self.out.take().ok_or(Error::SinkState("finished twice"))?;
        let frames = state.picture.frames();
        let title = self.title.clone().unwrap_or_else(|| state.words.title(frames));
        let loop_count = if frames > 1 { state.loop_count } else { None };
        out.write_all(state.picture.finish(&title, loop_count).as_bytes())?;
        out.flush()?;
        Ok(())
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
}
