//! Frames as text: the terminal player's model of a frame, and seed 004's plain board form.
//!
//! Contract: a [`TextFrame`] holds what a text view shows of one frame: the caption's three lines
//! as plain text (the action in the caption's own words, from
//! [`crate::scene::caption::action_text`], `empty board` for frame 0; `step k of M ...`; the
//! counters), the event, and one [`Mark`] per square. Its plain form ([`TextFrame::to_text`],
//! [`write_text_frames`]) is a header line `step k of M: <action>`, then N lines of N symbols
//! separated by single spaces — `Q` a queen, `~` a square attacked by a queen, `.` a free square;
//! in a puzzle also `#` blocked, `G` a given queen, `?` a guessed one, `x` ruled out and, in a
//! region puzzle, an open square's region letter (no `~`: what is ruled out is what the run
//! eliminated) — row 0 first, then one empty line.

use crate::board::seek::FrameSeeker;
use crate::board::{BoardFrame, Replay, StreamReplay};
use crate::error::echo::printable;
use crate::error::Error;
use crate::scene::caption::{action_text, caption_for, CaptionPiece, CaptionSpec};
use crate::trace::{column_label, Event, Square, Trace};
use std::io::Write;

pub mod report;

/// What a square shows in a text view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// No queen, not attacked: `.`.
    Free,
    /// No queen, attacked by one: `~`.
    Attacked,
    /// A queen no other queen attacks: `Q`.
    Queen,
    /// A queen another queen attacks (layouts and moves allow it): `Q` as well.
    QueenAttacked,
    /// Puzzle: a blocked square, `#`.
    Blocked,
    /// Puzzle: a given queen, `G`.
    Given,
    /// Puzzle: a guessed queen, `?`.
    Guessed,
    /// Puzzle: a square a rule ruled out, `x`.
    RuledOut,
    /// Region puzzle: a square still open, its region's letter (`A`.., then `a`..).
    Region(u8),
}

impl Mark {
    /// The plain-text symbol: `Q`, `~`, `.`; in puzzles also `#`, `G`, `?`, `x` and region letters.
    pub fn symbol(self) -> char {
        match self {
            Mark::Free => '.',
            Mark::Attacked => '~',
            Mark::Queen | Mark::QueenAttacked => 'Q',
            Mark::Blocked => '#',
            Mark::Given => 'G',
            Mark::Guessed => '?',
            Mark::RuledOut => 'x',
            Mark::Region(r) => crate::trace::puzzle_file::region_letter(r),
        }
    }

    /// What a text view shows on `sq` of `board`.
    fn of(board: &crate::board::Board, sq: Square) -> Mark {
        let (queen, attacked) = (board.has_queen(sq), board.is_attacked(sq));
        if let Some(p) = board.puzzle() {
            let region = p.puzzle().region(sq);
            match () {
                _ if p.is_blocked(sq) => return Mark::Blocked,
                _ if p.is_given(sq) => return Mark::Given,
                _ if p.is_guessed(sq) => return Mark::Guessed,
                _ if p.is_eliminated(sq) => return Mark::RuledOut,
                _ if !queen && region.is_some() => return Mark::Region(region.unwrap_or(0)),
                _ => {}
            }
        }
        match (queen, attacked) {
            (true, true) => Mark::QueenAttacked,
            (true, false) => Mark::Queen,
            (false, true) => Mark::Attacked,
            (false, false) => Mark::Free,
        }
    }
}

/// One frame as text views show it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextFrame {
    /// The board size.
    pub n: usize,
    /// Frame number k (0 = the empty board).
    pub index: usize,
    /// The run's last frame number M (its number of events).
    pub total: usize,
    /// The event this frame shows the result of (`None` for frame 0).
    pub event: Option<Event>,
    /// The caption's lines: the action, `step k of M ...`, the counters.
    pub caption: [String; 3],
    /// One mark per square, row 0 first, `n * n` in all.
    pub marks: Vec<Mark>,
}

impl TextFrame {
    pub(crate) fn new(frame: &BoardFrame, spec: &CaptionSpec) -> Self {
        let board = &frame.board;
        let n = board.n();
        let mark = |i: usize| Mark::of(board, Square::new(i / n, i % n));
        let caption = caption_for(frame, spec);
        let action = action_text(frame.event.as_ref(), spec, frame.counters.solutions).text();
        TextFrame {
            n,
            index: frame.index,
            total: frame.total,
            event: frame.event.clone(),
            // Escaped: a trace's names must not reach a terminal as control sequences.
            caption: [action, segments_text(&caption.step), segments_text(&caption.counters)]
                .map(|line| printable(&line)),
            marks: (0..n * n).map(mark).collect(),
        }
    }

    /// The mark on `sq`.
    pub fn mark(&self, sq: Square) -> Mark {
        self.marks[sq.row * self.n + sq.col]
    }

    /// `step k of M: <action>`.
    pub fn header(&self) -> String {
        format!("step {} of {}: {}", self.index, self.total, self.caption[0])
    }

    /// The header, N rows of `Q`/`~`/`.` separated by spaces, and an empty line.
    pub fn to_text(&self) -> String {
        format!("{}\n{}", self.header(), self.rows_text())
    }

