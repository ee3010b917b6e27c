//! Encoders: animated GIF ([`gif`]) and PNG stills ([`png`]); [`atomic`] makes files appear only
//! when complete.
//!
//! Contract: encoders write to any `std::io::Write`, so tests encode into memory; files go through
//! [`atomic::AtomicFile`] so a failed or interrupted run leaves no half-written output.

pub mod atomic;
pub mod gif;
pub mod lzw;
pub mod png;
pub mod zlib;
