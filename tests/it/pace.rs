//! The blog pace (issue 51, point 3), written out independently of the library from the words a
//! plain transcript shows: each kind of sentence (a dead end's `place e3 · column f: no safe
//! square`, the removal after it `... had no safe square`, a tried-out removal `... tried, nothing
//! else fit`) is held in full its first two times, then for the reason's words that are new since
//! that kind last showed; a removal right after a tried-out removal (a cascade) is a plain step.
//! And the goals: `animate 6` at most 35 s, `animate 8` at most 90 s, `race 8 backtrack forward`
//! at most 110 s, as the GIFs' delays add up (decoded with the `image` crate).

use crate::support::{decode_gif, run_ok, temp_dir};
use std::collections::HashMap;

fn reading(words: usize) -> u32 {
    let ms = (300 + 230 * (words.max(1) as u32 - 1)).min(4000);
    ms.div_ceil(50) * 50
}

fn delays(path: &std::path::Path) -> Vec<u32> {
    decode_gif(&std::fs::read(path).unwrap()).into_iter().map(|(_, d)| d).collect()
}

/// The kind of a transcript action's sentence and its reason's words; `None`: a plain step.
fn sentence(action: &str) -> Option<(&'static str, Vec<&str>)> {
    let (_, reason) = action.split_once(" · ")?;
    let kind = if reason.ends_with(": no safe square") {
        "dead end"
    } else if reason.ends_with(" had no safe square") {
        "retreat"
    } else if reason.ends_with(" tried, nothing else fit") {
        "tried"
    } else {
        return None;
    };
    Some((kind, reason.split_whitespace().collect()))
}

#[test]
fn repeats_are_held_for_what_changed_and_a_cascade_reads_as_one_sentence() {
    let dir = temp_dir("pace", "blog");
    run_ok(&dir, &["animate", "8", "-o", "blog.gif", "--transcript", "run.txt"]);
    run_ok(&dir, &["animate", "8", "-o", "plain.gif", "--reading-time", "off"]);
    let (blog, plain) = (delays(&dir.join("blog.gif")), delays(&dir.join("plain.gif")));
    let text = std::fs::read_to_string(dir.join("run.txt")).unwrap();
    let actions: Vec<&str> = text.lines().map(|l| l[13..].split(" / ").next().unwrap()).collect();
    assert_eq!((blog.len(), actions.len()), (220, 220));
    let mut shown: HashMap<&str, (u32, Vec<&str>)> = HashMap::new();
    let mut before = None;
    let mut repeats = 0;
    for (k, action) in actions.iter().enumerate() {
        let said = sentence(action);
        let want = match &said {
            None => plain[k],
            Some((kind, words)) => {
                let (count, last) = shown.entry(kind).or_default();
                let mut left = last.clone();
                let new =
                    words.iter().filter(|w| left.iter().position(|l| l == *w).map(|at| left.remove(at)).is_none());
                let held = match *count {
                    0 | 1 => Some(action.split_whitespace().filter(|w| *w != "·").count()),
                    _ if *kind == "tried" && before == Some("tried") => None,
                    _ => Some(new.count()).filter(|&n| n > 0),
                };
                repeats += usize::from(*count >= 2);
                (*count, *last) = (*count + 1, words.clone());
                held.map_or(plain[k], |w| plain[k].max(reading(w)))
            }
        };
        assert_eq!(blog[k], want, "frame {k}: {action}");
        before = said.map(|(kind, _)| kind);
    }
    assert!(repeats > 100, "animate 8 repeats its sentences ({repeats})");
}

#[test]
fn default_runs_stay_within_their_goals() {
    let dir = temp_dir("pace", "goals");
    for (args, goal_ms) in [
        (&["animate", "6"][..], 35_000),
        (&["animate", "8"][..], 90_000),
        (&["race", "8", "backtrack", "forward"][..], 110_000),
    ] {
        run_ok(&dir, &[args, &["-o", "blog.gif"]].concat());
        let total: u32 = delays(&dir.join("blog.gif")).iter().sum();
        assert!(total <= goal_ms, "{args:?}: {total} ms, the goal is {goal_ms} ms");
        run_ok(&dir, &[args, &["--pace", "lecture", "-o", "lecture.gif"]].concat());
        let full: u32 = delays(&dir.join("lecture.gif")).iter().sum();
        assert!(full > total, "{args:?}: lecture holds every sentence in full ({full} ms > {total} ms)");
    }
}
