//! Output targets: files that appear whole or not at all, special files written in place, stdout.
//!
//! Contract: [`OutputFile::create`] looks at what the path is before writing.
//! - A regular file, or a name not taken yet, is written to a temporary beside it (created
//!   exclusively, O_EXCL, with an unguessable name that stays within 255 bytes, so a planted
//!   symlink is never followed) and only [`OutputFile::commit`] renames it into place. Dropping
//!   the [`OutputFile`] uncommitted, as any error does, deletes the temporary: an existing file
//!   keeps its old content. A file the caller could not open for writing (mode 0444, another
//!   user's file) is refused, as `cp` refuses it, rather than renamed over. A temporary that
//!   cannot be removed after a failed rename (its folder turned read-only) is named in the error.
//! - Every path goes through one folder walk first (walk.rs): each component, folders
//!   included, is looked at without following it, and a link is followed only when its owner is
//!   trusted: not a link in a sticky world-writable folder (such as /tmp) owned by neither the
//!   caller nor the folder's owner (the kernel's protected_symlinks rule, on every component), nor
//!   another user's link in a folder that is not the caller's. So a symlink is written through: the
//!   link stays a link and the file it points to (created when the link dangles into an existing
//!   folder) is replaced atomically, its temporary beside it.
//! - A file the run reads ([`inputs::register_input`]: a trace, a puzzle file, a theme file, the
//!   file or pipe standard input reads from) is never replaced or written into by an output,
//!   whatever the path (`/dev/stdin`, `/proc/self/fd/0`, a link): refused, naming the input.
//! - Anything else (character devices such as /dev/null, named pipes, sockets, /dev/stdout) is
//!   written directly and never replaced, renamed or deleted.
//! - [`OutputFile::stdout`] writes to standard output.
//!
//! Every write error names the target ([`Error::OutputWrite`], also inside the `io::Error` an
//! encoder sees). [`Batch`] commits several files together; [`MadeFolders`] makes folders for
//! outputs through the same walk; [`remove_temporaries`] is for signal handlers, which end the
//! process without running destructors.

pub mod children;
mod folders;
mod guard;
pub mod inputs;
mod walk;

pub use folders::MadeFolders;
pub use guard::check_own_folder;
use guard::{check_writable, temporary_prefix};
pub use inputs::{file_key, register_input, registered_input, stdin_key, stdout_key, FileKey};
use walk::{walk, Walked};

use crate::error::Error;
use std::fs::{File, Metadata, Permissions};
use std::io::{self, BufWriter, Write};
use std::os::unix::fs::{FileTypeExt, MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};
use tempfile::TempPath;

/// Temporaries not yet committed or dropped, for [`remove_temporaries`]; `closing` once it ran.
struct Registry {
    pending: Vec<PathBuf>,
    closing: bool,
}

static REGISTRY: Mutex<Registry> = Mutex::new(Registry { pending: Vec::new(), closing: false });

fn registry() -> MutexGuard<'static, Registry> {
    REGISTRY.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Delete every temporary still pending and refuse new ones. Call it from a signal handler just
/// before exiting: temporaries are created and renamed while holding the same lock, so none is
/// left behind and no half-renamed state is seen.
pub fn remove_temporaries() {
    children::kill_all();
    let mut registry = registry();
    registry.closing = true;
    for temp in registry.pending.drain(..) {
        let _ = std::fs::remove_file(temp);
    }
}

/// True once [`remove_temporaries`] has run (the process is exiting: start no helper program).
pub(crate) fn closing() -> bool {
    registry().closing
}

/// A temporary file's path, registered while it exists; dropping it deletes the file.
struct Temp(Option<TempPath>);

impl Temp {
    /// Rename over `real` (the registry is locked by the caller). When that fails the temporary
    /// is removed; if it cannot be (its folder turned read-only), the error carries its path.
    fn persist(mut self, real: &Path, registry: &mut Registry) -> Result<(), (io::Error, Option<PathBuf>)> {
        let temp = self.0.take().expect("temporary present until persisted");
        registry.pending.retain(|p| p.as_path() != &*temp);
        temp.persist(real).map_err(|e| {
            let left = std::fs::remove_file(&e.path).is_err() && e.path.exists();
            let path = e.path.keep().ok();
            (e.error, path.filter(|_| left))
        })
    }
}

impl Drop for Temp {
    fn drop(&mut self) {
        if let Some(temp) = self.0.take() {
            let mut registry = registry();
            registry.pending.retain(|p| p.as_path() != &*temp);
            drop(temp);
        }
    }
}

enum Destination {
    /// A temporary that replaces `real` on commit; `existed` when `real` was there before.
    Replace { writer: BufWriter<File>, temp: Temp, real: PathBuf, existed: bool },
    /// Written where it is: special files and stdout.
    Direct(BufWriter<Box<dyn Write + Send>>),
    /// Written to an anonymous temporary file, copied where it goes (`to`) on commit.
    Held { spool: BufWriter<File>, to: BufWriter<Box<dyn Write + Send>> },
}

/// An output target opened for writing; see the module comment for what happens to each kind.
pub struct OutputFile {
    target: PathBuf,
    sink: Option<Destination>,
    written: u64,
    #[cfg(test)]
    fail_after: Option<u64>,
}

