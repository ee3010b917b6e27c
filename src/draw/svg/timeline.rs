//! A run's frames as timelines of atoms, written as CSS animations.
//!
//! Contract: frames arrive in order with their display time; only the changes between
//! consecutive frames are kept (memory grows with the changes, not the frames). Atoms that never
//! change are drawn plainly; the others are grouped by identical timelines into one element per
//! layer and timeline, shown or hidden by a `step-end` keyframe animation (opacity 0 or 1) with
//! the run's total duration, so frame k shows from its start time until the next frame's. Keyframe
//! times have just enough decimals to place every change within 10 ms. With smooth motion
//! ([`Timeline::push_moving`]) every change of a moving atom also has a cue: when in its frame it
//! starts to fade (ms); such atoms are grouped by their cues too, and their keyframes ramp the
//! opacity, eased slow-in/slow-out, from the cue for its frame's fade (never past the frame's end),
//! then hold: the frame's own picture from the ramp's end until the next change (see
//! `moving.rs`); a queen sliding over a frame ([`Timeline::push_slide`]) is her silhouette's own
//! element and keyframes (see `sliding.rs`). Without motion, the same bytes as ever.

use super::atoms::Atom;
use super::defs::short_id;
use super::doc::{classed, Doc};
use super::moving;
use super::path::percent_text;
use super::sliding::{Slide, Slides};
use std::collections::HashMap;
use std::fmt::Write;

/// The changes of a run, frame by frame.
#[derive(Clone, Default)]
pub struct Timeline {
    slot: HashMap<Atom, usize>,
    atoms: Vec<Atom>,
    /// Whether each atom shows on frame 0, and the frames where it toggles after that.
    initial: Vec<bool>,
    toggles: Vec<Vec<u32>>,
    prev: Vec<Atom>,
    /// Start time of every frame, then the end of the last, in milliseconds.
    starts: Vec<u64>,
    /// Per atom, the cue of each toggle (smooth motion only; empty vectors without).
    cues: Vec<Vec<u16>>,
    /// How long a moving change fades, in milliseconds: the longest of the run (0: no motion),
    /// and each frame's own.
    fade_ms: u32,
    fades: Vec<u32>,
    /// Queens sliding (smooth motion's moves).
    slides: Slides,
}

/// A run's changes: every atom that ever shows (in order of first appearance), whether it shows
/// on frame 0, the frames where it toggles after that (ascending), and the frames' start times
/// (then the end of the last) in milliseconds; with smooth motion, the cue of every toggle
/// ([`CRISP`](super::moving::CRISP) or the milliseconds into its frame its fade starts) and the fade's length,
/// and the slides.
pub struct Changes {
    pub atoms: Vec<Atom>,
    pub initial: Vec<bool>,
    pub toggles: Vec<Vec<u32>>,
    pub starts: Vec<u64>,
    pub cues: Vec<Vec<u16>>,
    pub fade_ms: u32,
    pub slides: Slides,
}

impl Timeline {
    pub fn new() -> Self {
        Timeline { starts: vec![0], ..Default::default() }
    }

    /// Frames pushed so far.
    pub fn frames(&self) -> usize {
        self.starts.len() - 1
    }

    /// Total duration in milliseconds.
    pub fn duration_ms(&self) -> u64 {
        *self.starts.last().expect("starts at 0")
    }

    fn toggle(&mut self, atom: Atom, frame: u32, cue: Option<&dyn Fn(&Atom) -> u16>) {
        let next = self.atoms.len();
        let slot = *self.slot.entry(atom).or_insert(next);
        if slot == next {
            self.atoms.push(atom);
            self.initial.push(frame == 0);
            self.toggles.push(Vec::new());
            self.cues.push(Vec::new());
        }
        if frame > 0 {
            self.toggles[slot].push(frame);
            if let Some(cue) = cue {
                self.cues[slot].push(cue(&atom));
            }
        }
    }

    /// The next frame: its atoms (sorted, no repeats) and how long it shows.
    pub fn push(&mut self, atoms: Vec<Atom>, duration_ms: u64) {
        self.push_with(atoms, duration_ms, None);
    }

    /// The next frame under smooth motion: as [`push`](Self::push), and `cue` says when each atom
    /// that changes starts to fade ([`CRISP`](super::moving::CRISP): at once); a moving change of this
    /// frame fades for `fade_ms` (a held step's in-betweens take longer than a plain one's).
    pub fn push_moving(&mut self, atoms: Vec<Atom>, duration_ms: u64, cue: &dyn Fn(&Atom) -> u16, fade_ms: u32) {
        self.fade_ms = self.fade_ms.max(fade_ms.max(1));
        self.fades.resize(self.frames(), 0);
        self.fades.push(fade_ms.max(1));
        self.push_with(atoms, duration_ms, Some(cue));
    }

