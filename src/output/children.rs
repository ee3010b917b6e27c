//! Helper processes that write an output for us (ffmpeg), so that an interrupted run can stop them.
//!
//! Contract: a sink that spawns a process registers it with [`register`] and forgets it with
//! [`forget`] once it has reaped it; [`kill_all`] (called by [`super::remove_temporaries`]) kills
//! and reaps every process still registered. A process is shared as `Arc<Mutex<Option<Child>>>`:
//! whoever reaps it takes the `Child` out, so it is never waited for twice.

use std::process::Child;
use std::sync::{Arc, Mutex};

/// A helper process, shared between its owner and this registry.
pub type SharedChild = Arc<Mutex<Option<Child>>>;

/// Helper processes still running.
static RUNNING: Mutex<Vec<SharedChild>> = Mutex::new(Vec::new());

/// Keep `child` until [`forget`], so [`kill_all`] can stop it.
pub fn register(child: &SharedChild) {
    if let Ok(mut running) = RUNNING.lock() {
        running.push(Arc::clone(child));
    }
}

/// `child` was reaped by its owner.
pub fn forget(child: &SharedChild) {
    if let Ok(mut running) = RUNNING.lock() {
        running.retain(|c| !Arc::ptr_eq(c, child));
    }
}

/// Kill and reap every helper process still running (for a Ctrl-C handler, before exiting).
pub fn kill_all() {
    if let Ok(running) = RUNNING.lock() {
        for child in running.iter() {
            if let Ok(mut child) = child.lock() {
                if let Some(mut child) = child.take() {
                    let _ = child.kill();
                    let _ = child.wait();
                }
            }
        }
    }
}
