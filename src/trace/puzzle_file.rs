//! The puzzle file format: reading (bounded, every fault named by line and column) and writing.
//!
//! Contract: a file is N rows of N cells, one row a line; spaces and tabs between cells are
//! ignored, `%` starts a comment to the end of the line, blank lines are skipped. A completion
//! puzzle is one block of `.` (open), `#` (blocked) and `Q` (a given queen). A region puzzle is a
//! block of region letters (`A`..`Z` then `a`..`z`, exactly the first N of them), optionally
//! followed by a second block of N rows of `.`, `#`, `Q` marking its blocked squares and givens.
//! A first block holding only `.`, `#` and `Q` is a completion grid. Files over
//! [`MAX_PUZZLE_BYTES`] and boards over [`MAX_PUZZLE_N`] are refused; regions in several pieces
//! are allowed and reported in one warning. [`puzzle_text`] writes the same format back.

pub use super::puzzle_furniture::conflict;
use super::puzzle_furniture::{Puzzle, MAX_REGIONS};
use super::Square;
use crate::error::{Error, PuzzleFault};
use std::io::Read;

/// Largest puzzle file read, in bytes.
pub const MAX_PUZZLE_BYTES: u64 = 16 * 1024;

/// Largest board a puzzle file may describe (as many as there are region letters).
pub const MAX_PUZZLE_N: usize = MAX_REGIONS;

/// A puzzle read from a file, with what is allowed but worth saying (a region in pieces).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadPuzzle {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// One line each, naming line and column.
    pub warnings: Vec<String>,
    /// The file line (from 1) of each grid row, top row first: rank `n - k` is at `row_lines[k]`.
    pub row_lines: Vec<usize>,
}

/// Read a puzzle file from `input`, refusing more than [`MAX_PUZZLE_BYTES`].
pub fn read_puzzle<R: Read>(input: R) -> Result<ReadPuzzle, Error> {
    let mut bytes = Vec::new();
    input.take(MAX_PUZZLE_BYTES + 1).read_to_end(&mut bytes).map_err(Error::PuzzleRead)?;
    if bytes.len() as u64 > MAX_PUZZLE_BYTES {
        return Err(Error::PuzzleTooLarge { limit: MAX_PUZZLE_BYTES });
    }
    parse_puzzle(&bytes)
}

/// One grid row: its line number and its cells (1-based column in the line, character).
struct Row {
    line: usize,
    cells: Vec<(usize, char)>,
}

fn fault_at(line: usize, col: usize, fault: PuzzleFault) -> Error {
    Error::PuzzleFile { line, col, fault }
}

/// Parse the bytes of a puzzle file.
pub fn parse_puzzle(bytes: &[u8]) -> Result<ReadPuzzle, Error> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let before = &bytes[..e.valid_up_to()];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let col = before.iter().rev().take_while(|&&b| b != b'\n').count() + 1;
        fault_at(line, col, PuzzleFault::NotUtf8)
    })?;
    let rows = grid_rows(text)?;
    let n = check_shape(&rows)?;
    let first = &rows[..n];
    let is_completion = first.iter().flat_map(|r| &r.cells).all(|&(_, c)| matches!(c, '.' | '#' | 'Q'));
    if is_completion && rows.len() == 2 * n {
        return Err(fault_at(rows[n].line, rows[n].cells[0].0, PuzzleFault::RowCount { found: rows.len(), n }));
    }
    let (regions, marks) = if is_completion { (Vec::new(), first) } else { (region_grid(first, n)?, &rows[n..]) };
    let mut puzzle = Puzzle { n, regions, blocked: Vec::new(), givens: Vec::new() };
    for (row, cells) in marks.iter().enumerate() {
        for (col, &(at, c)) in cells.cells.iter().enumerate() {
            match c {
                '#' => puzzle.blocked.push(Square::new(row, col)),
                'Q' => puzzle.givens.push(Square::new(row, col)),
                '.' => {}
                _ => return Err(fault_at(cells.line, at, PuzzleFault::LetterInMarks)),
            }
        }
    }
    check_givens(&puzzle, marks)?;
    let warnings = if puzzle.has_regions() { region_pieces(&puzzle, first) } else { Vec::new() };
    let row_lines = first.iter().map(|row| row.line).collect();
    Ok(ReadPuzzle { puzzle, warnings, row_lines })
}

/// The non-blank rows of the file, comments and spaces dropped, every character checked.
fn grid_rows(text: &str) -> Result<Vec<Row>, Error> {
    let mut rows = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let mut cells = Vec::new();
        for (at, c) in line.chars().enumerate() {
            match c {
                '%' => break,
                ' ' | '\t' | '\r' => {}
                '.' | '#' | 'A'..='Z' | 'a'..='z' => cells.push((at + 1, c)),
                _ => return Err(fault_at(index + 1, at + 1, PuzzleFault::UnknownCharacter { found: c })),
            }
        }
        if !cells.is_empty() {
            rows.push(Row { line: index + 1, cells });
        }
    }
    Ok(rows)
}

