//! The pipeline's moving parts: a replay thread sending chunks of selected frame states through a
//! bounded channel, workers drawing and encoding runs of consecutive frames on all cores, and the
//! sink writing the results in order.
//!
//! The seam: what a frame state is and how it is drawn is a [`Drawer`] — a [`RunDrawer`] (one run's
//! [`BoardFrame`]s described, then painted), or a composite (a race's boards side by side).

use super::timing::Pacer;
use super::{inbetweens, Animation, Progress, Summary, Timing};
use crate::board::facts::StepFacts;
use crate::board::BoardFrame;
use crate::draw::raster::canvas::IndexedImage;
use crate::draw::raster::palette::Palette;
use crate::draw::raster::Painter;
use crate::error::Error;
use crate::motion::{self, Motion};
use crate::scene::caption::Sentence;
use crate::scene::items::Scene;
use crate::scene::Describer;
use crate::sink::{Encode, Frame, Sink, Stream};
use crate::trace::Event;
use rayon::prelude::*;
use std::sync::mpsc::{sync_channel, SyncSender};

/// Chunks in flight between the replay thread and the drawing workers.
const CHANNEL_CHUNKS: usize = 2;

/// Which frames of the replay go out.
pub struct Selected {
    /// Frame numbers, increasing (`None`: all).
    frames: Option<Vec<usize>>,
    /// Frames that will go out, when known.
    count: Option<usize>,
}

impl Selected {
    /// `frames` of a run of `run_frames` frames (`None`: all of them).
    pub fn new(frames: Option<Vec<usize>>, run_frames: usize) -> Self {
        let count = Some(frames.as_ref().map_or(run_frames, Vec::len));
        Selected { frames, count }
    }

    /// Every frame of a run whose length is not known.
    pub fn all_of_unknown() -> Self {
        Selected { frames: None, count: None }
    }
}

/// A frame's state before it is drawn: its number in the run and the event it shows.
pub trait FrameState: Send + Sync {
    fn index(&self) -> usize;
    fn event(&self) -> Option<&Event>;
}

impl FrameState for BoardFrame {
    fn index(&self) -> usize {
        self.index
    }

    fn event(&self) -> Option<&Event> {
        self.event.as_ref()
    }
}

/// Draws frame states into images of one size and palette; cloned once per worker.
pub trait Drawer: Clone + Send {
    type Frame: FrameState;
    fn size(&self) -> (usize, usize);
    fn palette(&self) -> &Palette;
    fn blank(&self) -> IndexedImage;
    /// What `frame` shows (vector sinks draw this too).
    fn describe(&self, frame: &Self::Frame) -> Scene;
    /// Paint a scene this drawer described into `canvas`.
    fn paint(&mut self, scene: &Scene, canvas: &mut IndexedImage);
    fn draw(&mut self, frame: &Self::Frame, canvas: &mut IndexedImage) {
        let scene = self.describe(frame);
        self.paint(&scene, canvas);
    }
    /// What `frame` says in words (default: nothing, plain delays; its step's plain facts).
    fn words(&self, frame: &Self::Frame) -> Words {
        Words { facts: StepFacts::plain(frame.event()), ..Words::default() }
    }
}

/// What a frame says in words, as the caption decides, and its step's facts: never re-derived
/// from event kinds or caption text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Words {
    /// The caption's lines as plain text (empty: none).
    pub lines: Vec<String>,
    /// The sentence each of the frame's boards brings (a race has several; `None`: a plain step
    /// or a label).
    pub sentences: Vec<Option<Sentence>>,
    /// The words the frame is held for, as the run's [`Pacer`] decided (`None`: plain delays).
    pub to_read: Option<usize>,
    /// The step's facts.
    pub facts: StepFacts,
}

impl Default for Words {
    fn default() -> Self {
        Words { lines: Vec::new(), sentences: Vec::new(), to_read: None, facts: StepFacts::plain(None) }
    }
}

