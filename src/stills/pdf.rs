//! Stills as PDF: one board, and sheets of solutions, each one page drawn from the same scenes and
//! the same sheet layout as the PNGs.
//!
//! Contract: a board's page is the scene the PNG is painted from; a sheet is every board's scene
//! moved to its place on the sheet, with its label and its row's words (class headers, the
//! legend) at the PNG's pen positions (one empty-board
//! form placed per board, one queen form for all). One point per pixel.

use super::sheet::{sheet_layout, SheetBoard};
use crate::board::Board;
use crate::render::layout::check_geometry;
use crate::render::pdf;
use crate::render::scene::Scene;
use crate::render::{RenderOptions, Renderer};
use crate::sink::atlas::Atlas;
use crate::Error;
use std::io::Write;

/// Render one board (a solution or any partial layout) as a one-page PDF; returns its size.
pub(super) fn write_board_pdf<W: Write>(
    n: usize,
    queens: &[usize],
    options: &RenderOptions,
    out: W,
) -> Result<(usize, usize), Error> {
    check_geometry(n, options.square_for(n))?;
    let board = Board::from_queens(n, queens).map_err(|fault| Error::InvalidTrace { event: 0, fault })?;
    let scene = Renderer::new(n, options, None).describe_board(&board);
    pdf::still(&scene, &options.theme, out)?;
    Ok((scene.width, scene.height))
}

/// Render `boards` as one PDF page, `columns` boards per row, laid out exactly like the PNG
/// sheet; returns the atlas.
pub(super) fn write_sheet_pdf<W: Write>(
    n: usize,
    boards: &[SheetBoard],
    options: &RenderOptions,
    columns: usize,
    out: W,
) -> Result<Atlas, Error> {
    let (renderer, sheet) = sheet_layout(n, boards, options, columns)?;
    let mut page = Scene::new(sheet.width, sheet.height);
    for (i, sheet_board) in boards.iter().enumerate() {
        let board = Board::from_queens(n, &sheet_board.queens)
            .map_err(|fault| Error::InvalidTrace { event: sheet_board.index, fault })?;
        page.append_shifted(renderer.describe_board(&board), sheet.board_origin(i));
        if let Some((centre, baseline, strip, size)) = sheet.label(i) {
            // The label's baseline is given within its row's strip, which starts `strip` down.
            let text = sheet_board.label();
            page.text((centre - renderer.measure(&text, size).0 / 2.0, baseline + strip as f32), size, text);
        }
    }
    // Each row's own words (class headers, the legend), given within the row's strip.
    for r in 0..sheet.rows() {
        let strip = sheet.strip_top(r) as f32;
        for (x, baseline, size, text) in sheet.texts(r, &renderer) {
            page.text((x, baseline + strip), size, text);
        }
    }
    pdf::still(&page, &options.theme, out)?;
    Ok(sheet.atlas(n, renderer.layout.square, boards))
}
