//! A player that asks (`--quiz`): which steps it stops before, and what the page carries to
//! check the reader's answers and say why.
//!
//! Contract: the questions are [`Questions`]' (one choice with the PDF worksheet: a placement
//! "Where does the next queen go?" stating the search's order, a dead end "Next: a queen on e3.
//! Which column runs out of safe squares?" only where that step makes the line run out, else
//! "Column f already has no safe square. Where does the search put its next queen?"). The page
//! carries them as JSON in `<script type="application/json" id="quiz-data">`: `board` is the first
//! frame's board (left, top, square side in pixels, squares a side n) and `q` the questions, a
//! JSON array deflated (raw DEFLATE, as the table is) and written in base64, one array a question:
//! its frame (minus the one before's), its kind (0: answered by a square, 1: by a line), the
//! question, the answer ("c2", "column f"), the reason, the step's square and the queens on the
//! board shown (squares as `row * n + col`, rows from 0 at the top, as the trace's). `quiz.js`
//! asks them and builds each verdict from them: right, or what is wrong with the answer (a square
//! attacked, and by which queen, as `--why` draws it; a safe square the search does not take
//! first; a line with a safe square left), then the reason. A run the quiz cannot ask about is
//! refused ([`Error::Quiz`]).

use super::super::atom_frames::{AtomEncoder, AtomFrame};
use super::super::{Encode, Frame};
use crate::draw::raster::canvas::IndexedImage;
use crate::error::Error;
use crate::sink::options::ask::{board_start, Asked, Questions};
use crate::sink::options::quiz_words::words;
use crate::sink::Quiz;
use crate::trace::Event;
use std::fmt::Write;

/// The quiz's script and style sheet (embedded at build time).
pub const SCRIPT: &str = include_str!("quiz.js");
pub const STYLE: &str = "#player{--c:280px}#quiz{margin-top:8px}#quiz button{width:auto;padding:0 12px}\
#answer{height:28px;width:9em;margin-right:6px;font:inherit;color:inherit;background:var(--bg);\
border:1px solid;border-radius:6px;padding:0 6px}#ask{font-weight:600;margin:4px 0}";

/// What the quiz reads off a frame besides its atoms: the step's event, and on the first frame
/// whether a board stands there, and whether anything stands on it.
#[derive(Clone, Debug)]
pub struct Facts {
    pub event: Option<Event>,
    pub start: Option<(usize, bool)>,
}

/// The player's encoder: the atoms, and with a quiz the facts it asks from.
pub struct PageEncoder {
    pub atoms: AtomEncoder,
    pub quiz: bool,
}

impl Encode for PageEncoder {
    type Encoded = (AtomFrame, Option<Facts>);

    fn encode(&self, before: Option<&IndexedImage>, frame: &Frame<'_>) -> Result<Self::Encoded, Error> {
        let facts = self.quiz.then(|| Facts {
            event: frame.event.cloned(),
            start: (frame.position == 0).then(|| board_start(frame.scene)).flatten(),
        });
        Ok((self.atoms.encode(before, frame)?, facts))
    }

    fn needs_pixels(&self) -> bool {
        self.atoms.needs_pixels()
    }

    fn takes_motion(&self) -> bool {
        self.atoms.takes_motion()
    }
}