    /// A queen slides over the frame pushed last: `ghost` is her silhouette on the square she
    /// reaches, `from` and `to` the top-left pixels of the squares she leaves and reaches, and she
    /// lands `land_ms` into the frame.
    pub fn push_slide(&mut self, ghost: Vec<Atom>, (from, to): ((i64, i64), (i64, i64)), land_ms: u32) {
        let start_ms = self.starts[self.frames().saturating_sub(1)];
        self.slides.push(Slide { ghost, from, to, start_ms, land_ms: start_ms + u64::from(land_ms) });
    }

    fn push_with(&mut self, atoms: Vec<Atom>, duration_ms: u64, cue: Option<&dyn Fn(&Atom) -> u16>) {
        let frame = self.frames() as u32;
        let prev = std::mem::take(&mut self.prev);
        let (mut i, mut j) = (0, 0);
        while i < prev.len() || j < atoms.len() {
            match (prev.get(i), atoms.get(j)) {
                (Some(a), Some(b)) if a == b => (i, j) = (i + 1, j + 1),
                (Some(a), Some(b)) if a < b => {
                    self.toggle(*a, frame, cue);
                    i += 1;
                }
                (Some(a), None) => {
                    self.toggle(*a, frame, cue);
                    i += 1;
                }
                (_, Some(b)) => {
                    self.toggle(*b, frame, cue);
                    j += 1;
                }
                (None, None) => unreachable!(),
            }
        }
        self.prev = atoms;
        let end = self.duration_ms() + duration_ms;
        self.starts.push(end);
    }

    /// What the timeline holds, for a player that applies the changes itself (the HTML sink).
    pub fn into_changes(self) -> Changes {
        let (atoms, initial, toggles, starts) = (self.atoms, self.initial, self.toggles, self.starts);
        Changes { atoms, initial, toggles, starts, cues: self.cues, fade_ms: self.fade_ms, slides: self.slides }
    }

    /// Decimals for keyframe percentages so that a change lands within 10 ms of its time.
    fn decimals(&self) -> u32 {
        let mut decimals = 0;
        // One step of the last decimal is duration / 100 / 10^decimals ms; keep it at most 20 ms.
        while decimals < 6 && self.duration_ms() > 2000 * 10u64.pow(decimals) {
            decimals += 1;
        }
        decimals
    }

    fn percent(&self, frame: u32, decimals: u32) -> String {
        percent_text(self.scaled(self.starts[frame as usize], decimals), decimals)
    }

    /// Where frame `frame`'s change with `cue` ramps, as scaled keyframe offsets: from the cue
    /// for the fade, both within the frame, the end at least one step after the start.
    fn ramp(&self, frame: u32, cue: u16, decimals: u32) -> (u64, u64) {
        let (start, end) = (self.starts[frame as usize], self.starts[frame as usize + 1]);
        let from = (start + u64::from(cue)).min(end);
        let fade = self.fades.get(frame as usize).copied().unwrap_or(self.fade_ms);
        let to = (from + u64::from(fade)).min(end);
        let (from, to) = (self.scaled(from, decimals), self.scaled(to, decimals));
        (from, to.max(from + 1))
    }

    /// Time `ms` as a keyframe offset: percent of the run times 10^decimals, rounded.
    fn scaled(&self, ms: u64, decimals: u32) -> u64 {
        let total = self.duration_ms().max(1);
        (ms * 100 * 10u64.pow(decimals) + total / 2) / total
    }

    /// The markup of every atom (static ones plain, changing ones in animated groups) and the
    /// style sheet that animates them; `loop_count` as for GIFs (`None` forever, `Some(k)` k
    /// extra plays).
    pub fn write(self, doc: &mut Doc, loop_count: Option<u16>) -> (String, String) {
        let mut order: Vec<usize> = (0..self.atoms.len()).collect();
        order.sort_unstable_by_key(|&i| self.atoms[i]);
        let mut classes: HashMap<(bool, &[u32], &[u16]), usize> = HashMap::new();
        let mut style = String::new();
        let decimals = self.decimals();
        let finite = loop_count.is_some();
        let mut body = String::new();
        let mut start = 0;
        while start < order.len() {
            let layer = self.atoms[order[start]].layer;
            let end = start + order[start..].iter().take_while(|&&i| self.atoms[i].layer == layer).count();
            let mut still = Vec::new();
            let mut groups: Vec<(usize, Vec<Atom>)> = Vec::new();
            for &i in &order[start..end] {
                if self.toggles[i].is_empty() {
                    still.push(self.atoms[i]);
                    continue;
                }
                let key = (self.initial[i], self.toggles[i].as_slice(), self.cues[i].as_slice());
                let next = classes.len();
                let class = *classes.entry(key).or_insert(next);
                if class == next {
                    self.keyframes(&mut style, class, key, decimals, finite);
                }
                match groups.iter_mut().find(|(c, _)| *c == class) {
                    Some((_, atoms)) => atoms.push(self.atoms[i]),
                    None => groups.push((class, vec![self.atoms[i]])),
                }
            }
            doc.atoms(&still, &mut body);
            for (class, atoms) in groups {
                let slot = self.slot[&atoms[0]];
                let mut markup = String::new();
                doc.atoms(&atoms, &mut markup);
                let mut id = short_id(class);
                if moving::fades(&self.cues[slot]) {
                    id.push_str(" M");
                }
                body.push_str(&animated(&markup, &id, self.initial[slot]));
            }
            start = end;
        }
        let seconds = super::path::num(self.duration_ms() as i64 / 10);
        let plays = match loop_count {
            None => "infinite".to_string(),
            Some(k) => format!("{} forwards", u32::from(k) + 1),
        };
        if !self.slides.is_empty() {
            let run = (format!("{seconds}s"), plays.clone());
            // A slide moves many pixels a millisecond: its keyframes get one more decimal (her
            // queen's own jump, at the run's precision, lands within 10 ms of her silhouette).
            let scaled = |ms| self.scaled(ms, decimals + 1);
            let write = &mut |atoms: &[Atom], out: &mut String| doc.atoms(atoms, out);
            let (slides_style, slides_body) = self.slides.write(write, &scaled, (decimals + 1, (&run.0, &run.1)));
            style.push_str(&slides_style);
            body.push_str(&slides_body);
        }
        if !classes.is_empty() {
            style.insert_str(0, &format!("[class^=a]{{animation:{seconds}s step-end {plays}}}"));
            if self.fade_ms > 0 {
                style.insert_str(style.find('}').map_or(0, |k| k + 1), moving::STYLE);
            }
        }
        (style, body)
    }

