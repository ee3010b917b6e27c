//! A queen's move under smooth motion in the animated SVG and the HTML player (8x8 min-conflicts,
//! 40-pixel squares): her silhouette (in the theme's ghost colour) slides from the square she
//! leaves, where the step's frame draws her ghost, to the one she reaches: half-way at half her
//! slide's time (the square she left already as the step's frame draws it: she left at once),
//! there just before she lands (the first in-between drawn at or after eased time 0.6, as the
//! video draws her), and gone from then on, where the queen herself stands at once. The SVG paused
//! just before the frame's end shows the GIF's frame. SVG in headless Chromium and Firefox, the
//! player in Chromium. A run without moves (6x6 backtracking) carries no silhouette, and neither
//! does a page or SVG without motion. Without the browsers the checks print a skip reason
//! (QUEENS_REQUIRE_TOOLS=1: fail).
#![cfg(feature = "image")]

use crate::support::svg::{drawn_gif_frames, interiors_match, play_rows, screenshot, Browser, Prefers, Row, BROWSERS};
use crate::support::{run_ok, temp_dir};
use image::RgbImage;
use queens::{Algorithm, Animation, Clock, Event, HtmlSink, Motion, NoProgress, SolveOptions, SvgSink, Trace};
use std::fmt::Write;
use std::path::Path;

/// When a slide of an ordinary 250 ms step lands: the in-betweens take 60% of it (150 ms) at 60
/// pictures a second, 9 pictures; she lands at eased time 0.6 (`motion::tween::SLIDE`), on the
/// first picture k / 9 with ease(k / 9) >= 0.6, the sixth, which starts at round(5 * 150 / 9) ms
/// (then her new shading grows).
const LAND_MS: u64 = 83;

/// When the step's own picture starts (round(8 * 150 / 9) ms): her new shading and lines have
/// come; the player's fades of what came there end 100 ms later (three quarters of 133 ms).
const MOVED_MS: u64 = 133;

/// Times into the move's frame to look at: half-way, her end, after she lands and her shading
/// and lines have come (an SVG places a change within 10 ms, and her jump takes one keyframe step
/// there).
const TIMES: [u64; 3] = [LAND_MS / 2, LAND_MS - 3, MOVED_MS + 100];

fn moves() -> Trace {
    let mut options = SolveOptions::new(8);
    options.algorithm = Algorithm::MinConflicts;
    queens::record(&options, 10_000).unwrap()
}

fn animation(smooth: bool) -> Animation {
    let mut animation = Animation::new();
    animation.look.square = Some(40);
    if smooth {
        animation.motion = Motion::Smooth { fps: 60 };
    }
    animation
}

/// The first two moves of two squares or more (so her silhouette half-way clears her ghost):
/// their frames, and how far (pixels) each queen goes.
fn picked(trace: &Trace) -> Vec<(usize, (f32, f32))> {
    let picked: Vec<_> = far_moves(trace).take(2).collect();
    assert_eq!(picked.len(), 2, "the run moves queens");
    picked
}

/// The first move of two squares or more in frame `first` or later.
fn picked_from(trace: &Trace, first: usize) -> Option<(usize, (f32, f32))> {
    far_moves(trace).find(|&(k, _)| k >= first)
}

/// The moves of two squares or more: their frames, and how far (pixels) each queen goes.
fn far_moves(trace: &Trace) -> impl Iterator<Item = (usize, (f32, f32))> + '_ {
    trace.events.iter().enumerate().filter_map(|(i, e)| match e {
        Event::Move { from, to } => {
            let d = |a: usize, b: usize| (b as f32 - a as f32) * 40.0;
            let far = from.col.abs_diff(to.col).max(from.row.abs_diff(to.row)) >= 2;
            far.then(|| (i + 1, (d(from.col, to.col), d(from.row, to.row))))
        }
        _ => None,
    })
}

