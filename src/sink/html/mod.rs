//! The HTML player: one self-contained page that plays, steps, scrubs and loops a run.
//!
//! Contract: the page holds one drawing, the SVG backend's: the atoms of every frame are kept as a
//! [`Timeline`](crate::draw::svg::Timeline) of changes; what never changes is drawn once, what
//! changes is grouped into units (atoms with the same toggles) drawn once each, and a compact table
//! says which units toggle at each frame (see [`units`]); table and markup are packed together,
//! deflated (see [`pack`]). The page's script (`player.js`, embedded at build time) inflates them,
//! places the markup and applies the table: it draws nothing itself. The element with id `frame` is
//! that inline `<svg>`, with the frame's size as its `width` and `height`, drawn as wide as the
//! window allows (see `player.css`; 1 CSS pixel per frame pixel in an `--embed` iframe of the
//! frame's width and room for the controls); `#frame=K` opens paused
//! at frame K. The timeline marks solutions and dead ends (keys s/S, d/D go to the next/previous
//! one; `?` lists every key). Delays are the GIF's (rounded
//! to 1/100 s, never under 2/100 s); the loop count is the GIF's. No network reference of any kind;
//! same input, same bytes. With smooth motion (`--motion smooth`) the same frames are kept (the
//! motion stage's in-betweens are gathered back into their step, see [`Gather`]), the table also
//! says when each step's pictures start and either every change's cue or where the units whose
//! changes fade stand, whichever makes the smaller page (see [`motion`]), and the page carries the
//! script and style that time and fade them while it plays; without, the same bytes as ever.

mod motion;
mod names;
mod pack;
mod page;
pub(crate) mod puzzle;
mod quiz;
mod units;

use super::atom_frames::{AtomEncoder, AtomFrame};
use super::gather::{Gather, Gathered};
use super::svg::TitleWords;
use super::{Sink, Stream};
use crate::draw::svg::{Atom, Doc, Paints, Timeline, CRISP, JUMP};
use crate::error::Error;
use crate::font::Glyphs;
use crate::scene::theme::Theme;
use crate::sink::options::ask::Questions;
use crate::sink::Quiz;
use std::io::Write;

/// Writes the frames it is given as an HTML player page into `W`.
pub struct HtmlSink<W: Write> {
    out: Option<W>,
    embed: bool,
    quiz: Option<Quiz>,
    cues: Option<bool>,
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
    /// With a quiz, its questions as the frames come, and the last frame's position they saw.
    questions: Option<(Questions, Option<usize>)>,
    board: Option<[usize; 4]>,
    words: TitleWords,
    /// Where the first frame's panels start.
    panels_x: Option<usize>,
    words_top: Option<usize>,
    /// Smooth motion's pictures, gathered step by step, and their timing (`None` without motion).
    gather: Option<(Gather, motion::Timing)>,
    /// A test page (`HtmlSink::with_cues`): it also carries the cues the in-betweens give, and
    /// whether it stores them.
    cues: Option<bool>,
}

impl<W: Write> HtmlSink<W> {
    /// An HTML player page sink writing into `out`.
    pub fn new(out: W) -> Self {
        HtmlSink { out: Some(out), embed: false, quiz: None, cues: None, state: None }
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
    /// order (ms into the frame; -1: it switches at once; -2: the unit's atoms disagree), and
    /// `stored` says how it times its fades (it stores its cues, or its script finds them; see
    /// `motion.rs`) instead of the smaller page's way.
    #[doc(hidden)]
    pub fn with_cues(mut self, stored: bool) -> Self {
        self.cues = Some(stored);
        self
    }
}

impl<W: Write> Sink for HtmlSink<W> {
    type Encoder = quiz::PageEncoder;

