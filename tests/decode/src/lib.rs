//! Decoders for queens' tests, monomorphized here (built at opt-level 2) rather than in the
//! unoptimized test crate.
//!
//! Contract: every function takes bytes and returns owned pixels; none is generic, so no decoding
//! code is instantiated by the caller.

use image::codecs::gif::GifDecoder;
use image::{AnimationDecoder, RgbaImage};

/// Every frame of a GIF, composited as a viewer shows it, with its delay in milliseconds.
/// Panics (a test failure) when the GIF does not decode.
pub fn gif_frames(bytes: &[u8]) -> Vec<(RgbaImage, u32)> {
    let decoder = GifDecoder::new(std::io::Cursor::new(bytes)).expect("GIF header decodes");
    decoder
        .into_frames()
        .map(|f| {
            let f = f.expect("frame decodes");
            let (num, den) = f.delay().numer_denom_ms();
            (f.into_buffer(), num / den)
        })
        .collect()
}
