//! A sink written outside the crate: every frame of a run as its own binary PPM (P6) file.
//!
//! `cargo run --example custom_sink -- 5 /tmp/frames` writes `/tmp/frames/frame-000.ppm`, ...
//! The encoder turns palette indices into RGB on the pipeline's worker threads; the sink writes the
//! files in frame order on the calling thread. Only the public API is used.

use queens::{Encode, Frame, IndexedImage, Rgb, Sink, Stream};
use std::path::PathBuf;

/// Writes `dir/frame-NNN.ppm`, one per frame.
struct PpmFiles {
    dir: PathBuf,
    written: usize,
}

/// Runs on the workers: palette indices to RGB bytes.
struct ToRgb {
    colors: Vec<Rgb>,
}

/// One frame's PPM file contents.
struct Ppm(Vec<u8>);

impl Encode for ToRgb {
    type Encoded = Ppm;

    fn encode(&self, _before: Option<&IndexedImage>, frame: &Frame<'_>) -> queens::Result<Ppm> {
        let image = frame.image;
        let mut bytes = format!("P6\n{} {}\n255\n", image.width, image.height).into_bytes();
        bytes.extend(image.pixels.iter().flat_map(|&index| self.colors[usize::from(index)]));
        Ok(Ppm(bytes))
    }
}

impl Sink for PpmFiles {
    type Encoder = ToRgb;

    fn start(&mut self, stream: &Stream<'_>) -> queens::Result<ToRgb> {
        std::fs::create_dir_all(&self.dir)?;
        Ok(ToRgb { colors: stream.palette.colors().to_vec() })
    }

    fn write(&mut self, ppm: Ppm) -> queens::Result<()> {
        std::fs::write(self.dir.join(format!("frame-{:03}.ppm", self.written)), ppm.0)?;
        self.written += 1;
        Ok(())
    }

    fn finish(&mut self) -> queens::Result<()> {
        Ok(())
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().unwrap_or_else(|| "5".into()).parse()?;
    let dir = PathBuf::from(args.next().unwrap_or_else(|| "output/ppm".into()));
    let trace = queens::record(&queens::SolveOptions::new(n), queens::DEFAULT_MAX_FRAMES)?;
    let mut sink = PpmFiles { dir: dir.clone(), written: 0 };
    let summary = queens::render(&trace, &queens::Animation::new(), &mut sink, &queens::NoProgress)?;
    println!("{}: {} frames, {}x{} px", dir.display(), summary.frames, summary.width, summary.height);
    Ok(())
}
