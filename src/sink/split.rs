//! The split sink: one PNG per frame in a folder, `frame-<k>.png` with k zero-padded to the width
//! of the largest frame number written.
//!
//! Contract: frames are compressed to PNG on the worker threads; every file is written to a hidden
//! temporary, and only [`Sink::finish`] renames them all into place (a [`Batch`]): a run
//! that fails or stops leaves the folder as it was.

use super::{Encode, Frame, Sink, Stream};
use crate::draw::raster::canvas::IndexedImage;
use crate::draw::raster::palette::Palette;
use crate::encode::png::write_png;
use crate::error::Error;
use crate::output::{Batch, OutputFile};
use std::io::Write;
use std::path::PathBuf;

/// Writes each frame it is given as `DIR/frame-<k>.png`.
pub struct SplitSink {
    dir: PathBuf,
    digits: usize,
    batch: Option<Batch>,
    written: Vec<PathBuf>,
    bytes: u64,
}

impl SplitSink {
    /// Files go into `dir` (which must exist); `largest_step` is the largest frame number that will
    /// be written (it sets the zero padding).
    pub fn new(dir: impl Into<PathBuf>, largest_step: usize) -> Self {
        let digits = largest_step.to_string().len();
        SplitSink { dir: dir.into(), digits, batch: Some(Batch::new()), written: Vec::new(), bytes: 0 }
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
        write_png(&mut png, frame.image, self.0.colors())?;
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
        let batch = self.batch.as_mut().ok_or(Error::SinkState("frame after finish"))?;
        let mut file = OutputFile::create(&path)?;
        file.write_all(&png).map_err(|e| Error::output(&path, &format!("cannot be written: {e}")))?;
        self.bytes += batch.add(file)?;
        self.written.push(path);
        Ok(())
    }

    fn finish(&mut self) -> Result<(), Error> {
        self.batch.take().ok_or(Error::SinkState("finished twice"))?.commit()
    }
}
