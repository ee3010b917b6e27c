//! Input echoed back: text that came from outside (a trace's names, a theme's keys, a shard line)
//! shown in an error or on the terminal.
//!
//! Contract: [`printable`] keeps ordinary characters and writes every control character (C0, DEL,
//! C1: escape sequences, newlines, carriage returns, tabs) and every Unicode format or
//! non-character code point as a Rust-style escape (`\n`, `\u{1b}`), so echoed text can neither
//! drive the terminal nor forge a second line; [`clipped`] does the same and keeps at most
//! `max` characters, saying how many more there were.

/// `text` with every control, format and non-character code point escaped (`\n`, `\u{1b}`).
pub fn printable(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        push_printable(&mut out, c);
    }
    out
}

/// [`printable`], keeping at most `max` characters of `text` and saying how many were left out.
pub fn clipped(text: &str, max: usize) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    for c in chars.by_ref().take(max) {
        push_printable(&mut out, c);
    }
    let rest = chars.count();
    if rest > 0 {
        out.push_str(&format!("... ({rest} more characters)"));
    }
    out
}

fn push_printable(out: &mut String, c: char) {
    match c {
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        '\t' => out.push_str("\\t"),
        c if needs_escape(c) => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
        c => out.push(c),
    }
}

/// Control characters, bidirectional and other format controls, and non-characters.
fn needs_escape(c: char) -> bool {
    let code = c as u32;
    c.is_control()
        || matches!(code, 0x200B..=0x200F | 0x2028..=0x202E | 0x2060..=0x206F | 0xFEFF | 0xFFF9..=0xFFFB)
        || (0xFDD0..=0xFDEF).contains(&code)
        || code & 0xFFFE == 0xFFFE
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(printable("a\u{1b}]0;owned\u{7}b\nerror: forged"), "a\\u{1b}]0;owned\\u{7}b\\nerror: forged");
        assert_eq!(printable("c3 \u{265B} é"), "c3 \u{265B} é");
        assert_eq!(printable("\u{9b}\u{202e}\u{fffe}\u{ffff}"), "\\u{9b}\\u{202e}\\u{fffe}\\u{ffff}");
    }

    #[test]
    fn clipped_says_what_it_left_out() {
        assert_eq!(clipped("abcdef", 4), "abcd... (2 more characters)");
        assert_eq!(clipped("ab\n", 4), "ab\\n");
    }
}
