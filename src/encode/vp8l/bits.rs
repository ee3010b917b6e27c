//! Least-significant-bit-first bit writer, as VP8L (and deflate) pack their bits.

/// Appends bit fields to a byte vector, first field in the lowest bits.
#[derive(Default)]
pub struct BitWriter {
    out: Vec<u8>,
    acc: u64,
    used: u32,
}

impl BitWriter {
    pub fn with_capacity(bytes: usize) -> Self {
        BitWriter { out: Vec::with_capacity(bytes), acc: 0, used: 0 }
    }

    /// Write the low `n` bits of `value` (n <= 32).
    #[inline]
    pub fn bits(&mut self, value: u32, n: u32) {
        debug_assert!(n <= 32 && (n == 32 || value >> n == 0), "{value} does not fit {n} bits");
        self.acc |= u64::from(value) << self.used;
        self.used += n;
        if self.used >= 32 {
            self.out.extend_from_slice(&(self.acc as u32).to_le_bytes());
            self.acc >>= 32;
            self.used -= 32;
        }
    }

    /// Bits written so far.
    #[cfg(test)]
    pub fn len_bits(&self) -> usize {
        self.out.len() * 8 + self.used as usize
    }

    /// The bytes, the last one padded with zero bits.
    pub fn finish(mut self) -> Vec<u8> {
        let bytes = self.used.div_ceil(8) as usize;
        self.out.extend_from_slice(&self.acc.to_le_bytes()[..bytes]);
        self.out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_pack_low_bits_first() {
        let mut w = BitWriter::default();
        w.bits(0x2f, 8);
        w.bits(1, 1);
        w.bits(0b101, 3);
        w.bits(0xabcdef, 24);
        w.bits(0, 0);
        assert_eq!(w.len_bits(), 36);
        let out = w.finish();
        assert_eq!(out, vec![0x2f, 0b1011 | 0xf0, 0xde, 0xbc, 0x0a]);
    }
}
