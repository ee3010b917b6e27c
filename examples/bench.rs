//! Rendering benchmark: runs each job in a child process (so peak memory is its own) and prints
//! time, frames/s, bytes, bytes/frame and peak RSS, plus the same jobs with the encoder's
//! optimizations switched off, as ratios measured in the same run.
//!
//! `cargo run --release --example bench` (add `quick` to skip the 10x10 run and the long videos,
//! `formats` to run only the format rows, `html` to run only the HTML player's rows and its timing
//! in headless Chromium, `pdf` to run only the PDF rows, whose ratios are to the SVG of the same
//! picture, `puzzles` to run only puzzle generation and solving, see bench_puzzles/puzzles.rs;
//! `motion` to run only the smooth-motion rows against the discrete ones: videos (frames about
//! 1080 px tall, as manim's `-qh`), GIF, WebP and APNG).
//! Jobs marked `[1 thread]` also run with `RAYON_NUM_THREADS=1`. Rows
//! `[webp]`, `[apng]`, `[mp4]`, `[webm]`, `[svg]`, `[html]` write the GIF (or PNG) row above them in
//! that format (the videos need ffmpeg); their ratios are to that row, measured in the same run.

use queens::{
    solution_boards, write_board, write_sheet, Animation, ApngSink, Format, FrameSheetSink, GifSink, Handout, HtmlSink,
    NoProgress, Paper, PdfSink, Sink, SolveOptions, SvgSink, Tuning, Until, VideoCodec, VideoSink, WebpSink,
};
use std::io::Write;
use std::process::Command;
use std::time::Instant;

/// Counts bytes written and throws them away.
#[derive(Default)]
struct Counter(u64);

impl Write for Counter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0 += buf.len() as u64;
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

const ALL_ON: Tuning =
    Tuning { diff_frames: true, fast_lzw: true, phrase_aware_diff: true, colour_order: true, undo_frames: true };

/// What a job writes.
#[derive(Clone, Copy)]
enum Kind {
    Gif(Tuning),
    Sheet,
    Webp,
    Apng,
    Video(VideoCodec),
    /// `frames N`: the run's frames on one PNG sprite sheet.
    FrameSheet,
    /// `render -` of a long JSON Lines stream (`--square 4 --bare`): the N x N whole search's events,
    /// repeated until there are 2,000,000 or more, generated as they are read.
    Stream,
    Svg,
    /// The HTML player.
    Html,
    SheetSvg,
    /// `board 8 1,5,8,6,3,7,2,4` as PNG, SVG or PDF.
    Board(Format),
    /// PDF pages, one per frame, or (`handout`) six frames on each A4 page.
    Pdf {
        handout: bool,
    },
}

use Kind::{Apng, Board, FrameSheet, Gif, Html, Pdf, Sheet, SheetSvg, Stream, Svg, Video, Webp};

/// Events in the `render -` stream row (at least).
const STREAM_EVENTS: usize = 2_000_000;

/// A JSON Lines trace generated while it is read: a header, then one whole search's events again
/// and again (a whole backtracking search ends on an empty board, so the repeats stay valid).
struct RepeatedRun {
    header: std::io::Cursor<Vec<u8>>,
    events: Vec<u8>,
    left: usize,
    position: usize,
}

impl RepeatedRun {
    fn new(trace: &queens::Trace, min_events: usize) -> Self {
        let mut lines = Vec::new();
        queens::jsonl::write(trace, &mut lines).expect("in memory");
        let split = lines.iter().position(|&b| b == b'\n').expect("a header line") + 1;
        let events = lines.split_off(split);
        let repeats = min_events.div_ceil(trace.events.len());
        RepeatedRun { header: std::io::Cursor::new(lines), events, left: repeats, position: 0 }
    }
}

impl std::io::Read for RepeatedRun {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let from_header = self.header.read(buf)?;
        if from_header > 0 || self.left == 0 {
            return Ok(from_header);
        }
        let n = buf.len().min(self.events.len() - self.position);
        buf[..n].copy_from_slice(&self.events[self.position..self.position + n]);
        self.position += n;
        if self.position == self.events.len() {
            (self.position, self.left) = (0, self.left - 1);
        }
        Ok(n)
    }
}

