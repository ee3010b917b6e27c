//! The boards of a book: each puzzle as given, its answer, and the frames of its explanation,
//! described by the same [`Describer`] as every other board (region fills, borders, letters).
//!
//! Contract: boards are described at [`SQUARE`] pixels a square without a caption; puzzle and
//! answer boards without coordinate labels (the page is for a pencil), explanation frames with
//! them (their words name squares). The PDF uses the `print` theme (grays told apart by lightness,
//! thick region borders and region letters, so it prints in grayscale); a PNG or SVG for posting
//! uses the default colours under a title line ("Puzzle 7 · 8×8 · medium").

use super::BookPuzzle;
use crate::board::{Board, BoardFrame};
use crate::draw::raster::palette::Palette;
use crate::error::Error;
use crate::scene::items::Scene;
use crate::scene::theme::Theme;
use crate::scene::{Describer, RenderOptions};
use crate::sink::Format;
use crate::stills::picture::{still_format, Picture};
use crate::trace::Square;
use std::io::Write;

/// Pixels per square of every book board (vector output scales them to the page).
pub const SQUARE: usize = 40;

/// The look of book boards in `theme`, with or without coordinate labels.
pub fn look(theme: Theme, coords: bool) -> RenderOptions {
    RenderOptions { square: Some(SQUARE), coords, theme, ..RenderOptions::default() }
}

/// The puzzle as given, or solved (`answer`).
pub fn board_scene(p: &BookPuzzle, answer: bool, options: &RenderOptions) -> Result<Scene, Error> {
    let n = p.puzzle.n;
    let fault = |fault| Error::InvalidTrace { event: 0, fault };
    let mut board = Board::for_puzzle(n, Some(&p.puzzle)).map_err(fault)?;
    if answer {
        for (col, &row) in p.solution.iter().enumerate() {
            let sq = Square::new(row, col);
            if !board.has_queen(sq) {
                board.place(sq).map_err(fault)?;
            }
        }
    }
    Ok(Describer::new(n, options, None).describe_board(&board))
}

/// A frame of the explanation: the board after a step, the step's squares marked.
pub fn step_scene(describer: &Describer, frame: &BoardFrame) -> Scene {
    describer.describe(frame)
}

/// "Puzzle 7 · 8×8 · medium".
pub fn title(p: &BookPuzzle) -> String {
    let n = p.puzzle.n;
    format!("Puzzle {} · {n}×{n} · {}", p.number, p.grade.name())
}

/// Write puzzle `p` (or its answer) as a PNG or SVG in the default colours, under its title;
/// returns the picture's width and height.
pub fn write_book_picture<W: Write>(
    p: &BookPuzzle,
    answer: bool,
    format: Format,
    out: W,
) -> Result<(usize, usize), Error> {
    let format = still_format(format)?;
    if format == Format::Pdf {
        return Err(Error::UnknownFormat { extension: "pdf".into(), writes: "png or svg (a book is one PDF)".into() });
    }
    let theme = Theme::default();
    let board = board_scene(p, answer, &look(theme.clone(), false))?;
    let describer = Describer::new(p.puzzle.n, &look(theme.clone(), false), None);
    let size = 22;
    let band = (describer.measure("Pg", size).1 * 1.6).ceil() as usize;
    let mut scene = Scene::new(board.width, board.height + band);
    let words = if answer { format!("{} · answer", title(p)) } else { title(p) };
    let x = (SQUARE / 4) as f32;
    scene.text((x, band as f32 * 0.8), size, words.clone());
    scene.append_shifted(board, (0, band));
    let picture = Picture { scene, palette: Palette::new(&theme), theme, dark: None, title: words };
    picture.write(format, out)
}
