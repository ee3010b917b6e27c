//! The smallest Matroska stream ffmpeg reads from a pipe: raw rgb24 pictures with timestamps, so
//! that every picture is sent (and encoded) once however long it shows.
//!
//! Contract: [`header`] is the EBML header, a Segment of unknown size (a stream), the timestamp
//! scale (1 ms) and one video track, `V_UNCOMPRESSED` rgb24 of the given size, whose default
//! frame duration is one tick (ffmpeg gives the last picture that duration). [`picture`] is the
//! start of one Cluster of unknown size holding one key-frame SimpleBlock at `at_ms`; the picture's
//! `len` bytes of rgb24 follow it as they are.

/// EBML element ids (their bytes as written).
const EBML: &[u8] = &[0x1a, 0x45, 0xdf, 0xa3];
const SEGMENT: &[u8] = &[0x18, 0x53, 0x80, 0x67];
const INFO: &[u8] = &[0x15, 0x49, 0xa9, 0x66];
const TRACKS: &[u8] = &[0x16, 0x54, 0xae, 0x6b];
const TRACK_ENTRY: &[u8] = &[0xae];
const VIDEO: &[u8] = &[0xe0];
const CLUSTER: &[u8] = &[0x1f, 0x43, 0xb6, 0x75];
const TIMESTAMP: &[u8] = &[0xe7];
const SIMPLE_BLOCK: &[u8] = &[0xa3];

/// The size of an element that lasts until the stream ends.
const UNKNOWN_SIZE: &[u8] = &[0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff];

/// `n` as an EBML variable-size integer (shortest form; the all-ones value is reserved).
fn vint(n: u64) -> Vec<u8> {
    let length = (1..=8).find(|&l| n < (1u64 << (7 * l)) - 1).expect("sizes below 2^56 - 1");
    let marked = n | (1u64 << (7 * length));
    marked.to_be_bytes()[8 - length as usize..].to_vec()
}

fn element(id: &[u8], data: &[u8]) -> Vec<u8> {
    [id, &vint(data.len() as u64), data].concat()
}

fn unsigned(id: &[u8], value: u64) -> Vec<u8> {
    let bytes = value.to_be_bytes();
    let skip = (value.leading_zeros() as usize / 8).min(7);
    element(id, &bytes[skip..])
}

/// The stream's start: header, segment, info and the one video track.
pub fn header(width: usize, height: usize, tick_ms: u32) -> Vec<u8> {
    let ebml = [
        unsigned(&[0x42, 0x86], 1), // EBMLVersion
        unsigned(&[0x42, 0xf7], 1), // EBMLReadVersion
        unsigned(&[0x42, 0xf2], 4), // EBMLMaxIDLength
        unsigned(&[0x42, 0xf3], 8), // EBMLMaxSizeLength
        element(&[0x42, 0x82], b"matroska"),
        unsigned(&[0x42, 0x87], 4), // DocTypeVersion
        unsigned(&[0x42, 0x85], 2), // DocTypeReadVersion
    ]
    .concat();
    let info = [
        unsigned(&[0x2a, 0xd7, 0xb1], 1_000_000), // TimestampScale: 1 ms
        element(&[0x4d, 0x80], b"queens"),        // MuxingApp
        element(&[0x57, 0x41], b"queens"),        // WritingApp
    ]
    .concat();
    let video = [
        unsigned(&[0xb0], width as u64),          // PixelWidth
        unsigned(&[0xba], height as u64),         // PixelHeight
        element(&[0x2e, 0xb5, 0x24], b"RGB\x18"), // ColourSpace: rgb24
    ]
    .concat();
    let track = [
        unsigned(&[0xd7], 1),                                          // TrackNumber
        unsigned(&[0x73, 0xc5], 1),                                    // TrackUID
        unsigned(&[0x83], 1),                                          // TrackType: video
        element(&[0x86], b"V_UNCOMPRESSED"),                           // CodecID
        unsigned(&[0x23, 0xe3, 0x83], u64::from(tick_ms) * 1_000_000), // DefaultDuration (ns)
        element(VIDEO, &video),
    ]
    .concat();
    [
        element(EBML, &ebml),
        [SEGMENT, UNKNOWN_SIZE].concat(),
        element(INFO, &info),
        element(TRACKS, &element(TRACK_ENTRY, &track)),
    ]
    .concat()
}

/// A cluster at `at_ms` and the head of its one block; `len` bytes of rgb24 must follow.
pub fn picture(at_ms: u64, len: usize) -> Vec<u8> {
    // Track 1, timestamp 0 relative to the cluster, key frame.
    let block_head = [0x81, 0x00, 0x00, 0x80];
    let size = vint((block_head.len() + len) as u64);
    [CLUSTER, UNKNOWN_SIZE, &unsigned(TIMESTAMP, at_ms), SIMPLE_BLOCK, &size, &block_head].concat()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_shortest_variable_integers() {
        assert_eq!(vint(0), [0x80]);
        assert_eq!(vint(126), [0xfe]);
        assert_eq!(vint(127), [0x40, 0x7f], "0xff alone is reserved");
        assert_eq!(vint(16_000), [0x7e, 0x80]);
        assert_eq!(vint(1_200_004), [0x20 | 0x12, 0x4f, 0x84]);
    }

    #[test]
    fn a_picture_is_a_cluster_with_one_key_block() {
        let head = picture(1500, 12);
        assert_eq!(&head[..4], CLUSTER);
        assert_eq!(&head[12..16], [0xe7, 0x82, 0x05, 0xdc], "timestamp 1500 ms");
        assert_eq!(&head[16..], [0xa3, 0x90, 0x81, 0x00, 0x00, 0x80], "16 bytes: head + 12");
    }
}