    fn start(&mut self, stream: &Stream<'_>) -> Result<quiz::PageEncoder, Error> {
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
            questions: quiz::questions(self.quiz).map(|questions| (questions, None)),
            board: None,
            words: TitleWords::default(),
            panels_x: None,
            words_top: None,
            gather: stream
                .fine_timing()
                .then(|| (Gather::default(), motion::Timing::new(stream.motion, stream.step_ms))),
            cues: self.cues,
        });
        Ok(quiz::PageEncoder { atoms: AtomEncoder::new(stream), quiz: self.quiz.is_some() })
    }

    fn write(&mut self, (frame, facts): (AtomFrame, Option<quiz::Facts>)) -> Result<(), Error> {
        let state = self.state.as_mut().ok_or(Error::SinkState("frame before start"))?;
        if let (Some((questions, seen)), Some(facts)) = (state.questions.as_mut(), facts) {
            // A step's in-betweens share its position: the quiz sees each frame once.
            if *seen != Some(frame.position) {
                *seen = Some(frame.position);
                if frame.position == 0 {
                    questions.start(facts.start);
                }
                let placing = matches!(facts.event, Some(crate::trace::Event::Place { .. }));
                debug_assert_eq!(frame.placed.is_some(), placing, "the quiz replays the frame's own step");
                questions.push(frame.position, frame.step, facts.event.as_ref(), frame.dead_line);
            }
        }
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
        state.write(self.out.take().ok_or(Error::SinkState("finished twice"))?, self.embed)
    }

    fn holds_run(&self) -> bool {
        true
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
        state.board = state.board.or(frame.board);
        let duration = u64::from(frame.delay_cs) * 10;
        let Some(step) = moving else {
            state.timeline.push(frame.atoms, duration);
            return Ok(());
        };
        if let Some((_, timing)) = state.gather.as_mut() {
            timing.step(step);
        }
        // The in-betweens' cues; a queen who slides leaves and lands at once, and so does all that
        // changes on her two squares (JUMP).
        let ends = step.slide.as_ref().map(|slide| [Some(slide.from), Some(slide.to)]);
        let cue = |atom: &Atom| match step.cue(atom) {
            CRISP => CRISP,
            cue if ends.is_some_and(|ends| ends.contains(&step.stands(atom))) => cue | JUMP,
            cue => cue,
        };
        state.timeline.push_moving(frame.atoms, duration, &cue, step.fade_ms());
        if let Some(slide) = &step.slide {
            state.timeline.push_slide(slide.ghost.clone(), (slide.from, slide.to), step.land_ms());
        }
        Ok(())
    }

    /// The page, into `out`. With smooth motion, of the two ways to time the fades (the page
    /// stores every change's cue, or its script finds them by the motion stage's rule from where
    /// the units stand), the one that makes the smaller page (a test page's,
    /// [`HtmlSink::with_cues`], is chosen).
    fn write<W: Write>(mut self, mut out: W, embed: bool) -> Result<(), Error> {
        let quiz = self.questions.take().map(|(questions, _)| quiz::data(questions, self.board)).transpose()?;
        let timeline = std::mem::take(&mut self.timeline);
        let html = match self.gather.as_ref().map(|(_, timing)| timing) {
            Some(timing) if self.cues.is_none() => {
                let stored = self.html((timeline.clone(), Some(timing), true), embed, quiz.as_deref());
                let found = self.html((timeline, Some(timing), false), embed, quiz.as_deref());
                if stored.len() <= found.len() {
                    stored
                } else {
                    found
                }
            }
            timing => {
                let stored = timing.is_some() && self.cues == Some(true);
                self.html((timeline, timing, stored), embed, quiz.as_deref())
            }
        };
        out.write_all(html.as_bytes())?;
        out.flush()?;
        Ok(())
    }

    /// The page of `timeline`'s changes; with motion (`timing`), `stored`: it stores every
    /// change's cue, else its script finds them.
    fn html(
        &self,
        (timeline, timing, stored): (Timeline, Option<&motion::Timing>, bool),
        embed: bool,
        quiz: Option<&str>,
    ) -> String {
        let state = self;
        let frames = state.steps.len();
        let title = state.words.title(frames);
        let mut doc = Doc::new(Paints::new(&state.theme, state.dark.as_ref()));
        let place = |atom: &Atom| timing.filter(|_| !stored).and_then(|timing| timing.place(atom));
        let changes = timeline.into_changes();
        let (font, words) = (Glyphs::new(), (state.panels_x, state.words_top));
        let drawing = units::drawing(changes, &mut doc, &font, words, (&place, stored));
        let svg = page::inline_svg(&doc.finish(state.size, &title, "", &drawing.body));
        let motion = timing.map(|timing| timing.table(&drawing, stored));
        let data = pack::pack(&drawing, (&state.steps, &state.delays, &state.marks), motion.as_ref(), &svg);
        let cues = (state.cues.is_some() && timing.is_some()).then(|| cue_list(&drawing));
        let loop_count = if frames > 1 { state.loop_count } else { Some(0) };
        let page = page::Page {
            title: &title,
            size: state.size,
            data: &data,
            bare_words: &state.words.first,
            loop_count,
            theme: &state.theme,
            dark: state.dark.as_ref(),
            embed,
            quiz,
            fade_ms: drawing.fade_ms,
            slides: !drawing.sliders.is_empty(),
            marks: drawing.kinds.contains(&4),
            stored,
            cues: cues.as_deref(),
        };
        page.html()
    }
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
            Some(cues) => cues.get(k).map_or(-2, |&cue| if cue == CRISP { -1 } else { i32::from(cue & !JUMP) }),
        });
    }
    format!("{out:?}").replace(' ', "")
}

#[cfg(test)]
mod tests;
