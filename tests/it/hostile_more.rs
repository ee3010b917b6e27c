//! Issue 53, findings 8 and 16: `puzzle generate --count K` streams each puzzle as it is made; a
//! number too large for `--quiz every:K` is called too large; a theme key given twice is refused by
//! name; a book's title page names the sizes it holds; a long book says on stderr what it is doing.

use crate::support::tools::tool;
use crate::support::{run_queens, stderr, temp_dir};
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::Duration;

#[test]
fn generate_streams_each_puzzle_as_it_is_made() {
    // 10,000 hard 9x9 puzzles take far longer than this test: the first must arrive on its own.
    let mut child = Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(["puzzle", "generate", "--size", "9", "--hard", "--seed", "1", "--count", "10000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut lines = BufReader::new(stdout).lines();
        let first: Vec<String> = lines.by_ref().map_while(Result::ok).take_while(|l| !l.is_empty()).collect();
        let _ = send.send(first);
    });
    let first = receive.recv_timeout(Duration::from_secs(60));
    let running = child.try_wait().unwrap().is_none();
    let _ = child.kill();
    let _ = child.wait();
    let first = first.expect("the first puzzle came out within 60 s");
    assert!(running, "the batch was still being made when its first puzzle came out");
    assert!(first[0].starts_with("% queens puzzle generate --size 9 --seed 1 --kind regions --hard"), "{first:?}");
    assert_eq!(first.len(), 10, "{first:?}");
}

#[test]
fn a_number_too_large_for_quiz_every_is_called_too_large() {
    let dir = temp_dir("hostile-more", "quiz");
    let out = run_queens(&dir, &["animate", "6", "--quiz", "every:99999999999999999999", "-o", "x.gif"]);
    assert_eq!(out.status.code(), Some(2));
    let message = stderr(&out);
    assert!(message.contains("K at most") && !message.contains("at least 1"), "{message}");
    let out = run_queens(&dir, &["animate", "6", "--quiz", "every:0", "-o", "x.gif"]);
    assert!(stderr(&out).contains("K at least 1"), "{}", stderr(&out));
}

#[test]
fn a_theme_key_given_twice_is_refused_by_name() {
    let dir = temp_dir("hostile-more", "theme");
    std::fs::write(dir.join("t.json"), r##"{"base": "gray", "queen": "#000000", "queen": "#101010"}"##).unwrap();
    let out = run_queens(&dir, &["frames", "6", "--frames", "0", "--theme-file", "t.json", "-o", "x.png"]);
    assert_ne!(out.status.code(), Some(0));
    let message = stderr(&out);
    assert!(message.contains("theme key 'queen' is given twice"), "{message}");
    assert!(!dir.join("x.png").exists());
}

#[test]
fn a_book_title_names_the_sizes_it_holds() {
    let Some(pdftotext) = tool("pdftotext", "apt-get install poppler-utils") else { return };
    let dir = temp_dir("hostile-more", "book-title");
    let out = run_queens(&dir, &["puzzle", "book", "--count", "2", "--sizes", "5-12", "--seed", "1", "-o", "b.pdf"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = Command::new(pdftotext).args(["-l", "1", "b.pdf", "-"]).current_dir(&*dir).output().unwrap();
    let text = String::from_utf8_lossy(&text.stdout).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(text.contains("2 region puzzles, 5×5 and 9×9,"), "{text}");
    assert!(!text.contains("to 12×12"), "{text}");
}

#[test]
fn a_long_book_says_what_it_is_doing() {
    let dir = temp_dir("hostile-more", "book-long");
    let out = run_queens(&dir, &["puzzle", "book", "--count", "50", "--sizes", "5", "--seed", "1", "-o", "b.pdf"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stderr(&out).starts_with("making 50 puzzles"), "{}", stderr(&out));
    let out = run_queens(&dir, &["puzzle", "book", "--count", "4", "--sizes", "5", "--seed", "1", "-o", "c.pdf"]);
    assert_eq!(stderr(&out), "", "a short book stays quiet");
}
