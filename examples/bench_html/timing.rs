//! The HTML player's speed in headless Chromium (part of `bench html`): each page gets a test
//! script after the player's, which notes `performance.now()` (milliseconds since navigation
//! started) when the player is ready and its first frame laid out, then seeks by keys (a frame
//! number, then Enter) and times each seek up to the frame's new layout. Three runs per page; the
//! medians, and the long run as a ratio to the 4,205-frame run measured in the same run.

use queens::{Animation, HtmlSink, NoProgress, SolveOptions, Until};
use std::path::{Path, PathBuf};
use std::process::Command;

const PROBE: &str = r#"<script>
"use strict";
(() => {
const ready = performance.now();
document.getElementById("frame").getBoundingClientRect();
const open = performance.now();
const key = (k) => document.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true }));
const seeks = [];
for (const k of TARGETS) {
const t0 = performance.now();
for (const d of String(k)) key(d);
key("Enter");
document.getElementById("frame").getBoundingClientRect();
seeks.push(performance.now() - t0);
}
document.title = ["probe", ready, open, ...seeks].map((v) => (typeof v === "number" ? v.toFixed(2) : v)).join(" ");
})();
</script>
"#;

fn chromium() -> Option<PathBuf> {
    let paths = std::env::var_os("PATH")?;
    ["chromium", "chromium-browser", "google-chrome"]
        .iter()
        .find_map(|name| std::env::split_paths(&paths).map(|d| d.join(name)).find(|p| p.is_file()))
}

/// The page of `n` --until all with the probe seeking to `targets`.
fn page(n: usize, targets: &[usize]) -> String {
    let mut options = SolveOptions::new(n);
    options.until = Until::All;
    let animation = Animation::new();
    let trace = queens::record(&options, animation.max_frames).expect("run fits the cap");
    let mut out = Vec::new();
    queens::render(&trace, &animation, &mut HtmlSink::new(&mut out), &NoProgress).expect("page renders");
    let html = String::from_utf8(out).expect("UTF-8");
    let list: Vec<String> = targets.iter().map(usize::to_string).collect();
    let probe = PROBE.replace("TARGETS", &format!("[{}]", list.join(",")));
    html.replacen("</body>", &format!("{probe}</body>"), 1)
}

/// (ready, laid out, seeks) in milliseconds from one headless run.
fn measure(chromium: &Path, dir: &Path, page: &Path, run: usize) -> Vec<f64> {
    let profile = dir.join(format!("profile-{run}"));
    let out = Command::new(chromium)
        .args(["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"])
        .args(["--disable-component-update", "--disable-sync", "--window-size=800,1000", "--dump-dom"])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("file://{}", page.display()))
        .output()
        .expect("chromium runs");
    let dom = String::from_utf8_lossy(&out.stdout);
    let title = dom.split("<title>probe ").nth(1).and_then(|t| t.split("</title>").next()).unwrap_or_else(|| {
        panic!("no probe result in the page: {}", String::from_utf8_lossy(&out.stderr));
    });
    title.split_whitespace().map(|v| v.parse().expect("a number")).collect()
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

pub fn timings() {
    let Some(chromium) = chromium() else {
        println!("html player timing: skipped (chromium is not installed)");
        return;
    };
    let dir = std::env::temp_dir().join(format!("queens-bench-html-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp folder");
    println!("\nHTML player in headless Chromium (median of 3 runs; seeks by keys, up to the new frame's layout):");
    let mut open_of = Vec::new();
    for (n, frames) in [(8, 4_205usize), (10, 71_801)] {
        let last = frames - 1;
        let targets = [last, 1, last / 2, last / 3 + 17, last - 63, 500, 64 * 7 + 63, 0];
        let path = dir.join(format!("animate-{n}-all.html"));
        std::fs::write(&path, page(n, &targets)).expect("page written");
        let runs: Vec<Vec<f64>> = (0..3).map(|run| measure(&chromium, &dir, &path, run)).collect();
        let ready = median(runs.iter().map(|r| r[0]).collect());
        let open = median(runs.iter().map(|r| r[1]).collect());
        let seeks: Vec<f64> = runs.iter().flat_map(|r| r[2..].to_vec()).collect();
        let slowest = seeks.iter().cloned().fold(0.0, f64::max);
        println!(
            "animate {n} --until all ({frames} frames): player ready {ready:.0} ms, first frame laid out {open:.0} ms after navigation; seeks: median {:.2} ms, slowest {slowest:.2} ms",
            median(seeks.clone())
        );
        open_of.push(open);
    }
    println!("opening animate 10 --until all takes {:.1}x the time of animate 8 --until all", open_of[1] / open_of[0]);
    let _ = std::fs::remove_dir_all(&dir);
}
