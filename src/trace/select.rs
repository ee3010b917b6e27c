//! Frame selection: which frames of a run to show.
//!
//! Contract: frame 0 is the empty board and frame k the board after events 1..=k, so a run of E
//! events has frames 0..=E. A [`FrameSpec`] is a comma list of items: `K` (one frame), `A-B` (A to
//! B inclusive), `A-` (A to the last frame), `solutions` (every frame whose event is a solution),
//! `last`. It is parsed once, without a trace; [`Selection::resolve`] turns it into frame numbers
//! for one run: increasing, without duplicates, never empty. No spec selects every frame. `every`
//! K then keeps the selected frames with k divisible by K, plus every selected solution frame and
//! the last selected frame. An item past the last frame, a malformed item (`5-3`, `x`, an empty
//! item) and a selection that holds no frame are [`SelectError`]s naming the item.

pub use crate::error::SelectError;
use crate::trace::{Event, Trace};
use std::num::NonZeroUsize;

/// One item of a frame list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Item {
    /// Frames A..=B.
    Range(usize, usize),
    /// Frames A..=last.
    From(usize),
    Solutions,
    Last,
}

/// A parsed frame list, such as `0-10,31,solutions,last`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FrameSpec {
    text: String,
    items: Vec<(String, Item)>,
}

impl FrameSpec {
    /// Parse a comma list; every item must be well formed (spaces around items are allowed).
    pub fn parse(text: &str) -> Result<Self, SelectError> {
        let items = text.split(',').map(|raw| parse_item(raw.trim()).map(|item| (raw.trim().to_string(), item)));
        Ok(FrameSpec { text: text.to_string(), items: items.collect::<Result<_, _>>()? })
    }

    /// The list as it was written.
    pub fn as_str(&self) -> &str {
        &self.text
    }
}

impl std::str::FromStr for FrameSpec {
    type Err = SelectError;
    fn from_str(s: &str) -> Result<Self, SelectError> {
        FrameSpec::parse(s)
    }
}

fn parse_item(item: &str) -> Result<Item, SelectError> {
    let malformed = || SelectError::Malformed { item: item.to_string() };
    match item {
        "solutions" => return Ok(Item::Solutions),
        "last" => return Ok(Item::Last),
        _ => {}
    }
    match item.split_once('-') {
        None => number(item).map(|k| Item::Range(k, k)).ok_or_else(malformed),
        Some((a, "")) => number(a).map(Item::From).ok_or_else(malformed),
        Some((a, b)) => match (number(a), number(b)) {
            (Some(a), Some(b)) if a <= b => Ok(Item::Range(a, b)),
            _ => Err(malformed()),
        },
    }
}

/// A frame number: ASCII digits only (no sign, no spaces).
fn number(s: &str) -> Option<usize> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// What to show of a run: a frame list (none = every frame) and a stride.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Selection {
    /// The frame list (`None`: every frame).
    pub spec: Option<FrameSpec>,
    /// Keep every k-th of the listed frames (`None`: each).
    pub every: Option<NonZeroUsize>,
}

impl Selection {
    /// Every frame.
    pub fn all() -> Self {
        Selection::default()
    }

    /// True when every frame is selected (no list, no stride).
    pub fn is_all(&self) -> bool {
        self.spec.is_none() && self.every.is_none()
    }

    /// The selected frames of `trace`, increasing, without duplicates.
    pub fn resolve(&self, trace: &Trace) -> Result<Vec<usize>, SelectError> {
        self.resolve_frames(trace.events.len(), &solution_frames(trace))
    }

    /// The selected frames of `trace`, refused when there are more than `max_frames` of them: the
    /// frame limit counts the frames drawn, not the run's length (four frames of a run of
    /// 500,000 events are four frames).
    pub fn resolve_within(&self, trace: &Trace, max_frames: usize) -> Result<Vec<usize>, SelectError> {
        let frames = self.resolve(trace)?;
        if frames.len() > max_frames {
            return Err(SelectError::TooMany { selected: frames.len(), limit: max_frames });
        }
        Ok(frames)
    }

