//! Themes and panels (issue 35, point 7), measured on decoded frames: gray's grounds sort free
//! from attacked by lightness, print's hatching is never parallel to a line drawn over a square,
//! dark's solution gold is gold, the tree panel is calmer than the board, a puzzle's crosses are
//! quieter than its queens, and one solution reveal for every frame: the ring has as much room
//! outside it as its own width, the band is as wide as the ring (no T shape) and runs across the
//! panels.

use crate::legibility::{contrast, measure_gif, trace_6, State};
use crate::look_panels::{open, tree_renderer};
use crate::puzzle_picture::{models, SQUARE};
use crate::support::{attacked, decode_gif, queens_per_frame, rgb, run_ok, temp_dir};
use image::RgbaImage;
use queens::internals::Describer;
use queens::{Animation, SolveOptions, Square, Theme};

type Rgb = [u8; 3];

fn plain(a: Rgb, b: Rgb) -> f64 {
    contrast(a, b, "grayscale", false)
}

#[test]
fn gray_free_grounds_are_lighter_than_attacked_ones() {
    let (m, _) = measure_gif(&trace_6(), Theme::gray());
    let ground = |state: State, dark: bool| m.squares[&(state, dark)].iter().next().unwrap().0;
    let free = [ground(State::Free, false), ground(State::Free, true)];
    let attacked = [ground(State::Attacked, false), ground(State::Attacked, true)];
    // No mark tells them apart in gray (no rings, no hatching): lightness alone must.
    let least = free.iter().flat_map(|&f| attacked.iter().map(move |&a| plain(f, a))).fold(f64::MAX, f64::min);
    let darkest_free = free.iter().map(|&f| plain(f, [0; 3])).fold(f64::MAX, f64::min);
    let lightest_attacked = attacked.iter().map(|&a| plain(a, [0; 3])).fold(0.0, f64::max);
    eprintln!("gray: free {free:?}, attacked {attacked:?}: free over attacked by {least:.2}:1 or more");
    assert!(darkest_free > lightest_attacked && least >= 1.25, "gray: free {free:?} vs attacked {attacked:?}");
}

/// Of the inked pixels whose next three neighbours along `d` lie inside `pixels`, the fraction
/// whose three neighbours are inked too (near 1 when the stripes run along `d`).
fn run_along(ink: &dyn Fn(i64, i64) -> Option<bool>, pixels: &[(i64, i64)], d: (i64, i64)) -> f64 {
    let (mut counted, mut along) = (0, 0);
    for &(x, y) in pixels.iter().filter(|&&(x, y)| ink(x, y) == Some(true)) {
        let next: Option<Vec<bool>> = (1..=3).map(|k| ink(x + k * d.0, y + k * d.1)).collect();
        if let Some(next) = next {
            counted += 1;
            along += usize::from(next.iter().all(|&b| b));
        }
    }
    along as f64 / counted.max(1) as f64
}

#[test]
fn print_hatching_is_never_parallel_to_ranks_files_or_diagonals() {
    let trace = trace_6();
    let theme = Theme::print();
    let mut animation = Animation::new();
    animation.look.theme = theme.clone();
    let mut gif = Vec::new();
    queens::render_gif(&trace, &animation, &mut gif).unwrap();
    let frames = decode_gif(&gif);
    let layout = Describer::new(6, &animation.look, Some(queens::caption_spec(&trace))).layout;
    let boards = queens_per_frame(&trace);
    let k = (1..frames.len()).find(|&k| boards[k].len() == 2).expect("a frame with two queens");
    let img = &frames[k].0;
    let mut measured = 0;
    for (row, col) in (0..36).map(|i| (i / 6, i % 6)) {
        if boards[k].contains(&(row, col)) || !attacked(&boards[k], row, col) {
            continue;
        }
        let (x0, y0) = layout.square_origin(Square::new(row, col));
        let (x0, y0, s) = (x0 as i64 + 3, y0 as i64 + 3, layout.square as i64 - 6);
        let hatch = [theme.light_attacked, theme.dark_attacked];
        let ink = |x: i64, y: i64| {
            ((x0..x0 + s).contains(&x) && (y0..y0 + s).contains(&y))
                .then(|| hatch.contains(&rgb(img, x as u32, y as u32)))
        };
        let pixels: Vec<(i64, i64)> = (y0..y0 + s).flat_map(|y| (x0..x0 + s).map(move |x| (x, y))).collect();
        assert!(pixels.iter().any(|&(x, y)| ink(x, y) == Some(true)), "square ({row}, {col}) is hatched");
        for d in [(1, 0), (0, 1), (1, 1), (1, -1)] {
            let fraction = run_along(&ink, &pixels, d);
            assert!(fraction < 0.5, "({row}, {col}): the hatching runs along {d:?} ({fraction:.2} of its pixels)");
        }
        measured += 1;
    }
    assert!(measured >= 4, "{measured} attacked squares measured");
}

