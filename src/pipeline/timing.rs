//! How long frames show: the delays of ordinary, solution, first, last and dead-end frames, and
//! reading time for frames that bring a sentence.
//!
//! Contract: a frame's usual delay comes from its place and event ([`Timing::delay_for`]); when
//! reading time is on (the default) a frame whose caption brings a sentence of `w` words (a dead
//! end's reason, a `--why` sentence, a puzzle deduction, a checked square: the caption decides,
//! see `Action::words_to_read`) shows at least [`reading_ms`]`(w)` = 300 ms + 230 ms per word after
//! the first, at most 4 s, rounded up to a multiple of 50 ms, so every delay a frame can get is
//! listed by [`Timing::delays`] and a video's tick (their greatest common divisor) stays coarse.
//! Plain steps ("place c3") keep their usual delay.
//!
//! Pace ([`Pace`], `--pace`): under `lecture` every sentence is held for all its words; under
//! `blog` (the default) a [`Pacer`] walks the run's frames in order and holds a sentence in full
//! only the first [`FULL_SHOWINGS`] times its kind shows (each kind: a dead end, the removal
//! after it, a removal whose line was tried out, a check; a puzzle's deductions, which all differ,
//! always), then only for its words that changed since that kind last showed; a run of removals
//! whose lines were tried out (a cascade) reads as one sentence: the first is held, the rest
//! are plain steps.

use crate::scene::caption::{Sentence, SentenceKind};
use crate::trace::Event;
use std::collections::HashMap;

/// Default milliseconds per ordinary frame (`--delay`).
pub const DEFAULT_DELAY_MS: u32 = 250;
/// Default milliseconds a solution frame shows (`--hold`).
pub const DEFAULT_HOLD_MS: u32 = 1500;
/// Default milliseconds the last frame shows (`--end-hold`).
pub const DEFAULT_END_HOLD_MS: u32 = 3000;
/// Default milliseconds frame 0, the empty board, shows (`--start-hold`).
pub const DEFAULT_START_HOLD_MS: u32 = 1000;
/// Default milliseconds the frame where a line runs out of safe squares shows (`--deadend-hold`).
pub const DEFAULT_DEADEND_HOLD_MS: u32 = 500;

/// The shortest delay the command line and the Python package take, in milliseconds: GIF viewers
/// slow down shorter ones.
pub const MIN_DELAY_MS: u32 = 20;
/// The longest delay they take, in milliseconds: a GIF's delay is a 16-bit count of centiseconds.
pub const MAX_DELAY_MS: u32 = 655_350;

/// Reading time of a sentence's first word, in milliseconds.
pub const READING_FIRST_WORD_MS: u32 = 300;
/// Reading time of each further word, in milliseconds.
pub const READING_WORD_MS: u32 = 230;
/// The longest reading time, in milliseconds.
pub const READING_MAX_MS: u32 = 4000;
/// Reading times are rounded up to a multiple of this many milliseconds.
const READING_STEP_MS: u32 = 50;

/// How many times each kind of sentence is held for all its words under [`Pace::Blog`].
pub const FULL_SHOWINGS: u32 = 2;

/// How sentences that repeat are held.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Pace {
    /// First showings of a kind in full, repeats for the words that changed, a cascade as one
    /// sentence: a run a blog reader watches to the end.
    #[default]
    Blog,
    /// Every sentence held for all its words (a lecture, paused and talked over).
    Lecture,
}

/// Walks a run's frames in order and decides how many words each frame's sentence is held for.
#[derive(Clone, Debug)]
pub struct Pacer {
    pace: Pace,
    /// Per board and kind: how often it showed, and its words last time.
    shown: HashMap<(usize, SentenceKind), (u32, Vec<String>)>,
    /// Per board, the kind of the frame before (a cascade goes on while it is `Tried`).
    before: Vec<Option<SentenceKind>>,
}

impl Pacer {
    /// A pacer at the start of a run.
    pub fn new(pace: Pace) -> Self {
        Pacer { pace, shown: HashMap::new(), before: Vec::new() }
    }

    /// How many words the next frame is held for: the most any of its boards' sentences (one
    /// per board, `None` where a board says nothing) asks; `None`: a plain step.
    pub fn words_to_hold(&mut self, sentences: &[Option<Sentence>]) -> Option<usize> {
        (0..sentences.len()).filter_map(|board| self.hold_one(board, sentences[board].as_ref())).max()
    }

    fn hold_one(&mut self, board: usize, sentence: Option<&Sentence>) -> Option<usize> {
        if self.before.len() <= board {
            self.before.resize(board + 1, None);
        }
        let before = std::mem::replace(&mut self.before[board], sentence.map(|s| s.kind));
        let sentence = sentence?;
        let entry = self.shown.entry((board, sentence.kind)).or_insert((0, Vec::new()));
        let (count, last) = (entry.0, std::mem::replace(&mut entry.1, sentence.key.clone()));
        entry.0 = count.saturating_add(1);
        if self.pace == Pace::Lecture || sentence.kind == SentenceKind::Told || count < FULL_SHOWINGS {
            return Some(sentence.words);
        }
        if sentence.kind == SentenceKind::Tried && before == Some(SentenceKind::Tried) {
            return None;
        }
        Some(changed_words(&last, &sentence.key)).filter(|&changed| changed > 0)
    }
}

