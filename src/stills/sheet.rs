//! Boards on sheets: the sheet's layout (one cell per board: a grid, or one row per symmetry class),
//! its PNG and JSON atlas, and the limits of batches of solutions.
//!
//! Contract: boards are described by the same [`Describer`] as animation frames, so a board looks the
//! same everywhere. Each row of boards on a sheet is drawn and deflated on its own core (memory
//! holds one strip per core plus the compressed strips). Atlas positions are the top-left pixel of each board's squares; `size` is
//! `n * square` (labels and margins lie outside that square).

use super::sheet_text::SheetText;
use crate::board::Board;
use crate::count::SolutionOrder;
use crate::draw::raster::palette::Palette;
use crate::draw::raster::Painter;
use crate::encode::png::{Compact, Slot};
use crate::error::Error;
use crate::font::LEVELS;
use crate::scene::layout::check_geometry;
use crate::scene::theme::Paint;
use crate::scene::{Describer, RenderOptions};
use crate::sink::atlas::{Atlas, AtlasEntry};
use crate::sink::sheet::SheetGrid;
use rayon::prelude::*;
use std::io::Write;

/// Default cap on the boards a batch draws (`--max-boards`).
pub const DEFAULT_MAX_BOARDS: u64 = 1000;

/// One board to put on a sheet or in a batch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SheetBoard {
    /// 1-based number in the run's order.
    pub index: usize,
    /// `queens[col] = row`, 0-based.
    pub queens: Vec<usize>,
    /// Size of its symmetry class, when listing unique solutions or classes.
    pub class_size: Option<usize>,
    /// Its place in a sheet of symmetry classes (`sheet --classes`): row and transformation.
    pub class: Option<ClassPlace>,
}

impl SheetBoard {
    /// The label under the board: number, each column's queen as a rank from the bottom (the
    /// QUEENS list `board` takes), and the class size for unique solutions.
    pub fn label(&self) -> String {
        let n = self.queens.len();
        let rows: Vec<String> = self.queens.iter().map(|r| (n - r).to_string()).collect();
        if let Some(place) = &self.class {
            return match place.slot {
                0 => format!("id: {}", rows.join(" ")),
                _ => format!("{}: {}", place.transform, rows.join(" ")),
            };
        }
        match self.class_size {
            Some(size) => format!("{}: {} (×{size})", self.index, rows.join(" ")),
            None => format!("{}: {}", self.index, rows.join(" ")),
        }
    }
}

/// Where a board goes on a sheet of classes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClassPlace {
    /// 1-based class number: the sheet row.
    pub class: usize,
    /// The transformation of the class's first board that gives this board (one of [`crate::count::TRANSFORMS`]).
    pub transform: &'static str,
    /// 0-based position in the row.
    pub slot: usize,
}

/// Geometry of a sheet cell: a board with its label band below.
struct CellGeometry {
    width: usize,
    height: usize,
    board_dx: usize,
    label_size: u32,
    label_baseline: f32,
}

fn still_describer(n: usize, options: &RenderOptions) -> Describer {
    Describer::new(n, &RenderOptions { bare: true, coords: false, ..options.clone() }, None)
}

fn cell_geometry(describer: &Describer, boards: &[SheetBoard], bare: bool) -> CellGeometry {
    let board = describer.layout.board_size();
    if bare {
        return CellGeometry { width: board, height: board, board_dx: 0, label_size: 0, label_baseline: 0.0 };
    }
    let size = describer.label_size();
    let (widest, ascent) =
        boards.iter().map(|b| describer.measure(&b.label(), size)).fold((0.0f32, 0.0f32), |a, m| (a.0.max(m.0), m.1));
    let gap = (describer.layout.square / 3).clamp(8, 24);
    let width = (board.max(widest.ceil() as usize) + gap).next_multiple_of(2);
    let label_band = (size as f32 * 1.8).ceil() as usize;
    CellGeometry {
        width,
        height: board + label_band + gap,
        board_dx: (width - board) / 2,
        label_size: size,
        label_baseline: board as f32 + size as f32 * 0.45 + ascent,
    }
}

/// Where everything goes on a sheet: shared by the PNG and the SVG writer.
pub(crate) struct SheetLayout {
    cell: CellGeometry,
    /// Grid cell (row, column) of each board.
    cells: Vec<(usize, usize)>,
    margin: usize,
    /// The cells on the sheet: the first starts right of the margin and the class headers'
    /// column, under the margin and the legend band.
    grid: SheetGrid,
    text: SheetText,
    pub width: usize,
    pub height: usize,
    /// Side of a board's squares, `n * square`.
    board: usize,
}

