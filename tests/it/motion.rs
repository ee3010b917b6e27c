//! Smooth motion (`--motion smooth`): every picture a sink is handed, recorded in-process, checked
//! against the discrete frames (the last in-between of every step is the step's frame, pixel for
//! pixel; the times add up to the step's delay), each square changing once and the shading growing
//! out from a placed queen, a puzzle's crosses sweeping out from the squares its rule used, words
//! never blending; the video's frames and duration (ffprobe); the formats that refuse it (stills,
//! sheets, PDF; a GIF above 50 pictures a second); `--motion none` unchanged (GIF, WebP and APNG
//! with motion: `motion_pictures.rs`). The HTML player and animated SVG with motion:
//! `motion_web.rs`, `motion_slide.rs`. Needs the `image` feature (frames in memory).
#![cfg(feature = "image")]

use crate::support::tools::tool;
use crate::support::{run_queens, stderr, temp_dir, trace_for};
use image::RgbaImage;
use queens::{
    Animation, Encode, Error, Frame, Item, ItemId, Motion, NoProgress, Part, Scene, Sink, Stream, Trace, Until,
    VideoCodec, VideoSink,
};
use std::collections::{BTreeMap, BTreeSet};
use std::process::Command;

/// One picture handed to the sink: its frame's position, pixels, scene and time on screen.
pub(crate) struct Picture {
    pub(crate) position: usize,
    pub(crate) image: RgbaImage,
    pub(crate) scene: Scene,
    pub(crate) delay_ms: u32,
}

/// Records every picture (and takes motion, as a video does).
struct Recorder;

impl Encode for Recorder {
    type Encoded = Picture;

    fn encode(&self, _before: Option<&queens::IndexedImage>, frame: &Frame<'_>) -> Result<Picture, Error> {
        let (position, delay_ms, scene) = (frame.position, frame.delay_ms, frame.scene.clone());
        Ok(Picture { position, image: frame.to_rgba(), scene, delay_ms })
    }

    fn takes_motion(&self) -> bool {
        true
    }
}

#[derive(Default)]
struct Pictures(Vec<Picture>);

impl Sink for Pictures {
    type Encoder = Recorder;

    fn start(&mut self, stream: &Stream<'_>) -> Result<Recorder, Error> {
        assert!(stream.fine_timing(), "motion's pictures are timed to the millisecond");
        Ok(Recorder)
    }

    fn write(&mut self, picture: Picture) -> Result<(), Error> {
        self.0.push(picture);
        Ok(())
    }

    fn finish(&mut self) -> Result<(), Error> {
        Ok(())
    }
}

pub(crate) fn smooth(fps: u32) -> Animation {
    let mut animation = Animation::new();
    animation.look.square = Some(24);
    animation.motion = Motion::Smooth { fps };
    animation
}

/// Every picture of `trace`'s run with `animation`, grouped by frame.
pub(crate) fn steps(trace: &Trace, animation: &Animation) -> Vec<Vec<Picture>> {
    let mut sink = Pictures::default();
    queens::render(trace, animation, &mut sink, &NoProgress).unwrap();
    let mut steps: BTreeMap<usize, Vec<Picture>> = BTreeMap::new();
    sink.0.into_iter().for_each(|p| steps.entry(p.position).or_default().push(p));
    steps.into_values().collect()
}

fn square_items(scene: &Scene) -> BTreeMap<(u16, u16), &Item> {
    let pairs = scene.ids.iter().zip(&scene.items);
    pairs
        .filter_map(|(id, item)| match id {
            ItemId::Square { board: 0, row, col } => Some(((*row, *col), item)),
            _ => None,
        })
        .collect()
}

fn words(scene: &Scene) -> Vec<&Item> {
    let pairs = scene.ids.iter().zip(&scene.items);
    let words = |part: &Part| matches!(part, Part::Caption | Part::Code | Part::Tree | Part::Status | Part::Notes);
    pairs.filter(|(id, _)| matches!(id, ItemId::Part { part, .. } if words(part))).map(|(_, item)| item).collect()
}

