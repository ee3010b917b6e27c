//! `queens puzzle hint FILE -o PICTURE`: the next deduction on a puzzle as a still [`Picture`].
//!
//! Contract: the board is the frame a `--puzzle` run of the rule solver shows after its first
//! event when that event is a deduction (its new crosses in the accent, or its queen placed, the
//! squares the rule used outlined), described by the same [`Describer`] as animation frames, but
//! without the caption band: no step, no counters (a hint is one step, not a run). Under the board,
//! left-aligned with it, the rule in plain words (`rules::rule_words`) at the caption's small size,
//! then the deduction's sentence at the caption's size, wrapped to the board's width. A puzzle no
//! rule moves (a guess is needed, it is solved or dead) is drawn as given under "The puzzle as
//! given" and what `puzzle hint` says of it. The picture's title is its words.

use super::picture::Picture;
use crate::board::Replay;
use crate::draw::raster::palette::Palette;
use crate::error::Error;
use crate::font::Glyphs;
use crate::scene::caption::text_sizes;
use crate::scene::items::Item;
use crate::scene::layout::check_geometry;
use crate::scene::theme::Paint;
use crate::scene::{Describer, RenderOptions};
use crate::solve::puzzle::rules::rule_words;
use crate::solve::{record_first, Algorithm, SolveOptions};
use crate::trace::puzzle_furniture::Puzzle;
use crate::trace::Event;

/// The hint of `puzzle` drawn in `options`' look (see the module's contract).
pub fn picture(puzzle: &Puzzle, options: &RenderOptions) -> Result<Picture, Error> {
    let n = puzzle.n;
    check_geometry(n, options.square_for(n))?;
    let mut solve = SolveOptions::new(n);
    solve.algorithm = Algorithm::Deduce;
    solve.puzzle = Some(puzzle.clone());
    // The first event alone: a hard puzzle's whole run is not recorded to show its first step.
    let mut trace = record_first(&solve, 1)?;
    let (title, sentence) = match trace.events.first() {
        Some(Event::Deduce { rule, text, .. } | Event::Eliminate { rule, text, .. }) => {
            (rule_words(*rule).to_string(), text.clone())
        }
        _ => {
            trace.events.clear();
            ("The puzzle as given".to_string(), crate::solve::puzzle::hint(puzzle))
        }
    };
    let frame = Replay::new(&trace).last().ok_or(Error::SinkState("a trace has frame 0"))??;
    let describer = Describer::new(n, options, None);
    let mut scene = describer.describe(&frame);
    let layout = &describer.layout;
    let glyphs = Glyphs::new();
    let (big, small) = text_sizes(layout.square, &glyphs);
    let width = layout.board_size() as f32;
    let x = layout.board_x as f32;
    let mut baseline = (layout.board_y + layout.board_size() + layout.margin) as f32 + glyphs.ascent(small);
    scene.push(Item::Text { x, baseline, size: small, text: title.clone(), paint: Paint::Text });
    baseline += glyphs.ascent(small) * 0.4;
    for line in wrap(&glyphs, &sentence, big, width) {
        baseline += glyphs.ascent(big) * 1.15;
        scene.push(Item::Text { x, baseline, size: big, text: line, paint: Paint::Text });
    }
    scene.height = (baseline + glyphs.ascent(big) * 0.35).ceil() as usize + layout.margin;
    scene.words_top = Some(layout.board_y + layout.board_size());
    let (theme, dark) = (options.theme.clone(), options.dark.clone());
    Ok(Picture { scene, palette: Palette::new(&theme), theme, dark, title: format!("{title} — {sentence}") })
}

/// `text` broken at spaces into lines no wider than `width` at `size` (a word wider than that
/// stands alone on its line).
fn wrap(glyphs: &Glyphs, text: &str, size: u32, width: f32) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split(' ') {
        match lines.last_mut() {
            Some(line) if glyphs.text_width(&format!("{line} {word}"), size) <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trace::puzzle_file::parse_puzzle;

    fn words(picture: &Picture) -> Vec<String> {
        let texts = picture.scene.items.iter().filter_map(|item| match item {
            Item::Text { text, baseline, .. } if *baseline > picture.scene.words_top.unwrap_or(0) as f32 => {
                Some(text.clone())
            }
            _ => None,
        });
        texts.collect()
    }

    #[test]
    fn the_rule_in_plain_words_then_its_sentence_and_no_step_or_counters() {
        let text = "AAAABCB\nAADBBBB\nAADBBBB\nAEDBBBB\nEEDDFFF\nEGDDFFF\nGGGDDFF\n";
        let puzzle = parse_puzzle(text.as_bytes()).unwrap().puzzle;
        let picture = picture(&puzzle, &RenderOptions::default()).unwrap();
        let words = words(&picture);
        assert_eq!(words[0], "Only one open square left", "{words:?}");
        let sentence = words[1..].join(" ");
        assert_eq!(sentence, "region C has one open square left: a queen on f7");
        let all: Vec<String> = picture
            .scene
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Text { text, .. } => Some(text.clone()),
                _ => None,
            })
            .collect();
        assert!(
            all.iter().all(|t| !t.contains("step") && !t.contains("ruled out") && !t.contains("last-square")),
            "{all:?}"
        );
        let bottom = picture.scene.height as f32;
        assert!(picture.scene.items.iter().all(|i| !matches!(i, Item::Text { baseline, .. } if *baseline > bottom)));
    }
}
