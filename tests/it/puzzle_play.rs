//! `queens puzzle play`: the page to play a puzzle, in headless Chromium and Firefox, network off.
//! A probe script plays it as a reader would (clicks, keys, the hint button) and checks each move
//! kind (cycle, auto-×, undo), a clash shown, hints in the words of `queens puzzle hint` for the
//! same position (a position is written as a puzzle file: queens as givens, × as blocked), a wrong
//! queen named, a keyboard-only solve ending "Solved in m:ss" with the copy text; no console
//! error, no resource requested. The page turns green when every check passed, magenta
//! otherwise (its title lists what failed). Without the browsers these print a skip reason
//! (QUEENS_REQUIRE_TOOLS=1: fail). Also: same bytes every run, a 10x10 page within 60 KB,
//! nothing that fetches, a puzzle without a solution refused.

use crate::support::svg::{screenshot, Prefers, BROWSERS};
use crate::support::{run_ok, run_queens, stdout, temp_dir};
use serde_json::Value;
use std::path::Path;

/// Helpers for the probe, then `steps`, then green or magenta.
fn probed(page: &str, expect: &Value, steps: &str) -> String {
    let head = "<script>\"use strict\";window.problems=[];addEventListener(\"error\",(e)=>problems.push(e.message));\
                {const log=console.error;console.error=(...a)=>{problems.push(a.join(\" \"));log(...a);};}</script>";
    let tail = format!(
        "<script>\"use strict\";(()=>{{const $=(id)=>document.getElementById(id),E={expect};\
         const P=JSON.parse($(\"puzzle\").textContent),n=P.n,b=$(\"board\");\
         const key=(k)=>b.dispatchEvent(new KeyboardEvent(\"keydown\",{{key:k,bubbles:true}}));\
         const click=(sq)=>$(\"s\"+sq).click();\
         const expect=(what,ok)=>{{if(!ok)problems.push(what);}};\
         const is=(sq,cls)=>$(\"s\"+sq).classList.contains(cls);\
         const count=(cls)=>b.querySelectorAll(\".\"+cls).length;\
         const name=(sq)=>String.fromCharCode(97+sq%n)+(n-Math.floor(sq/n));\
         const said=()=>$(\"say\").textContent;\
         const go=(sq)=>{{b.focus();key(\"Home\");for(let i=0;i<n;i++){{key(\"ArrowUp\");key(\"ArrowLeft\");}}\
         for(let i=0;i<Math.floor(sq/n);i++)key(\"ArrowDown\");for(let i=0;i<sq%n;i++)key(\"ArrowRight\");}};\
         try{{{steps}}}catch(e){{problems.push(String(e));}}\
         expect(\"resources fetched\",performance.getEntriesByType(\"resource\").length===0);\
         const ok=!problems.length;document.title=problems.join(\"; \")||\"ok\";document.body.innerHTML=\"\";\
         document.documentElement.style.background=document.body.style.background=ok?\"#0f0\":\"#f0f\";}})();</script>"
    );
    let page = page.replacen("<head>", &format!("<head>{head}"), 1);
    page.replacen("</body>", &format!("{tail}</body>"), 1)
}

/// Writes `page` probed with `steps` and checks each browser's screenshot turned green.
fn check(dir: &Path, name: &str, page: &str, expect: &Value, steps: &str) {
    let path = dir.join(format!("{name}-probed.html"));
    std::fs::write(&path, probed(page, expect, steps)).unwrap();
    for browser in BROWSERS {
        let Some(shot) = screenshot(browser, dir, &path, (700, 900), Prefers::default()) else { continue };
        let pixel = shot.get_pixel(5, 5).0;
        assert_eq!(pixel, [0, 255, 0], "{browser:?}, {name}: a check failed (magenta) or the page did not run");
    }
}

/// The page's data (the JSON in `#puzzle`).
fn data(page: &str) -> Value {
    let json = page.split("id=\"puzzle\">").nth(1).and_then(|s| s.split("</script>").next()).expect("the data");
    serde_json::from_str(json).unwrap()
}

