//! What another user plants cannot steer a write, and no output replaces an input (issue 37):
//! links in any folder on an output's way (sticky world-writable folders, folders another user
//! owns), every output refused against every input (the trace, the puzzle file, the theme file)
//! with the input named, default names that never start with `-`, and `--split a/../b` made as
//! `mkdir -p` makes it. Tests that need a second uid run as root (links handed to `nobody` with
//! lchown) and skip with a reason otherwise. Everything happens inside each test's own folder.

use crate::hostile_out::{chmod, refused, root, OTHER};
use crate::support::{listing, run_queens, stderr, temp_dir};
use std::os::unix::fs::{lchown, symlink};
use std::path::Path;
use std::process::Output;

/// A region puzzle (`puzzle hint` needs regions).
const PUZZLE: &str = "AABBBB\nCADDBB\nCEEDDD\nEEEDDD\nEEEDDF\nEEEEEF\n";

/// Every way an output names a folder: `--split`, `boards -o`, `-o`, `--atlas`, `--trace-out`.
fn outputs_into(folder: &str) -> Vec<Vec<String>> {
    let args = [
        format!("frames 4 --frames 0-2 --split {folder}"),
        format!("frames 4 --frames 0-2 --split {folder}/sub"),
        format!("boards 4 -o {folder}"),
        format!("animate 4 --square 20 -o {folder}/x.gif"),
        format!("frames 4 --frames 0-2 -o sheet.png --atlas {folder}/a.json"),
        format!("animate 4 --square 20 -o run.gif --trace-out {folder}/t.json"),
    ];
    args.iter().map(|line| line.split(' ').map(String::from).collect()).collect()
}

fn run(dir: &Path, args: &[String]) -> Output {
    run_queens(dir, &args.iter().map(String::as_str).collect::<Vec<_>>())
}

#[test]
fn a_folder_link_planted_in_a_sticky_shared_folder_is_refused() {
    if !root("a_folder_link_planted_in_a_sticky_shared_folder") {
        return;
    }
    let dir = temp_dir("planted-links", "sticky");
    let private = dir.join("private");
    std::fs::create_dir(&private).unwrap();
    chmod(&private, 0o700);
    let shared = dir.join("shared");
    std::fs::create_dir(&shared).unwrap();
    chmod(&shared, 0o1777);
    symlink(&private, shared.join("d")).unwrap();
    lchown(shared.join("d"), Some(OTHER), Some(OTHER)).unwrap();
    for args in outputs_into("shared/d") {
        refused(&run(&dir, &args), 1, &["refusing to write through", "shared/d", "uid 65534", "sticky"]);
    }
    assert_eq!(listing(&private), Vec::<String>::new(), "nothing written into the private folder");
    // The same link owned by the caller is followed, as the kernel follows it.
    lchown(shared.join("d"), Some(0), Some(0)).unwrap();
    for args in outputs_into("shared/d") {
        assert!(run(&dir, &args).status.success(), "{args:?}");
    }
    assert!(private.join("x.gif").exists() && private.join("sub/frame-0.png").exists());
}

#[test]
fn links_planted_in_a_folder_another_user_owns_are_refused() {
    if !root("links_planted_in_a_folder_another_user_owns") {
        return;
    }
    let dir = temp_dir("planted-links", "their-folder");
    let secret = dir.join("root-only.png");
    std::fs::write(&secret, "root's").unwrap();
    chmod(&secret, 0o600);
    let theirs = dir.join("theirs");
    std::fs::create_dir(&theirs).unwrap();
    // Their folder, nothing planted yet: written as any folder (the caller may write there).
    std::os::unix::fs::chown(&theirs, Some(OTHER), Some(OTHER)).unwrap();
    assert!(run_queens(&dir, &["boards", "4", "-o", "theirs"]).status.success());
    assert!(run_queens(&dir, &["frames", "4", "--frames", "0-2", "--split", "theirs"]).status.success());
    // Their links at the names the runs write, and a folder link of theirs.
    for name in ["queens-4x4-1.png", "frame-0.png"] {
        std::fs::remove_file(theirs.join(name)).unwrap();
        symlink(&secret, theirs.join(name)).unwrap();
        lchown(theirs.join(name), Some(OTHER), Some(OTHER)).unwrap();
    }
    symlink(dir.join("elsewhere"), theirs.join("d")).unwrap();
    lchown(theirs.join("d"), Some(OTHER), Some(OTHER)).unwrap();
    let words = ["refusing to write through", "theirs", "uid 65534"];
    refused(&run_queens(&dir, &["boards", "4", "-o", "theirs"]), 1, &words);
    refused(&run_queens(&dir, &["frames", "4", "--frames", "0-2", "--split", "theirs"]), 1, &words);
    refused(&run_queens(&dir, &["animate", "4", "-o", "theirs/d/x.gif"]), 1, &words);
    assert_eq!(std::fs::read_to_string(&secret).unwrap(), "root's", "the root-only file is intact");
    assert!(!dir.join("elsewhere").exists());
}

