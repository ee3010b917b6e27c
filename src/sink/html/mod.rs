//! The HTML player: one self-contained page that plays, steps, scrubs and loops a run.
//!
//! Contract: the page holds one drawing, the SVG backend's: the atoms of every frame are kept as a
//! [`Timeline`](crate::draw::svg::Timeline) of changes; what never changes is drawn once, what
//! changes is grouped into units (atoms with the same toggles) drawn once each, and a compact table
//! says which units toggle at each frame (see [`units`]); table and markup are packed together,
//! deflated (see [`pack`]). The page's script (`player.js`, embedded at build time) inflates them,
//! places the markup and applies the table: it draws nothing itself. The element with id `frame` is
//! that inline `<svg>`, of the frame's size (1 CSS pixel per frame pixel); `#frame=K` opens paused
//! at frame K. The timeline marks solutions and dead ends (keys s/S, d/D go to the next/previous
//! one; `?` lists every key). Delays are the GIF's (rounded
//! to 1/100 s, never under 2/100 s); the loop count is the GIF's. No network reference of any kind;
//! same input, same bytes. With smooth motion (`--motion smooth`) the same frames are kept (the
//! motion stage's in-betweens are gathered back into their step, see [`Gather`]), the table also
//! says where the units whose changes fade stand and when each step's pictures start (see
//! [`motion`]), and the page carries the script and style that time and fade them while it plays;
//! without, the same bytes as ever.

mod motion;
mod pack;
mod page;
pub(crate) mod puzzle;
mod quiz;
mod units;

use super::atom_frames::{AtomEncoder, AtomFrame};
use super::gather::{Gather, Gathered};
use super::svg::TitleWords;
use super::{Sink, Stream};
use crate::draw::svg::{Atom, Doc, Paints, Timeline, CRISP};
use crate::error::Error;
use crate::font::Glyphs;
use crate::scene::theme::Theme;
use crate::sink::Quiz;
use std::io::Write;

/// Writes the frames it is given as an HTML player page into `W`.
pub struct HtmlSink<W: Write> {
    out: Option<W>,
    embed: bool,
    quiz: Option<Quiz>,
    cues: bool,
    state: Option<PlayerInProgress>,
}

struct PlayerInProgress {
    timeline: Timeline,
    size: (usize, usize),
    theme: Theme,
    dark: Option<Theme>,
    loop_count: Option<u16>,
    steps: Vec<u32>,
    delays: Vec<u32>,
    marks: Vec<u8>,
    placed: Vec<Option<(usize, usize)>>,
    dead_lines: Vec<Option<String>>,
    board: Option<[usize; 4]>,
    words: TitleWords,
    /// Where the first frame's panels start.
    panels_x: Option<usize>,
    words_top: Option<usize>,
    /// Smooth motion's pictures, gathered step by step, and their timing (`None` without motion).
    gather: Option<(Gather, motion::Timing)>,
    /// Whether the page also carries the cues the in-betweens give (`HtmlSink::with_cues`).
    cues: bool,
}

impl<W: Write> HtmlSink<W> {
    /// An HTML player page sink writing into `out`.
    pub fn new(out: W) -> Self {
        HtmlSink { out: Some(out), embed: false, quiz: None, cues: false, state: None }
    }

    /// A page without margins, meant for an `<iframe>` of a fixed size.
    pub fn embed(mut self, embed: bool) -> Self {
        self.embed = embed;
        self
    }

    /// A player that stops before the steps `quiz` chooses and asks what comes.
    pub fn quiz(mut self, quiz: Option<Quiz>) -> Self {
        self.quiz = quiz;
        self
    }

    /// For tests of the script's timing: with smooth motion, the page also carries, as the JSON
    /// array `<script id="cues">`, the cue the in-betweens give every toggle of the table, in its
    /// order (ms into the frame; -1: it switches at once; -2: the unit's atoms disagree).
    #[doc(hidden)]
    pub fn with_cues(mut self) -> Self {
        self.cues = true;
        self
    }
}

