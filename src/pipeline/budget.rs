//! The vector budget: an SVG or an HTML player keeps every frame's atoms (each square of the board
//! among them) until the end of the run, so its memory grows with frames x N x N, about 60 bytes
//! each (measured: a 150x150 run of 151 frames held 200 MB), and with smooth motion twice that.
//!
//! Contract: [`check`] refuses, before anything is drawn, a run whose frames x N x N (x 2 with
//! smooth motion) passes [`VECTOR_BUDGET`] for a sink that holds the run ([`Sink::holds_run`]);
//! a stream of unknown length is checked frame by frame as it comes ([`within`]), so no input makes
//! the process abort on memory: the refusal is one line naming the budget and what to do.
//!
//! [`Sink::holds_run`]: crate::sink::Sink::holds_run

use crate::error::Error;
use crate::motion::Motion;

/// The most board squares (frames x N x N, doubled with smooth motion) an SVG or HTML run holds:
/// about 1 GB.
pub const VECTOR_BUDGET: u64 = 16_000_000;

/// What one frame of an `n` x `n` run costs against the budget.
fn per_frame(n: usize, motion: Motion) -> u64 {
    let factor = if motion == Motion::None { 1 } else { 2 };
    (n as u64).saturating_mul(n as u64).saturating_mul(factor)
}

/// Refuse `frames` frames of an `n` x `n` run with `motion` when the sink holds the run and they
/// pass the budget.
pub fn check(holds: bool, n: usize, frames: usize, motion: Motion) -> Result<(), Error> {
    let cost = per_frame(n, motion).saturating_mul(frames as u64);
    match holds && cost > VECTOR_BUDGET {
        true => Err(Error::VectorBudget { frames, n, cost, limit: VECTOR_BUDGET }),
        false => Ok(()),
    }
}

/// For a stream of unknown length: whether frame `index` (0-based) still fits, as the same error.
pub fn within(holds: bool, n: usize, index: usize, motion: Motion) -> Result<(), Error> {
    check(holds, n, index + 1, motion)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_budget_counts_frames_squares_and_motion() {
        assert!(check(true, 150, 151, Motion::None).is_ok());
        assert!(check(true, 512, 201, Motion::None).is_err());
        assert!(check(false, 512, 201, Motion::None).is_ok());
        assert!(check(true, 150, 400, Motion::None).is_ok());
        assert!(check(true, 150, 400, Motion::Smooth { fps: 60 }).is_err());
        let message = check(true, 512, 201, Motion::None).unwrap_err().to_string();
        assert!(message.contains("16000000") && !message.contains('\n'), "{message}");
    }
}
