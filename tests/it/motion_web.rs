//! Smooth motion in the HTML player and the animated SVG (`--motion smooth -o NAME.html|svg`): the
//! same frames, fading on the units they already have. Without motion nothing changes (no motion
//! rule, attribute or script in the output, and `--motion none` is the default's bytes); with it
//! the page and the SVG carry eased fades and the reduced-motion rule, within 1.1x the bytes. In
//! headless Chromium: the player stepping forward while it plays starts fades that begin on the
//! frame before (square centres) with the new words already drawn, and end exactly on the PNG
//! still of the frame; seeking, stepping by hand, fast play and reduced motion start none; no
//! console error. The SVG paused just before each frame's end shows the GIF's frame (a race's too).
//! For every toggle of a 6x6 run, of a min-conflicts run (moves), of a race (two boards in one
//! frame), of a region puzzle (crosses sweeping out) and of a completion puzzle, on a page that
//! stores its cues and on one whose script finds them, the cue the player gives equals the one the
//! in-betweens give (`HtmlSink::with_cues`); a short run's page stores its cues, a long run's
//! finds them, each within 1.1x the bytes. Without
//! Chromium the browser tests print a skip reason (QUEENS_REQUIRE_TOOLS=1: fail).
#![cfg(feature = "image")]

use crate::support::svg::{
    drawn_gif_frames, gif_frames, interiors_match, play_rows, screenshot, Browser, Prefers, Row,
};
use crate::support::tools::chromium;
use crate::support::{run_ok, temp_dir, trace_for};
use image::RgbImage;
use queens::{Algorithm, Animation, Event, HtmlSink, Motion, NoProgress, SolveOptions, SvgSink, Trace, Until};
use std::fmt::Write;
use std::path::Path;

const SEAM: u8 = 4;
/// Room under the frame for the controls, in each iframe.
const CONTROLS: u32 = 200;

fn read(dir: &Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(name)).unwrap()
}

#[test]
fn motion_off_changes_nothing_and_motion_on_fades_within_a_tenth_more_bytes() {
    let dir = temp_dir("motion-web", "bytes");
    for ext in ["html", "svg"] {
        let (plain, none, smooth) = (format!("a.{ext}"), format!("none.{ext}"), format!("smooth.{ext}"));
        run_ok(&dir, &["animate", "6", "-o", &plain]);
        run_ok(&dir, &["animate", "6", "--motion", "none", "-o", &none]);
        run_ok(&dir, &["animate", "6", "--motion", "smooth", "-o", &smooth]);
        let (plain, none, smooth) = (read(&dir, &plain), read(&dir, &none), read(&dir, &smooth));
        assert!(plain == none, "{ext}: --motion none is the default, byte for byte");
        assert!(
            smooth.len() * 10 <= plain.len() * 11,
            "{ext}: {} bytes with motion, {} without",
            smooth.len(),
            plain.len()
        );
        for text in [&plain, &smooth] {
            let marks = ["//+motion", "//-motion", "/*+motion*/", "/*-motion*/"];
            assert!(marks.iter().all(|m| !text.contains(m)), "{ext}: no motion markers left in a page");
        }
        let moving = ["prefers-reduced-motion:reduce", "ease-in-out"];
        assert!(moving.iter().all(|m| smooth.contains(m)), "{ext}: the motion rules");
        assert!(!plain.contains("prefers-reduced-motion:reduce") && !plain.contains("ease-in-out"), "{ext}");
    }
    // A min-conflicts run's page (which stores its cues and slides) and a longer run's (whose
    // script finds them) keep within a tenth too.
    for (args, name) in [(&["8", "--algorithm", "min-conflicts"][..], "moves"), (&["8"][..], "long")] {
        let (plain, smooth) = (format!("{name}.html"), format!("{name}-smooth.html"));
        run_ok(&dir, &[&["animate"], args, &["-o", &plain]].concat());
        run_ok(&dir, &[&["animate"], args, &["--motion", "smooth", "-o", &smooth]].concat());
        let (plain, smooth) = (read(&dir, &plain), read(&dir, &smooth));
        assert!(
            smooth.len() * 10 <= plain.len() * 11,
            "{name}: {} bytes with motion, {} without",
            smooth.len(),
            plain.len()
        );
        assert_eq!(
            smooth.contains("Math.asin"),
            name == "long",
            "{name}: the script finds the cues only on the long run"
        );
    }
    let page = read(&dir, "smooth.html");
    assert!(page.contains(" data-fade=\"") && page.contains("@keyframes i{from{opacity:0}}"));
    assert!(page.contains("\"--d:\"") && !read(&dir, "a.html").contains("\"--d:\""), "the fading script");
    let svg = read(&dir, "smooth.svg");
    assert!(svg.contains(".M{animation-timing-function:ease-in-out}") && svg.contains(" M\""), "queens fade");
    // The marker is no paint's class: with both themes (paint classes), attacked light squares
    // (class `m`) keep their step-end timing.
    run_ok(&dir, &["animate", "6", "--theme", "auto", "--motion", "smooth", "-o", "auto.svg"]);
    let auto = read(&dir, "auto.svg");
    assert!(auto.contains("class=\"m\"") || auto.contains(" m\""), "paint classes in the auto theme");
    assert!(!auto.contains(".m{animation"), "no timing rule on the paint class m");
}