#[test]
fn no_output_replaces_an_input_and_the_message_names_it() {
    let dir = temp_dir("planted-links", "inputs");
    std::fs::write(dir.join("p.txt"), PUZZLE).unwrap();
    std::fs::write(dir.join("th.json"), r#"{"base": "default"}"#).unwrap();
    assert!(run_queens(&dir, &["trace", "4", "-o", "t.json"]).status.success());
    std::fs::create_dir(dir.join("d")).unwrap();
    // Outputs whose name is fixed by the run reach an input through a hard link.
    std::fs::hard_link(dir.join("p.txt"), dir.join("p.png")).unwrap();
    std::fs::hard_link(dir.join("p.txt"), dir.join("d/frame-0.png")).unwrap();
    std::fs::hard_link(dir.join("th.json"), dir.join("d/frame-1.png")).unwrap();
    std::fs::hard_link(dir.join("t.json"), dir.join("d/frame-2.png")).unwrap();
    let puzzle = "the puzzle file p.txt";
    let cases: [(&[&str], &[&str]); 11] = [
        (&["animate", "--puzzle", "p.txt", "--format", "gif", "-o", "p.txt"], &["-o p.txt", puzzle]),
        (&["animate", "--puzzle", "p.txt", "-o", "x.gif", "--trace-out", "p.txt"], &["--trace-out p.txt", puzzle]),
        (&["trace", "--puzzle", "p.txt", "-o", "p.txt"], &[puzzle]),
        (&["race", "--puzzle", "p.txt", "backtrack", "grid", "--format", "gif", "-o", "p.txt"], &[puzzle]),
        (&["frames", "--puzzle", "p.txt", "-o", "p.txt"], &["-o p.txt", puzzle]),
        (&["frames", "--puzzle", "p.txt", "--frames", "0-2", "-o", "x.png", "--atlas", "p.txt"], &[puzzle]),
        (&["frames", "--puzzle", "p.txt", "--frames", "0", "--split", "d"], &[puzzle]),
        (&["puzzle", "hint", "p.txt", "-o", "p.png"], &[puzzle]),
        (&["frames", "4", "--frames", "1", "--theme-file", "th.json", "--split", "d"], &["the theme file th.json"]),
        (&["frames", "t.json", "--frames", "2", "--split", "d"], &["the trace t.json"]),
        (&["render", "t.json", "--format", "gif", "-o", "t.json"], &["the trace t.json"]),
    ];
    for (args, words) in cases {
        let out = run_queens(&dir, args);
        refused(&out, 2, &[&["is the same file as", "destroy the input"][..], words].concat());
        assert!(!stderr(&out).contains("the trace p.txt"), "the puzzle is not called the trace: {}", stderr(&out));
    }
    assert_eq!(std::fs::read_to_string(dir.join("p.txt")).unwrap(), PUZZLE, "the puzzle is intact");
    assert_eq!(std::fs::read_to_string(dir.join("th.json")).unwrap(), r#"{"base": "default"}"#);
    assert!(!dir.join("x.gif").exists() && !dir.join("x.png").exists());
}

#[test]
fn default_names_never_start_with_a_dash() {
    let dir = temp_dir("planted-links", "dash-names");
    std::fs::write(dir.join("p.txt"), "....\n....\n....\n....\n").unwrap();
    let stdin = std::fs::File::open(dir.join("p.txt")).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(["animate", "--puzzle", "-", "--square", "20"])
        .current_dir(&dir)
        .stdin(stdin)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(run_queens(&dir, &["trace", "4", "-o", "./-x.json"]).status.success());
    assert!(run_queens(&dir, &["render", "./-x.json", "--square", "20"]).status.success());
    let names = listing(&dir.join("output"));
    assert_eq!(names, vec!["puzzle-backtrack.gif".to_string(), "x.gif".to_string()]);
}

#[test]
fn split_and_boards_make_every_missing_folder_as_mkdir_p() {
    let dir = temp_dir("planted-links", "mkdir-p");
    let out = run_queens(&dir, &["frames", "4", "--frames", "0-1", "--split", "s1/../s2"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(run_queens(&dir, &["boards", "4", "-o", "b1/./../b2/c"]).status.success());
    assert_eq!(listing(&dir), vec!["b1", "b2", "s1", "s2"]);
    assert_eq!(listing(&dir.join("s2")), vec!["frame-0.png", "frame-1.png"]);
    assert_eq!(listing(&dir.join("b2/c")).len(), 2);
}
