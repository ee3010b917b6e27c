//! Reading time and transcripts (issue 35, points 3 and 4): a frame whose caption brings a sentence
//! (a `--why` sentence, a checked square, a puzzle deduction) shows at least 300 ms + 230 ms per
//! further word (at most 4 s, rounded up to 50 ms) in the GIF, decoded with the `image` crate,
//! while every other frame keeps the delay it gets with `--reading-time off`; the atlas's
//! `duration` and `caption` agree with the GIF and the transcript; `--transcript` writes WebVTT
//! (cues starting at the GIF's cumulative delays, one per frame) or plain text, and ffmpeg reads
//! the WebVTT as subtitles when it is installed.

use crate::support::tools::tool;
use crate::support::{decode_gif, run_ok, run_queens, temp_dir};
use queens::internals::{Describer, Replay};
use queens::jsonl::Input;
use queens::{RenderOptions, Trace};
use std::path::Path;
use std::process::Command;

/// The rule, written out independently of the library: 300 + 230 per further word, capped at
/// 4000, rounded up to a multiple of 50.
fn reading(words: usize) -> u32 {
    let ms = (300 + 230 * (words as u32 - 1)).min(4000);
    ms.div_ceil(50) * 50
}

fn read_trace(path: &Path) -> Trace {
    let file = std::io::BufReader::new(std::fs::File::open(path).unwrap());
    match queens::jsonl::open(file).unwrap() {
        Input::Whole(trace) => trace,
        Input::Lines(_) => panic!("a whole trace expected"),
    }
}

/// Each frame's sentence length as its caption says it (`None`: a plain step or a label).
fn words_per_frame(trace: &Trace, why: bool) -> Vec<Option<usize>> {
    let mut look = RenderOptions::default();
    look.why = why;
    let describer = Describer::new(trace.n, &look, Some(queens::caption_spec(trace)));
    Replay::new(trace).map(|frame| describer.caption_text(&frame.unwrap()).unwrap().action.words_to_read()).collect()
}

fn gif_delays(path: &Path) -> Vec<u32> {
    decode_gif(&std::fs::read(path).unwrap()).into_iter().map(|(_, delay)| delay).collect()
}

