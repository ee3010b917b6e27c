//! Hostile inputs (issue 24 items 4, 6, 7, 9, 11 and part of 12): every read is bounded, echoed
//! input is escaped, names are capped, solver limits hold, shard sums are checked. Each test
//! writes only inside its own temporary folder and feeds bounded input.

use crate::support::{is_valid_solution, listing, run_queens};
use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

fn temp_dir(name: &str) -> crate::support::TempFolder {
    crate::support::temp_dir("hostile-in", name)
}

/// Run `queens args` in `dir` with `input` on stdin, written from a thread (the tool may stop
/// reading early: a broken pipe is fine).
fn run_with_stdin(dir: &Path, args: &[&str], input: Vec<u8>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("binary runs");
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Exit 1, one error line (no raw control character in it) containing `words`.
fn refused(out: &Output, words: &str) {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains(words), "{words:?} not in {err:?}");
    assert_eq!(err.lines().count(), 1, "one line: {err:?}");
    assert!(!err.trim_end().chars().any(char::is_control), "no control characters: {err:?}");
}

/// A JSON Lines stream of `events` placements and removals on a 6-board.
fn events_jsonl(events: usize) -> Vec<u8> {
    let mut text = String::from("{\"n\":6,\"algorithm\":\"backtrack\"}\n");
    for i in 0..events {
        let kind = if i % 2 == 0 { "place" } else { "remove" };
        text.push_str(&format!("{{\"event\":\"{kind}\",\"row\":0,\"col\":0}}\n"));
    }
    text.into_bytes()
}

#[test]
fn an_overlong_line_is_refused_naming_the_line_and_the_cap() {
    let dir = temp_dir("long-line");
    let mut input = b"{\"n\":6,\"algorithm\":\"backtrack\"}\n{\"event\":\"place\",\"row\":0,\"col\":0}\n".to_vec();
    input.extend(std::iter::repeat_n(b' ', 3 << 20));
    let out = run_with_stdin(&dir, &["render", "-", "-o", "x.gif", "-q"], input);
    refused(&out, "line 3: longer than 1048576 bytes");
    assert!(listing(&dir).is_empty(), "nothing left: {:?}", listing(&dir));
}

#[test]
fn a_stream_into_frames_or_a_held_format_stops_at_the_frame_cap() {
    let dir = temp_dir("stream-cap");
    // `frames` counts its limit on the frames it draws (the run itself is held up to 4 Mi frames).
    let out = run_with_stdin(&dir, &["frames", "-", "--max-frames", "1000", "-o", "s.png", "-q"], events_jsonl(5000));
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("5001 frames are selected, more than the frame limit of 1000"), "{}", stderr(&out));
    let out = run_with_stdin(&dir, &["render", "-", "--max-frames", "500", "-o", "r.svg", "-q"], events_jsonl(2000));
    refused(&out, "more than 500 frames");
    assert!(listing(&dir).is_empty(), "nothing left: {:?}", listing(&dir));
    let out = run_with_stdin(&dir, &["render", "-", "--max-frames", "500", "-o", "r.svg", "-q"], events_jsonl(20));
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn a_sparse_file_of_zeros_is_not_a_trace() {
    let dir = temp_dir("sparse");
    let file = std::fs::File::create(dir.join("zeros.json")).unwrap();
    file.set_len(64 << 20).unwrap();
    let out = run_queens(&dir, &["render", "zeros.json", "-o", "x.gif", "-q"]);
    refused(&out, "not UTF-8 text: it holds NUL bytes");
    assert_eq!(listing(&dir), ["zeros.json"]);
}

