//! The bounds of a whole JSON trace, kept while it streams in: a reader that watches the bytes
//! the parser pulls and stops the read as soon as one is crossed, so memory never grows past what
//! an allowed trace needs.
//!
//! Contract: [`Bounded`] passes bytes through unchanged until the input passes its byte limit
//! (then [`Error::TraceTooLarge`]), a string passes its byte limit (then
//! [`Error::TraceStringTooLong`]) or the top-level `algorithm` value passes its character limit
//! (then [`Error::AlgorithmName`]); it then returns an I/O
//! error to the parser and keeps the typed error in [`Bounded::fault`]. It reads JSON's lexical
//! structure only (strings, escapes, nesting), never builds values.

use crate::error::Error;

/// What a whole JSON trace may hold.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Bytes in all.
    pub bytes: u64,
    /// Bytes of one string, as written.
    pub string_bytes: usize,
    /// Characters of the top-level `algorithm` value.
    pub algorithm_chars: usize,
}

/// Where the lexer stands inside a string.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Escape {
    /// Plain text.
    None,
    /// Right after a backslash.
    Backslash,
    /// Inside `\uXXXX`: hex digits still to come and the value so far.
    Hex { left: u8, value: u16 },
}

/// A reader that refuses a JSON trace past its bounds while it is read (see the module docs).
pub struct Bounded<R> {
    input: R,
    left: u64,
    limits: Limits,
    /// Why the read was stopped, once it was.
    pub fault: Option<Error>,
    depth: u32,
    in_string: bool,
    escape: Escape,
    string_bytes: usize,
    string_chars: usize,
    /// At the top level, the next string is a key (after `{` or `,`), not a value.
    expect_key: bool,
    /// The current top-level key's first bytes (enough to tell `algorithm`).
    key: Vec<u8>,
    key_is_algorithm: bool,
    in_algorithm: bool,
}

impl<R: std::io::Read> Bounded<R> {
    /// Watch `input`, refusing it past `limits`.
    pub fn new(input: R, limits: Limits) -> Self {
        Bounded {
            input,
            left: limits.bytes,
            limits,
            fault: None,
            depth: 0,
            in_string: false,
            escape: Escape::None,
            string_bytes: 0,
            string_chars: 0,
            expect_key: false,
            key: Vec::new(),
            key_is_algorithm: false,
            in_algorithm: false,
        }
    }

    /// Follow one byte of JSON text; `Err` names the bound it crosses.
    fn scan(&mut self, byte: u8) -> Result<(), Error> {
        if self.in_string {
            return self.scan_in_string(byte);
        }
        let top = self.depth == 1;
        match byte {
            b'"' => {
                self.in_string = true;
                self.string_bytes = 0;
                self.string_chars = 0;
                if top && self.expect_key {
                    self.key.clear();
                } else {
                    self.in_algorithm = top && self.key_is_algorithm;
                }
            }
            b'{' | b'[' => {
                self.depth += 1;
                self.expect_key = byte == b'{' && self.depth == 1;
            }
            b'}' | b']' => self.depth = self.depth.saturating_sub(1),
            b',' if top => self.expect_key = true,
            b':' if top => self.expect_key = false,
            _ => {}
        }
        Ok(())
    }

    fn scan_in_string(&mut self, byte: u8) -> Result<(), Error> {
        match self.escape {
            Escape::None if byte == b'"' => {
                self.in_string = false;
                if self.depth == 1 && self.expect_key {
                    self.key_is_algorithm = self.key == b"algorithm";
                }
                self.in_algorithm = false;
                return Ok(());
            }
            Escape::None if byte == b'\\' => {
                self.escape = Escape::Backslash;
                self.string_chars += 1;
            }
            Escape::None => self.string_chars += usize::from(byte & 0xC0 != 0x80),
            Escape::Backslash => {
                self.escape = if byte == b'u' { Escape::Hex { left: 4, value: 0 } } else { Escape::None }
            }
            Escape::Hex { left, value } => {
                let digit = (byte as char).to_digit(16).unwrap_or(0) as u16;
                let value = value << 4 | digit;
                self.escape = if left == 1 { Escape::None } else { Escape::Hex { left: left - 1, value } };
                if left == 1 && (0xDC00..=0xDFFF).contains(&value) {
                    self.string_chars -= 1; // the second half of a surrogate pair: one character with the first
                }
            }
        }
        self.string_bytes += 1;
        if self.depth == 1 && self.expect_key && self.key.len() < 16 {
            self.key.push(byte);
        }
        let escaping = self.escape != Escape::None; // counted once the escape ends (a pair is one character)
        let Limits { string_bytes, algorithm_chars, .. } = self.limits;
        if self.in_algorithm && !escaping && self.string_chars > algorithm_chars {
            return Err(Error::AlgorithmName { chars: self.string_chars, max: algorithm_chars });
        }
        if self.string_bytes > string_bytes {
            return Err(Error::TraceStringTooLong { limit: string_bytes });
        }
        Ok(())
    }

