//! Issue 53, finding 4: SVG and the HTML player hold every frame's squares until the end, so a
//! small trace of a big board (512x512, 200 events: 28 KB) once took 2 GB or aborted. They are held
//! to one budget, frames x N x N (twice with smooth motion), checked before anything is drawn (a
//! stream of unknown length: as it comes): one line naming the budget, exit 1, no file left.

use crate::support::{listing, run_queens, stderr, temp_dir};
use std::io::Write;
use std::process::{Command, Stdio};

fn big_trace(n: usize, events: usize) -> serde_json::Value {
    let events: Vec<_> =
        (0..events).map(|i| serde_json::json!({"event": "place", "row": (i * 7) % n, "col": i % n})).collect();
    serde_json::json!({"n": n, "algorithm": "backtrack", "events": events})
}

#[test]
fn vector_outputs_past_the_budget_are_refused_up_front() {
    let dir = temp_dir("hostile-budget", "refused");
    std::fs::write(dir.join("big.json"), big_trace(512, 200).to_string()).unwrap();
    for args in [
        &["render", "big.json", "-o", "big.svg"][..],
        &["render", "big.json", "-o", "big.html"],
        &["render", "big.json", "-o", "big.html", "--motion", "smooth"],
    ] {
        let started = std::time::Instant::now();
        let out = run_queens(&dir, args);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {}", stderr(&out));
        let message = stderr(&out);
        assert!(message.contains("budget of 16000000") && message.trim().lines().count() == 1, "{message}");
        assert!(started.elapsed().as_secs() < 10, "{args:?} refused before drawing");
    }
    // A JSON Lines stream on stdin, whose length is not known up front, stops at the budget too.
    let trace = big_trace(512, 200);
    let mut text = serde_json::json!({"n": 512, "algorithm": "backtrack"}).to_string() + "\n";
    for event in trace["events"].as_array().unwrap() {
        text += &(event.to_string() + "\n");
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(["render", "-", "-o", "stream.svg"])
        .current_dir(&*dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(text.as_bytes());
    });
    let out = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("budget of 16000000"), "{}", stderr(&out));
    assert_eq!(listing(&dir), vec!["big.json".to_string()], "no output or temporary left");
    // Within the budget (fewer frames of the same board) the page is written.
    let out = run_queens(&dir, &["render", "big.json", "--frames", "0-2", "-o", "few.html"]);
    assert!(out.status.success(), "{}", stderr(&out));
}

/// Issue 53, finding 14: the summary of a smooth GIF said 58 frames when the file held 185.
#[test]
fn the_summary_counts_the_frames_the_file_holds() {
    let dir = temp_dir("hostile-budget", "summary");
    let out = crate::support::run_ok(&dir, &["animate", "5", "--motion", "smooth", "-o", "s.gif"]);
    let frames = crate::support::decode_gif(&std::fs::read(dir.join("s.gif")).unwrap()).len();
    assert!(out.starts_with(&format!("s.gif: {frames} frames (")), "{out} vs {frames} decoded");
    let out = crate::support::run_ok(&dir, &["animate", "5", "-o", "plain.gif"]);
    let plain = crate::support::decode_gif(&std::fs::read(dir.join("plain.gif")).unwrap()).len();
    assert!(plain < frames && out.starts_with(&format!("plain.gif: {plain} frames, ")), "{out}");
}