/// The frames to look at in a 6x6 run: a queen placed (after the first), a queen removed, the
/// solution.
fn picks() -> Vec<usize> {
    let trace = trace_for(6, Until::First);
    let frame = |f: &dyn Fn(&Event) -> bool| trace.events.iter().position(f).unwrap() + 1;
    let place =
        trace.events.iter().enumerate().position(|(i, e)| i > 1 && matches!(e, Event::Place { .. })).unwrap() + 1;
    vec![place, frame(&|e| matches!(e, Event::Remove { .. })), frame(&|e| matches!(e, Event::Solution { .. }))]
}

/// A copy of the player with probes: timers are queued, not run; errors collected. Then: seeking
/// to frame `k` and stepping to it by hand start no fade; from frame `k - 1`, play (at `speed`)
/// and run the player's timer (its next step): fades must start at 1x (none when `still`, the
/// reader preferring reduced motion), then every animation is paused at its start (`at_start`)
/// or finished. A problem turns the page magenta.
fn probed(page: &str, k: usize, speed: &str, at_start: bool, still: bool) -> String {
    let head = "<script>\"use strict\";window.problems=[];window.queue=[];\
                addEventListener(\"error\",(e)=>problems.push(e.message));\
                {const log=console.error;console.error=(...a)=>{problems.push(a.join(\" \"));log(...a);};}\
                window.setTimeout=(fn)=>{queue.push(fn);return queue.length;};window.clearTimeout=()=>{};</script>";
    let tail = format!(
        "<script>\"use strict\";const player=document.getElementById(\"player\"), sel=document.getElementById(\"speed\");\
         const anims=()=>document.getAnimations().length;\
         player.go({k}); if (anims()) problems.push(\"a seek moved\");\
         player.go({before}); document.getElementById(\"forward\").click(); if (anims()) problems.push(\"a step moved\");\
         player.go({before}); sel.value=\"{speed}\"; sel.onchange();\
         queue.length=0; document.dispatchEvent(new KeyboardEvent(\"keydown\",{{key:\" \",bubbles:true}}));\
         queue.pop()();\
         if (document.getElementById(\"scrub\").value !== \"{k}\") problems.push(\"not at frame {k}\");\
         const moving = {moving};\
         if (moving !== (anims() > 0)) problems.push(\"fades: \" + anims());\
         for (const a of document.getAnimations()) {{ if ({at_start}) {{ a.pause(); a.currentTime = 0; }} else a.finish(); }}\
         if (problems.length) {{ document.body.innerHTML = \"\"; document.documentElement.style.background = \"#f0f\"; }}</script>",
        before = k - 1,
        moving = speed == "1" && !still,
    );
    page.replacen("<head>", &format!("<head>{head}"), 1).replacen("</body>", &format!("{tail}</body>"), 1)
}

/// PNG still of frame `k` of `animate 6 --square 40`.
fn still(dir: &Path, k: usize) -> RgbImage {
    let name = format!("still-{k}.png");
    run_ok(dir, &["frames", "6", "--square", "40", "--frames", &k.to_string(), "-o", &name]);
    image::open(dir.join(&name)).unwrap().to_rgb8()
}

/// Square centres of the 6x6 board whose top-left square starts at `origin`.
fn centres(origin: (u32, u32)) -> Vec<(u32, u32)> {
    (0..6).flat_map(|r| (0..6).map(move |c| (origin.0 + c * 40 + 20, origin.1 + r * 40 + 20))).collect()
}

fn same_at(a: &RgbImage, b: &RgbImage, points: &[(u32, u32)], what: &str) {
    for &(x, y) in points {
        let (p, q) = (a.get_pixel(x, y).0, b.get_pixel(x, y).0);
        let off = (0..3).map(|c| p[c].abs_diff(q[c])).max().unwrap();
        assert!(off <= SEAM, "{what}: at ({x}, {y}) {p:?}, want {q:?}");
    }
}