impl Words {
    /// A run's frame's words, from its describer's caption (bare frames draw none: nothing to read).
    pub fn of(describer: &Describer, frame: &BoardFrame) -> Self {
        let facts = describer.facts(frame);
        describer.caption_of(frame, &facts).map_or_else(
            || Words { facts: facts.clone(), ..Words::default() },
            |caption| Words {
                sentences: vec![caption.action.to_read().filter(|_| describer.draws_caption())],
                lines: caption.plain_lines(),
                to_read: None,
                facts: facts.clone(),
            },
        )
    }
}

/// What `frame` says, its sentences held as the run's `pacer` decides (frames come to it in order).
pub fn paced_words<D: Drawer>(drawer: &D, pacer: &mut Pacer, frame: &D::Frame) -> Words {
    let mut words = drawer.words(frame);
    words.to_read = pacer.words_to_hold(&words.sentences);
    words
}

/// How long `frame` shows: its usual delay (the dead-end hold when its facts say it is a dead end),
/// held for reading when it brings a sentence.
pub fn frame_delay<F: FrameState>(timing: &Timing, frame: &F, last: bool, words: &Words) -> u32 {
    let dead_end = words.facts.dead_end().is_some();
    let usual = timing.delay_for((frame.index(), frame.event()), last, dead_end);
    timing.with_reading(usual, words.to_read)
}

/// One run's frames: described by its [`Describer`], painted by a [`Painter`] for its squares.
#[derive(Clone)]
pub struct RunDrawer {
    /// What the frames show.
    pub describer: Describer,
    /// How scenes become pixels.
    pub painter: Painter,
}

impl RunDrawer {
    /// A drawer painting `describer`'s scenes in `theme`'s colours.
    pub fn new(describer: Describer, theme: &crate::scene::theme::Theme) -> Self {
        let painter = Painter::new(theme, describer.layout.square);
        RunDrawer { describer, painter }
    }
}

impl Drawer for RunDrawer {
    type Frame = BoardFrame;

    fn size(&self) -> (usize, usize) {
        (self.describer.layout.width, self.describer.layout.height)
    }

    fn palette(&self) -> &Palette {
        &self.painter.palette
    }

    fn blank(&self) -> IndexedImage {
        self.painter.blank(self.size())
    }

    fn describe(&self, frame: &BoardFrame) -> Scene {
        self.describer.describe(frame)
    }

    fn paint(&mut self, scene: &Scene, canvas: &mut IndexedImage) {
        self.painter.paint(scene, canvas)
    }

    fn words(&self, frame: &BoardFrame) -> Words {
        Words::of(&self.describer, frame)
    }
}

/// A replayed frame on its way to the workers, whether it is the last to go out, and its words
/// (paced in order on the replay thread).
type Chunk<T> = Vec<(T, bool, Words)>;

