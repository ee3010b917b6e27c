//! Guards on what an output may replace: checks the kernel would make if we let it follow links,
//! and the limits of file names.
//!
//! Contract: [`check_link`] (asked by the folder walk for every link on an output's path) refuses
//! a link in a sticky world-writable folder owned by neither the caller nor the folder's owner
//! (the kernel's protected_symlinks rule, which our own link following would bypass) and another
//! user's link in a folder that is not the caller's; [`check_writable`] refuses a file the caller
//! could not open for writing (as `cp` does); [`check_own_folder`] refuses a folder another user
//! owns; [`temporary_prefix`] keeps a temporary's name within 255 bytes.

use crate::error::Error;
use std::fs::Metadata;
use std::io;
use std::os::unix::fs::MetadataExt;
use std::path::Path;

/// Whether the link `link` (its metadata `meta`), in the real folder `folder`, may be followed on
/// the way to the output `target`. Links of the caller's own always may. Refused: a link in a sticky
/// world-writable folder owned by neither the caller nor the folder's owner (the kernel's
/// protected_symlinks rule, which our own link following would bypass), and a link of another
/// user's (not root) in a folder that is not the caller's (whoever owns the folder or the link
/// could point it at a file of the caller's, or root's).
pub(super) fn check_link(link: &Path, meta: &Metadata, folder: &Path, target: &Path) -> Result<(), Error> {
    let Ok(holder) = std::fs::metadata(folder) else { return Ok(()) };
    let (owner, me) = (meta.uid(), effective_uid());
    if Some(owner) == me {
        return Ok(());
    }
    let sticky_world_writable = holder.mode() & 0o1002 == 0o1002;
    let (path, link) = (target.to_path_buf(), link.to_path_buf());
    if sticky_world_writable && owner != holder.uid() {
        return Err(Error::OutputPlantedLink { path, link, folder: folder.to_path_buf(), owner });
    }
    if owner != 0 && me.is_some_and(|me| holder.uid() != me) {
        return Err(Error::OutputForeignLink { path, link, owner, folder_owner: holder.uid() });
    }
    Ok(())
}

/// Refuse to replace a file the caller could not open for writing (as `cp` refuses): renaming
/// over it would only need the folder's permission.
pub(super) fn check_writable(real: &Path, meta: &Metadata) -> Result<(), Error> {
    match std::fs::OpenOptions::new().write(true).open(real) {
        Err(e) if e.kind() == io::ErrorKind::PermissionDenied => {
            Err(Error::OutputNotWritable { path: real.to_path_buf(), mode: meta.mode() & 0o7777, owner: meta.uid() })
        }
        _ => Ok(()),
    }
}

/// Refuse a folder (or a link to one) that belongs to another user, such as an `output/` someone
/// else made where a run writes by default: whoever owns it can plant links in it. A folder that
/// does not exist yet passes.
pub fn check_own_folder(folder: &Path) -> Result<(), Error> {
    let mine = effective_uid();
    for meta in [std::fs::symlink_metadata(folder), std::fs::metadata(folder)].into_iter().flatten() {
        if Some(meta.uid()) != mine {
            return Err(Error::OutputForeignFolder { folder: folder.to_path_buf(), owner: meta.uid() });
        }
    }
    Ok(())
}

/// The caller's effective user id (from /proc/self/status; None where that cannot be read).
fn effective_uid() -> Option<u32> {
    static UID: std::sync::OnceLock<Option<u32>> = std::sync::OnceLock::new();
    *UID.get_or_init(|| {
        let status = std::fs::read_to_string("/proc/self/status").ok()?;
        let line = status.lines().find(|l| l.starts_with("Uid:"))?;
        line.split_whitespace().nth(2)?.parse().ok()
    })
}

/// `.NAME.` for the temporary of NAME, cut so that the whole temporary name (6 random characters
/// and `.tmp` follow) stays within the 255 bytes a file name may have.
pub(super) fn temporary_prefix(name: &std::ffi::OsStr) -> std::ffi::OsString {
    use std::os::unix::ffi::OsStrExt;
    const NAME_MAX: usize = 255;
    let keep = NAME_MAX - ".".len() - ".".len() - 6 - ".tmp".len();
    let bytes = name.as_bytes();
    let mut prefix = b".".to_vec();
    prefix.extend_from_slice(&bytes[..bytes.len().min(keep)]);
    prefix.push(b'.');
    std::ffi::OsStr::from_bytes(&prefix).to_os_string()
}
