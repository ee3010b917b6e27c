//! Shard results as JSON lines, and adding them up.
//!
//! Contract: a shard result is one JSON object per line,
//! `{"n": 17, "shard": 3, "of": 64, "count": ..., "unique": ..., "seconds": ...}`
//! ([`ShardResult::to_json_line`]; fields may be added later). [`sum_shards`]
//! accepts a set of results only when they all belong to one `(n, of)` and
//! every shard `1..=of` appears exactly once; otherwise its error names the
//! missing and doubled shards (or the mix of boards or splits).

use serde::{Deserialize, Serialize};

use crate::count::shard::MAX_SHARDS;
use crate::Error;

/// What one shard counted, and how long it took.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShardResult {
    pub n: usize,
    pub shard: usize,
    pub of: usize,
    pub count: u64,
    pub unique: u64,
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
    pub n: usize,
    pub of: usize,
    pub count: u64,
    pub unique: u64,
    /// Sum of the shards' times.
    pub seconds: f64,
    pub slowest: f64,
    pub fastest: f64,
}

/// Parses shard results, one JSON object per non-blank line; `input` names
/// the text in errors (a file name, or "standard input").
pub fn parse_results(text: &str, input: &str) -> Result<Vec<ShardResult>, Error> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(i, line)| {
            serde_json::from_str(line).map_err(|e| Error::ShardLine {
                input: input.to_string(),
                line: i + 1,
                reason: e.to_string(),
            })
        })
        .collect()
}

/// Adds up a complete set of shard results of one board size and split.
pub fn sum_shards(results: &[ShardResult]) -> Result<ShardSum, Error> {
    let first = results.first().ok_or_else(|| Error::Shards("no shard results to add up".to_string()))?;
    let (n, of) = (first.n, first.of);
    if let Some(other) = results.iter().find(|r| r.n != n) {
        return Err(Error::Shards(format!("shard results of different boards: {n}x{n} and {m}x{m}", m = other.n)));
    }
    if let Some(other) = results.iter().find(|r| r.of != of) {
        return Err(Error::Shards(format!(
            "shard results of different splits: into {of} and into {} shards",
            other.of
        )));
    }
    if of == 0 || of > MAX_SHARDS {
        return Err(Error::Shards(format!("a split into {of} shards does not exist: use 1 to {MAX_SHARDS}")));
    }
    if let Some(bad) = results.iter().find(|r| r.shard == 0 || r.shard > of) {
        return Err(Error::Shards(format!("shard {}/{of} does not exist: shards are numbered 1 to {of}", bad.shard)));
    }
    let mut seen = vec![0usize; of];
    for r in results {
        seen[r.shard - 1] += 1;
    }
    let missing: Vec<usize> = (1..=of).filter(|&k| seen[k - 1] == 0).collect();
    let doubled: Vec<usize> = (1..=of).filter(|&k| seen[k - 1] > 1).collect();
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
    let times = results.iter().map(|r| r.seconds);
    Ok(ShardSum {
        n,
        of,
        count: results.iter().map(|r| r.count).sum(),
        unique: results.iter().map(|r| r.unique).sum(),
        seconds: times.clone().sum(),
        slowest: times.clone().fold(0.0, f64::max),
        fastest: times.fold(f64::INFINITY, f64::min),
    })
}

/// "shard 5" or "shards 3, 7-9, 12" (sorted numbers, runs as ranges).
fn shard_list(shards: &[usize]) -> String {
    let mut runs: Vec<(usize, usize)> = Vec::new();
    for &k in shards {
        match runs.last_mut() {
            Some((_, end)) if *end + 1 == k => *end = k,
            _ => runs.push((k, k)),
        }
    }
    let text: Vec<String> =
        runs.iter().map(|&(a, b)| if a == b { a.to_string() } else { format!("{a}-{b}") }).collect();
    let noun = if shards.len() == 1 { "shard" } else { "shards" };
    format!("{noun} {}", text.join(", "))
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
}