/// Start the sink, then replay, draw, encode and write every selected frame in order.
pub fn draw_frames<S, D, F>(
    drawer: D,
    frames: F,
    selected: Selected,
    animation: &Animation,
    sink: &mut S,
    progress: &dyn Progress,
) -> Result<Summary, Error>
where
    S: Sink,
    D: Drawer,
    F: Iterator<Item = Result<D::Frame, Error>> + Send,
{
    let (width, height) = drawer.size();
    let stream = Stream {
        width,
        height,
        palette: drawer.palette(),
        loop_count: animation.timing.loop_count,
        frames: selected.count,
        delays: &motion::delays(animation.motion, animation.timing.delay_ms, &animation.timing.delays()),
        theme: &animation.look.theme,
        dark: animation.look.dark.as_ref(),
        motion: animation.motion,
        step_ms: animation.timing.delay_ms,
    };
    let encoder = sink.start(&stream)?;
    if animation.motion != Motion::None && !encoder.takes_motion() {
        return Err(inbetweens::unsupported());
    }
    // A chunk holds about as many pictures as the encoder asks for, in-betweens included.
    let pictures = motion::most_pictures(animation.motion, animation.timing.delay_ms, &animation.timing.delays());
    let mut drawers = vec![drawer; rayon::current_num_threads().max(1)];
    let mut written = 0;
    let done = std::thread::scope(|scope| -> Result<usize, Error> {
        let (tx, rx) = sync_channel(CHANNEL_CHUNKS);
        let wanted = selected.frames.as_deref();
        let chunk_frames = (encoder.frames_per_chunk() / pictures).max(rayon::current_num_threads()).max(1);
        let (words_drawer, mut pacer) = (drawers[0].clone(), Pacer::new(animation.timing.pace));
        let words = move |frame: &D::Frame| paced_words(&words_drawer, &mut pacer, frame);
        scope.spawn(move || replay_in_chunks(frames, wanted, chunk_frames, words, tx));
        // The last two frames sent out, oldest first: the bases of the next chunk.
        let mut before: (Option<D::Frame>, Option<D::Frame>) = (None, None);
        let mut done = 0;
        for chunk in rx {
            let chunk = chunk?;
            let job = Job { encoder: &encoder, timing: &animation.timing, motion: animation.motion, first: done };
            for encoded in job.run(&mut drawers, (before.0.as_ref(), before.1.as_ref()), &chunk) {
                for picture in encoded? {
                    sink.write(picture)?;
                    written += 1;
                }
                done += 1;
                if !progress.advance(done, selected.count) {
                    return Err(Error::Cancelled);
                }
            }
            let mut last_two = chunk.into_iter().rev().map(|(frame, _, _)| frame);
            let last = last_two.next();
            before = (last_two.next().or(before.1), last);
        }
        Ok(done)
    })?;
    sink.finish()?;
    Ok(Summary { frames: done, pictures: written, width, height })
}

/// Replay and send the selected frames in chunks, each marked whether it is the last to go out
/// and given its `words` (called once per frame, in order); stops at the first error (sent on) or
/// when the receiver hangs up.
fn replay_in_chunks<T, F>(
    frames: F,
    wanted: Option<&[usize]>,
    chunk_frames: usize,
    mut words: impl FnMut(&T) -> Words,
    tx: SyncSender<Result<Chunk<T>, Error>>,
) where
    T: FrameState,
    F: Iterator<Item = Result<T, Error>>,
{
    let mut wanted = wanted.map(|s| s.iter().copied().peekable());
    let mut chunk: Chunk<T> = Vec::with_capacity(chunk_frames);
    let mut pending: Option<T> = None;
    for frame in frames {
        let frame = match frame {
            Ok(frame) => frame,
            Err(e) => {
                let _ = tx.send(Err(e));
                return;
            }
        };
        if let Some(wanted) = wanted.as_mut() {
            if wanted.peek() != Some(&frame.index()) {
                continue;
            }
            wanted.next();
        }
        if let Some(previous) = pending.replace(frame) {
            let said = words(&previous);
            chunk.push((previous, false, said));
            if chunk.len() == chunk_frames && tx.send(Ok(std::mem::take(&mut chunk))).is_err() {
                return;
            }
        }
        if wanted.as_mut().is_some_and(|w| w.peek().is_none()) {
            break;
        }
    }
    chunk.extend(pending.map(|last| {
        let said = words(&last);
        (last, true, said)
    }));
    if !chunk.is_empty() {
        let _ = tx.send(Ok(chunk));
    }
}

/// Drawing and encoding one chunk of frames on all cores.
struct Job<'a, E> {
    encoder: &'a E,
    timing: &'a Timing,
    motion: Motion,
    /// Output position of the chunk's first frame.
    first: usize,
}

