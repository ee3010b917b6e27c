//! The region solver's named deductions, each a pure function from a [`RegionGrid`] to the next
//! deduction it can make, if any.
//!
//! Contract: a [`Deduction`] either places a queen (`last-square`) or rules squares out (the
//! others); it names its rule, the squares it reasoned from (`used`) and says why in one sentence
//! (squares chess-style, rows as ranks from the bottom). Every deduction is sound: it never rules
//! out a square some solution of the state uses. [`next_deduction`] tries the rules cheapest
//! first; when none applies, the solver guesses.

use super::region_grid::{Kind, RegionGrid};
use crate::trace::puzzle_furniture::Rule;

/// What a deduction does to the state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// A queen goes on this square.
    Place(usize),
    /// These open squares are ruled out (never empty).
    Eliminate(Vec<usize>),
}

/// One deduction: its rule, what it does, the squares it reasoned from, and the sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deduction {
    /// The rule that made it.
    pub rule: Rule,
    /// What it does.
    pub step: Effect,
    /// The squares it reasoned from.
    pub used: Vec<usize>,
    /// Why, in one sentence.
    pub text: String,
}

/// The rules in the order the solver tries them (cheapest first).
pub const RULES: [Rule; 5] =
    [Rule::Neighbours, Rule::LastSquare, Rule::RegionInLine, Rule::SeesRegion, Rule::RegionsInLines];

/// A rule's name in plain words, for people who have not read the rule table: what a hint picture
/// and the play page's hints say before the deduction's sentence (traces and `puzzle check` keep the
/// kebab-case names).
pub fn rule_words(rule: Rule) -> &'static str {
    match rule {
        Rule::Neighbours => "Ruled out by a queen",
        Rule::LastSquare => "Only one open square left",
        Rule::RegionInLine => "A region and a line share one queen",
        Rule::RegionsInLines => "Regions and lines share their queens",
        Rule::SeesRegion => "A queen there would empty a line or region",
        Rule::Guess => "A guess",
    }
}

/// A deduction in plain words: the rule's [`rule_words`], a dash, its sentence
/// ("Only one open square left — region C has one open square left: a queen on f7").
pub fn plain_words(rule: Rule, text: &str) -> String {
    format!("{} — {text}", rule_words(rule))
}

/// The first deduction of `rule` on `state`, if it applies.
pub fn apply(rule: Rule, state: &RegionGrid) -> Option<Deduction> {
    match rule {
        Rule::Neighbours => neighbours(state),
        Rule::LastSquare => last_square(state),
        Rule::RegionInLine => confined(state, 1..2),
        Rule::RegionsInLines => confined(state, 2..state.n),
        Rule::SeesRegion => sees_region(state),
        Rule::Guess => None,
    }
}

/// The next deduction the rules make, cheapest rule first.
pub fn next_deduction(state: &RegionGrid) -> Option<Deduction> {
    RULES.iter().find_map(|&rule| apply(rule, state))
}

/// A queen whose row, column, region or neighbours still have open squares rules them out.
fn neighbours(state: &RegionGrid) -> Option<Deduction> {
    state.queens.iter().find_map(|&queen| {
        let squares = state.reach(queen);
        (!squares.is_empty()).then(|| Deduction {
            rule: Rule::Neighbours,
            step: Effect::Eliminate(squares),
            used: vec![queen],
            text: format!("the queen on {} rules out her row, column, region and neighbours", state.name(queen)),
        })
    })
}

/// A row, column or region without a queen and with one open square left: the queen goes there.
fn last_square(state: &RegionGrid) -> Option<Deduction> {
    (0..state.units()).find_map(|unit| {
        if state.unit_has_queen(unit) {
            return None;
        }
        let mut open = state.open_in(unit);
        let (Some(sq), None) = (open.next(), open.next()) else { return None };
        Some(Deduction {
            rule: Rule::LastSquare,
            step: Effect::Place(sq),
            used: state.members(unit).to_vec(),
            text: format!("{} has one open square left: a queen on {}", state.unit_name(unit), state.name(sq)),
        })
    })
}

/// The pairings the confinement rules look at: units of the first kind confined to as many units
/// of the second clear the second ones elsewhere.
const PAIRINGS: [(Kind, Kind); 4] =
    [(Kind::Region, Kind::Row), (Kind::Region, Kind::Column), (Kind::Row, Kind::Region), (Kind::Column, Kind::Region)];

