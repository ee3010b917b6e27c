//! SVG path data and numbers, written compactly.
//!
//! Contract: numbers have at most two decimals (integers print without a point, `0.5` prints as
//! `.5`); path coordinates are rounded to the hundredth first and written relative to the rounded
//! current point, so rounding never drifts along a path.

/// Hundredths of a pixel.
pub type Centi = i64;

/// `v` in hundredths of a pixel, rounded.
pub fn centi(v: f32) -> Centi {
    (f64::from(v) * 100.0).round() as Centi
}

/// A number given in hundredths, with at most two decimals and no needless zeros.
pub fn num(c: Centi) -> String {
    let sign = if c < 0 { "-" } else { "" };
    let (whole, frac) = (c.abs() / 100, c.abs() % 100);
    match (whole, frac) {
        (w, 0) => format!("{sign}{w}"),
        (0, f) if f % 10 == 0 => format!("{sign}.{}", f / 10),
        (0, f) => format!("{sign}.{f:02}"),
        (w, f) if f % 10 == 0 => format!("{sign}{w}.{}", f / 10),
        (w, f) => format!("{sign}{w}.{f:02}"),
    }
}

/// Path data built command by command, in relative coordinates.
#[derive(Default)]
pub struct PathData {
    d: String,
    /// Coordinates are rounded to multiples of this many hundredths (0 or 1: every hundredth).
    step: Centi,
    /// The current point and the current subpath's start, in hundredths.
    at: (Centi, Centi),
    start: (Centi, Centi),
    last: char,
    open: bool,
}

impl PathData {
    pub fn new() -> Self {
        Self::default()
    }

    /// Path data with coordinates rounded to multiples of `step` hundredths (10: one decimal).
    pub fn with_step(step: Centi) -> Self {
        PathData { step, ..Self::default() }
    }

    fn snap(&self, (x, y): (Centi, Centi)) -> (Centi, Centi) {
        match self.step {
            0 | 1 => (x, y),
            s => ((x as f64 / s as f64).round() as Centi * s, (y as f64 / s as f64).round() as Centi * s),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.d.is_empty()
    }

    pub fn finish(mut self) -> String {
        self.close();
        self.d
    }

    /// Write a command letter unless it repeats the last one, then the numbers.
    fn command(&mut self, letter: char, numbers: &[Centi]) {
        if letter != self.last || letter == 'm' {
            self.d.push(letter);
            self.last = letter;
        } else if numbers.first().is_some_and(|&n| n >= 0) {
            self.d.push(' ');
        }
        for (i, &n) in numbers.iter().enumerate() {
            if i > 0 && n >= 0 {
                self.d.push(' ');
            }
            self.d.push_str(&num(n));
        }
    }

    /// End the current subpath, if one is open.
    pub fn close(&mut self) {
        if self.open {
            self.d.push('z');
            self.last = 'z';
            self.at = self.start;
            self.open = false;
        }
    }

    /// Start a subpath at (x, y), in hundredths (closing the one before).
    pub fn move_to(&mut self, p: (Centi, Centi)) {
        let (x, y) = self.snap(p);
        self.close();
        let first = self.d.is_empty();
        let (dx, dy) = if first { (x, y) } else { (x - self.at.0, y - self.at.1) };
        self.command(if first { 'M' } else { 'm' }, &[dx, dy]);
        // Implicit commands after a move are lines; keep the letter explicit for the next one.
        self.last = 'm';
        self.at = (x, y);
        self.start = (x, y);
        self.open = true;
    }

    pub fn line_to(&mut self, p: (Centi, Centi)) {
        let (x, y) = self.snap(p);
        let (dx, dy) = (x - self.at.0, y - self.at.1);
        match (dx, dy) {
            (0, 0) => {}
            (dx, 0) => self.command('h', &[dx]),
            (0, dy) => self.command('v', &[dy]),
            (dx, dy) => self.command('l', &[dx, dy]),
        }
        self.at = (x, y);
    }

    pub fn quad_to(&mut self, c: (Centi, Centi), p: (Centi, Centi)) {
        let (c, p) = (self.snap(c), self.snap(p));
        let (x, y) = self.at;
        self.command('q', &[c.0 - x, c.1 - y, p.0 - x, p.1 - y]);
        self.at = p;
    }

    pub fn cubic_to(&mut self, c1: (Centi, Centi), c2: (Centi, Centi), p: (Centi, Centi)) {
        let (c1, c2, p) = (self.snap(c1), self.snap(c2), self.snap(p));
        let (x, y) = self.at;
        self.command('c', &[c1.0 - x, c1.1 - y, c2.0 - x, c2.1 - y, p.0 - x, p.1 - y]);
        self.at = p;
    }

    /// A closed rectangle, clockwise on screen, in whole pixels.
    pub fn rect(&mut self, x: i64, y: i64, w: i64, h: i64) {
        self.move_to((x * 100, y * 100));
        self.line_to(((x + w) * 100, y * 100));
        self.line_to(((x + w) * 100, (y + h) * 100));
        self.line_to((x * 100, (y + h) * 100));
        self.close();
    }

    /// A closed rectangle, counter-clockwise on screen (a hole in a clockwise one).
    pub fn rect_ccw(&mut self, x: i64, y: i64, w: i64, h: i64) {
        self.move_to((x * 100, y * 100));
        self.line_to((x * 100, (y + h) * 100));
        self.line_to(((x + w) * 100, (y + h) * 100));
        self.line_to(((x + w) * 100, y * 100));
        self.close();
    }

    /// End the current subpath open (a stroked line keeps its caps).
    pub fn end_open(&mut self) {
        self.open = false;
    }
}

/// A keyframe offset (percent times 10^decimals) as CSS: `25%`, `0.025%`.
pub fn percent_text(scaled: u64, decimals: u32) -> String {
    let scale = 10u64.pow(decimals);
    let (whole, mut frac) = (scaled / scale, scaled % scale);
    if frac == 0 {
        return format!("{whole}%");
    }
    let mut digits = decimals as usize;
    while frac % 10 == 0 {
        frac /= 10;
        digits -= 1;
    }
    format!("{whole}.{frac:0digits$}%")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short() {
        assert_eq!(num(0), "0");
        assert_eq!(num(1200), "12");
        assert_eq!(num(-50), "-.5");
        assert_eq!(num(1205), "12.05");
        assert_eq!(num(1250), "12.5");
        assert_eq!(num(7), ".07");
        assert_eq!(num(centi(0.125)), ".13");
    }

    #[test]
    fn rectangles_are_relative() {
        let mut p = PathData::new();
        p.rect(60, 0, 60, 60);
        p.rect(180, 0, 60, 60);
        assert_eq!(p.finish(), "M60 0h60v60h-60zm120 0h60v60h-60z");
    }
}
