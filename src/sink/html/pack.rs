//! The player's table and drawing packed as text: unsigned LEB128 numbers, column by column, then
//! the frame's `<svg>` markup, deflated (raw DEFLATE, which `player.js` inflates) and written in
//! base64.
//!
//! Contract (what `player.js` reads, in this order; every number a LEB128 varint):
//! version (2); frames F; units U; elements E; text glyphs G; E element units (each as the zigzag
//! difference from the one before); frame 0's units as an ascending list; F toggle counts, then
//! every frame's toggled units as an ascending list; F frame numbers (the first, then each minus
//! the one before minus one); F delays in hundredths of a second; F marks (0 nothing, 1 a
//! solution, 2 a dead end); then the glyphs column by
//! column: unit + 1 (0: always shown), code point, x, y (zigzag), advance, half a space (hundredths
//! of a pixel); then the rest of the bytes: the `<svg>` element, UTF-8. An ascending list is its
//! first number, then each minus the one before minus one. Same table, same text.
//!
//! With smooth motion (see `motion.rs`), between the glyphs and the `<svg>`: S schedules, each its
//! picture count P then P picture starts in milliseconds; F schedule numbers, one a frame; then
//! on a page that stores its cues, the code of every toggle, in the order of the toggle lists; in
//! a run whose queens slide, then F numbers, 0 or a frame's silhouette + 1, and for each
//! silhouette in that order the offset of the square she leaves from the one she reaches in
//! pixels, x then y (zigzag). On a page whose script finds the cues, instead: the tallest
//! board's rows; U unit kinds; the square of every unit of a kind other than 0 (zigzag, each
//! minus the one before); in a run with a puzzle's crosses (a unit of kind 4), then F counts and
//! every frame's list of that many numbers: the rows its items on squares reach, then the squares
//! its rule used (an empty list for a frame without new crosses); in a run whose queens slide,
//! then K silhouettes, the square of each (zigzag, each minus the one before) and a square's side
//! in pixels.

use super::motion::Table;
use super::units::Drawing;
use flate2::write::DeflateEncoder;
use flate2::Compression;
use std::io::Write;

/// The version `player.js` checks.
pub const VERSION: u64 = 2;

/// Numbers written as LEB128 varints.
#[derive(Default)]
struct Packer {
    bytes: Vec<u8>,
}

impl Packer {
    fn uint(&mut self, mut v: u64) {
        while v >= 0x80 {
            self.bytes.push((v as u8 & 0x7f) | 0x80);
            v >>= 7;
        }
        self.bytes.push(v as u8);
    }

    fn int(&mut self, v: i64) {
        self.uint(((v << 1) ^ (v >> 63)) as u64);
    }

    /// Smooth motion's columns (see the contract).
    fn motion(&mut self, table: &Table<'_>) {
        self.uint(table.schedules.len() as u64);
        for starts in table.schedules {
            self.uint(starts.len() as u64);
            starts.iter().for_each(|&start| self.uint(u64::from(start)));
        }
        table.frames.iter().for_each(|&index| self.uint(u64::from(index)));
        if let Some((codes, moves)) = &table.stored {
            codes.iter().for_each(|&code| self.uint(u64::from(code)));
            if !table.sliders.is_empty() {
                let mut ghosts = vec![0; table.frames.len()];
                moves.iter().for_each(|&(frame, ghost, _, _)| ghosts[frame as usize] = u64::from(ghost) + 1);
                ghosts.iter().for_each(|&ghost| self.uint(ghost));
                let mut moves = moves.to_vec();
                moves.sort_unstable_by_key(|m| m.0);
                for (_, _, dx, dy) in moves {
                    self.int(dx);
                    self.int(dy);
                }
            }
            return;
        }
        self.uint(u64::from(table.rows));
        table.kinds.iter().for_each(|&kind| self.uint(u64::from(kind)));
        let mut before = 0;
        for (&kind, &square) in table.kinds.iter().zip(table.squares) {
            if kind > 0 {
                self.int(i64::from(square) - before);
                before = i64::from(square);
            }
        }
        table.reach.iter().for_each(|reach| self.uint(reach.len() as u64));
        table.reach.iter().flatten().for_each(|&v| self.uint(u64::from(v)));
        if !table.sliders.is_empty() {
            self.uint(table.sliders.len() as u64);
            let mut before = 0;
            for &square in table.sliders {
                self.int(i64::from(square) - before);
                before = i64::from(square);
            }
            self.uint(u64::from(table.side));
        }
    }

    /// An ascending list without its length.
    fn ascending(&mut self, list: &[u32]) {
        let mut next = 0;
        for &v in list {
            self.uint(u64::from(v - next));
            next = v + 1;
        }
    }
}

/// The table of `drawing` with the frames' numbers, delays and marks (and with smooth motion, its
/// table), and the `svg` markup, as base64 text.
pub fn pack(
    drawing: &Drawing,
    (steps, delays, marks): (&[u32], &[u32], &[u8]),
    motion: Option<&Table<'_>>,
    svg: &str,
) -> String {
    let mut p = Packer::default();
    for v in [VERSION, steps.len() as u64, drawing.units as u64, drawing.elements.len() as u64] {
        p.uint(v);
    }
    p.uint(drawing.glyphs.len() as u64);
    let mut before = 0i64;
    for &unit in &drawing.elements {
        p.int(i64::from(unit) - before);
        before = i64::from(unit);
    }
    p.uint(drawing.initial.len() as u64);
    p.ascending(&drawing.initial);
    for list in &drawing.toggles {
        p.uint(list.len() as u64);
    }
    for list in &drawing.toggles {
        p.ascending(list);
    }
    p.ascending(steps);
    for &delay in delays {
        p.uint(u64::from(delay));
    }
    marks.iter().for_each(|&m| p.uint(u64::from(m)));
    let glyphs = &drawing.glyphs;
    glyphs.iter().for_each(|g| p.uint(g.unit.map_or(0, |u| u64::from(u) + 1)));
    glyphs.iter().for_each(|g| p.uint(u64::from(u32::from(g.ch))));
    glyphs.iter().for_each(|g| p.int(g.x));
    glyphs.iter().for_each(|g| p.int(g.y));
    glyphs.iter().for_each(|g| p.int(g.advance));
    glyphs.iter().for_each(|g| p.int(g.half_space));
    if let Some(table) = motion {
        p.motion(table);
    }
    p.bytes.extend_from_slice(svg.as_bytes());
    base64(&deflate(&p.bytes))
}

/// Raw DEFLATE, as `player.js` inflates it.
pub fn deflate(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = DeflateEncoder::new(Vec::new(), Compression::best());
    encoder.write_all(bytes).expect("writing to memory");
    encoder.finish().expect("writing to memory")
}

/// Standard base64 with padding.
pub fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [chunk[0], *chunk.get(1).unwrap_or(&0), *chunk.get(2).unwrap_or(&0)];
        let n = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_matches_the_standard() {
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foo"), "Zm9v");
        assert_eq!(base64(b"foobar"), "Zm9vYmFy");
    }

    #[test]
    fn numbers_are_leb128_and_lists_ascend() {
        let mut p = Packer::default();
        p.uint(300);
        p.int(-2);
        p.ascending(&[2, 3, 10]);
        assert_eq!(p.bytes, [0xac, 0x02, 3, 2, 0, 6]);
    }
}
