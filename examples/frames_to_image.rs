//! A run's frames as `image::RgbaImage`s (feature `image`), saved as PNGs with the `image` crate.
//!
//! `cargo run --example frames_to_image --features image -- 5 /tmp/frames` writes
//! `/tmp/frames/frame-000.png`, ... and the solved board as `/tmp/frames/board.png`. Frames are drawn
//! one at a time as the loop pulls them: no file is written and decoded again, and memory stays flat.
//! (Saving PNGs needs the `image` crate's `png` feature, which this example's dev-dependency has.)

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().unwrap_or_else(|| "5".into()).parse()?;
    let dir = std::path::PathBuf::from(args.next().unwrap_or_else(|| "output/frames".into()));
    std::fs::create_dir_all(&dir)?;
    let trace = queens::record(&queens::SolveOptions::new(n), queens::DEFAULT_MAX_FRAMES)?;
    let mut played_ms = 0;
    for (i, frame) in queens::frames(&trace, &queens::Animation::new())?.enumerate() {
        let (picture, delay_ms) = frame?;
        picture.save(dir.join(format!("frame-{i:03}.png")))?;
        played_ms += delay_ms;
    }
    let queens::Event::Solution { queens } = trace.events.last().ok_or("no events")? else {
        return Err("the run ended without a solution".into());
    };
    queens::board_image(n, queens, &queens::RenderOptions::default())?.save(dir.join("board.png"))?;
    println!("{}: {} frames, {:.1} s of animation", dir.display(), trace.frame_count(), played_ms as f64 / 1000.0);
    Ok(())
}
