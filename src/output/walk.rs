//! The folder walk every output path takes before anything is created or written.
//!
//! Contract: [`walk`] resolves a path one component at a time, as the kernel would, but looks at
//! each component with `lstat` and follows a link only when `check_link` allows it: in every
//! folder component, not only the last. It returns the real path (no link left in it), or says
//! that a folder on the way is missing, or that the path ends in a link inside /proc (an open
//! file, such as /dev/stdout's, written in place). Links inside /proc are the kernel's, never
//! checked. The walk does not hold the folders open: a component swapped between the walk and the
//! write is not seen (the temporary is still created exclusively, so an existing file is never
//! opened through a link).

use super::guard::check_link;
use crate::error::Error;
use std::collections::VecDeque;
use std::ffi::OsString;
use std::io;
use std::path::{Component, Path, PathBuf};

/// Where a walk ends.
#[derive(Debug, PartialEq)]
pub enum Walked {
    /// The real path: an existing file or folder, or a free name in an existing folder.
    Real(PathBuf),
    /// A folder on the way does not exist.
    FolderMissing,
    /// The path ends in a link inside /proc: an open file, written where it is.
    Magic,
}

/// One step of a walk.
enum Step {
    Root,
    Parent,
    Name(OsString),
}

/// The most links one walk follows (the kernel's limit).
const MAX_LINKS: usize = 40;

/// Resolve `path` (an output, or a folder for outputs) component by component, refusing links
/// another user could have planted (`check_link`); errors name `path`.
pub fn walk(path: &Path) -> Result<Walked, Error> {
    let open_error = |source| Error::OutputOpen { path: path.to_path_buf(), source };
    if path.as_os_str().is_empty() {
        return Err(open_error(io::Error::from(io::ErrorKind::NotFound)));
    }
    let mut todo = steps(path);
    let mut done = if path.is_absolute() { PathBuf::from("/") } else { std::env::current_dir().map_err(open_error)? };
    let mut links = 0;
    while let Some(step) = todo.pop_front() {
        let name = match step {
            Step::Root => {
                done = PathBuf::from("/");
                continue;
            }
            Step::Parent => {
                done.pop();
                continue;
            }
            Step::Name(name) => name,
        };
        let here = done.join(&name);
        let last = todo.is_empty();
        match std::fs::symlink_metadata(&here) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let kernels = here.starts_with("/proc");
                if kernels && last {
                    return Ok(Walked::Magic);
                }
                links += 1;
                if links > MAX_LINKS {
                    return Err(open_error(io::Error::other("too many levels of symbolic links")));
                }
                if !kernels {
                    check_link(&here, &meta, &done, path)?;
                }
                let to = std::fs::read_link(&here).map_err(open_error)?;
                // A relative link goes on from the folder it is in (`done`); an absolute one from /.
                for step in steps(&to).into_iter().rev() {
                    todo.push_front(step);
                }
            }
            Ok(meta) if last || meta.is_dir() => done = here,
            Ok(_) => return Err(open_error(io::Error::from(io::ErrorKind::NotADirectory))),
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                return Ok(if last { Walked::Real(here) } else { Walked::FolderMissing });
            }
            Err(e) => return Err(open_error(e)),
        }
    }
    Ok(Walked::Real(done))
}

/// `path`'s components as steps (`.` dropped).
fn steps(path: &Path) -> VecDeque<Step> {
    path.components()
        .filter_map(|component| match component {
            Component::RootDir | Component::Prefix(_) => Some(Step::Root),
            Component::ParentDir => Some(Step::Parent),
            Component::Normal(name) => Some(Step::Name(name.to_os_string())),
            Component::CurDir => None,
        })
        .collect()
}