#[test]
fn a_theme_file_over_64_kib_is_not_a_theme() {
    let dir = temp_dir("theme");
    let padded = format!("{{\"base\": \"gray\"{}}}", " ".repeat(70 * 1024));
    std::fs::write(dir.join("big.json"), padded).unwrap();
    std::fs::write(dir.join("small.json"), "{\"base\": \"gray\"}").unwrap();
    let out = run_queens(&dir, &["animate", "4", "--theme-file", "big.json", "-o", "a.gif", "-q"]);
    refused(&out, "larger than 64 KiB, so it is not a theme");
    let out = run_queens(&dir, &["animate", "4", "--theme-file", "small.json", "-o", "b.gif", "-q"]);
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn echoed_names_are_escaped_and_algorithm_names_capped() {
    let dir = temp_dir("echo");
    let forged = "{\"n\":6,\"algorithm\":\"backtrack\"}\n{\"event\":\"\\u001b]0;owned\\u0007\\nerror: forged\"}\n";
    let out = run_with_stdin(&dir, &["render", "-", "-o", "x.gif", "-q"], forged.as_bytes().to_vec());
    refused(&out, "\\u{1b}]0;owned\\u{7}\\nerror: forged");
    let long = format!("{{\"n\":6,\"algorithm\":\"{}\",\"events\":[]}}", "a".repeat(5000));
    std::fs::write(dir.join("long.json"), long).unwrap();
    let out = run_queens(&dir, &["render", "long.json", "-o", "y.gif", "-q"]);
    refused(&out, "algorithm name is longer than 64 characters");
    let titled =
        "{\"n\":4,\"algorithm\":\"\\u001b]0;owned\\u0007x\",\"events\":[{\"event\":\"place\",\"row\":0,\"col\":1}]}";
    std::fs::write(dir.join("title.json"), titled).unwrap();
    let out = run_queens(&dir, &["play", "title.json", "--ascii"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(!out.stdout.contains(&0x1b), "no escape reaches the terminal");
    assert!(listing(&dir).iter().all(|name| name.ends_with(".json")), "{:?}", listing(&dir));
}

#[test]
fn characters_xml_does_not_allow_never_reach_an_svg() {
    let dir = temp_dir("xml");
    let trace =
        "{\"n\":4,\"algorithm\":\"a\\uFFFEb\\uFFFFc\\u0001\",\"events\":[{\"event\":\"place\",\"row\":0,\"col\":1}]}";
    std::fs::write(dir.join("t.json"), trace).unwrap();
    let runs: [(&[&str], &str); 2] = [
        (&["render", "t.json", "-o", "a.svg", "-q"], "a.svg"),
        (&["frames", "t.json", "--frames", "1", "-o", "b.svg"], "b.svg"),
    ];
    for (args, output) in runs {
        let out = run_queens(&dir, args);
        assert!(out.status.success(), "{}", stderr(&out));
        let svg = std::fs::read_to_string(dir.join(output)).unwrap();
        assert!(!svg.chars().any(|c| matches!(c, '\u{FFFE}' | '\u{FFFF}' | '\u{1}')), "not XML 1.0 characters");
    }
}

#[test]
fn encodings_get_an_honest_message_and_a_bom_is_read() {
    let dir = temp_dir("encodings");
    let json = "{\"n\":4,\"algorithm\":\"backtrack\",\"events\":[{\"event\":\"place\",\"row\":0,\"col\":1}]}\n";
    let mut utf16 = vec![0xFF, 0xFE];
    utf16.extend(json.encode_utf16().flat_map(u16::to_le_bytes));
    std::fs::write(dir.join("utf16.json"), utf16).unwrap();
    refused(&run_queens(&dir, &["render", "utf16.json", "-o", "a.gif", "-q"]), "it is UTF-16 text");
    let bad = b"{\"n\":4,\"algorithm\":\"backtrack\"}\n{\"event\":\"pl\xE9ce\",\"row\":0,\"col\":1}\n".to_vec();
    refused(&run_with_stdin(&dir, &["render", "-", "-o", "b.gif", "-q"], bad), "line 2: not UTF-8 text");
    let mut bom = b"\xEF\xBB\xBF".to_vec();
    bom.extend(json.as_bytes());
    std::fs::write(dir.join("bom.json"), bom).unwrap();
    let out = run_queens(&dir, &["render", "bom.json", "-o", "c.gif", "-q"]);
    assert!(out.status.success(), "a byte order mark is read past: {}", stderr(&out));
}

#[test]
fn a_one_line_json_trace_is_read_as_json() {
    let dir = temp_dir("one-line");
    let out = run_queens(&dir, &["trace", "6", "--until", "all", "-o", "t.json"]);
    assert!(out.status.success());
    let trace: serde_json::Value = serde_json::from_slice(&std::fs::read(dir.join("t.json")).unwrap()).unwrap();
    let mut one_line = serde_json::to_vec(&trace).unwrap();
    // Past the line cap: read as a whole JSON trace, not as a JSON Lines header.
    one_line.splice(1..1, std::iter::repeat_n(b' ', 1 << 20));
    std::fs::write(dir.join("one.json"), one_line).unwrap();
    let out = run_queens(&dir, &["render", "one.json", "--frames", "last", "-o", "x.gif", "-q"]);
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn solve_has_no_recursion_depth_and_a_time_budget() {
    let dir = temp_dir("solve");
    let out = run_queens(&dir, &["solve", "100000"]);
    refused(&out, "min-conflicts");
    assert!(stderr(&out).contains("the backtrack search found no answer within 5 s"), "{}", stderr(&out));
    let out = run_queens(&dir, &["solve", "20000", "--algorithm", "min-conflicts", "--format", "json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let value: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let queens: Vec<usize> = serde_json::from_value(value["solutions"][0].clone()).unwrap();
    assert!(is_valid_solution(&queens));
}

#[test]
fn every_solution_of_14_comes_from_the_enumerator() {
    let dir = temp_dir("all");
    let out = run_queens(&dir, &["solve", "14", "--all", "--unique", "--format", "json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let value: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(value["solutions"].as_array().unwrap().len(), 45_752);
    let out = run_queens(&dir, &["heatmap", "14", "--unique", "-o", "h.png"]);
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn shard_sums_are_checked_and_streamed() {
    let dir = temp_dir("sum");
    let line = |n: u64, shard: u64, of: u64, count: u64, unique: u64, seconds: f64| {
        format!(
            "{{\"n\":{n},\"shard\":{shard},\"of\":{of},\"count\":{count},\"unique\":{unique},\"seconds\":{seconds}}}\n"
        )
    };
    let sum = |text: String| run_with_stdin(&dir, &["count", "--sum"], text.into_bytes());
    let half = u64::MAX / 2 + 1;
    refused(&sum(line(8, 1, 2, half, 0, 1.0) + &line(8, 2, 2, half, 0, 1.0)), "add up past");
    refused(&sum(line(33, 1, 1, 1, 0, 1.0)), "boards are 1 to 32");
    refused(&sum(line(0, 1, 1, 1, 0, 1.0)), "boards are 1 to 32");
    refused(&sum(line(8, 1, 1, 1, 2, 1.0)), "more than count");
    refused(&sum(line(8, 1, 1, 1, 0, -1.0)), "a time is 0 or more");
    let out = sum(line(17, 1, 1 << 20, 1, 0, 1.0) + &line(17, 3, 1 << 20, 1, 0, 1.0));
    refused(&out, "missing shards 2, 4-1048576");
    let out = sum((1..=20).step_by(2).map(|k| line(17, k, 1 << 20, 1, 0, 1.0)).collect());
    refused(&out, ", ... and 1,048,558 more");
    assert!(stderr(&out).len() < 300, "{}", stderr(&out));
    refused(&sum(" ".repeat(1 << 20)), "line 1: not a shard result (longer than 4096 bytes)");
    let out = sum(line(8, 2, 2, 40, 6, 0.5) + "\n" + &line(8, 1, 2, 52, 6, 0.25));
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(String::from_utf8_lossy(&out.stdout).ends_with("\n92\n"));
}

#[test]
fn play_prints_a_stream_as_it_comes() {
    use std::io::Read;
    let dir = temp_dir("play-stream");
    let mut child = Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(["play", "-", "--ascii"])
        .current_dir(&dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    let reader = std::thread::spawn(move || {
        let mut seen = Vec::new();
        let mut chunk = [0u8; 65536];
        while let Ok(read) = stdout.read(&mut chunk) {
            if read == 0 {
                break;
            }
            seen.extend_from_slice(&chunk[..read]);
            if seen.windows(8).any(|w| w == b"step 2: ") {
                let _ = tx.send(());
                break;
            }
        }
        std::io::copy(&mut stdout, &mut std::io::sink()).unwrap();
    });
    // More events than are read ahead, with the stream left open: frames must come before its end.
    stdin.write_all(&events_jsonl(70_000)).unwrap();
    stdin.flush().unwrap();
    let streamed = rx.recv_timeout(std::time::Duration::from_secs(60)).is_ok();
    drop(stdin);
    assert!(child.wait().unwrap().success());
    reader.join().unwrap();
    assert!(streamed, "frames are printed while the stream is still open");
}
