//! Rasterizer: draws one [`BoardFrame`] into an indexed image.
//!
//! Contract: a frame shows the board (light/dark squares), every queen, every attacked square
//! shaded, and — unless bare — the square just acted on highlighted (placed, removed, checked safe,
//! checked attacked with a line from the attacker), coordinate labels when asked, and the caption
//! band. Solution frames get a gold ring and band. Bare frames hold only squares and queens.

pub mod annotate;
pub mod canvas;
pub mod caption;
pub mod glyphs;
pub mod layout;
pub mod palette;
pub mod theme;

use crate::board::{Board, BoardFrame};
use crate::trace::{column_label, Event, Square};
use annotate::Annotation;
use canvas::{IndexedImage, Mask};
use caption::CaptionSpec;
use glyphs::Glyphs;
use layout::Layout;
use theme::{Paint, Palette, Theme};

/// How frames look. Default: automatic square size, captions on, no labels, default theme.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RenderOptions {
    /// Pixels per square; `None` picks [`layout::default_square`].
    pub square: Option<usize>,
    /// Only squares and queens: exactly `n * square` pixels square.
    pub bare: bool,
    /// Draw a-h / 1-8 labels outside the board.
    pub coords: bool,
    /// Leave attacked squares unshaded (stills of solutions, `--no-attacks`).
    pub no_attacks: bool,
    pub theme: Theme,
}

impl RenderOptions {
    /// The square size in use for an n-board.
    pub fn square_for(&self, n: usize) -> usize {
        self.square.unwrap_or_else(|| layout::default_square(n))
    }
}

/// Fraction of a square the queen glyph spans.
const QUEEN_FILL: f32 = 0.82;

/// Pre-rendered square tiles, indexed by [`tile_index`].
#[derive(Clone)]
struct Tiles {
    tiles: Vec<IndexedImage>,
    ghost: Mask,
}

fn tile_index(dark: bool, attacked: bool, queen: bool) -> usize {
    usize::from(dark) | usize::from(attacked) << 1 | usize::from(queen) << 2
}

fn square_paint(dark: bool, attacked: bool) -> Paint {
    match (dark, attacked) {
        (false, false) => Paint::Light,
        (true, false) => Paint::Dark,
        (false, true) => Paint::LightAttacked,
        (true, true) => Paint::DarkAttacked,
    }
}

impl Tiles {
    fn new(square: usize, glyphs: &Glyphs, palette: &Palette, hatch: bool) -> Self {
        let queen = glyphs.piece(glyphs::QUEEN, square, QUEEN_FILL);
        let tiles = (0..8)
            .map(|i| {
                let (dark, attacked, has_queen) = (i & 1 != 0, i & 2 != 0, i & 4 != 0);
                let mut tile = if hatch && attacked {
                    hatched(square, square_paint(dark, false), square_paint(dark, true))
                } else {
                    IndexedImage::new(square, square, square_paint(dark, attacked))
                };
                if has_queen {
                    tile.draw_mask(&queen, 0, 0, Paint::Queen, palette);
                }
                tile
            })
            .collect();
        Tiles { tiles, ghost: glyphs.piece(glyphs::QUEEN_OUTLINE, square, QUEEN_FILL) }
    }
}

/// A square of `base` with diagonal hatching in `ink`, crisp and printer-friendly.
fn hatched(square: usize, base: Paint, ink: Paint) -> IndexedImage {
    let mut tile = IndexedImage::new(square, square, base);
    let period = (square / 5).max(4);
    let thickness = (period / 4).max(1);
    for y in 0..square {
        for x in 0..square {
            if (x + y) % period < thickness {
                tile.pixels[y * square + x] = ink.index();
            }
        }
    }
    tile
}

/// Draws frames of one run; holds the layout, palette and glyph caches.
#[derive(Clone)]
pub struct Renderer {
    pub layout: Layout,
    pub palette: Palette,
    glyphs: Glyphs,
    tiles: Tiles,
    caption: Option<CaptionSpec>,
    bare: bool,
    shade_attacks: bool,
    annotation: Annotation,
}

impl Renderer {
    /// A renderer for frames of an n-board; `caption` is `None` for stills without a caption band.
    pub fn new(n: usize, options: &RenderOptions, caption: Option<CaptionSpec>) -> Self {
        let glyphs = Glyphs::new();
        let square = options.square_for(n);
        let layout = if options.bare {
            Layout::bare(n, square)
        } else {
            Layout::framed(n, square, options.coords, caption.as_ref(), &glyphs)
        };
        let palette = Palette::new(&options.theme);
        let tiles = Tiles::new(square, &glyphs, &palette, options.theme.hatch);
        let caption = if options.bare { None } else { caption };
        let annotation = caption.as_ref().map_or(Annotation::None, |c| Annotation::for_algorithm(&c.algorithm));
        Renderer {
            layout,
            palette,
            glyphs,
            tiles,
            caption,
            bare: options.bare,
            shade_attacks: !options.no_attacks,
            annotation,
        }
    }

    /// A blank image of this renderer's frame size.
    pub fn blank(&self) -> IndexedImage {
        IndexedImage::new(self.layout.width, self.layout.height, Paint::Background)
    }

