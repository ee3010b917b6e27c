//! Folders a run makes for its outputs (`--split DIR`, `boards -o DIR`), so that a failed run can
//! remove them again.
//!
//! Contract: [`MadeFolders::create`] makes a folder and whichever folders on its way are missing,
//! as `mkdir -p` does (`s1/../s2` makes `s1` and `s2`), each one where the folder walk leads (a
//! link another user planted on the way is refused before anything is made);
//! [`MadeFolders::remove`] removes those it made, innermost first, while they are empty.

use super::walk::{walk, Walked};
use crate::error::Error;
use std::io;
use std::path::{Component, Path, PathBuf};

/// The folders one call of [`MadeFolders::create`] made, outermost first.
#[derive(Debug)]
pub struct MadeFolders(Vec<PathBuf>);

impl MadeFolders {
    /// Create `dir` and whichever folders on its way are missing, remembering those it made.
    pub fn create(dir: &Path) -> Result<Self, Error> {
        let mut made = MadeFolders(Vec::new());
        let mut prefix = PathBuf::new();
        for component in dir.components() {
            prefix.push(component);
            if matches!(component, Component::RootDir | Component::CurDir | Component::Prefix(_)) {
                continue;
            }
            if let Err(e) = made.make(&prefix) {
                made.remove();
                return Err(e);
            }
        }
        Ok(made)
    }

    /// Make the folder `prefix` leads to unless it exists.
    fn make(&mut self, prefix: &Path) -> Result<(), Error> {
        let cannot = |source| Error::FolderCreate { folder: prefix.to_path_buf(), source };
        let real = match walk(prefix)? {
            Walked::Real(real) => real,
            _ => return Err(cannot(io::Error::from(io::ErrorKind::NotFound))),
        };
        match std::fs::symlink_metadata(&real) {
            Ok(meta) if meta.is_dir() => Ok(()),
            Ok(_) => {
                Err(cannot(io::Error::new(io::ErrorKind::AlreadyExists, "a file of that name is there, not a folder")))
            }
            Err(_) => {
                std::fs::create_dir(&real).map_err(cannot)?;
                self.0.push(real);
                Ok(())
            }
        }
    }

    /// The run failed: remove the folders it made (innermost first) while they are empty.
    pub fn remove(self) {
        for folder in self.0.iter().rev() {
            let _ = std::fs::remove_dir(folder);
        }
    }
}
