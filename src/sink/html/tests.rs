use super::*;
use crate::draw::svg::Atom;
use crate::pipeline::{render, Animation, NoProgress};
use crate::solve::{record, SolveOptions};

fn page(options: &SolveOptions, animation: &Animation) -> String {
    let trace = record(options, 100_000).unwrap();
    let mut out = Vec::new();
    render(&trace, animation, &mut HtmlSink::new(&mut out), &NoProgress).unwrap();
    String::from_utf8(out).unwrap()
}

/// The page's packed table and drawing, inflated.
fn unpacked(html: &str) -> Vec<u8> {
    use std::io::Read;
    let data = html.split("id=\"table\">").nth(1).unwrap().split("</script>").next().unwrap();
    let mut bytes = Vec::new();
    flate2::read::DeflateDecoder::new(&unbase64(data)[..]).read_to_end(&mut bytes).unwrap();
    bytes
}

#[test]
fn a_page_is_self_contained_and_the_same_every_time() {
    let first = page(&SolveOptions::new(5), &Animation::new());
    assert_eq!(first, page(&SolveOptions::new(5), &Animation::new()), "same input, same bytes");
    assert!(!first.contains("http:") && !first.contains("https:"), "no network reference");
    assert!(first.contains("<div id=\"stage\""), "the frame's place");
    assert!(first.contains("\"use strict\""));
    assert!(!first.contains("eval("));
}

/// Standard base64 decoded (the page's table).
fn unbase64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        _ => 63,
    };
    let digits: Vec<u8> = text.bytes().filter(|&c| c != b'=').map(value).collect();
    let mut out = Vec::new();
    for chunk in digits.chunks(4) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, &d)| n | u32::from(d) << (18 - 6 * i));
        out.extend_from_slice(&n.to_be_bytes()[1..chunk.len()]);
    }
    out
}

/// LEB128 numbers read in order, as `player.js` reads them.
struct Reader<'a>(&'a [u8], usize);

impl Reader<'_> {
    fn uint(&mut self) -> u64 {
        let (mut v, mut shift) = (0, 0);
        loop {
            let b = self.0[self.1];
            self.1 += 1;
            v |= u64::from(b & 127) << shift;
            shift += 7;
            if b < 128 {
                return v;
            }
        }
    }

    fn ascending(&mut self, n: usize) -> Vec<u64> {
        let mut next = 0;
        (0..n)
            .map(|i| {
                next += self.uint() + u64::from(i > 0);
                next
            })
            .collect()
    }
}

#[test]
fn the_table_decodes_as_documented() {
    let mut options = SolveOptions::new(5);
    options.until = crate::solve::Until::All;
    let trace = record(&options, 100_000).unwrap();
    let bytes = unpacked(&page(&options, &Animation::new()));
    let mut r = Reader(&bytes, 0);
    assert_eq!(r.uint(), pack::VERSION);
    let (frames, units, elements, glyphs) = (r.uint() as usize, r.uint(), r.uint() as usize, r.uint() as usize);
    assert_eq!(frames, trace.frame_count());
    let mut unit = 0i64;
    for _ in 0..elements {
        let v = r.uint() as i64;
        unit += if v % 2 == 1 { -(v + 1) / 2 } else { v / 2 };
        assert!((0..units as i64).contains(&unit), "element units name units");
    }
    let initial = r.uint() as usize;
    r.ascending(initial);
    let counts: Vec<usize> = (0..frames).map(|_| r.uint() as usize).collect();
    assert_eq!(counts[0], 0, "frame 0 toggles nothing");
    for &count in &counts {
        assert!(r.ascending(count).iter().all(|&u| u < units));
    }
    assert_eq!(r.ascending(frames), (0..frames as u64).collect::<Vec<_>>(), "every frame, numbered");
    let delays: Vec<u64> = (0..frames).map(|_| r.uint()).collect();
    assert_eq!(delays[1], 25, "250 ms");
    let last = trace.events.iter().position(|e| matches!(e, crate::trace::Event::Solution { .. })).unwrap() + 1;
    assert_eq!(delays[last], 150, "the solution's hold");
    let marks: Vec<u64> = (0..frames).map(|_| r.uint()).collect();
    assert_eq!(marks[last], 1, "the first solution is marked");
    assert_eq!(marks.iter().filter(|&&m| m == 1).count(), 10, "5x5 has 10 solutions");
    assert!(marks.contains(&2), "and dead ends");
    for _ in 0..glyphs * 6 {
        r.uint();
    }
    let svg = std::str::from_utf8(&bytes[r.1..]).unwrap();
    assert!(svg.starts_with("<svg id=\"frame\" ") && svg.ends_with("</svg>"), "then the drawing");
    assert!(!svg.contains("xmlns") && !svg.contains("xlink:"), "an HTML page's svg");
    assert_eq!(svg.matches("<g").count(), elements, "one group per unit and layer");
    assert!(svg.contains("<g display=\"none\">"), "what frame 0 does not show starts hidden");
}

/// A 5x5 run's smooth page (storing its cues, or not), inflated, read up to its motion columns:
/// the reader there, frames, units, and the toggle lists.
fn motion_columns(bytes: &[u8]) -> (Reader<'_>, usize, usize, Vec<Vec<u64>>) {
    let mut r = Reader(bytes, 0);
    assert_eq!(r.uint(), pack::VERSION);
    let (frames, units, elements, glyphs) = (r.uint() as usize, r.uint() as usize, r.uint(), r.uint());
    for _ in 0..elements {
        r.uint();
    }
    let initial = r.uint() as usize;
    r.ascending(initial);
    let counts: Vec<usize> = (0..frames).map(|_| r.uint() as usize).collect();
    let toggles = counts.iter().map(|&count| r.ascending(count)).collect();
    for _ in 0..frames * 3 + glyphs as usize * 6 {
        r.uint();
    }
    (r, frames, units, toggles)
}

