//! The player's terminal: taking it over and always giving it back, and drawing one frame on it.
//!
//! Contract: [`Screen::enter`] switches to raw mode and the alternate screen and hides the cursor;
//! the terminal is restored (cursor shown, alternate screen left, raw mode off) exactly once,
//! whichever comes first: [`Screen::leave`], the screen being dropped (an error), a panic (a hook
//! restores before the message prints) or [`restore`] called by the Ctrl-C handler. [`Screen::draw`]
//! shows the board in the default theme's colours (attacked squares shaded and marked `~`, free ones
//! `·`, the square acted on highlighted, solution queens on gold), the caption's three lines, a
//! status line and the keys; with `--code` the algorithm's listing right of the board (the line
//! the frame executes marked `▶` in reverse video) and its variables, the caption under both; a
//! terminal too small for that says so and waits for a resize. Lines
//! never wrap.

use super::player::Player;
use anyhow::Result;
use crossterm::style::{Attribute, Color, Print, ResetColor, SetAttribute, SetBackgroundColor, SetForegroundColor};
use crossterm::terminal::{self, Clear, ClearType};
use crossterm::{cursor, execute, queue};
use queens::{Event, Mark, Square, TextFrame, Theme};
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Once;

/// The keys, as the last line shows them.
pub const HELP: &str = "space play/pause · ←/h →/l step · +/- speed · g/G first/last · 12⏎ jump · q quit";

/// True while the terminal is ours to give back.
static ACTIVE: AtomicBool = AtomicBool::new(false);
static PANIC_HOOK: Once = Once::new();

/// Give the terminal back if the player has it: cursor shown, alternate screen left, raw mode off.
pub fn restore() {
    if ACTIVE.swap(false, Ordering::SeqCst) {
        let _ = execute!(std::io::stdout(), ResetColor, cursor::Show, terminal::LeaveAlternateScreen);
        let _ = terminal::disable_raw_mode();
    }
}

/// The terminal while the player holds it.
pub struct Screen {
    n: usize,
    total: usize,
    title: String,
    theme: Theme,
    truecolor: bool,
    clear_first: bool,
    /// The listing shown right of the board, and whether the run records checks.
    code: Option<(queens::code::Listing, bool)>,
}

impl Screen {
    /// Take the terminal over (restored on drop, panic and [`restore`]).
    pub fn enter(n: usize, total: usize, algorithm: &str, code: Option<(queens::code::Listing, bool)>) -> Result<Self> {
        PANIC_HOOK.call_once(|| {
            let previous = std::panic::take_hook();
            std::panic::set_hook(Box::new(move |info| {
                restore();
                previous(info);
            }));
        });
        terminal::enable_raw_mode()?;
        ACTIVE.store(true, Ordering::SeqCst);
        execute!(std::io::stdout(), terminal::EnterAlternateScreen, cursor::Hide)?;
        let truecolor = std::env::var("COLORTERM").is_ok_and(|v| v.contains("truecolor") || v.contains("24bit"));
        // The trace names the algorithm: escaped, so it cannot set the terminal's title or move the cursor.
        let title = format!("queens play · {n}×{n} · {}", queens::echo::printable(algorithm));
        Ok(Screen { n, total, title, theme: Theme::default(), truecolor, clear_first: true, code })
    }

    /// Give the terminal back.
    pub fn leave(self) -> Result<()> {
        drop(self);
        Ok(())
    }

    /// The terminal changed size: clear before the next draw.
    pub fn resized(&mut self) {
        self.clear_first = true;
    }

    /// Draw the player's current frame (or the too-small note), in one write.
    pub fn draw(&mut self, player: &Player) -> Result<()> {
        let (width, height) = terminal::size()?;
        let mut buf = Vec::with_capacity(16 * 1024);
        if std::mem::take(&mut self.clear_first) {
            queue!(buf, ResetColor, Clear(ClearType::All))?;
        }
        let (need_w, need_h) = needed_size(self.n, self.total, self.code_size());
        if width < need_w || height < need_h {
            self.clear_first = true;
            let note = format!(
                "step {k} of {total}: the {n}×{n} board needs a terminal of at least {need_w}×{need_h}; this one \
                 is {width}×{height}. Make it larger, or press q to quit.",
                k = player.current(),
                total = self.total,
                n = self.n
            );
            draw_wrapped(&mut buf, &note, width)?;
        } else {
            self.draw_frame(&mut buf, player, width as usize)?;
        }
        let mut out = std::io::stdout().lock();
        out.write_all(&buf)?;
        out.flush()?;
        Ok(())
    }