/// The board's top-left pixel in frame 0: the first pixel of the light squares' colour in reading
/// order.
fn origin(frame: &RgbImage) -> (u32, u32) {
    let light = queens::Theme::default().light;
    let (w, h) = frame.dimensions();
    (0..h).flat_map(|y| (0..w).map(move |x| (x, y))).find(|&(x, y)| frame.get_pixel(x, y).0 == light).unwrap()
}

/// Checks `(frame, speed, at_start)` of the smooth player side by side in one screenshot; each
/// copy's frame must match the still of its frame (or, paused at the fades' start, the frame
/// before's board under the frame's own words).
fn check_player(dir: &Path, checks: &[(usize, &str, bool)], reduced: bool) {
    run_ok(dir, &["animate", "6", "--square", "40", "--motion", "smooth", "--embed", "-o", "run.html"]);
    let page = read(dir, "run.html");
    let first = still(dir, 0);
    let ((w, h), squares) = (first.dimensions(), centres(origin(&first)));
    let mut wrapper = String::from(
        "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><style>html,body{margin:0;overflow:hidden}\
         iframe{position:absolute;top:0;border:0}</style></head><body>",
    );
    for (i, &(k, speed, at_start)) in checks.iter().enumerate() {
        std::fs::write(dir.join(format!("check-{i}.html")), probed(&page, k, speed, at_start, reduced)).unwrap();
        let left = i as u32 * w;
        let _ = write!(
            wrapper,
            "<iframe src=\"check-{i}.html\" style=\"left:{left}px\" width=\"{w}\" height=\"{}\"></iframe>",
            h + CONTROLS
        );
    }
    wrapper.push_str("</body></html>");
    let wrapper_path = dir.join("checks.html");
    std::fs::write(&wrapper_path, wrapper).unwrap();
    let prefers = Prefers { dark: false, reduced_motion: reduced };
    let size = (w * checks.len() as u32, h + CONTROLS);
    let Some(shot) = screenshot(Browser::Chromium, dir, &wrapper_path, size, prefers) else { return };
    for (i, &(k, speed, at_start)) in checks.iter().enumerate() {
        let what = format!("frame {k} at {speed}x{}", if at_start { ", fades at their start" } else { "" });
        let frame = image::imageops::crop_imm(&shot, i as u32 * w, 0, w, h).to_image();
        assert_ne!(frame.get_pixel(1, 1).0, [255, 0, 255], "{what}: the probe found an error or a wrong fade");
        let (now, before) = (still(dir, k), still(dir, k - 1));
        if at_start {
            same_at(&frame, &before, &squares, &format!("{what}: the board as it was"));
            let board_bottom = squares.last().unwrap().1 + 20;
            let words =
                |img: &RgbImage| image::imageops::crop_imm(img, 0, board_bottom, w, h - board_bottom).to_image();
            interiors_match(&words(&now), &words(&frame), SEAM, &format!("{what}: the new words at once"));
        } else {
            same_at(&frame, &now, &squares, &what);
            assert!(interiors_match(&now, &frame, SEAM, &what) > (w * h / 2) as usize, "{what}: most pixels compared");
        }
    }
}

#[test]
fn the_player_fades_only_while_playing_and_ends_on_the_discrete_frame() {
    let dir = temp_dir("motion-web", "player");
    let picks = picks();
    let mut checks: Vec<(usize, &str, bool)> = picks.iter().map(|&k| (k, "1", false)).collect();
    checks.push((picks[0], "1", true));
    checks.push((picks[1], "4", false));
    check_player(&dir, &checks, false);
    let dir = temp_dir("motion-web", "reduced");
    check_player(&dir, &[(picks[0], "1", false)], true);
}

