//! Hostile surroundings, another user's side (issue 24): files the caller may not write are not
//! replaced, and a temporary left in a folder turned read-only mid-run is named. The tests act as
//! a second uid, so they need root; they skip with a reason otherwise (and fail instead when
//! QUEENS_REQUIRE_TOOLS=1). Everything happens inside each test's own temporary folder.

use crate::hostile_out::{chmod, queens, refused, root, OTHER};
use crate::support::{listing, run_queens, temp_dir};
use std::io::Write;
use std::os::unix::fs::MetadataExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A folder of the other user's, for runs as that user.
fn their_folder(dir: &Path, name: &str) -> PathBuf {
    let folder = dir.join(name);
    std::fs::create_dir(&folder).unwrap();
    std::os::unix::fs::chown(&folder, Some(OTHER), Some(OTHER)).unwrap();
    folder
}

fn as_other(folder: &Path, args: &[&str]) -> Command {
    let mut command = queens();
    command.args(args).current_dir(folder).uid(OTHER).gid(OTHER);
    command
}

#[test]
fn files_the_caller_may_not_write_are_not_replaced() {
    if !root("files_the_caller_may_not_write") {
        return;
    }
    let dir = temp_dir("hostile-out", "not-writable");
    chmod(&dir, 0o755);
    let folder = their_folder(&dir, "theirs");
    let read_only = folder.join("ro.gif");
    std::fs::write(&read_only, "read-only").unwrap();
    std::os::unix::fs::chown(&read_only, Some(OTHER), Some(OTHER)).unwrap();
    chmod(&read_only, 0o444);
    let roots = folder.join("root.gif");
    std::fs::write(&roots, "root's").unwrap();
    for name in ["ro.gif", "root.gif"] {
        let out = as_other(&folder, &["animate", "4", "-o", name]).output().unwrap();
        refused(&out, 1, &["refusing to replace", name]);
    }
    assert_eq!(std::fs::read_to_string(&read_only).unwrap(), "read-only");
    assert_eq!(std::fs::metadata(&roots).unwrap().uid(), 0, "root's file is still root's");
    assert_eq!(listing(&folder), vec!["ro.gif", "root.gif"], "no temporary left");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_temporary_left_in_a_folder_turned_read_only_is_named() {
    if !root("a_temporary_left_in_a_folder_turned_read_only") {
        return;
    }
    let dir = temp_dir("hostile-out", "read-only-folder");
    chmod(&dir, 0o755);
    let folder = their_folder(&dir, "theirs");
    let lines = run_queens(&dir, &["trace", "5", "--format", "jsonl"]).stdout;
    let mut child = as_other(&folder, &["render", "-", "-o", "out.gif"])
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let half = lines.len() / 2;
    stdin.write_all(&lines[..half]).unwrap();
    let start = Instant::now();
    while !listing(&folder).iter().any(|n| n.starts_with(".out.gif.")) {
        assert!(start.elapsed() < Duration::from_secs(10), "the temporary appears while streaming");
        std::thread::sleep(Duration::from_millis(20));
    }
    chmod(&folder, 0o555);
    stdin.write_all(&lines[half..]).unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    chmod(&folder, 0o755);
    let left: Vec<String> = listing(&folder).into_iter().filter(|n| n.starts_with(".out.gif.")).collect();
    assert_eq!(left.len(), 1, "{left:?}");
    refused(&out, 1, &["out.gif", &left[0], "could not be removed"]);
    std::fs::remove_dir_all(&dir).unwrap();
}