/// Hue in degrees and saturation (HSV).
fn hue_saturation([r, g, b]: Rgb) -> (f64, f64) {
    let [r, g, b] = [r, g, b].map(f64::from);
    let (max, min) = (r.max(g).max(b), r.min(g).min(b));
    let hue = if max == min {
        0.0
    } else if max == r {
        60.0 * ((g - b) / (max - min)).rem_euclid(6.0)
    } else if max == g {
        60.0 * ((b - r) / (max - min) + 2.0)
    } else {
        60.0 * ((r - g) / (max - min) + 4.0)
    };
    (hue, if max == 0.0 { 0.0 } else { (max - min) / max })
}

/// The first and last x on row `y` whose pixel is `colour`.
fn extent(img: &RgbaImage, y: u32, colour: Rgb) -> Option<(u32, u32)> {
    let xs: Vec<u32> = (0..img.width()).filter(|&x| rgb(img, x, y) == colour).collect();
    Some((*xs.first()?, *xs.last()?))
}

/// The ring's width and the room outside it, left and right of the board (on the board's middle
/// row) and above it (on its middle column).
fn ring_and_room(img: &RgbaImage, (cx, cy): (u32, u32), gold: Rgb) -> (u32, [u32; 3]) {
    let (left, right) = extent(img, cy, gold).expect("the ring crosses the board's middle row");
    let width = (left..img.width()).take_while(|&x| rgb(img, x, cy) == gold).count() as u32;
    let top = (0..img.height()).find(|&y| rgb(img, cx, y) == gold).expect("the ring above the board");
    (width, [left, img.width() - 1 - right, top])
}

#[test]
fn one_solution_reveal_ring_with_room_band_as_wide_as_the_ring_and_across_the_panels() {
    let dir = temp_dir("look_reveal", "reveal");
    let puzzle = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/puzzle-7x7.txt");
    for name in ["default", "dark"] {
        let theme = Theme::named(name).unwrap();
        let (gold, band) = (theme.solution, theme.solution_band);
        let runs: [(&str, Vec<&str>); 3] = [
            ("board", vec!["frames", "6", "--frames", "last"]),
            ("puzzle", vec!["frames", "--puzzle", puzzle, "--frames", "last"]),
            ("panels", vec!["frames", "6", "--code", "--tree", "--frames", "last"]),
        ];
        for (what, mut args) in runs {
            let png = format!("{name}-{what}.png");
            args.extend(["--theme", name, "-o", &png, "-q"]);
            run_ok(&dir, &args);
            let img = open(&dir.join(&png));
            // The band's rows: band-coloured left of the caption's text (which starts a margin in).
            let rows: Vec<u32> = (0..img.height()).filter(|&y| rgb(&img, 12, y) == band).collect();
            assert!(!rows.is_empty(), "{name} {what}: no band at the left");
            let band_row = rows[rows.len() / 2];
            let (band_left, band_right) = extent(&img, band_row, band).unwrap();
            // About the board's middle row (above the band), in the a-file: not a queen's square.
            let ring_row = rows[0] / 2;
            let (ring_left, ring_right) = extent(&img, ring_row, gold).expect("the ring");
            let centre = if what == "panels" { (ring_left + 40, ring_row) } else { (img.width() / 2, ring_row) };
            let (width, room) = ring_and_room(&img, centre, gold);
            eprintln!(
                "{name} {what}: ring {width} px, room outside {room:?}; ring {ring_left}..{ring_right}, band {band_left}..{band_right} of {}",
                img.width()
            );
            assert!(room.iter().all(|&r| r >= width), "{name} {what}: ring {width} px with {room:?} px outside");
            assert!(band_left >= ring_left, "{name} {what}: the band starts left of the ring");
            if what == "panels" {
                // Across the board and the panels: as far from the right edge as from the left.
                assert!(img.width() - 1 - band_right <= band_left, "{name}: the band stops at {band_right}");
            } else {
                assert!(band_right <= ring_right, "{name} {what}: the band is wider than the ring");
                assert_eq!((band_left, band_right), (ring_left, ring_right), "{name} {what}: one width");
            }
        }
    }
}

#[test]
fn dark_solution_gold_reads_as_gold_not_olive() {
    let dir = temp_dir("look_reveal", "gold");
    run_ok(&dir, &["frames", "6", "--frames", "last", "--theme", "dark", "-o", "d.png", "-q"]);
    let img = open(&dir.join("d.png"));
    let theme = Theme::dark();
    let mut look = queens::RenderOptions::default();
    look.theme = theme.clone();
    let layout = Describer::new(6, &look, None).layout;
    let ring = rgb(&img, (layout.board_x - 2) as u32, (layout.board_y + layout.square / 2) as u32);
    let band = rgb(&img, (layout.margin - layout.margin / 2 + 1) as u32, img.height() - 3);
    for (what, colour) in [("ring", ring), ("band", band)] {
        let (hue, saturation) = hue_saturation(colour);
        // Olive: a dark yellow, green close to red (G/R 0.8 and more) and grayed; gold leans to amber.
        let green_to_red = f64::from(colour[1]) / f64::from(colour[0]);
        eprintln!("dark {what} {colour:?}: hue {hue:.1}, saturation {saturation:.2}, G/R {green_to_red:.2}");
        assert!((40.0..=55.0).contains(&hue), "dark {what} {colour:?}: hue {hue:.1}");
        assert!(saturation >= 0.85 && green_to_red <= 0.75, "dark {what} {colour:?} reads as olive");
    }
}

