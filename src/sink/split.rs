//! The split sink: one PNG per frame in a folder, `frame-<k>.png` with k zero-padded to the width
//! of the largest frame number written.
//!
//! Contract: frames are compressed to PNG on the worker threads; each file appears whole (written
//! to a temporary and renamed); if the run fails or stops before [`Sink::finish`], the files this
//! run wrote are removed again, so a folder never holds part of a split.

use super::{Encode, Frame, Sink, Stream};
use crate::encode::png::write_png;
use crate::output::OutputFile;
use crate::render::canvas::IndexedImage;
use crate::render::palette::Palette;
use crate::Error;
use std::io::Write;
use std::path::PathBuf;

/// Writes each frame it is given as `DIR/frame-<k>.png`.
pub struct SplitSink {
    dir: PathBuf,
    digits: usize,
    written: Vec<PathBuf>,
    bytes: u64,
    finished: bool,
}

impl SplitSink {
    /// Files go into `dir` (which must exist); `largest_step` is the largest frame number that will
    /// be written (it sets the zero padding).
    pub fn new(dir: impl Into<PathBuf>, largest_step: usize) -> Self {
        let digits = largest_step.to_string().len();
        SplitSink { dir: dir.into(), digits, written: Vec::new(), bytes: 0, finished: false }
    }

    /// File name of frame `step`: `frame-<k>.png`, zero-padded.
    pub fn file_name(&self, step: usize) -> String {
        format!("frame-{step:0width$}.png", width = self.digits)
    }

    /// The files written, in order.
    pub fn files(&self) -> &[PathBuf] {
        &self.written
    }

    /// Bytes written in all.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }
}

/// Compresses frames to PNG files' bytes on the worker threads.
pub struct PngEncoder(Palette);

impl Encode for PngEncoder {
    type Encoded = (usize, Vec<u8>);

    fn encode(&self, _before: Option<&IndexedImage>, frame: &Frame<'_>) -> Result<(usize, Vec<u8>), Error> {
        let mut png = Vec::new();
        write_png(&mut png, frame.image, &self.0)?;
        Ok((frame.step, png))
    }
}

impl Sink for SplitSink {
    type Encoder = PngEncoder;

    fn start(&mut self, stream: &Stream<'_>) -> Result<PngEncoder, Error> {
        if !self.dir.is_dir() {
            return Err(Error::output(&self.dir, "is not a folder; create it first"));
        }
        Ok(PngEncoder(stream.palette.clone()))
    }

    fn write(&mut self, (step, png): (usize, Vec<u8>)) -> Result<(), Error> {
        let path = self.dir.join(self.file_name(step));
        let mut file = OutputFile::create(&path)?;
        file.write_all(&png).map_err(|e| Error::output(&path, &format!("cannot be written: {e}")))?;
        self.bytes += file.commit()?;
        self.written.push(path);
        Ok(())
    }

    fn finish(&mut self) -> Result<(), Error> {
        self.finished = true;
        Ok(())
    }
}

impl Drop for SplitSink {
    fn drop(&mut self) {
        if !self.finished {
            for path in &self.written {
                let _ = std::fs::remove_file(path);
            }
        }
    }
}