/// The format rows: (name, n, until, kind), each GIF row followed by its other formats.
fn format_jobs(quick: bool) -> Vec<(&'static str, usize, Until, Kind)> {
    let mut jobs = vec![
        ("animate 6", 6, Until::First, Gif(ALL_ON)),
        ("animate 6 [webp]", 6, Until::First, Webp),
        ("animate 6 [apng]", 6, Until::First, Apng),
        ("animate 6 [mp4]", 6, Until::First, Video(VideoCodec::H264)),
        ("animate 6 [webm]", 6, Until::First, Video(VideoCodec::Vp9)),
        ("animate 6 [svg]", 6, Until::First, Svg),
        ("animate 6 [html]", 6, Until::First, Html),
        ("animate 6 [pdf]", 6, Until::First, Pdf { handout: false }),
        ("animate 8", 8, Until::First, Gif(ALL_ON)),
        ("animate 8 [webp]", 8, Until::First, Webp),
        ("animate 8 [apng]", 8, Until::First, Apng),
        ("animate 8 [mp4]", 8, Until::First, Video(VideoCodec::H264)),
        ("animate 8 [webm]", 8, Until::First, Video(VideoCodec::Vp9)),
        ("animate 8 [svg]", 8, Until::First, Svg),
        ("animate 8 [html]", 8, Until::First, Html),
        ("animate 8 --until all", 8, Until::All, Gif(ALL_ON)),
        ("animate 8 --until all [webp]", 8, Until::All, Webp),
        ("animate 8 --until all [apng]", 8, Until::All, Apng),
        ("animate 8 --until all [svg]", 8, Until::All, Svg),
        ("animate 8 --until all [html]", 8, Until::All, Html),
        ("animate 8 --until all [pdf]", 8, Until::All, Pdf { handout: false }),
    ];
    if !quick {
        jobs.push(("animate 8 --until all [mp4]", 8, Until::All, Video(VideoCodec::H264)));
    }
    jobs
}

/// The HTML player's rows: each run as GIF (the baseline), WebP, SVG and HTML.
fn html_jobs() -> Vec<(&'static str, usize, Until, Kind)> {
    vec![
        ("animate 6", 6, Until::First, Gif(ALL_ON)),
        ("animate 6 [webp]", 6, Until::First, Webp),
        ("animate 6 [svg]", 6, Until::First, Svg),
        ("animate 6 [html]", 6, Until::First, Html),
        ("animate 8", 8, Until::First, Gif(ALL_ON)),
        ("animate 8 [webp]", 8, Until::First, Webp),
        ("animate 8 [svg]", 8, Until::First, Svg),
        ("animate 8 [html]", 8, Until::First, Html),
        ("animate 8 --until all", 8, Until::All, Gif(ALL_ON)),
        ("animate 8 --until all [webp]", 8, Until::All, Webp),
        ("animate 8 --until all [svg]", 8, Until::All, Svg),
        ("animate 8 --until all [html]", 8, Until::All, Html),
        ("animate 10 --until all", 10, Until::All, Gif(ALL_ON)),
        ("animate 10 --until all [webp]", 10, Until::All, Webp),
        ("animate 10 --until all [svg]", 10, Until::All, Svg),
        ("animate 10 --until all [html]", 10, Until::All, Html),
    ]
}

/// The PDF rows: each picture as SVG (the baseline), then as PDF pages and a PDF handout.
fn pdf_jobs() -> Vec<(&'static str, usize, Until, Kind)> {
    vec![
        ("animate 6 --format svg", 6, Until::First, Svg),
        ("animate 6 [pdf]", 6, Until::First, Pdf { handout: false }),
        ("animate 6 [pdf --handout]", 6, Until::First, Pdf { handout: true }),
        ("animate 8 --format svg", 8, Until::First, Svg),
        ("animate 8 [pdf]", 8, Until::First, Pdf { handout: false }),
        ("animate 8 --until all --format svg", 8, Until::All, Svg),
        ("animate 8 --until all [pdf]", 8, Until::All, Pdf { handout: false }),
        ("animate 8 --until all [pdf --handout]", 8, Until::All, Pdf { handout: true }),
        ("board 8 1,5,8,6,3,7,2,4 --format svg", 8, Until::All, Board(Format::Svg)),
        ("board 8 1,5,8,6,3,7,2,4 [pdf]", 8, Until::All, Board(Format::Pdf)),
    ]
}

