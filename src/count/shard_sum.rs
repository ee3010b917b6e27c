//! Shard results as JSON lines, and adding them up.
//!
//! Contract: a shard result is one JSON object per line,
//! `{"n": 17, "shard": 3, "of": 64, "count": ..., "unique": ..., "seconds": ...}`
//! ([`ShardResult::to_json_line`]; fields may be added later). [`sum_shards`]
//! accepts a set of results only when they all belong to one `(n, of)` and
//! every shard `1..=of` appears exactly once; otherwise its error names the
//! missing and doubled shards (or the mix of boards or splits).

use serde::{Deserialize, Serialize};
use std::io::{BufRead, Read};

use crate::count::shard::MAX_SHARDS;
use crate::error::Error;

/// What one shard counted, and how long it took.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShardResult {
    /// The board size counted.
    pub n: usize,
    /// Which shard, from 1.
    pub shard: usize,
    /// How many shards the count is split into.
    pub of: usize,
    /// Solutions the shard found.
    pub count: u64,
    /// Solutions up to symmetry the shard found.
    pub unique: u64,
    /// How long the shard took, in seconds.
    pub seconds: f64,
}

impl ShardResult {
    /// The result as one JSON line (no newline), seconds to the millisecond.
    #[must_use]
    pub fn to_json_line(&self) -> String {
        let rounded = ShardResult { seconds: (self.seconds * 1000.0).round() / 1000.0, ..self.clone() };
        serde_json::to_string(&rounded).expect("plain numbers serialize")
    }
}

/// The total of a complete set of shards.
#[derive(Clone, Debug, PartialEq)]
pub struct ShardSum {
    /// The board size counted.
    pub n: usize,
    /// How many shards were summed.
    pub of: usize,
    /// All solutions.
    pub count: u64,
    /// Solutions up to symmetry.
    pub unique: u64,
    /// Sum of the shards' times.
    pub seconds: f64,
    /// The slowest shard's time, in seconds.
    pub slowest: f64,
    /// The fastest shard's time, in seconds.
    pub fastest: f64,
}

/// Longest shard line read, in bytes: a shard result is about a hundred bytes.
pub const MAX_SHARD_LINE_BYTES: usize = 4096;

/// Missing or doubled shards listed by number before the rest are only counted.
const LISTED_RUNS: usize = 8;

/// Parses shard results, one JSON object per non-blank line; `input` names
/// the text in errors (a file name, or "standard input").
pub fn parse_results(text: &str, input: &str) -> Result<Vec<ShardResult>, Error> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(i, line)| parse_line(line, input, i + 1))
        .collect()
}

fn parse_line(line: &str, input: &str, number: usize) -> Result<ShardResult, Error> {
    let bad = |reason: String| Error::ShardLine { input: input.to_string(), line: number, reason };
    let result: ShardResult = serde_json::from_str(line).map_err(|e| bad(e.to_string()))?;
    result.check().map_err(bad)?;
    Ok(result)
}

impl ShardResult {
    /// The ranges every shard result keeps: a board `n` the counter supports, a shard of its
    /// split, no more unique solutions than solutions, a time that is a number of seconds.
    fn check(&self) -> Result<(), String> {
        if !(1..=crate::count::MAX_N).contains(&self.n) {
            return Err(format!("n is {}; boards are 1 to {}", self.n, crate::count::MAX_N));
        }
        if self.of == 0 || self.of > MAX_SHARDS {
            return Err(format!("a split into {} shards does not exist: use 1 to {MAX_SHARDS}", self.of));
        }
        if self.shard == 0 || self.shard > self.of {
            return Err(format!(
                "shard {}/{} does not exist: shards are numbered 1 to {}",
                self.shard, self.of, self.of
            ));
        }
        if self.unique > self.count {
            return Err(format!("unique {} is more than count {}", self.unique, self.count));
        }
        if !(self.seconds.is_finite() && self.seconds >= 0.0) {
            return Err(format!("seconds is {}; a time is 0 or more", self.seconds));
        }
        Ok(())
    }
}

