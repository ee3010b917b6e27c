//! Encoders: animated GIF ([`gif`]) and PNG stills ([`png`]).
//!
//! Contract: encoders write to any `std::io::Write`, so tests encode into memory; files go through
//! [`crate::output::OutputFile`] so a failed or interrupted run leaves no half-written output.

pub mod gif;
pub mod lzw;
pub mod patch;
pub mod png;
pub mod vp8l;
pub mod zlib;