    /// Stop the read with `fault`.
    fn stop(&mut self, fault: Error) -> std::io::Error {
        let io = std::io::Error::other(fault.to_string());
        self.fault = Some(fault);
        io
    }
}

impl<R: std::io::Read> std::io::Read for Bounded<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.fault.is_some() {
            return Err(std::io::Error::other("the trace was refused"));
        }
        if self.left == 0 {
            let mut probe = [0u8; 1];
            if self.input.read(&mut probe)? == 0 {
                return Ok(0);
            }
            return Err(self.stop(Error::TraceTooLarge { limit: self.limits.bytes }));
        }
        let most = buf.len().min(usize::try_from(self.left).unwrap_or(usize::MAX));
        let read = self.input.read(&mut buf[..most])?;
        self.left -= read as u64;
        for &byte in &buf[..read] {
            if let Err(fault) = self.scan(byte) {
                return Err(self.stop(fault));
            }
        }
        Ok(read)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    const MAX_STRING_BYTES: usize = 1 << 20;
    const LIMITS: Limits = Limits { bytes: u64::MAX, string_bytes: MAX_STRING_BYTES, algorithm_chars: 64 };

    /// Read `text` through a `Bounded` reader, a byte at a time as serde_json does.
    fn fault_of(text: &[u8]) -> Option<Error> {
        let mut bounded = Bounded::new(text, LIMITS);
        let mut byte = [0u8; 1];
        while let Ok(1) = bounded.read(&mut byte) {}
        bounded.fault
    }

    #[test]
    fn an_algorithm_name_is_refused_at_its_65th_character() {
        let name = |chars: &str| format!(r#"{{"n":4,"algorithm":"{chars}","events":[]}}"#);
        assert!(fault_of(name(&"é".repeat(64)).as_bytes()).is_none());
        assert!(fault_of(name(&"\\u00e9".repeat(64)).as_bytes()).is_none());
        assert!(fault_of(name(&"\\ud83d\\ude00".repeat(64)).as_bytes()).is_none(), "a surrogate pair is one character");
        let fault = fault_of(name(&"x".repeat(65)).as_bytes());
        assert!(matches!(fault, Some(Error::AlgorithmName { chars: 65, max: 64 })), "{fault:?}");
        // Only the top-level algorithm: the same key inside an event, or a long caption, is not it.
        let nested = format!(r#"{{"n":4,"x":{{"algorithm":"{}"}},"algorithm":"b","events":[]}}"#, "x".repeat(100));
        assert!(fault_of(nested.as_bytes()).is_none());
        let later = format!(r#"{{"algorithm":"b","n":4,"events":[{{"text":"{}"}}]}}"#, "x".repeat(100));
        assert!(fault_of(later.as_bytes()).is_none());
        let quoted_key = format!(r#"{{"n\"":4,"algorithm":"{}"}}"#, "x".repeat(65));
        assert!(matches!(fault_of(quoted_key.as_bytes()), Some(Error::AlgorithmName { .. })));
    }

    #[test]
    fn a_string_past_a_line_is_refused_once_it_passes() {
        let mut text = br#"{"n":4,"algorithm":"b","events":[{"event":"undo","text":""#.to_vec();
        text.extend(std::iter::repeat_n(b'x', MAX_STRING_BYTES));
        let at_limit = [&text[..], b"\"}]}"].concat();
        assert!(fault_of(&at_limit).is_none());
        text.extend(b"x, and an endless tail");
        let fault = fault_of(&text);
        assert!(matches!(fault, Some(Error::TraceStringTooLong { limit: MAX_STRING_BYTES })), "{fault:?}");
    }
}