    /// The selected frames of a run whose last frame is `last` and whose solution frames are
    /// `solutions` (increasing).
    pub fn resolve_frames(&self, last: usize, solutions: &[usize]) -> Result<Vec<usize>, SelectError> {
        let chosen = match &self.spec {
            None => (0..=last).collect(),
            Some(spec) => spec_frames(spec, last, solutions)?,
        };
        if chosen.is_empty() {
            let spec = self.spec.as_ref().map_or("", FrameSpec::as_str).to_string();
            return Err(SelectError::Empty { spec, last });
        }
        Ok(match self.every {
            Some(k) => thin(&chosen, k.get(), solutions),
            None => chosen,
        })
    }
}

/// Frames whose event is a solution, increasing.
pub fn solution_frames(trace: &Trace) -> Vec<usize> {
    let solution = |(i, e): (usize, &Event)| matches!(e, Event::Solution { .. }).then_some(i + 1);
    trace.events.iter().enumerate().filter_map(solution).collect()
}

fn spec_frames(spec: &FrameSpec, last: usize, solutions: &[usize]) -> Result<Vec<usize>, SelectError> {
    let mut marked = vec![false; last + 1];
    for (text, item) in &spec.items {
        let range = match *item {
            Item::Range(a, b) => a..=b,
            Item::From(a) => a..=last.max(a),
            Item::Last => last..=last,
            Item::Solutions => {
                solutions.iter().filter(|&&k| k <= last).for_each(|&k| marked[k] = true);
                continue;
            }
        };
        if *range.end() > last {
            return Err(SelectError::PastLast { item: text.clone(), last });
        }
        marked[range].iter_mut().for_each(|m| *m = true);
    }
    Ok(marked.iter().enumerate().filter_map(|(k, &m)| m.then_some(k)).collect())
}