impl SheetLayout {
    /// The sheet of `boards`, `columns` to a row in reading order (boards placed in a class row
    /// go to their class's row and slot instead), refused past [`SHEET_PIXEL_BUDGET`].
    pub fn new(describer: &Describer, boards: &[SheetBoard], bare: bool, columns: usize) -> Result<Self, Error> {
        let cell = cell_geometry(describer, boards, bare);
        let columns = columns.clamp(1, boards.len().max(1));
        let cells: Vec<(usize, usize)> = boards
            .iter()
            .enumerate()
            .map(|(i, b)| b.class.as_ref().map_or((i / columns, i % columns), |p| (p.class - 1, p.slot)))
            .collect();
        let classes = boards.iter().any(|b| b.class.is_some());
        let columns = if classes { cells.iter().map(|c| c.1 + 1).max().unwrap_or(1) } else { columns };
        let rows = cells.iter().map(|c| c.0 + 1).max().unwrap_or(1);
        let margin = if bare { 0 } else { (describer.layout.square / 3).clamp(8, 24) / 2 };
        let class_rows: Vec<(usize, usize)> =
            boards.iter().filter_map(|b| Some((b.class.as_ref()?.class, b.class_size.unwrap_or(1)))).collect();
        let unique = boards.iter().any(|b| b.class_size.is_some());
        let mut text = SheetText::new(describer, &class_rows, unique, bare, cell.label_size);
        text.wrap(describer, text.header + columns.saturating_mul(cell.width));
        let (left, top) = (margin + text.header, margin + text.legend_band());
        let width = columns.saturating_mul(cell.width).saturating_add(left + margin);
        let height = rows.saturating_mul(cell.height).saturating_add(top + margin);
        let grid = SheetGrid::new(columns, rows, (cell.width, cell.height), (left, top), (width, height));
        if !grid.fits() {
            return Err(Error::ImageTooLarge { width, height, limit: "400 million" });
        }
        let board = describer.layout.board_size();
        Ok(SheetLayout { cell, cells, margin, grid, text, width, height, board })
    }

    /// Top-left pixel of the squares of board `i` (0-based, in the order given).
    pub fn board_origin(&self, i: usize) -> (usize, usize) {
        let (r, c) = self.cells[i];
        let (x, y) = self.grid.cell(r, c);
        (x + self.cell.board_dx, y)
    }

    /// Top of the strip of pixel rows drawn with board row `r`: the sheet's top for row 0 (its
    /// margin and legend included), else the row's top.
    pub fn strip_top(&self, r: usize) -> usize {
        self.grid.strip_top(r)
    }

    /// The words drawn in the strip of board row `r` besides board labels: the legend (row 0)
    /// and the row's class header, as (left x, baseline within the strip, size, text).
    pub fn texts(&self, r: usize, describer: &Describer) -> Vec<(f32, f32, u32, String)> {
        let size = self.text.size;
        let mut out = Vec::new();
        if r == 0 {
            let top = self.margin as f32;
            out.extend(self.text.legend_lines(describer).map(|(y, t)| (self.margin as f32, top + y, size, t.into())));
        }
        let row_top = (self.grid.cell(r, 0).1 - self.strip_top(r)) as f32;
        for (y, t) in self.text.header_lines(r, self.board, describer) {
            out.push((self.margin as f32, row_top + y, size, t.into()));
        }
        out
    }

    /// Board `i`'s label, centred under it: centre x, baseline within its strip (see
    /// [`SheetLayout::strip_top`]), the strip's top and the text size (`None` when bare).
    pub fn label(&self, i: usize) -> Option<(f32, f32, usize, u32)> {
        (self.cell.label_size > 0).then(|| {
            let (x, y) = self.board_origin(i);
            let strip = self.strip_top(self.cells[i].0);
            let baseline = (y - strip) as f32 + self.cell.label_baseline;
            (x as f32 + self.board as f32 / 2.0, baseline, strip, self.cell.label_size)
        })
    }

    /// Rows of boards.
    pub fn rows(&self) -> usize {
        self.grid.rows
    }

    /// The atlas of `boards` on this sheet.
    pub fn atlas(&self, n: usize, square: usize, boards: &[SheetBoard]) -> Atlas {
        let entries = boards.iter().enumerate().map(|(i, b)| {
            let (x, y) = self.board_origin(i);
            let (class, transform) = b.class.as_ref().map(|p| (p.class, p.transform)).unzip();
            let (index, queens, size, class_size) = (b.index, b.queens.clone(), self.board, b.class_size);
            AtlasEntry { index, queens, x, y, size, class_size, class, transform }
        });
        Atlas { n, square, width: self.width, height: self.height, boards: entries.collect() }
    }
}

/// The describer and layout of a sheet, checked.
pub(crate) fn sheet_layout(
    n: usize,
    boards: &[SheetBoard],
    options: &RenderOptions,
    columns: usize,
) -> Result<(Describer, SheetLayout), Error> {
    check_geometry(n, options.square_for(n))?;
    let describer = still_describer(n, options);
    let layout = SheetLayout::new(&describer, boards, options.bare, columns)?;
    Ok((describer, layout))
}

