//! Players that ask (`--quiz`), in headless Chromium and Firefox, network off: a script answers
//! right and wrong by typing and by clicking the board, and the page must ask before the chosen
//! steps (focus in the answer field, so the keyboard alone can answer), say right or wrong, show
//! the true step, keep the score, and mark the run's solutions and dead ends on the timeline; no
//! console error. Each page turns green when every check passed, magenta otherwise. Without the
//! browsers the test prints a skip reason (QUEENS_REQUIRE_TOOLS=1: fail).

use crate::support::svg::{screenshot, Prefers, BROWSERS};
use crate::support::{run_queens, temp_dir};
use std::path::Path;

fn queens_ok(dir: &Path, args: &[&str]) {
    let out = run_queens(dir, args);
    assert!(out.status.success(), "queens {args:?}: {}", String::from_utf8_lossy(&out.stderr));
}

/// The checks every probed page shares: helpers, then `steps`, then green or magenta.
fn probed(page: &str, steps: &str) -> String {
    let head = "<script>\"use strict\";window.problems=[];addEventListener(\"error\",(e)=>problems.push(e.message));\
                {const log=console.error;console.error=(...a)=>{problems.push(a.join(\" \"));log(...a);};}</script>";
    let tail = format!(
        "<script>\"use strict\";(()=>{{const $=(id)=>document.getElementById(id);\
         const key=(k)=>document.dispatchEvent(new KeyboardEvent(\"keydown\",{{key:k,bubbles:true}}));\
         const expect=(what,ok)=>{{if(!ok)problems.push(what);}};\
         const answer=(text)=>{{$(\"answer\").value=text;$(\"quiz\").requestSubmit();}};\
         const asked=(words)=>{{expect(\"asked: \"+words,!$(\"quiz\").hidden&&$(\"ask\").textContent.includes(words));\
         expect(\"focus in the answer\",document.activeElement===$(\"answer\"));}};\
         const said=(words)=>expect(\"verdict \"+words+\": \"+$(\"verdict\").textContent,$(\"verdict\").textContent.startsWith(words));\
         const tells=(words)=>expect(\"verdict with \"+words+\": \"+$(\"verdict\").textContent,$(\"verdict\").textContent.includes(words));\
         const shows=(words)=>expect(\"caption \"+words+\": \"+$(\"caption\").textContent,$(\"caption\").textContent.includes(words));\
         const click=(col,row)=>{{const d=JSON.parse($(\"quiz-data\").textContent).board,svg=$(\"frame\"),b=svg.getBoundingClientRect();\
         const s=b.width/svg.width.baseVal.value;svg.dispatchEvent(new MouseEvent(\"click\",{{bubbles:true,\
         clientX:b.left+(d[0]+(col+0.5)*d[2])*s,clientY:b.top+(d[1]+(row+0.5)*d[2])*s}}));}};\
         try{{{steps}}}catch(e){{problems.push(String(e));}}\
         const ok=!problems.length;document.title=problems.join(\"; \")||\"ok\";document.body.innerHTML=\"\";\
         document.documentElement.style.background=document.body.style.background=ok?\"#0f0\":\"#f0f\";}})();</script>"
    );
    let page = page.replacen("<head>", &format!("<head>{head}"), 1);
    page.replacen("</body>", &format!("{tail}</body>"), 1)
}

/// Writes `page` probed with `steps` and checks each browser's screenshot turned green.
fn check(dir: &Path, name: &str, page: &str, steps: &str) {
    check_at(dir, name, page, steps, (600, 700));
}

/// [`check`] in a window of `size` pixels.
pub fn check_at(dir: &Path, name: &str, page: &str, steps: &str, size: (u32, u32)) {
    let path = dir.join(format!("{name}.html"));
    std::fs::write(&path, probed(page, steps)).unwrap();
    for browser in BROWSERS {
        let Some(shot) = screenshot(browser, dir, &path, size, Prefers { dark: false, reduced_motion: true }) else {
            continue;
        };
        let pixel = shot.get_pixel(5, 5).0;
        assert_eq!(pixel, [0, 255, 0], "{browser:?}, {name}: a check failed (magenta) or the page did not run");
    }
}

