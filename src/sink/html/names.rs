//! Short names for smooth motion's code in the page: the readable sources (`motion.js` and the
//! motion blocks of `player.js`) keep their names, the page carries one or two letters instead.
//!
//! Contract: only names that the player's script uses nowhere outside its motion blocks are
//! shortened ([`VARIABLES`] wherever they stand as a name, not after a `.`; [`TABLE`] only as
//! properties of the table `t`), so a page without motion is byte for byte what it was, and
//! every short name is one the script does not use otherwise. Text inside string literals and
//! the text parts of template literals is left alone (the code inside `${...}` is not).

use std::collections::{HashMap, HashSet};

/// Variables and functions of the motion code.
pub(super) const VARIABLES: [&str; 28] = [
    "apart", "best", "cause", "causes", "changed", "come", "cue", "drawn", "fade", "fading", "far", "gap", "land",
    "landing", "move", "moved", "near", "placed", "rate", "reach", "row", "settle", "slide", "sliders", "starts",
    "switchAt", "time", "used",
];

/// Properties of the table `t` that only the motion code reads.
pub(super) const TABLE: [&str; 10] =
    ["kind", "square", "plans", "plan", "rows", "side", "sliders", "cue", "slides", "sweep"];

/// `script` (compacted and squeezed) with the motion code's names shortened.
pub(super) fn shorten(script: &str) -> String {
    let names = tokens(script);
    let used: HashSet<&str> = names.iter().map(|(_, _, word)| word.as_str()).collect();
    let mut pool = ('A'..='Z').chain('a'..='z').map(String::from).filter(|name| !used.contains(name.as_str()));
    let mut pool2 = ('A'..='Z').flat_map(|a| ('a'..='z').map(move |b| format!("{a}{b}")));
    let mut short =
        || pool.next().unwrap_or_else(|| pool2.find(|name| !used.contains(name.as_str())).unwrap_or_default());
    let mut variables = HashMap::new();
    for name in VARIABLES.iter().filter(|name| used.contains(**name)) {
        variables.insert(*name, short());
    }
    let properties: HashMap<&str, String> =
        TABLE.iter().filter(|name| used.contains(**name)).map(|name| (*name, short())).collect();
    let mut out = String::with_capacity(script.len());
    let mut last = 0;
    for (start, end, word) in names {
        let after_dot = script[..start].ends_with('.');
        let after_table =
            after_dot && script[..start - 1].ends_with('t') && !is_name_char(script[..start - 1].chars().nth_back(1));
        let new = match (after_dot, after_table) {
            (false, _) => variables.get(word.as_str()),
            (true, true) => properties.get(word.as_str()),
            (true, false) => None,
        };
        if let Some(new) = new {
            out.push_str(&script[last..start]);
            out.push_str(new);
            last = end;
        }
    }
    out.push_str(&script[last..]);
    out
}

fn is_name_char(ch: Option<char>) -> bool {
    ch.is_some_and(|ch| ch.is_ascii_alphanumeric() || ch == '_' || ch == '$')
}

/// The names of `script`'s code (outside string literals and template text): byte range and text.
fn tokens(script: &str) -> Vec<(usize, usize, String)> {
    let mut out = Vec::new();
    // Open template literals: the brace depth of the `${` each is inside (empty: plain code).
    let mut templates: Vec<u32> = Vec::new();
    let mut in_template_text = false;
    let mut chars = script.char_indices().peekable();
    while let Some((i, ch)) = chars.next() {
        if in_template_text {
            match ch {
                '\\' => {
                    chars.next();
                }
                '`' => in_template_text = false,
                '$' if chars.peek().map(|p| p.1) == Some('{') => {
                    chars.next();
                    in_template_text = false;
                    templates.push(0);
                }
                _ => {}
            }
            continue;
        }
        match ch {
            '"' | '\'' => {
                while let Some((_, c)) = chars.next() {
                    if c == '\\' {
                        chars.next();
                    } else if c == ch {
                        break;
                    }
                }
            }
            '`' => in_template_text = true,
            '{' => {
                if let Some(depth) = templates.last_mut() {
                    *depth += 1;
                }
            }
            '}' => match templates.last_mut() {
                Some(0) => {
                    templates.pop();
                    in_template_text = true;
                }
                Some(depth) => *depth -= 1,
                None => {}
            },
            c if c.is_ascii_alphabetic() || c == '_' || c == '$' => {
                let mut end = i + c.len_utf8();
                while let Some(&(j, c)) = chars.peek() {
                    if !is_name_char(Some(c)) {
                        break;
                    }
                    end = j + c.len_utf8();
                    chars.next();
                }
                out.push((i, end, script[i..end].to_string()));
            }
            c if c.is_ascii_digit() => {
                while chars.peek().is_some_and(|&(_, c)| is_name_char(Some(c)) || c == '.') {
                    chars.next();
                }
            }
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_in_code_are_shortened_not_in_text_or_other_properties() {
        let script = "const fade=Number(player.dataset.fade);let A=1;\nt.kind=x.kind+\"fade kind\"+`${fade}px fade`+'move';move(fade);";
        let out = shorten(script);
        assert_eq!(
            out,
            "const B=Number(player.dataset.fade);let A=1;\nt.D=x.kind+\"fade kind\"+`${B}px fade`+'move';C(B);"
        );
    }

    #[test]
    fn names_are_whole_tokens() {
        assert_eq!(
            tokens("a1 `x${b}y${`${c}`}`d 'e' 12.5e3").into_iter().map(|(_, _, w)| w).collect::<Vec<_>>(),
            ["a1", "b", "c", "d"]
        );
        assert_eq!(shorten("fade2 fade _fade $fade"), "fade2 A _fade $fade");
    }
}
