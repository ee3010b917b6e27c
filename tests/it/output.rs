//! Output rules from outside, without privileges: `-o -`, named pipes, closed pipes, symlinks,
//! failed runs, `boards` batches and signals. (Device nodes, a full tmpfs, a terminal and strace:
//! tests/it/output_system.rs.)

use crate::support::tools::tool;
use crate::support::{self, listing, run_queens as queens, stderr};
use std::io::Read;
use std::os::unix::fs::FileTypeExt;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn temp_dir(name: &str) -> crate::support::TempFolder {
    support::temp_dir("output", name)
}

/// The one `error:` line a failed run prints.
fn error_line(out: &Output) -> String {
    let err = stderr(out);
    let lines: Vec<&str> = err.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(lines.len(), 1, "one line expected: {err}");
    assert!(lines[0].starts_with("error: "), "{err}");
    lines[0].to_string()
}

/// Wait for a named pipe's reader thread: one still blocked 10 s after the run (the pipe was
/// replaced, or never opened for writing) fails the test instead of hanging it.
fn join_reader<T>(reader: std::thread::JoinHandle<T>, fifo: &Path) -> T {
    let started = Instant::now();
    while !reader.is_finished() {
        if started.elapsed() > Duration::from_secs(10) {
            panic!("the reader of {} never got to the end: was the pipe replaced?", fifo.display());
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    reader.join().unwrap()
}

fn mkfifo(path: &Path) -> bool {
    if tool("mkfifo", "apt-get install coreutils").is_none() {
        return false;
    }
    assert!(Command::new("mkfifo").arg(path).status().unwrap().success());
    true
}

#[test]
fn dash_writes_images_to_stdout_and_the_summary_to_stderr() {
    let dir = temp_dir("dash");
    let out = queens(&dir, &["animate", "6", "-o", "-"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(support::decode_gif(&out.stdout).len(), 58);
    let summary = stderr(&out);
    assert!(summary.starts_with("stdout: 58 frames") && summary.contains(&format!("{} bytes", out.stdout.len())));
    std::fs::write(dir.join("run.json"), queens(&dir, &["trace", "5"]).stdout).unwrap();
    let out = queens(&dir, &["render", "run.json", "-o", "-"]);
    assert!(out.status.success() && out.stdout.starts_with(b"GIF89a"), "{}", stderr(&out));
    assert!(stderr(&out).starts_with("stdout: "), "{}", stderr(&out));
    let stills: [&[&str]; 4] = [
        &["sheet", "6", "-o", "-"],
        &["board", "4", "3,1,4,2", "-o", "-"],
        &["frames", "5", "-o", "-"],
        &["frames", "5", "--frames", "3", "-o", "-"],
    ];
    for args in stills {
        let out = queens(&dir, args);
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        let png = image::load_from_memory(&out.stdout).expect("stdout is a PNG");
        assert!(png.width() > 0, "{args:?}");
        assert!(stderr(&out).starts_with("stdout: "), "{args:?}: {}", stderr(&out));
    }
    assert_eq!(listing(&dir), ["run.json"], "no file named '-'");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Text outputs (`--atlas`, `--trace-out`) named `-` go to stdout (no file named `-`), the summary
/// then goes to stderr, and two outputs naming stdout are refused before any work.
#[test]
fn dash_sends_atlases_and_traces_to_stdout() {
    let dir = temp_dir("text-dash");
    let out = queens(&dir, &["frames", "5", "--atlas", "-", "-o", "f.png"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let atlas: serde_json::Value = serde_json::from_slice(&out.stdout).expect("stdout is the atlas alone");
    assert_eq!(atlas["frames"].as_array().map(Vec::len), Some(7));
    assert!(stderr(&out).starts_with("f.png: 7 frames"), "{}", stderr(&out));
    let out = queens(&dir, &["animate", "5", "--trace-out", "-", "-o", "a.gif"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let trace: serde_json::Value = serde_json::from_slice(&out.stdout).expect("stdout is the trace alone");
    assert_eq!(trace["n"], 5);
    assert!(stderr(&out).starts_with("a.gif: "), "{}", stderr(&out));
    assert_eq!(listing(&dir), ["a.gif", "f.png"], "no file named -");
    for args in [&["frames", "5", "--atlas", "-", "-o", "-"][..], &["animate", "5", "--trace-out", "-", "-o", "-"]] {
        let out = queens(&dir, args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(error_line(&out).contains("both name stdout"), "{}", stderr(&out));
        assert!(out.stdout.is_empty(), "{args:?} wrote to stdout");
    }
    assert_eq!(listing(&dir), ["a.gif", "f.png"]);
}

#[test]
fn named_pipes_get_the_whole_image_and_stay_pipes() {
    let dir = temp_dir("fifo");
    let fifo = dir.join("pipe.gif");
    if !mkfifo(&fifo) {
        return;
    }
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read(fifo).unwrap())
    };
    let out = queens(&dir, &["animate", "6", "-o", "pipe.gif"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let bytes = join_reader(reader, &fifo);
    assert_eq!(bytes.last(), Some(&0x3B), "GIF trailer");
    assert_eq!(support::decode_gif(&bytes).len(), 58);
    assert!(std::fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    assert_eq!(listing(&dir), ["pipe.gif"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_closed_pipe_is_a_failure_naming_the_target() {
    let dir = temp_dir("closed");
    let fifo = dir.join("pipe.gif");
    if !mkfifo(&fifo) {
        return;
    }
    // The reader opens (meeting the writer) and leaves at once; 109 KB do not fit a 64 KB pipe.
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || drop(std::fs::File::open(fifo).unwrap()))
    };
    let out = queens(&dir, &["animate", "6", "-o", "pipe.gif"]);
    join_reader(reader, &fifo);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let line = error_line(&out);
    assert!(line.contains("pipe.gif") && line.contains("Broken pipe"), "{line}");
    assert!(std::fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    // stdout closed under `-o -`: a failure naming stdout.
    let out = run_closed_stdout(&dir, &["animate", "6", "-o", "-"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(error_line(&out).contains("standard output"), "{}", stderr(&out));
    // Text for a reader that stopped early (`solve 12 --all | head`) is no failure.
    let out = run_closed_stdout(&dir, &["solve", "12", "--all"]);
    assert!(out.status.success() && out.stderr.is_empty(), "{}", stderr(&out));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Run with a stdout pipe whose reading end is closed before the run writes.
fn run_closed_stdout(dir: &Path, args: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(args)
        .current_dir(dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    child.wait_with_output().unwrap()
}

#[test]
fn symlinks_are_written_through() {
    let dir = temp_dir("links");
    std::fs::create_dir(dir.join("real")).unwrap();
    std::fs::write(dir.join("real/a.gif"), b"old").unwrap();
    std::os::unix::fs::symlink("real/a.gif", dir.join("link.gif")).unwrap();
    std::os::unix::fs::symlink(dir.join("real/new.png"), dir.join("dangling.png")).unwrap();
    let out = queens(&dir, &["animate", "6", "-o", "link.gif"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = queens(&dir, &["board", "4", "3,1,4,2", "-o", "dangling.png"]);
    assert!(out.status.success(), "{}", stderr(&out));
    for link in ["link.gif", "dangling.png"] {
        assert!(std::fs::symlink_metadata(dir.join(link)).unwrap().file_type().is_symlink(), "{link}");
    }
    assert_eq!(support::decode_gif(&std::fs::read(dir.join("real/a.gif")).unwrap()).len(), 58);
    image::open(dir.join("real/new.png")).expect("the dangling link's file is a PNG");
    assert_eq!(listing(&dir.join("real")), ["a.gif", "new.png"], "no temporaries");
    // A link to /dev/stdout (a chain through /proc): written in place, never replaced.
    std::os::unix::fs::symlink("/dev/stdout", dir.join("out.gif")).unwrap();
    let out = queens(&dir, &["animate", "6", "-o", "out.gif"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(out.stdout.last(), Some(&0x3B), "only the GIF on stdout");
    assert_eq!(support::decode_gif(&out.stdout).len(), 58);
    assert!(stderr(&out).starts_with("out.gif: 58 frames"), "the summary on stderr: {}", stderr(&out));
    assert!(std::fs::symlink_metadata(dir.join("out.gif")).unwrap().file_type().is_symlink());
    assert_eq!(listing(&dir), ["dangling.png", "link.gif", "out.gif", "real"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_failed_run_keeps_the_old_file_and_leaves_no_temporary() {
    let dir = temp_dir("failed");
    std::fs::write(dir.join("a.gif"), b"old").unwrap();
    std::fs::write(
        dir.join("bad.json"),
        r#"{"n":5,"algorithm":"x","events":[{"event":"place","row":0,"col":0},{"event":"remove","row":3,"col":3}]}"#,
    )
    .unwrap();
    let out = queens(&dir, &["render", "bad.json", "-o", "a.gif"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(error_line(&out).contains("event 2"), "{}", stderr(&out));
    assert_eq!(std::fs::read(dir.join("a.gif")).unwrap(), b"old");
    let out = queens(&dir, &["animate", "8", "--until", "all", "--max-frames", "100", "-o", "a.gif"]);
    assert_eq!(out.status.code(), Some(1));
    let out = queens(&dir, &["animate", "6", "-o", "."]);
    assert_eq!(out.status.code(), Some(1));
    assert!(error_line(&out).contains("is a folder"), "{}", stderr(&out));
    assert_eq!(std::fs::read(dir.join("a.gif")).unwrap(), b"old");
    assert_eq!(listing(&dir), ["a.gif", "bad.json"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_failed_boards_run_removes_its_files_and_names_the_one_that_failed() {
    let dir = temp_dir("boards");
    std::fs::create_dir(dir.join("b")).unwrap();
    std::fs::write(dir.join("b/queens-8x8-01.png"), b"old").unwrap();
    // Board 5's name is taken by a folder: boards 1 to 4 are already written by then.
    std::fs::create_dir(dir.join("b/queens-8x8-05.png")).unwrap();
    let out = queens(&dir, &["boards", "8", "-o", "b"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(error_line(&out).contains("queens-8x8-05.png"), "{}", stderr(&out));
    assert_eq!(listing(&dir.join("b")), ["queens-8x8-01.png", "queens-8x8-05.png"]);
    assert_eq!(std::fs::read(dir.join("b/queens-8x8-01.png")).unwrap(), b"old");
    // Success writes them all, replacing the old file.
    std::fs::remove_dir(dir.join("b/queens-8x8-05.png")).unwrap();
    let out = queens(&dir, &["boards", "8", "-o", "b"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(listing(&dir.join("b")).len(), 92);
    image::open(dir.join("b/queens-8x8-01.png")).expect("replaced by a PNG");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn signals_remove_the_temporary_and_exit_128_plus_the_signal() {
    if tool("kill", "apt-get install procps").is_none() {
        return;
    }
    let dir = temp_dir("signals");
    std::fs::write(dir.join("long.gif"), b"old").unwrap();
    for (signal, code) in [("INT", 130), ("TERM", 143), ("HUP", 129)] {
        let args = ["animate", "10", "--until", "all", "--max-frames", "1000000", "-q", "-o", "long.gif"];
        let mut child = Command::new(env!("CARGO_BIN_EXE_queens"))
            .args(args)
            .current_dir(&dir)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let started = Instant::now();
        while listing(&dir).len() < 2 {
            assert!(child.try_wait().unwrap().is_none(), "{signal}: the run ended before it was signalled");
            assert!(started.elapsed() < Duration::from_secs(60), "{signal}: no temporary appeared");
            std::thread::sleep(Duration::from_millis(20));
        }
        let kill = Command::new("kill").args(["-s", signal, &child.id().to_string()]).status().unwrap();
        assert!(kill.success());
        let status = child.wait().unwrap();
        let mut err = String::new();
        child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
        assert_eq!(status.code(), Some(code), "SIG{signal}: {err}");
        assert!(err.contains(&format!("SIG{signal}")), "{err}");
        assert_eq!(listing(&dir), ["long.gif"], "SIG{signal}: no temporary left");
        assert_eq!(std::fs::read(dir.join("long.gif")).unwrap(), b"old");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The default folder `output/` appears only with a file in it: a run that fails reading its trace
/// from stdin (after it opened its output) removes the folder it created again.
#[test]
fn a_failed_run_leaves_no_default_folder() {
    let dir = temp_dir("default-folder");
    let mut child = Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(["render", "-"])
        .current_dir(&dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("queens runs");
    std::io::Write::write_all(child.stdin.as_mut().unwrap(), b"{\"n\": 4, \"events\": [{\"event\": \"jump\"}]}\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(listing(&dir).is_empty(), "left behind: {:?}", listing(&dir));
    let out = queens(&dir, &["animate", "4"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(listing(&dir.join("output")), ["queens-4x4-backtrack-first.gif"]);
}

/// A test's folder goes when the test is done, read-only folders inside it too.
#[test]
fn test_folders_are_removed_when_done() {
    let dir = temp_dir("removed");
    let path = dir.to_path_buf();
    std::fs::create_dir_all(dir.join("sealed/inner")).unwrap();
    std::fs::write(dir.join("sealed/inner/f"), b"x").unwrap();
    std::fs::set_permissions(dir.join("sealed"), std::os::unix::fs::PermissionsExt::from_mode(0o500)).unwrap();
    drop(dir);
    assert!(!path.exists(), "{} is left", path.display());
}
