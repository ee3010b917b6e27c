//! The HTML player (`-o NAME.html`) in headless Chromium and Firefox, network off: pages opened at
//! `#frame=K` and pages stepped by keys (as `queens play` takes them) must show, in `#frame`, the
//! PNG still of that frame (`queens frames ... --frames K`) at every square centre and in every
//! uniform area (the drawn caption included), and say its caption (the SVG still's words) as live
//! text; no console error. Each check is a copy of the page with a probe script before and after
//! the player's; the copies sit side by side in iframes of one page, screenshotted once per
//! browser. Without the browsers the tests print a skip reason (QUEENS_REQUIRE_TOOLS=1: fail).

use crate::support::svg::{interiors_match, screenshot, Prefers, BROWSERS};
use crate::support::{run_queens, temp_dir};
use image::RgbImage;
use std::fmt::Write;
use std::path::{Path, PathBuf};

const SEAM: u8 = 4;
/// Room under the frame for the caption and the controls, in each iframe.
const CONTROLS: u32 = 240;
/// What a probe paints over a page whose check failed.
const MAGENTA: [u8; 3] = [255, 0, 255];

fn queens_ok(dir: &Path, args: &[&str]) {
    let out = run_queens(dir, args);
    assert!(out.status.success(), "queens {args:?}: {}", String::from_utf8_lossy(&out.stderr));
}

/// One page to check: a copy of the player made to press `keys`, opened at `hash`, which must
/// then show frame `frame`, paused (or playing, when `playing`).
struct Check {
    hash: String,
    keys: Vec<&'static str>,
    frame: usize,
    playing: bool,
}

impl Check {
    fn at(frame: usize) -> Check {
        Check { hash: format!("#frame={frame}"), keys: Vec::new(), frame, playing: false }
    }

