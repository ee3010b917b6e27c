//! One content stream (a page, or a frame placed on a handout page) being written, and what it
//! uses from the document.
//!
//! Contract: colours are set only when they change; numbers are rounded to hundredths of a
//! point (colours to thousandths) so the same drawing gives the same bytes. Shared drawings are
//! named by what they draw ([`Form::name`]): a worker thread can write content naming them
//! before the document has written them; the document defines each once (see `document.rs`).
//! Text is shown in the document's Type3 fonts (one per 256 code points: `/F<block>`, the code
//! the low byte), so the outlines travel with the file and the words stay selectable.

use crate::font::Glyphs;
use crate::scene::theme::Rgb;
use flate2::write::ZlibEncoder;
use flate2::Compression;
use pdf_writer::{Content, Name, Str};
use std::collections::BTreeSet;
use std::io::Write;

/// A drawing defined once per document and placed by name (a Form XObject).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Form {
    /// A piece glyph (the queen) filling a square `square` wide at the origin; paint set outside.
    Piece { ch: char, square: u32 },
    /// The ring of a free square `size` wide; stroke paint set outside.
    Ring { size: u32 },
    /// Hatching of a square `size` wide whose corner's x + 2y is `phase` modulo the period; fill
    /// paint set outside.
    Hatch { size: u32, phase: u32 },
    /// An empty board in the theme's light and dark paints: `cols` x `rows` squares `size`
    /// wide, the top-left square dark when `dark_first`.
    Board { cols: u32, rows: u32, size: u32, dark_first: bool },
}

impl Form {
    /// Its resource name.
    pub fn name(self) -> String {
        match self {
            Form::Piece { ch, square } => format!("P{:x}_{square}", ch as u32),
            Form::Ring { size } => format!("R{size}"),
            Form::Hatch { size, phase } => format!("H{size}_{phase}"),
            Form::Board { cols, rows, size, dark_first } => format!("B{cols}_{rows}_{size}_{}", u8::from(dark_first)),
        }
    }
}

/// The resources a content stream names: shared drawings and the characters of its text.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Uses {
    pub forms: BTreeSet<Form>,
    pub chars: BTreeSet<char>,
}

/// A finished content stream: deflated, with what it names.
#[derive(Clone, Debug)]
pub struct EncodedContent {
    pub deflated: Vec<u8>,
    pub uses: Uses,
}

/// A content stream being drawn.
pub struct PageContent {
    content: Content,
    uses: Uses,
    fill: Option<Rgb>,
    stroke: Option<Rgb>,
    /// Whether y grows downwards (after [`PageContent::flip`]).
    y_down: bool,
}

impl Default for PageContent {
    fn default() -> Self {
        Self::new()
    }
}

/// `v` rounded to hundredths.
pub fn r2(v: f32) -> f32 {
    (v * 100.0).round() / 100.0
}

fn channel(c: u8) -> f32 {
    (f32::from(c) / 255.0 * 1000.0).round() / 1000.0
}

impl PageContent {
    pub fn new() -> Self {
        PageContent { content: Content::new(), uses: Uses::default(), fill: None, stroke: None, y_down: false }
    }

    /// From here on, everything is drawn `scale` times as large (before [`PageContent::flip`]:
    /// a page scaled down to fit).
    pub fn scale(&mut self, scale: f32) {
        self.content.transform([scale, 0.0, 0.0, scale, 0.0, 0.0]);
    }

    /// From here on, units are frame pixels with y down on a page `height` tall.
    pub fn flip(&mut self, height: f32) {
        self.content.transform([1.0, 0.0, 0.0, -1.0, 0.0, r2(height)]);
        self.y_down = true;
    }

    pub fn fill_rgb(&mut self, rgb: Rgb) {
        if self.fill != Some(rgb) {
            self.content.set_fill_rgb(channel(rgb[0]), channel(rgb[1]), channel(rgb[2]));
            self.fill = Some(rgb);
        }
    }

    pub fn stroke_rgb(&mut self, rgb: Rgb) {
        if self.stroke != Some(rgb) {
            self.content.set_stroke_rgb(channel(rgb[0]), channel(rgb[1]), channel(rgb[2]));
            self.stroke = Some(rgb);
        }
    }

    /// Add a rectangle to the current path.
    pub fn rect(&mut self, (x, y, w, h): (f32, f32, f32, f32)) {
        self.content.rect(r2(x), r2(y), r2(w), r2(h));
    }

    /// Add a closed polygon to the current path.
    pub fn polygon(&mut self, points: &[(f32, f32)]) {
        let Some((first, rest)) = points.split_first() else { return };
        self.content.move_to(r2(first.0), r2(first.1));
        for p in rest {
            self.content.line_to(r2(p.0), r2(p.1));
        }
        self.content.close_path();
    }

