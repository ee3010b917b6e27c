//! The run's inputs (a trace, a puzzle file, a theme file), so that no output replaces one.
//!
//! Contract: whatever reads an input file registers it with [`register_input`], under the words
//! messages call it ("the puzzle file", "the trace"); [`super::OutputFile::create`] refuses to
//! replace a registered input (same device and inode: also through a link or a hard link), naming
//! it. [`registered_input`] answers the same question for checks made before anything is read
//! (the command line's, which name the flag too); [`file_key`] is what both compare.

use super::walk::{walk, Walked};
use crate::error::Error;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

/// What identifies a file: device and inode when it exists, else the real path it would be
/// created at (after the folder walk).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileKey {
    /// An existing regular file.
    Inode(u64, u64),
    /// A name not taken yet, as a real path.
    Path(PathBuf),
}

/// An input this run reads: its file, what messages call it and the path it was given as.
struct Input {
    key: (u64, u64),
    what: String,
    path: PathBuf,
}

static INPUTS: Mutex<Vec<Input>> = Mutex::new(Vec::new());

fn inputs() -> MutexGuard<'static, Vec<Input>> {
    INPUTS.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Record that this run reads `path` as `what` (such as "the puzzle file"), so that no output of
/// the run replaces it. Stdin (`-`), special files and paths that cannot be read are left out (no
/// output replaces them anyway); a file registered again takes the newer words.
pub fn register_input(path: &Path, what: &str) {
    let Some(FileKey::Inode(dev, ino)) = (path != Path::new("-")).then(|| file_key(path)).flatten() else {
        return;
    };
    let mut inputs = inputs();
    inputs.retain(|input| input.key != (dev, ino));
    inputs.push(Input { key: (dev, ino), what: what.to_string(), path: path.to_path_buf() });
}

/// The registered input that `key` is, as (what it is, the path it was given as).
pub fn registered_input(key: &FileKey) -> Option<(String, PathBuf)> {
    let FileKey::Inode(dev, ino) = key else { return None };
    inputs().iter().find(|input| input.key == (*dev, *ino)).map(|input| (input.what.clone(), input.path.clone()))
}

/// Refuse the output `target` when the existing file it would replace (`meta`) is an input.
pub(super) fn check_not_input(target: &Path, meta: &std::fs::Metadata) -> Result<(), Error> {
    match registered_input(&FileKey::Inode(meta.dev(), meta.ino())) {
        Some((input, input_path)) => Err(Error::OutputIsInput { path: target.to_path_buf(), input, input_path }),
        None => Ok(()),
    }
}

/// `path`'s [`FileKey`]; None for special files and folders (never replaced), and for paths the
/// folder walk refuses or cannot finish (opening them says why).
pub fn file_key(path: &Path) -> Option<FileKey> {
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_file() => Some(FileKey::Inode(meta.dev(), meta.ino())),
        Ok(_) => None,
        Err(_) => match walk(path) {
            Ok(Walked::Real(real)) => Some(FileKey::Path(real)),
            _ => None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_registered_input_is_found_through_links_and_named_by_its_reader() {
        let dir = tempfile::tempdir().unwrap();
        let puzzle = dir.path().join("p.txt");
        std::fs::write(&puzzle, "....\n").unwrap();
        std::os::unix::fs::symlink(&puzzle, dir.path().join("link.txt")).unwrap();
        std::fs::hard_link(&puzzle, dir.path().join("hard.txt")).unwrap();
        register_input(&puzzle, "the trace");
        register_input(&puzzle, "the puzzle file");
        for name in ["p.txt", "link.txt", "hard.txt"] {
            let key = file_key(&dir.path().join(name)).unwrap();
            assert_eq!(registered_input(&key), Some(("the puzzle file".to_string(), puzzle.clone())), "{name}");
        }
        assert_eq!(registered_input(&file_key(&dir.path().join("new.txt")).unwrap()), None);
        // Other tests' files may get this inode once the folder is gone.
        inputs().retain(|input| input.path != puzzle);
    }
}
