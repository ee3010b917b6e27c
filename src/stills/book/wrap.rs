//! Words broken into lines that fit a width, at word boundaries.
//!
//! Contract: a word wider than the width alone stays whole on its own line; no line is empty
//! unless the text is.

use crate::font::Glyphs;

/// `text` in lines no wider than `width` at `size`.
pub fn wrap(text: &str, size: u32, width: f32, glyphs: &Glyphs) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let candidate = if line.is_empty() { word.to_string() } else { format!("{line} {word}") };
        if !line.is_empty() && glyphs.text_width(&candidate, size) > width {
            lines.push(std::mem::replace(&mut line, word.to_string()));
        } else {
            line = candidate;
        }
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_fit_and_keep_every_word() {
        let glyphs = Glyphs::new();
        let text = "region-in-line: region D fits only in rank 3: rank 3 cleared elsewhere";
        let lines = wrap(text, 10, 100.0, &glyphs);
        assert!(lines.len() > 1);
        assert!(lines.iter().all(|l| glyphs.text_width(l, 10) <= 100.0 || !l.contains(' ')));
        assert_eq!(lines.join(" "), text);
    }
}