#[test]
fn a_quiz_asks_checks_shows_the_step_and_scores() {
    let dir = temp_dir("quiz", "asks");
    // 5x5 to its first solution: a5, b3, c1, d4, e2, no dead end.
    queens_ok(&dir, &["animate", "5", "--quiz", "placements", "--embed", "-o", "place.html"]);
    let page = std::fs::read_to_string(dir.join("place.html")).unwrap();
    // The first question states the order; a safe square that is not the search's first is
    // wrong, and the verdict says why; every verdict carries its reason.
    let steps = "key(\"l\");asked(\"Where does the next queen go? The search fills column a next, from the top.\");\
                 answer(\"c2\");said(\"Not quite: it is a5.\");tells(\"c2 is safe, but the search takes a5 first\");\
                 tells(\"Column a from the top: a5 is the first square, and no queen attacks it.\");shows(\"place a5\");\
                 expect(\"focus on the way on\",document.activeElement===$(\"goon\")&&!$(\"goon\").hidden);\
                 key(\"l\");asked(\"next queen\");answer(\"e1\");said(\"Not quite: it is b3\");tells(\"e1 is attacked by a5.\");\
                 tells(\"b5 is attacked by a5, b4 by a5, so b3 is the first safe square\");shows(\"place b3\");\
                 key(\"ArrowRight\");asked(\"next queen\");click(2,4);said(\"Right: c1. Column c from the top\");shows(\"place c1\");\
                 expect(\"score so far: \"+$(\"score\").textContent,$(\"score\").textContent===\"Score: 1 of 3 right, 2 to go.\");\
                 key(\"l\");answer(\"D4\");said(\"Right\");key(\"l\");click(0,4);said(\"Not quite: it is e2\");\
                 tells(\"a1 is attacked by c1.\");\
                 expect(\"final score: \"+$(\"score\").textContent,$(\"score\").textContent===\"Done: 2 of 5 right.\");\
                 key(\"l\");shows(\"solution\");expect(\"quiz over\",$(\"answer\").disabled);\
                 expect(\"one solution mark\",document.querySelectorAll(\"#marks .a\").length===1);\
                 expect(\"no dead end marks\",document.querySelectorAll(\"#marks .b\").length===0);";
    check(&dir, "place", &page, steps);
    // Asked while playing: after the answer, "Go on" (or a click on the board) plays on.
    let playing = "const on=()=>$(\"play\").getAttribute(\"aria-label\")===\"Pause (space)\";\
                   key(\" \");expect(\"playing\",on());key(\"l\");asked(\"next queen\");expect(\"stopped to ask\",!on());\
                   answer(\"a5\");said(\"Right: a5\");expect(\"says how to go on\",$(\"goon\").textContent===\"Go on ▸\");\
                   $(\"goon\").click();expect(\"plays on\",on()&&$(\"quiz\").hidden);\
                   key(\"l\");asked(\"next queen\");answer(\"b3\");click(0,0);expect(\"a click plays on\",on()&&$(\"quiz\").hidden);\
                   key(\" \");";
    check(&dir, "playing", &page, playing);
    // 6x6: d5 (step 4) leaves column f without a safe square, which the search meets only after
    // e3 (step 5): the first question asks what it does next; the second (d5 again, step 10) is
    // the step that runs column e out.
    queens_ok(&dir, &["animate", "6", "--quiz", "dead-ends", "-o", "dead.html"]);
    let page = std::fs::read_to_string(dir.join("dead.html")).unwrap();
    let steps = "for(let i=0;i<4;i++)key(\"l\");expect(\"no question yet\",$(\"quiz\").hidden);\
                 key(\"l\");asked(\"Column f already has no safe square. Where does the search put its next queen?\");\
                 key(\"l\");shows(\"step 4 of\");answer(\"e3\");said(\"Right: e3. The search does not look ahead\");\
                 shows(\"no safe square\");key(\"l\");key(\"l\");key(\"l\");key(\"l\");key(\"l\");\
                 asked(\"Next: a queen on d5. Which column runs out of safe squares?\");answer(\"f\");\
                 said(\"Not quite: it is column e. Column f still has a safe square, f2.\");\
                 tells(\"Every square of column e is attacked: e6, e5, e4 by d5;\");\
                 key(\"g\");expect(\"dead end marks\",document.querySelectorAll(\"#marks .b\").length>=8);\
                 key(\"d\");shows(\"step 5 of\");key(\"D\");shows(\"step 5 of\");key(\"s\");shows(\"solution\");";
    check(&dir, "dead", &page, steps);
}

