//! A puzzle to play: one self-contained HTML page (`queens puzzle play`) where a reader cycles
//! squares empty / × / queen, sees clashes, asks for hints and times the solve.
//!
//! Contract: the page holds the puzzle, one solution and the chain of hints (see [`chain`]) as
//! JSON in `<script type="application/json" id="puzzle">` (every `<`, `>` and `&` escaped, so
//! nothing can close the script); the page's own script (`play.js`) builds the board from it with
//! DOM calls and `textContent`, never from markup, and applies no rule itself: a hint is the first
//! step of the chain whose result the board does not show yet (or, before that, the first queen or
//! × that disagrees with the solution). Colours are the theme's (region fills, blocked squares,
//! the rule's outline as the frames draw them; with a dark theme the page follows the viewer's
//! colour scheme); the queen is the frames' glyph outline. Nothing is fetched; same puzzle and
//! options, same bytes.

mod chain;
mod page;

use crate::error::Error;
use crate::scene::theme::Theme;
use crate::trace::puzzle_furniture::Puzzle;
use chain::{plan, Plan};
use serde_json::json;
use std::io::Write;

/// How a puzzle page looks.
#[derive(Clone, Debug, Default)]
pub struct PlayOptions {
    /// The page's colours.
    pub theme: Theme,
    /// Colours for viewers who prefer a dark scheme (`--theme auto`), if any.
    pub dark: Option<Theme>,
}

/// What a written puzzle page holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayPage {
    /// Hints in the page's chain (from the start position to the solution).
    pub hints: usize,
    /// True when the puzzle has more than one solution (hints and checks follow the first).
    pub several: bool,
    /// Bytes written.
    pub bytes: usize,
}

/// Write the page to play `puzzle` into `out`. A puzzle without a solution is
/// [`Error::PuzzleUnsolvable`]; a search past the budget is [`Error::PuzzleSearchTooLong`].
pub fn write_puzzle_page<W: Write>(puzzle: &Puzzle, options: &PlayOptions, mut out: W) -> Result<PlayPage, Error> {
    puzzle.check()?;
    let plan = plan(puzzle)?;
    let html = page::html(puzzle, &data(puzzle, &plan), options);
    out.write_all(html.as_bytes())?;
    out.flush()?;
    Ok(PlayPage { hints: plan.steps.len(), several: plan.several, bytes: html.len() })
}

/// The page's data as JSON safe inside a `<script>` element.
fn data(puzzle: &Puzzle, plan: &Plan) -> String {
    let n = puzzle.n;
    let squares = |list: &[crate::trace::Square]| list.iter().map(|s| s.row * n + s.col).collect::<Vec<_>>();
    let steps: Vec<serde_json::Value> = plan
        .steps
        .iter()
        .map(|step| {
            let mut value = json!({"t": step.text, "u": step.used});
            if let Some(more) = &step.more {
                value["m"] = json!(more);
            }
            match step.place {
                Some(sq) => value["q"] = json!(sq),
                None => value["x"] = json!(step.out),
            }
            value
        })
        .collect();
    let value = json!({
        "n": n,
        "regions": puzzle.regions,
        "blocked": squares(&puzzle.blocked),
        "givens": squares(&puzzle.givens),
        "solution": plan.solution,
        "several": plan.several,
        "steps": steps,
    });
    script_safe(&value.to_string())
}

/// JSON text that cannot end the `<script>` element it sits in (nor start a comment in it).
fn script_safe(json: &str) -> String {
    json.replace('<', "\\u003c").replace('>', "\\u003e").replace('&', "\\u0026")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trace::puzzle_file::parse_puzzle;

    const P8: &str = "AABBCCCC\nAABBBBDD\nAABBBDDD\nAEFBBDDD\nFFFFGDDD\nFFFFDDDD\nFFFFFFDD\nFFFFFDDH\n";

    #[test]
    fn the_page_is_one_offline_file_the_same_every_time() {
        let puzzle = parse_puzzle(P8.as_bytes()).unwrap().puzzle;
        let (mut a, mut b) = (Vec::new(), Vec::new());
        let page = write_puzzle_page(&puzzle, &PlayOptions::default(), &mut a).unwrap();
        write_puzzle_page(&puzzle, &PlayOptions::default(), &mut b).unwrap();
        assert_eq!(a, b);
        assert_eq!(page.bytes, a.len());
        let text = String::from_utf8(a).unwrap().to_ascii_lowercase();
        for banned in ["http:", "https:", "src=", "@import", "url(", "fetch(", "eval(", "innerhtml"] {
            assert!(!text.contains(banned), "{banned}");
        }
        assert!(page.hints > 8 && !page.several);
    }

    #[test]
    fn json_cannot_close_its_script() {
        assert_eq!(script_safe("{\"t\":\"</script><b>&\"}"), "{\"t\":\"\\u003c/script\\u003e\\u003cb\\u003e\\u0026\"}");
    }
}