/// Shard results added up one at a time, in memory flat in their number (one counter per shard
/// of the split); [`ShardTally::finish`] checks every shard came exactly once. A result past the
/// split's number of shards is refused at once, so an endless stream ends there.
#[derive(Clone, Debug, Default)]
pub struct ShardTally {
    split: Option<(usize, usize)>,
    seen: Vec<u8>,
    results: usize,
    count: u64,
    unique: u64,
    seconds: f64,
    slowest: f64,
    fastest: f64,
}

impl ShardTally {
    /// A tally with no shard yet.
    pub fn new() -> Self {
        ShardTally { fastest: f64::INFINITY, ..Self::default() }
    }

    /// Add one result (of the same board and split as the others), with checked sums.
    pub fn add(&mut self, r: &ShardResult) -> Result<(), Error> {
        r.check().map_err(Error::Shards)?;
        let (n, of) = *self.split.get_or_insert((r.n, r.of));
        if r.n != n {
            return Err(Error::Shards(format!("shard results of different boards: {n}x{n} and {m}x{m}", m = r.n)));
        }
        if r.of != of {
            return Err(Error::Shards(format!(
                "shard results of different splits: into {of} and into {} shards",
                r.of
            )));
        }
        if self.seen.is_empty() {
            self.seen = vec![0; of];
        }
        self.results += 1;
        if self.results > of {
            let times = |k: usize| usize::from(self.seen[k - 1]) + usize::from(k == r.shard);
            let doubled: Vec<usize> = (1..=of).filter(|&k| times(k) > 1).collect();
            return Err(Error::Shards(format!(
                "{n}x{n} in {of} shards: doubled {} (result {} of a split into {of}: reading stops there); every shard must appear exactly once",
                shard_list(&doubled),
                self.results
            )));
        }
        let overflow = || Error::Shards(format!("the counts add up past {}; a shard line is wrong", u64::MAX));
        self.count = self.count.checked_add(r.count).ok_or_else(overflow)?;
        self.unique = self.unique.checked_add(r.unique).ok_or_else(overflow)?;
        self.seen[r.shard - 1] = self.seen[r.shard - 1].saturating_add(1);
        self.seconds += r.seconds;
        self.slowest = self.slowest.max(r.seconds);
        self.fastest = self.fastest.min(r.seconds);
        Ok(())
    }

    /// Add every result in `input`, one JSON object per non-blank line of at most
    /// [`MAX_SHARD_LINE_BYTES`]; `name` names the input in errors.
    pub fn read<R: std::io::BufRead>(&mut self, mut input: R, name: &str) -> Result<(), Error> {
        let mut line = Vec::new();
        for number in 1.. {
            line.clear();
            let read = (&mut input).take(MAX_SHARD_LINE_BYTES as u64 + 1).read_until(b'\n', &mut line);
            let bad = |reason: String| Error::ShardLine { input: name.to_string(), line: number, reason };
            read.map_err(|e| bad(format!("cannot read it: {e}")))?;
            if line.is_empty() {
                return Ok(());
            }
            if line.len() > MAX_SHARD_LINE_BYTES && line.last() != Some(&b'\n') {
                return Err(bad(format!("longer than {MAX_SHARD_LINE_BYTES} bytes")));
            }
            let text = std::str::from_utf8(&line).map_err(|_| bad("not UTF-8 text".to_string()))?;
            if !text.trim().is_empty() {
                self.add(&parse_line(text, name, number)?)?;
            }
        }
        Ok(())
    }