#[test]
fn quiz_pages_are_self_contained_the_same_every_run_and_html_only() {
    let dir = temp_dir("quiz", "bytes");
    let args = ["animate", "6", "--quiz", "every:3", "--theme", "auto"];
    queens_ok(&dir, &[&args[..], &["-o", "a.html"]].concat());
    queens_ok(&dir, &[&args[..], &["-o", "b.html"]].concat());
    let (a, b) = (std::fs::read(dir.join("a.html")).unwrap(), std::fs::read(dir.join("b.html")).unwrap());
    assert!(a == b, "same input, same bytes");
    let text = String::from_utf8(a).unwrap();
    for banned in ["http:", "https:", "eval(", "new Function", "src=\"", "@import", "fetch("] {
        assert!(!text.to_ascii_lowercase().contains(banned), "the page contains {banned}");
    }
    assert!(text.contains("id=\"quiz-data\""));
    let refused = run_queens(&dir, &["animate", "5", "--quiz", "placements", "-o", "x.gif"]);
    assert_eq!(refused.status.code(), Some(2), "--quiz is for HTML");
    let said = String::from_utf8_lossy(&refused.stderr);
    assert!(said.contains("--quiz") && said.lines().filter(|l| !l.trim().is_empty()).count() <= 2, "{said}");
    assert!(!dir.join("x.gif").exists());
    let bad = run_queens(&dir, &["animate", "5", "--quiz", "every:0", "-o", "x.html"]);
    assert_eq!(bad.status.code(), Some(2), "every:0 is refused");
}

/// A page's questions (see `src/sink/html/quiz.rs`): `q` of `#quiz-data`, base64, inflated.
pub fn quiz_list(page: &str) -> Vec<serde_json::Value> {
    use std::io::Read;
    let start = page.find("id=\"quiz-data\">").unwrap() + 15;
    let data: serde_json::Value =
        serde_json::from_str(&page[start..start + page[start..].find("</script>").unwrap()]).unwrap();
    let value =
        |c: u8| b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".iter().position(|&a| a == c);
    let sextets: Vec<u32> = data["q"].as_str().unwrap().bytes().filter_map(value).map(|v| v as u32).collect();
    let mut bytes = Vec::new();
    for c in sextets.chunks(4) {
        let n = c.iter().enumerate().fold(0, |n, (i, &v)| n | v << (18 - 6 * i));
        bytes.extend((0..c.len() - 1).map(|i| (n >> (16 - 8 * i)) as u8));
    }
    let mut text = String::new();
    flate2::read::DeflateDecoder::new(&bytes[..]).read_to_string(&mut text).unwrap();
    serde_json::from_str(&text).unwrap()
}

/// The questions of a page: frame, kind (0 square, 1 line), question, answer, reason.
fn questions(page: &str) -> Vec<(usize, u64, String, String, String)> {
    let mut frame = 0;
    let text = |v: &serde_json::Value| v.as_str().unwrap().to_string();
    let q = quiz_list(page).into_iter().map(|q| q.as_array().unwrap().clone());
    q.map(|q| {
        frame += q[0].as_u64().unwrap() as usize;
        (frame, q[1].as_u64().unwrap(), text(&q[2]), text(&q[3]), text(&q[4]))
    })
    .collect()
}

/// The squares of line `name` ("column f", "row 3") on an n-board, as (row, col) from the top.
fn line_squares(name: &str, n: usize) -> Vec<(usize, usize)> {
    let (kind, at) = name.split_once(' ').unwrap();
    match kind {
        "column" => (0..n).map(|r| (r, usize::from(at.as_bytes()[0] - b'a'))).collect(),
        _ => (0..n).map(|c| (n - at.parse::<usize>().unwrap(), c)).collect(),
    }
}

/// Whether every square of `line` is empty and attacked by one of `queens`.
fn all_attacked(queens: &[(usize, usize)], line: &[(usize, usize)]) -> bool {
    let attacks = |q: (usize, usize), s: (usize, usize)| {
        q != s && (q.0 == s.0 || q.1 == s.1 || q.0.abs_diff(s.0) == q.1.abs_diff(s.1))
    };
    line.iter().all(|&s| !queens.contains(&s) && queens.iter().any(|&q| attacks(q, s)))
}