/// Keep frames divisible by `every`, solution frames and the last chosen frame.
fn thin(chosen: &[usize], every: usize, solutions: &[usize]) -> Vec<usize> {
    let last = chosen.last().copied();
    let keep = |k: usize| k % every == 0 || Some(k) == last || solutions.binary_search(&k).is_ok();
    chosen.iter().copied().filter(|&k| keep(k)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    fn pick(spec: &str, every: usize, last: usize, solutions: &[usize]) -> Result<Vec<usize>, SelectError> {
        let spec = Some(FrameSpec::parse(spec)?);
        Selection { spec, every: NonZeroUsize::new(every) }.resolve_frames(last, solutions)
    }

    #[test]
    fn items_combine_in_order_without_duplicates() {
        assert_eq!(pick("5,0-2,2,last", 0, 9, &[]), Ok(vec![0, 1, 2, 5, 9]));
        assert_eq!(pick("7-", 0, 9, &[]), Ok(vec![7, 8, 9]));
        assert_eq!(pick(" solutions , 1", 0, 9, &[4, 8]), Ok(vec![1, 4, 8]));
        assert_eq!(Selection::all().resolve_frames(3, &[]), Ok(vec![0, 1, 2, 3]));
    }

    #[test]
    fn every_keeps_multiples_solutions_and_the_last_selected() {
        assert_eq!(pick("0-", 4, 10, &[5]), Ok(vec![0, 4, 5, 8, 10]));
        assert_eq!(pick("1-7", 3, 10, &[5, 9]), Ok(vec![3, 5, 6, 7]));
        let all = Selection { spec: None, every: NonZeroUsize::new(50) };
        assert_eq!(all.resolve_frames(57, &[57]), Ok(vec![0, 50, 57]));
    }

    #[test]
    fn errors_name_the_item() {
        let past = pick("1,300", 0, 57, &[]).unwrap_err();
        assert_eq!(past, SelectError::PastLast { item: "300".into(), last: 57 });
        assert!(past.to_string().contains("frame item '300' is past the last frame, 57"), "{past}");
        assert_eq!(pick("58-", 0, 57, &[]), Err(SelectError::PastLast { item: "58-".into(), last: 57 }));
        assert_eq!(pick("50-60", 0, 57, &[]), Err(SelectError::PastLast { item: "50-60".into(), last: 57 }));
        for bad in ["5-3", "x", "", "1,,2", "-3", "+4", "1-2-3", "4 5", "Last"] {
            let err = FrameSpec::parse(bad).unwrap_err();
            assert!(matches!(err, SelectError::Malformed { .. }), "{bad}: {err:?}");
        }
        assert_eq!(FrameSpec::parse("1,5-3").unwrap_err(), SelectError::Malformed { item: "5-3".into() });
        let empty = pick("solutions", 0, 9, &[]).unwrap_err();
        assert_eq!(empty, SelectError::Empty { spec: "solutions".into(), last: 9 });
    }

    #[test]
    fn the_frame_limit_counts_frames_drawn_not_the_run() {
        let events = vec![Event::Place { row: 0, col: 0 }, Event::Remove { row: 0, col: 0 }];
        let long = Trace::new(4, "backtrack", (0..250_000).flat_map(|_| events.clone()).collect());
        let four = Selection { spec: Some(FrameSpec::parse("0-3").unwrap()), every: None };
        assert_eq!(four.resolve_within(&long, 100_000), Ok(vec![0, 1, 2, 3]));
        assert_eq!(four.resolve_within(&long, 3), Err(SelectError::TooMany { selected: 4, limit: 3 }));
        let every = Selection { spec: None, every: NonZeroUsize::new(1000) };
        assert_eq!(every.resolve_within(&long, 100_000).map(|f| f.len()), Ok(501));
        let all = Selection::all().resolve_within(&long, 100_000).unwrap_err();
        assert!(
            all.to_string().starts_with("500001 frames are selected, more than the frame limit of 100000"),
            "{all}"
        );
    }

    /// The frames an item names, or None when it reaches past `last`: a model written from the contract.
    fn model_item(item: &str, last: usize, solutions: &[usize]) -> Option<BTreeSet<usize>> {
        let set: BTreeSet<usize> = match item {
            "solutions" => return Some(solutions.iter().copied().collect()),
            "last" => return Some([last].into()),
            _ if item.ends_with('-') => (item.trim_end_matches('-').parse().unwrap()..=last).collect(),
            _ => match item.split_once('-') {
                Some((a, b)) => (a.parse().unwrap()..=b.parse().unwrap()).collect(),
                None => [item.parse().unwrap()].into(),
            },
        };
        let start: usize = item.split('-').next().unwrap().parse().unwrap();
        (start <= last && set.iter().all(|&k| k <= last)).then_some(set)
    }

    #[test]
    fn exhaustive_small_runs_match_the_model() {
        let mut items: Vec<String> = vec!["solutions".into(), "last".into()];
        for a in 0..=6 {
            items.push(format!("{a}"));
            items.push(format!("{a}-"));
            items.extend((a..=6).map(|b| format!("{a}-{b}")));
        }
        for last in 0..=5 {
            for solutions in [&[][..], &[last][..], &[1, 3][..]] {
                let solutions: Vec<usize> = solutions.iter().copied().filter(|&k| k <= last).collect();
                for first in &items {
                    for second in &items {
                        let spec = format!("{first},{second}");
                        let want = [first, second].iter().try_fold(BTreeSet::new(), |mut acc, item| {
                            acc.extend(model_item(item, last, &solutions)?);
                            Some(acc)
                        });
                        for every in 0..=3 {
                            let got = pick(&spec, every, last, &solutions);
                            let Some(chosen) = &want else {
                                assert!(matches!(got, Err(SelectError::PastLast { .. })), "{spec} last {last}");
                                continue;
                            };
                            let max = chosen.iter().max().copied();
                            let kept: Vec<usize> = chosen
                                .iter()
                                .copied()
                                .filter(|&k| every == 0 || k % every == 0 || solutions.contains(&k) || Some(k) == max)
                                .collect();
                            if kept.is_empty() {
                                assert!(matches!(got, Err(SelectError::Empty { .. })), "{spec} last {last}");
                            } else {
                                assert_eq!(got, Ok(kept), "{spec} every {every} last {last} solutions {solutions:?}");
                            }
                        }
                    }
                }
            }
        }
    }
}
