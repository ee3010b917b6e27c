//! Write-to-temporary-then-rename output files.
//!
//! Contract: [`AtomicFile::create`] opens a hidden temporary file beside the target; only
//! [`AtomicFile::commit`] renames it into place. Dropping it uncommitted deletes the temporary.

use crate::Error;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// Temporary files not yet committed or dropped, for [`remove_temporaries`].
static PENDING: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn forget(temp: &Path) {
    if let Ok(mut pending) = PENDING.lock() {
        pending.retain(|p| p != temp);
    }
}

/// Delete every temporary file still open (call from a Ctrl-C handler before exiting: the
/// process then ends without running destructors).
pub fn remove_temporaries() {
    if let Ok(pending) = PENDING.lock() {
        for temp in pending.iter() {
            let _ = std::fs::remove_file(temp);
        }
    }
}

/// An output file that appears at its path only when the run succeeds.
pub struct AtomicFile {
    target: PathBuf,
    temp: PathBuf,
    writer: Option<BufWriter<File>>,
}

impl AtomicFile {
    /// Create the temporary file beside `target` (its folder must exist).
    pub fn create(target: &Path) -> Result<Self, Error> {
        if target.is_dir() {
            return Err(Error::output(target, "is a directory; give a file name"));
        }
        let name = target.file_name().ok_or_else(|| Error::output(target, "has no file name"))?;
        let folder = target.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
        if !folder.is_dir() {
            return Err(Error::output(target, "is in a folder that does not exist; create it first"));
        }
        let temp = folder.join(format!(".{}.{}.tmp", name.to_string_lossy(), std::process::id()));
        let file = File::create(&temp).map_err(|e| Error::output(target, &format!("cannot be written: {e}")))?;
        if let Ok(mut pending) = PENDING.lock() {
            pending.push(temp.clone());
        }
        Ok(AtomicFile { target: target.to_path_buf(), temp, writer: Some(BufWriter::with_capacity(1 << 16, file)) })
    }

    /// Path of the temporary file (for cleanup on interruption).
    pub fn temp_path(&self) -> &Path {
        &self.temp
    }

    /// Flush, sync and rename into place; returns the final size in bytes.
    pub fn commit(mut self) -> Result<u64, Error> {
        let writer = self.writer.take().expect("writer present until commit");
        let file = writer
            .into_inner()
            .map_err(|e| Error::output(&self.target, &format!("cannot be written: {}", e.error())))?;
        file.sync_all().map_err(|e| Error::output(&self.target, &format!("cannot be written: {e}")))?;
        let bytes = file.metadata().map(|m| m.len()).unwrap_or(0);
        let renamed = std::fs::rename(&self.temp, &self.target);
        if renamed.is_err() {
            let _ = std::fs::remove_file(&self.temp);
        }
        forget(&self.temp);
        renamed.map_err(|e| Error::output(&self.target, &format!("cannot be written: {e}")))?;
        Ok(bytes)
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.writer.as_mut().expect("writer present until commit").write(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.writer.as_mut().expect("writer present until commit").flush()
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if self.writer.take().is_some() {
            let _ = std::fs::remove_file(&self.temp);
            forget(&self.temp);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dropped_file_leaves_nothing() {
        let dir = std::env::temp_dir().join(format!("queens-atomic-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let target = dir.join("out.gif");
        {
            let mut f = AtomicFile::create(&target).unwrap();
            f.write_all(b"half").unwrap();
        }
        assert!(!target.exists());
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
        let mut f = AtomicFile::create(&target).unwrap();
        f.write_all(b"whole").unwrap();
        assert_eq!(f.commit().unwrap(), 5);
        assert_eq!(std::fs::read(&target).unwrap(), b"whole");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
