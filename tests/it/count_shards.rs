//! Counting in shards and summing them: shard totals against OEIS A000170 / A002562 for
//! N = 4..=14 and several splits, the CLI's `--shard` / `--sum` contract (JSON lines, refusals
//! with exit 1 naming the shards, usage errors with exit 2), the GNU parallel recipe of
//! docs/distributed.md run as written, and the dynamic programming count's per-row state counts
//! against an independent set-based brute force.

use crate::support::tools::tool;
use crate::support::{self, stderr, stdout};
use queens::count::{layer_sizes, plan, ShardResult};
use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

/// OEIS A000170 and A002562 for n = 0..=14.
const ALL: [u64; 15] = [0, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596];
const UNIQUE: [u64; 15] = [0, 1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752];

#[test]
fn shards_add_up_to_a000170_and_a002562() {
    for n in 4..=14 {
        for of in [1, 2, 3, 7, 64] {
            let split = plan(n, of);
            let (mut all, mut unique) = (0, 0);
            for k in 1..=of {
                let (a, u) = split.count(k);
                all += a;
                unique += u;
            }
            assert_eq!((all, unique), (ALL[n], UNIQUE[n]), "n = {n}, {of} shards");
        }
    }
}

#[test]
fn shard_plans_are_deterministic_and_balanced_by_estimate() {
    let (a, b) = (plan(13, 7), plan(13, 7));
    assert_eq!(a.loads, b.loads);
    let (max, min) = (*a.loads.iter().max().unwrap(), *a.loads.iter().min().unwrap());
    assert!(max as f64 <= 1.05 * min as f64, "estimated loads {:?}", a.loads);
    assert!((1..=7).all(|k| a.count(k) == b.count(k)));
}

/// Runs `queens count ...` for shards `ks` of `of` of board `n`, one JSON line each.
fn shard_lines(dir: &Path, n: usize, of: usize, ks: &[usize]) -> String {
    let mut lines = String::new();
    for k in ks {
        let out = support::run_queens(dir, &["count", &n.to_string(), "--shard", &format!("{k}/{of}")]);
        assert!(out.status.success(), "{}", stderr(&out));
        let line = stdout(&out);
        let parsed: ShardResult = serde_json::from_str(line.trim()).expect("one JSON line");
        assert_eq!((parsed.n, parsed.shard, parsed.of), (n, *k, of));
        assert!(line.trim().starts_with(&format!("{{\"n\":{n},\"shard\":{k},\"of\":{of},\"count\":")), "{line}");
        lines.push_str(&line);
    }
    lines
}