#[test]
fn the_last_in_between_of_every_step_is_its_discrete_frame() {
    let trace = trace_for(6, Until::First);
    for fps in [30, 60] {
        let animation = smooth(fps);
        let discrete: Vec<(RgbaImage, u32)> = queens::frames(&trace, &animation).unwrap().map(Result::unwrap).collect();
        let steps = steps(&trace, &animation);
        assert_eq!(steps.len(), discrete.len(), "every frame is a step");
        let pictures: usize = steps.iter().map(Vec::len).sum();
        assert!(pictures > 2 * steps.len(), "{fps} fps: {pictures} pictures for {} steps", steps.len());
        for (k, (step, (image, delay))) in steps.iter().zip(&discrete).enumerate() {
            let last = step.last().unwrap();
            assert!(last.image == *image, "{fps} fps, step {k}: the last in-between is the frame, pixel for pixel");
            assert_eq!(step.iter().map(|p| p.delay_ms).sum::<u32>(), *delay, "step {k} keeps its time");
            // A plain step holds its own picture for 40% of its time, a held one (a 500 ms dead end)
            // for 10% at least (its in-betweens: 90%, at most 500 ms).
            assert!(step.len() == 1 || last.delay_ms >= delay / 10, "step {k} holds after moving");
            // Each distinct picture once: no two pictures in a row the same.
            assert!(step.windows(2).all(|w| w[0].image != w[1].image), "step {k}: a picture repeated");
        }
    }
}

#[test]
fn each_square_changes_once_and_the_shading_grows_out_from_her() {
    let trace = trace_for(8, Until::First);
    let steps = steps(&trace, &smooth(60));
    let mut grown = 0;
    for (k, pair) in steps.windows(2).enumerate() {
        let before = square_items(&pair[0].last().unwrap().scene);
        let after = square_items(&pair[1].last().unwrap().scene);
        // When (which picture) each square that changes shows its new item.
        let mut switched: BTreeMap<(u16, u16), usize> = BTreeMap::new();
        for (i, picture) in pair[1].iter().enumerate() {
            for (at, item) in square_items(&picture.scene) {
                let (was, will) = (before[&at], after[&at]);
                assert!(item == was || item == will, "step {}: square {at:?} shows only its old or new item", k + 1);
                if item == will && was != will {
                    switched.entry(at).or_insert(i);
                } else {
                    assert!(!switched.contains_key(&at), "step {}: square {at:?} went back", k + 1);
                }
            }
        }
        let placed: Vec<(u16, u16)> = after
            .iter()
            .filter(|(at, item)| matches!(item, Item::Square { queen: true, .. }) && before[*at] != **item)
            .filter(|(at, _)| matches!(before[*at], Item::Square { queen: false, .. }))
            .map(|(at, _)| *at)
            .collect();
        if let ([queen], true) = (placed.as_slice(), switched.len() > 3) {
            let distance = |at: &(u16, u16)| at.0.abs_diff(queen.0).max(at.1.abs_diff(queen.1));
            let mut by_distance: Vec<(u16, usize)> =
                switched.iter().filter(|(at, _)| distance(at) > 0).map(|(at, &i)| (distance(at), i)).collect();
            by_distance.sort();
            assert!(by_distance.windows(2).all(|w| w[0].1 <= w[1].1), "step {}: nearer squares first", k + 1);
            let (first, last) = (by_distance.first().unwrap(), by_distance.last().unwrap());
            grown += usize::from(first.1 < last.1);
        }
    }
    assert!(grown > 5, "the shading grows over several pictures in many placements ({grown})");
}

/// The squares holding a puzzle's crosses (`used`: its rule's outlines) in `scene`.
fn marked(scene: &Scene, used: bool) -> BTreeSet<(u16, u16)> {
    let on = |id: &ItemId| match (id, used) {
        (ItemId::Cross { board: 0, row, col, .. }, false) | (ItemId::Used { board: 0, row, col, .. }, true) => {
            Some((*row, *col))
        }
        _ => None,
    };
    scene.ids.iter().filter_map(on).collect()
}

#[test]
fn a_puzzles_crosses_sweep_out_from_the_squares_its_rule_used() {
    let trace = crate::puzzle_picture::trace();
    let animation = smooth(60);
    let discrete: Vec<RgbaImage> = queens::frames(&trace, &animation).unwrap().map(|f| f.unwrap().0).collect();
    let steps = steps(&trace, &animation);
    assert!(steps.iter().zip(&discrete).all(|(step, image)| step.last().unwrap().image == *image), "frames kept");
    let mut swept = 0;
    for (k, pair) in steps.windows(2).enumerate() {
        let (before, after) = (&pair[0].last().unwrap().scene, &pair[1].last().unwrap().scene);
        assert_eq!(after.ids.iter().collect::<BTreeSet<_>>().len(), after.ids.len(), "step {}: an id twice", k + 1);
        let (old, all, used) = (marked(before, false), marked(after, false), marked(after, true));
        // When (which picture) each new cross first shows; it stays from then on.
        let mut shown: BTreeMap<(u16, u16), usize> = BTreeMap::new();
        for (i, picture) in pair[1].iter().enumerate() {
            let now = marked(&picture.scene, false);
            assert!(now.is_subset(&all), "step {}: only the step's crosses", k + 1);
            for at in all.difference(&old) {
                match now.contains(at) {
                    true => _ = shown.entry(*at).or_insert(i),
                    false => assert!(!shown.contains_key(at), "step {}: the cross on {at:?} went back", k + 1),
                }
            }
        }
        let distance = |at: &(u16, u16)| used.iter().map(|u| u.0.abs_diff(at.0).max(u.1.abs_diff(at.1))).min();
        let mut by_distance: Vec<(Option<u16>, usize)> = shown.iter().map(|(at, &i)| (distance(at), i)).collect();
        by_distance.sort();
        assert!(by_distance.windows(2).all(|w| w[0].1 <= w[1].1), "step {}: nearer crosses first", k + 1);
        let (first, last) = (by_distance.first().map(|d| d.1), by_distance.last().map(|d| d.1));
        swept += usize::from(!used.is_empty() && first < last);
    }
    assert!(swept >= 3, "the crosses sweep over several pictures in several steps ({swept})");
}

