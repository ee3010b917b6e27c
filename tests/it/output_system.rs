//! Output rules that need a tool or root: a terminal (`script`), `strace` (every created file opened
//! with O_EXCL), device nodes (`mknod`, root) and a full disk (a 64 KiB tmpfs, root). Each test
//! prints why it skips; with QUEENS_REQUIRE_TOOLS=1 a missing tool fails it instead. Everything
//! happens inside the test's own temporary folder (device nodes are made there, not used in /dev).

use crate::support::tools::{is_root, skip_unsupported, tool};
use crate::support::{self, listing, run_queens as queens, stderr};
use std::os::unix::fs::FileTypeExt;
use std::path::{Path, PathBuf};
use std::process::Command;

fn temp_dir(name: &str) -> crate::support::TempFolder {
    support::temp_dir("output-system", name)
}

#[test]
fn a_terminal_is_refused_binary() {
    if tool("script", "apt-get install bsdutils").is_none() {
        return;
    }
    let dir = temp_dir("tty");
    let command = format!("'{}' animate 5 -o -", env!("CARGO_BIN_EXE_queens"));
    // script gives the run a pseudo-terminal as stdout and copies what it shows to our pipe.
    let out = Command::new("script").args(["-eqc", &command, "/dev/null"]).current_dir(&dir).output().unwrap();
    let shown = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = shown.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    assert_eq!(lines, ["error: refusing to write binary to a terminal; use -o FILE or a pipe"], "{shown:?}");
    assert_eq!(out.status.code(), Some(2), "{shown:?}");
    assert!(listing(&dir).is_empty());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn every_created_file_is_opened_with_o_excl() {
    if tool("strace", "apt-get install strace").is_none() {
        return;
    }
    let dir = temp_dir("strace");
    std::fs::write(dir.join("old.gif"), b"old").unwrap();
    let runs: [&[&str]; 4] = [
        &["animate", "5", "-o", "old.gif"],
        &["animate", "5", "--trace-out", "t.json", "-o", "new.gif"],
        &["sheet", "6", "--atlas", "atlas.json", "-o", "sheet.png"],
        &["boards", "6", "-o", "boards"],
    ];
    for args in runs {
        let log = dir.join("strace.log");
        let out = Command::new("strace")
            .args(["-f", "-e", "trace=open,openat,creat", "-o"])
            .arg(&log)
            .arg(env!("CARGO_BIN_EXE_queens"))
            .args(args)
            .current_dir(&dir)
            .output()
            .unwrap();
        if !out.status.success() && !log.exists() {
            skip_unsupported(&format!("strace cannot trace here: {}", stderr(&out).trim()));
            return;
        }
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        let trace = std::fs::read_to_string(&log).unwrap();
        std::fs::remove_file(&log).unwrap();
        let creating: Vec<&str> = trace.lines().filter(|l| l.contains("O_CREAT") || l.contains("creat(")).collect();
        assert!(!creating.is_empty(), "{args:?}: no file created?\n{trace}");
        for line in creating {
            assert!(line.contains("O_EXCL"), "{args:?}: created without O_EXCL: {line}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `mknod DIR/name c MAJOR MINOR` (root, `mknod` checked by the caller), when the folder allows
/// device nodes (is not mounted `nodev`).
fn device(dir: &Path, name: &str, major: &str, minor: &str) -> Option<PathBuf> {
    let path = dir.join(name);
    assert!(Command::new("mknod").arg(&path).args(["c", major, minor]).status().unwrap().success());
    if let Err(e) = std::fs::OpenOptions::new().write(true).open(&path) {
        skip_unsupported(&format!("device nodes cannot be opened in {} ({e})", dir.display()));
        return None;
    }
    Some(path)
}

fn is_char_device(path: &Path) -> bool {
    std::fs::symlink_metadata(path).unwrap().file_type().is_char_device()
}

#[test]
fn device_nodes_are_written_in_place() {
    if !is_root() {
        return skip_unsupported("device nodes need root");
    }
    if tool("mknod", "apt-get install coreutils").is_none() {
        return;
    }
    let dir = temp_dir("devices");
    let (Some(null), Some(full)) = (device(&dir, "null", "1", "3"), device(&dir, "full", "1", "7")) else {
        return;
    };
    let out = queens(&dir, &["animate", "5", "-o", "null"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(is_char_device(&null));
    let out = queens(&dir, &["sheet", "6", "-o", "full"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("cannot write full") && err.contains("No space left"), "{err}");
    assert!(is_char_device(&full));
    assert_eq!(listing(&dir), ["full", "null"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A 64 KiB tmpfs mounted at a folder; unmounted when dropped.
struct SmallDisk(PathBuf);

impl SmallDisk {
    fn mount(at: PathBuf) -> Option<SmallDisk> {
        if !is_root() {
            skip_unsupported("mounting a tmpfs needs root");
            return None;
        }
        tool("mount", "apt-get install mount")?;
        std::fs::create_dir(&at).unwrap();
        let out = Command::new("mount").args(["-t", "tmpfs", "-o", "size=64k", "tmpfs"]).arg(&at).output().unwrap();
        if !out.status.success() {
            skip_unsupported(&format!("cannot mount a tmpfs here: {}", stderr(&out).trim()));
            return None;
        }
        Some(SmallDisk(at))
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
    }
}

#[test]
fn a_full_disk_leaves_the_folder_exactly_as_it_was() {
    let dir = temp_dir("full-disk");
    let Some(disk) = SmallDisk::mount(dir.join("disk")) else { return };
    let old = vec![7u8; 20_000];
    std::fs::write(disk.0.join("a.gif"), &old).unwrap();
    // animate 6 is 109 KB, more than the disk holds.
    let out = queens(&dir, &["animate", "6", "-o", "disk/a.gif"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.starts_with("error: cannot write disk/a.gif: No space left") && err.lines().count() == 1, "{err}");
    assert_eq!(listing(&disk.0), ["a.gif"]);
    assert_eq!(std::fs::read(disk.0.join("a.gif")).unwrap(), old);
    // boards 8: 92 PNGs do not fit either; neither the new folder nor the disk keeps anything.
    for target in ["disk/boards", "disk"] {
        let out = queens(&dir, &["boards", "8", "-o", target]);
        assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
        let err = stderr(&out);
        assert!(err.contains(&format!("cannot write {target}/queens-8x8-")) && err.lines().count() == 1, "{err}");
        assert_eq!(listing(&disk.0), ["a.gif"], "{target}");
    }
    assert_eq!(std::fs::read(disk.0.join("a.gif")).unwrap(), old);
    drop(disk);
    std::fs::remove_dir_all(&dir).unwrap();
}
