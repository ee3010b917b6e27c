//! The `image` feature (`cargo test --features image --test it library::`): a run's frames and the
//! stills as `image::RgbaImage`, checked against what the file writers produce, decoded by the
//! `image` crate.
#![cfg(feature = "image")]

use crate::support::decode_gif;
use image::RgbaImage;
use queens::{Animation, Encode, Frame, FrameSpec, IndexedImage, RenderOptions, Selection, Sink, SolveOptions, Stream};

fn trace(n: usize) -> queens::Trace {
    queens::record(&SolveOptions::new(n), queens::DEFAULT_MAX_FRAMES).unwrap()
}

fn gif_frames(trace: &queens::Trace, animation: &Animation) -> Vec<(RgbaImage, u32)> {
    let mut gif = Vec::new();
    queens::render_gif(trace, animation, &mut gif).unwrap();
    decode_gif(&gif)
}

fn pulled(trace: &queens::Trace, animation: &Animation) -> Vec<(RgbaImage, u32)> {
    queens::frames(trace, animation).unwrap().collect::<Result<_, _>>().unwrap()
}

fn assert_same_frames(pulled: &[(RgbaImage, u32)], expected: &[(RgbaImage, u32)]) {
    assert_eq!(pulled.len(), expected.len(), "frame count");
    for (i, ((picture, delay), (want, want_delay))) in pulled.iter().zip(expected).enumerate() {
        assert_eq!(delay, want_delay, "frame {i}'s delay");
        assert_eq!(picture.dimensions(), want.dimensions(), "frame {i}'s size");
        let differing = picture.pixels().zip(want.pixels()).filter(|(a, b)| a != b).count();
        assert_eq!(differing, 0, "frame {i}: {differing} pixels differ from the GIF's");
    }
}

#[test]
fn frames_are_the_gifs_frames_and_delays() {
    let trace = trace(5);
    let animation = Animation::new();
    let frames = pulled(&trace, &animation);
    assert_eq!(frames.len(), trace.frame_count());
    assert!(frames.iter().all(|(picture, _)| picture.pixels().all(|p| p.0[3] == 255)), "every pixel opaque");
    assert_same_frames(&frames, &gif_frames(&trace, &animation));
}

#[test]
fn frames_follow_the_selection_and_the_tree_panel() {
    let trace = trace(6);
    let mut animation = Animation::new();
    animation.selection = Selection { spec: Some("0,5,10-12,last".parse::<FrameSpec>().unwrap()), every: None };
    animation.look.tree = true;
    let frames = pulled(&trace, &animation);
    assert_eq!(frames.len(), 6);
    assert_same_frames(&frames, &gif_frames(&trace, &animation));
}

#[test]
fn frames_refuse_bad_input_up_front() {
    let bad = queens::Trace::new(4, "mine", vec![queens::Event::Remove { row: 0, col: 0 }]);
    assert!(matches!(queens::frames(&bad, &Animation::new()), Err(queens::Error::InvalidTrace { .. })));
    let mut animation = Animation::new();
    animation.max_frames = 3;
    assert!(matches!(queens::frames(&trace(5), &animation), Err(queens::Error::TooManyFrames { limit: 3 })));
}

#[test]
fn frames_are_pulled_one_at_a_time() {
    let trace = trace(8);
    let mut frames = queens::frames(&trace, &Animation::new()).unwrap();
    assert_eq!(frames.size_hint().1, Some(trace.frame_count()));
    let (first, _) = frames.next().unwrap().unwrap();
    assert_eq!(first.dimensions(), frames.size());
    assert_eq!(frames.size_hint().1, Some(trace.frame_count() - 1));
    assert_eq!(frames.count(), trace.frame_count() - 1);
}

fn decode_png(bytes: &[u8]) -> RgbaImage {
    image::load_from_memory_with_format(bytes, image::ImageFormat::Png).unwrap().to_rgba8()
}

#[test]
fn board_and_heatmap_images_are_the_pngs_pixels() {
    let mut options = RenderOptions::default();
    options.coords = true;
    let queens = [0, 4, 7, 5, 2, 6, 1, 3];
    let mut png = Vec::new();
    queens::write_board(8, &queens, &options, queens::Format::Png, &mut png).unwrap();
    assert_eq!(queens::board_image(8, &queens, &options).unwrap(), decode_png(&png));
    let mut png = Vec::new();
    queens::write_heatmap(6, false, &options, queens::Format::Png, &mut png).unwrap();
    assert_eq!(queens::heatmap_image(6, false, &options).unwrap(), decode_png(&png));
    assert!(matches!(queens::board_image(3, &[0, 5, 1], &options), Err(queens::Error::InvalidTrace { .. })));
}

/// A sink keeping `Frame::to_rgba` of every frame.
struct Keep(Vec<RgbaImage>);

struct ToRgba;

impl Encode for ToRgba {
    type Encoded = RgbaImage;

    fn encode(&self, _before: Option<&IndexedImage>, frame: &Frame<'_>) -> queens::Result<RgbaImage> {
        Ok(frame.to_rgba())
    }
}

impl Sink for Keep {
    type Encoder = ToRgba;

    fn start(&mut self, _stream: &Stream<'_>) -> queens::Result<ToRgba> {
        Ok(ToRgba)
    }

    fn write(&mut self, picture: RgbaImage) -> queens::Result<()> {
        self.0.push(picture);
        Ok(())
    }

    fn finish(&mut self) -> queens::Result<()> {
        Ok(())
    }
}

#[test]
fn a_sinks_frames_convert_to_the_same_pictures() {
    let trace = trace(5);
    let mut sink = Keep(Vec::new());
    queens::render(&trace, &Animation::new(), &mut sink, &queens::NoProgress).unwrap();
    let pictures: Vec<RgbaImage> = pulled(&trace, &Animation::new()).into_iter().map(|(p, _)| p).collect();
    assert!(sink.0 == pictures, "Frame::to_rgba in a sink differs from queens::frames");
}
