//! Output files: atomic replacement, write-through symlinks, batches, and full disks simulated
//! by a fault-injecting writer (no privileges needed).

use super::*;
use crate::pipeline::Animation;
use crate::scene::RenderOptions;
use crate::solve::SolveOptions;
use crate::stills;

fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("queens-output-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Names in `dir`, sorted.
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> =
        std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    names
}

/// A disk that fills up after `room` bytes.
struct FullDisk {
    room: usize,
}

impl Write for FullDisk {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.room == 0 {
            return Err(io::Error::from_raw_os_error(28));
        }
        let n = buf.len().min(self.room);
        self.room -= n;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[test]
fn dropped_file_leaves_nothing_and_commit_renames() {
    let dir = folder("drop");
    let target = dir.join("out.gif");
    {
        let mut f = OutputFile::create(&target).unwrap();
        f.write_all(b"half").unwrap();
        assert_eq!(listing(&dir).len(), 1, "the temporary exists while writing");
        assert!(listing(&dir)[0].starts_with(".out.gif."), "{:?}", listing(&dir));
    }
    assert_eq!(listing(&dir), Vec::<String>::new());
    let mut f = OutputFile::create(&target).unwrap();
    f.write_all(b"whole").unwrap();
    assert_eq!(f.commit().unwrap(), 5);
    assert_eq!(std::fs::read(&target).unwrap(), b"whole");
    assert_eq!(listing(&dir), ["out.gif"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn temporaries_have_unguessable_names() {
    let dir = folder("names");
    let target = dir.join("a.png");
    let (a, b) = (OutputFile::create(&target).unwrap(), OutputFile::create(&target).unwrap());
    let names = listing(&dir);
    assert_eq!(names.len(), 2);
    assert_ne!(names[0], names[1]);
    assert!(names
        .iter()
        .all(|n| n.starts_with(".a.png.") && n.ends_with(".tmp") && !n.contains(&std::process::id().to_string())));
    drop((a, b));
    assert!(listing(&dir).is_empty());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_full_disk_keeps_the_old_file_and_names_it() {
    let dir = folder("full");
    let target = dir.join("board.png");
    std::fs::write(&target, b"old").unwrap();
    let mut f = OutputFile::create(&target).unwrap();
    f.fail_after = Some(100);
    let e =
        stills::write_board(8, &[0, 4, 7, 5, 2, 6, 1, 3], &RenderOptions::default(), crate::sink::Format::Png, &mut f)
            .unwrap_err();
    let message = e.to_string();
    assert!(message.contains("board.png") && message.contains("No space left"), "{message}");
    drop(f);
    assert_eq!(listing(&dir), ["board.png"]);
    assert_eq!(std::fs::read(&target).unwrap(), b"old");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn encoders_report_a_full_disk_instead_of_panicking_or_hanging() {
    for room in [0, 10, 1000] {
        let e = stills::write_board(
            8,
            &[0, 4, 7, 5, 2, 6, 1, 3],
            &RenderOptions::default(),
            crate::sink::Format::Png,
            FullDisk { room },
        );
        assert!(e.unwrap_err().to_string().contains("No space left"), "board, room {room}");
        let mut options = SolveOptions::new(6);
        options.until = crate::solve::Until::All;
        let e = crate::animate(&options, &Animation::new(), FullDisk { room }).unwrap_err();
        assert!(e.to_string().contains("No space left"), "animation, room {room}: {e}");
    }
}

#[test]
fn symlinks_are_written_through() {
    let dir = folder("links");
    std::fs::create_dir(dir.join("real")).unwrap();
    std::fs::write(dir.join("real/a.gif"), b"old").unwrap();
    std::os::unix::fs::symlink("real/a.gif", dir.join("link.gif")).unwrap();
    std::os::unix::fs::symlink("link.gif", dir.join("link2.gif")).unwrap();
    let mut f = OutputFile::create(&dir.join("link2.gif")).unwrap();
    f.write_all(b"new").unwrap();
    assert_eq!(listing(&dir.join("real")).len(), 2, "the temporary sits beside the real file");
    f.commit().unwrap();
    assert!(std::fs::symlink_metadata(dir.join("link.gif")).unwrap().file_type().is_symlink());
    assert!(std::fs::symlink_metadata(dir.join("link2.gif")).unwrap().file_type().is_symlink());
    assert_eq!(std::fs::read(dir.join("real/a.gif")).unwrap(), b"new");
    assert_eq!(listing(&dir.join("real")), ["a.gif"]);
    // A dangling link: the file is created where it points.
    std::os::unix::fs::symlink("real/b.gif", dir.join("dangling.gif")).unwrap();
    let mut f = OutputFile::create(&dir.join("dangling.gif")).unwrap();
    f.write_all(b"b").unwrap();
    f.commit().unwrap();
    assert_eq!(std::fs::read(dir.join("real/b.gif")).unwrap(), b"b");
    assert!(std::fs::symlink_metadata(dir.join("dangling.gif")).unwrap().file_type().is_symlink());
    // Dangling into a folder that does not exist: refused, nothing created.
    std::os::unix::fs::symlink("nowhere/c.gif", dir.join("lost.gif")).unwrap();
    let e = OutputFile::create(&dir.join("lost.gif")).err().unwrap();
    assert!(matches!(e, Error::OutputFolderMissing { .. }), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn modes_follow_the_umask_or_the_old_file() {
    let dir = folder("modes");
    let new = dir.join("new.png");
    let mut f = OutputFile::create(&new).unwrap();
    f.write_all(b"x").unwrap();
    f.commit().unwrap();
    // Like File::create: 0666 less the umask (not tempfile's private 0600).
    let reference = dir.join("reference");
    File::create(&reference).unwrap();
    let mode = |p: &Path| std::fs::metadata(p).unwrap().mode() & 0o777;
    assert_eq!(mode(&new), mode(&reference));
    std::fs::set_permissions(&new, Permissions::from_mode(0o640)).unwrap();
    let mut f = OutputFile::create(&new).unwrap();
    f.write_all(b"y").unwrap();
    f.commit().unwrap();
    assert_eq!(mode(&new), 0o640);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn folders_and_missing_folders_are_refused() {
    let dir = folder("refused");
    assert!(matches!(OutputFile::create(&dir).err().unwrap(), Error::OutputIsFolder { .. }));
    let e = OutputFile::create(&dir.join("no/such/a.gif")).err().unwrap();
    assert!(matches!(e, Error::OutputFolderMissing { .. }), "{e}");
    let e = OutputFile::create(&dir.join("newdir/")).err().unwrap();
    assert!(matches!(e, Error::OutputFolderMissing { .. }), "{e}");
    assert!(listing(&dir).is_empty());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn batches_appear_together_or_not_at_all() {
    let dir = folder("batch");
    std::fs::write(dir.join("b"), b"old").unwrap();
    let mut batch = Batch::new();
    for name in ["a", "b", "c"] {
        let mut f = OutputFile::create(&dir.join(name)).unwrap();
        f.write_all(name.as_bytes()).unwrap();
        assert_eq!(batch.add(f).unwrap(), 1);
    }
    assert_eq!(listing(&dir).len(), 4, "three temporaries and the old file");
    drop(batch);
    assert_eq!(listing(&dir), ["b"]);
    assert_eq!(std::fs::read(dir.join("b")).unwrap(), b"old");
    let mut batch = Batch::new();
    for name in ["a", "b", "c"] {
        let mut f = OutputFile::create(&dir.join(name)).unwrap();
        f.write_all(name.as_bytes()).unwrap();
        batch.add(f).unwrap();
    }
    batch.commit().unwrap();
    assert_eq!(listing(&dir), ["a", "b", "c"]);
    assert_eq!(std::fs::read(dir.join("b")).unwrap(), b"b");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_failed_rename_removes_what_the_batch_created() {
    let dir = folder("batch-rename");
    let mut batch = Batch::new();
    for name in ["a", "b", "c"] {
        let mut f = OutputFile::create(&dir.join(name)).unwrap();
        f.write_all(name.as_bytes()).unwrap();
        batch.add(f).unwrap();
    }
    // A folder appears at b's name after it was written: renaming a file over it fails.
    std::fs::create_dir(dir.join("b")).unwrap();
    std::fs::write(dir.join("b/keep"), b"k").unwrap();
    let e = batch.commit().unwrap_err();
    assert!(e.to_string().contains(&dir.join("b").display().to_string()), "{e}");
    assert_eq!(listing(&dir), ["b"]);
    assert_eq!(listing(&dir.join("b")), ["keep"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn open_files_named_through_proc_are_written_in_place() {
    use std::os::fd::AsRawFd;
    let dir = folder("proc");
    let real = dir.join("open.gif");
    let open = File::create(&real).unwrap();
    let inode = std::fs::metadata(&real).unwrap().ino();
    let through_proc = PathBuf::from(format!("/proc/self/fd/{}", open.as_raw_fd()));
    let mut f = OutputFile::create(&through_proc).unwrap();
    f.write_all(b"in place").unwrap();
    f.commit().unwrap();
    assert_eq!(std::fs::metadata(&real).unwrap().ino(), inode, "the same file, not a replacement");
    assert_eq!(std::fs::read(&real).unwrap(), b"in place");
    assert_eq!(listing(&dir), ["open.gif"]);
    drop(open);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_walk_resolves_links_in_every_component_as_the_kernel_does() {
    let dir = folder("walk");
    std::fs::create_dir_all(dir.join("a/b")).unwrap();
    std::os::unix::fs::symlink("a", dir.join("l")).unwrap();
    std::os::unix::fs::symlink("../..", dir.join("a/b/up")).unwrap();
    std::os::unix::fs::symlink(dir.join("l/b"), dir.join("abs")).unwrap();
    std::fs::write(dir.join("a/b/f"), b"x").unwrap();
    for path in ["l/b/f", "a/b/up/l/b/f", "l/../a/./b/f", "abs/up/a/b/f", "abs/f"] {
        let walked = walk(&dir.join(path)).unwrap();
        assert_eq!(walked, Walked::Real(dir.join(path).canonicalize().unwrap()), "{path}");
    }
    let free = walk(&dir.join("abs/up/new.png")).unwrap();
    assert_eq!(free, Walked::Real(dir.canonicalize().unwrap().join("new.png")));
    assert_eq!(walk(&dir.join("l/missing/new.png")).unwrap(), Walked::FolderMissing);
    let e = walk(&dir.join("a/b/f/g")).unwrap_err();
    assert!(matches!(e, Error::OutputOpen { .. }), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_file_in_place_of_a_folder_is_named_in_plain_words() {
    let dir = folder("file-in-place");
    std::fs::write(dir.join("taken"), b"x").unwrap();
    let message = MadeFolders::create(&dir.join("taken").join("inner")).err().unwrap().to_string();
    assert!(message.contains("a file of that name is there, not a folder"), "{message}");
    assert!(!message.contains("entity already exists"), "{message}");
    let _ = std::fs::remove_dir_all(&dir);
}