    /// N rows of `Q`/`~`/`.` separated by spaces, and an empty line.
    pub fn rows_text(&self) -> String {
        let mut text = String::new();
        for row in self.marks.chunks(self.n) {
            let symbols: Vec<String> = row.iter().map(|m| m.symbol().to_string()).collect();
            text.push_str(&symbols.join(" "));
            text.push('\n');
        }
        text.push('\n');
        text
    }

    /// A column's letter as captions name squares: a, b, ..., z, aa, ab, ...
    pub fn file_label(col: usize) -> String {
        column_label(col)
    }
}

/// A [`FrameSeeker`] whose frames come out as [`TextFrame`]s (the terminal player's model): it
/// derefs to the seeker for moving around.
pub struct TextSeeker<'a> {
    seeker: FrameSeeker<'a>,
    spec: CaptionSpec,
}

impl<'a> TextSeeker<'a> {
    /// Validate `trace` and keep checkpoints (see [`FrameSeeker::new`]).
    pub fn new(trace: &'a Trace) -> Result<Self, Error> {
        Ok(Self::from(FrameSeeker::new(trace)?))
    }

    /// The current frame as text views show it.
    pub fn view(&self) -> TextFrame {
        TextFrame::new(self.seeker.frame(), &self.spec)
    }

    /// The words of the sentence the current frame's caption brings (`None`: a plain step or a
    /// label), which the player holds the frame for: `Action::words_to_read` of its caption.
    pub fn words_to_read(&self) -> Option<usize> {
        caption_for(self.seeker.frame(), &self.spec).action.words_to_read()
    }
}

impl<'a> From<FrameSeeker<'a>> for TextSeeker<'a> {
    fn from(seeker: FrameSeeker<'a>) -> Self {
        let spec = crate::scene::caption::caption_spec(seeker.trace());
        TextSeeker { seeker, spec }
    }
}

impl<'a> std::ops::Deref for TextSeeker<'a> {
    type Target = FrameSeeker<'a>;
    fn deref(&self) -> &FrameSeeker<'a> {
        &self.seeker
    }
}

impl std::ops::DerefMut for TextSeeker<'_> {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.seeker
    }
}

/// Validate `trace`, then write the given frames (increasing) in the plain form.
pub fn write_text_frames(trace: &Trace, frames: &[usize], out: impl Write) -> Result<(), Error> {
    crate::board::validate(trace)?;
    let spec = crate::scene::caption::caption_spec(trace);
    let mut out = std::io::BufWriter::new(out);
    let mut wanted = frames.iter().peekable();
    for frame in Replay::new(trace) {
        let frame = frame?;
        if wanted.next_if_eq(&&frame.index).is_some() {
            out.write_all(TextFrame::new(&frame, &spec).to_text().as_bytes())?;
        }
        if wanted.peek().is_none() {
            break;
        }
    }
    out.flush()?;
    Ok(())
}

/// [`write_text_frames`] with the algorithm's code (`--code`): each frame's board is followed by
/// the listing, the line the frame executes marked `>`, an empty line, the variables as
/// `name  value`, and the frame's empty line. Traces whose algorithm has no listing are refused.
pub fn write_code_frames(trace: &Trace, frames: &[usize], out: impl Write) -> Result<(), Error> {
    let listing = code_listing(trace)?;
    crate::board::validate(trace)?;
    let spec = crate::scene::caption::caption_spec(trace);
    let checks = spec.has_checks;
    let mut out = std::io::BufWriter::new(out);
    let mut wanted = frames.iter().peekable();
    for frame in Replay::new(trace) {
        let frame = frame?;
        if wanted.next_if_eq(&&frame.index).is_some() {
            let text = TextFrame::new(&frame, &spec).to_text();
            out.write_all(text.trim_end_matches('\n').as_bytes())?;
            out.write_all(b"\n\n")?;
            for line in listing.text_lines(&listing.view(&frame, checks), ">") {
                writeln!(out, "{}", line.trim_end())?;
            }
            writeln!(out)?;
        }
        if wanted.peek().is_none() {
            break;
        }
    }
    out.flush()?;
    Ok(())
}

/// The listing `--code` shows for `trace`, or the refusal naming its algorithm.
pub fn code_listing(trace: &Trace) -> Result<crate::scene::code::Listing, Error> {
    let kind = trace.algorithm.parse().ok();
    kind.and_then(crate::scene::code::listing).ok_or_else(|| Error::NoCode { algorithm: trace.algorithm.clone() })
}

