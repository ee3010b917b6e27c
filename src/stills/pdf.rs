//! Sheets of solutions as PDF, one page drawn from the same scenes and the same sheet layout as
//! the PNGs.
//!
//! Contract: a sheet is every board's scene moved to its place on the sheet, with its label and its
//! row's words (class headers, the legend) at the PNG's pen positions (one empty-board form placed
//! per board, one queen form for all). One point per pixel. One board is a `Picture` (board.rs).

use super::sheet::{sheet_layout, SheetBoard};
use crate::board::Board;
use crate::error::Error;
use crate::scene::items::Scene;
use crate::scene::RenderOptions;
use crate::sink::atlas::Atlas;
use crate::sink::pdf;
use std::io::Write;

/// Render `boards` as one PDF page, `columns` boards per row, laid out exactly like the PNG
/// sheet; returns the atlas.
pub(super) fn write_sheet_pdf<W: Write>(
    n: usize,
    boards: &[SheetBoard],
    options: &RenderOptions,
    columns: usize,
    out: W,
) -> Result<Atlas, Error> {
    let (describer, sheet) = sheet_layout(n, boards, options, columns)?;
    let mut page = Scene::new(sheet.width, sheet.height);
    for (i, sheet_board) in boards.iter().enumerate() {
        let board = Board::from_queens(n, &sheet_board.queens)
            .map_err(|fault| Error::InvalidTrace { event: sheet_board.index, fault })?;
        page.append_shifted(describer.describe_board(&board), sheet.board_origin(i));
        if let Some((centre, baseline, strip, size)) = sheet.label(i) {
            // The label's baseline is given within its row's strip, which starts `strip` down.
            let text = sheet_board.label();
            page.text((centre - describer.measure(&text, size).0 / 2.0, baseline + strip as f32), size, text);
        }
    }
    // Each row's own words (class headers, the legend), given within the row's strip.
    for r in 0..sheet.rows() {
        let strip = sheet.strip_top(r) as f32;
        for (x, baseline, size, text) in sheet.texts(r, &describer) {
            page.text((x, baseline + strip), size, text);
        }
    }
    pdf::still(&page, &options.theme, out)?;
    Ok(sheet.atlas(n, describer.layout.square, boards))
}