    fn draw_frame(&self, buf: &mut Vec<u8>, player: &Player, width: usize) -> Result<()> {
        let frame = player.seeker.view();
        let n = self.n;
        let labels = label_width(n);
        let mut row = 0u16;
        line(buf, &mut row, &self.title, width)?;
        let board_top = row;
        let files: String = (0..n).map(|col| format!("{:^3}", TextFrame::file_label(col))).collect();
        line(buf, &mut row, &format!("{:labels$}{files}", ""), width)?;
        for board_row in 0..n {
            queue!(buf, cursor::MoveTo(0, row), Print(format!("{:>w$} ", n - board_row, w = labels - 1)))?;
            for col in 0..n {
                let (symbol, ink, paper) = cell(&frame, Square::new(board_row, col));
                queue!(buf, SetBackgroundColor(self.color(paper)), SetForegroundColor(self.color(ink)))?;
                queue!(
                    buf,
                    SetAttribute(Attribute::Bold),
                    Print(format!(" {symbol} ")),
                    SetAttribute(Attribute::Reset)
                )?;
            }
            queue!(buf, ResetColor, Clear(ClearType::UntilNewLine))?;
            row += 1;
        }
        row = row.max(self.draw_code(buf, player, board_top, width)?);
        line(buf, &mut row, "", width)?;
        for text in &frame.caption {
            line(buf, &mut row, text, width)?;
        }
        line(buf, &mut row, &status(player), width)?;
        line(buf, &mut row, HELP, width)?;
        queue!(buf, Clear(ClearType::FromCursorDown))?;
        Ok(())
    }

    /// The code's lines and variables right of the board from row `top`, the executed line in
    /// reverse video; returns the row under the last one.
    fn draw_code(&self, buf: &mut Vec<u8>, player: &Player, top: u16, width: usize) -> Result<u16> {
        let Some((listing, checks)) = &self.code else { return Ok(top) };
        let view = listing.view(player.seeker.frame(), *checks);
        let x = label_width(self.n) + 3 * self.n + CODE_GAP;
        for (i, text) in listing.text_lines(&view, "▶").iter().enumerate() {
            let cut: String = text.chars().take(width.saturating_sub(x)).collect();
            queue!(buf, cursor::MoveTo(x as u16, top + i as u16))?;
            if view.line == Some(i) {
                queue!(buf, SetAttribute(Attribute::Reverse), Print(cut), SetAttribute(Attribute::Reset))?;
            } else {
                queue!(buf, Print(cut))?;
            }
            queue!(buf, Clear(ClearType::UntilNewLine))?;
        }
        let lines = listing.lines.len() + 1 + listing.variables.len();
        Ok(top + lines as u16)
    }

    /// Columns and rows the code takes (0, 0 without `--code`).
    fn code_size(&self) -> (usize, usize) {
        let Some((listing, _)) = &self.code else { return (0, 0) };
        let widest = listing.widest_values(self.n, self.total.to_string().len());
        let view = queens::code::CodeView { step: queens::code::Step::Start, line: None, values: widest };
        let lines = listing.text_lines(&view, "▶");
        (CODE_GAP + lines.iter().map(|l| l.chars().count()).max().unwrap_or(0), lines.len())
    }

    /// The theme's colour, or in terminals without 24-bit colour a hand-picked 256-colour stand-in
    /// (the 256-colour cube is too coarse to keep dark squares and attacked light squares apart).
    fn color(&self, role: Role) -> Color {
        if self.truecolor {
            let [r, g, b] = role.rgb(&self.theme);
            Color::Rgb { r, g, b }
        } else {
            Color::AnsiValue(role.ansi256())
        }
    }
}

impl Drop for Screen {
    fn drop(&mut self) {
        restore();
    }
}

/// Columns between the board and the code.
const CODE_GAP: usize = 3;