const BUFFER: usize = 1 << 16;

impl OutputFile {
    /// Open `target` for writing (see the module comment). A new file's folder must exist.
    pub fn create(target: &Path) -> Result<Self, Error> {
        let open_error = |source| Error::OutputOpen { path: target.to_path_buf(), source };
        let found = std::fs::metadata(target);
        if let Ok(meta) = &found {
            inputs::check_not_input(target, meta)?;
        }
        match found {
            Ok(meta) if meta.is_dir() => Err(Error::OutputIsFolder { path: target.to_path_buf() }),
            Ok(meta) if meta.is_file() => match walk(target)? {
                Walked::Real(real) => {
                    check_writable(&real, &meta)?;
                    Self::replace(target, &real, Some(&meta))
                }
                Walked::Magic => Self::direct(target, &meta),
                Walked::FolderMissing => Err(Error::OutputFolderMissing { path: target.to_path_buf() }),
            },
            Ok(meta) => walk(target).and_then(|_| Self::direct(target, &meta)),
            Err(e) if e.kind() == io::ErrorKind::NotFound => match walk(target)? {
                Walked::Real(real) if !target.as_os_str().as_encoded_bytes().ends_with(b"/") => {
                    Self::replace(target, &real, None)
                }
                _ => Err(Error::OutputFolderMissing { path: target.to_path_buf() }),
            },
            Err(e) => Err(open_error(e)),
        }
    }

    /// Standard output (the caller decides whether a terminal is acceptable).
    pub fn stdout() -> Self {
        let out: Box<dyn Write + Send> = Box::new(io::stdout());
        Self::new(PathBuf::from("standard output"), Destination::Direct(BufWriter::with_capacity(BUFFER, out)))
    }

    /// This output, but a special file or stdout gets nothing until [`OutputFile::commit`]: what
    /// is written waits in an anonymous temporary file (deleted by the system however the run
    /// ends), so a failed run sends nothing there, as it leaves no file. For text that goes out
    /// with the run's end anyway (a transcript); images keep streaming.
    pub fn held(mut self) -> Result<Self, Error> {
        if matches!(self.sink, Some(Destination::Direct(_))) {
            let spool =
                tempfile::tempfile().map_err(|source| Error::OutputOpen { path: self.target.clone(), source })?;
            if let Some(Destination::Direct(to)) = self.sink.take() {
                self.sink = Some(Destination::Held { spool: BufWriter::with_capacity(BUFFER, spool), to });
            }
        }
        Ok(self)
    }

    fn new(target: PathBuf, sink: Destination) -> Self {
        OutputFile {
            target,
            sink: Some(sink),
            written: 0,
            #[cfg(test)]
            fail_after: None,
        }
    }

    /// A temporary beside `real`, with the old file's permissions and owner when it exists.
    fn replace(target: &Path, real: &Path, old: Option<&Metadata>) -> Result<Self, Error> {
        let missing = || Error::OutputFolderMissing { path: target.to_path_buf() };
        let name = real.file_name().ok_or_else(|| Error::OutputIsFolder { path: target.to_path_buf() })?;
        let folder = real.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
        let folder = folder.canonicalize().map_err(|_| missing())?;
        if !folder.is_dir() {
            return Err(missing());
        }
        let real = folder.join(name);
        let mode = old.map_or(0o666, |m| m.mode() & 0o777);
        let mut builder = tempfile::Builder::new();
        let prefix = temporary_prefix(name);
        builder.prefix(&prefix).suffix(".tmp").permissions(Permissions::from_mode(mode));
        let mut registry = registry();
        if registry.closing {
            return Err(Error::OutputStopped { path: target.to_path_buf() });
        }
        let temp =
            builder.tempfile_in(&folder).map_err(|source| Error::OutputOpen { path: target.to_path_buf(), source })?;
        registry.pending.push(temp.path().to_path_buf());
        drop(registry);
        let (file, temp) = temp.into_parts();
        let temp = Temp(Some(temp));
        if let Some(old) = old {
            // Exact mode (creation applied the umask), and the old owner where we may set it.
            let _ = file.set_permissions(Permissions::from_mode(mode));
            let _ = std::os::unix::fs::fchown(&file, Some(old.uid()), Some(old.gid()));
        }
        let writer = BufWriter::with_capacity(BUFFER, file);
        Ok(Self::new(target.to_path_buf(), Destination::Replace { writer, temp, real, existed: old.is_some() }))
    }

    /// Open a special file where it is: sockets are connected to, everything else opened for writing.
    fn direct(target: &Path, meta: &Metadata) -> Result<Self, Error> {
        let open_error = |source| Error::OutputOpen { path: target.to_path_buf(), source };
        let out: Box<dyn Write + Send> = if meta.file_type().is_socket() {
            Box::new(std::os::unix::net::UnixStream::connect(target).map_err(open_error)?)
        } else {
            Box::new(std::fs::OpenOptions::new().write(true).open(target).map_err(open_error)?)
        };
        Ok(Self::new(target.to_path_buf(), Destination::Direct(BufWriter::with_capacity(BUFFER, out))))
    }

