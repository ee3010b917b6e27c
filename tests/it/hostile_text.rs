//! Issue 53, findings 5 and 6: text outputs of hostile runs. A trace's caption text with newlines,
//! carriage returns, ESC, BEL or NUL can neither add a line to the plain transcript nor cut a
//! WebVTT cue short nor reach the terminal raw (one escaper, `queens::echo::printable`); and a
//! transcript on stdout appears only when the run succeeds.

use crate::support::{run_ok, run_queens, stderr, temp_dir};
use std::process::{Command, Stdio};

/// A puzzle trace whose first deduction's sentence forges lines and terminal sequences.
fn forged_trace(dir: &std::path::Path) -> usize {
    let puzzle = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/puzzle-7x7.txt");
    let text = run_ok(dir, &["trace", "--puzzle", puzzle, "--format", "jsonl"]);
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let mut event: serde_json::Value = serde_json::from_str(&lines[1]).unwrap();
    event["text"] = "forged\n00:00:09.000 --> 00:00:10.000\r\nfake cue\u{1b}]0;owned\u{7} \u{0}end".into();
    lines[1] = event.to_string();
    std::fs::write(dir.join("evil.jsonl"), lines.join("\n") + "\n").unwrap();
    lines.len()
}

fn has_controls(text: &str) -> bool {
    text.chars().any(|c| c.is_control() && c != '\n')
}

#[test]
fn caption_text_cannot_forge_transcript_lines() {
    let dir = temp_dir("hostile-text", "forge");
    let frames = forged_trace(&dir);
    run_ok(&dir, &["render", "evil.jsonl", "-o", "e.gif", "--transcript", "e.txt"]);
    let text = std::fs::read_to_string(dir.join("e.txt")).unwrap();
    assert_eq!(text.lines().count(), frames, "one line per frame: {text}");
    assert!(!has_controls(&text), "{text:?}");
    assert!(
        text.lines().nth(1).unwrap().contains("forged\\n00:00:09.000 --> 00:00:10.000\\r\\nfake cue\\u{1b}"),
        "{text}"
    );
    run_ok(&dir, &["render", "evil.jsonl", "-o", "e.gif", "--transcript", "e.vtt"]);
    let vtt = std::fs::read_to_string(dir.join("e.vtt")).unwrap();
    assert!(!has_controls(&vtt), "{vtt:?}");
    // Every cue is one block: an id, its times, one or two lines; the forged times are text.
    let body = vtt.strip_prefix("WEBVTT\n\n").unwrap();
    for block in body.trim_end().split("\n\n") {
        let lines: Vec<&str> = block.lines().collect();
        assert!((3..=4).contains(&lines.len()) && lines[1].contains(" --> "), "{block}");
        assert!(lines[2..].iter().all(|l| !l.contains("-->")), "{block}");
    }
    let out = run_queens(&dir, &["render", "evil.jsonl", "-o", "e2.gif", "--transcript", "-"]);
    assert!(out.status.success() && !out.stdout.contains(&0x1b) && !out.stdout.contains(&0), "raw controls on stdout");
}

#[test]
fn a_failed_run_prints_no_transcript() {
    let dir = temp_dir("hostile-text", "failed");
    // Over 64 KiB of transcript (the output buffer), then a bad event: the stream fails there.
    let mut trace = run_ok(&dir, &["trace", "7", "--until", "all", "--format", "jsonl"]);
    trace.push_str("{\"event\":\"place\",\"row\":99,\"col\":0}\n");
    let args = ["render", "-", "--bare", "--square", "8", "-o", "/dev/null", "--format", "gif", "--transcript", "-"];
    let mut child = Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(args)
        .current_dir(&*dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let feeder = std::thread::spawn(move || std::io::Write::write_all(&mut stdin, trace.as_bytes()));
    let out = child.wait_with_output().unwrap();
    feeder.join().unwrap().unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("line 1144"), "{}", stderr(&out));
    assert_eq!(out.stdout.len(), 0, "nothing on stdout from a failed run");
    // The same run, good, prints the whole transcript.
    let good = run_ok(
        &dir,
        &["animate", "7", "--until", "all", "--bare", "--square", "8", "-o", "/dev/null", "--transcript", "-"],
    );
    assert_eq!(good.lines().filter(|l| l.starts_with("00:")).count(), 1143, "{}", &good[good.len() - 200..]);
}
