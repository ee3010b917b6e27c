//! Traces as JSON Lines: written by `trace --format jsonl`, read by `render` from a file or stdin as
//! a stream, rendering to the same GIF as the JSON trace; bad lines are named.

use crate::support;
use std::io::Write;
use std::process::{Command, Stdio};

fn temp_dir(name: &str) -> crate::support::TempFolder {
    support::temp_dir("jsonl", name)
}

#[test]
fn json_and_json_lines_render_to_the_same_gif_from_files_and_stdin() {
    let dir = temp_dir("same");
    assert!(support::run_queens(&dir, &["trace", "6", "--until", "2", "-o", "t.json"]).status.success());
    let out = support::run_queens(&dir, &["trace", "6", "--until", "2", "--format", "jsonl", "-o", "t.jsonl"]);
    assert!(out.status.success());
    let lines = std::fs::read_to_string(dir.join("t.jsonl")).unwrap();
    assert_eq!(lines.lines().next(), Some(r#"{"n":6,"algorithm":"backtrack"}"#));
    let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(dir.join("t.json")).unwrap()).unwrap();
    let events: Vec<serde_json::Value> = lines.lines().skip(1).map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(json["events"].as_array().unwrap(), &events, "the same event objects");
    for (input, output) in [("t.json", "a.gif"), ("t.jsonl", "b.gif")] {
        let out = support::run_queens(&dir, &["render", input, "-o", output, "-q"]);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(["render", "-", "-o", "c.gif", "-q"])
        .current_dir(&dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(lines.as_bytes()).unwrap();
    assert!(child.wait().unwrap().success());
    let a = std::fs::read(dir.join("a.gif")).unwrap();
    assert_eq!(a, std::fs::read(dir.join("b.gif")).unwrap(), "JSON Lines file");
    assert_eq!(a, std::fs::read(dir.join("c.gif")).unwrap(), "JSON Lines on stdin");
    assert_eq!(support::decode_gif(&a).len(), events.len() + 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_bad_event_is_named_by_its_line_and_nothing_is_written() {
    let dir = temp_dir("bad");
    let text = "{\"n\":4,\"algorithm\":\"mine\"}\n{\"event\":\"place\",\"row\":0,\"col\":0}\n\n{\"event\":\"remove\",\"row\":3,\"col\":1}\n";
    std::fs::write(dir.join("bad.jsonl"), text).unwrap();
    let out = support::run_queens(&dir, &["render", "bad.jsonl", "-o", "bad.gif"]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("line 4: "), "{stderr}");
    assert!(!dir.join("bad.gif").exists());
    std::fs::write(dir.join("junk.jsonl"), "{\"n\":4,\"algorithm\":\"mine\"}\n{\"event\":\"fly\"}\n").unwrap();
    let out = support::run_queens(&dir, &["render", "junk.jsonl", "-o", "junk.gif"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("line 2: "));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_long_stream_on_stdin_keeps_every_frame_and_ends_on_the_end_hold() {
    // Longer than the read-ahead, so the run's length is unknown while it is drawn.
    let dir = temp_dir("long");
    let events = queens::jsonl::READ_AHEAD_EVENTS + 10;
    let mut text = String::from("{\"n\":3,\"algorithm\":\"mine\"}\n");
    for _ in 0..events / 2 {
        text.push_str("{\"event\":\"place\",\"row\":1,\"col\":1}\n{\"event\":\"remove\",\"row\":1,\"col\":1}\n");
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(["render", "-", "-o", "long.gif", "-q", "--square", "4", "--bare"])
        .current_dir(&dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    std::thread::spawn(move || stdin.write_all(text.as_bytes()));
    assert!(child.wait().unwrap().success());
    // Frame headers only (the gif crate, not ours): count and delays in 1/100 s.
    let file = std::fs::File::open(dir.join("long.gif")).unwrap();
    let mut decoder = gif::DecodeOptions::new().read_info(file).unwrap();
    let mut delays = Vec::new();
    while let Some(frame) = decoder.next_frame_info().unwrap() {
        delays.push(frame.delay);
    }
    assert_eq!(delays.len(), events + 1);
    assert_eq!(u32::from(*delays.last().unwrap()) * 10, queens::DEFAULT_END_HOLD_MS, "the last frame holds");
    assert_eq!(u32::from(delays[1]) * 10, queens::DEFAULT_DELAY_MS);
    std::fs::remove_dir_all(&dir).unwrap();
}