    /// The total, when every shard `1..=of` came exactly once.
    pub fn finish(self) -> Result<ShardSum, Error> {
        let Some((n, of)) = self.split else {
            return Err(Error::Shards("no shard results to add up".to_string()));
        };
        let missing: Vec<usize> = (1..=of).filter(|&k| self.seen[k - 1] == 0).collect();
        let doubled: Vec<usize> = (1..=of).filter(|&k| self.seen[k - 1] > 1).collect();
        if !missing.is_empty() || !doubled.is_empty() {
            let mut parts = Vec::new();
            if !missing.is_empty() {
                parts.push(format!("missing {}", shard_list(&missing)));
            }
            if !doubled.is_empty() {
                parts.push(format!("doubled {}", shard_list(&doubled)));
            }
            return Err(Error::Shards(format!(
                "{n}x{n} in {of} shards: {}; every shard must appear exactly once",
                parts.join("; ")
            )));
        }
        Ok(ShardSum {
            n,
            of,
            count: self.count,
            unique: self.unique,
            seconds: self.seconds,
            slowest: self.slowest,
            fastest: self.fastest,
        })
    }
}

/// Adds up a complete set of shard results of one board size and split.
pub fn sum_shards(results: &[ShardResult]) -> Result<ShardSum, Error> {
    let mut tally = ShardTally::new();
    results.iter().try_for_each(|r| tally.add(r))?;
    tally.finish()
}

/// "shard 5" or "shards 3, 7-9, 12" (sorted numbers, runs as ranges); past [`LISTED_RUNS`] runs,
/// "... and 524,278 more".
fn shard_list(shards: &[usize]) -> String {
    let mut runs: Vec<(usize, usize)> = Vec::new();
    for &k in shards {
        match runs.last_mut() {
            Some((_, end)) if *end + 1 == k => *end = k,
            _ => runs.push((k, k)),
        }
    }
    let shown = &runs[..runs.len().min(LISTED_RUNS)];
    let mut text: Vec<String> =
        shown.iter().map(|&(a, b)| if a == b { a.to_string() } else { format!("{a}-{b}") }).collect();
    let listed: usize = shown.iter().map(|&(a, b)| b - a + 1).sum();
    if listed < shards.len() {
        text.push(format!("... and {} more", thousands(shards.len() - listed)));
    }
    let noun = if shards.len() == 1 { "shard" } else { "shards" };
    format!("{noun} {}", text.join(", "))
}

