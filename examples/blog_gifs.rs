//! Renders the MathWorks blog post's two animations — the 5x5 run (no backtracking needed) and the
//! 6x6 run — through the library API, into `output/`.
//!
//! `cargo run --release --example blog_gifs`

use queens::{Animation, OutputFile, SolveOptions, Until};
use std::path::Path;

fn main() -> Result<(), queens::Error> {
    std::fs::create_dir_all("output")?;
    for n in [5, 6] {
        let mut options = SolveOptions::new(n);
        options.until = Until::First;
        let mut animation = Animation::new();
        animation.look.coords = true;
        animation.timing.delay_ms = 400;
        let path = format!("output/blog-{n}x{n}.gif");
        let mut file = OutputFile::create(Path::new(&path))?;
        let summary = queens::animate(&options, &animation, &mut file)?;
        let bytes = file.commit()?;
        println!("{path}: {} frames, {}x{} px, {bytes} bytes", summary.frames, summary.width, summary.height);
    }
    Ok(())
}