    /// Fill the current path (nonzero, or even-odd with `even_odd`).
    pub fn fill(&mut self, even_odd: bool) {
        if even_odd {
            self.content.fill_even_odd();
        } else {
            self.content.fill_nonzero();
        }
    }

    /// A rectangle's outline, `width` wide (centred on its edges), in the stroke colour.
    pub fn stroke_rect(&mut self, rect: (f32, f32, f32, f32), width: f32) {
        self.content.save_state();
        self.content.set_line_width(r2(width));
        self.rect(rect);
        self.content.stroke();
        self.content.restore_state();
    }

    /// A line from `a` to `b` with round caps, `width` wide, in the stroke colour.
    pub fn line(&mut self, a: (f32, f32), b: (f32, f32), width: f32) {
        self.content.save_state();
        self.content.set_line_width(r2(width));
        self.content.set_line_cap(pdf_writer::types::LineCapStyle::RoundCap);
        self.content.move_to(r2(a.0), r2(a.1));
        self.content.line_to(r2(b.0), r2(b.1));
        self.content.stroke();
        self.content.restore_state();
    }

    /// Place `form` with its origin at (x, y).
    pub fn place(&mut self, form: Form, (x, y): (f32, f32)) {
        self.place_named(&form.name(), [1.0, 0.0, 0.0, 1.0, r2(x), r2(y)]);
        self.uses.forms.insert(form);
    }

    /// Place the form named `name` (defined by the document's owner) through `matrix`.
    pub fn place_named(&mut self, name: &str, matrix: [f32; 6]) {
        self.content.save_state();
        if matrix != [1.0, 0.0, 0.0, 1.0, 0.0, 0.0] {
            self.content.transform(matrix);
        }
        self.content.x_object(Name(name.as_bytes()));
        self.content.restore_state();
    }

    /// `text` in the fill colour, pen at `x` on `baseline`, `size` pixels as the embedded font's
    /// rasterizer reads a size. Glyphs sit at the font's own pen positions (the rasterizer rounds
    /// each pen to whole pixels, up to half a pixel away): rounded pens would put gaps between
    /// letters that text extraction reads as spaces ("solution s"). A `TJ` adjustment corrects
    /// any drift from the rounded widths and the hundredths the font size is written in.
    pub fn text(&mut self, glyphs: &Glyphs, (x, baseline): (f32, f32), size: f32, text: &str) {
        let chars: Vec<char> = text.chars().collect();
        if chars.iter().all(|c| c.is_whitespace()) {
            return;
        }
        let font_size = r2(glyphs.units_scale(size) * glyphs.units_per_em());
        let per_unit = font_size / glyphs.units_per_em();
        let mut pens = Vec::with_capacity(chars.len());
        let mut pen = x;
        for &ch in &chars {
            pens.push(r2(pen));
            pen += glyphs.advance(ch, size as u32);
        }
        let flip = if self.y_down { -1.0 } else { 1.0 };
        self.content.begin_text();
        self.content.set_text_matrix([1.0, 0.0, 0.0, flip, r2(pens[0]), r2(baseline)]);
        let mut at = r2(pens[0]);
        let mut start = 0;
        while start < chars.len() {
            let block = chars[start] as u32 >> 8;
            let end = start + chars[start..].iter().take_while(|&&c| c as u32 >> 8 == block).count();
            // Runs of codes, each after the adjustment that moves the pen to its first glyph.
            let mut runs: Vec<(f32, Vec<u8>)> = Vec::new();
            for i in start..end {
                // `at` is where the PDF's pen is: moved only when it strays a twentieth of a pixel.
                let gap = pens[i] - at;
                let code = (chars[i] as u32 & 0xFF) as u8;
                match runs.last_mut() {
                    Some((_, codes)) if gap.abs() < 0.05 => codes.push(code),
                    _ if i == start && gap.abs() < 0.05 => runs.push((0.0, vec![code])),
                    _ => {
                        runs.push(((-gap * 1000.0 / font_size * 10.0).round() / 10.0, vec![code]));
                        at = pens[i];
                    }
                }
                at += glyphs.advance_units(chars[i]).round() * per_unit;
            }
            self.content.set_font(Name(format!("F{block:x}").as_bytes()), font_size);
            let mut shown = self.content.show_positioned();
            let mut items = shown.items();
            for (adjust, codes) in &runs {
                if *adjust != 0.0 {
                    items.adjust(*adjust);
                }
                items.show(Str(codes));
            }
            drop(items);
            drop(shown);
            self.uses.chars.extend(&chars[start..end]);
            start = end;
        }
        self.content.end_text();
    }

    /// The stream deflated, with what it names.
    pub fn finish(self) -> EncodedContent {
        let bytes = self.content.finish();
        let mut deflate = ZlibEncoder::new(Vec::with_capacity(bytes.len() / 3), Compression::default());
        deflate.write_all(&bytes).expect("writing to memory");
        EncodedContent { deflated: deflate.finish().expect("writing to memory"), uses: self.uses }
    }
}
