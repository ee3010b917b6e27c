//! The run's inputs (a trace, a puzzle file, a theme file), so that no output replaces one.
//!
//! Contract: whatever reads an input file registers it with [`register_input`], under the words
//! messages call it ("the puzzle file", "the trace"); [`super::OutputFile::create`] refuses to
//! replace a registered input (same device and inode: also through a link or a hard link), naming
//! it. [`registered_input`] answers the same question for checks made before anything is read
//! (the command line's, which name the flag too); [`file_key`] is what both compare.
//! Standard input counts as a file too: registered as `-`, it is the file, pipe or socket fd 0
//! reads from ([`stdin_key`]), so `-o /dev/stdin` or `/proc/self/fd/0` is refused as well; pipes
//! and sockets have keys (an output naming the pipe being read is refused, not written into it),
//! terminals and other character devices do not (`/dev/null` may take several outputs).

use super::walk::{walk, Walked};
use crate::error::Error;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

/// What identifies a file: device and inode when it exists, else the real path it would be
/// created at (after the folder walk).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileKey {
    /// An existing regular file, pipe or socket.
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
/// the run replaces it. `-` is standard input (named "(standard input)" in messages). Terminals,
/// character devices and paths that cannot be read are left out (no output replaces them anyway);
/// a file registered again takes the newer words.
pub fn register_input(path: &Path, what: &str) {
    let (key, path) =
        if path == Path::new("-") { (stdin_key(), Path::new(STDIN_NAME)) } else { (file_key(path), path) };
    let Some(FileKey::Inode(dev, ino)) = key else {
        return;
    };
    let mut inputs = inputs();
    inputs.retain(|input| input.key != (dev, ino));
    inputs.push(Input { key: (dev, ino), what: what.to_string(), path: path.to_path_buf() });
}

/// What messages call standard input in place of a path.
pub const STDIN_NAME: &str = "(standard input)";

/// The file, pipe or socket standard input reads from (None for a terminal or another device).
pub fn stdin_key() -> Option<FileKey> {
    use std::os::fd::AsFd;
    fd_key(std::io::stdin().as_fd())
}

/// The file, pipe or socket standard output writes to (None for a terminal, `/dev/null`, ...):
/// an output path with this key is standard output however it is spelled (`/dev/stdout`,
/// `/proc/self/fd/1`, the file `>` redirected to).
pub fn stdout_key() -> Option<FileKey> {
    use std::os::fd::AsFd;
    fd_key(std::io::stdout().as_fd())
}

fn fd_key(fd: std::os::fd::BorrowedFd<'_>) -> Option<FileKey> {
    let meta = std::fs::File::from(fd.try_clone_to_owned().ok()?).metadata().ok()?;
    has_key(&meta).then(|| FileKey::Inode(meta.dev(), meta.ino()))
}

/// Regular files, pipes and sockets: what two writers (or a writer and a reader) would spoil.
fn has_key(meta: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::FileTypeExt;
    let kind = meta.file_type();
    kind.is_file() || kind.is_fifo() || kind.is_socket()
}

/// The registered input that `key` is, as (what it is, the path it was given as).
pub fn registered_input(key: &FileKey) -> Option<(String, PathBuf)> {
    let FileKey::Inode(dev, ino) = key else { return None };
    inputs().iter().find(|input| input.key == (*dev, *ino)).map(|input| (input.what.clone(), input.path.clone()))
}

/// Refuse the output `target` when the existing file it would replace or write into (`meta`) is
/// an input.
pub(super) fn check_not_input(target: &Path, meta: &std::fs::Metadata) -> Result<(), Error> {
    match registered_input(&FileKey::Inode(meta.dev(), meta.ino())) {
        Some((input, input_path)) => Err(Error::OutputIsInput { path: target.to_path_buf(), input, input_path }),
        None => Ok(()),
    }
}

/// `path`'s [`FileKey`]; None for devices and folders, and for paths the folder walk refuses or
/// cannot finish (opening them says why).
pub fn file_key(path: &Path) -> Option<FileKey> {
    match std::fs::metadata(path) {
        Ok(meta) if has_key(&meta) => Some(FileKey::Inode(meta.dev(), meta.ino())),
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