/// Write every frame of a trace read from `input` in the plain form: a JSON trace whole (validated
/// first), JSON Lines as a stream, in flat memory, each event validated as it comes (the frames
/// before a bad event are written). A stream longer than what is read ahead
/// ([`crate::trace::jsonl::READ_AHEAD_EVENTS`]) has headers `step k: <action>`: its length is not known.
pub fn write_text_stream<R: std::io::BufRead>(input: R, out: impl Write) -> Result<(), Error> {
    let mut events = match crate::trace::jsonl::open(input)? {
        crate::trace::jsonl::Input::Whole(trace) => {
            let every: Vec<usize> = (0..=trace.events.len()).collect();
            return write_text_frames(&trace, &every, out);
        }
        crate::trace::jsonl::Input::Lines(events) => events,
    };
    let (info, ahead) = events.read_ahead()?;
    if info.n == 0 || info.n > crate::trace::MAX_REPLAY_N {
        return Err(Error::BoardSize { n: info.n, max: crate::trace::MAX_REPLAY_N });
    }
    let spec = CaptionSpec::for_run(&info);
    let mut out = std::io::BufWriter::new(out);
    let replay = StreamReplay::new(info.n, info.total_events, ahead.into_iter().map(Ok).chain(events))
        .with_puzzle(info.puzzle.as_ref());
    for frame in replay {
        let view = TextFrame::new(&frame?, &spec);
        let text = match info.total_events {
            Some(_) => view.to_text(),
            None => format!("step {}: {}\n{}", view.index, view.caption[0], view.rows_text()),
        };
        out.write_all(text.as_bytes())?;
    }
    out.flush()?;
    Ok(())
}

fn segments_text(segments: &[CaptionPiece]) -> String {
    segments
        .iter()
        .map(|segment| match segment {
            CaptionPiece::Text(text) => text.clone(),
            CaptionPiece::Number(value) => value.to_string(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text_of(trace: &Trace, frames: &[usize]) -> String {
        let mut out = Vec::new();
        write_text_frames(trace, frames, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn frames_read_as_header_board_and_blank_line() {
        let events = vec![Event::Place { row: 1, col: 0 }, Event::Place { row: 3, col: 1 }];
        let trace = Trace { n: 4, algorithm: "backtrack".into(), puzzle: None, events };
        let texts = [0, 1, 2].map(|k| text_of(&trace, &[k]));
        assert_eq!(texts[0], "step 0 of 2: empty board\n. . . .\n. . . .\n. . . .\n. . . .\n\n");
        assert_eq!(texts[1], "step 1 of 2: place a3\n~ ~ . .\nQ ~ ~ ~\n~ ~ . .\n~ . ~ .\n\n");
        assert_eq!(texts[2], "step 2 of 2: place b1\n~ ~ . .\nQ ~ ~ ~\n~ ~ ~ .\n~ Q ~ ~\n\n");
        assert_eq!(text_of(&trace, &[0, 2]), texts[0].clone() + &texts[2]);
    }

    #[test]
    fn captions_use_the_caption_words_and_conflicts_show() {
        let trace = crate::solve::record(&crate::solve::SolveOptions::new(4), 1000).unwrap();
        let spec = crate::scene::caption::caption_spec(&trace);
        let last = Replay::new(&trace).last().unwrap().unwrap();
        let view = TextFrame::new(&last, &spec);
        let m = trace.events.len();
        assert_eq!(view.header(), format!("step {m} of {m}: solution 1 found"));
        assert_eq!(view.caption[1], format!("step {m} of {m}"));
        assert!(view.caption[2].starts_with("placements: ") && view.caption[2].ends_with("solutions: 1"));
        let layout = Trace {
            n: 4,
            algorithm: "shuffle".into(),
            puzzle: None,
            events: vec![Event::Layout { queens: vec![0, 1], tries: Some(1) }],
        };
        let frame = Replay::new(&layout).last().unwrap().unwrap();
        let view = TextFrame::new(&frame, &crate::scene::caption::caption_spec(&layout));
        assert_eq!(view.mark(Square::new(0, 0)), Mark::QueenAttacked);
        assert_eq!((view.caption[0].as_str(), TextFrame::file_label(27)), ("try layout 1", "ab".to_string()));
    }

    #[test]
    fn a_stream_is_written_as_it_comes() {
        let events = vec![Event::Place { row: 1, col: 0 }, Event::Place { row: 3, col: 1 }];
        let trace = Trace { n: 4, algorithm: "backtrack".into(), puzzle: None, events };
        let mut lines = Vec::new();
        crate::trace::jsonl::write(&trace, &mut lines).unwrap();
        let mut out = Vec::new();
        write_text_stream(&lines[..], &mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), text_of(&trace, &[0, 1, 2]));
        lines.extend(b"{\"event\":\"remove\",\"row\":0,\"col\":0}\n");
        let mut out = Vec::new();
        let err = write_text_stream(&lines[..], &mut out).unwrap_err().to_string();
        assert!(err.starts_with("line 4: "), "{err}");
        let before = text_of(&trace, &[0, 1, 2]).replace(" of 2:", " of 3:");
        assert_eq!(String::from_utf8(out).unwrap(), before, "the frames before it");
    }

    #[test]
    fn invalid_traces_write_nothing() {
        let trace = Trace { n: 4, algorithm: "x".into(), puzzle: None, events: vec![Event::Remove { row: 0, col: 0 }] };
        let mut out = Vec::new();
        assert!(matches!(write_text_frames(&trace, &[0, 1], &mut out), Err(Error::InvalidTrace { event: 1, .. })));
        assert!(out.is_empty());
    }
}