/// The centre of the pixels in the ghost's colour in `shot` that are not in `frame` (`None`: fewer
/// than 20).
fn silhouette(shot: &RgbImage, frame: Option<&RgbImage>) -> Option<(f32, f32)> {
    let ghost = queens::Theme::default().ghost;
    let near = |p: [u8; 3]| (0..3).all(|c| p[c].abs_diff(ghost[c]) <= 2);
    let points: Vec<(u32, u32)> = shot
        .enumerate_pixels()
        .filter(|(x, y, p)| near(p.0) && frame.is_none_or(|f| !near(f.get_pixel(*x, *y).0)))
        .map(|(x, y, _)| (x, y))
        .collect();
    (points.len() >= 20).then(|| {
        let n = points.len() as f32;
        (points.iter().map(|p| p.0 as f32).sum::<f32>() / n, points.iter().map(|p| p.1 as f32).sum::<f32>() / n)
    })
}

/// The three looks at one move (see [`TIMES`]) against her ghost in the step's `frame` and the
/// distance she goes.
fn check_slide(shots: &[RgbImage], frame: &RgbImage, (dx, dy): (f32, f32), what: &str) {
    let start = silhouette(frame, None).unwrap_or_else(|| panic!("{what}: the frame draws her ghost"));
    let at = |i: usize| {
        silhouette(&shots[i], Some(frame)).unwrap_or_else(|| panic!("{what}: no silhouette {} ms in", TIMES[i]))
    };
    let near = |got: (f32, f32), share: f32, when: &str| {
        let want = (start.0 + dx * share, start.1 + dy * share);
        // Half-way she covers about 2 px a millisecond (three squares in 83 ms): 4 px is 2 ms.
        let off = (got.0 - want.0).abs().max((got.1 - want.1).abs());
        assert!(off <= 4.0, "{what}: {when} at {got:?}, want {want:?} (her ghost at {start:?})");
    };
    near(at(0), 0.5, "half-way");
    // She left at once, as the video draws her: around her ghost, half-way is the step's frame.
    let (x, y) = (start.0.round() as u32 - 18, start.1.round() as u32 - 18);
    let around = |image: &RgbImage| image::imageops::crop_imm(image, x, y, 36, 36).to_image();
    let checked = interiors_match(&around(frame), &around(&shots[0]), 4, &format!("{what}: the square she left"));
    assert!(checked > 200, "{what}: {checked} pixels of the square she left compared");
    near(at(1), 1.0, "landing");
    assert!(silhouette(&shots[2], Some(frame)).is_none(), "{what}: her silhouette is gone once she lands");
    interiors_match(frame, &shots[2], 4, &format!("{what}: the queen stands where she landed"));
}

#[test]
fn the_svg_slides_her_silhouette_and_ends_on_the_gifs_frame() {
    let dir = temp_dir("motion-slide", "svg");
    let trace = moves();
    let mut svg = Vec::new();
    queens::render(&trace, &animation(true), &mut SvgSink::new(&mut svg), &NoProgress).unwrap();
    let svg = String::from_utf8(svg).unwrap();
    assert!(svg.contains("@keyframes la{") && svg.contains("{.k{animation:none}}"), "a silhouette that slides");
    let gif = drawn_gif_frames(|sink| {
        queens::render(&trace, &animation(false), sink, &NoProgress).unwrap();
    });
    let picks = picked(&trace);
    let size = gif[0].0.dimensions();
    let starts: Vec<u64> = picks.iter().map(|&(k, _)| gif[k].1).collect();
    let mut times: Vec<u64> = starts.iter().flat_map(|&start| TIMES.iter().map(move |t| start + t)).collect();
    times.extend(picks.iter().map(|&(k, _)| gif[k].1 + gif[k].2 - 5));
    let rows = [Row { svg: &svg, size, times }];
    for browser in BROWSERS {
        let Some(shots) = play_rows(browser, &dir, &format!("slide-{browser:?}"), &rows, false) else { return };
        let shots = &shots[0];
        for (i, &(k, distance)) in picks.iter().enumerate() {
            check_slide(&shots[i * 3..i * 3 + 3], &gif[k].0, distance, &format!("{browser:?}, frame {k}"));
            let last = &shots[picks.len() * 3 + i];
            interiors_match(&gif[k].0, last, 4, &format!("{browser:?}, frame {k} before its end"));
        }
    }
}

