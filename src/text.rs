//! Frames as text: the terminal player's words and seed 004's board marks.
//!
//! Contract: [`frame_text`] is one frame in the plain form: a header line `step k of M: <action>`
//! (the caption's words, [`crate::render::caption::action_text`]; frame 0 reads `empty board`),
//! then N lines of N symbols separated by single spaces — `Q` a queen, `~` a square attacked by a
//! queen, `.` a free square — row 0 first, then one empty line. [`caption_lines`] gives the
//! caption's three lines (action, step, counters) as plain text, numbers without padding.

use crate::board::BoardFrame;
use crate::render::caption::{action_text, caption_for, CaptionSpec, Segment};

/// What the frame's event did, in the caption's words; `empty board` for frame 0.
pub fn action(frame: &BoardFrame, spec: &CaptionSpec) -> String {
    match &frame.event {
        None => "empty board".to_string(),
        Some(event) => action_text(Some(event), spec, frame.counters.solutions).text(),
    }
}

/// `step k of M: <action>`.
pub fn header(frame: &BoardFrame, spec: &CaptionSpec) -> String {
    format!("step {} of {}: {}", frame.index, frame.total, action(frame, spec))
}

/// The header, the board as `Q`/`~`/`.` rows, and an empty line.
pub fn frame_text(frame: &BoardFrame, spec: &CaptionSpec) -> String {
    format!("{}\n{}\n", header(frame, spec), frame.board.to_text(true))
}

/// The caption's lines as text: the action (as [`action`]), `step k of M ...`, the counters.
pub fn caption_lines(frame: &BoardFrame, spec: &CaptionSpec) -> [String; 3] {
    let caption = caption_for(frame, spec);
    [action(frame, spec), segments_text(&caption.step), segments_text(&caption.counters)]
}

fn segments_text(segments: &[Segment]) -> String {
    segments
        .iter()
        .map(|segment| match segment {
            Segment::Text(text) => text.clone(),
            Segment::Number(value) => value.to_string(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Replay;
    use crate::pipeline::caption_spec;
    use crate::trace::{Event, Trace};

    fn frames(trace: &Trace) -> Vec<BoardFrame> {
        Replay::new(trace).map(|frame| frame.unwrap()).collect()
    }

    #[test]
    fn frames_read_as_header_board_and_blank_line() {
        let events = vec![Event::Place { row: 1, col: 0 }, Event::Place { row: 3, col: 1 }];
        let trace = Trace { n: 4, algorithm: "backtrack".into(), events };
        let spec = caption_spec(&trace);
        let texts: Vec<String> = frames(&trace).iter().map(|f| frame_text(f, &spec)).collect();
        assert_eq!(texts[0], "step 0 of 2: empty board\n. . . .\n. . . .\n. . . .\n. . . .\n\n");
        assert_eq!(texts[1], "step 1 of 2: place a3\n~ ~ . .\nQ ~ ~ ~\n~ ~ . .\n~ . ~ .\n\n");
        assert_eq!(texts[2], "step 2 of 2: place b1\n~ ~ . .\nQ ~ ~ ~\n~ ~ ~ .\n~ Q ~ ~\n\n");
    }

    #[test]
    fn solutions_and_captions_use_the_caption_words() {
        let trace = crate::solve::record(&crate::SolveOptions::new(4), 1000).unwrap();
        let spec = caption_spec(&trace);
        let all = frames(&trace);
        let last = all.last().unwrap();
        assert_eq!(header(last, &spec), format!("step {0} of {0}: solution 1 found", trace.events.len()));
        let [action, step, counters] = caption_lines(last, &spec);
        assert_eq!(action, "solution 1 found");
        assert_eq!(step, format!("step {0} of {0}", trace.events.len()));
        assert!(counters.starts_with("placements: ") && counters.ends_with("solutions: 1"), "{counters}");
    }
}
