//! The interactive player: keys and playback state (the event loop is `session.rs`, drawing is
//! `screen.rs`).
//!
//! Contract: playback starts at the first selected frame and moves through the selected frames
//! only. Space pauses and resumes (at the end it starts again from the first); right/`l` and
//! left/`h` step; `g`/`G` go to the first/last selected frame; digits then Enter jump to exactly
//! that frame; every step or jump key pauses, so the frame shown is the one asked for. `+`/`-`
//! halve/double the delay. `q`, Esc (with no digits typed) and Ctrl-C quit. Solution frames show
//! for [`SOLUTION_HOLD`] delays while playing. Stepping back is instant: frames come from a
//! [`FrameSeeker`] (checkpoints every few hundred frames).

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use queens::{Event, TextSeeker};
use std::time::Duration;

pub const DEFAULT_DELAY_MS: u64 = 250;
pub const MIN_DELAY_MS: u64 = 5;
pub const MAX_DELAY_MS: u64 = 8000;
/// A solution frame shows this many delays while playing (as the GIF's 1500 ms hold to 250 ms).
pub const SOLUTION_HOLD: u32 = 6;

/// What a key asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerAction {
    PlayPause,
    Forward,
    Back,
    Faster,
    Slower,
    First,
    Last,
    Digit(u8),
    Jump,
    Erase,
    Cancel,
    Quit,
}

/// The action a key press means, if any (releases and repeats of nothing are ignored).
pub fn action_for(key: KeyEvent) -> Option<PlayerAction> {
    if key.kind == KeyEventKind::Release {
        return None;
    }
    let action = match key.code {
        KeyCode::Char('c') if key.modifiers.contains(KeyModifiers::CONTROL) => PlayerAction::Quit,
        KeyCode::Char(' ') => PlayerAction::PlayPause,
        KeyCode::Right | KeyCode::Char('l') => PlayerAction::Forward,
        KeyCode::Left | KeyCode::Char('h') => PlayerAction::Back,
        KeyCode::Char('+' | '=') => PlayerAction::Faster,
        KeyCode::Char('-' | '_') => PlayerAction::Slower,
        KeyCode::Char('g') | KeyCode::Home => PlayerAction::First,
        KeyCode::Char('G') | KeyCode::End => PlayerAction::Last,
        KeyCode::Char(d @ '0'..='9') => PlayerAction::Digit(d as u8 - b'0'),
        KeyCode::Enter => PlayerAction::Jump,
        KeyCode::Backspace => PlayerAction::Erase,
        KeyCode::Esc => PlayerAction::Cancel,
        KeyCode::Char('q') => PlayerAction::Quit,
        _ => return None,
    };
    Some(action)
}

/// Playback state over a seekable run.
pub struct Player<'a> {
    pub seeker: TextSeeker<'a>,
    selected: Vec<usize>,
    pub playing: bool,
    pub delay_ms: u64,
    /// Whether a frame whose caption brings a sentence shows long enough to read it
    /// (`--reading-time`; the reading time scales with the speed, as the delay does).
    pub reading_time: bool,
    /// Digits typed for a jump, not yet confirmed with Enter.
    pub typed: String,
    /// A one-line note for the status line ("no frame 99: the last is 57").
    pub note: String,
}

impl<'a> Player<'a> {
    /// Start playing at the first of `selected` (increasing, not empty).
    pub fn new(seeker: TextSeeker<'a>, selected: Vec<usize>, delay_ms: u64) -> Self {
        let mut player = Player {
            seeker,
            selected,
            playing: true,
            delay_ms,
            reading_time: true,
            typed: String::new(),
            note: String::new(),
        };
        player.go(player.selected[0]);
        player
    }

    /// The frame on screen.
    pub fn current(&self) -> usize {
        self.seeker.index()
    }

    /// How many frames are selected (all of them unless the user chose).
    pub fn selected_count(&self) -> usize {
        self.selected.len()
    }

    fn go(&mut self, k: usize) {
        self.seeker.seek(k);
    }

    fn next_selected(&self) -> Option<usize> {
        let at = self.selected.partition_point(|&k| k <= self.current());
        self.selected.get(at).copied()
    }

    fn previous_selected(&self) -> Option<usize> {
        let at = self.selected.partition_point(|&k| k < self.current());
        at.checked_sub(1).map(|i| self.selected[i])
    }

    /// Apply one action; false means quit.
    pub fn apply(&mut self, action: PlayerAction) -> bool {
        self.note.clear();
        match action {
            PlayerAction::Quit => return false,
            PlayerAction::PlayPause => self.play_pause(),
            PlayerAction::Faster => self.delay_ms = (self.delay_ms / 2).max(MIN_DELAY_MS),
            PlayerAction::Slower => self.delay_ms = (self.delay_ms * 2).min(MAX_DELAY_MS),
            PlayerAction::Digit(d) => {
                self.playing = false;
                if self.typed.len() < 20 {
                    self.typed.push(char::from(b'0' + d));
                }
            }
            PlayerAction::Erase => {
                self.typed.pop();
            }
            PlayerAction::Cancel if self.typed.is_empty() => return false,
            PlayerAction::Cancel => self.typed.clear(),
            PlayerAction::Jump => self.jump(),
            PlayerAction::Forward | PlayerAction::Back | PlayerAction::First | PlayerAction::Last => self.step(action),
        }
        true
    }

    fn play_pause(&mut self) {
        if !self.playing && self.next_selected().is_none() {
            self.go(self.selected[0]);
        }
        self.playing = !self.playing;
    }