/// The motion rows: each video discrete (the baseline), then with `--motion smooth`.
fn motion_jobs() -> Vec<(&'static str, usize, Until, Kind)> {
    vec![
        ("animate 6 --square 136 --format mp4", 6, Until::First, Video(VideoCodec::H264)),
        ("animate 6 --square 136 [--motion smooth --fps 60]", 6, Until::First, Video(VideoCodec::H264)),
        ("animate 6 --square 136 [--motion smooth --fps 30]", 6, Until::First, Video(VideoCodec::H264)),
        ("animate 6 --format mp4", 6, Until::First, Video(VideoCodec::H264)),
        ("animate 6 [--motion smooth --fps 60]", 6, Until::First, Video(VideoCodec::H264)),
        ("animate 6 --format webm", 6, Until::First, Video(VideoCodec::Vp9)),
        ("animate 6 [webm --motion smooth --fps 60]", 6, Until::First, Video(VideoCodec::Vp9)),
        ("animate 8 --until all --format mp4", 8, Until::All, Video(VideoCodec::H264)),
        ("animate 8 --until all [--motion smooth --fps 60]", 8, Until::All, Video(VideoCodec::H264)),
        ("animate 6 --format gif", 6, Until::First, Gif(ALL_ON)),
        ("animate 6 [gif --motion smooth --fps 30]", 6, Until::First, Gif(ALL_ON)),
        ("animate 6 --format webp", 6, Until::First, Webp),
        ("animate 6 [webp --motion smooth --fps 60]", 6, Until::First, Webp),
        ("animate 6 --format apng", 6, Until::First, Apng),
        ("animate 6 [apng --motion smooth --fps 60]", 6, Until::First, Apng),
    ]
}

/// (name, n, until, kind). Names with `--bare --no-attacks` render queens only (no shading,
/// caption or highlights).
fn jobs(quick: bool, formats_only: bool) -> Vec<(&'static str, usize, Until, Kind)> {
    if std::env::args().any(|a| a == "html") {
        return html_jobs();
    }
    if std::env::args().any(|a| a == "pdf") {
        return pdf_jobs();
    }
    if std::env::args().any(|a| a == "motion") {
        return motion_jobs();
    }
    if formats_only {
        return format_jobs(quick);
    }
    let mut jobs = vec![
        ("animate 8", 8, Until::First, Gif(ALL_ON)),
        ("animate 8 [gif-crate LZW]", 8, Until::First, Gif(Tuning { fast_lzw: false, ..ALL_ON })),
        ("animate 8 [no diff]", 8, Until::First, Gif(Tuning { diff_frames: false, ..ALL_ON })),
        ("animate 8 [palette order]", 8, Until::First, Gif(Tuning { colour_order: false, ..ALL_ON })),
        ("animate 8 [no undo]", 8, Until::First, Gif(Tuning { undo_frames: false, ..ALL_ON })),
        ("animate 8 [neither]", 8, Until::First, Gif(Tuning { colour_order: false, undo_frames: false, ..ALL_ON })),
        ("animate 8 --until all", 8, Until::All, Gif(ALL_ON)),
        ("animate 8 --until all [1 thread]", 8, Until::All, Gif(ALL_ON)),
        ("animate 8 --until all [gif-crate LZW]", 8, Until::All, Gif(Tuning { fast_lzw: false, ..ALL_ON })),
        ("animate 8 --until all [no diff]", 8, Until::All, Gif(Tuning { diff_frames: false, ..ALL_ON })),
        ("animate 8 --until all [palette order]", 8, Until::All, Gif(Tuning { colour_order: false, ..ALL_ON })),
        ("animate 8 --until all [no undo]", 8, Until::All, Gif(Tuning { undo_frames: false, ..ALL_ON })),
        (
            "animate 8 --until all [neither]",
            8,
            Until::All,
            Gif(Tuning { colour_order: false, undo_frames: false, ..ALL_ON }),
        ),
        (
            "animate 8 --until all [transparent-only diff]",
            8,
            Until::All,
            Gif(Tuning { phrase_aware_diff: false, ..ALL_ON }),
        ),
        (
            "animate 8 --until all [all off]",
            8,
            Until::All,
            Gif(Tuning {
                diff_frames: false,
                fast_lzw: false,
                phrase_aware_diff: false,
                colour_order: false,
                undo_frames: false,
            }),
        ),
        ("animate 8 --bare --no-attacks", 8, Until::First, Gif(ALL_ON)),
        ("animate 8 --until all --bare --no-attacks", 8, Until::All, Gif(ALL_ON)),
        ("frames 6 (58-frame sheet)", 6, Until::First, FrameSheet),
        ("render - (2,000,000+ JSON Lines events, --square 4 --bare)", 8, Until::All, Stream),
        ("sheet 8", 8, Until::All, Sheet),
        ("sheet 8 [1 thread]", 8, Until::All, Sheet),
        ("sheet 8 [svg]", 8, Until::All, SheetSvg),
        ("board 8 1,5,8,6,3,7,2,4", 8, Until::All, Board(Format::Png)),
        ("board 8 1,5,8,6,3,7,2,4 [svg]", 8, Until::All, Board(Format::Svg)),
        ("board 8 1,5,8,6,3,7,2,4 [pdf]", 8, Until::All, Board(Format::Pdf)),
    ];
    jobs.extend(format_jobs(quick));
    if !quick {
        jobs.push(("animate 10 --until all", 10, Until::All, Gif(ALL_ON)));
    }
    jobs
}

