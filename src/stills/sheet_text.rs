//! Words on a sheet beside its boards' labels: a legend above the boards saying what the notation
//! means (sheets of unique solutions and of symmetry classes), and a header left of each class
//! row ("Class 3", "8 boards").
//!
//! Contract: plain and bare sheets have neither (their pixels do not change). The legend's
//! paragraphs are wrapped at word boundaries to the width given; every line is in the sheet
//! labels' type (capitals at least 0.18 x square). Positions are relative: the legend's lines
//! from the legend band's top, a header's from its row's top.

use crate::scene::Describer;

/// The words of one sheet and the room they take.
pub(crate) struct SheetText {
    pub size: u32,
    /// Height of one line of text, in pixels.
    pub line: usize,
    /// Width of the header column left of the boards (0 when there are no class rows).
    pub header: usize,
    /// Each class row's header lines, by row.
    headers: Vec<[String; 2]>,
    /// The legend's paragraphs, before wrapping.
    paragraphs: Vec<&'static str>,
    /// The legend's wrapped lines (after [`SheetText::wrap`]).
    pub legend: Vec<String>,
}

const CLASSES: [&str; 3] = [
    "Each row is one symmetry class: its first solution (id), then the other boards its turns and mirror images make.",
    "r90, r180, r270: turned clockwise a quarter, a half, three quarters · flip-h, flip-v: mirrored left to right, \
     top to bottom · flip-d, flip-a: mirrored in the diagonal from the top-left, from the top-right corner.",
    "Numbers: the rank of each column's queen, column a first.",
];

const UNIQUE: [&str; 2] = [
    "One solution per symmetry class; (×8): its class holds 8 solutions, this one and its turns and mirror images.",
    "Numbers: the rank of each column's queen, column a first.",
];

impl SheetText {
    /// The words a sheet needs in labels of `size` pixels (none when `bare`): `classes` holds the
    /// (class, class size) of every board placed in a class row, `unique` whether boards are
    /// labelled with their class size.
    pub fn new(describer: &Describer, classes: &[(usize, usize)], unique: bool, bare: bool, size: u32) -> Self {
        let line = (size as f32 * 1.5).ceil() as usize;
        let mut text =
            SheetText { size, line, header: 0, headers: Vec::new(), paragraphs: Vec::new(), legend: Vec::new() };
        if bare {
            return text;
        }
        if !classes.is_empty() {
            for &(class, size) in classes {
                if text.headers.len() < class {
                    text.headers.resize(class, [String::new(), String::new()]);
                }
                text.headers[class - 1] =
                    [format!("Class {class}"), format!("{size} board{}", if size == 1 { "" } else { "s" })];
            }
            let widest = text.headers.iter().flatten().map(|t| describer.measure(t, size).0).fold(0.0, f32::max);
            text.header = (widest + size as f32 * 1.2).ceil() as usize;
            text.paragraphs = CLASSES.to_vec();
        } else if unique {
            text.paragraphs = UNIQUE.to_vec();
        }
        text
    }

    /// Wrap the legend's paragraphs to `width` pixels.
    pub fn wrap(&mut self, describer: &Describer, width: usize) {
        self.legend = self.paragraphs.iter().flat_map(|p| wrap(describer, p, self.size, width as f32)).collect();
    }

    /// Height of the legend band over the boards (0 without a legend).
    pub fn legend_band(&self) -> usize {
        match self.legend.len() {
            0 => 0,
            lines => lines * self.line + self.line / 2,
        }
    }

    /// The legend's lines: (baseline from the band's top, text).
    pub fn legend_lines(&self, describer: &Describer) -> impl Iterator<Item = (f32, &str)> {
        let ascent = describer.measure("", self.size).1;
        let first = (self.line as f32 - self.size as f32) / 2.0 + ascent;
        self.legend.iter().enumerate().map(move |(i, text)| (first + (i * self.line) as f32, text.as_str()))
    }

    /// Row `row`'s header lines, centred on a board `board` pixels high: (baseline from the row's
    /// top, text).
    pub fn header_lines(&self, row: usize, board: usize, describer: &Describer) -> Vec<(f32, &str)> {
        let Some(lines) = self.headers.get(row) else { return Vec::new() };
        let cap = describer.cap_height(self.size);
        let first = board as f32 / 2.0 - self.line as f32 / 2.0 + cap / 2.0;
        lines.iter().enumerate().map(|(i, t)| (first + (i * self.line) as f32, t.as_str())).collect()
    }
}

/// `text` in lines of at most `width` pixels, broken between words (a word wider than `width`
/// keeps a line of its own).
fn wrap(describer: &Describer, text: &str, size: u32, width: f32) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut current = String::new();
    for word in text.split(' ') {
        let candidate = if current.is_empty() { word.to_string() } else { format!("{current} {word}") };
        if !current.is_empty() && describer.measure(&candidate, size).0 > width {
            lines.push(std::mem::replace(&mut current, word.to_string()));
        } else {
            current = candidate;
        }
    }
    if !current.is_empty() {
        lines.push(current);
    }
    lines
}
