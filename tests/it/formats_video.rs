//! MP4 and WebM through ffmpeg, checked with ffprobe and ffmpeg's own decoder: duration and frame
//! times follow the delays exactly (one video frame per picture), sides are padded to even, sampled frames show the replayed
//! board within a lossy tolerance; without ffmpeg the CLI says how to install it and writes
//! nothing. Skips with a reason when ffmpeg is missing (support::tools).

use crate::support::tools::tool;
use crate::support::{centres, expected_centre, queens_per_frame, run_queens, solution_frame, temp_dir, trace_for};
use queens::{Animation, NoProgress, Theme, Trace, Until, VideoCodec, VideoSink};
use std::path::Path;
use std::process::Command;

/// Largest per-channel difference allowed at a square centre in a lossy frame (the centre must
/// also be nearer to the right colour than to any other square or queen colour).
const TOLERANCE: i32 = 24;

fn video(trace: &Trace, animation: &Animation, codec: VideoCodec) -> Vec<u8> {
    let mut sink = VideoSink::new(Vec::new(), codec);
    queens::render(trace, animation, &mut sink, &NoProgress).unwrap();
    sink.into_inner().unwrap()
}

fn probe(path: &Path, entries: &str) -> String {
    let out = Command::new("ffprobe")
        .args(["-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries", entries])
        .args(["-of", "default=noprint_wrappers=1"])
        .arg(path)
        .output()
        .expect("ffprobe runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// When each video frame starts, in whole milliseconds.
fn frame_starts_ms(path: &Path) -> Vec<u64> {
    let out = probe(path, "frame=pts_time");
    out.lines()
        .filter_map(|l| l.strip_prefix("pts_time="))
        .map(|t| (t.parse::<f64>().unwrap() * 1000.0).round() as u64)
        .collect()
}

fn field<'a>(probe: &'a str, key: &str) -> &'a str {
    probe.lines().find_map(|l| l.strip_prefix(&format!("{key}="))).unwrap_or_else(|| panic!("{key} in {probe}"))
}

