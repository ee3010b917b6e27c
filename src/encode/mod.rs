//! Encoders: animated GIF ([`gif`], its colour table's order in [`order`]) and PNG stills ([`png`]).
//!
//! Contract: encoders write to any `std::io::Write`, so tests encode into memory; files go through
//! [`crate::output::OutputFile`] so a failed or interrupted run leaves no half-written output.

pub mod gif;
pub mod lzw;
pub mod order;
pub mod patch;
pub mod png;
pub mod vp8l;
pub mod zlib;
