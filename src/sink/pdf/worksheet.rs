//! A worksheet (`--handout --quiz`): the quiz's questions as prompt boards, then their answer key.
//!
//! Contract: the steps asked are the HTML quiz's ([`QuizChooser`]). A prompt shows the frame
//! before the asked step (as the animation draws it), the question ("Where does the next queen
//! go?", or "Next: a queen on e3. Which column runs out of safe squares?") numbered from 1, and a
//! blank answer line after it; the answer key, on the pages after the last prompt, shows the asked step's
//! own frame and the answer ("1. c2", "2. column f") under the same number. A frame that draws no
//! caption gets its step as a line of page text. Only frames shown are written (as forms), and only
//! the frame before the current one is held, so memory stays flat.

use super::handout::Slot;
use super::PdfFrame;
use crate::sink::options::QuizChooser;

/// What a frame's step can be asked as.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ask {
    /// A queen is placed on this square ("c2").
    Place(String),
    /// A line runs out of safe squares ("column f"), after a queen lands on `placed`, if one does.
    DeadEnd { line: String, placed: Option<String> },
}

impl Ask {
    /// The question, numbered.
    fn question(&self, number: usize) -> String {
        match self {
            Ask::Place(_) => format!("{number}. Where does the next queen go?"),
            Ask::DeadEnd { line, placed } => {
                let kind = line.split(' ').next().unwrap_or("column");
                let next = placed.as_ref().map(|square| format!("Next: a queen on {square}. ")).unwrap_or_default();
                format!("{number}. {next}Which {kind} runs out of safe squares?")
            }
        }
    }

    /// The answer, numbered.
    fn answer(&self, number: usize) -> String {
        match self {
            Ask::Place(square) => format!("{number}. {square}"),
            Ask::DeadEnd { line, .. } => format!("{number}. {line}"),
        }
    }
}

/// A frame seen, its form's name once it is written.
pub struct Held {
    pub frame: PdfFrame,
    pub form: Option<String>,
}

/// What a frame shows as text of its own on paper: its step, when its picture draws none.
pub fn step_lines(frame: &PdfFrame) -> Vec<String> {
    if frame.draws_step {
        Vec::new()
    } else {
        vec![format!("step {}", frame.step)]
    }
}

/// The worksheet as the frames come: prompts and answers, each a slot on a page to come.
pub struct Worksheet {
    chooser: QuizChooser,
    before: Option<Held>,
    pub prompts: Vec<(Vec<String>, String, String)>,
    pub answers: Vec<Slot>,
}

impl Worksheet {
    pub fn new(chooser: QuizChooser) -> Self {
        Worksheet { chooser, before: None, prompts: Vec::new(), answers: Vec::new() }
    }

    /// Take the next frame; `write` writes a frame as a form and returns its name. A question
    /// asked leaves its prompt (the frame before's form, step lines and question) and its answer.
    pub fn take<E>(&mut self, frame: PdfFrame, mut write: impl FnMut(&PdfFrame) -> Result<String, E>) -> Result<(), E> {
        let asked = self.chooser.ask(frame.dead_end.clone(), frame.placed.clone().map(Ask::Place));
        let mut held = Held { frame, form: None };
        if let (Some(ask), Some(before)) = (asked, self.before.as_mut()) {
            let number = self.prompts.len() + 1;
            let form = match &before.form {
                Some(form) => form.clone(),
                None => before.form.insert(write(&before.frame)?).clone(),
            };
            self.prompts.push((step_lines(&before.frame), form, ask.question(number)));
            let form = held.form.insert(write(&held.frame)?).clone();
            let mut lines = step_lines(&held.frame);
            lines.push(ask.answer(number));
            self.answers.push(Slot { form, lines, answer_rule: false });
        }
        self.before = Some(held);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn questions_and_answers_read_as_the_player_asks() {
        let place = Ask::Place("c2".into());
        assert_eq!(place.question(1), "1. Where does the next queen go?");
        assert_eq!(place.answer(1), "1. c2");
        let dead = Ask::DeadEnd { line: "row 3".into(), placed: Some("e3".into()) };
        assert_eq!(dead.question(2), "2. Next: a queen on e3. Which row runs out of safe squares?");
        assert_eq!(dead.answer(2), "2. row 3");
    }
}
