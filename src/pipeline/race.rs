//! Races: several runs on one board size side by side in one animation, advanced by one clock.
//!
//! Contract: frame k shows every run after min(k, its length) ticks of the [`Clock`] (events, or
//! squares examined), left to right in the order given; the animation has as many frames as the
//! longest run has ticks, plus one. Each run is described by its own [`Describer`] (its own caption)
//! and the scenes are composed side by side into one frame, so every backend draws a race like
//! any frame. Framed, each board sits where its run alone would draw it (the first at the plain
//! run's pixels), titled once by its own caption (`6×6 · forward`), the runs parted by thin
//! vertical dividers; a status line under each run says, once it has finished, "done after k";
//! the last frame ranks them (fewest ticks first). Bare: only the boards, each exactly N*PX square at y = 0, board i at
//! x = i * (N*PX + PX).

use super::workers::{draw_frames, Drawer, FrameState, Selected, Words};
use super::{Animation, Progress, Summary};
use crate::board::{self, BoardFrame, Replay};
use crate::draw::raster::canvas::IndexedImage;
use crate::draw::raster::palette::Palette;
use crate::draw::raster::Painter;
use crate::error::Error;
use crate::scene::identity::Part;
use crate::scene::items::{Item, Scene};
use crate::scene::theme::Paint;
use crate::scene::Describer;
use crate::sink::Sink;
use crate::trace::{Event, Trace};

/// What one tick of a race's clock is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Clock {
    /// One event per tick, each run.
    #[default]
    Events,
    /// One square examined (a check event) per tick, each run: work, not steps.
    Checks,
}

impl Clock {
    /// How many events of `trace` have happened after each tick (tick 0: none; the last: all).
    pub fn positions(self, trace: &Trace) -> Vec<usize> {
        let total = trace.events.len();
        match self {
            Clock::Events => (0..=total).collect(),
            Clock::Checks => {
                let mut positions = vec![0];
                let checks = trace.events.iter().enumerate().filter(|(_, e)| matches!(e, Event::Check { .. }));
                positions.extend(checks.map(|(i, _)| i + 1));
                if positions.last() != Some(&total) {
                    positions.push(total);
                }
                positions
            }
        }
    }

    /// The word for its ticks in "done after k ...".
    fn unit(self) -> &'static str {
        match self {
            Clock::Events => "steps",
            Clock::Checks => "checks",
        }
    }
}

/// One race frame: every run's board after min(k, its length) ticks.
pub struct RaceFrame {
    index: usize,
    boards: Vec<BoardFrame>,
    last: bool,
}

impl FrameState for RaceFrame {
    fn index(&self) -> usize {
        self.index
    }

    fn event(&self) -> Option<&Event> {
        None
    }
}

/// Draws race frames: each run's scene shifted to its place, then the status lines.
#[derive(Clone)]
struct RaceDrawer {
    describers: Vec<Describer>,
    /// Paints the composite scene (the runs share a square size).
    painter: Painter,
    offsets: Vec<usize>,
    width: usize,
    height: usize,
    /// Baseline and text size of the status lines (`None`: bare).
    status: Option<(f32, u32)>,
    ticks: Vec<usize>,
    unit: &'static str,
}

impl RaceDrawer {
    fn status_line(&self, i: usize, frame: &RaceFrame) -> String {
        let ticks = self.ticks[i];
        if frame.last {
            let rank = 1 + self.ticks.iter().filter(|&&t| t < ticks).count();
            format!("{rank}. done after {ticks} {}", self.unit)
        } else if frame.index >= ticks {
            format!("done after {ticks} {}", self.unit)
        } else {
            String::new()
        }
    }
}

impl Drawer for RaceDrawer {
    type Frame = RaceFrame;

    fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    fn palette(&self) -> &Palette {
        &self.painter.palette
    }

    fn blank(&self) -> IndexedImage {
        self.painter.blank((self.width, self.height))
    }

    fn describe(&self, frame: &RaceFrame) -> Scene {
        let mut scene = Scene::new(self.width, self.height);
        for (i, (describer, board)) in self.describers.iter().zip(&frame.boards).enumerate() {
            let run = describer.describe(board);
            scene.words_top = run.words_top;
            scene.append_shifted(run, (self.offsets[i], 0));
            if self.status.is_some() && i > 0 {
                let l = &describer.layout;
                let thickness = (l.square / 40).max(1) as i64;
                let x = self.offsets[i] as i64 - thickness / 2;
                let rect = (x, l.margin as i64 / 2, thickness, self.height as i64 - l.margin as i64);
                scene.push(Item::Fill { rect, paint: Paint::Text });
            }
        }
        if let Some((baseline, size)) = self.status {
            scene.begin(Part::Status);
            for (i, describer) in self.describers.iter().enumerate() {
                let text = self.status_line(i, frame);
                let centre = self.offsets[i] as f32 + describer.layout.width as f32 / 2.0;
                let width = describer.measure(&text, size).0;
                scene.text((centre - width / 2.0, baseline), size, text);
            }
        }
        scene
    }

