//! Unit tests of the PDF backend: whole documents from real scenes.

use super::content::Form;
use super::*;
use crate::board::Board;
use crate::scene::{Describer, RenderOptions};
use crate::sink::pdf::still;

fn board_scene(options: &RenderOptions, queens: &[usize]) -> Scene {
    let describer = Describer::new(queens.len(), options, None);
    describer.describe_board(&Board::from_queens(queens.len(), queens).unwrap())
}

fn pdf_of(scene: &Scene, theme: &Theme) -> Vec<u8> {
    still(scene, theme, Vec::new()).unwrap()
}

#[test]
fn a_board_is_one_page_with_one_queen_form_and_one_board_form() {
    let scene = board_scene(&RenderOptions::default(), &[0, 4, 7, 5, 2, 6, 1, 3]);
    let pdf = pdf_of(&scene, &Theme::default());
    let text = String::from_utf8_lossy(&pdf);
    assert!(text.starts_with("%PDF-1.7"), "{}", &text[..20]);
    assert!(text.ends_with("%%EOF\n"));
    assert_eq!(text.matches("/Type/Page/").count() + text.matches("/Type/Page>").count(), 1, "one page");
    assert_eq!(text.matches("/Subtype/Form").count(), 2, "the queen and the board, each once");
    assert_eq!(pdf, pdf_of(&scene, &Theme::default()), "same bytes");
}

#[test]
fn the_cross_reference_table_points_at_every_object() {
    let scene = board_scene(&RenderOptions { coords: true, ..RenderOptions::default() }, &[1, 3, 0, 2]);
    let pdf = pdf_of(&scene, &Theme::default());
    // Offsets are in bytes: read the tail as text, the objects as bytes.
    let tail_at = pdf.windows(10).rposition(|w| w == b"startxref\n").unwrap();
    let tail = std::str::from_utf8(&pdf[tail_at..]).unwrap();
    let start: usize = tail.lines().nth(1).unwrap().parse().unwrap();
    let table = std::str::from_utf8(&pdf[start..]).unwrap();
    assert!(table.starts_with("xref\n0 "), "{table}");
    let entries: Vec<&str> = table.lines().skip(3).take_while(|l| l.ends_with(" n ")).collect();
    assert!(entries.len() > 5, "{table}");
    for (number, line) in entries.iter().enumerate() {
        let offset: usize = line[..10].parse().unwrap();
        assert!(pdf[offset..].starts_with(format!("{} 0 obj", number + 1).as_bytes()), "object {}", number + 1);
    }
}

#[test]
fn hatching_themes_use_hatch_forms() {
    let options = RenderOptions { theme: Theme::print(), ..RenderOptions::default() };
    let describer = Describer::new(4, &options, None);
    let frame = crate::board::BoardFrame {
        index: 0,
        total: 0,
        event: None,
        board: {
            let mut board = Board::new(4);
            board.place(crate::trace::Square::new(1, 0)).unwrap();
            board
        },
        counters: Default::default(),
    };
    let scene = describer.describe(&frame);
    let mut content = PageContent::new();
    content.flip(scene.height as f32);
    draw_scene(&mut content, &scene, &options.theme, &crate::font::Glyphs::new());
    let uses = content.finish().uses;
    let hatched = uses.forms.iter().any(|f| matches!(f, Form::Hatch { .. }));
    use crate::scene::items::{Ground, Item};
    let attacked = scene.items.iter().any(|i| matches!(i, Item::Square { ground: Ground::Attacked, .. }));
    assert!(attacked, "a queen attacks squares");
    assert!(hatched, "{uses:?}");
}
