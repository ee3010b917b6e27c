//! Hostile surroundings (issue 24): the player losing its terminal or getting SIGTERM, ffmpeg's
//! temporary in a $TMPDIR with planted names, a huge video hold, links planted by another user,
//! outputs that name inputs, a closed stdout, 255-byte names, failed runs' folders (files the
//! caller may not write and a folder turned read-only mid-run: `hostile_other_user.rs`).
//! Everything happens inside each test's own temporary folder (TMPDIR pointed there for ffmpeg);
//! tests that need tmux, ffmpeg or root and a second uid skip with a reason, and fail instead when
//! QUEENS_REQUIRE_TOOLS=1.

use crate::support::tools::{is_root, skip, tool};
use crate::support::{listing, run_queens, stderr, temp_dir};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// The unprivileged uid (and gid) the root-only tests act as: `nobody`.
pub(crate) const OTHER: u32 = 65534;

pub(crate) fn queens() -> Command {
    Command::new(env!("CARGO_BIN_EXE_queens"))
}

/// Exit code 1 or 2 (`code`) with one line on stderr containing every one of `words`.
pub(crate) fn refused(out: &Output, code: i32, words: &[&str]) {
    let text = stderr(out);
    assert_eq!(out.status.code(), Some(code), "{text}");
    assert_eq!(text.lines().count(), 1, "one line: {text}");
    for word in words {
        assert!(text.contains(word), "{word:?} in {text}");
    }
}

/// True when running as root (tests that need a second uid); else skips (or fails, see there).
pub(crate) fn root(test: &str) -> bool {
    if !is_root() {
        skip(&format!("{test}: needs root to act as a second user (uid {OTHER})"));
    }
    is_root()
}