/// N (the first row's length), once every row has N cells and there are N or 2N rows.
fn check_shape(rows: &[Row]) -> Result<usize, Error> {
    let Some(top) = rows.first() else { return Err(fault_at(1, 1, PuzzleFault::Empty)) };
    let n = top.cells.len();
    if n > MAX_PUZZLE_N {
        return Err(fault_at(top.line, top.cells[MAX_PUZZLE_N].0, PuzzleFault::TooBig { n, max: MAX_PUZZLE_N }));
    }
    for row in rows {
        if row.cells.len() != n {
            let col = row.cells.get(n).map_or_else(|| row.cells.last().map_or(1, |c| c.0 + 1), |c| c.0);
            return Err(fault_at(row.line, col, PuzzleFault::Ragged { found: row.cells.len(), n }));
        }
    }
    if rows.len() != n && rows.len() != 2 * n {
        let at = if rows.len() > 2 * n { &rows[2 * n] } else { rows.last().expect("not empty") };
        return Err(fault_at(at.line, at.cells[0].0, PuzzleFault::RowCount { found: rows.len(), n }));
    }
    Ok(n)
}

/// A letter's region number: `A`..`Z` are 0..25, `a`..`z` 26..51.
fn region_of(c: char) -> Option<u8> {
    match c {
        'A'..='Z' => Some(c as u8 - b'A'),
        'a'..='z' => Some(c as u8 - b'a' + 26),
        _ => None,
    }
}

/// The letter of region `region`.
pub fn region_letter(region: u8) -> char {
    if region < 26 {
        (b'A' + region) as char
    } else {
        (b'a' + region - 26) as char
    }
}

/// The region block: letters only, exactly the first N letters used.
fn region_grid(rows: &[Row], n: usize) -> Result<Vec<u8>, Error> {
    let mut regions = Vec::with_capacity(n * n);
    let mut seen = [false; MAX_REGIONS];
    let mut first_past = None;
    for row in rows {
        for &(at, c) in &row.cells {
            let Some(region) = region_of(c) else { return Err(fault_at(row.line, at, PuzzleFault::MarkInRegions)) };
            if usize::from(region) >= n && first_past.is_none() {
                first_past = Some((row.line, at, c));
            }
            seen[usize::from(region)] = true;
            regions.push(region);
        }
    }
    let found = seen.iter().filter(|&&s| s).count();
    if found != n {
        let (line, col) = first_past.map_or((rows[0].line, rows[0].cells[0].0), |(line, col, _)| (line, col));
        return Err(fault_at(line, col, PuzzleFault::RegionCount { n, found }));
    }
    if let Some((line, col, letter)) = first_past {
        return Err(fault_at(line, col, PuzzleFault::RegionLetter { letter, n, last: region_letter(n as u8 - 1) }));
    }
    Ok(regions)
}

/// The puzzle's fields checked as every puzzle's are ([`Puzzle::check`]); a fault at a given (one
/// attacking another: the later one in reading order) is named by its line and column.
fn check_givens(puzzle: &Puzzle, marks: &[Row]) -> Result<(), Error> {
    match puzzle.check() {
        Err(Error::PuzzleField { field: "givens", index: Some(index), fault }) => {
            let square = puzzle.givens[index];
            Err(fault_at(marks[square.row].line, marks[square.row].cells[square.col].0, fault))
        }
        other => other,
    }
}

/// One warning for the regions in more than one piece (squares joined through sides), naming
/// each one's piece count and the first square of its second piece; none when every region is whole.
fn region_pieces(puzzle: &Puzzle, rows: &[Row]) -> Vec<String> {
    let n = puzzle.n;
    let mut piece = vec![usize::MAX; n * n];
    let mut pieces_of = vec![Vec::new(); n];
    for start in 0..n * n {
        if piece[start] != usize::MAX {
            continue;
        }
        let region = puzzle.regions[start];
        let id = start;
        pieces_of[usize::from(region)].push(start);
        let mut stack = vec![start];
        piece[start] = id;
        while let Some(at) = stack.pop() {
            let (r, c) = (at / n, at % n);
            let sides = [
                (r > 0).then(|| at - n),
                (r + 1 < n).then(|| at + n),
                (c > 0).then(|| at - 1),
                (c + 1 < n).then(|| at + 1),
            ];
            for next in sides.into_iter().flatten() {
                if piece[next] == usize::MAX && puzzle.regions[next] == region {
                    piece[next] = id;
                    stack.push(next);
                }
            }
        }
    }
    let split: Vec<String> = pieces_of
        .iter()
        .enumerate()
        .filter(|(_, starts)| starts.len() > 1)
        .map(|(region, starts)| {
            let (r, c) = (starts[1] / n, starts[1] % n);
            let letter = region_letter(region as u8);
            let pieces = starts.len();
            format!(
                "{letter} is in {pieces} pieces (the second from line {}, column {})",
                rows[r].line, rows[r].cells[c].0
            )
        })
        .collect();
    match split.len() {
        0 => Vec::new(),
        1 => vec![format!("puzzle file: region {}; allowed: its one queen stands in one of them", split[0])],
        k => vec![format!(
            "puzzle file: {k} regions are in pieces (allowed: each one's queen stands in one of its pieces): {}",
            split.join(", ")
        )],
    }
}

