//! The seam between drawing and encoding: an image of palette indices and the colours they stand
//! for. Render paints into an [`IndexedImage`]; codecs read it with the colour table (`&[Rgb]`,
//! entry i the colour of index i) and know nothing else of the picture.

/// The palette index no picture draws with: transparent, "unchanged since the previous frame" in
/// the animation codecs.
pub const TRANSPARENT: u8 = 0;

/// An sRGB colour.
pub type Rgb = [u8; 3];

/// A width x height image of palette indices, row by row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IndexedImage {
    /// Columns of pixels.
    pub width: usize,
    /// Rows of pixels.
    pub height: usize,
    /// `width * height` palette indices, row by row from the top.
    pub pixels: Vec<u8>,
}

impl IndexedImage {
    /// An image with every pixel set to `index`.
    pub fn filled(width: usize, height: usize, index: u8) -> Self {
        IndexedImage { width, height, pixels: vec![index; width * height] }
    }

    /// The index at (x, y).
    pub fn get(&self, x: usize, y: usize) -> u8 {
        self.pixels[y * self.width + x]
    }

    /// Row `y`'s pixels.
    pub fn row(&self, y: usize) -> &[u8] {
        &self.pixels[y * self.width..(y + 1) * self.width]
    }
}

#[cfg(feature = "image")]
impl IndexedImage {
    /// The picture in full colour (feature `image`): index i takes `colors[i]` (a
    /// [`Palette`](crate::draw::raster::palette::Palette)'s [`colors`](crate::draw::raster::palette::Palette::colors)), opaque; [`TRANSPARENT`]
    /// and indices past the end of `colors` come out transparent black, and so do pixels missing
    /// from a `pixels` shorter than `width x height`.
    pub fn to_rgba(&self, colors: &[Rgb]) -> image::RgbaImage {
        let mut table = [[0u8; 4]; 256];
        for (entry, &[r, g, b]) in table.iter_mut().zip(colors).skip(1) {
            *entry = [r, g, b, 255];
        }
        let (width, height) = (self.width.min(u32::MAX as usize), self.height.min(u32::MAX as usize));
        let count = width.saturating_mul(height);
        let mut bytes: Vec<u8> = self.pixels.iter().take(count).flat_map(|&index| table[usize::from(index)]).collect();
        bytes.resize(count.saturating_mul(4), 0);
        image::RgbaImage::from_raw(width as u32, height as u32, bytes).expect("width x height RGBA pixels")
    }
}

/// A reordering of palette indices `0..len` (`len` at most 256): index 0 (transparent) stays
/// first, `first` follow in that order (duplicates and indices `>= len` ignored), then the other
/// indices in their own order. Returns `by_new`: `by_new[new]` is the old index now at `new`.
pub fn indices_led_by(first: &[u8], len: usize) -> Vec<u8> {
    let len = len.clamp(1, 256);
    let mut taken = [false; 256];
    taken[0] = true;
    let mut by_new = vec![0u8];
    for old in first.iter().copied().chain((1..len).map(|i| i as u8)) {
        if usize::from(old) < len && !taken[usize::from(old)] {
            taken[usize::from(old)] = true;
            by_new.push(old);
        }
    }
    by_new
}