/// Animate `args` with reading time on and off; check every frame's delay against the rule and
/// return how many frames reading time held longer.
fn check_held(name: &str, args: &[&str], why: bool) -> usize {
    let dir = temp_dir("reading", name);
    let with = |extra: &[&'static str]| -> Vec<&str> { args.iter().chain(extra).copied().collect() };
    run_ok(&dir, &with(&["-o", "on.gif", "--trace-out", "trace.json", "--pace", "lecture"]));
    run_ok(&dir, &with(&["-o", "off.gif", "--reading-time", "off"]));
    let trace = read_trace(&dir.join("trace.json"));
    let words = words_per_frame(&trace, why);
    let (on, off) = (gif_delays(&dir.join("on.gif")), gif_delays(&dir.join("off.gif")));
    assert_eq!((on.len(), off.len()), (trace.frame_count(), trace.frame_count()), "{name}: one frame per step");
    let mut held = 0;
    for (k, ((&on, &off), words)) in on.iter().zip(&off).zip(&words).enumerate() {
        let want = words.map_or(off, |w| off.max(reading(w)));
        assert_eq!(on, want, "{name}: frame {k} ({words:?} words, {off} ms without reading time)");
        held += usize::from(on > off);
    }
    held
}

#[test]
fn why_sentences_are_held_and_placements_keep_the_delay() {
    let held = check_held("why", &["animate", "6", "--why"], true);
    assert!(held >= 10, "the --why run's sentences are held ({held} frames)");
    // Independently of the caption seam: a dead end's "place e3 · column f: no safe square" (7
    // words) shows 1700 ms (1680 rounded up to 50 ms); a placement 250 ms.
    let dir = temp_dir("reading", "why-text");
    run_ok(&dir, &["animate", "6", "--why", "-o", "run.gif", "--transcript", "run.txt"]);
    let delays = gif_delays(&dir.join("run.gif"));
    let text = std::fs::read_to_string(dir.join("run.txt")).unwrap();
    let actions: Vec<&str> = text.lines().map(|l| l[13..].split(" / ").next().unwrap()).collect();
    let first =
        actions.iter().position(|a| a.starts_with("place ") && a.ends_with(": no safe square")).expect("a dead end");
    assert_eq!(delays[first], reading(7));
    for (k, action) in actions.iter().enumerate().take(actions.len() - 1) {
        if action.starts_with("place ") && !action.contains(" · ") {
            assert_eq!(delays[k], 250, "frame {k}: {action}");
        }
    }
}

#[test]
fn reading_time_off_restores_the_plain_delays() {
    let dir = temp_dir("reading", "off");
    let trace = crate::support::trace_for(6, queens::Until::First);
    run_ok(&dir, &["animate", "6", "--reading-time", "off", "-o", "off.gif"]);
    let mut off = queens::Timing::default();
    off.reading_time = false;
    let plain = crate::support::expected_delays(&trace, &off);
    assert_eq!(gif_delays(&dir.join("off.gif")), plain);
    run_ok(&dir, &["animate", "6", "--why", "--reading-time", "off", "-o", "why.gif"]);
    assert_eq!(gif_delays(&dir.join("why.gif")), plain, "--why off: the plain delays");
}

#[test]
fn checked_squares_are_held() {
    let held = check_held("checks", &["animate", "5", "--detail", "checks"], false);
    assert!(held >= 10, "check captions are held ({held} frames)");
}

#[test]
fn puzzle_deductions_are_held() {
    let puzzle = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/puzzle-7x7.txt");
    let held = check_held("puzzle", &["animate", "--puzzle", puzzle.to_str().unwrap()], false);
    assert!(held >= 3, "deductions are held ({held} frames)");
}

/// A transcript's entries: (start ms, end ms, text) for WebVTT, (start ms, text) for plain text.
fn parse_time(t: &str) -> u64 {
    let (hms, ms) = t.split_once('.').expect("HH:MM:SS.mmm");
    assert_eq!(ms.len(), 3, "{t}");
    let parts: Vec<u64> = hms.split(':').map(|p| p.parse().unwrap()).collect();
    assert_eq!(parts.len(), 3, "{t}");
    ((parts[0] * 60 + parts[1]) * 60 + parts[2]) * 1000 + ms.parse::<u64>().unwrap()
}

fn vtt_cues(text: &str) -> Vec<(String, u64, u64, Vec<String>)> {
    let body = text.strip_prefix("WEBVTT\n").expect("the WEBVTT header");
    body.split("\n\n")
        .map(|block| block.trim_matches('\n'))
        .filter(|block| !block.is_empty())
        .map(|block| {
            let mut lines = block.lines();
            let id = lines.next().unwrap().to_string();
            let (from, to) = lines.next().unwrap().split_once(" --> ").expect("a cue's times");
            let text: Vec<String> = lines.map(str::to_string).collect();
            assert!(!text.is_empty(), "cue {id} has text");
            (id, parse_time(from), parse_time(to), text)
        })
        .collect()
}

#[test]
fn transcripts_follow_the_gif() {
    let dir = temp_dir("reading", "transcript");
    let args = ["animate", "6", "--why", "-o", "run.gif", "--transcript", "run.vtt", "--trace-out", "t.json"];
    run_ok(&dir, &args);
    let delays = gif_delays(&dir.join("run.gif"));
    let cues = vtt_cues(&std::fs::read_to_string(dir.join("run.vtt")).unwrap());
    assert_eq!(cues.len(), delays.len(), "one cue per frame");
    let mut start = 0;
    for (k, ((id, from, to, text), delay)) in cues.iter().zip(&delays).enumerate() {
        assert_eq!((id.as_str(), *from, *to), (k.to_string().as_str(), start, start + u64::from(*delay)), "cue {k}");
        assert!(text[1].starts_with(&format!("step {k} of ")), "cue {k}: {text:?}");
        start += u64::from(*delay);
    }
    // The plain form of a render of the same trace, to stdout: one line per frame, same times.
    let out = run_ok(&dir, &["render", "t.json", "--why", "-o", "again.gif", "--transcript", "-"]);
    let lines: Vec<&str> = out.lines().filter(|l| l.starts_with("00:")).collect();
    assert_eq!(lines.len(), cues.len(), "{out}");
    for (line, (_, from, _, text)) in lines.iter().zip(&cues) {
        let (time, caption) = line.split_once(' ').unwrap();
        assert_eq!(parse_time(time), *from);
        assert_eq!(caption, text.join(" / "));
    }
    // A transcript may not replace the trace it is made from.
    let refused = run_queens(&dir, &["render", "t.json", "-o", "x.gif", "--transcript", "t.json"]);
    assert_eq!(refused.status.code(), Some(2), "{}", crate::support::stderr(&refused));
    let both = run_queens(&dir, &["animate", "4", "-o", "-", "--transcript", "-"]);
    assert_eq!(both.status.code(), Some(2));
}

#[test]
fn atlas_durations_and_captions_agree() {
    let dir = temp_dir("reading", "atlas");
    run_ok(&dir, &["animate", "6", "--why", "-o", "run.gif", "--transcript", "run.txt"]);
    run_ok(&dir, &["frames", "6", "--why", "-o", "sheet.png", "--atlas", "atlas.json"]);
    run_ok(&dir, &["frames", "6", "--bare", "--reading-time", "off", "-o", "bare.png", "--atlas", "bare.json"]);
    let atlas: serde_json::Value = serde_json::from_slice(&std::fs::read(dir.join("atlas.json")).unwrap()).unwrap();
    let frames = atlas["frames"].as_array().unwrap();
    let delays = gif_delays(&dir.join("run.gif"));
    let text = std::fs::read_to_string(dir.join("run.txt")).unwrap();
    assert_eq!((frames.len(), text.lines().count()), (delays.len(), delays.len()));
    for ((frame, delay), line) in frames.iter().zip(&delays).zip(text.lines()) {
        assert_eq!(frame["duration"].as_u64(), Some(u64::from(*delay)), "{frame}");
        assert_eq!(frame["caption"].as_str(), Some(&line[13..]), "{frame}");
    }
    let bare: serde_json::Value = serde_json::from_slice(&std::fs::read(dir.join("bare.json")).unwrap()).unwrap();
    let bare = bare["frames"].as_array().unwrap();
    assert!(bare[1]["caption"].as_str().unwrap().starts_with("place a6 / step 1 of 57"), "{}", bare[1]);
}

#[test]
fn ffmpeg_reads_the_webvtt() {
    let Some(ffmpeg) = tool("ffmpeg", "apt-get install ffmpeg") else { return };
    let dir = temp_dir("reading", "ffmpeg");
    run_ok(&dir, &["animate", "6", "--why", "-o", "run.gif", "--transcript", "run.vtt"]);
    let out = Command::new(ffmpeg)
        .args(["-v", "error", "-i", "run.vtt", "-f", "srt", "-"])
        .current_dir(&*dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let srt = String::from_utf8_lossy(&out.stdout);
    let frames = gif_delays(&dir.join("run.gif")).len();
    assert_eq!(srt.matches(" --> ").count(), frames, "{srt}");
    assert!(srt.contains(": no safe square"), "{srt}");
}
