//! A worksheet (`--handout --quiz`): the quiz's questions as prompt boards, then their answer key.
//!
//! Contract: the steps asked, and their words, are the HTML quiz's ([`Questions`], `quiz_words`).
//! A prompt shows the frame before the asked step (as the animation draws it), the question
//! ("Where does the next queen go? The search fills column c next, from the top.", or "Next: a
//! queen on e3. Which column runs out of safe squares?") numbered from 1, and a blank answer line
//! after it; the answer key, on the pages after the last prompt, shows the asked step's own frame
//! and the answer ("1. c2", "2. column f") under the same number. A frame that draws no caption
//! gets its step as a line of page text. Only frames shown are written (as forms), and only the
//! two frames before the current one are held (a question is decided once the frame after its
//! step is seen: forward's look-ahead), so memory stays flat. A run the quiz cannot ask about is
//! refused ([`Error::Quiz`]).

use super::PdfFrame;
use crate::error::Error;
use crate::sink::options::ask::Questions;
use crate::sink::options::quiz_words::words;

/// A frame seen, its form's name once it is written.
pub struct Held {
    pub frame: PdfFrame,
    pub form: Option<String>,
}

impl Held {
    /// The frame's form, written by `write` the first time it is needed.
    fn form(&mut self, write: &mut impl FnMut(&PdfFrame) -> Result<String, Error>) -> Result<String, Error> {
        match &self.form {
            Some(form) => Ok(form.clone()),
            None => Ok(self.form.insert(write(&self.frame)?).clone()),
        }
    }
}

/// What a frame shows as text of its own on paper: its step, when its picture draws none.
pub fn step_lines(frame: &PdfFrame) -> Vec<String> {
    if frame.draws_step {
        Vec::new()
    } else {
        vec![format!("step {}", frame.step)]
    }
}

/// One question on paper: the prompt's step lines and form, the key's step lines and form.
pub struct Sheet {
    pub prompt: (Vec<String>, String),
    pub key: (Vec<String>, String),
}

/// The worksheet as the frames come.
pub struct Worksheet {
    questions: Questions,
    /// The last two frames seen.
    held: Vec<Held>,
    /// The questions given their forms so far, in order.
    pub sheets: Vec<Sheet>,
}

impl Worksheet {
    pub fn new(questions: Questions) -> Self {
        Worksheet { questions, held: Vec::new(), sheets: Vec::new() }
    }

    /// Take the next frame; `write` writes a frame as a form and returns its name. A question
    /// decided leaves its prompt (the frame before its step) and its key (the step's frame).
    pub fn take(
        &mut self,
        frame: PdfFrame,
        mut write: impl FnMut(&PdfFrame) -> Result<String, Error>,
    ) -> Result<(), Error> {
        if frame.position == 0 {
            self.questions.start(frame.start);
        }
        self.questions.push(frame.position, frame.step, frame.event.as_ref(), frame.dead);
        self.sheets_for_new(&mut write)?;
        if self.held.len() == 2 {
            self.held.remove(0);
        }
        self.held.push(Held { frame, form: None });
        Ok(())
    }

    /// Forms for the questions decided since the last call.
    fn sheets_for_new(&mut self, write: &mut impl FnMut(&PdfFrame) -> Result<String, Error>) -> Result<(), Error> {
        while let Some(q) = self.questions.asked.get(self.sheets.len()) {
            let at = |held: &mut Vec<Held>, position: usize| held.iter_mut().position(|h| h.frame.position == position);
            let (Some(p), Some(k)) = (at(&mut self.held, q.frame - 1), at(&mut self.held, q.frame)) else {
                return Err(Error::SinkState("a worksheet's question came after its frames"));
            };
            let prompt = (step_lines(&self.held[p].frame), self.held[p].form(write)?);
            let key = (step_lines(&self.held[k].frame), self.held[k].form(write)?);
            self.sheets.push(Sheet { prompt, key });
        }
        Ok(())
    }

    /// The questions' words once every frame has come: (question, answer) per sheet, in order.
    pub fn finish(
        mut self,
        mut write: impl FnMut(&PdfFrame) -> Result<String, Error>,
    ) -> Result<Vec<(Sheet, String, String)>, Error> {
        self.questions.end();
        self.sheets_for_new(&mut write)?;
        let n = self.held.first().and_then(|h| h.frame.n).unwrap_or(0);
        let (asked, order) = self.questions.finish().map_err(|why| Error::Quiz { reason: why.reason() })?;
        let sheets = self.sheets.into_iter().zip(&asked);
        Ok(sheets
            .enumerate()
            .map(|(i, (sheet, q))| {
                let w = words(q, order, n);
                (sheet, format!("{}. {}", i + 1, w.question), format!("{}. {}", i + 1, w.answer))
            })
            .collect())
    }
}
