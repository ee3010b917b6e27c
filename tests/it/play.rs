//! `queens play`: text frames checked against an independent replay, frame selection, and the
//! interactive player driven through tmux (keys in, screen read back, terminal left usable).

use crate::support::tools::tool;
use crate::support::{self, run_queens as queens};
use queens::{Event, Trace};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

fn stdout(out: &Output) -> String {
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout.clone()).expect("UTF-8 output")
}

fn trace_of(dir: &Path, n: &str) -> Trace {
    serde_json::from_str(&stdout(&queens(dir, &["trace", n]))).expect("trace JSON")
}

/// Frames of the text form: (header, rows of symbols), each block ended by one empty line.
fn blocks(text: &str, n: usize) -> Vec<(String, Vec<Vec<String>>)> {
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len() % (n + 2), 0, "blocks of header + {n} rows + empty line");
    lines
        .chunks(n + 2)
        .map(|block| {
            assert_eq!(block[n + 1], "", "each frame ends with one empty line");
            let rows = block[1..=n].iter().map(|row| row.split(' ').map(str::to_string).collect()).collect();
            (block[0].to_string(), rows)
        })
        .collect()
}

/// The header the contract asks for, spelled out here rather than taken from the library.
fn expected_header(k: usize, trace: &Trace, solutions_so_far: usize) -> String {
    let m = trace.events.len();
    let square = |row: usize, col: usize| format!("{}{}", char::from(b'a' + col as u8), trace.n - row);
    let action = match k.checked_sub(1).map(|i| &trace.events[i]) {
        None => "empty board".to_string(),
        Some(Event::Place { row, col }) => format!("place {}", square(*row, *col)),
        Some(Event::Remove { row, col }) => format!("remove {}", square(*row, *col)),
        Some(Event::Solution { .. }) => format!("solution {solutions_so_far} found"),
        Some(other) => panic!("backtracking placements emit no {other:?}"),
    };
    format!("step {k} of {m}: {action}")
}

#[test]
fn ascii_frames_equal_an_independent_replay() {
    let dir = support::temp_dir("play", "ascii");
    let trace = trace_of(&dir, "6");
    let text = stdout(&queens(&dir, &["play", "6", "--ascii"]));
    assert_eq!(stdout(&queens(&dir, &["play", "6"])), text, "a pipe gets the text form without --ascii");
    let frames = blocks(&text, 6);
    let boards = support::queens_per_frame(&trace);
    assert_eq!(frames.len(), boards.len());
    assert_eq!(frames.len(), 58);
    let mut solutions = 0;
    for (k, ((header, rows), queens)) in frames.iter().zip(&boards).enumerate() {
        if matches!(k.checked_sub(1).map(|i| &trace.events[i]), Some(Event::Solution { .. })) {
            solutions += 1;
        }
        assert_eq!(header, &expected_header(k, &trace, solutions));
        for (row, symbols) in rows.iter().enumerate() {
            assert_eq!(symbols.len(), 6, "frame {k} row {row}: {symbols:?}");
            for (col, symbol) in symbols.iter().enumerate() {
                let want = if queens.contains(&(row, col)) {
                    "Q"
                } else if support::attacked(queens, row, col) {
                    "~"
                } else {
                    "."
                };
                assert_eq!(symbol, want, "frame {k}, row {row}, col {col}");
            }
        }
    }
    assert_eq!(frames[57].0, "step 57 of 57: solution 1 found");
    std::fs::remove_dir_all(&dir).unwrap();
}

fn headers(text: &str) -> Vec<String> {
    text.lines().filter(|line| line.starts_with("step ")).map(|line| line.to_string()).collect()
}

fn steps(text: &str) -> Vec<usize> {
    headers(text).iter().map(|h| h.split(' ').nth(1).unwrap().parse().unwrap()).collect()
}

