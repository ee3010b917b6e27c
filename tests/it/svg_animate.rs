//! Animated SVG played in headless Chromium and Firefox: the page pauses every copy of the SVG at a
//! chosen time through the animation API (`getAnimations`, `currentTime`), the browser screenshots it, and
//! each copy must show the GIF's frame for that time (every pixel inside a uniform area of the
//! GIF frame, colours exact up to anti-aliasing seams), square centres agreeing with an
//! independent replay: timing, holds, loop counts and `--theme auto` in dark mode.

use crate::support::svg::{check_xml, gif_frames, interiors_match, play, play_rows, GifFrame, Row, BROWSERS};
use crate::support::{queens_per_frame, run_ok, shaded, solution_frame, temp_dir};
use image::RgbImage;
use queens::{SolveOptions, Theme};
use std::path::Path;

const SEAM: u8 = 4;

/// Write `args` as SVG and GIF; the SVG's text, the GIF's frames.
fn svg_and_gif(dir: &Path, args: &[&str]) -> (String, Vec<GifFrame>) {
    run_ok(dir, &[args, &["-o", "run.svg"]].concat());
    run_ok(dir, &[args, &["-o", "run.gif"]].concat());
    check_xml(&dir.join("run.svg"));
    (std::fs::read_to_string(dir.join("run.svg")).unwrap(), gif_frames(&dir.join("run.gif")))
}

#[test]
fn an_animated_svg_plays_the_gif_frame_by_frame() {
    let dir = temp_dir("svg-animate", "frames");
    let (n, square) = (6, 40u32);
    let (svg, gif) = svg_and_gif(&dir, &["animate", "6", "--until", "2", "--square", "40", "--coords"]);
    assert!(!svg.contains("<script"), "no JavaScript");
    let size = gif[0].0.dimensions();
    let solution = gif.iter().position(|(_, _, delay)| *delay == 1500).expect("a solution frame");
    let picks = [0, 1, 2, 17, 30, solution, gif.len() - 1];
    let times: Vec<u64> = picks.iter().map(|&k| gif[k].1 + gif[k].2 / 2).collect();
    let mut options = SolveOptions::new(n);
    options.until = queens::Until::Solutions(2);
    let trace: queens::Trace = queens::record(&options, 10_000).unwrap();
    let boards = queens_per_frame(&trace);
    let theme = Theme::default();
    // Board origin of a framed board with coordinates: found where the GIF's top-left square starts.
    let origin = board_origin(&gif[0].0, theme.light);
    for browser in BROWSERS {
        let Some(shots) = play(browser, &dir, "frames", &svg, (size, &times), false) else { continue };
        for (shot, &k) in shots.iter().zip(&picks) {
            interiors_match(&gif[k].0, shot, SEAM, &format!("{browser:?} frame {k}"));
            for row in 0..n {
                for col in 0..n {
                    let x = origin.0 + col as u32 * square + square / 2;
                    let pixel = shot.get_pixel(x, origin.1 + row as u32 * square + square / 2).0;
                    let dark = (row + col) % 2 == 1;
                    let removed = k > 0 && trace.events[k - 1] == queens::Event::Remove { row, col };
                    let expected = if boards[k].contains(&(row, col)) {
                        theme.queen
                    } else if removed {
                        theme.ghost // the ghost of the queen that left
                    } else if shaded(&boards[k], n, row, col, solution_frame(&trace, k)) {
                        if dark {
                            theme.dark_attacked
                        } else {
                            theme.light_attacked
                        }
                    } else if dark {
                        theme.dark
                    } else {
                        theme.light
                    };
                    assert_eq!(pixel, expected, "{browser:?} frame {k}: square ({row}, {col})");
                }
            }
        }
    }
}

/// Top-left pixel of the board: the first light-square pixel in reading order.
fn board_origin(frame: &RgbImage, light: [u8; 3]) -> (u32, u32) {
    let (w, h) = frame.dimensions();
    (0..h).flat_map(|y| (0..w).map(move |x| (x, y))).find(|&(x, y)| frame.get_pixel(x, y).0 == light).unwrap()
}

