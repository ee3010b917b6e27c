//! Messages that say what is true (issue 37, item 10): no empty parentheses, contrast ratios
//! rounded down, race words after an option, a caption blamed on itself rather than on
//! `--square`, `--theme auto` refused by `puzzle hint` as by `animate`, and theme files whose
//! `base` has the wrong type, that open with a byte order mark or whose blocked ink vanishes.

use crate::support::{run_queens, stderr, stdout, temp_dir};

/// The run fails with exit `code` and an error whose first line holds `words`.
fn refused(out: &std::process::Output, code: i32, words: &str) {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(code), "{err}");
    assert!(err.contains(words), "expected '{words}' in: {err}");
    assert!(err.lines().next().unwrap_or("").contains(words), "on the first line: {err}");
}

#[test]
fn a_puzzle_no_rule_moves_says_so_without_empty_parentheses() {
    let dir = temp_dir("messages", "no-rule");
    std::fs::write(dir.join("columns.txt"), "ABCDEFGH\n".repeat(8)).unwrap();
    let out = run_queens(&dir, &["puzzle", "check", "columns.txt"]);
    let text = stdout(&out);
    assert!(text.contains("rules alone: stop short, a guess is needed at once (no rule applies)"), "{text}");
    assert!(!text.contains("()") && !text.contains("(after )"), "{text}");
}

#[test]
fn a_contrast_just_short_of_the_minimum_shows_it() {
    let dir = temp_dir("messages", "contrast");
    // #777777 on white is 4.478:1: shown rounded to one decimal, it read as the 4.5:1 it misses.
    std::fs::write(dir.join("t.json"), r##"{"base": "default", "background": "#ffffff", "text": "#777777"}"##).unwrap();
    let out = run_queens(&dir, &["board", "4", "2,4,1,3", "--theme-file", "t.json", "-o", "b.png"]);
    refused(&out, 1, "text on background has contrast 4.47:1, below the 4.5:1 minimum");
}

#[test]
fn theme_files_base_bom_and_blocked_ink() {
    let dir = temp_dir("messages", "theme-files");
    let board = |theme: &str| run_queens(&dir, &["board", "4", "2,4,1,3", "--theme-file", theme, "-o", "b.png", "-q"]);
    std::fs::write(dir.join("base.json"), r#"{"base": 5}"#).unwrap();
    refused(&board("base.json"), 1, "theme 'base' must be a theme's name in quotes, not 5");
    std::fs::write(dir.join("bom.json"), "\u{feff}{\"base\": \"gray\"}").unwrap();
    let out = board("bom.json");
    assert!(out.status.success(), "a byte order mark is skipped: {}", stderr(&out));
    std::fs::write(dir.join("ink.json"), r##"{"base": "default", "blocked_ink": "#2e2e2e"}"##).unwrap();
    refused(&board("ink.json"), 1, "blocked_ink on blocked has contrast 1.00:1, below the 3.0:1 minimum");
}

#[test]
fn race_words_may_follow_an_option() {
    let dir = temp_dir("messages", "race");
    let out = run_queens(&dir, &["race", "5", "--clock", "checks", "a", "b", "-o", "r.gif"]);
    refused(&out, 2, "unknown algorithm 'a'");
    let out = run_queens(&dir, &["race", "5", "--clock", "checks", "backtrack", "grid", "-o", "r.gif", "-q"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = run_queens(&dir, &["race", "5", "backtrack", "-o", "s.gif"]);
    refused(&out, 2, "a race needs two or more algorithms after N");
}

#[test]
fn an_overlong_caption_is_named_not_the_square_size() {
    let dir = temp_dir("messages", "caption");
    let puzzle = r#"{"n":4,"regions":[0,0,1,1,0,0,1,1,2,2,3,3,2,2,3,3]}"#;
    let event =
        |text: &str| format!(r#"{{"event":"deduce","row":0,"col":1,"rule":"last-square","used":[],"text":"{text}"}}"#);
    let long = "word ".repeat(20_000);
    let whole = format!(r#"{{"n":4,"algorithm":"deduce","puzzle":{puzzle},"events":[{}]}}"#, event(&long));
    std::fs::write(dir.join("whole.json"), whole).unwrap();
    let out = run_queens(&dir, &["render", "whole.json", "-o", "w.gif"]);
    refused(&out, 1, "event 1: its caption is 100000 characters long, more than 400");
    assert!(!stderr(&out).contains("--square"), "{}", stderr(&out));
    let lines = format!("{{\"n\":4,\"algorithm\":\"deduce\",\"puzzle\":{puzzle}}}\n{}\n", event(&long));
    std::fs::write(dir.join("lines.jsonl"), lines).unwrap();
    refused(&run_queens(&dir, &["render", "lines.jsonl", "-o", "l.gif"]), 1, "line 2: its caption is 100000");
    let fits = format!(r#"{{"n":4,"algorithm":"deduce","puzzle":{puzzle},"events":[{}]}}"#, event(&"word ".repeat(80)));
    std::fs::write(dir.join("fits.json"), fits).unwrap();
    let out = run_queens(&dir, &["render", "fits.json", "-o", "f.gif", "--square", "4", "-q"]);
    assert!(out.status.success(), "400 characters fit the smallest squares: {}", stderr(&out));
}

#[test]
fn a_hint_still_refuses_theme_auto_as_animate_does() {
    let dir = temp_dir("messages", "hint-auto");
    std::fs::write(dir.join("p.txt"), "AABB\nAABB\nCCDD\nCCDD\n").unwrap();
    let out = run_queens(&dir, &["puzzle", "hint", "p.txt", "-o", "h.png", "--theme", "auto"]);
    refused(&out, 2, "--theme auto needs an SVG or HTML output");
    assert!(!dir.join("h.png").exists());
    let out = run_queens(&dir, &["puzzle", "hint", "p.txt", "-o", "h.svg", "--theme", "auto"]);
    assert!(out.status.success(), "{}", stderr(&out));
}