/// `puzzle hint`'s words (its first line) for the puzzle `grid` with queens and × as the page
/// shows them after `steps` of the chain.
fn hint_after(dir: &Path, grid: &str, data: &Value, steps: usize) -> String {
    let n = data["n"].as_u64().unwrap() as usize;
    let mut marks = vec![b'.'; n * n];
    for sq in data["givens"].as_array().unwrap() {
        marks[sq.as_u64().unwrap() as usize] = b'Q';
    }
    for step in &data["steps"].as_array().unwrap()[..steps] {
        match step.get("q") {
            Some(q) => marks[q.as_u64().unwrap() as usize] = b'Q',
            None => step["x"].as_array().unwrap().iter().for_each(|sq| marks[sq.as_u64().unwrap() as usize] = b'#'),
        }
    }
    let rows: Vec<String> = marks.chunks(n).map(|row| String::from_utf8(row.to_vec()).unwrap()).collect();
    let file = dir.join(format!("position-{steps}.txt"));
    std::fs::write(&file, format!("{grid}\n{}\n", rows.join("\n"))).unwrap();
    let out = run_ok(dir, &["puzzle", "hint", file.to_str().unwrap()]);
    out.lines().next().unwrap().to_string()
}

/// The puzzle of `args` (a `puzzle generate`), its grid without the `%` line, and its page.
fn made(dir: &Path, name: &str, args: &[&str], play: &[&str]) -> (String, String) {
    let text = run_ok(dir, &[&["puzzle", "generate"], args].concat());
    std::fs::write(dir.join(format!("{name}.txt")), &text).unwrap();
    let grid = text.lines().filter(|l| !l.starts_with('%')).collect::<Vec<_>>().join("\n");
    let (file, page) = (format!("{name}.txt"), format!("{name}.html"));
    run_ok(dir, &[&["puzzle", "play", file.as_str(), "-o", page.as_str()], play].concat());
    (grid, std::fs::read_to_string(dir.join(page)).unwrap())
}

#[test]
fn a_region_puzzle_is_played_hinted_and_solved_by_keys() {
    let dir = temp_dir("puzzle_play", "regions");
    let (grid, page) = made(&dir, "p8", &["--size", "8", "--seed", "7"], &[]);
    let d = data(&page);
    let later = 5;
    let expect = serde_json::json!({
        "first": hint_after(&dir, &grid, &d, 0),
        "later": hint_after(&dir, &grid, &d, later),
        "k": later,
    });
    let steps = "\
        expect(\"count\",$(\"count\").textContent===\"0 of 8 queens\");\
        const sol=P.solution,off=[...Array(n*n).keys()].find((sq)=>!sol.includes(sq));\
        click(off);expect(\"click: ×\",is(off,\"X\"));click(off);expect(\"click: queen\",is(off,\"Q\"));\
        click(off);expect(\"click: empty\",!is(off,\"X\")&&!is(off,\"Q\"));\
        $(\"hint\").click();expect(\"first hint: \"+said(),said()===E.first);\
        const s0=P.steps[0];expect(\"hint squares outlined\",count(\"u\")===s0.u.length&&count(\"t\")>0);\
        const row=Math.floor(off/n)*n,a=row,c=row+2;click(a);click(a);click(c);click(c);\
        expect(\"clash marked\",is(a,\"k\")&&is(c,\"k\")&&count(\"k\")===2);\
        expect(\"clash said: \"+$(\"status\").textContent,$(\"status\").textContent.startsWith(\"Clash: the queens on \"+name(a)+\" and \"+name(c)));\
        key(\"u\");key(\"u\");expect(\"undo: no clash\",count(\"k\")===0&&count(\"Q\")===1);\
        const wrong=sol.includes(a)?c:a;if(!is(wrong,\"Q\")){click(wrong);click(wrong);}$(\"restart\").click();\
        click(wrong);click(wrong);$(\"hint\").click();\
        expect(\"wrong queen named: \"+said(),said()===\"The queen on \"+name(wrong)+\" is not in the solution: take it off.\");\
        $(\"restart\").click();\
        for(const s of P.steps.slice(0,E.k)){if(s.q!==undefined){go(s.q);key(\"q\");}else for(const sq of s.x){go(sq);key(\"x\");}}\
        $(\"hint\").click();expect(\"later hint: \"+said()+\" vs \"+E.later,said()===E.later);\
        go(off);key(\"x\");expect(\"x key\",is(off,\"X\"));key(\"Delete\");expect(\"Delete key\",!is(off,\"X\"));\
        expect(\"focus square placed\",b.classList.contains(\"kb\")&&$(\"cursor\").style.left===(off%n)*100/n+\"%\");\
        $(\"restart\").click();key(\"a\");expect(\"auto on\",$(\"auto\").checked);\
        const q=sol[0];go(q);key(\"Enter\");key(\"Enter\");\
        const attacked=[...Array(n*n).keys()].filter((sq)=>sq!==q&&(sq%n===q%n||Math.floor(sq/n)===Math.floor(q/n)||P.regions[sq]===P.regions[q]||(Math.abs(sq%n-q%n)<=1&&Math.abs(Math.floor(sq/n)-Math.floor(q/n))<=1)));\
        expect(\"auto-×: \"+count(\"X\")+\" of \"+attacked.length,attacked.every((sq)=>is(sq,\"X\"))&&count(\"X\")===attacked.length);\
        key(\"u\");expect(\"undo takes the auto-× back\",count(\"X\")===1&&is(q,\"X\"));key(\"a\");$(\"restart\").click();\
        for(const sq of sol){go(sq);key(\" \");key(\" \");}\
        expect(\"solved: \"+$(\"status\").textContent,/^Solved in \\d+:\\d\\d$/.test($(\"status\").textContent));\
        expect(\"drawn solved\",b.classList.contains(\"solved\")&&count(\"Q\")===n&&!$(\"done\").hidden);\
        expect(\"result: \"+$(\"result\").value,/^queens puzzle 8x8 solved in \\d+:\\d\\d, 3 hints$/.test($(\"result\").value));\
        click(off);expect(\"solved board stays\",!is(off,\"X\"));";
    check(&dir, "p8", &page, &expect, steps);
}