#[test]
fn frames_and_every_select_what_is_printed() {
    let dir = support::temp_dir("play", "select");
    let pick = |args: &[&str]| steps(&stdout(&queens(&dir, &[&["play", "6"], args].concat())));
    assert_eq!(pick(&["--frames", "31"]), vec![31]);
    assert_eq!(pick(&["--frames", "5,0-2,2"]), vec![0, 1, 2, 5]);
    assert_eq!(pick(&["--frames", "55-"]), vec![55, 56, 57]);
    assert_eq!(pick(&["--frames", "solutions,last"]), vec![57]);
    assert_eq!(pick(&["--every", "10"]), vec![0, 10, 20, 30, 40, 50, 57]);
    assert_eq!(pick(&["--frames", "3-25", "--every", "10"]), vec![10, 20, 25]);
    let all = queens(&dir, &["play", "4", "--until", "all", "--frames", "solutions"]);
    assert_eq!(headers(&stdout(&all)).iter().filter(|h| h.ends_with("found")).count(), 2);
    let full = stdout(&queens(&dir, &["play", "6"]));
    let one = stdout(&queens(&dir, &["play", "6", "--frames", "31"]));
    let start = full.find("step 31 of 57").unwrap();
    assert_eq!(&full[start..start + one.len()], one, "a selected frame prints as in the whole run");
    for (args, needle) in [
        (&["play", "6", "--frames", "300"][..], "frame item '300' is past the last frame, 57"),
        (&["play", "6", "--frames", "5-3"], "frame item '5-3'"),
        (&["play", "6", "--frames", "x"], "frame item 'x'"),
        (&["play", "6", "--every", "0"], "'0'"),
        (&["play", "0"], "board size 0"),
    ] {
        let out = queens(&dir, args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn traces_play_from_a_file_and_from_stdin() {
    let dir = support::temp_dir("play", "trace");
    let json = stdout(&queens(&dir, &["trace", "6"]));
    std::fs::write(dir.join("run.json"), &json).unwrap();
    let solved = stdout(&queens(&dir, &["play", "6", "--frames", "0,31,last"]));
    assert_eq!(stdout(&queens(&dir, &["play", "run.json", "--frames", "0,31,last"])), solved);
    let mut child = Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(["play", "-", "--frames", "0,31,last"])
        .current_dir(&dir)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), json.as_bytes()).unwrap();
    assert_eq!(stdout(&child.wait_with_output().unwrap()), solved);
    std::fs::write(dir.join("bad.json"), r#"{"n":4,"algorithm":"x","events":[{"event":"remove","row":0,"col":0}]}"#)
        .unwrap();
    let out = queens(&dir, &["play", "bad.json"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("event 1"));
    assert!(out.stdout.is_empty(), "an invalid trace prints no frame");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A private tmux server (its socket in the test's folder), killed when dropped.
pub(crate) struct Tmux {
    pub(crate) socket: PathBuf,
}

impl Tmux {
    pub(crate) fn run(&self, args: &[&str]) -> String {
        let out = Command::new("tmux").arg("-S").arg(&self.socket).args(args).output().expect("tmux runs");
        assert!(out.status.success(), "tmux {args:?}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    pub(crate) fn keys(&self, keys: &[&str]) {
        for key in keys {
            self.run(&["send-keys", "-t", "play", key]);
        }
    }

    pub(crate) fn screen(&self) -> String {
        self.run(&["capture-pane", "-p", "-t", "play"])
    }

    /// Alternate screen on, cursor visible: tmux's own view of the terminal's state.
    pub(crate) fn modes(&self) -> String {
        self.run(&["display-message", "-p", "-t", "play", "#{alternate_on} #{cursor_flag}"]).trim().to_string()
    }

    /// Wait (up to 10 s) until the screen shows `text`.
    pub(crate) fn wait_for(&self, text: &str) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if screen.contains(text) {
                return screen;
            }
            assert!(start.elapsed() < Duration::from_secs(10), "waited for {text:?}; the screen:\n{screen}");
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux").arg("-S").arg(&self.socket).arg("kill-server").output();
    }
}

#[test]
fn the_player_steps_jumps_and_gives_the_terminal_back() {
    if tool("tmux", "apt-get install tmux").is_none() {
        return;
    }
    let dir = support::temp_dir("play", "tmux");
    let tmux = Tmux { socket: dir.join("tmux.sock") };
    let shell = format!("cd '{}' && PS1='$ ' exec sh", dir.display());
    tmux.run(&["-f", "/dev/null", "new-session", "-d", "-s", "play", "-x", "80", "-y", "30", &shell]);
    tmux.keys(&["saved=$(stty -g)", "Enter"]);
    let same_modes = r#"[ "$(stty -g)" = "$saved" ] && echo modes-restored"#;
    let play = format!("{} play 6; echo exit=$?", env!("CARGO_BIN_EXE_queens"));
    tmux.keys(&[&play, "Enter"]);
    tmux.wait_for("of 57");
    assert_eq!(tmux.modes(), "1 0", "alternate screen on, cursor hidden");
    tmux.keys(&["g"]);
    tmux.wait_for("step 0 of 57");
    tmux.keys(&["Right", "Right", "l"]);
    let screen = tmux.wait_for("step 3 of 57");
    assert!(screen.contains("paused") && screen.contains("placements: 3"), "{screen}");
    tmux.keys(&["Left"]);
    tmux.wait_for("step 2 of 57");
    tmux.keys(&["h", "h", "h"]);
    tmux.wait_for("step 0 of 57");
    tmux.keys(&["3", "1", "Enter"]);
    tmux.wait_for("step 31 of 57");
    tmux.keys(&["G"]);
    let screen = tmux.wait_for("step 57 of 57");
    assert!(screen.contains("solution 1 found"), "{screen}");
    tmux.keys(&["h"]);
    tmux.wait_for("step 56 of 57");
    tmux.run(&["resize-window", "-t", "play", "-x", "16", "-y", "8"]);
    let screen = tmux.wait_for("Make it");
    assert!(screen.starts_with("step 56 of 57"), "the step stays on screen when it is too small:\n{screen}");
    tmux.run(&["resize-window", "-t", "play", "-x", "80", "-y", "30"]);
    tmux.wait_for("step 56 of 57");
    tmux.keys(&["q"]);
    let screen = tmux.wait_for("exit=0");
    assert!(!screen.contains("step 56"), "the alternate screen was left:\n{screen}");
    assert_eq!(tmux.modes(), "0 1", "alternate screen off, cursor shown");
    tmux.keys(&[same_modes, "Enter"]);
    tmux.wait_for("\nmodes-restored");
    // In raw mode Ctrl-C arrives as a key: the player quits and restores the terminal all the same.
    tmux.keys(&["clear", "Enter"]);
    tmux.keys(&[&format!("{} play 8 --until all", env!("CARGO_BIN_EXE_queens")), "Enter"]);
    tmux.wait_for("of 4204");
    tmux.keys(&["G", "Left"]);
    tmux.wait_for("step 4203 of 4204");
    tmux.keys(&["C-c"]);
    // The prompt is a bare "$ " (capture-pane trims trailing spaces): wait for the modes instead.
    let start = Instant::now();
    while tmux.modes() != "0 1" && start.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(tmux.modes(), "0 1", "alternate screen off, cursor shown after Ctrl-C");
    tmux.keys(&[same_modes, "Enter"]);
    tmux.wait_for("\nmodes-restored");
    drop(tmux);
    std::fs::remove_dir_all(&dir).unwrap();
}
