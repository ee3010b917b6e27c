//! Sheets of solutions as SVG, drawn from the same scenes and the same sheet layout as the PNGs
//! (so the two never disagree about where a board or a label goes).
//!
//! Contract: a sheet defines the empty board once and places it per board, with every queen and
//! every label glyph in one group per colour (labels at the PNG's pen positions); the title counts
//! the boards. One board is a `Picture` (board.rs).

use super::sheet::{sheet_layout, SheetBoard};
use super::Atlas;
use crate::board::Board;
use crate::draw::svg::{self, use_of, Atom, Doc, Paints};
use crate::error::Error;
use crate::font::Glyphs;
use crate::scene::items::Scene;
use crate::scene::RenderOptions;
use std::io::Write;

/// Render `boards` as one SVG sheet, `columns` boards per row, laid out exactly like the PNG
/// sheet; returns the atlas.
pub(super) fn write_sheet_svg<W: Write>(
    n: usize,
    boards: &[SheetBoard],
    options: &RenderOptions,
    columns: usize,
    mut out: W,
) -> Result<Atlas, Error> {
    let (describer, sheet) = sheet_layout(n, boards, options, columns)?;
    let glyphs = Glyphs::new();
    let hatch = options.theme.hatch;
    let mut doc = Doc::new(Paints::new(&options.theme, options.dark.as_ref()));
    let (mut body, mut placed) = (String::new(), Vec::<Atom>::new());
    for (i, sheet_board) in boards.iter().enumerate() {
        let board = Board::from_queens(n, &sheet_board.queens)
            .map_err(|fault| Error::InvalidTrace { event: sheet_board.index, fault })?;
        let atoms = svg::atoms(&describer.describe_board(&board), &glyphs, hatch);
        let base = atoms.iter().take_while(|a| a.layer == svg::BASE).count();
        let mut markup = String::new();
        doc.atoms(&atoms[..base], &mut markup);
        let id = doc.defs.shared(markup);
        let (x, y) = sheet.board_origin(i);
        body.push_str(&use_of(&id, x as i64, y as i64));
        placed.extend(atoms[base..].iter().map(|a| a.moved(x as i64, y as i64)));
        if let Some((centre, baseline, strip, size)) = sheet.label(i) {
            let text = sheet_board.label();
            let mut label = Scene::new(0, 0);
            label.text((centre - describer.measure(&text, size).0 / 2.0, baseline), size, text);
            placed.extend(svg::atoms(&label, &glyphs, hatch).iter().map(|a| a.moved(0, strip as i64)));
        }
    }
    for r in 0..sheet.rows() {
        let mut words = Scene::new(0, 0);
        for (x, baseline, size, text) in sheet.texts(r, &describer) {
            words.text((x, baseline), size, text);
        }
        let strip = sheet.strip_top(r) as i64;
        placed.extend(svg::atoms(&words, &glyphs, hatch).iter().map(|a| a.moved(0, strip)));
    }
    placed.sort_unstable();
    doc.atoms(&placed, &mut body);
    let count = boards.len();
    let title =
        format!("{count} {n}×{n} board{}, solutions of the {n}-queens puzzle", if count == 1 { "" } else { "s" });
    let picture = doc.finish((sheet.width, sheet.height), &title, "", &body);
    out.write_all(picture.as_bytes())?;
    out.flush()?;
    Ok(sheet.atlas(n, describer.layout.square, boards))
}