#[test]
fn loops_repeat_and_finite_runs_end_on_the_last_frame() {
    let dir = temp_dir("svg-animate", "loops");
    let (svg, gif) = svg_and_gif(&dir, &["animate", "5", "--square", "24", "--delay", "100", "--loop-count", "1"]);
    assert!(svg.contains("step-end 2 forwards"), "one extra play: two in all");
    let total: u64 = gif.iter().map(|f| f.2).sum();
    let mid = |k: usize| gif[k].1 + gif[k].2 / 2;
    let last = gif.len() - 1;
    let times = [mid(3), total + mid(3), 2 * total + mid(3), 5 * total];
    run_ok(&dir, &["animate", "5", "--square", "24", "--delay", "100", "-o", "forever.svg"]);
    let forever = std::fs::read_to_string(dir.join("forever.svg")).unwrap();
    assert!(forever.contains("step-end infinite"));
    let size = gif[0].0.dimensions();
    let rows =
        [Row { svg: &svg, size, times: times.to_vec() }, Row { svg: &forever, size, times: vec![3 * total + mid(2)] }];
    for browser in BROWSERS {
        let Some(shots) = play_rows(browser, &dir, "loops", &rows, false) else { continue };
        interiors_match(&gif[3].0, &shots[0][0], SEAM, "first play");
        interiors_match(&gif[3].0, &shots[0][1], SEAM, "second play");
        interiors_match(&gif[last].0, &shots[0][2], SEAM, "after the plays: the last frame");
        interiors_match(&gif[last].0, &shots[0][3], SEAM, "long after");
        interiors_match(&gif[2].0, &shots[1][0], SEAM, "fourth play");
    }
}

#[test]
fn theme_auto_follows_the_viewers_colour_scheme() {
    let dir = temp_dir("svg-animate", "auto");
    let args = ["animate", "5", "--square", "30"];
    run_ok(&dir, &[&args[..], &["--theme", "auto", "-o", "auto.svg"]].concat());
    run_ok(&dir, &[&args[..], &["-o", "light.gif"]].concat());
    run_ok(&dir, &[&args[..], &["--theme", "dark", "-o", "dark.gif"]].concat());
    let svg = std::fs::read_to_string(dir.join("auto.svg")).unwrap();
    let (light, dark) = (gif_frames(&dir.join("light.gif")), gif_frames(&dir.join("dark.gif")));
    let k = 4;
    let at = [light[k].1 + light[k].2 / 2];
    let size = light[0].0.dimensions();
    for browser in BROWSERS {
        let Some(shots) = play(browser, &dir, "light", &svg, (size, &at), false) else { continue };
        interiors_match(&light[k].0, &shots[0], SEAM, &format!("{browser:?} light scheme"));
        let Some(shots) = play(browser, &dir, "dark", &svg, (size, &at), true) else { continue };
        interiors_match(&dark[k].0, &shots[0], SEAM, &format!("{browser:?} dark scheme"));
    }
}

#[test]
fn every_algorithms_extras_play_right() {
    let dir = temp_dir("svg-animate", "algorithms");
    let runs: [&[&str]; 4] = [
        &["animate", "5", "--algorithm", "forward", "--square", "30"],
        &["animate", "6", "--algorithm", "min-conflicts", "--square", "30", "--theme", "print"],
        &["animate", "5", "--algorithm", "grid", "--detail", "checks", "--square", "30"],
        &["animate", "6", "--algorithm", "shuffle", "--square", "30", "--theme", "gray"],
    ];
    let played: Vec<(String, Vec<GifFrame>, [usize; 5])> = runs
        .iter()
        .map(|args| {
            let (svg, gif) = svg_and_gif(&dir, args);
            let last = gif.len() - 1;
            (svg, gif, [1, last / 3, last / 2, last * 2 / 3 + 1, last])
        })
        .collect();
    let rows: Vec<Row> = played
        .iter()
        .map(|(svg, gif, picks)| Row {
            svg,
            size: gif[0].0.dimensions(),
            times: picks.iter().map(|&k| gif[k].1 + gif[k].2 / 2).collect(),
        })
        .collect();
    for browser in BROWSERS {
        let Some(shots) = play_rows(browser, &dir, "runs", &rows, false) else { continue };
        for ((args, (_, gif, picks)), shots) in runs.iter().zip(&played).zip(&shots) {
            for (shot, &k) in shots.iter().zip(picks) {
                interiors_match(&gif[k].0, shot, SEAM, &format!("{browser:?} {args:?} frame {k}"));
            }
        }
    }
}