/// Render `boards` as one sprite sheet PNG, `columns` boards per row; returns the atlas.
pub(super) fn write_sheet_png<W: Write>(
    n: usize,
    boards: &[SheetBoard],
    options: &RenderOptions,
    columns: usize,
    out: W,
) -> Result<Atlas, Error> {
    let (describer, sheet) = sheet_layout(n, boards, options, columns)?;
    let (width, height) = (sheet.width, sheet.height);
    let atlas = sheet.atlas(n, describer.layout.square, boards);
    let painter = Painter::new(&options.theme, describer.layout.square);
    let compact = Compact::from_slots(&sheet_slots(&painter.palette, options.bare));
    let mut row_strips: Vec<Vec<usize>> = vec![Vec::new(); sheet.rows()];
    for (i, &(r, _)) in sheet.cells.iter().enumerate() {
        row_strips[r].push(i);
    }
    let last_row = row_strips.len() - 1;
    let texts: Vec<_> = (0..sheet.rows()).map(|r| sheet.texts(r, &describer)).collect();
    let board_size = (describer.layout.width, describer.layout.height);
    let strips = row_strips
        .par_iter()
        .enumerate()
        .map_init(
            || (painter.clone(), painter.blank(board_size)),
            |(painter, board_image), (r, row_boards)| {
                let strip_y = sheet.strip_top(r);
                let mut strip = painter.blank((width, sheet.grid.strip_height(r)));
                for &i in row_boards {
                    let sheet_board = &boards[i];
                    let board = Board::from_queens(n, &sheet_board.queens)
                        .map_err(|fault| Error::InvalidTrace { event: sheet_board.index, fault })?;
                    painter.paint(&describer.describe_board(&board), board_image);
                    let (x, y) = sheet.board_origin(i);
                    strip.blit(board_image, x, y - strip_y);
                    if let Some((centre, baseline, _, size)) = sheet.label(i) {
                        painter.draw_text_centred(&mut strip, &sheet_board.label(), (centre, baseline), size);
                    }
                }
                for (x, baseline, size, text) in &texts[r] {
                    let centre = x + describer.measure(text, *size).0 / 2.0;
                    painter.draw_text_centred(&mut strip, text, (centre, *baseline), *size);
                }
                Ok(compact.deflate_rows(&strip.pixels, width, r == last_row))
            },
        )
        .collect::<Result<Vec<_>, Error>>()?;
    compact.write(out, (width, height), &strips)?;
    Ok(atlas)
}

/// The sheet's PNG palette: background and label text, the light and dark squares, then the
/// solution paint every queen of a solved board sits on, the queen's anti-aliasing over it and the
/// queen. Every queen is drawn over the same paint, so deflate finds each queen row once per board
/// row of the sheet.
fn sheet_slots(palette: &Palette, bare: bool) -> Vec<Slot> {
    let slot = |index: u8| (index, palette.rgb(index));
    let mut slots = vec![slot(palette.slot(Paint::Background))];
    if !bare {
        let background = palette.slot(Paint::Background);
        slots.extend((1..=LEVELS).map(|level| slot(palette.ink_over(Paint::Text, background, level))));
    }
    slots.extend([Paint::Light, Paint::Dark, Paint::Solution].map(|p| slot(palette.slot(p))));
    let solution = palette.slot(Paint::Solution);
    slots.extend((1..=LEVELS).map(|level| slot(palette.ink_over(Paint::Queen, solution, level))));
    slots
}

/// How many boards a batch of all solutions of `n` holds (unique: about an eighth), at least.
pub fn batch_size(n: usize, unique: bool) -> u64 {
    let all = crate::count::known_count(n).unwrap_or(u64::MAX);
    if unique {
        all / 8
    } else {
        all
    }
}

/// Refuse, before any work, a batch with more than `max_boards` boards.
pub fn check_batch(n: usize, unique: bool, max_boards: u64) -> Result<(), Error> {
    let boards = batch_size(n, unique);
    if boards > max_boards {
        return Err(Error::TooManyBoards { n, boards, limit: max_boards });
    }
    Ok(())
}

/// Every solution of `n` in `order` (or one per symmetry class: its first in `order`), numbered
/// from 1.
pub fn solution_boards(n: usize, unique: bool, order: SolutionOrder) -> Vec<SheetBoard> {
    if unique {
        order
            .unique(n)
            .enumerate()
            .map(|(i, (queens, size))| SheetBoard { index: i + 1, queens, class_size: Some(size), class: None })
            .collect()
    } else {
        order
            .solutions(n)
            .enumerate()
            .map(|(i, queens)| SheetBoard { index: i + 1, queens, class_size: None, class: None })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_use_ranks_from_the_bottom() {
        let b = SheetBoard { index: 1, queens: vec![0, 4, 7, 5, 2, 6, 1, 3], class_size: None, class: None };
        assert_eq!(b.label(), "1: 8 4 1 3 6 2 7 5");
        let u = SheetBoard { class_size: Some(4), ..b };
        assert_eq!(u.label(), "1: 8 4 1 3 6 2 7 5 (×4)");
        let place = ClassPlace { class: 3, transform: "id", slot: 0 };
        assert_eq!(SheetBoard { class: Some(place), ..u }.label(), "id: 8 4 1 3 6 2 7 5");
    }
}
