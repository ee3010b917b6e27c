//! A [`Scene`] as PDF content: the frame in pixel units, y down, over the theme's background.
//!
//! Contract: items are drawn in the scene's order, as the rasterizer paints them; a run of
//! consecutive squares (which never overlap) is drawn in three passes: the light and dark bases
//! (a whole board as one placed [`Form::Board`]), the grounds (attacked shades as rectangles, or
//! hatching forms in themes that hatch; the solution paint; free squares' rings), then the
//! queens (one [`Form::Piece`] per square size). Outlines are filled even-odd rectangles inside
//! their bounds, corner brackets `render::vector`'s polygons, lines stroked with round caps (the
//! rasterizer's capsule), ghosts the queen's outline in the ghost paint, text the embedded font.

use super::content::{Form, PageContent};
use crate::draw::vector::corner_polygons;
use crate::font::{Glyphs, QUEEN};
use crate::scene::items::{mark_paint, square_paint, Ground, Inset, Item, Scene};
use crate::scene::theme::{Paint, Theme};

/// Draw `scene` into `content` (which must already be flipped to the scene's height).
pub fn draw_scene(content: &mut PageContent, scene: &Scene, theme: &Theme, glyphs: &Glyphs) {
    content.fill_rgb(theme.color(Paint::Background));
    content.rect((0.0, 0.0, scene.width as f32, scene.height as f32));
    content.fill(false);
    let items = &scene.items;
    let mut i = 0;
    while i < items.len() {
        let run = items[i..].iter().take_while(|item| matches!(item, Item::Square { .. })).count();
        if run > 0 {
            squares(content, &items[i..i + run], theme);
            i += run;
        } else {
            item(content, &items[i], theme, glyphs);
            i += 1;
        }
    }
}

/// One square, unpacked.
#[derive(Clone, Copy)]
struct Sq {
    x: usize,
    y: usize,
    size: usize,
    dark: bool,
    ground: Ground,
    queen: bool,
    inset: Option<Inset>,
}

fn unpack(items: &[Item]) -> Vec<Sq> {
    items
        .iter()
        .filter_map(|item| match *item {
            Item::Square { x, y, size, dark, ground, queen, inset } => {
                Some(Sq { x, y, size, dark, ground, queen, inset })
            }
            _ => None,
        })
        .collect()
}

fn square_rect(s: &Sq) -> (f32, f32, f32, f32) {
    (s.x as f32, s.y as f32, s.size as f32, s.size as f32)
}

fn squares(content: &mut PageContent, items: &[Item], theme: &Theme) {
    let squares = unpack(items);
    match whole_board(&squares) {
        Some((form, origin)) => content.place(form, origin),
        None => {
            for dark in [false, true] {
                fill_rects(content, theme, square_paint(dark, false), squares.iter().filter(|s| s.dark == dark));
            }
        }
    }
    for dark in [false, true] {
        let attacked = squares.iter().filter(|s| s.dark == dark && s.ground == Ground::Attacked);
        if theme.hatch {
            content.fill_rgb(theme.color(square_paint(dark, true)));
            for s in attacked {
                let phase = (s.x + 2 * s.y) % crate::scene::items::hatch_geometry(s.size).0;
                content.place(Form::Hatch { size: s.size as u32, phase: phase as u32 }, (s.x as f32, s.y as f32));
            }
        } else {
            fill_rects(content, theme, square_paint(dark, true), attacked);
        }
    }
    fill_rects(content, theme, Paint::Solution, squares.iter().filter(|s| s.ground == Ground::Solution));
    for dark in [false, true] {
        for s in squares.iter().filter(|s| s.dark == dark && s.ground == Ground::Free) {
            content.stroke_rgb(theme.color(mark_paint(dark)));
            content.place(Form::Ring { size: s.size as u32 }, (s.x as f32, s.y as f32));
        }
    }
    for s in squares.iter().filter(|s| s.queen) {
        content.fill_rgb(theme.color(Paint::Queen));
        let (x, y, side) = Inset::place(s.inset, (s.x, s.y), s.size);
        content.place(Form::Piece { ch: QUEEN, square: side as u32 }, (x as f32, y as f32));
    }
}