/// Peak resident set size of this process, in KB.
fn peak_rss_kb() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

/// Run one job in this process and print "frames bytes seconds rss_kb".
fn run_job(index: usize, quick: bool, formats_only: bool) {
    let (name, n, until, kind) = jobs(quick, formats_only)[index];
    let mut out = Counter::default();
    let started = Instant::now();
    let render = |sink: &mut dyn FnMut(&queens::Trace, &Animation) -> usize| {
        let mut options = SolveOptions::new(n);
        options.until = until;
        let mut animation = Animation::new();
        if name.contains("--no-attacks") {
            (animation.look.bare, animation.look.no_attacks) = (true, true);
        }
        if name.contains("--square 136") {
            animation.look.square = Some(136);
        }
        if name.contains("--motion smooth") {
            let fps = if name.contains("--fps 30") { 30 } else { 60 };
            animation.motion = queens::Motion::Smooth { fps };
        }
        let trace = queens::record(&options, animation.max_frames).expect("run fits the cap");
        sink(&trace, &animation)
    };
    fn run<S: Sink>(trace: &queens::Trace, animation: &Animation, mut sink: S) -> usize {
        queens::render(trace, animation, &mut sink, &NoProgress).expect("animation renders").frames
    }
    let frames = match kind {
        Gif(tuning) => render(&mut |t, a| run(t, a, GifSink::with_tuning(&mut out, tuning))),
        Webp => render(&mut |t, a| run(t, a, WebpSink::new(&mut out))),
        Apng => render(&mut |t, a| run(t, a, ApngSink::new(&mut out))),
        Video(codec) => render(&mut |t, a| run(t, a, VideoSink::new(&mut out, codec))),
        FrameSheet => render(&mut |t, a| run(t, a, FrameSheetSink::new(&mut out, None, 0))),
        Stream => {
            let mut options = SolveOptions::new(n);
            options.until = until;
            let trace = queens::record(&options, queens::DEFAULT_MAX_FRAMES).expect("run fits the cap");
            let input = std::io::BufReader::new(RepeatedRun::new(&trace, STREAM_EVENTS));
            let mut animation = Animation::new();
            (animation.look.bare, animation.look.square) = (true, Some(4));
            // As `queens render -` does for a GIF: a stream is not held, so no frame cap.
            animation.max_frames = usize::MAX;
            let mut sink = GifSink::new(&mut out);
            queens::render_reader(input, None, &animation, &mut sink, &NoProgress).expect("stream renders").frames
        }
        Svg => render(&mut |t, a| run(t, a, SvgSink::new(&mut out))),
        Html => render(&mut |t, a| run(t, a, HtmlSink::new(&mut out))),
        Sheet | SheetSvg => {
            let boards = solution_boards(n, false, queens::count::SolutionOrder::Backtrack);
            let mut options = queens::RenderOptions::default();
            options.no_attacks = true;
            let format = if matches!(kind, SheetSvg) { Format::Svg } else { Format::Png };
            write_sheet(n, &boards, &options, 10, format, &mut out).expect("sheet renders");
            boards.len()
        }
        Pdf { handout: false } => render(&mut |t, a| run(t, a, PdfSink::new(&mut out))),
        Pdf { handout: true } => {
            let handout = Handout { paper: Paper::A4, per_page: 6, title: format!("{n}×{n} · backtrack") };
            render(&mut |t, a| run(t, a, PdfSink::handout(&mut out, handout.clone())))
        }
        Board(format) => {
            let (queens, options) = ([0, 4, 7, 5, 2, 6, 1, 3], queens::RenderOptions::default());
            write_board(n, &queens, &options, format, &mut out).expect("board renders");
            1
        }
    };
    let secs = started.elapsed().as_secs_f64();
    println!("{frames} {} {secs} {}", out.0, peak_rss_kb());
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let formats_only = args.iter().any(|a| a == "formats");
    let quick = args.iter().any(|a| a == "quick");
    if args.iter().any(|a| a == "puzzle-shapes") {
        puzzle_shapes::run();
        return;
    }
    if args.iter().any(|a| a == "puzzles") {
        puzzles::run();
        puzzle_shapes::run();
        return;
    }
    if let Some(i) = args.iter().position(|a| a == "--job") {
        run_job(args[i + 1].parse().expect("job index"), quick, formats_only);
        return;
    }
    let me = std::env::current_exe().expect("own path");
    println!(
        "{:<46} {:>7} {:>9} {:>10} {:>11} {:>9} {:>9} {:>8}",
        "job", "frames", "time", "frames/s", "bytes", "B/frame", "peak RSS", "vs on"
    );
    let mut baseline: Option<(f64, u64)> = None;
    for (i, (name, ..)) in jobs(quick, formats_only).iter().enumerate() {
        let mut child = Command::new(&me);
        if name.contains("[1 thread]") || name.contains("[all off]") {
            child.env("RAYON_NUM_THREADS", "1");
        }
        child.args(args.iter().filter(|a| ["formats", "quick", "html", "pdf", "motion"].contains(&a.as_str())));
        let out = child.args(["--job", &i.to_string()]).output().expect("child runs");
        let line = String::from_utf8_lossy(&out.stdout);
        let f: Vec<f64> = line.split_whitespace().filter_map(|v| v.parse().ok()).collect();
        let [frames, bytes, secs, rss] = f[..] else {
            panic!("job {name} failed: {}", String::from_utf8_lossy(&out.stderr))
        };
        if !name.contains('[') {
            baseline = Some((secs, bytes as u64));
        }
        let ratio = match baseline {
            Some((base_secs, base_bytes)) if name.contains('[') => {
                format!("{:.1}x time, {:.2}x bytes", secs / base_secs, bytes / base_bytes as f64)
            }
            _ => String::new(),
        };
        println!(
            "{name:<46} {frames:>7} {:>8.3}s {:>10.0} {bytes:>11} {:>9.0} {:>7.1}MB {ratio}",
            secs,
            frames / secs,
            bytes / frames,
            rss / 1024.0
        );
    }
    if args.iter().any(|a| a == "html") {
        html_player::timings();
    }
}

#[path = "bench_html/timing.rs"]
mod html_player;
#[path = "bench_puzzles/shapes.rs"]
mod puzzle_shapes;
#[path = "bench_puzzles/puzzles.rs"]
mod puzzles;