/// Columns and rows the player needs: rank labels and 3 columns a square, and `code` (its columns
/// and rows) beside; title, files, the board (or the code, if taller), a blank line, three caption
/// lines, status and keys. Wide enough for `step M of M` whole.
pub fn needed_size(n: usize, total: usize, (code_width, code_height): (usize, usize)) -> (u16, u16) {
    let board = label_width(n) + 3 * n + code_width;
    let step = format!("step {total} of {total}").len();
    let width = board.max(step).max(20);
    let height = (n + 1).max(code_height) + 7;
    (width.min(u16::MAX as usize) as u16, height.min(u16::MAX as usize) as u16)
}

fn label_width(n: usize) -> usize {
    n.to_string().len() + 1
}

/// Colours a square can be drawn in: the default theme's board and highlight colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    Light,
    Dark,
    LightAttacked,
    DarkAttacked,
    Queen,
    White,
    Ghost,
    Placed,
    Removed,
    CheckSafe,
    CheckAttacked,
    Solution,
}

impl Role {
    fn rgb(self, t: &Theme) -> [u8; 3] {
        match self {
            Role::Light => t.light,
            Role::Dark => t.dark,
            Role::LightAttacked => t.light_attacked,
            Role::DarkAttacked => t.dark_attacked,
            Role::Queen => t.queen,
            Role::White => t.background,
            Role::Ghost => t.ghost,
            Role::Placed => t.placed,
            Role::Removed => t.removed,
            Role::CheckSafe => t.check_safe,
            Role::CheckAttacked => t.check_attacked,
            Role::Solution => t.solution,
        }
    }

    /// xterm 256-colour stand-ins for the default (wood) theme, the nearest in CIELAB: attacked
    /// squares dimmer and grayer than their free twins, the four grounds in the theme's lightness
    /// order (light free > light attacked > dark free > dark attacked), highlights keep their hues.
    fn ansi256(self) -> u8 {
        match self {
            Role::Light => 223,
            Role::Dark => 137,
            Role::LightAttacked => 144,
            Role::DarkAttacked => 243,
            Role::Queen => 16,
            Role::White => 231,
            Role::Ghost => 239,
            Role::Placed => 25,
            Role::Removed => 130,
            Role::CheckSafe => 36,
            Role::CheckAttacked => 124,
            Role::Solution => 178,
        }
    }
}

/// Symbol, ink and paper of one square: `♛` queens (red when attacked, on gold in a solution), `~`
/// attacked squares on their shade, `·` free ones; the square the event acted on in its highlight colour (a removed
/// queen as `♕`), the attacker a check names in red.
fn cell(frame: &TextFrame, sq: Square) -> (char, Role, Role) {
    let dark = (sq.row + sq.col) % 2 == 1;
    let mark = frame.mark(sq);
    let (mut symbol, mut ink, mut paper) = match (mark, dark) {
        (Mark::Queen, false) => ('♛', Role::Queen, Role::Light),
        (Mark::Queen, true) => ('♛', Role::Queen, Role::Dark),
        (Mark::QueenAttacked, false) => ('♛', Role::CheckAttacked, Role::Light),
        (Mark::QueenAttacked, true) => ('♛', Role::CheckAttacked, Role::Dark),
        (Mark::Attacked, false) => ('~', Role::DarkAttacked, Role::LightAttacked),
        (Mark::Attacked, true) => ('~', Role::Ghost, Role::DarkAttacked),
        (Mark::Free, false) => ('·', Role::Ghost, Role::Light),
        (Mark::Free, true) => ('·', Role::Ghost, Role::Dark),
        (Mark::Blocked, _) => ('#', Role::White, Role::Queen),
        (Mark::Given, false) => ('♛', Role::Queen, Role::Dark),
        (Mark::Given, true) => ('♛', Role::Queen, Role::DarkAttacked),
        (Mark::Guessed, _) => ('?', Role::Queen, Role::Light),
        (Mark::RuledOut, false) => ('×', Role::Queen, Role::LightAttacked),
        (Mark::RuledOut, true) => ('×', Role::Queen, Role::DarkAttacked),
        (Mark::Region(_), d) => (mark.symbol(), Role::Queen, if d { Role::Dark } else { Role::Light }),
    };
    let queen = matches!(mark, Mark::Queen | Mark::QueenAttacked | Mark::Given | Mark::Guessed);
    match &frame.event {
        Some(Event::Solution { .. }) if queen => paper = Role::Solution,
        Some(Event::Check { attacker: Some(a), .. }) if *a == sq => ink = Role::CheckAttacked,
        _ => {}
    }
    if let Some(event) = frame.event.as_ref().filter(|e| e.square() == Some(sq)) {
        // Black or white ink, whichever has the higher contrast on the highlight.
        (ink, paper) = match event {
            Event::Remove { .. } => (Role::Queen, Role::Removed),
            Event::Check { safe: true, .. } => (Role::Queen, Role::CheckSafe),
            Event::Check { .. } => (Role::White, Role::CheckAttacked),
            _ => (Role::White, Role::Placed),
        };
        if matches!(event, Event::Remove { .. }) {
            symbol = '♕';
        }
    }
    (symbol, ink, paper)
}