impl<W: Write> Sink for HtmlSink<W> {
    type Encoder = AtomEncoder;

    fn start(&mut self, stream: &Stream<'_>) -> Result<AtomEncoder, Error> {
        if self.state.is_some() {
            return Err(Error::SinkState("started twice"));
        }
        self.state = Some(PlayerInProgress {
            timeline: Timeline::new(),
            size: (stream.width, stream.height),
            theme: stream.theme.clone(),
            dark: stream.dark.cloned(),
            loop_count: stream.loop_count,
            steps: Vec::new(),
            delays: Vec::new(),
            marks: Vec::new(),
            placed: Vec::new(),
            dead_lines: Vec::new(),
            board: None,
            words: TitleWords::default(),
            panels_x: None,
            words_top: None,
            gather: stream
                .fine_timing()
                .then(|| (Gather::default(), motion::Timing::new(stream.motion, stream.step_ms))),
            cues: self.cues,
        });
        Ok(AtomEncoder::new(stream))
    }

    fn write(&mut self, frame: AtomFrame) -> Result<(), Error> {
        let state = self.state.as_mut().ok_or(Error::SinkState("frame before start"))?;
        match state.gather.as_mut() {
            None => state.frame(frame, None),
            Some((gather, _)) => match gather.push(frame) {
                Some(step) => state.frame(step.frame.clone(), Some(&step)),
                None => Ok(()),
            },
        }
    }

    fn finish(&mut self) -> Result<(), Error> {
        let mut state = self.state.take().ok_or(Error::SinkState("finish before start"))?;
        if let Some(step) = state.gather.as_mut().and_then(|(gather, _)| gather.finish()) {
            state.frame(step.frame.clone(), Some(&step))?;
        }
        state.write(self.out.take().ok_or(Error::SinkState("finished twice"))?, self.embed, self.quiz)
    }
}

impl PlayerInProgress {
    /// Keep one frame (with smooth motion, its step's cues).
    fn frame(&mut self, frame: AtomFrame, moving: Option<&Gathered>) -> Result<(), Error> {
        let state = self;
        if state.words.keep(frame.words) {
            state.panels_x = frame.panels_x;
            state.words_top = frame.words_top;
        }
        let step = u32::try_from(frame.step).map_err(|_| Error::SinkState("a frame number over 2^32"))?;
        state.steps.push(step);
        state.delays.push(u32::from(frame.delay_cs));
        state.marks.push(frame.mark);
        state.placed.push(frame.placed);
        state.dead_lines.push(frame.dead_line);
        state.board = state.board.or(frame.board);
        let duration = u64::from(frame.delay_cs) * 10;
        let Some(step) = moving else {
            state.timeline.push(frame.atoms, duration);
            return Ok(());
        };
        if let Some((_, timing)) = state.gather.as_mut() {
            timing.step(step);
        }
        // The script times the fades itself: the in-betweens' cues are only found for a test page.
        let exact = |atom: &Atom| step.cue(atom);
        let cue: &dyn Fn(&Atom) -> u16 = if state.cues { &exact } else { &|_| CRISP };
        state.timeline.push_moving(frame.atoms, duration, cue, step.fade_ms());
        if let Some(slide) = &step.slide {
            state.timeline.push_slide(slide.ghost.clone(), (slide.from, slide.to), step.land_ms());
        }
        Ok(())
    }