/// Fill every square of `squares` in `paint`, as one path.
fn fill_rects<'a>(content: &mut PageContent, theme: &Theme, paint: Paint, squares: impl Iterator<Item = &'a Sq>) {
    let mut any = false;
    for s in squares {
        if !any {
            content.fill_rgb(theme.color(paint));
            any = true;
        }
        content.rect(square_rect(s));
    }
    if any {
        content.fill(false);
    }
}

/// When `squares` tile a whole checkered board of one square size, its form and top-left corner.
fn whole_board(squares: &[Sq]) -> Option<(Form, (f32, f32))> {
    let first = squares.first()?;
    let size = first.size;
    let x0 = squares.iter().map(|s| s.x).min()?;
    let y0 = squares.iter().map(|s| s.y).min()?;
    let cols = (squares.iter().map(|s| s.x).max()? - x0) / size.max(1) + 1;
    let rows = (squares.iter().map(|s| s.y).max()? - y0) / size.max(1) + 1;
    if size == 0 || cols * rows != squares.len() {
        return None;
    }
    let dark_first = squares.iter().find(|s| s.x == x0 && s.y == y0)?.dark;
    let mut seen = vec![false; cols * rows];
    for s in squares {
        let (dx, dy) = (s.x - x0, s.y - y0);
        let (c, r) = (dx / size, dy / size);
        let checkered = s.dark == (dark_first ^ ((c + r) % 2 == 1));
        if s.size != size
            || dx % size != 0
            || dy % size != 0
            || !checkered
            || std::mem::replace(&mut seen[r * cols + c], true)
        {
            return None;
        }
    }
    let form = Form::Board { cols: cols as u32, rows: rows as u32, size: size as u32, dark_first };
    Some((form, (x0 as f32, y0 as f32)))
}

fn item(content: &mut PageContent, item: &Item, theme: &Theme, glyphs: &Glyphs) {
    match item {
        Item::Fill { rect: (x, y, w, h), paint } => {
            content.fill_rgb(theme.color(*paint));
            content.rect((*x as f32, *y as f32, *w as f32, *h as f32));
            content.fill(false);
        }
        Item::Outline { rect: (x, y, w, h), thickness: t, paint } => {
            content.fill_rgb(theme.color(*paint));
            content.rect((*x as f32, *y as f32, *w as f32, *h as f32));
            let hole = 2 * t < (*w).min(*h);
            if hole {
                content.rect(((x + t) as f32, (y + t) as f32, (w - 2 * t) as f32, (h - 2 * t) as f32));
            }
            content.fill(hole);
        }
        Item::Corners { rect: (x, y, w, h), arm, thickness, paint } => {
            content.fill_rgb(theme.color(*paint));
            for polygon in corner_polygons((*w, *h), *arm, *thickness) {
                let points: Vec<(f32, f32)> =
                    polygon.iter().map(|&(px, py)| ((x + px) as f32, (y + py) as f32)).collect();
                content.polygon(&points);
            }
            content.fill(false);
        }
        Item::Square { .. } => squares(content, std::slice::from_ref(item), theme),
        Item::Ghost { x, y, size } => {
            content.fill_rgb(theme.color(Paint::Ghost));
            content.place(Form::Piece { ch: QUEEN, square: *size as u32 }, (*x as f32, *y as f32));
        }
        Item::Line { from, to, width, paint } => {
            content.stroke_rgb(theme.color(*paint));
            content.line(*from, *to, *width);
        }
        Item::Text { x, baseline, size, text, paint } => {
            content.fill_rgb(theme.color(*paint));
            content.text(glyphs, (*x, *baseline), *size as f32, text);
        }
    }
}