#[test]
fn the_svg_paused_before_each_frames_end_shows_the_gifs_frame() {
    let dir = temp_dir("motion-web", "svg");
    let args = ["animate", "6", "--square", "40"];
    run_ok(&dir, &[&args[..], &["--motion", "smooth", "-o", "run.svg"]].concat());
    run_ok(&dir, &[&args[..], &["-o", "run.gif"]].concat());
    let svg = read(&dir, "run.svg");
    let gif = gif_frames(&dir.join("run.gif"));
    let picks = picks();
    let times: Vec<u64> = picks.iter().map(|&k| gif[k].1 + gif[k].2 - 5).collect();
    let size = gif[0].0.dimensions();
    let squares = centres(origin(&gif[0].0));
    // A race too: two boards in one frame.
    let mut forward = SolveOptions::new(6);
    forward.algorithm = Algorithm::Forward;
    let traces = [trace_for(6, Until::First), queens::record(&forward, 10_000).unwrap()];
    let mut race_svg = Vec::new();
    queens::render_race(&traces, queens::Clock::Events, &smooth(), &mut SvgSink::new(&mut race_svg), &NoProgress)
        .unwrap();
    let race = drawn_gif_frames(|sink| {
        queens::render_race(&traces, queens::Clock::Events, &Animation::new(), sink, &NoProgress).unwrap();
    });
    let race_picks = [2, 5, 9];
    let race_svg = String::from_utf8(race_svg).unwrap();
    let rows = [
        Row { svg: &svg, size, times: times.clone() },
        Row {
            svg: &race_svg,
            size: race[0].0.dimensions(),
            times: race_picks.iter().map(|&k| race[k].1 + race[k].2 - 5).collect(),
        },
    ];
    let Some(shots) = play_rows(Browser::Chromium, &dir, "paused", &rows, false) else {
        return;
    };
    for ((got, &k), &at) in shots[0].iter().zip(&picks).zip(&times) {
        let want = &gif[k].0;
        let what = format!("frame {k}, {} ms in", at - gif[k].1);
        same_at(got, want, &squares, &what);
        interiors_match(want, got, SEAM, &what);
    }
    for (got, &k) in shots[1].iter().zip(&race_picks) {
        let checked = interiors_match(&race[k].0, got, SEAM, &format!("race frame {k}, just before its end"));
        assert!(
            checked > (race[k].0.width() * race[k].0.height() / 2) as usize,
            "race frame {k}: most pixels compared"
        );
    }
}

/// The script's cue for every toggle of `trace`'s smooth page (which stores its cues, or whose
/// script finds them), each against the in-betweens' (the page's `#cues`), frame by frame in
/// headless Chromium: the toggles that differ, as "frame:toggle script/rust" (`None` without
/// Chromium).
fn cue_mismatches(dir: &Path, name: &str, trace: &Trace, stored: bool) -> Option<Vec<String>> {
    let mut page = Vec::new();
    queens::render(trace, &smooth(), &mut HtmlSink::new(&mut page).with_cues(stored), &NoProgress).unwrap();
    page_cue_mismatches(dir, &format!("{name}-{stored}"), String::from_utf8(page).unwrap())
}

fn smooth() -> Animation {
    let mut animation = Animation::new();
    animation.motion = Motion::Smooth { fps: 60 };
    animation
}

/// As [`cue_mismatches`], for a `page` rendered with `HtmlSink::with_cues`.
fn page_cue_mismatches(dir: &Path, name: &str, page: String) -> Option<Vec<String>> {
    let chromium = chromium()?;
    assert!(page.contains("<script type=\"application/json\" id=\"cues\">"), "the in-betweens' cues");
    // The script's cues(f) is inside the player's closure: the copy under test hands it out.
    let hook = "function cues(f){";
    assert!(page.contains(hook), "the script finds the cues");
    let probe = "<script>\"use strict\";const player=document.getElementById(\"player\");\
                 const want=JSON.parse(document.getElementById(\"cues\").textContent), bad=[];\
                 let i=0;for(let f=0;f<=Number(document.getElementById(\"scrub\").max);f++){player.go(f);\
                 for(const [k,cue] of player.cues(f).entries()){if(cue!==want[i])bad.push(f+\":\"+k+\" \"+cue+\"/\"+want[i]);i++;}}\
                 if(i!==want.length)bad.push(\"toggles: \"+i+\"/\"+want.length);\
                 document.body.textContent=\"checked=\"+i+\" bad=\"+bad.join(\",\")+\";\";</script>";
    let page =
        page.replacen(hook, &format!("player.cues=cues;{hook}"), 1).replacen("</body>", &format!("{probe}</body>"), 1);
    let html = dir.join(format!("{name}.html"));
    std::fs::write(&html, page).unwrap();
    let out = std::process::Command::new(chromium)
        .args(["--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=1000", "--dump-dom"])
        .arg(format!("--user-data-dir={}", dir.join(format!("{name}-profile")).display()))
        .arg(format!("file://{}", html.display()))
        .output()
        .expect("chromium runs");
    let dom = String::from_utf8_lossy(&out.stdout);
    let result = dom.split("checked=").nth(1).and_then(|rest| rest.split(';').next());
    let result = result.unwrap_or_else(|| panic!("{name}: no result: {}", String::from_utf8_lossy(&out.stderr)));
    let (checked, bad) = result.split_once(" bad=").unwrap();
    assert!(checked.parse::<usize>().unwrap() > 50, "{name}: {checked} toggles checked");
    Some(bad.split(',').filter(|b| !b.is_empty()).map(String::from).collect())
}