/// The puzzle in the file format (region letters, then the marks block when there are marks).
pub fn puzzle_text(puzzle: &Puzzle) -> String {
    let n = puzzle.n;
    let mark = |r: usize, c: usize| {
        let square = Square::new(r, c);
        if puzzle.givens.contains(&square) {
            'Q'
        } else if puzzle.is_blocked(square) {
            '#'
        } else {
            '.'
        }
    };
    let block = |cell: &dyn Fn(usize, usize) -> char| -> String {
        (0..n).map(|r| (0..n).map(|c| cell(r, c)).chain(std::iter::once('\n')).collect::<String>()).collect()
    };
    if !puzzle.has_regions() {
        return block(&mark);
    }
    let mut text = block(&|r, c| region_letter(puzzle.regions[r * n + c]));
    if !puzzle.blocked.is_empty() || !puzzle.givens.is_empty() {
        text.push('\n');
        text.push_str(&block(&mark));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fault_of(text: &[u8]) -> (usize, usize, PuzzleFault) {
        match parse_puzzle(text) {
            Err(Error::PuzzleFile { line, col, fault }) => (line, col, fault),
            other => panic!("expected a fault, got {other:?}"),
        }
    }

    #[test]
    fn comments_spaces_blank_lines_and_a_bom_are_skipped() {
        let text = "\u{feff}% a 4x4 completion puzzle\n\n. Q . .  % the given\n. . . #\n\n. . . Q\n. . . .\n";
        let read = parse_puzzle(text.as_bytes()).unwrap_err();
        assert!(
            read.to_string()
                .contains("line 6, column 7: the given queen on d2 attacks the given queen on b4 (same diagonal)"),
            "{read}"
        );
        let text = "% ok\n.Q..\n...#\n\n....\n..Q.\n";
        let puzzle = parse_puzzle(text.as_bytes()).unwrap().puzzle;
        assert_eq!(puzzle.givens, vec![Square::new(0, 1), Square::new(3, 2)]);
        assert_eq!(puzzle.blocked, vec![Square::new(1, 3)]);
        assert!(!puzzle.has_regions());
        assert_eq!(puzzle_text(&puzzle), ".Q..\n...#\n....\n..Q.\n");
    }

    #[test]
    fn a_region_puzzle_with_marks_reads_back_as_written() {
        let text = "AAB\nCAB\nCCB\n\n#..\n...\n..Q\n";
        let puzzle = parse_puzzle(text.as_bytes()).unwrap().puzzle;
        assert_eq!(puzzle.regions, vec![0, 0, 1, 2, 0, 1, 2, 2, 1]);
        assert_eq!((puzzle.blocked.clone(), puzzle.givens.clone()), (vec![Square::new(0, 0)], vec![Square::new(2, 2)]));
        assert_eq!(puzzle_text(&puzzle), text);
        assert_eq!(region_letter(0), 'A');
        assert_eq!(region_letter(26), 'a');
        assert_eq!(region_letter(51), 'z');
    }

    #[test]
    fn faults_name_their_place() {
        assert_eq!(fault_of(b"\n\n% nothing\n"), (1, 1, PuzzleFault::Empty));
        assert_eq!(fault_of(b"..\n.\x01\n").2, PuzzleFault::UnknownCharacter { found: '\u{1}' });
        let (line, col, fault) = fault_of(b"...\n...\n..\xff\n");
        assert_eq!((line, col, fault), (3, 3, PuzzleFault::NotUtf8));
        assert_eq!(fault_of(b"...\n...\n...\n\n...\n...\n...\n").0, 5, "a completion grid has no second block");
        let err = parse_puzzle(b"AB\nAB\n\n.\xe2\x80\xae\n.Q\n").unwrap_err().to_string();
        assert!(err.contains("'\\u{202e}' is not a cell") && !err.contains('\u{202e}'), "{err}");
    }

    #[test]
    fn reads_are_bounded() {
        let big = vec![b'.'; MAX_PUZZLE_BYTES as usize + 1];
        assert!(matches!(read_puzzle(&big[..]), Err(Error::PuzzleTooLarge { .. })));
        let fits = format!("{}\n", ".".repeat(MAX_PUZZLE_N));
        assert!(matches!(
            parse_puzzle(fits.as_bytes()),
            Err(Error::PuzzleFile { fault: PuzzleFault::RowCount { .. }, .. })
        ));
    }
}