    /// The path as given (or "standard output").
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// Flush, sync and rename into place (special files and stdout: flush); returns the bytes written.
    pub fn commit(self) -> Result<u64, Error> {
        let finished = self.finish()?;
        let bytes = finished.bytes;
        finished.persist(&mut registry())?;
        Ok(bytes)
    }

    /// Everything but the rename: flushed, synced and closed.
    fn finish(mut self) -> Result<Finished, Error> {
        let write_error = |source| Error::OutputWrite { path: self.target.clone(), source };
        let temp = match self.sink.take().expect("sink present until commit") {
            Destination::Replace { writer, temp, real, existed } => {
                let file = writer.into_inner().map_err(|e| write_error(e.into_error()))?;
                file.sync_all().map_err(write_error)?;
                Some((temp, real, existed))
            }
            Destination::Direct(mut writer) => {
                writer.flush().map_err(write_error)?;
                None
            }
            Destination::Held { spool, mut to } => {
                let mut spool = spool.into_inner().map_err(|e| write_error(e.into_error()))?;
                io::Seek::rewind(&mut spool).map_err(write_error)?;
                io::copy(&mut spool, &mut to).map_err(write_error)?;
                to.flush().map_err(write_error)?;
                None
            }
        };
        Ok(Finished { target: std::mem::take(&mut self.target), temp, bytes: self.written })
    }

    /// `e` as the io::Error an encoder sees: same kind, message naming the target.
    fn name_error(&self, e: io::Error) -> io::Error {
        if e.get_ref().is_some_and(|inner| inner.is::<Error>()) {
            return e;
        }
        io::Error::new(e.kind(), Error::OutputWrite { path: self.target.clone(), source: e })
    }

    fn writer(&mut self) -> &mut dyn Write {
        match self.sink.as_mut().expect("sink present until commit") {
            Destination::Replace { writer, .. } => writer,
            Destination::Direct(writer) => writer,
            Destination::Held { spool, .. } => spool,
        }
    }
}

impl Write for OutputFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        #[cfg(test)]
        if self.fail_after.is_some_and(|limit| self.written + buf.len() as u64 > limit) {
            return Err(self.name_error(io::Error::from_raw_os_error(28)));
        }
        match self.writer().write(buf) {
            Ok(n) => {
                self.written += n as u64;
                Ok(n)
            }
            Err(e) => Err(self.name_error(e)),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        self.writer().flush().map_err(|e| self.name_error(e))
    }
}

impl Drop for OutputFile {
    /// An unfinished special file or stdout gets nothing more: what is still buffered is dropped.
    /// (An unfinished temporary is deleted by its own `Temp`.)
    fn drop(&mut self) {
        if let Some(Destination::Direct(writer)) = self.sink.take() {
            let _ = writer.into_parts();
        }
    }
}

/// A written, closed output waiting to be renamed into place.
struct Finished {
    target: PathBuf,
    /// The temporary, the real path it replaces, and whether that existed; None when written directly.
    temp: Option<(Temp, PathBuf, bool)>,
    bytes: u64,
}

impl Finished {
    /// Rename into place; returns the path created when nothing was there before.
    fn persist(self, registry: &mut Registry) -> Result<Option<PathBuf>, Error> {
        let Some((temp, real, existed)) = self.temp else { return Ok(None) };
        temp.persist(&real, registry).map_err(|(source, left)| match left {
            Some(temp) => Error::OutputTemporaryLeft { path: self.target.clone(), temp, source },
            None => Error::OutputWrite { path: self.target.clone(), source },
        })?;
        if let Some(folder) = real.parent() {
            // Make the rename itself durable; a folder that cannot be synced is no error.
            let _ = File::open(folder).and_then(|f| f.sync_all());
        }
        Ok((!existed).then_some(real))
    }
}

/// Several outputs that appear together: each is written to its temporary by [`Batch::add`], and
/// only [`Batch::commit`] renames them all. Dropping the batch deletes every temporary.
#[derive(Default)]
pub struct Batch {
    files: Vec<Finished>,
}

impl Batch {
    /// An empty batch.
    pub fn new() -> Self {
        Batch::default()
    }

    /// Flush, sync and close `file`, keeping it hidden until [`Batch::commit`]; returns its bytes.
    /// The error names the file that failed.
    pub fn add(&mut self, file: OutputFile) -> Result<u64, Error> {
        let finished = file.finish()?;
        let bytes = finished.bytes;
        self.files.push(finished);
        Ok(bytes)
    }

    /// Rename every file into place, in order. If one rename fails, the files this batch created
    /// are removed again (files it replaced keep their new content) and the error names the one
    /// that failed.
    pub fn commit(self) -> Result<(), Error> {
        let mut registry = registry();
        let mut created = Vec::new();
        let mut files = self.files.into_iter();
        for file in files.by_ref() {
            match file.persist(&mut registry) {
                Ok(new) => created.extend(new),
                Err(e) => {
                    for path in created {
                        let _ = std::fs::remove_file(path);
                    }
                    drop(registry);
                    drop(files);
                    return Err(e);
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