#[test]
fn the_tree_panel_is_calmer_than_the_board() {
    let dir = temp_dir("look_reveal", "tree");
    let trace = queens::record(&SolveOptions::new(6), 100_000).unwrap();
    for name in ["default", "gray", "dark", "print"] {
        let theme = Theme::named(name).unwrap();
        let png = format!("{name}.png");
        run_ok(&dir, &["frames", "6", "--tree", "--frames", "20", "--theme", name, "-o", &png, "-q"]);
        let img = open(&dir.join(&png));
        let layout = tree_renderer(&trace, theme.clone(), 60).layout;
        let (tree, bg) = (layout.tree.unwrap(), theme.background);
        let weight = |xs: std::ops::Range<usize>, ys: std::ops::Range<usize>| {
            let pixels: Vec<Rgb> =
                ys.flat_map(|y| xs.clone().map(move |x| (x, y))).map(|(x, y)| rgb(&img, x as u32, y as u32)).collect();
            // The median pixel's weight: the fills', not the labels' or the queens'.
            let mut inked: Vec<f64> = pixels.iter().filter(|&&c| c != bg).map(|&c| plain(c, bg)).collect();
            inked.sort_by(f64::total_cmp);
            inked.get(inked.len() / 2).copied().unwrap_or(1.0)
        };
        let (bx, by, size) = (layout.board_x, layout.board_y, layout.board_size());
        let board = weight(bx..bx + size, by..by + size);
        let panel = weight(tree.x..tree.x + tree.width, tree.y..tree.y + tree.height);
        let root = rgb(&img, tree.x as u32 + 3, tree.y as u32 + 3);
        let least_ground = [theme.light, theme.dark].map(|c| plain(c, bg)).into_iter().fold(f64::MAX, f64::min);
        eprintln!("{name}: tree {panel:.2}:1 (median), board {board:.2}:1; root {root:?} {:.2}:1", plain(root, bg));
        assert!(panel < board, "{name}: the tree ({panel:.2}:1) outshouts the board ({board:.2}:1)");
        assert!(plain(root, bg) < 3.0 && plain(root, bg) <= least_ground.max(1.5), "{name}: root {root:?}");
    }
}

#[test]
fn puzzle_crosses_are_quieter_than_queens() {
    let trace = crate::puzzle_picture::trace();
    let last = models(&trace).pop().unwrap();
    for name in ["default", "gray", "dark", "print"] {
        let theme = Theme::named(name).unwrap();
        let img = crate::puzzle_picture::bare_frames(&trace, &theme).pop().unwrap().0;
        // A queen's ink weight: its share of the square times its contrast on the token.
        let ink_share = |sq: Square, ink: Rgb| {
            let (x0, y0) = (sq.col as u32 * SQUARE + 8, sq.row as u32 * SQUARE + 8);
            let n = (y0..y0 + SQUARE - 16).flat_map(|y| (x0..x0 + SQUARE - 16).map(move |x| (x, y)));
            n.filter(|&(x, y)| rgb(&img, x, y) == ink).count() as f64 / f64::from((SQUARE - 16) * (SQUARE - 16))
        };
        let queen_share = last.queens.iter().map(|&sq| ink_share(sq, theme.queen)).fold(f64::MAX, f64::min);
        let queen = queen_share * (plain(theme.queen, theme.solution) - 1.0);
        // a1 is blocked: no cross.
        for sq in last.ruled_out.iter().filter(|&&sq| !last.queens.contains(&sq) && sq != Square::new(5, 0)) {
            let (x0, y0) = (sq.col as u32 * SQUARE + 8, sq.row as u32 * SQUARE + 8);
            let pixels: Vec<Rgb> = (y0..y0 + SQUARE - 16)
                .flat_map(|y| (x0..x0 + SQUARE - 16).map(move |x| (x, y)))
                .map(|(x, y)| rgb(&img, x, y))
                .collect();
            let fill = rgb(&img, x0, y0);
            let ink: Vec<Rgb> = pixels.iter().copied().filter(|&c| c != fill).collect();
            let darkest = ink.iter().map(|&c| plain(c, fill)).fold(0.0, f64::max);
            let share = ink.len() as f64 / pixels.len() as f64;
            let weight = share * (darkest - 1.0);
            let what = format!("{name} {}: cross {darkest:.2}:1 over {:.1}%", sq.name(6), share * 100.0);
            assert!(share < 0.06, "{what}: thick (queens {:.1}%)", queen_share * 100.0);
            assert!(weight < queen / 2.0, "{what}: weight {weight:.2} vs the queens' {queen:.2}");
        }
    }
}