fn smooth_page(stored: bool) -> Vec<u8> {
    let trace = record(&SolveOptions::new(5), 100_000).unwrap();
    let mut animation = Animation::new();
    animation.motion = crate::motion::Motion::Smooth { fps: 60 };
    let mut out = Vec::new();
    render(&trace, &animation, &mut HtmlSink::new(&mut out).with_cues(stored), &NoProgress).unwrap();
    unpacked(&String::from_utf8(out).unwrap())
}

/// The pictures' starts of every distinct step, and each frame's.
fn plans(r: &mut Reader<'_>, frames: usize) -> (Vec<Vec<u64>>, Vec<usize>) {
    let plans: Vec<Vec<u64>> = (0..r.uint()).map(|_| (0..r.uint()).map(|_| r.uint()).collect()).collect();
    assert!(plans.contains(&vec![0, 17, 33, 50, 67, 83, 100, 117, 133]), "a plain step: 9 pictures in 150 ms");
    let held = plans.iter().find(|p| p.len() > 9).expect("a held step (frame 0, a solution)");
    assert_eq!((held.len(), held.last()), (30, Some(&483)), "a held step: 30 pictures in 500 ms");
    let plan: Vec<usize> = (0..frames).map(|_| r.uint() as usize).collect();
    assert!(plan.iter().all(|&p| p < plans.len()), "every frame names its pictures");
    (plans, plan)
}

#[test]
fn a_smooth_page_says_where_units_stand_and_when_pictures_start() {
    let bytes = smooth_page(false);
    let (mut r, frames, units, _) = motion_columns(&bytes);
    plans(&mut r, frames);
    assert_eq!(r.uint(), 5, "the board's rows");
    let kinds: Vec<u64> = (0..units).map(|_| r.uint()).collect();
    assert!(kinds.iter().all(|&k| k <= 3) && kinds.contains(&2) && kinds.contains(&3), "squares, queens");
    let mut square = 0i64;
    for _ in kinds.iter().filter(|&&k| k > 0) {
        let v = r.uint() as i64;
        square += if v % 2 == 1 { -(v + 1) / 2 } else { v / 2 };
        assert!(square >> 12 < 5 && square & 4095 < 5, "board 0, row and column under 5: {square}");
    }
    assert!(bytes[r.1..].starts_with(b"<svg id=\"frame\" "), "then the drawing");
}

#[test]
fn a_page_that_stores_its_cues_gives_every_toggle_a_picture_of_its_step() {
    let bytes = smooth_page(true);
    let (mut r, frames, _, toggles) = motion_columns(&bytes);
    let (plans, plan) = plans(&mut r, frames);
    let mut fading = 0;
    for (f, list) in toggles.iter().enumerate() {
        for _ in list {
            let code = r.uint() as usize;
            assert!(code <= 2 * plans[plan[f]].len(), "frame {f}: code {code} names one of its pictures");
            assert!(code == 0 || code % 2 == 1, "frame {f}: nothing jumps where no queen slides");
            fading += usize::from(code > 0);
        }
    }
    assert!(fading > 30, "{fading} changes fade");
    assert!(bytes[r.1..].starts_with(b"<svg id=\"frame\" "), "then the drawing");
}

#[test]
fn a_stored_cue_is_the_first_picture_at_or_after_it() {
    use super::motion::code;
    use crate::draw::svg::{CRISP, JUMP};
    let starts = [0, 17, 33, 50];
    assert_eq!(code(CRISP, &starts), 0, "switches at once");
    assert_eq!((code(0, &starts), code(33, &starts), code(50 | JUMP, &starts)), (1, 5, 8));
    assert_eq!(code(40, &starts), 7, "a cue between pictures waits for the next");
}

#[test]
fn replaying_the_toggles_shows_every_frames_atoms() {
    use crate::draw::svg::Shape;
    use crate::scene::theme::Paint;
    let atom = |i: u64| Atom { layer: (i % 3) as u8, paint: Paint::Queen, shape: Shape::Rect((i as i64, 0, 1, 1)) };
    let mut seed = 7u64;
    let mut frames: Vec<Vec<Atom>> = Vec::new();
    let mut timeline = Timeline::new();
    for _ in 0..60 {
        let mut atoms: Vec<Atom> = (0..14).filter(|&i| i < 2 || seed >> (i + 20) & 1 == 1).map(atom).collect();
        atoms.sort();
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        timeline.push(atoms.clone(), 250);
        frames.push(atoms);
    }
    let changes = timeline.into_changes();
    let all = changes.atoms.clone();
    let mut doc = Doc::new(Paints::new(&Theme::default(), None));
    let drawing = units::drawing(changes, &mut doc, &Glyphs::new(), (None, None), (&|_| None, false));
    let mut shown = vec![false; drawing.units];
    drawing.initial.iter().for_each(|&u| shown[u as usize] = true);
    for (f, atoms) in frames.iter().enumerate() {
        drawing.toggles[f].iter().for_each(|&u| shown[u as usize] ^= true);
        for (i, a) in all.iter().enumerate() {
            let visible = drawing.atom_units[i].is_none_or(|u| shown[u as usize]);
            assert_eq!(visible, atoms.contains(a), "frame {f}, atom {a:?}");
        }
    }
    assert!(drawing.atom_units[..2].iter().all(Option::is_none), "atoms on every frame are drawn plainly");
    assert_eq!(drawing.body.matches("<g").count(), drawing.elements.len());
}
