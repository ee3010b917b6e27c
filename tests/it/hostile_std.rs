//! Issue 53, findings 1 and 2: outputs spelled as standard input or standard output. An output
//! that is the file or pipe stdin reads from (`/dev/stdin`, `/proc/self/fd/0`) is refused up front
//! when the input is `-`, like an output naming the input file; at most one output reaches stdout,
//! however it is spelled (`-`, `/dev/stdout`, `/proc/self/fd/1`, the file `>` sends it to).

use crate::support::{stderr, temp_dir};
use std::fs::File;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

fn queens() -> Command {
    Command::new(env!("CARGO_BIN_EXE_queens"))
}

/// Run in `dir` with stdin read from `input` (a file) and stdout into `out` (a file), or a pipe.
fn run_redirected(dir: &Path, args: &[&str], input: Option<&Path>, out: Option<&Path>) -> Output {
    let mut command = queens();
    command.args(args).current_dir(dir).stderr(Stdio::piped());
    command.stdin(input.map_or(Stdio::null(), |p| Stdio::from(File::open(p).unwrap())));
    command.stdout(out.map_or(Stdio::piped(), |p| Stdio::from(File::create(p).unwrap())));
    command.output().unwrap()
}

/// Run in `dir` with `text` fed through a pipe on stdin; stdout a pipe.
fn run_piped(dir: &Path, args: &[&str], text: &[u8]) -> Output {
    let mut child = queens()
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let text = text.to_vec();
    // The run may refuse before reading: a closed pipe is fine.
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(&text);
    });
    let out = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    out
}

#[test]
fn an_output_onto_standard_input_is_refused() {
    let dir = temp_dir("hostile-std", "stdin");
    let trace = crate::support::run_ok(&dir, &["trace", "5", "--format", "jsonl"]);
    let puzzle = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/puzzle-7x7.txt")).unwrap();
    let cases: [(&str, &[&str]); 7] = [
        (&trace, &["render", "-", "-o", "run.gif", "--transcript", "/dev/stdin"]),
        (&trace, &["render", "-", "-o", "/dev/stdin"]),
        (&trace, &["render", "-", "-o", "/proc/self/fd/0"]),
        (&puzzle, &["animate", "--puzzle", "-", "-o", "a.gif", "--transcript", "/dev/stdin"]),
        (&puzzle, &["puzzle", "play", "-", "-o", "/dev/stdin"]),
        (&puzzle, &["puzzle", "hint", "-", "-o", "/dev/stdin"]),
        (&puzzle, &["puzzle", "hint", "-", "-o", "/proc/self/fd/0"]),
    ];
    for (text, args) in cases {
        let input = dir.join("input");
        std::fs::write(&input, text).unwrap();
        let out = run_redirected(&dir, args, Some(&input), None);
        assert_eq!(out.status.code(), Some(2), "{args:?} from a file: {}", stderr(&out));
        assert!(stderr(&out).contains("(standard input)"), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).trim().lines().count() == 1, "one line: {}", stderr(&out));
        assert_eq!(std::fs::read_to_string(&input).unwrap(), text, "{args:?} kept the input");
        assert!(out.stdout.is_empty(), "{args:?} wrote nothing to stdout");
        let out = run_piped(&dir, args, text.as_bytes());
        assert_eq!(out.status.code(), Some(2), "{args:?} from a pipe: {}", stderr(&out));
    }
    let names = crate::support::listing(&dir);
    assert_eq!(names, vec!["input".to_string()], "no output written");
}

#[test]
fn only_one_output_reaches_stdout_however_spelled() {
    let dir = temp_dir("hostile-std", "stdout");
    let cases: [&[&str]; 5] = [
        &["animate", "4", "-o", "-", "--transcript", "/dev/stdout"],
        &["animate", "4", "-o", "a.gif", "--trace-out", "-", "--transcript", "/dev/stdout"],
        &["animate", "4", "-o", "a.gif", "--trace-out", "/proc/self/fd/1", "--transcript", "-"],
        &["animate", "4", "-o", "/dev/stdout", "--transcript", "/proc/self/fd/1"],
        &["frames", "4", "-o", "/dev/stdout", "--atlas", "-"],
    ];
    for args in cases {
        let file = dir.join("f");
        let out = run_redirected(&dir, args, None, Some(&file));
        assert_eq!(out.status.code(), Some(2), "{args:?} into a file: {}", stderr(&out));
        assert!(stderr(&out).contains("stdout"), "{args:?}: {}", stderr(&out));
        assert_eq!(std::fs::read(&file).unwrap().len(), 0, "{args:?}: nothing written");
        let out = run_redirected(&dir, args, None, None);
        assert_eq!(out.status.code(), Some(2), "{args:?} into a pipe: {}", stderr(&out));
        assert!(out.stdout.is_empty(), "{args:?}: nothing written to the pipe");
    }
    // The file stdout is redirected to, named as an output too.
    let file = dir.join("out.gif");
    let out = run_redirected(&dir, &["animate", "4", "-o", "out.gif", "--transcript", "-"], None, Some(&file));
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    // One output on stdout by another name is fine, its summary on stderr; /dev/null takes several.
    let out = run_redirected(&dir, &["animate", "4", "-o", "a.gif", "--transcript", "/dev/stdout"], None, None);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8(out.stdout.clone()).unwrap();
    assert!(text.starts_with("00:00:00.000 empty board") && !text.contains("a.gif:"), "{text}");
    assert!(stderr(&out).contains("a.gif: 14 frames"), "{}", stderr(&out));
    let args = ["animate", "4", "-o", "/dev/null", "--transcript", "/dev/null", "--trace-out", "/dev/null"];
    let out = run_redirected(&dir, &args, None, Some(Path::new("/dev/null")));
    assert!(out.status.success(), "{}", stderr(&out));
}