#[test]
fn a_completion_puzzle_keeps_its_givens_and_is_solved_by_clicks() {
    let dir = temp_dir("puzzle_play", "completion");
    let (_, page) = made(&dir, "c8", &["--size", "8", "--seed", "2", "--kind", "completion"], &["--theme", "dark"]);
    let expect = Value::Null;
    let steps = "\
        const g=P.givens[0];click(g);expect(\"a given stays\",is(g,\"Q\")&&$(\"status\").textContent.includes(\"given queen\"));\
        const bl=P.blocked[0];click(bl);expect(\"a blocked square stays\",is(bl,\"B\")&&!is(bl,\"X\"));\
        $(\"hint\").click();expect(\"completion hint: \"+said(),said().startsWith(\"column \")&&count(\"t\")===1);\
        $(\"auto\").click();const q=P.steps[0].q;click(q);click(q);\
        const diag=[...Array(n*n).keys()].filter((sq)=>sq!==q&&!P.blocked.includes(sq)&&!P.givens.includes(sq)&&Math.abs(sq%n-q%n)===Math.abs(Math.floor(sq/n)-Math.floor(q/n)));\
        expect(\"auto-× on the diagonals\",diag.every((sq)=>is(sq,\"X\")));\
        for(const sq of P.solution){if(!is(sq,\"Q\")){click(sq);if(!is(sq,\"Q\"))click(sq);}}\
        expect(\"solved: \"+$(\"status\").textContent,$(\"status\").textContent.startsWith(\"Solved in \"));\
        expect(\"result: \"+$(\"result\").value,$(\"result\").value.endsWith(\", 1 hint\"));";
    check(&dir, "c8", &page, &expect, steps);
}

#[test]
fn puzzle_pages_are_small_offline_and_the_same_every_run() {
    let dir = temp_dir("puzzle_play", "bytes");
    let text = run_ok(&dir, &["puzzle", "generate", "--size", "10", "--seed", "3", "--hard"]);
    std::fs::write(dir.join("p10.txt"), text).unwrap();
    for (page, theme) in [("a.html", "auto"), ("b.html", "auto"), ("c.html", "print")] {
        run_ok(&dir, &["puzzle", "play", "p10.txt", "-o", page, "--theme", theme]);
    }
    let (a, b) = (std::fs::read(dir.join("a.html")).unwrap(), std::fs::read(dir.join("b.html")).unwrap());
    assert!(a == b, "same input, same bytes");
    assert!(a.len() <= 60 * 1024, "a 10x10 page is {} bytes", a.len());
    let text = String::from_utf8(a).unwrap();
    for banned in ["http:", "https:", "src=", "@import", "url(", "fetch(", "eval(", "innerhtml", "new function"] {
        assert!(!text.to_ascii_lowercase().contains(banned), "the page contains {banned}");
    }
    assert!(text.contains("@media (prefers-color-scheme:dark)"), "--theme auto follows the viewer");
    let none = dir.join("none.txt");
    std::fs::write(&none, "Q...\n....\n....\n....\n").unwrap();
    let refused = run_queens(&dir, &["puzzle", "play", "none.txt", "-o", "none.html"]);
    assert_eq!(refused.status.code(), Some(1), "{}", stdout(&refused));
    let said = String::from_utf8_lossy(&refused.stderr);
    assert!(said.contains("no solution") && said.trim().lines().count() == 1, "{said}");
    assert!(!dir.join("none.html").exists());
    let bad = run_queens(&dir, &["puzzle", "play", "p10.txt", "--theme", "neon", "-o", "x.html"]);
    assert_eq!(bad.status.code(), Some(2));
}