    /// Draw a whole frame into `canvas` (which must be [`Renderer::blank`]-sized).
    pub fn draw(&mut self, frame: &BoardFrame, canvas: &mut IndexedImage) {
        let bare = self.bare;
        let solution = matches!(frame.event, Some(Event::Solution { .. }));
        canvas.pixels.fill(Paint::Background.index());
        if solution && !bare {
            self.draw_solution_ring(canvas);
        }
        self.draw_squares(&frame.board, canvas);
        if !bare {
            self.draw_conflicts(&frame.board, canvas);
            self.annotate(&frame.board, frame.event.as_ref(), canvas);
            if let Some(event) = &frame.event {
                self.draw_highlight(event, canvas);
            }
            self.draw_labels(canvas);
        }
        if let (Some(layout), Some(spec)) = (self.layout.caption.clone(), self.caption.as_ref()) {
            if solution {
                canvas.fill_rect(0, layout.top as i64, canvas.width as i64, layout.height as i64, Paint::SolutionBand);
            }
            let text = caption::caption_for(frame, spec);
            caption::draw(canvas, &layout, &text, &mut self.glyphs, &self.palette);
        }
    }

    fn draw_squares(&self, board: &Board, canvas: &mut IndexedImage) {
        for row in 0..board.n() {
            for col in 0..board.n() {
                let sq = Square::new(row, col);
                let attacked = self.shade_attacks && board.is_attacked(sq);
                let tile = tile_index((row + col) % 2 == 1, attacked, board.has_queen(sq));
                let (x, y) = self.layout.square_origin(sq);
                canvas.blit(&self.tiles.tiles[tile], x, y);
            }
        }
    }

    /// A line between every pair of queens that attack each other.
    fn draw_conflicts(&self, board: &Board, canvas: &mut IndexedImage) {
        let width = (self.layout.square as f32 / 16.0).max(1.5);
        for (a, b) in board.conflicts() {
            let (from, to) = (self.layout.square_centre(a), self.layout.square_centre(b));
            canvas.draw_line(from, to, width, Paint::CheckAttacked, &self.palette);
        }
    }

    /// Draw one line of text centred on `centre_x`, baseline at `baseline`.
    pub fn draw_text_centred(
        &mut self,
        canvas: &mut IndexedImage,
        text: &str,
        centre_x: f32,
        baseline: f32,
        size: u32,
    ) {
        let x = centre_x - self.glyphs.text_width(text, size) / 2.0;
        caption::draw_text(canvas, &mut self.glyphs, &self.palette, (x, baseline), text, size);
    }

    /// Width of `text` at `size` pixels, and the font's ascent at that size.
    pub fn measure(&self, text: &str, size: u32) -> (f32, f32) {
        (self.glyphs.text_width(text, size), self.glyphs.ascent(size))
    }

    /// Draw a board with no event (stills): squares, queens, conflicts, labels.
    pub fn draw_board(&mut self, board: &Board, canvas: &mut IndexedImage) {
        let frame = BoardFrame { index: 0, total: 0, event: None, board: board.clone(), counters: Default::default() };
        self.draw(&frame, canvas);
    }

    fn draw_solution_ring(&self, canvas: &mut IndexedImage) {
        let l = &self.layout;
        let ring = (l.margin * 2 / 3).max(3) as i64;
        let size = l.board_size() as i64;
        let (x, y) = (l.board_x as i64 - ring, l.board_y as i64 - ring);
        canvas.stroke_rect(x, y, size + 2 * ring, size + 2 * ring, ring, Paint::Solution);
    }

    fn draw_highlight(&self, event: &Event, canvas: &mut IndexedImage) {
        if let Event::Move { from, to } = event {
            return self.draw_move(*from, *to, canvas);
        }
        let Some(sq) = event.square() else { return };
        let l = &self.layout;
        let paint = match event {
            Event::Place { .. } => Paint::Placed,
            Event::Remove { .. } => Paint::Removed,
            Event::Check { safe: true, .. } => Paint::CheckSafe,
            _ => Paint::CheckAttacked,
        };
        self.mark_square(sq, paint, canvas);
        if let Event::Check { attacker: Some(attacker), safe: false, .. } = event {
            let width = (l.square as f32 / 16.0).max(1.5);
            canvas.draw_line(
                l.square_centre(*attacker),
                l.square_centre(sq),
                width,
                Paint::CheckAttacked,
                &self.palette,
            );
        }
    }

    fn draw_labels(&mut self, canvas: &mut IndexedImage) {
        let Some(labels) = self.layout.labels.clone() else { return };
        let l = &self.layout;
        let (n, square, size) = (l.n, l.square as f32, labels.size);
        let ascent = self.glyphs.ascent(size);
        let file_baseline = (l.board_y + l.board_size()) as f32 + labels.size as f32 * 0.25 + ascent;
        let (board_x, board_y) = (l.board_x as f32, l.board_y as f32);
        for i in 0..n {
            let file = column_label(i);
            let w = self.glyphs.text_width(&file, size);
            let x = board_x + square * (i as f32 + 0.5) - w / 2.0;
            caption::draw_text(canvas, &mut self.glyphs, &self.palette, (x, file_baseline), &file, size);
            let rank = (n - i).to_string();
            let w = self.glyphs.text_width(&rank, size);
            let x = board_x - w - size as f32 * 0.4;
            let baseline = board_y + square * (i as f32 + 0.5) + ascent * 0.38;
            caption::draw_text(canvas, &mut self.glyphs, &self.palette, (x, baseline), &rank, size);
        }
    }
}