    /// The page, into `out`.
    fn write<W: Write>(self, mut out: W, embed: bool, quiz: Option<Quiz>) -> Result<(), Error> {
        let state = self;
        let frames = state.steps.len();
        let title = state.words.title(frames);
        let mut doc = Doc::new(Paints::new(&state.theme, state.dark.as_ref()));
        let timing = state.gather.map(|(_, timing)| timing);
        let place = |atom: &Atom| timing.as_ref().and_then(|timing| timing.place(atom));
        let changes = state.timeline.into_changes();
        let drawing = units::drawing(changes, &mut doc, &Glyphs::new(), (state.panels_x, state.words_top), &place);
        let svg = page::inline_svg(&doc.finish(state.size, &title, "", &drawing.body));
        let motion = timing.as_ref().map(|timing| timing.table((&drawing.kinds, &drawing.squares, &drawing.sliders)));
        let data = pack::pack(&drawing, (&state.steps, &state.delays, &state.marks), motion.as_ref(), &svg);
        let cues = (state.cues && timing.is_some()).then(|| cue_list(&drawing));
        let loop_count = if frames > 1 { state.loop_count } else { Some(0) };
        let steps = quiz::Steps {
            marks: &state.marks,
            placed: &state.placed,
            dead_lines: &state.dead_lines,
            board: state.board,
        };
        let quiz = quiz.and_then(|quiz| quiz::data(quiz, &steps));
        let page = page::Page {
            title: &title,
            size: state.size,
            data: &data,
            bare_words: &state.words.first,
            loop_count,
            theme: &state.theme,
            dark: state.dark.as_ref(),
            embed,
            quiz: quiz.as_deref(),
            fade_ms: drawing.fade_ms,
            slides: !drawing.sliders.is_empty(),
            cues: cues.as_deref(),
        };
        let marks = drawing.kinds.iter().any(|&kind| kind > 3);
        let html = if marks { page.html() } else { without_marks(page.html()) };
        out.write_all(html.as_bytes())?;
        out.flush()?;
        Ok(())
    }
}

/// `html` without the script's `marks` blocks (of `player.js` and `motion.js`), for a page without
/// a puzzle's crosses (no unit of kind 4), which is then what it was before they existed.
/// `page.rs` keeps them; each is taken out here as the page carries it (compacted, squeezed).
fn without_marks(mut html: String) -> String {
    for source in [include_str!("player.js"), include_str!("motion.js")] {
        let mut block: Option<String> = None;
        for line in source.lines().map(str::trim) {
            match (line, block.as_mut()) {
                ("//+marks", _) => block = Some(String::new()),
                ("//-marks", Some(text)) => {
                    if let Some(at) = html.find(&format!("{text}\n")) {
                        html.replace_range(at..at + text.len(), "");
                    }
                    block = None;
                }
                (_, Some(text)) if !page::compact(line).is_empty() => {
                    text.push_str(&format!("\n{}", page::squeeze(line)))
                }
                _ => {}
            }
        }
    }
    html
}

/// The cue of every toggle of `drawing`'s table, in its order, as a JSON array (see
/// [`HtmlSink::with_cues`]).
fn cue_list(drawing: &units::Drawing) -> String {
    let mut seen = vec![0; drawing.units];
    let mut out = Vec::new();
    for &unit in drawing.toggles.iter().flatten() {
        let k = seen[unit as usize];
        seen[unit as usize] += 1;
        out.push(match &drawing.cues[unit as usize] {
            None => -2,
            Some(cues) => cues.get(k).map_or(-2, |&cue| if cue == CRISP { -1 } else { i32::from(cue) }),
        });
    }
    format!("{out:?}").replace(' ', "")
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod marks_tests {
    use super::page::{compact, select, squeeze};

    /// The page's script from `player.js` with `motion.js` in it, as the page carries it.
    fn script(marks: bool) -> String {
        let motion = include_str!("motion.js");
        let player = select(include_str!("player.js"), "motion", true).replacen("//motion.js\n", motion, 1);
        let source = if marks { player } else { select(&player, "marks", false) };
        compact(&source).lines().map(squeeze).collect::<Vec<_>>().join("\n")
    }

    #[test]
    fn a_page_without_marks_leaves_out_just_their_blocks() {
        let (with, without) = (script(true), script(false));
        assert!(with.len() > without.len() + 200 && with.contains("t.sweep") && !without.contains("t.sweep"));
        assert_eq!(super::without_marks(format!("<script>{with}</script>")), format!("<script>{without}</script>"));
    }
}