/// A set of units as a bit mask over their index within their kind (N <= 52 fits in 64 bits).
type Units = u64;

/// k units of one kind (regions, say) whose open squares all lie in k units of another (rows):
/// each of those rows holds one of their queens, so the rows' other open squares are ruled out.
/// `sizes` bounds k: `1..2` is `region-in-line`, `2..n` is `regions-in-lines`.
fn confined(state: &RegionGrid, sizes: std::ops::Range<usize>) -> Option<Deduction> {
    PAIRINGS.iter().find_map(|&(inner, outer)| {
        let spans = spans(state, inner, outer);
        candidates(state, &spans, sizes.clone()).into_iter().find_map(|cover| {
            let inside: Units = spans
                .iter()
                .enumerate()
                .filter(|(_, s)| s.is_some_and(|s| s & !cover == 0))
                .fold(0, |m, (i, _)| m | 1 << i);
            if inside.count_ones() != cover.count_ones() {
                return None;
            }
            let n = state.n;
            let in_set = |set: Units, kind: Kind, sq: usize| set >> (state.unit_of(kind, sq) % n) & 1 == 1;
            let squares: Vec<usize> = (0..n * n)
                .filter(|&sq| state.is_open(sq) && in_set(cover, outer, sq) && !in_set(inside, inner, sq))
                .collect();
            if squares.is_empty() {
                return None;
            }
            let used = (0..n * n).filter(|&sq| state.is_open(sq) && in_set(inside, inner, sq)).collect();
            let rule = if cover.count_ones() == 1 { Rule::RegionInLine } else { Rule::RegionsInLines };
            let text = confined_text(state, (inner, inside), (outer, cover));
            Some(Deduction { rule, step: Effect::Eliminate(squares), used, text })
        })
    })
}

/// For every unit of `inner` without a queen, the units of `outer` its open squares lie in
/// (`None` for units with a queen or without open squares).
fn spans(state: &RegionGrid, inner: Kind, outer: Kind) -> Vec<Option<Units>> {
    state
        .units_of(inner)
        .map(|unit| {
            if state.unit_has_queen(unit) {
                return None;
            }
            let span = state.open_in(unit).fold(0, |m: Units, sq| m | 1 << (state.unit_of(outer, sq) % state.n));
            (span != 0).then_some(span)
        })
        .collect()
}

/// The sets of outer units worth trying, in a fixed order, each of a size in `sizes`: every
/// inner unit's span, the union of every two spans, and every run of consecutive outer units.
fn candidates(state: &RegionGrid, spans: &[Option<Units>], sizes: std::ops::Range<usize>) -> Vec<Units> {
    let spans: Vec<Units> = spans.iter().flatten().copied().collect();
    let mut sets: Vec<Units> = Vec::new();
    let mut add = |set: Units| {
        if sizes.contains(&(set.count_ones() as usize)) && !sets.contains(&set) {
            sets.push(set);
        }
    };
    spans.iter().for_each(|&span| add(span));
    // Unions of two spans and runs have two units or more (a union of one is a span already).
    if sizes.end > 2 {
        for (i, a) in spans.iter().enumerate() {
            spans[i + 1..].iter().for_each(|b| add(a | b));
        }
        for len in 2..state.n {
            (0..=state.n - len).for_each(|start| add(((1 << len) - 1) << start));
        }
    }
    sets
}

/// "region D fits only in rank 3: rank 3 cleared elsewhere", or for several units
/// "regions B, D fit only in ranks 3, 4: those cleared elsewhere".
fn confined_text(state: &RegionGrid, (inner, inside): (Kind, Units), (outer, cover): (Kind, Units)) -> String {
    let names = |kind: Kind, set: Units| -> Vec<String> {
        state.units_of(kind).filter(|u| set >> (u % state.n) & 1 == 1).map(|u| state.unit_name(u)).collect()
    };
    let (inner_names, outer_names) = (names(inner, inside), names(outer, cover));
    if inner_names.len() == 1 {
        let (a, b) = (&inner_names[0], &outer_names[0]);
        return format!("{a} fits only in {b}: {b} cleared elsewhere");
    }
    format!("{} fit only in {}: those cleared elsewhere", plural(&inner_names), plural(&outer_names))
}