/// Every video frame as rgb24 (BT.709, limited range, as the sink tags it), each once.
fn decode(path: &Path, (width, height): (usize, usize)) -> Vec<Vec<u8>> {
    let out = Command::new("ffmpeg")
        .args(["-v", "error", "-i"])
        .arg(path)
        .args([
            "-fps_mode",
            "passthrough",
            "-vf",
            "scale=in_color_matrix=bt709:in_range=tv",
            "-f",
            "rawvideo",
            "-pix_fmt",
            "rgb24",
            "-",
        ])
        .output()
        .expect("ffmpeg runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    out.stdout.chunks_exact(width * height * 3).map(<[u8]>::to_vec).collect()
}

#[test]
fn videos_keep_every_delay_and_show_the_board() {
    if tool("ffmpeg", "apt-get install ffmpeg").is_none() || tool("ffprobe", "apt-get install ffmpeg").is_none() {
        return;
    }
    let dir = temp_dir("video", "timing");
    let trace = trace_for(5, Until::Solutions(3));
    let mut animation = Animation::new();
    (animation.look.bare, animation.look.square) = (true, Some(41)); // 205 px: padded to 206
    (animation.timing.delay_ms, animation.timing.hold_ms, animation.timing.end_hold_ms) = (100, 300, 700);
    (animation.timing.start_hold_ms, animation.timing.deadend_hold_ms) = (500, 200);
    // Bare frames draw no caption: nothing to read, the plain delays.
    animation.timing.reading_time = false;
    let delays: Vec<u64> =
        crate::support::expected_delays(&trace, &animation.timing).into_iter().map(u64::from).collect();
    assert!(delays.contains(&300), "the run has a solution hold");
    assert!(delays[0] == 500 && delays.contains(&200), "frame 0 and the dead ends are held");
    let total_ms: u64 = delays.iter().sum();
    let boards = queens_per_frame(&trace);
    let theme = Theme::default();
    let candidates = [theme.light, theme.dark, theme.light_attacked, theme.dark_attacked, theme.queen];
    for (codec, name) in [(VideoCodec::H264, "run.mp4"), (VideoCodec::Vp9, "run.webm")] {
        let path = dir.join(name);
        let bytes = video(&trace, &animation, codec);
        assert!(bytes == video(&trace, &animation, codec), "{name}: the same frames make the same file");
        std::fs::write(&path, bytes).unwrap();
        let info = probe(&path, "stream=width,height,pix_fmt,nb_read_frames,codec_name:format=duration,format_name");
        assert_eq!((field(&info, "width"), field(&info, "height")), ("206", "206"), "{name}");
        assert_eq!(field(&info, "pix_fmt"), "yuv420p", "{name}");
        let seconds: f64 = field(&info, "duration").parse().unwrap();
        assert!((seconds * 1000.0 - total_ms as f64).abs() < 1.0, "{name}: {seconds} s, want {total_ms} ms");
        // One video frame per picture, starting when its delay starts; the last picture again one
        // tick before the end (a last video frame lasts one tick). The tick divides every delay a
        // frame can get: these delays' 100 ms (with reading time on, the reading times, multiples
        // of 50 ms, would make it 50 ms).
        let mut starts: Vec<u64> = delays.iter().scan(0, |t, d| Some(std::mem::replace(t, *t + d))).collect();
        starts.push(total_ms - 100);
        let frames = decode(&path, (206, 206));
        assert_eq!(frames.len(), starts.len(), "{name}: one frame per picture");
        assert_eq!(field(&info, "nb_read_frames").parse::<usize>().unwrap(), starts.len());
        assert_eq!(frame_starts_ms(&path), starts, "{name}: each picture starts when its delay does");
        for (k, frame) in frames.iter().enumerate() {
            let board = &boards[k.min(boards.len() - 1)];
            for (i, (x, y)) in centres(5, 41).into_iter().enumerate() {
                let at = (y as usize * 206 + x as usize) * 3;
                let want =
                    expected_centre(board, 5, (i / 5, i % 5), solution_frame(&trace, k.min(boards.len() - 1)), &theme);
                let distance = |c: [u8; 3]| (0..3).map(|j| (i32::from(frame[at + j]) - i32::from(c[j])).abs()).max();
                let nearest = candidates.iter().min_by_key(|&&c| distance(c)).copied();
                let ok = distance(want).unwrap() <= TOLERANCE && nearest == Some(want);
                assert!(ok, "{name} frame {k} square {i}: {:?} vs {want:?}", &frame[at..at + 3]);
            }
        }
    }
    let mp4 = std::fs::read(dir.join("run.mp4")).unwrap();
    let (moov, mdat) = (find(&mp4, b"moov"), find(&mp4, b"mdat"));
    assert!(moov < mdat, "+faststart puts the index (moov) before the data");
    std::fs::remove_dir_all(&dir).unwrap();
}

fn find(haystack: &[u8], needle: &[u8]) -> usize {
    haystack.windows(needle.len()).position(|w| w == needle).expect("box present")
}

#[test]
fn cli_writes_video_by_extension_and_cleans_up() {
    if tool("ffmpeg", "apt-get install ffmpeg").is_none() {
        return;
    }
    let dir = temp_dir("video", "cli");
    let out = run_queens(&dir, &["animate", "4", "--bare", "--square", "20", "-o", "four.mp4"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).contains("four.mp4"));
    let out = run_queens(&dir, &["animate", "4", "--bare", "--square", "20", "--format", "webm", "-q"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let default = dir.join("output/queens-4x4-backtrack-first.webm");
    let mp4 = std::fs::read(dir.join("four.mp4")).unwrap();
    assert_eq!(&mp4[4..8], b"ftyp");
    assert_eq!(&std::fs::read(default).unwrap()[..4], &[0x1a, 0x45, 0xdf, 0xa3], "EBML (WebM) header");
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(left.len(), 2, "only four.mp4 and output/: {left:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn without_ffmpeg_the_cli_says_how_to_install_it_and_writes_nothing() {
    let dir = temp_dir("video", "missing");
    let empty = dir.join("empty-path");
    std::fs::create_dir_all(&empty).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(["animate", "4", "-o", "four.mp4"])
        .current_dir(&dir)
        .env("PATH", &empty)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("ffmpeg not found") && stderr.contains("apt install ffmpeg"), "{stderr}");
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(left, vec![std::ffi::OsString::from("empty-path")], "nothing written");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Each square's ground (the colour most of its inside has in the GIF's frame) and, per video
/// frame, the median of the video's pixels over that ground, channel by channel. A square's
/// median is what a viewer sees as its colour; single pixels near a queen's outline bleed
/// (yuv420p halves chroma), so a pixel-wise bound would measure the glyph's edge, not the square.
fn square_colour_errors(gif: &[Vec<u8>], video: &[Vec<u8>], side: usize, n: usize) -> i32 {
    let square = side / n;
    let mut worst = 0;
    // Pixel offsets of one square's inside (4 px in from its edges), relative to its corner;
    // plain index loops: this runs over every pixel of ~700 frames in an unoptimized test build.
    let mut inside = Vec::new();
    for y in 4..square - 4 {
        for x in 4..square - 4 {
            inside.push((y * side + x) * 3);
        }
    }
    let mut seen = Vec::with_capacity(inside.len());
    for (g, v) in gif.iter().zip(video) {
        for row in 0..n {
            for col in 0..n {
                let corner = (row * square * side + col * square) * 3;
                let rgb =
                    |frame: &[u8], at: usize| [frame[corner + at], frame[corner + at + 1], frame[corner + at + 2]];
                let ground = crate::support::mode_of(inside.iter().map(|&at| rgb(g, at))).expect("a square has pixels");
                for channel in 0..3 {
                    seen.clear();
                    for &at in &inside {
                        if rgb(g, at) == ground {
                            seen.push(v[corner + at + channel]);
                        }
                    }
                    seen.sort_unstable();
                    let median = i32::from(seen[seen.len() / 2]);
                    worst = worst.max((median - i32::from(ground[channel])).abs());
                }
            }
        }
    }
    worst
}

#[test]
fn video_squares_keep_the_gifs_colours_within_ten_levels() {
    if tool("ffmpeg", "apt-get install ffmpeg").is_none() {
        return;
    }
    let dir = temp_dir("video", "colours");
    // Every 4th frame plus every solution frame (`--every 4`): each ground, highlight and the gold
    // of all four solutions, at a quarter of the encoding and decoding (VP9 is slow to encode).
    for name in ["six.gif", "six.mp4", "six.webm"] {
        let out = run_queens(&dir, &["animate", "6", "--until", "all", "--every", "4", "--bare", "-q", "-o", name]);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    }
    let side = 360;
    let gif = decode(&dir.join("six.gif"), (side, side));
    for name in ["six.mp4", "six.webm"] {
        let video = decode(&dir.join(name), (side, side));
        assert_eq!(video.len(), gif.len() + 1, "{name}: one video frame per GIF frame, the last twice");
        let worst = square_colour_errors(&gif, &video, side, 6);
        assert!(worst <= 10, "{name}: a square's colour is {worst} levels from the GIF's");
    }
}