/// A copy of the player that plays from frame `k - 1` into frame `k` at 1x (its timer run by
/// hand), then pauses every animation `ms` into the frame. A problem turns the page magenta.
fn paused_in(page: &str, k: usize, ms: u64) -> String {
    let head = "<script>\"use strict\";window.problems=[];window.queue=[];\
                addEventListener(\"error\",(e)=>problems.push(e.message));\
                window.setTimeout=(fn)=>{queue.push(fn);return queue.length;};window.clearTimeout=()=>{};</script>";
    let tail = format!(
        "<script>\"use strict\";const player=document.getElementById(\"player\");\
         player.go({before}); queue.length=0;\
         document.dispatchEvent(new KeyboardEvent(\"keydown\",{{key:\" \",bubbles:true}})); queue.pop()();\
         if (!document.querySelector(\"#frame>.k:not([display])\")) problems.push(\"no silhouette shown\");\
         for (const a of document.getAnimations()) {{ a.pause(); a.currentTime = {ms}; }}\
         if (problems.length) {{ document.body.innerHTML = \"\"; document.documentElement.style.background = \"#f0f\"; }}</script>",
        before = k - 1,
    );
    page.replacen("<head>", &format!("<head>{head}"), 1).replacen("</body>", &format!("{tail}</body>"), 1)
}

/// The player `page` (embedded) paused at each `(frame, ms into it)` of `looks`, side by side in
/// one Chromium screenshot, cut into frames of `size` (`None` without Chromium).
fn player_looks(dir: &Path, page: &str, looks: &[(usize, u64)], (w, h): (u32, u32)) -> Option<Vec<RgbImage>> {
    let mut wrapper = String::from(
        "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><style>html,body{margin:0;overflow:hidden}\
         iframe{position:absolute;top:0;border:0}</style></head><body>",
    );
    for (i, &(k, ms)) in looks.iter().enumerate() {
        std::fs::write(dir.join(format!("look-{i}.html")), paused_in(page, k, ms)).unwrap();
        let _ = write!(
            wrapper,
            "<iframe src=\"look-{i}.html\" style=\"left:{}px\" width=\"{w}\" height=\"{}\"></iframe>",
            i as u32 * w,
            h + 200
        );
    }
    wrapper.push_str("</body></html>");
    let wrapper_path = dir.join("looks.html");
    std::fs::write(&wrapper_path, wrapper).unwrap();
    let prefers = Prefers { dark: false, reduced_motion: false };
    let shot = screenshot(Browser::Chromium, dir, &wrapper_path, (w * looks.len() as u32, h), prefers)?;
    let shots: Vec<RgbImage> =
        (0..looks.len() as u32).map(|i| image::imageops::crop_imm(&shot, i * w, 0, w, h).to_image()).collect();
    for (i, shot) in shots.iter().enumerate() {
        assert_ne!(shot.get_pixel(1, 1).0, [255, 0, 255], "look {i}: the probe found a problem");
    }
    Some(shots)
}