    fn keys(keys: &[&'static str], frame: usize) -> Check {
        Check { hash: String::new(), keys: keys.to_vec(), frame, playing: false }
    }
}

/// `page` with probes: errors and console errors are collected from the start; after the
/// player's script, `keys` are pressed, then the live caption must read `caption` and the player
/// must be playing or paused as `playing` says; otherwise the page turns magenta.
fn probed(page: &str, keys: &[&str], caption: &str, playing: bool) -> String {
    let head = "<script>\"use strict\";window.problems=[];addEventListener(\"error\",(e)=>problems.push(e.message));\
                {const log=console.error;console.error=(...a)=>{problems.push(a.join(\" \"));log(...a);};}</script>";
    let keys = serde_json::to_string(keys).unwrap();
    let caption = serde_json::to_string(caption).unwrap();
    let playing = if playing { "Pause (space)" } else { "Play (space)" };
    let tail = format!(
        "<script>\"use strict\";\
         for (const key of {keys}) document.dispatchEvent(new KeyboardEvent(\"keydown\", {{key, bubbles: true}}));\
         const said = document.getElementById(\"caption\").textContent;\
         if (said !== {caption}) problems.push(\"caption: \" + said);\
         if (document.getElementById(\"play\").getAttribute(\"aria-label\") !== \"{playing}\") problems.push(\"play state\");\
         if (problems.length) {{ document.title = problems.join(\"; \"); document.body.innerHTML = \"\";\
         document.documentElement.style.background = document.body.style.background = \"#f0f\"; }}</script>"
    );
    let page = page.replacen("<head>", &format!("<head>{head}"), 1);
    page.replacen("</body>", &format!("{tail}</body>"), 1)
}

/// The words of an SVG still (its `<title>`), unescaped.
fn svg_words(svg: &str) -> String {
    let title = svg.split("<title>").nth(1).and_then(|t| t.split("</title>").next()).expect("a title");
    title.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&amp;", "&")
}

/// Frame `k` of the run `args` as a PNG still and its words, written in `dir`.
fn still(dir: &Path, args: &[&str], k: usize) -> (RgbImage, String) {
    let (png, svg) = (format!("still-{k}.png"), format!("still-{k}.svg"));
    let mut frames = vec!["frames"];
    frames.extend_from_slice(&args[1..]);
    let k = k.to_string();
    queens_ok(dir, &[&frames[..], &["--frames", &k, "-o", &png]].concat());
    queens_ok(dir, &[&frames[..], &["--frames", &k, "-o", &svg]].concat());
    let words = svg_words(&std::fs::read_to_string(dir.join(&svg)).unwrap());
    (image::open(dir.join(&png)).unwrap().to_rgb8(), words)
}

/// Top-left pixel of the board: the first pixel of the light-square colour in reading order.
fn board_origin(frame: &RgbImage, light: [u8; 3]) -> (u32, u32) {
    let (w, h) = frame.dimensions();
    (0..h).flat_map(|y| (0..w).map(move |x| (x, y))).find(|&(x, y)| frame.get_pixel(x, y).0 == light).unwrap()
}

/// Writes the player of `args` (an `animate` command, `--embed` and the `timing` flags added) and
/// one probed copy per check side by side in iframes of one page; each browser's screenshot of
/// each copy's frame must match the PNG still of its frame (square centres exactly, uniform areas
/// within a seam).
fn check_player(
    dir: &Path,
    (args, timing): (&[&str], &[&str]),
    (n, square): (usize, u32),
    checks: &[Check],
    reduced: bool,
) {
    queens_ok(dir, &[args, timing, &["--embed", "-o", "run.html"]].concat());
    let page = std::fs::read_to_string(dir.join("run.html")).unwrap();
    let stills: Vec<(RgbImage, String)> = checks.iter().map(|c| still(dir, args, c.frame)).collect();
    let (w, h) = stills[0].0.dimensions();
    let origin = board_origin(&still(dir, args, 0).0, queens::Theme::default().light);
    let mut wrapper = String::from(
        "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><style>html,body{margin:0;overflow:hidden}\
         iframe{position:absolute;top:0;border:0}</style></head><body>",
    );
    for (i, (check, (_, words))) in checks.iter().zip(&stills).enumerate() {
        let name = format!("check-{i}.html");
        std::fs::write(dir.join(&name), probed(&page, &check.keys, words, check.playing)).unwrap();
        let _ = write!(
            wrapper,
            "<iframe src=\"{name}{}\" style=\"left:{}px\" width=\"{w}\" height=\"{}\"></iframe>",
            check.hash,
            i as u32 * w,
            h + CONTROLS
        );
    }
    wrapper.push_str("</body></html>");
    let wrapper_path: PathBuf = dir.join(if reduced { "reduced.html" } else { "checks.html" });
    std::fs::write(&wrapper_path, wrapper).unwrap();
    for browser in BROWSERS {
        let size = (w * checks.len() as u32, h + CONTROLS);
        let prefers = Prefers { dark: false, reduced_motion: reduced };
        let Some(shot) = screenshot(browser, dir, &wrapper_path, size, prefers) else { continue };
        for (i, (check, (png, _))) in checks.iter().zip(&stills).enumerate() {
            let what = format!("{browser:?}, check {i} (frame {}, keys {:?})", check.frame, check.keys);
            let frame = image::imageops::crop_imm(&shot, i as u32 * w, 0, w, h).to_image();
            assert_ne!(
                frame.get_pixel(1, 1).0,
                MAGENTA,
                "{what}: the probe found an error, a wrong caption or play state"
            );
            for row in 0..n as u32 {
                for col in 0..n as u32 {
                    let (x, y) = (origin.0 + col * square + square / 2, origin.1 + row * square + square / 2);
                    let (got, want) = (frame.get_pixel(x, y).0, png.get_pixel(x, y).0);
                    let off = (0..3).map(|c| got[c].abs_diff(want[c])).max().unwrap();
                    assert!(off <= SEAM, "{what}: square ({row}, {col}) is {got:?}, the PNG still has {want:?}");
                }
            }
            assert!(interiors_match(png, &frame, SEAM, &what) > (w * h / 2) as usize, "{what}: most pixels compared");
        }
    }
}

#[test]
fn deep_links_and_keys_show_exactly_the_png_frame() {
    let dir = temp_dir("html", "frames");
    let args = ["animate", "6", "--square", "40"];
    let checks = [
        Check::at(0),
        Check::at(1),
        Check::at(17),
        Check::at(31),
        Check::at(50),
        Check::at(57),
        Check::keys(&["3", "1", "Enter"], 31),
        Check::keys(&["G", "h", "h"], 55),
        Check::keys(&["g", "l", "ArrowRight", "l", "ArrowLeft"], 2),
        Check::keys(&["4", "0", "Enter", " ", " "], 40),
        Check { hash: "#frame=12&play".into(), keys: vec![" "], frame: 12, playing: false },
    ];
    check_player(&dir, (&args, &[]), (6, 40), &checks, false);
}

#[test]
fn a_page_plays_unless_the_reader_prefers_reduced_motion() {
    let dir = temp_dir("html", "motion");
    // Playing, the first frame shows for a minute (frame 0 has its own hold): the screenshot still
    // sees it.
    let (args, timing) = (["animate", "5", "--square", "30"], ["--delay", "60000", "--start-hold", "60000"]);
    let playing = Check { hash: String::new(), keys: Vec::new(), frame: 0, playing: true };
    check_player(&dir, (&args, &timing), (5, 30), &[playing], false);
    let dir = temp_dir("html", "reduced");
    let paused = Check { hash: String::new(), keys: Vec::new(), frame: 0, playing: false };
    check_player(&dir, (&args, &timing), (5, 30), &[paused], true);
}

#[test]
fn pages_are_self_contained_and_the_same_every_run() {
    let dir = temp_dir("html", "bytes");
    let args = ["animate", "6", "--until", "2", "--theme", "auto", "--why"];
    queens_ok(&dir, &[&args[..], &["-o", "a.html"]].concat());
    queens_ok(&dir, &[&args[..], &["--format", "html", "-o", "b.html"]].concat());
    let (a, b) = (std::fs::read(dir.join("a.html")).unwrap(), std::fs::read(dir.join("b.html")).unwrap());
    assert!(a == b, "same input, same bytes");
    let text = String::from_utf8(a).unwrap();
    for banned in ["http:", "https:", "eval(", "new Function", "src=\"", "@import", "url(http"] {
        assert!(!text.to_ascii_lowercase().contains(banned), "the page contains {banned}");
    }
    assert!(text.contains("\"use strict\"") && text.contains("prefers-color-scheme:dark"));
    for command in [
        vec!["race", "5", "backtrack", "forward", "-o", "race.html"],
        vec!["frames", "6", "--frames", "3-9", "-o", "some.html"],
        vec!["render", "trace.json", "--format", "html"],
    ] {
        if command[0] == "render" {
            queens_ok(&dir, &["trace", "5", "-o", "trace.json"]);
        }
        queens_ok(&dir, &command);
    }
    assert!(dir.join("output/trace.html").is_file(), "render's default name gets .html");
    let refused = run_queens(&dir, &["animate", "5", "--embed", "-o", "x.gif"]);
    assert_eq!(refused.status.code(), Some(2), "--embed is for HTML");
    assert!(String::from_utf8_lossy(&refused.stderr).contains("--embed"));
    assert!(!dir.join("x.gif").exists());
}

#[test]
fn the_player_fills_the_window_with_four_distinct_icons_and_one_row_of_controls() {
    let dir = temp_dir("html", "sizes");
    queens_ok(&dir, &["animate", "6", "-o", "run.html"]);
    let page = std::fs::read_to_string(dir.join("run.html")).unwrap();
    // The board as wide as the window allows: the margins (16 px a side) or the height less the
    // margins and controls, times the frame's aspect; the whole player in the window.
    let fits = "const f=$(\"frame\").getBoundingClientRect(),c=$(\"controls\").getBoundingClientRect();\
                const svg=$(\"frame\"),aspect=svg.width.baseVal.value/svg.height.baseVal.value;\
                const wide=Math.min(innerWidth-(innerWidth<=480?16:32),(innerHeight-158)*aspect);\
                expect(\"board \"+f.width+\" px, expected about \"+wide,Math.abs(f.width-wide)<=2);\
                expect(\"the controls in the window: \"+c.bottom,c.bottom<=innerHeight);\
                const row=Array.from(document.querySelectorAll(\".row>*\")).map((e)=>e.getBoundingClientRect());\
                const mid=(r)=>(r.top+r.bottom)/2;\
                expect(\"one row of controls\",row.every((r)=>Math.abs(mid(r)-mid(row[0]))<1&&r.right<=c.right+1));\
                expect(\"the counter not repeated: \"+$(\"at\").textContent,$(\"at\").textContent===\"\");";
    crate::quiz::check_at(
        &dir,
        "wide",
        &page,
        &format!("{fits}expect(\"larger than drawn\",f.width>600);"),
        (1920, 1080),
    );
    crate::quiz::check_at(&dir, "laptop", &page, fits, (1280, 800));
    crate::quiz::check_at(&dir, "phone", &page, fits, (390, 844));
    // First, step back, step forward, last: each pair differs in at least a fifth of the squares
    // of a 16 x 16 grid their shapes cover (the fill tested at each square's centre).
    let icons = "const ids=[\"first\",\"back\",\"forward\",\"last\",\"play\"];\
                 const cells=ids.map((id)=>{const p=document.querySelector(\"#\"+id+\" path\"),out=[];\
                 for(let y=0;y<16;y++)for(let x=0;x<16;x++){const pt=$(\"frame\").createSVGPoint();pt.x=x+0.5;pt.y=y+0.5;\
                 out.push(p.isPointInFill(pt));}return out;});\
                 for(let i=0;i<ids.length;i++)for(let j=i+1;j<ids.length;j++){\
                 const differ=cells[i].filter((v,k)=>v!==cells[j][k]).length,covered=cells[i].filter((v,k)=>v||cells[j][k]).length;\
                 expect(ids[i]+\" and \"+ids[j]+\" differ in \"+differ+\" of \"+covered,differ*5>=covered);}";
    crate::quiz::check_at(&dir, "icons", &page, icons, (600, 700));
}
