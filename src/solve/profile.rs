//! Tree profiles under the search budget: [`count::profile`](crate::count::profile) for boards up
//! to [`PROFILE_LIMIT_N`], stopped at [`SEARCH_TIME_LIMIT`](super::SEARCH_TIME_LIMIT); larger
//! boards are refused up front with the time the count would take.
//!
//! Contract: the time a refused count would take is Knuth's estimate of the tree's nodes (20,000
//! probes of the backtrack tree, scaled by the forward tree's share of it at 13x13 for forward
//! checking) over the nodes per second measured on the spot on the 13x13 tree of the same search.

use super::budget::SEARCH_TIME_LIMIT;
use super::estimate::estimate;
use crate::count::profile::{profile, Profile, ProfileSearch};
use crate::error::Error;
use std::time::Instant;

/// Largest board profiled within the budget (16x16: 1,141,190,303 backtrack nodes).
pub const PROFILE_LIMIT_N: usize = 16;

/// The profile of `search`'s tree on `n` x `n` (1..=[`PROFILE_LIMIT_N`]) within the search budget;
/// larger boards are [`Error::ProfileTooLarge`], a count past the budget [`Error::SearchTooLong`].
pub fn profile_within_budget(n: usize, search: ProfileSearch) -> Result<Profile, Error> {
    if n == 0 || n > PROFILE_LIMIT_N {
        let (nodes, seconds) = cost(n.clamp(1, 31), search);
        return Err(Error::ProfileTooLarge {
            n,
            max: PROFILE_LIMIT_N,
            nodes: format!("{nodes:.2e}"),
            time: duration_words(seconds),
        });
    }
    profile(n, search, Some(Instant::now() + SEARCH_TIME_LIMIT)).map_err(|_| Error::SearchTooLong {
        algorithm: search.name(),
        seconds: SEARCH_TIME_LIMIT.as_secs(),
        instead: "profile a smaller board, or estimate this one (queens estimate N)",
    })
}

/// The estimated nodes of `search`'s tree on `n` x `n`, and the seconds counting them would take.
fn cost(n: usize, search: ProfileSearch) -> (f64, f64) {
    let started = Instant::now();
    let sample = profile(13, search, None).map(|p| p.nodes()).unwrap_or(1);
    let per_second = sample as f64 / started.elapsed().as_secs_f64().max(1e-6);
    let share = match search {
        ProfileSearch::Backtrack => 1.0,
        ProfileSearch::Forward => {
            let back = profile(13, ProfileSearch::Backtrack, None).map(|p| p.nodes()).unwrap_or(1);
            sample as f64 / back as f64
        }
    };
    let nodes = estimate(n, 20_000, 1).nodes.mean * share;
    (nodes, nodes / per_second)
}

/// Seconds as words: "40 minutes", "3.2 hours", "12 days", "5.1 years".
fn duration_words(seconds: f64) -> String {
    let units = [(365.25 * 86400.0, "years"), (86400.0, "days"), (3600.0, "hours"), (60.0, "minutes")];
    match units.iter().find(|(size, _)| seconds >= 2.0 * size) {
        Some((size, name)) => format!("{:.1} {name}", seconds / size),
        None => format!("{seconds:.0} seconds"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_past_the_limit_are_refused_with_their_cost() {
        let err = profile_within_budget(20, ProfileSearch::Backtrack).unwrap_err();
        let text = err.to_string();
        assert!(text.contains("20x20") && text.contains("16"), "{text}");
        assert_eq!(duration_words(90.0), "90 seconds");
        assert_eq!(duration_words(7200.0), "2.0 hours");
    }
}
