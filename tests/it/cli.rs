//! The `queens` binary from outside: exit codes, default paths, one-line errors, no stray files.

use crate::support::{self, run_queens as queens, stderr};

fn temp_dir(name: &str) -> crate::support::TempFolder {
    support::temp_dir("cli", name)
}

#[test]
fn animate_writes_the_default_path_and_reports_it() {
    let dir = temp_dir("default");
    let out = queens(&dir, &["animate", "6"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let path = dir.join("output/queens-6x6-backtrack-first.gif");
    let bytes = std::fs::read(&path).expect("default output exists");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("output/queens-6x6-backtrack-first.gif"), "{stdout}");
    assert!(stdout.contains("58 frames"), "{stdout}");
    assert!(stdout.contains(&format!("{} bytes", bytes.len())), "{stdout}");
    assert_eq!(support::decode_gif(&bytes).len(), 58);
    let out = queens(&dir, &["animate", "5", "--until", "all"]);
    assert!(out.status.success());
    assert!(dir.join("output/queens-5x5-backtrack-all.gif").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn trace_then_render_round_trip() {
    let dir = temp_dir("trace");
    let out = queens(&dir, &["trace", "5", "--detail", "checks"]);
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("stdout is JSON");
    assert_eq!(json["n"], 5);
    assert_eq!(json["algorithm"], "backtrack");
    assert_eq!(json["events"][0]["event"], "check");
    let events = json["events"].as_array().unwrap().len();
    std::fs::write(dir.join("run.json"), &out.stdout).unwrap();
    let out = queens(&dir, &["render", "run.json", "--bare", "--square", "20", "-o", "run.gif"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let frames = support::decode_gif(&std::fs::read(dir.join("run.gif")).unwrap());
    assert_eq!(frames.len(), events + 1);
    assert_eq!((frames[0].0.width(), frames[0].0.height()), (100, 100));
    let out = queens(&dir, &["trace", "6", "-o", "six.json"]);
    assert!(out.status.success() && out.stdout.is_empty());
    assert!(std::fs::read_to_string(dir.join("six.json")).unwrap().contains("\"n\":6"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_input_gets_one_line_and_a_nonzero_exit() {
    let dir = temp_dir("bad");
    for (args, code) in [
        (&["animate", "0"][..], 2),
        (&["animate", "x"], 2),
        (&["animate", "6", "--delay", "1"], 2),
        (&["animate", "6", "--square", "9999"], 2),
        (&["render", "missing.json"], 1),
        (&["animate", "6", "-o", "no/such/dir/a.gif"], 1),
        (&["animate", "8", "--until", "all", "--max-frames", "100"], 1),
    ] {
        let out = queens(&dir, args);
        assert_eq!(out.status.code(), Some(code), "{args:?}: {}", stderr(&out));
        let err = stderr(&out);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(err.lines().filter(|l| l.starts_with("error")).count() == 1, "{args:?}: {err}");
    }
    std::fs::write(dir.join("bad.json"), r#"{"n":4,"algorithm":"x","events":[{"event":"remove","row":0,"col":0}]}"#)
        .unwrap();
    let out = queens(&dir, &["render", "bad.json", "-o", "bad.gif"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("event 1"), "{}", stderr(&out));
    assert!(!dir.join("bad.gif").exists(), "no output on failure");
    std::fs::write(dir.join("junk.json"), "{not json").unwrap();
    let out = queens(&dir, &["render", "junk.json"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 2, "nothing but the two inputs");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn no_attacks_leaves_every_square_plain() {
    let dir = temp_dir("no-attacks");
    let out =
        queens(&dir, &["animate", "5", "--until", "all", "--bare", "--no-attacks", "--square", "40", "-o", "a.gif"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = queens(&dir, &["trace", "5", "--until", "all", "-o", "t.json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let trace: queens::Trace = serde_json::from_str(&std::fs::read_to_string(dir.join("t.json")).unwrap()).unwrap();
    let frames = support::decode_gif(&std::fs::read(dir.join("a.gif")).unwrap());
    let boards = support::queens_per_frame(&trace);
    assert_eq!(frames.len(), boards.len());
    let theme = queens::Theme::default();
    for (k, ((img, _), queens)) in frames.iter().zip(&boards).enumerate() {
        for row in 0..5 {
            for col in 0..5 {
                let plain = if (row + col) % 2 == 1 { theme.dark } else { theme.light };
                let want = if queens.contains(&(row, col)) { theme.queen } else { plain };
                let (x, y) = (col as u32 * 40 + 20, row as u32 * 40 + 20);
                assert_eq!(support::rgb(img, x, y), want, "frame {k}, row {row} col {col}");
                // A corner the queen glyph never covers shows the plain square (on a solution's
                // frame, the queens stand on the solution paint).
                let solution_frame = k > 0 && matches!(trace.events[k - 1], queens::Event::Solution { .. });
                let solved = solution_frame && queens.contains(&(row, col));
                let corner = if solved { theme.solution } else { plain };
                assert_eq!(support::rgb(img, x - 17, y - 17), corner, "frame {k} corner of {row},{col}");
            }
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn numbers_below_their_minimum_name_the_argument_and_its_range() {
    let dir = temp_dir("negative");
    for (args, names, range) in [
        (&["animate", "-3"][..], "[N]", "N must be from 1 to 1000000"),
        (&["animate", "6", "--delay", "-5"], "--delay", "must be from 20 to 655350"),
        (&["count", "-1"], "[N]", "N must be from 1 to 32"),
        (&["board", "-2", "1"], "<N>", "N must be from 1 to 512"),
        (&["sheet", "6", "--square", "-8"], "--square", "must be from 4 to 512"),
        (&["animate", "6", "--loop-count", "-1"], "--loop-count", "must be from 0 to 65535"),
        (&["animate", "6", "--every", "-2"], "--every", "must be from 1 to"),
        (&["play", "-3"], "[N | TRACE | -]", "board size -3 is out of range: use 1 to 1000000"),
    ] {
        let out = queens(&dir, args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        assert!(err.contains(names) && err.contains(range), "{args:?}: {err}");
        assert!(!err.contains("-- -"), "{args:?}: clap's tip: {err}");
        assert_eq!(err.lines().filter(|l| l.starts_with("error")).count(), 1, "{args:?}: {err}");
    }
    assert!(support::listing(&dir).is_empty());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_extension_naming_no_format_of_the_command_is_refused() {
    let dir = temp_dir("formats");
    for (args, writes) in [
        (&["animate", "5", "-o", "x.jpg"][..], "gif, webp, apng, mp4, webm, svg, html or pdf"),
        (&["animate", "5", "-o", "x.png"][..], "gif, webp, apng, mp4, webm, svg, html or pdf"),
        (&["frames", "6", "-o", "x.gif"][..], "png, svg, html or pdf"),
        (&["board", "8", "1,5,8,6,3,7,2,4", "-o", "b.webp"][..], "png, svg or pdf"),
        (&["heatmap", "5", "-o", "h.gif"][..], "png, svg or pdf"),
    ] {
        let out = queens(&dir, args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        let err = stderr(&out);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(writes), "{args:?}: {err}");
        assert!(support::listing(&dir).is_empty(), "{args:?} wrote {:?}", support::listing(&dir));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_explicit_format_wins_over_the_extension() {
    let dir = temp_dir("format-wins");
    let out = queens(&dir, &["animate", "4", "-o", "run.gif", "--format", "svg"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(dir.join("run.gif")).unwrap();
    assert!(text.starts_with("<svg"), "{}", &text[..40.min(text.len())]);
    let out = queens(&dir, &["board", "5", "1,3,5,2,4", "-o", "b.img", "--format", "png"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(std::fs::read(dir.join("b.img")).unwrap().starts_with(b"\x89PNG"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn render_takes_max_frames() {
    let dir = temp_dir("render-max");
    assert!(queens(&dir, &["trace", "6", "-o", "t.json"]).status.success());
    let out = queens(&dir, &["render", "t.json", "--max-frames", "20", "-o", "r.gif"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("--max-frames"), "{}", stderr(&out));
    assert!(!dir.join("r.gif").exists());
    let out = queens(&dir, &["render", "t.json", "--max-frames", "58", "-o", "r.gif"]);
    assert!(out.status.success(), "{}", stderr(&out));
    std::fs::remove_dir_all(&dir).unwrap();
}