/// The ground each square of `picture` shows: the commonest colour of its inside (3 px in from its
/// edges, clear of the corner marks), keyed by position and whether the square is dark.
fn grounds(picture: &Picture) -> Vec<((u16, u16), bool, [u8; 3])> {
    let pixel = |x: usize, y: usize| {
        let p = picture.image.get_pixel(x as u32, y as u32).0;
        [p[0], p[1], p[2]]
    };
    square_items(&picture.scene)
        .into_iter()
        .filter_map(|(at, item)| match item {
            Item::Square { x, y, size, dark, .. } => {
                let inside = (y + 3..y + size - 3).flat_map(|yy| (x + 3..x + size - 3).map(move |xx| (xx, yy)));
                Some((at, *dark, crate::support::mode_of(inside.map(|(xx, yy)| pixel(xx, yy))).unwrap()))
            }
            _ => None,
        })
        .collect()
}

/// Issue 39's legibility rule for in-betweens: no square ever shows a ground the discrete frames do
/// not (no blend of free and attacked while the shading grows), so every ground an in-between
/// shows is one the legibility tests measure in grayscale and the colour-vision simulations.
#[test]
fn in_betweens_show_only_the_discrete_frames_grounds() {
    let trace = trace_for(8, Until::First);
    for theme in ["default", "print"] {
        let mut animation = smooth(60);
        animation.look.theme = queens::Theme::named(theme).unwrap();
        let steps = steps(&trace, &animation);
        let discrete: std::collections::BTreeSet<(bool, [u8; 3])> = steps
            .iter()
            .flat_map(|pictures| grounds(pictures.last().unwrap()))
            .map(|(_, dark, ground)| (dark, ground))
            .collect();
        assert!(discrete.len() >= 4, "{theme}: free and attacked, light and dark: {discrete:?}");
        let mut in_betweens = 0;
        for (k, pictures) in steps.iter().enumerate() {
            for picture in &pictures[..pictures.len() - 1] {
                in_betweens += 1;
                for (at, dark, ground) in grounds(picture) {
                    assert!(
                        discrete.contains(&(dark, ground)),
                        "{theme} step {k}: square {at:?} shows {ground:?}, a ground no discrete frame has"
                    );
                }
            }
        }
        assert!(in_betweens > 100, "{theme}: only {in_betweens} in-betweens");
    }
}

#[test]
fn words_switch_at_the_step_start_and_in_betweens_hold_only_their_steps_items() {
    let mut animation = smooth(60);
    animation.look.code = true;
    let trace = trace_for(5, Until::Solutions(1));
    let steps = steps(&trace, &animation);
    for (k, pair) in steps.windows(2).enumerate() {
        let (before, after) = (&pair[0].last().unwrap().scene, &pair[1].last().unwrap().scene);
        for picture in &pair[1] {
            assert_eq!(words(&picture.scene), words(after), "step {}: captions and code never blend", k + 1);
            // Legible as the discrete frames are: every item is the step's, the one before's, or
            // a queen's silhouette on the board (the ghost the frames draw).
            for (id, item) in picture.scene.ids.iter().zip(&picture.scene.items) {
                let known = |scene: &Scene| scene.ids.iter().zip(&scene.items).any(|(i, it)| i == id && it == item);
                let silhouette = matches!(item, Item::Ghost { size: 24, .. });
                assert!(known(after) || known(before) || silhouette, "step {}: {id:?} {item:?}", k + 1);
            }
        }
    }
}