/// Playing or paused, the speed, digits typed, a note.
fn status(player: &Player) -> String {
    let state = match (player.playing, player.current() == player.seeker.last_frame()) {
        (true, _) => format!("▶ playing, {} ms a step", player.delay_ms),
        (false, true) => "■ end of the run".to_string(),
        (false, false) => format!("❚❚ paused ({} ms a step)", player.delay_ms),
    };
    let mut parts = vec![state];
    if player.selected_count() != player.seeker.last_frame() + 1 {
        parts.push(format!("{} frames selected", player.selected_count()));
    }
    if !player.typed.is_empty() {
        parts.push(format!("go to frame {}_ (Enter)", player.typed));
    }
    if !player.note.is_empty() {
        parts.push(player.note.clone());
    }
    parts.join(" · ")
}

/// One text line at `row`, cut to the terminal's width, the rest of the line cleared.
fn line(buf: &mut Vec<u8>, row: &mut u16, text: &str, width: usize) -> Result<()> {
    let cut: String = text.chars().take(width).collect();
    queue!(buf, cursor::MoveTo(0, *row), Print(cut), Clear(ClearType::UntilNewLine))?;
    *row += 1;
    Ok(())
}

/// A note broken into lines of at most `width` characters, from the top-left corner.
fn draw_wrapped(buf: &mut Vec<u8>, text: &str, width: u16) -> Result<()> {
    let chars: Vec<char> = text.chars().collect();
    for (row, chunk) in chars.chunks(usize::from(width.max(1))).enumerate() {
        let text: String = chunk.iter().collect();
        queue!(buf, cursor::MoveTo(0, row as u16), Print(text), Clear(ClearType::UntilNewLine))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use queens::luminance;

    #[test]
    fn sizes_and_colours() {
        assert_eq!(needed_size(8, 219, (0, 0)), (26, 16));
        assert_eq!(needed_size(2, 100_000, (0, 0)), ("step 100000 of 100000".len() as u16, 10));
        assert_eq!(needed_size(8, 219, (40, 18)), (66, 25), "the code beside the board, taller");
        let distinct: std::collections::BTreeSet<u8> =
            [Role::Light, Role::Dark, Role::LightAttacked, Role::DarkAttacked].map(Role::ansi256).into();
        assert_eq!(distinct.len(), 4, "the four square shades stay apart in 256 colours");
    }

    /// An xterm colour's RGB (the 6x6x6 cube and the gray ramp).
    fn xterm(index: u8) -> [u8; 3] {
        let level = |c: u8| if c == 0 { 0 } else { 55 + 40 * c };
        match index {
            16..=231 => {
                let i = index - 16;
                [level(i / 36), level(i / 6 % 6), level(i % 6)]
            }
            232.. => [8 + 10 * (index - 232); 3],
            _ => unreachable!("no system colours"),
        }
    }

    #[test]
    fn the_256_colour_grounds_follow_the_wood_theme() {
        let theme = Theme::default();
        let grounds = [Role::Light, Role::LightAttacked, Role::Dark, Role::DarkAttacked];
        let ours = grounds.map(|role| luminance(xterm(role.ansi256())));
        let theirs = grounds.map(|role| luminance(role.rgb(&theme)));
        for pair in 0..3 {
            assert!(theirs[pair] > theirs[pair + 1], "the theme's order");
            let ratio = (ours[pair] + 0.05) / (ours[pair + 1] + 0.05);
            assert!(ratio >= 1.25, "{:?} vs {:?}: {ratio:.2}", grounds[pair], grounds[pair + 1]);
        }
        for role in [Role::Light, Role::Dark, Role::Solution, Role::Removed] {
            let [r, g, b] = xterm(role.ansi256());
            assert!(r > b && g >= b, "{role:?} stays warm: {:?}", (r, g, b));
        }
    }
}