impl<E: Encode> Job<'_, E> {
    /// Split the chunk into runs of consecutive frames, one per drawer; each worker draws its
    /// run (after the two frames before it, the bases of the first differences, so encoders see
    /// the same images however the chunk was split: same bytes on any number of cores) and
    /// encodes every frame while its pixels are in cache. Results come back in order.
    fn run<D: Drawer>(
        &self,
        drawers: &mut [D],
        before: (Option<&D::Frame>, Option<&D::Frame>),
        chunk: &Chunk<D::Frame>,
    ) -> Vec<Result<Vec<E::Encoded>, Error>> {
        let part = chunk.len().div_ceil(drawers.len()).max(1);
        let frame = |k: usize| &chunk[k].0;
        let encoded: Vec<Vec<Result<Vec<E::Encoded>, Error>>> = drawers
            .par_iter_mut()
            .zip(chunk.par_chunks(part).enumerate().collect::<Vec<_>>())
            .map(|(drawer, (i, frames))| {
                let start = i * part;
                let bases = match start {
                    0 => before,
                    1 => (before.1, Some(frame(0))),
                    _ => (Some(frame(start - 2)), Some(frame(start - 1))),
                };
                self.encode_run(drawer, bases, frames, start)
            })
            .collect();
        encoded.into_iter().flatten().collect()
    }

    /// Draw and encode `frames` after `(base_two_back, base)`, the two frames sent out before them:
    /// each frame's pictures (its in-betweens, with motion, then itself). An encoder that needs no
    /// pixels gets the scenes alone: nothing is painted. With motion, the images before a frame's
    /// first picture are the frames before it (the last picture of each step is its frame).
    fn encode_run<D: Drawer>(
        &self,
        drawer: &mut D,
        (base_two_back, base): (Option<&D::Frame>, Option<&D::Frame>),
        frames: &[(D::Frame, bool, Words)],
        offset: usize,
    ) -> Vec<Result<Vec<E::Encoded>, Error>> {
        let pixels = self.encoder.needs_pixels();
        let blank = |drawer: &D| if pixels { drawer.blank() } else { IndexedImage::filled(0, 0, 0) };
        let (mut previous, mut current) = (blank(drawer), blank(drawer));
        // The image two frames back (encoders may diff against it).
        let mut two_back = blank(drawer);
        if let (Some(base), true) = (base, pixels) {
            drawer.draw(base, &mut previous);
        }
        if let (Some(base_two_back), true) = (base_two_back, pixels) {
            drawer.draw(base_two_back, &mut two_back);
        }
        // The scene shown last (motion tweens from it), and how many images were drawn so far.
        let mut shown = base.filter(|_| self.motion != Motion::None).map(|b| drawer.describe(b));
        let mut drawn = usize::from(base.is_some()) + usize::from(base_two_back.is_some());
        let mut out = Vec::with_capacity(frames.len());
        for (i, (board_frame, last, words)) in frames.iter().enumerate() {
            let delay_ms = frame_delay(self.timing, board_frame, *last, words);
            let scene = drawer.describe(board_frame);
            let pictures = inbetweens::pictures(self.motion, self.timing.delay_ms, shown.as_ref(), scene, delay_ms);
            let mut encoded = Vec::with_capacity(pictures.len());
            for (scene, delay_ms) in &pictures {
                if pixels {
                    drawer.paint(scene, &mut current);
                }
                let frame = Frame {
                    step: board_frame.index(),
                    event: board_frame.event(),
                    delay_ms: *delay_ms,
                    caption: &words.lines,
                    facts: &words.facts,
                    position: self.first + offset + i,
                    image: &current,
                    scene,
                    palette: drawer.palette(),
                };
                let (two, one) = ((drawn >= 2).then_some(&two_back), (drawn >= 1).then_some(&previous));
                encoded.push(self.encoder.encode_after(two, one, &frame));
                drawn += 1;
                // The image now two back is overwritten next as `current`.
                std::mem::swap(&mut two_back, &mut previous);
                std::mem::swap(&mut previous, &mut current);
            }
            if self.motion != Motion::None {
                shown = pictures.into_iter().last().map(|(scene, _)| scene);
            }
            out.push(encoded.into_iter().collect());
        }
        out
    }
}
