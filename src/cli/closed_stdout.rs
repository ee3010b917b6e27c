//! Whether the process started with standard output closed (`>&-`), looked at before Rust's
//! runtime starts: the runtime points a closed descriptor 0-2 at /dev/null before `main`, after
//! which a closed stdout and one redirected to /dev/null (read-write, as Python's
//! `subprocess.DEVNULL` opens it) look the same. Contract: [`stdout_was_closed`] is true only when
//! descriptor 1 was not open when the program was loaded (Linux and Android, through an
//! `.init_array` entry); elsewhere it is always false and a closed stdout's writes vanish.

#[cfg(any(target_os = "linux", target_os = "android"))]
mod look {
    use std::sync::atomic::{AtomicBool, Ordering};

    static CLOSED: AtomicBool = AtomicBool::new(false);

    /// Runs as the program is loaded, before the Rust runtime reopens closed standard descriptors.
    extern "C" fn look_at_stdout() {
        // SAFETY: F_GETFD only reads descriptor 1's flags; it fails (EBADF) when 1 is not open.
        let closed = unsafe { libc::fcntl(1, libc::F_GETFD) } == -1;
        CLOSED.store(closed, Ordering::Relaxed);
    }

    #[used]
    #[link_section = ".init_array"]
    static LOOK_AT_STDOUT: extern "C" fn() = look_at_stdout;

    pub fn was_closed() -> bool {
        CLOSED.load(Ordering::Relaxed)
    }
}

/// True when descriptor 1 was closed as the process started (`queens ... >&-`).
pub fn stdout_was_closed() -> bool {
    #[cfg(any(target_os = "linux", target_os = "android"))]
    return look::was_closed();
    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    return false;
}