/// How many of `now`'s words are not among `before`'s (each word of `before` matches once).
fn changed_words(before: &[String], now: &[String]) -> usize {
    let mut left: Vec<&String> = before.iter().collect();
    now.iter()
        .filter(|word| match left.iter().position(|w| w == word) {
            Some(at) => {
                left.swap_remove(at);
                false
            }
            None => true,
        })
        .count()
}

/// How long a sentence of `words` words takes to read, in milliseconds: 300 ms for the first word,
/// 230 ms for each further one, at most 4000 ms, rounded up to a multiple of 50 ms.
pub fn reading_ms(words: usize) -> u32 {
    let further = u32::try_from(words.saturating_sub(1)).unwrap_or(u32::MAX);
    let ms = READING_FIRST_WORD_MS.saturating_add(READING_WORD_MS.saturating_mul(further)).min(READING_MAX_MS);
    ms.div_ceil(READING_STEP_MS) * READING_STEP_MS
}

/// How long frames show and how often the animation repeats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Timing {
    /// Delay of an ordinary frame, in milliseconds. Default: [`DEFAULT_DELAY_MS`].
    pub delay_ms: u32,
    /// Delay of a solution frame. Default: [`DEFAULT_HOLD_MS`].
    pub hold_ms: u32,
    /// Delay of the last frame (before the animation loops). Default: [`DEFAULT_END_HOLD_MS`].
    pub end_hold_ms: u32,
    /// Delay of frame 0, the empty board the loop starts from. Default: [`DEFAULT_START_HOLD_MS`].
    pub start_hold_ms: u32,
    /// Delay of a dead-end frame: a line of the board has just run out of safe squares (tree
    /// searches, as `--why` finds it: see `crate::board::deadend::dead_end`). Default:
    /// [`DEFAULT_DEADEND_HOLD_MS`].
    pub deadend_hold_ms: u32,
    /// Whether a frame whose caption brings a sentence shows at least as long as the sentence
    /// takes to read ([`reading_ms`]; `--reading-time`). Default: `true`.
    pub reading_time: bool,
    /// How sentences that repeat are held (`--pace`). Default: [`Pace::Blog`].
    pub pace: Pace,
    /// `None` loops forever; `Some(k)` plays k extra times; `Some(0)` plays once. Default: `None`.
    pub loop_count: Option<u16>,
}

impl Default for Timing {
    fn default() -> Self {
        Timing {
            delay_ms: DEFAULT_DELAY_MS,
            hold_ms: DEFAULT_HOLD_MS,
            end_hold_ms: DEFAULT_END_HOLD_MS,
            start_hold_ms: DEFAULT_START_HOLD_MS,
            deadend_hold_ms: DEFAULT_DEADEND_HOLD_MS,
            reading_time: true,
            pace: Pace::Blog,
            loop_count: None,
        }
    }
}

impl Timing {
    /// Every delay a frame can get, in milliseconds (sinks that tick at a fixed rate need them
    /// all): the five delays and, with reading time on, every reading time longer than the
    /// shortest of them.
    pub fn delays(&self) -> Vec<u32> {
        let mut delays = vec![self.delay_ms, self.hold_ms, self.end_hold_ms, self.start_hold_ms, self.deadend_hold_ms];
        if self.reading_time {
            let shortest = delays.iter().copied().min().unwrap_or(0);
            let mut words = 1;
            loop {
                let ms = reading_ms(words);
                if ms > shortest && !delays.contains(&ms) {
                    delays.push(ms);
                }
                if ms >= READING_MAX_MS {
                    break;
                }
                words += 1;
            }
        }
        delays
    }

    /// How long an output frame shows: the end hold on the last one, the start hold on frame 0
    /// (`index`), the hold on solutions, the dead-end hold on a dead end, else the delay.
    pub fn delay_for(&self, (index, event): (usize, Option<&Event>), last: bool, dead_end: bool) -> u32 {
        if last {
            self.end_hold_ms
        } else if index == 0 {
            self.start_hold_ms
        } else if matches!(event, Some(Event::Solution { .. })) {
            self.hold_ms
        } else if dead_end {
            self.deadend_hold_ms
        } else {
            self.delay_ms
        }
    }

    /// `usual` (a frame's [`Timing::delay_for`]) lengthened, when reading time is on, to the
    /// reading time of the sentence of `words` words the frame's caption brings (`None`: none).
    pub fn with_reading(&self, usual: u32, words: Option<usize>) -> u32 {
        match words {
            Some(words) if self.reading_time => usual.max(reading_ms(words)),
            _ => usual,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reading_times_round_up_and_stop_at_four_seconds() {
        assert_eq!(reading_ms(1), 300);
        assert_eq!(reading_ms(2), 550, "530 rounded up");
        assert_eq!(reading_ms(5), 1250, "1220 rounded up");
        assert_eq!(reading_ms(17), 4000, "3980 rounded up");
        assert_eq!(reading_ms(40), 4000);
        assert_eq!(reading_ms(0), 300);
    }

    #[test]
    fn delays_list_every_reading_time_and_keep_a_coarse_tick() {
        let timing = Timing::default();
        let delays = timing.delays();
        for words in 1..30 {
            let ms = timing.with_reading(timing.delay_ms, Some(words));
            assert!(delays.contains(&ms), "{ms} ms for {words} words is listed");
        }
        assert!(delays.iter().all(|d| d % 50 == 0));
        let off = Timing { reading_time: false, ..timing };
        assert_eq!(off.delays().len(), 5);
        assert_eq!(off.with_reading(250, Some(9)), 250);
        assert_eq!(timing.with_reading(3000, Some(9)), 3000, "a longer hold stays");
    }
}