    /// `@keyframes` for one timeline: the times it shows and the times it hides.
    fn keyframes(
        &self,
        style: &mut String,
        class: usize,
        (initial, toggles, cues): (bool, &[u32], &[u16]),
        decimals: u32,
        finite: bool,
    ) {
        if moving::moves(cues) {
            let ramp = |frame, cue| self.ramp(frame, cue, decimals);
            let name = format!("a{}", short_id(class));
            return moving::keyframes(&ramp, style, &name, (initial, toggles, cues), (decimals, finite));
        }
        let (mut show, mut hide) = (Vec::new(), Vec::new());
        let mut visible = initial;
        for &frame in toggles {
            visible = !visible;
            let list = if visible { &mut show } else { &mut hide };
            list.push(self.percent(frame, decimals));
        }
        if finite && visible != initial {
            // A finite animation holds its 100% keyframe after the last play: the last frame.
            (if visible { &mut show } else { &mut hide }).push("100%".to_string());
        }
        let name = format!("a{}", short_id(class));
        let _ = write!(style, ".{name}{{animation-name:{name}}}@keyframes {name}{{");
        for (list, opacity) in [(show, 1), (hide, 0)] {
            if !list.is_empty() {
                let _ = write!(style, "{}{{opacity:{opacity}}}", list.join(","));
            }
        }
        style.push('}');
    }
}

/// `markup` animated by class `a<id>` (and `opacity="0"` when it starts hidden; see [`classed`]).
fn animated(markup: &str, id: &str, shown: bool) -> String {
    classed(markup, &format!("a{id}"), if shown { "" } else { " opacity=\"0\"" })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::svg::atoms::Shape;
    use crate::scene::theme::Paint;

    fn atom(x: i64) -> Atom {
        Atom { layer: 1, paint: Paint::Queen, shape: Shape::Rect((x, 0, 1, 1)) }
    }

    #[test]
    fn only_changes_are_kept() {
        let mut t = Timeline::new();
        t.push(vec![atom(0), atom(1)], 250);
        t.push(vec![atom(0), atom(2)], 250);
        t.push(vec![atom(0), atom(1)], 500);
        assert_eq!(t.duration_ms(), 1000);
        let a1 = t.slot[&atom(1)];
        let a2 = t.slot[&atom(2)];
        assert_eq!((t.initial[a1], &t.toggles[a1][..]), (true, &[1, 2][..]));
        assert_eq!((t.initial[a2], &t.toggles[a2][..]), (false, &[1, 2][..]));
        assert!(t.toggles[t.slot[&atom(0)]].is_empty());
        assert_eq!(t.percent(1, t.decimals()), "25%");
    }

    #[test]
    fn single_elements_carry_their_animation() {
        assert_eq!(animated("<path d=\"M0 0\"/>", "b", false), "<path class=\"ab\" opacity=\"0\" d=\"M0 0\"/>");
        assert_eq!(animated("<path class=\"q\" d=\"M0 0\"/>", "b", true), "<path class=\"ab q\" d=\"M0 0\"/>");
        assert_eq!(animated("<use/><use/>", "b", true), "<g class=\"ab\"><use/><use/></g>");
    }

    #[test]
    fn percentages_resolve_ten_milliseconds() {
        let mut t = Timeline::new();
        for _ in 0..4000 {
            t.push(Vec::new(), 250);
        }
        assert_eq!(t.decimals(), 3);
        assert_eq!(t.percent(1, 3), "0.025%");
    }
}