    fn step(&mut self, action: PlayerAction) {
        self.playing = false;
        self.typed.clear();
        let target = match action {
            PlayerAction::Forward => self.next_selected(),
            PlayerAction::Back => self.previous_selected(),
            PlayerAction::First => self.selected.first().copied(),
            _ => self.selected.last().copied(),
        };
        match target {
            Some(k) => self.go(k),
            None => self.note = "no selected frame that way".to_string(),
        }
    }

    fn jump(&mut self) {
        self.playing = false;
        let typed = std::mem::take(&mut self.typed);
        let last = self.seeker.last_frame();
        match typed.parse::<usize>() {
            Ok(k) if k <= last => self.go(k),
            Ok(_) => self.note = format!("no frame {typed}: the last is {last}"),
            Err(_) => self.note = "type a frame number, then Enter".to_string(),
        }
    }

    /// One playback step: the next selected frame; playback stops at the last.
    pub fn tick(&mut self) {
        match self.next_selected() {
            Some(k) => self.go(k),
            None => self.playing = false,
        }
        if self.next_selected().is_none() {
            self.playing = false;
        }
    }

    /// How long the current frame shows while playing.
    pub fn frame_delay(&self) -> Duration {
        let hold = if matches!(self.seeker.event(), Some(Event::Solution { .. })) { SOLUTION_HOLD } else { 1 };
        let usual = Duration::from_millis(self.delay_ms) * hold;
        match self.seeker.words_to_read() {
            Some(words) if self.reading_time => {
                let reading = u64::from(queens::reading_ms(words)) * self.delay_ms / DEFAULT_DELAY_MS;
                usual.max(Duration::from_millis(reading))
            }
            _ => usual,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use queens::Trace;

    fn press(player: &mut Player, keys: &str) {
        for c in keys.chars() {
            let code = match c {
                '>' => KeyCode::Right,
                '<' => KeyCode::Left,
                '\n' => KeyCode::Enter,
                _ => KeyCode::Char(c),
            };
            let action = action_for(KeyEvent::new(code, KeyModifiers::NONE)).expect("a key the player knows");
            assert!(player.apply(action), "{c:?} does not quit");
        }
    }

    fn trace() -> Trace {
        queens::record(&queens::SolveOptions::new(6), 1000).unwrap()
    }

    #[test]
    fn steps_and_jumps_pause_on_the_frame_asked_for() {
        let trace = trace();
        let mut player = Player::new(TextSeeker::new(&trace).unwrap(), (0..=57).collect(), 250);
        assert!(player.playing && player.current() == 0);
        press(&mut player, ">>>");
        assert!(!player.playing && player.current() == 3);
        press(&mut player, "<l");
        assert_eq!(player.current(), 3);
        press(&mut player, "31\n");
        assert_eq!(player.current(), 31);
        press(&mut player, "G");
        assert_eq!(player.current(), 57);
        press(&mut player, "99\n");
        assert_eq!((player.current(), player.note.as_str()), (57, "no frame 99: the last is 57"));
        press(&mut player, "g<");
        assert_eq!(player.current(), 0);
        press(&mut player, "hh");
        assert_eq!(player.current(), 0);
    }

    #[test]
    fn playback_walks_the_selection_and_stops_at_its_end() {
        let trace = trace();
        let mut player = Player::new(TextSeeker::new(&trace).unwrap(), vec![5, 10, 57], 100);
        // The plain delays (frame 10 is a dead end, held to be read: see the test below).
        player.reading_time = false;
        assert_eq!(player.current(), 5);
        player.tick();
        assert!(player.playing && player.current() == 10);
        assert_eq!(player.frame_delay(), Duration::from_millis(100));
        player.tick();
        assert!(!player.playing && player.current() == 57, "stopped on the last selected frame");
        assert_eq!(player.frame_delay(), Duration::from_millis(100) * SOLUTION_HOLD);
        press(&mut player, " ");
        assert!(player.playing && player.current() == 5, "space at the end plays again from the start");
        press(&mut player, "++-");
        assert_eq!(player.delay_ms, 50);
    }

    #[test]
    fn sentences_are_held_for_reading_at_the_players_speed() {
        let mut options = queens::SolveOptions::new(4);
        options.detail = queens::Detail::Checks;
        let trace = queens::record(&options, 10_000).unwrap();
        // Frame 1 checks a4: "check a4: safe", 3 words, 800 ms at the default speed.
        let mut player = Player::new(TextSeeker::new(&trace).unwrap(), vec![1, 2], DEFAULT_DELAY_MS);
        assert_eq!(player.seeker.words_to_read(), Some(3));
        assert_eq!(player.frame_delay(), Duration::from_millis(800));
        player.delay_ms = DEFAULT_DELAY_MS / 2;
        assert_eq!(player.frame_delay(), Duration::from_millis(400), "twice as fast, half the reading time");
        player.reading_time = false;
        assert_eq!(player.frame_delay(), Duration::from_millis(DEFAULT_DELAY_MS / 2));
    }

    #[test]
    fn quit_keys_quit_and_escape_first_clears_digits() {
        let trace = trace();
        let mut player = Player::new(TextSeeker::new(&trace).unwrap(), vec![0, 1], 100);
        let key = |code, modifiers| action_for(KeyEvent::new(code, modifiers)).unwrap();
        assert!(!player.apply(key(KeyCode::Char('q'), KeyModifiers::NONE)));
        assert!(!player.apply(key(KeyCode::Char('c'), KeyModifiers::CONTROL)));
        press(&mut player, "12");
        assert!(player.apply(key(KeyCode::Esc, KeyModifiers::NONE)) && player.typed.is_empty());
        assert!(!player.apply(key(KeyCode::Esc, KeyModifiers::NONE)));
    }
}