/// 524278 -> "524,278".
fn thousands(value: usize) -> String {
    let digits = value.to_string();
    let mut out = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(shard: usize, of: usize) -> ShardResult {
        ShardResult { n: 8, shard, of, count: 10, unique: 2, seconds: 0.5 }
    }

    #[test]
    fn lines_round_trip() {
        let r = ShardResult { seconds: 0.123_456, ..result(3, 4) };
        let line = r.to_json_line();
        assert_eq!(line, r#"{"n":8,"shard":3,"of":4,"count":10,"unique":2,"seconds":0.123}"#);
        assert_eq!(parse_results(&format!("\n{line}\n"), "x").unwrap()[0].shard, 3);
        let err = parse_results("{\"n\": 8}\n", "a.jsonl").unwrap_err().to_string();
        assert!(err.starts_with("a.jsonl, line 1: not a shard result"), "{err}");
    }

    #[test]
    fn sums_a_complete_set() {
        let sum = sum_shards(&[result(2, 2), result(1, 2)]).unwrap();
        assert_eq!((sum.count, sum.unique, sum.n, sum.of), (20, 4, 8, 2));
    }

    #[test]
    fn names_missing_doubled_and_mixed() {
        let set: Vec<ShardResult> = [1, 2, 2, 6, 9].iter().map(|&k| result(k, 9)).collect();
        let err = sum_shards(&set).unwrap_err().to_string();
        assert!(err.contains("missing shards 3-5, 7-8; doubled shard 2"), "{err}");
        let mixed = [result(1, 2), ShardResult { n: 9, ..result(2, 2) }];
        assert!(sum_shards(&mixed).unwrap_err().to_string().contains("different boards"));
        assert!(sum_shards(&[result(1, 2), result(2, 3)]).unwrap_err().to_string().contains("different splits"));
        assert!(sum_shards(&[result(3, 2)]).unwrap_err().to_string().contains("does not exist"));
        assert!(sum_shards(&[]).is_err());
        assert!(sum_shards(&[result(1, usize::MAX)]).unwrap_err().to_string().contains("does not exist"));
    }

    #[test]
    fn impossible_results_and_overflow_are_refused() {
        let big = ShardResult { count: u64::MAX, unique: 0, ..result(1, 2) };
        let err = sum_shards(&[big.clone(), ShardResult { shard: 2, ..big }]).unwrap_err().to_string();
        assert!(err.contains("add up past"), "{err}");
        for (bad, words) in [
            (ShardResult { n: 0, ..result(1, 2) }, "boards are 1 to 32"),
            (ShardResult { n: 33, ..result(1, 2) }, "boards are 1 to 32"),
            (ShardResult { unique: 11, ..result(1, 2) }, "more than count"),
            (ShardResult { seconds: -1.0, ..result(1, 2) }, "0 or more"),
        ] {
            let err = sum_shards(&[bad]).unwrap_err().to_string();
            assert!(err.contains(words), "{err}");
        }
    }

    #[test]
    fn long_missing_lists_are_shortened() {
        let set: Vec<ShardResult> = (1..=40).step_by(2).map(|k| result(k, 1_000_000)).collect();
        let err = sum_shards(&set).unwrap_err().to_string();
        assert!(err.contains("missing shards 2, 4, 6, 8, 10, 12, 14, 16, ... and 999,972 more"), "{err}");
        assert!(err.len() < 300, "{err}");
        assert_eq!(thousands(524_278), "524,278");
        assert_eq!(thousands(999), "999");
    }

    /// Endless lines of one shard result, counting the lines taken.
    struct Repeated {
        line: Vec<u8>,
        at: usize,
        lines: usize,
    }

    impl std::io::Read for Repeated {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            for byte in buf.iter_mut() {
                *byte = self.line[self.at];
                self.at = (self.at + 1) % self.line.len();
                self.lines += usize::from(self.at == 0);
            }
            Ok(buf.len())
        }
    }

    #[test]
    fn an_endless_stream_of_one_shard_ends_past_the_split() {
        for of in [1, 3] {
            let line = format!("{}\n", result(1, of).to_json_line()).into_bytes();
            let mut endless = Repeated { line, at: 0, lines: 0 };
            let mut input = std::io::BufReader::with_capacity(64, (&mut endless).take(100_000));
            let err = ShardTally::new().read(&mut input, "x").unwrap_err().to_string();
            assert!(err.contains(&format!("doubled shard 1 (result {} of a split into {of}", of + 1)), "{err}");
            assert!(endless.lines <= of + 2, "read {} lines before refusing", endless.lines);
        }
        let err = sum_shards(&[result(2, 3), result(1, 3), result(2, 3), result(1, 3)]).unwrap_err().to_string();
        assert!(err.contains("doubled shards 1-2 (result 4 of a split into 3: reading stops there)"), "{err}");
    }

    #[test]
    fn read_streams_lines_and_caps_their_length() {
        let mut tally = ShardTally::new();
        let text = format!("{}\n\n{}\n", result(1, 2).to_json_line(), result(2, 2).to_json_line());
        tally.read(text.as_bytes(), "x").unwrap();
        assert_eq!(tally.finish().unwrap().count, 20);
        let long = format!("{}\n{}", result(1, 2).to_json_line(), " ".repeat(MAX_SHARD_LINE_BYTES + 10));
        let err = ShardTally::new().read(long.as_bytes(), "x").unwrap_err().to_string();
        assert!(err.starts_with("x, line 2: not a shard result (longer than 4096 bytes"), "{err}");
    }
}
