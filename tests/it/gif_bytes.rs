//! How the GIF is written (issue 25's bytes): the colour table in use order and frames undone with
//! disposal "restore to previous" must leave every composited frame exactly as whole frames show
//! it, in the `image` crate, Pillow and ffmpeg.

use crate::support::pillow::pillow;
use crate::support::tools::{pillow_python, tool};
use crate::support::{decode_gif, temp_dir, trace_for, TempFolder};
use queens::{Animation, GifSink, NoProgress, Tuning, Until};
use std::path::Path;
use std::process::Command;

/// `animate 5 --until all` through the library, with the default encoder and with every frame
/// written whole (no changed rectangles, no disposal but "keep": the reference).
fn both_gifs() -> (Vec<u8>, Vec<u8>) {
    let trace = trace_for(5, Until::All);
    let whole = Tuning { diff_frames: false, ..Tuning::default() };
    let (mut small, mut reference) = (Vec::new(), Vec::new());
    queens::render(&trace, &Animation::new(), &mut GifSink::new(&mut small), &NoProgress).unwrap();
    queens::render(&trace, &Animation::new(), &mut GifSink::with_tuning(&mut reference, whole), &NoProgress).unwrap();
    (small, reference)
}

/// Each image block's disposal method (from the graphic control extension before it) and LZW
/// minimum code size, walking the GIF's blocks.
fn blocks(gif: &[u8]) -> Vec<(u8, u8)> {
    let skip_table = |flags: u8| if flags & 0x80 != 0 { 3 << ((flags & 7) + 1) } else { 0 };
    let sub_blocks = |mut i: usize| {
        while gif[i] != 0 {
            i += usize::from(gif[i]) + 1;
        }
        i + 1
    };
    let (mut i, mut dispose, mut out) = (13 + skip_table(gif[10]), 0, Vec::new());
    loop {
        match gif[i] {
            0x21 => {
                if gif[i + 1] == 0xf9 {
                    dispose = (gif[i + 3] >> 2) & 7;
                }
                i = sub_blocks(i + 2);
            }
            0x2c => {
                i += 10 + skip_table(gif[i + 9]);
                out.push((dispose, gif[i]));
                i = sub_blocks(i + 1);
            }
            0x3b => return out,
            other => panic!("unexpected GIF block {other:#x} at {i}"),
        }
    }
}

#[test]
fn frames_start_at_narrow_codes_and_some_are_undone() {
    let (small, reference) = both_gifs();
    let (ours, whole) = (blocks(&small), blocks(&reference));
    assert_eq!(ours.len(), whole.len());
    let undone = ours.iter().filter(|&&(dispose, _)| dispose == 3).count();
    let narrow = ours.iter().filter(|&&(_, size)| size <= 5).count();
    assert!(undone > 0, "no frame is restored to previous");
    assert!(narrow * 10 >= ours.len() * 9, "{narrow} of {} frames start below 7-bit codes", ours.len());
    assert!(whole.iter().all(|&(dispose, _)| dispose == 1), "whole frames are all kept");
    assert!(small.len() * 2 < reference.len(), "{} bytes against {} whole", small.len(), reference.len());
}

#[test]
fn undone_frames_composite_like_whole_frames_in_the_image_crate() {
    let (small, reference) = both_gifs();
    let (ours, whole) = (decode_gif(&small), decode_gif(&reference));
    assert_eq!(ours.len(), whole.len());
    for (k, (a, b)) in ours.iter().zip(&whole).enumerate() {
        assert!(a.0 == b.0, "frame {k} differs");
        assert_eq!(a.1, b.1, "frame {k}'s delay");
    }
}

/// Both GIFs written into a temporary folder of `name` (removed when the folder is dropped).
fn written(name: &str) -> (TempFolder, std::path::PathBuf, std::path::PathBuf) {
    let dir = temp_dir("gif_bytes", name);
    let (small, reference) = both_gifs();
    let (a, b) = (dir.join("small.gif"), dir.join("whole.gif"));
    std::fs::write(&a, small).unwrap();
    std::fs::write(&b, reference).unwrap();
    (dir, a, b)
}

#[test]
fn undone_frames_composite_like_whole_frames_in_pillow() {
    let Some(python) = pillow_python() else { return };
    let (_dir, a, b) = written("pillow");
    let (ours, whole) = (pillow(&python, &a, &[]), pillow(&python, &b, &[]));
    assert_eq!(ours.frames.len(), whole.frames.len());
    for (k, (x, y)) in ours.frames.iter().zip(&whole.frames).enumerate() {
        assert_eq!((&x.md5, x.duration), (&y.md5, y.duration), "frame {k}");
    }
}

/// Every frame as ffmpeg decodes it, rgb24, one after another.
fn ffmpeg_frames(ffmpeg: &Path, gif: &Path) -> Vec<u8> {
    let out = Command::new(ffmpeg)
        .args(["-v", "error", "-i"])
        .arg(gif)
        .args(["-vsync", "passthrough", "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
        .output()
        .expect("ffmpeg runs");
    assert!(out.status.success(), "ffmpeg: {}", String::from_utf8_lossy(&out.stderr));
    out.stdout
}

#[test]
fn undone_frames_composite_like_whole_frames_in_ffmpeg() {
    let Some(ffmpeg) = tool("ffmpeg", "apt-get install ffmpeg") else { return };
    let (_dir, a, b) = written("ffmpeg");
    let (ours, whole) = (ffmpeg_frames(&ffmpeg, &a), ffmpeg_frames(&ffmpeg, &b));
    assert!(!ours.is_empty());
    assert!(ours == whole, "ffmpeg decodes {} bytes against {}", ours.len(), whole.len());
}