/// "regions B, D" from "region B", "region D".
fn plural(names: &[String]) -> String {
    let kind = names[0].split(' ').next().unwrap_or("");
    let labels: Vec<&str> = names.iter().filter_map(|n| n.split(' ').nth(1)).collect();
    format!("{kind}s {}", labels.join(", "))
}

/// An open square whose queen would rule out every open square of some other row, column or
/// region is ruled out itself.
fn sees_region(state: &RegionGrid) -> Option<Deduction> {
    let n = state.n;
    let units: Vec<usize> =
        (0..state.units()).filter(|&u| !state.unit_has_queen(u) && state.open_in(u).next().is_some()).collect();
    (0..n * n).filter(|&sq| state.is_open(sq)).find_map(|sq| {
        let unit = units
            .iter()
            .copied()
            .find(|&u| !state.members(u).contains(&sq) && state.open_in(u).all(|other| state.clash(sq, other)))?;
        Some(Deduction {
            rule: Rule::SeesRegion,
            step: Effect::Eliminate(vec![sq]),
            used: state.open_in(unit).collect(),
            text: format!("a queen on {} would leave {} no open square", state.name(sq), state.unit_name(unit)),
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trace::puzzle_file::parse_puzzle;

    fn state(text: &str, out: &[usize]) -> RegionGrid {
        let mut state = RegionGrid::new(&parse_puzzle(text.as_bytes()).unwrap().puzzle);
        state.eliminate(out);
        state
    }

    const BLOCKS: &str = "AABB\nAABB\nCCDD\nCCDD\n";

    #[test]
    fn neighbours_rules_out_a_queens_lines_region_and_ring() {
        let puzzle = "AABB\nAABB\nCCDD\nCCDD\n\nQ...\n....\n....\n....\n";
        let d = apply(Rule::Neighbours, &state(puzzle, &[])).unwrap();
        assert_eq!(d.step, Effect::Eliminate(vec![1, 2, 3, 4, 5, 8, 12]));
        assert_eq!(
            (d.used, d.text.as_str()),
            (vec![0], "the queen on a4 rules out her row, column, region and neighbours")
        );
        assert_eq!(apply(Rule::Neighbours, &state(BLOCKS, &[])), None, "no queen, nothing to rule out");
    }

    #[test]
    fn last_square_places_the_queen_of_a_unit_with_one_open_square() {
        let d = apply(Rule::LastSquare, &state(BLOCKS, &[1, 4, 5])).unwrap();
        assert_eq!((d.step, d.text.as_str()), (Effect::Place(0), "region A has one open square left: a queen on a4"));
        assert_eq!(d.used, vec![0, 1, 4, 5]);
    }

    #[test]
    fn a_region_in_one_line_clears_the_line() {
        let d = apply(Rule::RegionInLine, &state(BLOCKS, &[4, 5])).unwrap();
        assert_eq!(
            (d.step, d.text.as_str()),
            (Effect::Eliminate(vec![2, 3]), "region A fits only in rank 4: rank 4 cleared elsewhere")
        );
        assert_eq!(d.used, vec![0, 1]);
    }

    #[test]
    fn k_regions_in_k_lines_clear_the_lines() {
        let d = apply(Rule::RegionsInLines, &state("ABBC\nABBC\nADDC\nDDDD\n", &[])).unwrap();
        assert_eq!(d.step, Effect::Eliminate(vec![9, 10]));
        assert_eq!(d.text, "regions A, B, C fit only in ranks 4, 3, 2: those cleared elsewhere");
    }

    #[test]
    fn a_square_that_sees_a_whole_unit_is_ruled_out() {
        let d = apply(Rule::SeesRegion, &state(BLOCKS, &[3])).unwrap();
        let Effect::Eliminate(squares) = &d.step else { panic!("eliminates") };
        assert_eq!(squares.len(), 1);
        let mut after = state(BLOCKS, &[3]);
        after.put_queen(squares[0]);
        assert!(d.used.iter().all(|&sq| after.clash(squares[0], sq)), "{}", d.text);
        assert!(d.text.starts_with(&format!("a queen on {} would leave ", after.name(squares[0]))), "{}", d.text);
    }
}
