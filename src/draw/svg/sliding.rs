//! A queen sliding in an animated SVG (smooth motion, a min-conflicts move): her silhouette's
//! keyframes.
//!
//! Contract: one element per silhouette size (one in a run), her ghost at the frame's origin,
//! drawn above everything else and hidden by its `visibility` attribute (a viewer that does not
//! animate never shows it). Two animations with the run's duration and loop count move it: `k<id>`
//! (`step-end`) makes it visible from each slide's start to her landing, `l<id>` (`ease-in-out`,
//! slow-in/slow-out) translates it from the square she left at the start to the one she reaches at
//! the landing (between slides it travels hidden). Keyframes of one value share a rule, so a run
//! pays once per square a queen leaves or reaches, and a few bytes a slide. When she lands the
//! queen herself stands there (her change jumps at that moment). Viewers who prefer reduced
//! motion never see it (class `k`: no animation). Runs without a slide get none of this.

use super::atoms::Atom;
use super::defs::short_id;
use super::doc::classed;
use super::path::percent_text;
use std::fmt::Write;

/// The rule that keeps every silhouette hidden for viewers who prefer reduced motion.
pub const STYLE: &str = "@media (prefers-reduced-motion:reduce){.k{animation:none}}";

/// One queen sliding: her silhouette standing on the square she reaches, the top-left pixels of
/// the square she leaves and of that one, when she starts and when she lands (ms into the run).
#[derive(Clone, Debug, PartialEq)]
pub struct Slide {
    pub ghost: Vec<Atom>,
    pub from: (i64, i64),
    pub to: (i64, i64),
    pub start_ms: u64,
    pub land_ms: u64,
}

/// The slides of a run, in order.
#[derive(Clone, Default)]
pub struct Slides {
    slides: Vec<Slide>,
}

impl Slides {
    pub fn push(&mut self, slide: Slide) {
        self.slides.push(slide);
    }

    pub fn is_empty(&self) -> bool {
        self.slides.is_empty()
    }

    /// The slides, in order.
    pub fn iter(&self) -> impl Iterator<Item = &Slide> {
        self.slides.iter()
    }

    /// The silhouettes standing on the squares queens slide to, each once, in order of first slide.
    pub fn ghosts(&self) -> Vec<&[Atom]> {
        let mut out: Vec<&[Atom]> = Vec::new();
        for slide in &self.slides {
            if !out.contains(&slide.ghost.as_slice()) {
                out.push(&slide.ghost);
            }
        }
        out
    }

    /// The silhouettes' markup (written with `write_atoms`) and their style: `scaled` gives a time
    /// as a keyframe offset with `decimals` decimals; `run` is the run's duration and plays
    /// (`11.25s`, `infinite`).
    pub fn write(
        &self,
        write_atoms: &mut dyn FnMut(&[Atom], &mut String),
        scaled: &dyn Fn(u64) -> u64,
        (decimals, run): (u32, (&str, &str)),
    ) -> (String, String) {
        let (mut style, mut body) = (String::new(), String::new());
        let mut sizes: Vec<(Vec<Atom>, Vec<&Slide>)> = Vec::new();
        for slide in &self.slides {
            let at_origin: Vec<Atom> =
                slide.ghost.iter().map(|a| Atom { shape: a.shape.moved(-slide.to.0, -slide.to.1), ..*a }).collect();
            match sizes.iter_mut().find(|(ghost, _)| *ghost == at_origin) {
                Some((_, list)) => list.push(slide),
                None => sizes.push((at_origin, vec![slide])),
            }
        }
        let (seconds, plays) = run;
        for (k, (ghost, slides)) in sizes.iter().enumerate() {
            let id = short_id(k);
            let _ = write!(
                style,
                ".k{id}{{animation:{seconds} k{id} step-end {plays},{seconds} l{id} ease-in-out {plays}}}"
            );
            let (mut shown, mut hidden) = (Vec::new(), Vec::new());
            let mut places: Vec<((i64, i64), Vec<u64>)> = Vec::new();
            for slide in slides {
                let (start, land) = (scaled(slide.start_ms), scaled(slide.land_ms));
                let land = land.max(start + 1);
                shown.push(start);
                hidden.push(land);
                for (at, offset) in [(slide.from, start), (slide.to, land)] {
                    match places.iter_mut().find(|(place, _)| *place == at) {
                        Some((_, list)) => list.push(offset),
                        None => places.push((at, vec![offset])),
                    }
                }
            }
            let list =
                |offsets: &[u64]| offsets.iter().map(|&k| percent_text(k, decimals)).collect::<Vec<_>>().join(",");
            let _ = write!(
                style,
                "@keyframes k{id}{{{}{{visibility:visible}}{}{{visibility:hidden}}}}@keyframes l{id}{{",
                list(&shown),
                list(&hidden)
            );
            for ((x, y), offsets) in places {
                let _ = write!(style, "{}{{transform:translate({x}px,{y}px)}}", list(&offsets));
            }
            style.push('}');
            let mut markup = String::new();
            write_atoms(ghost, &mut markup);
            body.push_str(&classed(&markup, &format!("k{id} k"), " visibility=\"hidden\""));
        }
        style.push_str(STYLE);
        (style, body)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::svg::atoms::Shape;
    use crate::scene::theme::Paint;

    #[test]
    fn a_silhouette_shows_from_each_start_to_its_landing_and_slides_eased() {
        let ghost = |x| vec![Atom { layer: 7, paint: Paint::Ghost, shape: Shape::Rect((x, 0, 60, 60)) }];
        let mut slides = Slides::default();
        let slide = |ghost, from, to, start_ms, land_ms| Slide { ghost, from, to, start_ms, land_ms };
        slides.push(slide(ghost(60), (0, 0), (60, 0), 1000, 1150));
        slides.push(slide(ghost(0), (60, 0), (0, 0), 2000, 2150));
        slides.push(slide(ghost(60), (0, 120), (60, 0), 3000, 3150));
        assert_eq!(slides.ghosts(), [ghost(60).as_slice(), ghost(0).as_slice()], "each square's once");
        let mut write = |atoms: &[Atom], out: &mut String| {
            let xs: Vec<String> = atoms.iter().map(|a| format!("{:?}", a.shape)).collect();
            out.push_str(&format!("<x s=\"{}\"/>", xs.join(";")));
        };
        let (style, body) = slides.write(&mut write, &|ms| ms / 40, (0, ("4s", "infinite")));
        assert_eq!(
            style,
            ".ka{animation:4s ka step-end infinite,4s la ease-in-out infinite}\
             @keyframes ka{25%,50%,75%{visibility:visible}28%,53%,78%{visibility:hidden}}\
             @keyframes la{25%,53%{transform:translate(0px,0px)}28%,50%,78%{transform:translate(60px,0px)}\
             75%{transform:translate(0px,120px)}}\
             @media (prefers-reduced-motion:reduce){.k{animation:none}}"
        );
        assert_eq!(
            body, "<x class=\"ka k\" visibility=\"hidden\" s=\"Rect((0, 0, 60, 60))\"/>",
            "one element, her silhouette at the origin"
        );
    }
}