/// Fails the test if `bad` (see [`cue_mismatches`]) lists a mismatch.
fn assert_same_cues(name: &str, bad: &[String]) {
    assert!(bad.is_empty(), "{name}: {} cues differ (frame:toggle script/rust): {}", bad.len(), bad.join(" "));
}

#[test]
fn the_script_times_every_fade_as_the_in_betweens_do() {
    let dir = temp_dir("motion-web", "cues");
    let mut moves = SolveOptions::new(8);
    moves.algorithm = Algorithm::MinConflicts;
    // A region puzzle (squares that stand only with their queen, crosses sweeping out from the
    // squares each step's rule used) and a completion puzzle (the chessboard under given queens and
    // blocked squares).
    let grid = "#...#...\n..#.....\n..Q.....\nQ.#.#...\n........\n..#.....\n..#.....\n........\n";
    let mut completion = SolveOptions::new(8);
    completion.puzzle = Some(queens::parse_puzzle(grid.as_bytes()).unwrap().puzzle);
    let runs = [
        ("backtrack", trace_for(6, Until::First)),
        ("min-conflicts", queens::record(&moves, 10_000).unwrap()),
        ("puzzle", crate::puzzle_picture::trace()),
        ("completion", queens::record(&completion, 10_000).unwrap()),
    ];
    // A race: two boards in one frame, each changing every tick (their squares numbered apart).
    let mut forward = SolveOptions::new(6);
    forward.algorithm = Algorithm::Forward;
    let race = [trace_for(6, Until::First), queens::record(&forward, 10_000).unwrap()];
    for stored in [false, true] {
        for (name, trace) in &runs {
            let Some(bad) = cue_mismatches(&dir, name, trace, stored) else { return };
            assert_same_cues(&format!("{name}, {stored}"), &bad);
        }
        let mut page = Vec::new();
        let sink = &mut HtmlSink::new(&mut page).with_cues(stored);
        queens::render_race(&race, queens::Clock::Events, &smooth(), sink, &NoProgress).unwrap();
        let name = format!("race-{stored}");
        let Some(bad) = page_cue_mismatches(&dir, &name, String::from_utf8(page).unwrap()) else { return };
        assert_same_cues(&name, &bad);
    }
}

/// A puzzle run's crosses sweep out in the animated SVG too (each stroke switches at its own
/// time): early in a step that rules squares out, fewer of its crosses show than at its end, where
/// the smooth SVG shows what the discrete one shows. (The player's are checked cue by cue above.)
#[test]
fn the_svgs_puzzle_crosses_sweep_out() {
    let dir = temp_dir("motion-web", "puzzle");
    let trace = crate::puzzle_picture::trace();
    let (mut svg, mut discrete) = (Vec::new(), Vec::new());
    queens::render(&trace, &smooth(), &mut SvgSink::new(&mut svg), &NoProgress).unwrap();
    queens::render(&trace, &Animation::new(), &mut SvgSink::new(&mut discrete), &NoProgress).unwrap();
    let gif = drawn_gif_frames(|sink| {
        queens::render(&trace, &Animation::new(), sink, &NoProgress).unwrap();
    });
    let k = trace.events.iter().position(|e| matches!(e, Event::Eliminate { .. })).unwrap() + 1;
    let (start, end) = (gif[k].1 + 5, gif[k].1 + gif[k].2 - 5);
    let (svg, discrete) = (String::from_utf8(svg).unwrap(), String::from_utf8(discrete).unwrap());
    let size = gif[0].0.dimensions();
    let rows = [Row { svg: &svg, size, times: vec![start, end] }, Row { svg: &discrete, size, times: vec![end] }];
    let Some(shots) = play_rows(Browser::Chromium, &dir, "crosses", &rows, false) else { return };
    // Pixels in the new crosses' ink (the rule's accent) that the frame before does not have.
    let ghost = queens::Theme::default().puzzle.rule_used;
    let inked = |shot: &RgbImage| {
        let before = &gif[k - 1].0;
        shot.enumerate_pixels().filter(|(x, y, p)| p.0 == ghost && before.get_pixel(*x, *y).0 != ghost).count()
    };
    let (early, late) = (inked(&shots[0][0]), inked(&shots[0][1]));
    // At once (before the sweep) they would be equal; a cross is about 40 such pixels.
    assert!(early + 40 <= late, "frame {k}: {early} new cross pixels 5 ms in, {late} at the end");
    let checked = interiors_match(&shots[1][0], &shots[0][1], SEAM, &format!("frame {k} before its end"));
    assert!(checked > (size.0 * size.1 / 2) as usize, "frame {k}: most pixels compared");
}