#[test]
fn dead_end_questions_are_asked_only_where_the_step_runs_the_line_out() {
    let dir = temp_dir("quiz", "causes");
    for algorithm in ["backtrack", "grid", "forward"] {
        let (page, trace) = (format!("{algorithm}.html"), format!("{algorithm}.json"));
        queens_ok(&dir, &["animate", "6", "--algorithm", algorithm, "--quiz", "dead-ends", "-q", "-o", &page]);
        queens_ok(&dir, &["trace", "6", "--algorithm", algorithm, "-o", &trace]);
        let trace: serde_json::Value = serde_json::from_slice(&std::fs::read(dir.join(&trace)).unwrap()).unwrap();
        let events = trace["events"].as_array().unwrap();
        // The queens standing on frame k: events 1..k replayed independently.
        let board = |k: usize| {
            let mut queens = Vec::new();
            for e in &events[..k] {
                let at =
                    |e: &serde_json::Value| (e["row"].as_u64().unwrap() as usize, e["col"].as_u64().unwrap() as usize);
                match e["event"].as_str().unwrap() {
                    "place" => queens.push(at(e)),
                    "remove" => queens.retain(|&q| q != at(e)),
                    _ => {}
                }
            }
            queens
        };
        let asked = questions(&std::fs::read_to_string(dir.join(&page)).unwrap());
        assert!(asked.len() >= 4, "{algorithm}: {asked:?}");
        let mut lines_asked = 0;
        for (frame, kind, question, answer, why) in &asked {
            let (shown, after) = (board(frame - 1), board(*frame));
            let what = format!("{algorithm}, frame {frame}: {question} ({answer})");
            assert_eq!(events[frame - 1]["event"], "place", "{what}: the step asked is a placement");
            assert!(!why.is_empty(), "{what}: a reason");
            if *kind == 1 {
                lines_asked += 1;
                let line = line_squares(answer, 6);
                assert!(!all_attacked(&shown, &line), "{what}: the board shown already answers it");
                assert!(all_attacked(&after, &line), "{what}: the step runs {answer} out");
            } else {
                let dead = question.split(" already has no safe square").next().unwrap().to_lowercase();
                assert!(all_attacked(&shown, &line_squares(&dead, 6)), "{what}: {dead} was already out");
            }
        }
        assert!(lines_asked >= 2, "{algorithm}: {asked:?}");
    }
}

#[test]
fn quizzes_it_cannot_ask_are_refused_with_a_reason() {
    let dir = temp_dir("quiz", "refused");
    let puzzle = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/puzzle-7x7.txt");
    std::fs::copy(puzzle, dir.join("regions.txt")).unwrap();
    let cases: [(&[&str], i32, &str); 6] = [
        (&["animate", "6", "--every", "3", "--quiz", "placements", "-o", "x.html"], 2, "drop --every"),
        (&["animate", "6", "--every", "3", "--quiz", "placements", "--handout", "-o", "x.pdf"], 2, "drop --every"),
        (&["animate", "6", "--frames", "0-4,9-20", "--quiz", "placements", "-o", "x.html"], 1, "needs every frame"),
        (
            &["animate", "6", "--frames", "0-4,9-20", "--quiz", "every:2", "--handout", "-o", "x.pdf"],
            1,
            "needs every frame",
        ),
        (&["animate", "--puzzle", "regions.txt", "--quiz", "placements", "-o", "x.html"], 1, "puzzle play"),
        (&["animate", "5", "--quiz", "dead-ends", "-o", "x.html"], 1, "no dead end"),
    ];
    for (args, code, words) in cases {
        let out = run_queens(&dir, args);
        let said = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "{args:?}: {said}");
        assert!(said.contains(words) && said.lines().filter(|l| !l.trim().is_empty()).count() <= 2, "{args:?}: {said}");
        assert!(!dir.join("x.html").exists() && !dir.join("x.pdf").exists(), "{args:?}: nothing written");
    }
    // A contiguous selection is asked as a whole run would be, from its first frame on.
    queens_ok(&dir, &["animate", "6", "--frames", "0-20", "--quiz", "placements", "-q", "-o", "some.html"]);
    let asked = questions(&std::fs::read_to_string(dir.join("some.html")).unwrap());
    assert_eq!(asked.first().map(|q| (q.0, q.3.as_str())), Some((1, "a6")), "{asked:?}");
}