/// The player slides her both ways: on a page that stores its cues (this run's own page) and on
/// one whose script finds them (a long run's).
#[test]
fn the_player_slides_her_silhouette_while_it_plays() {
    let trace = moves();
    let gif = drawn_gif_frames(|sink| {
        queens::render(&trace, &animation(false), sink, &NoProgress).unwrap();
    });
    let picks = picked(&trace);
    let looks: Vec<(usize, u64)> = picks.iter().flat_map(|&(k, _)| TIMES.iter().map(move |&t| (k, t))).collect();
    for stored in [None, Some(false)] {
        let dir = temp_dir("motion-slide", &format!("player-{stored:?}"));
        let mut page = Vec::new();
        let sink = HtmlSink::new(&mut page).embed(true);
        let mut sink = match stored {
            Some(stored) => sink.with_cues(stored),
            None => sink,
        };
        queens::render(&trace, &animation(true), &mut sink, &NoProgress).unwrap();
        let page = String::from_utf8(page).unwrap();
        assert!(page.contains("querySelectorAll(\".k\")"), "the slide block");
        assert_eq!(page.contains("Math.asin"), stored.is_some(), "the script finds the cues only when told to");
        let Some(shots) = player_looks(&dir, &page, &looks, gif[0].0.dimensions()) else { return };
        for (i, &(k, distance)) in picks.iter().enumerate() {
            check_slide(&shots[i * 3..i * 3 + 3], &gif[k].0, distance, &format!("player {stored:?}, frame {k}"));
        }
    }
}

/// A race of two min-conflicts runs: once the shorter has ended, the longer's moves slide on its
/// own board, the second (in the SVG and the player alike).
#[test]
fn a_race_slides_on_its_second_board() {
    let dir = temp_dir("motion-slide", "race");
    let run = |seed| {
        let mut options = SolveOptions::new(8);
        (options.algorithm, options.seed) = (Algorithm::MinConflicts, seed);
        queens::record(&options, 10_000).unwrap()
    };
    let runs: Vec<Trace> = (1..=30).map(run).collect();
    let (short, long) =
        runs.iter().min_by_key(|t| t.events.len()).zip(runs.iter().max_by_key(|t| t.events.len())).unwrap();
    // The long run's first move of two squares or more after the short one's end: its tick.
    let late = picked_from(long, short.events.len() + 1);
    let (k, distance) =
        late.unwrap_or_else(|| panic!("no late move: {} and {} events", short.events.len(), long.events.len()));
    let traces = [short.clone(), long.clone()];
    let (mut svg, mut page) = (Vec::new(), Vec::new());
    queens::render_race(&traces, Clock::Events, &animation(true), &mut SvgSink::new(&mut svg), &NoProgress).unwrap();
    let html = &mut HtmlSink::new(&mut page).embed(true);
    queens::render_race(&traces, Clock::Events, &animation(true), html, &NoProgress).unwrap();
    let gif = drawn_gif_frames(|sink| {
        queens::render_race(&traces, Clock::Events, &animation(false), sink, &NoProgress).unwrap();
    });
    let size = gif[0].0.dimensions();
    let svg = String::from_utf8(svg).unwrap();
    let rows = [Row { svg: &svg, size, times: TIMES.iter().map(|t| gif[k].1 + t).collect() }];
    let Some(shots) = play_rows(Browser::Chromium, &dir, "race", &rows, false) else { return };
    check_slide(&shots[0], &gif[k].0, distance, &format!("race SVG, frame {k}"));
    let looks: Vec<(usize, u64)> = TIMES.iter().map(|&t| (k, t)).collect();
    let Some(shots) = player_looks(&dir, &String::from_utf8(page).unwrap(), &looks, size) else { return };
    check_slide(&shots, &gif[k].0, distance, &format!("race player, frame {k}"));
}

#[test]
fn a_run_without_moves_or_motion_carries_no_silhouette() {
    let dir = temp_dir("motion-slide", "none");
    for (args, name) in [
        (&["animate", "6", "--motion", "smooth"][..], "smooth-6"),
        (&["animate", "8", "--algorithm", "min-conflicts"][..], "discrete-moves"),
    ] {
        for ext in ["svg", "html"] {
            let file = format!("{name}.{ext}");
            run_ok(&dir, &[args, &["-o", &file]].concat());
            let text = std::fs::read_to_string(dir.join(&file)).unwrap();
            let marks = ["class=\"k", "@keyframes k", ".k{", "\".k\"", "//+slide", "/*+slide*/"];
            assert!(marks.iter().all(|m| !text.contains(m)), "{file}: no silhouette, no slide code");
        }
    }
}