#[test]
fn cli_shards_sum_and_refuse_missing_or_doubled() {
    let dir = support::temp_dir("count-shards", "sum");
    let lines = shard_lines(&dir, 9, 4, &[1, 2, 3, 4]);
    std::fs::write(dir.join("all.jsonl"), &lines).unwrap();
    let out = support::run_queens(&dir, &["count", "--sum", "all.jsonl"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert_eq!(text.lines().last(), Some("352"), "{text}");
    assert!(text.lines().next().unwrap().contains("9x9 solutions, 4 shards"), "{text}");

    let out = support::run_queens(&dir, &["count", "--sum", "all.jsonl", "--unique"]);
    assert_eq!(stdout(&out).lines().last(), Some("46"));

    let some: String = lines.lines().filter(|l| !l.contains("\"shard\":3")).map(|l| format!("{l}\n")).collect();
    std::fs::write(dir.join("missing.jsonl"), &some).unwrap();
    std::fs::write(dir.join("again.jsonl"), lines.lines().next().unwrap()).unwrap();
    let out = support::run_queens(&dir, &["count", "--sum", "missing.jsonl"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("missing shard 3"), "{}", stderr(&out));
    assert!(out.stdout.is_empty());
    let out = support::run_queens(&dir, &["count", "--sum", "all.jsonl", "again.jsonl"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("doubled shard 1"), "{}", stderr(&out));
    let out = support::run_queens(&dir, &["count", "--sum", "missing.jsonl", "again.jsonl"]);
    assert!(stderr(&out).contains("missing shard 3; doubled shard 1"), "{}", stderr(&out));

    let other = shard_lines(&dir, 8, 4, &[4]);
    std::fs::write(dir.join("mixed.jsonl"), format!("{some}{other}")).unwrap();
    let out = support::run_queens(&dir, &["count", "--sum", "mixed.jsonl"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("different boards"), "{}", stderr(&out));
}

#[test]
fn sum_reads_standard_input() {
    let dir = support::temp_dir("count-shards", "stdin");
    let lines = shard_lines(&dir, 8, 2, &[2, 1]);
    let mut child = Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(["count", "--sum", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), lines.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(stdout(&out).lines().last(), Some("92"));
}

#[test]
fn bad_shards_are_usage_errors() {
    let dir = support::temp_dir("count-shards", "usage");
    for bad in ["0/4", "5/4", "1/0", "3of4", "3/", "x/4"] {
        let out = support::run_queens(&dir, &["count", "10", "--shard", bad]);
        assert_eq!(out.status.code(), Some(2), "--shard {bad}: {}", stderr(&out));
        assert!(stderr(&out).contains(bad), "{}", stderr(&out));
    }
    let out = support::run_queens(&dir, &["count", "12", "--method", "dp", "--max-memory", "1M"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("needs about 6.0 MiB") && stderr(&out).contains("--max-memory"), "{}", stderr(&out));
}

/// The GNU parallel one-liner of docs/distributed.md, run as written for a small N and M.
#[test]
fn gnu_parallel_recipe_runs_here() {
    if tool("parallel", "apt-get install parallel").is_none() {
        return;
    }
    let doc = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/distributed.md")).unwrap();
    let lines: Vec<&str> = doc.lines().collect();
    let at = lines.iter().position(|l| l.starts_with("N=17 M=64")).expect("the recipe's N=... M=... line");
    let recipe = lines[at + 1];
    assert!(recipe.contains("parallel") && recipe.ends_with("queens count --sum shards.jsonl"), "{recipe}");
    let dir = support::temp_dir("count-shards", "parallel");
    let bin = Path::new(env!("CARGO_BIN_EXE_queens")).parent().unwrap();
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    let out = Command::new("sh")
        .args(["-c", &format!("N=10 M=7\n{recipe}")])
        .env("PATH", path)
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out).lines().last(), Some("724"), "{}", stdout(&out));
    assert_eq!(std::fs::read_to_string(dir.join("shards.jsonl")).unwrap().lines().count(), 7);
}

/// Distinct states after each row, computed directly from the boards: every placement of
/// queens in rows `0..=r`, reduced to its used columns and the diagonals (by absolute index) that
/// still pass an unused column in a row below; a state and its mirror image count once.
fn brute_force_layer_sizes(n: usize) -> Vec<usize> {
    type State = (Vec<usize>, Vec<usize>, Vec<usize>);
    let mut sizes = Vec::new();
    for r in 0..n.saturating_sub(1) {
        let mut states: BTreeSet<State> = BTreeSet::new();
        for board in placements(n, r + 1) {
            let cols: BTreeSet<usize> = board.iter().copied().collect();
            let open: Vec<usize> = (0..n).filter(|c| !cols.contains(c)).collect();
            let meets = |on: &dyn Fn(usize, usize) -> bool| (r + 1..n).any(|y| open.iter().any(|&c| on(y, c)));
            let sum: BTreeSet<usize> =
                board.iter().enumerate().map(|(y, &c)| y + c).filter(|&s| meets(&|y, c| y + c == s)).collect();
            let diff: BTreeSet<usize> = board
                .iter()
                .enumerate()
                .map(|(y, &c)| y + n - 1 - c)
                .filter(|&d| meets(&|y, c| y + n - 1 - c == d))
                .collect();
            let v = |s: &BTreeSet<usize>| s.iter().copied().collect::<Vec<_>>();
            let mirror_cols: BTreeSet<usize> = cols.iter().map(|c| n - 1 - c).collect();
            // Mirroring c -> n-1-c turns index y+c into y+(n-1-c): the two diagonal sets swap.
            let state = (v(&cols), v(&sum), v(&diff)).min((v(&mirror_cols), v(&diff), v(&sum)));
            states.insert(state);
        }
        sizes.push(states.len());
    }
    sizes
}

/// Every non-attacking placement of one queen in each of rows `0..rows` (`board[row] = col`).
fn placements(n: usize, rows: usize) -> Vec<Vec<usize>> {
    let mut boards: Vec<Vec<usize>> = vec![Vec::new()];
    for _ in 0..rows {
        boards = boards
            .iter()
            .flat_map(|b| {
                let safe = |c: usize| b.iter().enumerate().all(|(y, &q)| q != c && q.abs_diff(c) != b.len() - y);
                (0..n).filter(|&c| safe(c)).map(|c| [b.clone(), vec![c]].concat()).collect::<Vec<_>>()
            })
            .collect();
    }
    boards
}

#[test]
fn dp_state_counts_per_row_match_a_brute_force() {
    assert_eq!(brute_force_layer_sizes(8), [4, 21, 70, 170, 259, 177, 12]);
    for n in [1, 2, 5, 6, 8] {
        assert_eq!(layer_sizes(n), brute_force_layer_sizes(n), "n = {n}");
    }
}
