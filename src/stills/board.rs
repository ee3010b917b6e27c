//! One board as a still [`Picture`]: a solution or any partial layout, described by the same
//! [`Describer`] as animation frames, so a board looks the same everywhere.
//!
//! Contract: the picture is the describer's scene of the board with no event (attacking pairs
//! joined unless bare, labels with `coords`), in the run's palette; its words (board, queens in
//! chess names) are its title.

use super::picture::Picture;
use crate::board::Board;
use crate::draw::raster::palette::Palette;
use crate::error::Error;
use crate::scene::layout::check_geometry;
use crate::scene::{Describer, RenderOptions};
use crate::trace::Square;

/// "8×8 board, queens on a8 b4 ..." (chess names, columns from the left).
fn board_title(n: usize, queens: &[usize]) -> String {
    let names: Vec<String> = queens.iter().enumerate().map(|(col, &row)| Square::new(row, col).name(n)).collect();
    match names.len() {
        0 => format!("{n}×{n} board, no queens"),
        _ => format!("{n}×{n} board, queens on {}", names.join(" ")),
    }
}

/// The board of `n` with `queens[col] = row` in `options`' look.
pub fn picture(n: usize, queens: &[usize], options: &RenderOptions) -> Result<Picture, Error> {
    check_geometry(n, options.square_for(n))?;
    let board = Board::from_queens(n, queens).map_err(|fault| Error::InvalidTrace { event: 0, fault })?;
    let scene = Describer::new(n, options, None).describe_board(&board);
    let (theme, dark) = (options.theme.clone(), options.dark.clone());
    Ok(Picture { scene, palette: Palette::new(&theme), theme, dark, title: board_title(n, queens) })
}
