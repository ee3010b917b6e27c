//! `cargo run --release --example bench puzzles` (second part; `puzzle-shapes` alone): the puzzle
//! shapes that used to be slow (issue 41), made by a seeded generator here, against a straightforward Python
//! backtracker (rows top to bottom, columns left to right, the same rules) measured in the same
//! run when `python3` is on PATH. Shapes: 18x18 with ten regions in 2 to 8 pieces (grown from a
//! valid placement, so at least one solution), and 11x11 with huge solution counts (regions the
//! columns, some squares moved to other regions). Per puzzle: `check`'s count (up to 1,000,000)
//! and, below that, `solve --all` listing every solution, output included, against the peer.

use queens::{Puzzle, Until};
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Instant;

/// The Python peer: reads the grid from stdin, prints every solution as a list, then the count.
const PYTHON: &str = r#"
import sys
rows = [l.strip() for l in sys.stdin if l.strip()]
n = len(rows)
ALPHA = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
g = [[ALPHA.index(ch) for ch in row] for row in rows]
colused = [False] * n; regused = [False] * n; cols = []; count = 0
out = sys.stdout
def go(r):
    global count
    if r == n:
        count += 1; out.write(repr(cols) + "\n"); return
    for c in range(n):
        if colused[c] or regused[g[r][c]] or (r and abs(c - cols[-1]) <= 1): continue
        colused[c] = regused[g[r][c]] = True; cols.append(c)
        go(r + 1)
        cols.pop(); colused[c] = regused[g[r][c]] = False
go(0)
sys.stderr.write(str(count))
"#;

/// A small seeded generator (xorshift).
struct Seeded(u64);

impl Seeded {
    fn below(&mut self, bound: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % bound as u64) as usize
    }
}

/// One queen per row and column, none touching: `cols[row]`, by a shuffled search.
fn placement(n: usize, rand: &mut Seeded) -> Vec<usize> {
    fn go(n: usize, cols: &mut Vec<usize>, rand: &mut Seeded) -> bool {
        if cols.len() == n {
            return true;
        }
        let mut order: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            order.swap(i, rand.below(i + 1));
        }
        for c in order {
            if !cols.contains(&c) && cols.last().is_none_or(|&last| last.abs_diff(c) > 1) {
                cols.push(c);
                if go(n, cols, rand) {
                    return true;
                }
                cols.pop();
            }
        }
        false
    }
    let mut cols = Vec::new();
    assert!(go(n, &mut cols, rand), "a placement exists for n >= 4");
    cols
}

/// Regions grown from a placement's queens; `in_pieces` regions get 1 to 7 extra seeds.
fn grown(n: usize, in_pieces: usize, seed: u64) -> Puzzle {
    let mut rand = Seeded(seed * 2 + 1);
    let mut regions = vec![u8::MAX; n * n];
    for (row, col) in placement(n, &mut rand).into_iter().enumerate() {
        regions[row * n + col] = row as u8;
    }
    for region in 0..in_pieces {
        for _ in 0..1 + rand.below(7) {
            let sq = (0..).map(|_| rand.below(n * n)).find(|&sq| regions[sq] == u8::MAX).expect("a free square");
            regions[sq] = region as u8;
        }
    }
    while regions.contains(&u8::MAX) {
        let sq = rand.below(n * n);
        let (r, c) = (sq / n, sq % n);
        let sides =
            [(r > 0, sq.wrapping_sub(n)), (r + 1 < n, sq + n), (c > 0, sq.wrapping_sub(1)), (c + 1 < n, sq + 1)];
        let from: Vec<usize> = sides.iter().filter(|(ok, s)| *ok && regions[*s] != u8::MAX).map(|&(_, s)| s).collect();
        if regions[sq] == u8::MAX && !from.is_empty() {
            regions[sq] = regions[from[rand.below(from.len())]];
        }
    }
    Puzzle { n, regions, blocked: Vec::new(), givens: Vec::new() }
}

/// Regions the columns, `moved` squares given to random regions (every region kept).
fn columns_moved(n: usize, moved: usize, seed: u64) -> Puzzle {
    let mut rand = Seeded(seed * 2 + 1);
    let mut regions: Vec<u8> = (0..n * n).map(|sq| (sq % n) as u8).collect();
    for _ in 0..moved {
        let sq = rand.below(n * n);
        let old = regions[sq];
        regions[sq] = rand.below(n) as u8;
        if !regions.contains(&old) {
            regions[sq] = old;
        }
    }
    Puzzle { n, regions, blocked: Vec::new(), givens: Vec::new() }
}

/// Seconds for `check`'s count (up to a million, as the CLI counts), and the count.
fn check(puzzle: &Puzzle) -> (f64, u64) {
    let started = Instant::now();
    let counted = queens::count_puzzle_solutions(puzzle, LISTED).expect("counted in time");
    (started.elapsed().as_secs_f64(), counted)
}

/// Seconds for `solve --all`'s listing, every solution written as a list.
fn list(puzzle: &Puzzle) -> f64 {
    let started = Instant::now();
    let mut out = std::io::BufWriter::new(std::io::sink());
    queens::solve_puzzle(puzzle, Until::All, &mut |queens| writeln!(out, "{queens:?}").map_err(|_| queens::Full))
        .expect("listed within the budget");
    out.flush().expect("sink");
    started.elapsed().as_secs_f64()
}

/// Puzzles with more solutions than this are counted, not listed (the Python peer would take minutes).
const LISTED: u64 = 1_000_000;

/// Seconds for the Python peer to list every solution, or None without python3.
fn python(puzzle: &Puzzle) -> Option<(f64, u64)> {
    let grid = queens::puzzle_text(puzzle);
    let started = Instant::now();
    let mut child = Command::new("python3")
        .args(["-c", PYTHON])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .ok()?;
    child.stdin.take()?.write_all(grid.as_bytes()).ok()?;
    let out = child.wait_with_output().ok()?;
    let count = String::from_utf8_lossy(&out.stderr).trim().parse().ok()?;
    Some((started.elapsed().as_secs_f64(), count))
}

pub fn run() {
    println!(
        "\n{:<44} {:>10} {:>10} {:>12} {:>12} {:>10}",
        "puzzle shapes (issue 41)", "solutions", "check", "solve --all", "python all", "vs python"
    );
    let shapes: Vec<(String, Puzzle)> = (1..=3)
        .map(|seed| (format!("18x18, 10 regions in pieces, seed {seed}"), grown(18, 10, seed)))
        .chain((1..=2).map(|seed| (format!("11x11, columns with 60 moved, seed {seed}"), columns_moved(11, 60, seed))))
        .collect();
    for (name, puzzle) in shapes {
        let (check_s, count) = check(&puzzle);
        if count >= LISTED {
            println!(
                "{name:<44} {:>10} {check_s:>9.3}s {:>12} {:>12} {:>10}",
                format!("{count}+"),
                "-",
                "-",
                "too many"
            );
            continue;
        }
        let all = list(&puzzle);
        let (peer, versus) = match python(&puzzle) {
            Some((seconds, peer_count)) => {
                assert_eq!(peer_count, count, "{name}: python and queens agree");
                (format!("{:.3}s", seconds), format!("{:.1}x", seconds / all))
            }
            None => ("-".into(), "no python3".into()),
        };
        println!("{name:<44} {count:>10} {check_s:>9.3}s {all:>11.3}s {peer:>12} {versus:>10}");
    }
}
