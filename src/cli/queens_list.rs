//! QUEENS lists on the command line (`queens board N QUEENS`): one convention with the captions
//! and `--coords`, ranks counted from the bottom like a chess diagram.
//!
//! Contract: a list is either ranks, one per column from the left (`8,4,1,3,6,2,7,5`: rank 1 is
//! the bottom row), or algebraic squares in any order (`a8,b4,c1`), never both (the first item
//! decides). Fewer than N
//! queens is a partial board filling the columns from `a` without a gap. The result is 0-based
//! rows from the top per column (the library's `queens[col] = row`); errors name the bad item and
//! say what to write instead. `solve --format json` keeps its own machine contract (0-based rows
//! from the top) and is not parsed here.

use crate::args::UsageError;
use queens::column_label;

/// Parse a QUEENS list for an n-board into 0-based rows from the top, one per column from `a`.
pub fn parse_queens(n: usize, list: &str) -> Result<Vec<usize>, UsageError> {
    let items: Vec<&str> = list.split(',').map(str::trim).collect();
    let algebraic = items[0].starts_with(|c: char| c.is_ascii_alphabetic());
    if algebraic {
        parse_squares(n, &items)
    } else {
        parse_ranks(n, &items)
    }
}

/// Ranks 1..=n from the bottom, one per column from the left.
fn parse_ranks(n: usize, items: &[&str]) -> Result<Vec<usize>, UsageError> {
    if items.len() > n {
        return Err(UsageError(format!("QUEENS lists {} ranks but the board has only {n} columns", items.len())));
    }
    items
        .iter()
        .enumerate()
        .map(|(col, item)| {
            let file = column_label(col);
            match item.parse::<usize>() {
                Ok(rank) if (1..=n).contains(&rank) => Ok(n - rank),
                Ok(rank) => Err(UsageError(format!("rank {rank} for column {file} is out of range: use 1 to {n}"))),
                Err(_) => Err(UsageError(format!(
                    "'{item}' (column {file}) is not a rank from 1 to {n}; write ranks (8,4,1) or squares (a8,b4,c1), not both"
                ))),
            }
        })
        .collect()
}

/// Algebraic squares (`c3`), in any order, one per column, filling the columns from `a`.
fn parse_squares(n: usize, items: &[&str]) -> Result<Vec<usize>, UsageError> {
    let mut rows: Vec<Option<usize>> = vec![None; n];
    for item in items {
        let (col, row) = parse_square(n, item)?;
        if let Some(other) = rows[col] {
            let taken = queens::Square::new(other, col).name(n);
            return Err(UsageError(format!(
                "{item} and {taken} share column {}: one queen per column",
                column_label(col)
            )));
        }
        rows[col] = Some(row);
    }
    let filled = rows.iter().take_while(|r| r.is_some()).count();
    if let Some(col) = rows[filled..].iter().position(Option::is_some) {
        let (gap, after) = (column_label(filled), column_label(filled + col));
        return Err(UsageError(format!(
            "QUEENS leaves column {gap} empty but names a square in column {after}: a partial board fills the columns from a"
        )));
    }
    Ok(rows.into_iter().flatten().collect())
}

/// One square named chess-style: column letters (a, b, ..., z, aa, ...) then the rank.
fn parse_square(n: usize, item: &str) -> Result<(usize, usize), UsageError> {
    let split = item.find(|c: char| !c.is_ascii_alphabetic()).unwrap_or(item.len());
    let (letters, digits) = item.split_at(split);
    let last = format!("{}{n}", column_label(n - 1));
    let bad = || UsageError(format!("'{item}' is not a square of the {n}x{n} board: write a1 to {last}"));
    if letters.is_empty() || digits.is_empty() || !letters.chars().all(|c| c.is_ascii_lowercase()) {
        return Err(bad());
    }
    let col = letters.bytes().try_fold(0usize, |acc, b| acc.checked_mul(26)?.checked_add(usize::from(b - b'a') + 1));
    let rank = digits.parse::<usize>().ok();
    match (col, rank) {
        (Some(col), Some(rank)) if (1..=n).contains(&col) && (1..=n).contains(&rank) => Ok((col - 1, n - rank)),
        _ => Err(bad()),
    }
}

/// A board's queens as the QUEENS list that draws it (ranks from the bottom), for file names.
pub fn ranks_of(n: usize, rows: &[usize]) -> Vec<String> {
    rows.iter().map(|row| (n - row).to_string()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_count_from_the_bottom() {
        // The solution seeded as 1,5,8,6,3,7,2,4 (rows from the top) is 8,4,1,3,6,2,7,5 in ranks.
        assert_eq!(parse_queens(8, "8,4,1,3,6,2,7,5").unwrap(), vec![0, 4, 7, 5, 2, 6, 1, 3]);
        assert_eq!(parse_queens(8, "1").unwrap(), vec![7], "rank 1 is the bottom row: a1");
        assert_eq!(parse_queens(8, "7, 5").unwrap(), vec![1, 3]);
        assert!(parse_queens(8, "1,9").unwrap_err().0.contains("rank 9 for column b"));
        assert!(parse_queens(8, "1,x").unwrap_err().0.contains("'x' (column b)"));
        assert!(parse_queens(8, "0").unwrap_err().0.contains("rank 0"));
        assert!(parse_queens(3, "1,2,3,1").unwrap_err().0.contains("4 ranks"));
    }

    #[test]
    fn algebraic_squares_name_the_same_boards() {
        let ranks = parse_queens(8, "8,4,1,3,6,2,7,5").unwrap();
        assert_eq!(parse_queens(8, "a8,b4,c1,d3,e6,f2,g7,h5").unwrap(), ranks);
        assert_eq!(parse_queens(8, "h5,g7,f2,e6,d3,c1,b4,a8").unwrap(), ranks, "any order");
        assert_eq!(parse_queens(8, "b4, a8").unwrap(), vec![0, 4]);
        assert_eq!(
            parse_queens(28, "aa1,a1,b1,c1,d1,e1,f1,g1,h1,i1,j1,k1,l1,m1,n1,o1,p1,q1,r1,s1,t1,u1,v1,w1,x1,y1,z1")
                .unwrap()[26],
            27
        );
    }

    #[test]
    fn bad_squares_say_what_to_write() {
        assert!(parse_queens(8, "i1").unwrap_err().0.contains("write a1 to h8"));
        assert!(parse_queens(8, "a9").unwrap_err().0.contains("'a9'"));
        assert!(parse_queens(8, "a0").unwrap_err().0.contains("'a0'"));
        assert!(parse_queens(8, "A1").unwrap_err().0.contains("'A1'"));
        assert!(parse_queens(8, "a").unwrap_err().0.contains("'a'"));
        assert!(parse_queens(8, "a1b").unwrap_err().0.contains("'a1b'"));
        assert!(parse_queens(8, "a1,a2").unwrap_err().0.contains("share column a"));
        assert!(parse_queens(8, "a1,c2").unwrap_err().0.contains("leaves column b empty"));
        assert!(parse_queens(8, "a1,3").unwrap_err().0.contains("'3'"), "ranks and squares do not mix");
        assert!(parse_queens(8, "zzzzzzzzzzzzzzzz1").is_err(), "no overflow");
    }

    #[test]
    fn file_names_use_ranks() {
        assert_eq!(ranks_of(8, &[0, 4, 7]), ["8", "4", "1"]);
    }
}
