//! Drawing a [`Scene`](crate::scene::items::Scene): the backends that turn what a frame shows into
//! pixels, paths or PDF operators.
//!
//! Contract: every backend draws the same scene and none imports another, so raster and vector
//! output cannot disagree about what a frame shows. `raster` paints palette indices (GIF, WebP,
//! APNG, video, PNG), `svg` writes SVG elements (SVG files, the HTML player), `pdf` writes page
//! content (PDF slides and handouts), `text` writes frames as text (terminal, `--format text`);
//! `vector` holds the outlines `svg` and `pdf` share.

pub mod pdf;
pub mod raster;
// The SVG backend is reached only through the doc-hidden `internals`: exempt from missing_docs.
#[allow(missing_docs)]
pub mod svg;
pub mod text;
pub mod vector;
