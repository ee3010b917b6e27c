//! The interactive session: takes the terminal, runs the event loop (draw, wait for a key or the
//! next tick) over a [`Player`], and gives the terminal back; ends the run as SIGHUP would once the
//! terminal goes away.

use super::player::{action_for, Player};
use super::screen::Screen;
use anyhow::Result;
use crossterm::event::{self, Event as TermEvent};
use queens::{TextSeeker, Trace};
use std::io::IsTerminal;
use std::time::{Duration, Instant};

/// How often the watcher looks whether the terminal is still there.
const WATCH: Duration = Duration::from_millis(100);

/// True once the terminal is gone: a hung-up terminal (closed window, killed tmux, dropped ssh)
/// answers every terminal request with EIO, so it no longer counts as one.
fn terminal_lost(stdin_was_terminal: bool) -> bool {
    !std::io::stdout().is_terminal() || (stdin_was_terminal && !std::io::stdin().is_terminal())
}

/// End the run as SIGHUP would (exit 129) once the terminal is gone. The key reader cannot be
/// relied on for that: on a hung-up terminal every read returns nothing at once, and crossterm
/// keeps reading (a busy loop that never returns to us).
fn watch_terminal() {
    let stdin_was_terminal = std::io::stdin().is_terminal();
    std::thread::spawn(move || loop {
        std::thread::sleep(WATCH);
        if terminal_lost(stdin_was_terminal) {
            crate::stop(signal_hook::consts::SIGHUP, "the terminal went away");
        }
    });
}

/// Play `trace` (validated here, before the terminal is touched) over the `selected` frames.
/// `code`: the listing shown beside the board (`--code`).
pub fn run(
    trace: &Trace,
    selected: Vec<usize>,
    (delay_ms, reading_time): (u64, bool),
    code: Option<queens::code::Listing>,
) -> Result<()> {
    let seeker = TextSeeker::new(trace)?;
    let mut player = Player::new(seeker, selected, delay_ms);
    player.reading_time = reading_time;
    let stdin_was_terminal = std::io::stdin().is_terminal();
    let checks = trace.events.iter().any(|e| matches!(e, queens::Event::Check { .. }));
    let mut screen = Screen::enter(trace.n, trace.events.len(), &trace.algorithm, code.map(|c| (c, checks)))?;
    watch_terminal();
    let outcome = play(&mut player, &mut screen);
    if outcome.is_err() && terminal_lost(stdin_was_terminal) {
        crate::stop(signal_hook::consts::SIGHUP, "the terminal went away");
    }
    outcome?;
    screen.leave()
}

/// The event loop: draw, wait for a key or the next tick, until a quit key.
fn play(player: &mut Player<'_>, screen: &mut Screen) -> Result<()> {
    let mut next_tick = Instant::now() + player.frame_delay();
    loop {
        screen.draw(player)?;
        let wait = if player.playing { next_tick.saturating_duration_since(Instant::now()) } else { Duration::MAX };
        if !event::poll(wait.min(Duration::from_secs(3600)))? {
            if player.playing {
                player.tick();
                next_tick = Instant::now() + player.frame_delay();
            }
            continue;
        }
        match event::read()? {
            TermEvent::Key(key) => {
                let Some(action) = action_for(key) else { continue };
                if !player.apply(action) {
                    break;
                }
                next_tick = Instant::now() + player.frame_delay();
            }
            TermEvent::Resize(..) => screen.resized(),
            _ => {}
        }
    }
    Ok(())
}