pub(crate) fn chmod(path: &Path, mode: u32) {
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

/// Wait up to `limit` for `path` to hold a whole line; how long it took.
fn wait_for_line(path: &Path, limit: Duration) -> Option<Duration> {
    let start = Instant::now();
    while start.elapsed() < limit {
        // The shell creates the file before it writes the line: wait for the line's end.
        if std::fs::read_to_string(path).is_ok_and(|text| text.ends_with('\n')) {
            return Some(start.elapsed());
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    None
}

/// A private tmux server (its socket in the test's folder), killed when dropped.
struct Tmux(PathBuf);

impl Tmux {
    fn run(&self, args: &[&str]) -> Output {
        Command::new("tmux").arg("-S").arg(&self.0).args(args).output().expect("tmux runs")
    }

    /// A session running `command` in an 80x30 window.
    fn start(dir: &Path, command: &str) -> Tmux {
        let tmux = Tmux(dir.join("tmux.sock"));
        let out = tmux.run(&["-f", "/dev/null", "new-session", "-d", "-s", "t", "-x", "80", "-y", "30", command]);
        assert!(out.status.success(), "{}", stderr(&out));
        tmux
    }

    fn screen_shows(&self, text: &str) -> bool {
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(10) {
            if String::from_utf8_lossy(&self.run(&["capture-pane", "-p", "-t", "t"]).stdout).contains(text) {
                return true;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        false
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = self.run(&["kill-server"]);
    }
}

/// `queens play 5` in tmux, its exit code written to `exit` by a shell that ignores SIGHUP
/// (`setsid -w` keeps the terminal's SIGHUP away from queens: only the terminal's loss remains).
fn player(dir: &Path, setsid: bool) -> Tmux {
    let prefix = if setsid { "setsid -w " } else { "" };
    let command = format!(
        "cd '{}' && trap '' HUP; sh -c 'echo $$ > pid; exec {prefix}{} play 5'; echo $? > exit",
        dir.display(),
        env!("CARGO_BIN_EXE_queens")
    );
    let tmux = Tmux::start(dir, &command);
    assert!(tmux.screen_shows("step "), "the player started");
    tmux
}

#[test]
fn play_exits_when_its_terminal_goes_away_or_on_sigterm() {
    if tool("tmux", "apt-get install tmux").is_none() || tool("setsid", "apt-get install util-linux").is_none() {
        return;
    }
    let dir = temp_dir("hostile-out", "play");
    // The terminal goes away with and without its SIGHUP reaching the player: exit 129 in a second.
    for setsid in [true, false] {
        let _ = std::fs::remove_file(dir.join("exit"));
        let tmux = player(&dir, setsid);
        let _ = tmux.run(&["kill-server"]);
        let took = wait_for_line(&dir.join("exit"), Duration::from_secs(5));
        let took = took.unwrap_or_else(|| panic!("setsid {setsid}: the player still runs 5 s after its terminal went"));
        assert!(took < Duration::from_millis(1500), "setsid {setsid}: exited after {took:?}");
        let code = std::fs::read_to_string(dir.join("exit")).unwrap();
        assert_eq!(code.trim(), "129", "setsid {setsid}");
    }
    // SIGTERM while the terminal is there: exit 143, the terminal given back.
    let _ = std::fs::remove_file(dir.join("exit"));
    let tmux = player(&dir, false);
    let pid = std::fs::read_to_string(dir.join("pid")).unwrap();
    assert!(Command::new("kill").args(["-TERM", pid.trim()]).status().unwrap().success());
    assert!(wait_for_line(&dir.join("exit"), Duration::from_secs(1)).is_some(), "exited within a second of SIGTERM");
    assert_eq!(std::fs::read_to_string(dir.join("exit")).unwrap().trim(), "143");
    drop(tmux);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Names the old video temporary (`.queens-<PID>-0.mp4`) could take for the next 2,000
/// processes: a link to `bait`, a folder or a named pipe, in turn.
fn plant_old_names(tmp: &Path, bait: &Path) {
    let next = Command::new("true").spawn().unwrap().id();
    let mut fifos = Vec::new();
    for pid in next..next + 2000 {
        for ext in ["mp4", "webm"] {
            let name = tmp.join(format!(".queens-{pid}-0.{ext}"));
            match pid % 3 {
                0 => std::os::unix::fs::symlink(bait, &name).unwrap(),
                1 => std::fs::create_dir(&name).unwrap(),
                _ => fifos.push(name),
            }
        }
    }
    assert!(Command::new("mkfifo").args(&fifos).status().unwrap().success());
}

#[test]
fn video_temporaries_ignore_planted_names_and_survive_sigkill() {
    if tool("ffmpeg", "apt-get install ffmpeg").is_none() || tool("mkfifo", "apt-get install coreutils").is_none() {
        return;
    }
    let dir = temp_dir("hostile-out", "video-tmp");
    let tmp = dir.join("tmp");
    std::fs::create_dir(&tmp).unwrap();
    let bait = dir.join("precious.txt");
    std::fs::write(&bait, "keep me").unwrap();
    plant_old_names(&tmp, &bait);
    let planted = listing(&tmp);
    for (format, name) in [("mp4", "a.mp4"), ("webm", "a.webm")] {
        let out = queens()
            .args(["animate", "4", "--bare", "--square", "20", "--format", format, "-o", name])
            .current_dir(&dir)
            .env("TMPDIR", &tmp)
            .output()
            .unwrap();
        assert!(out.status.success(), "{format}: {}", stderr(&out));
        assert!(std::fs::metadata(dir.join(name)).unwrap().len() > 0);
    }
    assert_eq!(std::fs::read_to_string(&bait).unwrap(), "keep me", "the planted link was not written through");
    assert_eq!(listing(&tmp), planted, "nothing added to or removed from TMPDIR");
    // SIGKILL mid-run: nothing appears in TMPDIR (ffmpeg's file has no name).
    let empty = dir.join("empty-tmp");
    std::fs::create_dir(&empty).unwrap();
    let mut child = queens()
        .args(["animate", "8", "--until", "all", "--bare", "--square", "20", "-o", "killed.mp4", "-q"])
        .current_dir(&dir)
        .env("TMPDIR", &empty)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(700));
    child.kill().unwrap();
    child.wait().unwrap();
    std::thread::sleep(Duration::from_millis(500));
    assert_eq!(listing(&empty), Vec::<String>::new(), "no ffmpeg temporary left in TMPDIR");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_huge_video_hold_is_one_picture_not_one_per_tick() {
    if tool("ffmpeg", "apt-get install ffmpeg").is_none() || tool("ffprobe", "apt-get install ffmpeg").is_none() {
        return;
    }
    let dir = temp_dir("hostile-out", "video-hold");
    let start = Instant::now();
    let out = run_queens(&dir, &["animate", "4", "--bare", "--square", "20", "--end-hold", "655350", "-o", "h.mp4"]);
    assert!(out.status.success(), "{}", stderr(&out));
    // Before: 13,172 frames of 20 ms ticks, 7.4 s; now 15 frames, a fraction of a second.
    assert!(start.elapsed() < Duration::from_secs(30), "took {:?}", start.elapsed());
    let probe = Command::new("ffprobe")
        .args(["-v", "error", "-count_frames", "-select_streams", "v:0"])
        .args(["-show_entries", "stream=nb_read_frames:format=duration", "-of", "default=noprint_wrappers=1"])
        .arg(dir.join("h.mp4"))
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&probe.stdout);
    // 14 pictures of the 4x4 run (frame 0 held 1000 ms, two dead ends 500 ms, ten delays of
    // 250 ms), the last held 655,350 ms, sent again one tick before the end.
    assert!(text.contains("nb_read_frames=15"), "{text}");
    assert!(text.contains("duration=659.850000"), "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn links_planted_by_another_user_and_foreign_output_folders_are_refused() {
    if !root("links_planted_by_another_user") {
        return;
    }
    let dir = temp_dir("hostile-out", "planted");
    let secret = dir.join("secret");
    std::fs::create_dir(&secret).unwrap();
    chmod(&secret, 0o700);
    let target = secret.join("root-only.gif");
    std::fs::write(&target, "root's").unwrap();
    let shared = dir.join("shared");
    std::fs::create_dir(&shared).unwrap();
    chmod(&shared, 0o1777);
    for (name, points_to) in [("x.gif", target.clone()), ("new.gif", secret.join("created.gif"))] {
        let link = shared.join(name);
        std::os::unix::fs::symlink(&points_to, &link).unwrap();
        std::os::unix::fs::lchown(&link, Some(OTHER), Some(OTHER)).unwrap();
        let out = run_queens(&dir, &["animate", "4", "-o", &format!("shared/{name}")]);
        refused(&out, 1, &["refusing", "shared", "uid 65534"]);
    }
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "root's");
    assert!(!secret.join("created.gif").exists());
    // The same link owned by the caller is written through, as the kernel would follow it.
    std::os::unix::fs::lchown(shared.join("x.gif"), Some(0), Some(0)).unwrap();
    let out = run_queens(&dir, &["animate", "4", "--bare", "--square", "20", "-o", "shared/x.gif"]);
    assert!(out.status.success(), "{}", stderr(&out));
    // An output/ another user made (and planted a link in) is refused as the default folder.
    let output = dir.join("output");
    std::fs::create_dir(&output).unwrap();
    std::os::unix::fs::chown(&output, Some(OTHER), Some(OTHER)).unwrap();
    std::os::unix::fs::symlink(&target, output.join("queens-4x4-backtrack-first.gif")).unwrap();
    std::fs::write(&target, "root's").unwrap();
    for args in [&["animate", "4"][..], &["boards", "4"]] {
        refused(&run_queens(&dir, args), 1, &["refusing", "output", "uid 65534"]);
    }
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "root's");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_output_that_names_an_input_is_refused() {
    let dir = temp_dir("hostile-out", "same-file");
    assert!(run_queens(&dir, &["trace", "4", "-o", "t.json"]).status.success());
    std::fs::write(dir.join("th.json"), r#"{"base": "default"}"#).unwrap();
    std::os::unix::fs::symlink("t.json", dir.join("link.json")).unwrap();
    std::fs::hard_link(dir.join("t.json"), dir.join("hard.json")).unwrap();
    let trace = std::fs::read(dir.join("t.json")).unwrap();
    let cases: [(&[&str], &[&str]); 9] = [
        (&["render", "t.json", "-o", "t.json"], &["-o t.json", "the trace t.json"]),
        (&["render", "t.json", "--format", "gif", "-o", "t.json"], &["-o t.json", "the trace t.json"]),
        (&["render", "t.json", "-o", "link.json"], &["-o link.json", "the trace t.json"]),
        (&["render", "t.json", "-o", "hard.json"], &["-o hard.json", "the trace t.json"]),
        (&["frames", "t.json", "--atlas", "t.json"], &["--atlas t.json", "the trace t.json"]),
        (
            &["board", "4", "2,4,1,3", "--theme-file", "th.json", "-o", "th.json"],
            &["-o th.json", "--theme-file th.json"],
        ),
        (&["sheet", "4", "-o", "x.png", "--atlas", "x.png"], &["-o x.png", "--atlas x.png"]),
        (&["sheet", "4", "-o", "x.png", "--atlas", "./x.png"], &["-o x.png", "--atlas ./x.png"]),
        (&["animate", "4", "-o", "x.gif", "--trace-out", "x.gif"], &["-o x.gif", "--trace-out x.gif"]),
    ];
    for (args, words) in cases {
        refused(&run_queens(&dir, args), 2, words);
    }
    assert_eq!(std::fs::read(dir.join("t.json")).unwrap(), trace, "the trace is intact");
    assert_eq!(std::fs::read_to_string(dir.join("th.json")).unwrap(), r#"{"base": "default"}"#);
    assert!(!dir.join("x.png").exists() && !dir.join("x.gif").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_closed_stdout_fails_the_run() {
    let dir = temp_dir("hostile-out", "stdout-closed");
    let out = Command::new("sh")
        .args(["-c", r#"exec "$0" "$@" >&-"#, env!("CARGO_BIN_EXE_queens"), "animate", "4", "-o", "x.gif"])
        .current_dir(&dir)
        .output()
        .unwrap();
    refused(&out, 1, &["cannot write standard output"]);
    assert_eq!(listing(&dir), Vec::<String>::new(), "nothing written");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Standard output on /dev/null opened read-write (Python's `subprocess.DEVNULL`, systemd's
/// `StandardOutput=null`) is open, not closed: the run goes ahead.
#[test]
fn stdout_on_dev_null_read_write_is_not_closed() {
    let dir = temp_dir("hostile-out", "stdout-null");
    let null = std::fs::OpenOptions::new().read(true).write(true).open("/dev/null").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(["animate", "4", "-o", "x.gif"])
        .current_dir(&dir)
        .stdout(null)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(listing(&dir), vec!["x.gif".to_string()]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn names_up_to_255_bytes_are_written() {
    let dir = temp_dir("hostile-out", "long-names");
    for length in [244, 250, 255] {
        let name = format!("{}.gif", "q".repeat(length - 4));
        let out = run_queens(&dir, &["animate", "4", "--bare", "--square", "20", "-o", &name]);
        assert!(out.status.success(), "{length} bytes: {}", stderr(&out));
        assert!(dir.join(&name).exists());
    }
    assert_eq!(listing(&dir).len(), 3, "no temporary left: {:?}", listing(&dir));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn failed_split_and_boards_runs_remove_the_folders_they_made() {
    let dir = temp_dir("hostile-out", "made-folders");
    let bad = r#"{"n":4,"algorithm":"backtrack","events":[{"event":"place","row":0,"col":0},{"event":"place","row":0,"col":0}]}"#;
    std::fs::write(dir.join("bad.json"), bad).unwrap();
    let out = run_queens(&dir, &["frames", "bad.json", "--split", "a/b/c"]);
    refused(&out, 1, &["event 2"]);
    let out = run_queens(&dir, &["boards", "4", "-o", "d/e", "--theme", "auto"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert_eq!(listing(&dir), vec!["bad.json".to_string()], "no folder left behind");
    std::fs::remove_dir_all(&dir).unwrap();
}
