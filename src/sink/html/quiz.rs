//! A player that asks (`--quiz`): which steps it stops before, and what the page carries to
//! check the reader's answers.
//!
//! Contract: questions are chosen among the page's frames: a placement ("Where does the next queen
//! go?", answered by a square such as "c4", file letter and rank as the frames label them) or a
//! dead end ("Which column runs out of safe squares?", answered by the line the caption names).
//! The page carries them as JSON numbers in `<script type="application/json" id="quiz-data">`:
//! `board` is the first frame's board (left, top, square side in pixels, squares a side n) and `q`
//! two numbers per question: its frame (minus the one before's), then for a placement the square
//! `row * n + col` (>= 0), for a dead end `-1 - (line * (n * n + 1) + square)` where `line` is the
//! column (0 = a) or `n + row` for a row, and `square` the step's placement (`n * n`: none). Rows
//! count from 0 at the top, as the trace's do. `quiz.js` asks them. Which frames are asked is
//! [`QuizChooser`]'s choice, the PDF worksheet's too.

use crate::board::deadend::Line;
use crate::sink::options::QuizChooser;
use crate::sink::Quiz;
use std::fmt::Write;

/// The quiz's script and style sheet (embedded at build time).
pub const SCRIPT: &str = include_str!("quiz.js");
pub const STYLE: &str = "#quiz{margin-top:8px}#quiz button{width:auto;padding:0 12px}\
#answer{height:28px;width:9em;margin-right:6px;font:inherit;color:inherit;background:var(--bg);\
border:1px solid;border-radius:6px;padding:0 6px}#ask{font-weight:600;margin:4px 0}";

/// What each frame of the run can be asked about.
pub struct Steps<'a> {
    pub marks: &'a [u8],
    pub placed: &'a [Option<(usize, usize)>],
    pub dead_lines: &'a [Option<Line>],
    /// Left, top, square side and squares a side of the first frame's board.
    pub board: Option<[usize; 4]>,
}

/// The quiz data (JSON) for `quiz` over `steps`; `None` when the frames show no board to ask about.
pub fn data(quiz: Quiz, steps: &Steps<'_>) -> Option<String> {
    let [x, y, side, n] = steps.board?;
    let squares = (n * n + 1) as i64;
    let code = |(row, col): (usize, usize)| (row * n + col) as i64;
    let line = |line: &Line| match *line {
        Line::Column(col) => col as i64,
        Line::Row(row) => (n + row) as i64,
    };
    let mut out = format!("{{\"board\":[{x},{y},{side},{n}],\"q\":[");
    let mut chooser = QuizChooser::new(quiz);
    let mut before = 0;
    for f in 0..steps.marks.len() {
        let dead = steps.dead_lines[f].as_ref().filter(|_| steps.marks[f] == 2).map(line);
        let placed = steps.placed[f].map(code);
        let dead = dead.map(|line| -1 - (line * squares + placed.unwrap_or(squares - 1)));
        let Some(asked) = chooser.ask(dead, placed) else { continue };
        let comma = if before == 0 { "" } else { "," };
        let _ = write!(out, "{comma}{},{asked}", f - before);
        before = f;
    }
    out.push_str("]}");
    Some(out)
}

/// The quiz's panel, under the controls: the question, an answer field, the verdict and score.
pub fn panel() -> &'static str {
    "<form id=\"quiz\" hidden><p id=\"ask\"></p><input id=\"answer\" type=\"text\" autocomplete=\"off\" \
     spellcheck=\"false\" aria-label=\"Your answer: a square like c4, or a column like f\">\
     <button type=\"submit\">Check</button><p id=\"verdict\" aria-live=\"polite\"></p></form>\
     <p id=\"score\" aria-live=\"polite\"></p>\n"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn questions_are_chosen_as_asked() {
        let marks = [0, 0, 2, 0, 0, 1];
        let placed = [None, Some((0, 0)), Some((2, 1)), None, Some((4, 2)), None];
        let dead_lines = [None, None, Some(Line::Column(2)), None, None, None];
        let steps = Steps { marks: &marks, placed: &placed, dead_lines: &dead_lines, board: Some([10, 10, 40, 5]) };
        let all = data(Quiz::Placements, &steps).unwrap();
        assert_eq!(all, "{\"board\":[10,10,40,5],\"q\":[1,0,1,11,2,22]}");
        // Column c (2) of 26 squares and none, b3 = row 2, column 1 = 11: -1 - (2 * 26 + 11).
        let dead = data(Quiz::DeadEnds, &steps).unwrap();
        assert!(dead.ends_with("\"q\":[2,-64]}"), "{dead}");
        let every = data(Quiz::Every(2), &steps).unwrap();
        assert!(every.ends_with("\"q\":[2,-64]}"), "{every}");
        assert!(data(Quiz::Placements, &Steps { board: None, ..steps }).is_none());
    }
}