#[test]
fn a_min_conflicts_move_slides() {
    let mut options = queens::SolveOptions::new(8);
    options.algorithm = "min-conflicts".parse().unwrap();
    let trace = queens::record(&options, queens::DEFAULT_MAX_FRAMES).unwrap();
    let steps = steps(&trace, &smooth(60));
    let slid = steps.iter().any(|step| {
        // The sliding silhouette is the first ghost of every picture but the last (the frame).
        let places: Vec<(usize, usize)> = step[..step.len() - 1]
            .iter()
            .filter_map(|p| {
                p.scene.items.iter().find_map(|i| match i {
                    Item::Ghost { x, y, .. } => Some((*x, *y)),
                    _ => None,
                })
            })
            .collect();
        places.len() >= 3 && places.windows(2).all(|w| w[0] != w[1])
    });
    assert!(slid, "some move's silhouette travels across the board");
}

#[test]
fn the_video_has_one_frame_per_picture_and_the_runs_length() {
    if tool("ffmpeg", "apt-get install ffmpeg").is_none() || tool("ffprobe", "apt-get install ffmpeg").is_none() {
        return;
    }
    let dir = temp_dir("motion", "video");
    let trace = trace_for(5, Until::First);
    let animation = smooth(60);
    let pictures: Vec<Picture> = steps(&trace, &animation).into_iter().flatten().collect();
    let total_ms: u64 = pictures.iter().map(|p| u64::from(p.delay_ms)).sum();
    let discrete_ms: u64 = queens::frames(&trace, &animation).unwrap().map(|f| u64::from(f.unwrap().1)).sum();
    assert_eq!(total_ms, discrete_ms, "motion keeps the run's timing");
    for (codec, name) in [(VideoCodec::H264, "run.mp4"), (VideoCodec::Vp9, "run.webm")] {
        let mut sink = VideoSink::new(Vec::new(), codec);
        queens::render(&trace, &animation, &mut sink, &NoProgress).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, sink.into_inner().unwrap()).unwrap();
        let out = Command::new("ffprobe")
            .args(["-v", "error", "-count_frames", "-select_streams", "v:0"])
            .args(["-show_entries", "stream=nb_read_frames:format=duration", "-of", "default=noprint_wrappers=1"])
            .arg(&path)
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        let field = |key: &str| text.lines().find_map(|l| l.strip_prefix(&format!("{key}="))).unwrap().to_string();
        // Every picture once, and the last again a millisecond before the end; ffmpeg may give
        // that last frame one in-between's time (1/60 s) rather than the millisecond.
        assert_eq!(field("nb_read_frames").parse::<usize>().unwrap(), pictures.len() + 1, "{name}");
        let seconds: f64 = field("duration").parse().unwrap();
        assert!((seconds * 1000.0 - total_ms as f64).abs() <= 17.0, "{name}: {seconds} s, want {total_ms} ms");
    }
}

#[test]
fn other_formats_refuse_motion_in_one_line_and_none_changes_nothing() {
    let dir = temp_dir("motion", "cli");
    let cases = [
        (&["-o", "run.pdf"][..], "for animations (not pdf)"),
        (&["--fps", "60", "-o", "run.gif"], "too fast for a GIF"),
    ];
    for (args, says) in cases {
        let name = args[args.len() - 1];
        let out = run_queens(&dir, &[&["animate", "4", "--motion", "smooth"][..], args].concat());
        let text = stderr(&out);
        assert!(
            out.status.code() == Some(2) && text.contains(says) && text.trim().lines().count() == 1,
            "{name}: {text}"
        );
        assert!(!dir.join(name).exists(), "{name}: nothing written");
    }
    // Issue 53, finding 12: --fps without --motion smooth was ignored.
    let out = run_queens(&dir, &["animate", "4", "--fps", "60", "-o", "plain.mp4"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("add --motion smooth") && !dir.join("plain.mp4").exists(), "{}", stderr(&out));
    let out = run_queens(&dir, &["animate", "4", "--motion", "smooth", "--fps", "24", "-o", "x.mp4"]);
    assert!(stderr(&out).contains("30 or 60"), "{}", stderr(&out));
    assert_eq!(Animation::new().motion, Motion::None, "no motion unless asked");
    for name in ["a.gif", "a.webp"] {
        crate::support::run_ok(&dir, &["animate", "5", "-o", name]);
        let again = format!("none-{name}");
        crate::support::run_ok(&dir, &["animate", "5", "--motion", "none", "-o", &again]);
        let (a, b) = (std::fs::read(dir.join(name)).unwrap(), std::fs::read(dir.join(&again)).unwrap());
        assert!(a == b, "{name}: --motion none is today's output, byte for byte");
    }
}
