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
    let path = dir.join(format!("{name}.html"));
    std::fs::write(&path, probed(page, steps)).unwrap();
    for browser in BROWSERS {
        let Some(shot) = screenshot(browser, dir, &path, (600, 700), Prefers { dark: false, reduced_motion: true })
        else {
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
    let steps = "key(\"l\");asked(\"Where does the next queen go?\");answer(\"a5\");said(\"Right\");shows(\"place a5\");\
                 expect(\"focus back on play\",document.activeElement===$(\"play\"));\
                 key(\"l\");asked(\"next queen\");answer(\"e1\");said(\"Not quite: it is b3\");shows(\"place b3\");\
                 key(\"ArrowRight\");asked(\"next queen\");click(2,4);said(\"Right: c1\");shows(\"place c1\");\
                 expect(\"score so far: \"+$(\"score\").textContent,$(\"score\").textContent===\"Score: 2 of 3 right, 2 to go.\");\
                 key(\"l\");answer(\"D4\");said(\"Right\");key(\"l\");click(0,4);said(\"Not quite: it is e2\");\
                 expect(\"final score: \"+$(\"score\").textContent,$(\"score\").textContent===\"Done: 3 of 5 right.\");\
                 key(\"l\");shows(\"solution\");expect(\"quiz over\",$(\"answer\").disabled);\
                 expect(\"one solution mark\",document.querySelectorAll(\"#marks .a\").length===1);\
                 expect(\"no dead end marks\",document.querySelectorAll(\"#marks .b\").length===0);";
    check(&dir, "place", &page, steps);
    // 6x6: dead ends, the first at frame 5 (e3 leaves column f without a safe square).
    queens_ok(&dir, &["animate", "6", "--quiz", "dead-ends", "-o", "dead.html"]);
    let page = std::fs::read_to_string(dir.join("dead.html")).unwrap();
    let steps = "for(let i=0;i<4;i++)key(\"l\");expect(\"no question yet\",$(\"quiz\").hidden);\
                 key(\"l\");asked(\"Next: a queen on e3. Which column runs out of safe squares?\");\
                 key(\"l\");shows(\"step 4 of\");answer(\"column f\");said(\"Right: column f\");shows(\"no safe square\");\
                 key(\"g\");expect(\"dead end marks\",document.querySelectorAll(\"#marks .b\").length>=8);\
                 key(\"d\");shows(\"step 5 of\");key(\"d\");shows(\"step 10 of\");key(\"D\");shows(\"step 5 of\");\
                 key(\"s\");shows(\"solution\");";
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