/// The quiz data (JSON) for the questions `questions` chose on a board at `board` (left, top,
/// square side, squares a side), or why the run cannot be asked.
pub fn data(questions: Questions, board: Option<[usize; 4]>) -> Result<String, Error> {
    let refuse = |why: crate::sink::options::ask::Refusal| Error::Quiz { reason: why.reason() };
    let (asked, order) = questions.finish().map_err(refuse)?;
    let [x, y, side, n] = board.ok_or(Error::Quiz { reason: crate::sink::options::ask::Refusal::Puzzle.reason() })?;
    let code = |sq: crate::trace::Square| sq.row * n + sq.col;
    let mut out = String::from("[");
    let mut before = 0;
    for (i, q) in asked.iter().enumerate() {
        let w = words(q, order, n);
        let kind = u8::from(matches!(q.asked, Asked::DeadEnd(_)));
        let queens: Vec<String> = q.queens.iter().map(|&sq| code(sq).to_string()).collect();
        let text = |s: &str| serde_json::to_string(s).unwrap_or_default().replace('<', "\\u003c");
        let comma = if i == 0 { "" } else { "," };
        let _ = write!(
            out,
            "{comma}[{},{kind},{},{},{},{},[{}]]",
            q.frame - before,
            text(&w.question),
            text(&w.answer),
            text(&w.why),
            code(q.square),
            queens.join(",")
        );
        before = q.frame;
    }
    out.push(']');
    let packed = super::pack::base64(&super::pack::deflate(out.as_bytes()));
    Ok(format!("{{\"board\":[{x},{y},{side},{n}],\"q\":\"{packed}\"}}"))
}

/// The quiz's panel, under the controls: the question, an answer field, the verdict and the way
/// on, and the score.
pub fn panel() -> &'static str {
    "<form id=\"quiz\" hidden><p id=\"ask\"></p><input id=\"answer\" type=\"text\" autocomplete=\"off\" \
     spellcheck=\"false\" aria-label=\"Your answer: a square like c4, or a column like f\">\
     <button id=\"check\" type=\"submit\">Check</button><p id=\"verdict\" aria-live=\"polite\"></p>\
     <button id=\"goon\" type=\"button\" hidden>Go on ▸</button></form>\
     <p id=\"score\" aria-live=\"polite\"></p>\n"
}

/// A quiz for the frames to come (`None` without one).
pub fn questions(quiz: Option<Quiz>) -> Option<Questions> {
    quiz.map(Questions::new)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::deadend::Line;
    use std::io::Read;

    /// The questions of quiz data, inflated.
    fn inflated(page: &str) -> String {
        let text = page.split("\"q\":\"").nth(1).unwrap().trim_end_matches("\"}");
        let value =
            |c: u8| "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".bytes().position(|a| a == c);
        let sextets: Vec<u32> = text.bytes().filter_map(value).map(|v| v as u32).collect();
        let bytes: Vec<u8> = sextets
            .chunks(4)
            .flat_map(|c| {
                let n = c.iter().enumerate().fold(0, |n, (i, &v)| n | v << (18 - 6 * i));
                (0..c.len() - 1).map(move |i| (n >> (16 - 8 * i)) as u8)
            })
            .collect();
        let mut out = String::new();
        flate2::read::DeflateDecoder::new(&bytes[..]).read_to_string(&mut out).unwrap();
        out
    }

    #[test]
    fn questions_carry_their_words_and_facts() {
        // 4x4: a4 (row 0), then b2 (row 2), which leaves column c without a safe square.
        let mut q = Questions::new(Quiz::DeadEnds);
        q.start(Some((4, false)));
        q.push(0, 0, None, None);
        q.push(1, 1, Some(&Event::Place { row: 0, col: 0 }), None);
        q.push(2, 2, Some(&Event::Place { row: 2, col: 1 }), Some(Line::Column(2)));
        q.push(3, 3, Some(&Event::Remove { row: 2, col: 1 }), None);
        let page = data(q, Some([10, 10, 40, 4])).unwrap();
        assert!(page.starts_with("{\"board\":[10,10,40,4],\"q\":\""), "{page}");
        let json = inflated(&page);
        assert!(json.starts_with("[[2,1,\"Next: a queen on b2. Which column runs out"), "{json}");
        assert!(
            json.ends_with(
                ",\"column c\",\"Every square of column c is attacked: c3, c2, c1 by b2; c4 by a4.\",9,[0]]]"
            ),
            "{json}"
        );
        let mut none = Questions::new(Quiz::DeadEnds);
        none.start(Some((4, false)));
        none.push(0, 0, None, None);
        none.push(1, 1, Some(&Event::Place { row: 0, col: 0 }), None);
        let refused = data(none, Some([10, 10, 40, 4])).unwrap_err().to_string();
        assert!(refused.contains("no dead end"), "{refused}");
    }
}