    fn paint(&mut self, scene: &Scene, canvas: &mut IndexedImage) {
        self.painter.paint(scene, canvas);
    }

    /// The longest sentence among the runs that moved on this tick (a finished run's last caption
    /// stays on screen without holding later frames); no caption lines (races have no transcript).
    fn words(&self, frame: &RaceFrame) -> Words {
        let moving = self.describers.iter().zip(&frame.boards).zip(&self.ticks);
        let sentences = moving
            .map(|((describer, board), &ticks)| {
                let moved = frame.index > 0 && frame.index <= ticks;
                moved.then(|| Words::of(describer, board).sentences.pop().flatten()).flatten()
            })
            .collect();
        Words { sentences, ..Words::default() }
    }
}

/// Draw `traces` (one board size) racing on `clock` and hand the frames to `sink`, in order.
pub fn render_race<S: Sink>(
    traces: &[Trace],
    clock: Clock,
    animation: &Animation,
    sink: &mut S,
    progress: &dyn Progress,
) -> Result<Summary, Error> {
    let n = traces.first().map_or(0, |t| t.n);
    crate::scene::layout::check_geometry(n, animation.look.square_for(n))?;
    let positions: Vec<Vec<usize>> = traces.iter().map(|t| clock.positions(t)).collect();
    let ticks: Vec<usize> = positions.iter().map(|p| p.len() - 1).collect();
    let longest = ticks.iter().copied().max().unwrap_or(0);
    if longest + 1 > animation.max_frames {
        return Err(Error::TooManyFrames { limit: animation.max_frames });
    }
    for trace in traces {
        board::validate(trace)?;
    }
    let drawer = race_drawer(traces, clock, animation, ticks)?;
    let mut replays: Vec<_> = traces.iter().map(Replay::new).collect();
    let mut boards = Vec::with_capacity(traces.len());
    for replay in &mut replays {
        boards.push(replay.next().expect("frame 0 exists")?);
    }
    let mut k = 0;
    let frames = std::iter::from_fn(move || {
        if k > longest {
            return None;
        }
        for ((replay, board), positions) in replays.iter_mut().zip(boards.iter_mut()).zip(&positions) {
            let target = positions[k.min(positions.len() - 1)];
            while board.index < target {
                match replay.next() {
                    Some(Ok(next)) => *board = next,
                    Some(Err(e)) => return Some(Err(e)),
                    None => break,
                }
            }
        }
        let frame = RaceFrame { index: k, boards: boards.clone(), last: k == longest };
        k += 1;
        Some(Ok(frame))
    });
    draw_frames(drawer, frames, Selected::new(None, longest + 1), animation, sink, progress)
}

/// One describer a run, placed left to right; framed races get a status line under the boards.
fn race_drawer(traces: &[Trace], clock: Clock, animation: &Animation, ticks: Vec<usize>) -> Result<RaceDrawer, Error> {
    let look = &animation.look;
    let describers: Vec<Describer> =
        traces.iter().map(|t| Describer::new(t.n, look, Some(crate::scene::caption::caption_spec(t)))).collect();
    let (mut offsets, mut x) = (Vec::new(), 0);
    let gap = if look.bare { look.square_for(traces[0].n) } else { 0 };
    for describer in &describers {
        offsets.push(x);
        x += describer.layout.width + gap;
    }
    let width = x - gap;
    let mut height = describers.iter().map(|d| d.layout.height).max().unwrap_or(0);
    let status = (!look.bare).then(|| {
        let size = ((describers[0].layout.square as f32 * 0.3).round() as u32).clamp(13, 20);
        let baseline = height as f32 + describers[0].measure("A", size).1;
        height += size as usize * 2;
        (baseline, size)
    });
    crate::scene::layout::check_frame_size(width, height)?;
    let painter = Painter::new(&look.theme, describers[0].layout.square);
    Ok(RaceDrawer { describers, painter, offsets, width, height, status, ticks, unit: clock.unit() })
}
