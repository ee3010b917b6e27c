//! The quiz's words, the HTML player's and the PDF worksheet's: each question, its answer and its
//! reason, from the facts of [`Question`] and the run's [`Order`] (squares named as the frames
//! label them: file letter and rank, rank 1 at the bottom).

use super::ask::{Asked, Order, Question};
use crate::board::deadend::Line;
use crate::trace::Square;

/// A question in words: what is asked, the answer ("c2", "column f"), and why it is the answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Words {
    pub question: String,
    pub answer: String,
    pub why: String,
}

/// The words of `q` on an n-board filled in `order`.
pub(crate) fn words(q: &Question, order: Order, n: usize) -> Words {
    let name = |sq: Square| sq.name(n);
    let filled = order.line(q.square).name(n, false);
    let resumed = q.resumed.filter(|&sq| order.line(sq) == order.line(q.square));
    let how = match (order, resumed) {
        (_, Some(back)) => format!("The search took back {} and goes on along {filled}.", name(back)),
        (Order::Tightest, None) => {
            format!("The search fills {filled} next (fewest safe squares), from the left.")
        }
        (_, None) => format!("The search fills {filled} next, {}.", order.along()),
    };
    let placed = placement_reason(q, order, n);
    match q.asked {
        Asked::Place => {
            Words { question: format!("Where does the next queen go? {how}"), answer: name(q.square), why: placed }
        }
        Asked::Blind(dead) => Words {
            question: format!(
                "{} already has no safe square. Where does the search put its next queen?",
                upper(&dead.name(n, false))
            ),
            answer: name(q.square),
            why: format!(
                "The search does not look ahead: it fills {filled} before it gets to {}. {placed}",
                dead.name(n, false)
            ),
        },
        Asked::DeadEnd(line) => Words {
            question: format!("Next: a queen on {}. Which {} runs out of safe squares?", name(q.square), kind(line)),
            answer: line.name(n, false),
            why: dead_reason(q, line, n),
        },
    }
}

/// "column" or "row".
fn kind(line: Line) -> &'static str {
    match line {
        Line::Column(_) => "column",
        Line::Row(_) => "row",
    }
}

fn upper(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// Why the search puts its queen on `q.square`: the squares it passed over and their attackers.
fn placement_reason(q: &Question, order: Order, n: usize) -> String {
    let name = |sq: Square| sq.name(n);
    let line = order.line(q.square).name(n, false);
    let resumed = q.resumed.filter(|&sq| order.line(sq) == order.line(q.square));
    let (way, next) = match resumed {
        Some(back) => (format!("{line} after {}", name(back)), "next"),
        None => (format!("{line} {}", order.along()), "first"),
    };
    if q.skipped.is_empty() {
        return format!("{}: {} is the {next} square, and no queen attacks it.", upper(&way), name(q.square));
    }
    let passed: Vec<String> = q
        .skipped
        .iter()
        .enumerate()
        .map(|(i, &(sq, by))| {
            if i == 0 {
                format!("{} is attacked by {}", name(sq), name(by))
            } else {
                format!("{} by {}", name(sq), name(by))
            }
        })
        .collect();
    format!("{}: {}, so {} is the {next} safe square.", upper(&way), passed.join(", "), name(q.square))
}

/// Why `line` runs out: its squares grouped by the queen attacking each, the step's queen first.
fn dead_reason(q: &Question, line: Line, n: usize) -> String {
    let mut attackers: Vec<Square> = Vec::new();
    for &(_, by) in &q.links {
        if !attackers.contains(&by) {
            attackers.push(by);
        }
    }
    attackers.sort_by_key(|&by| by != q.square);
    let groups: Vec<String> = attackers
        .iter()
        .map(|&by| {
            let squares: Vec<String> = q.links.iter().filter(|l| l.1 == by).map(|l| l.0.name(n)).collect();
            format!("{} by {}", squares.join(", "), by.name(n))
        })
        .collect();
    format!("Every square of {} is attacked: {}.", line.name(n, false), groups.join("; "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn question(asked: Asked, square: Square, queens: &[Square]) -> Question {
        Question {
            frame: 1,
            asked,
            square,
            queens: queens.to_vec(),
            skipped: Vec::new(),
            resumed: None,
            links: Vec::new(),
        }
    }

    #[test]
    fn placements_say_the_order_and_what_was_passed_over() {
        // 6x6: a6 stands; b6 and b5 are attacked, b4 is the first safe square of column b.
        let (a6, b6, b5, b4) = (Square::new(0, 0), Square::new(0, 1), Square::new(1, 1), Square::new(2, 1));
        let mut q = question(Asked::Place, b4, &[a6]);
        q.skipped = vec![(b6, a6), (b5, a6)];
        let w = words(&q, Order::Columns, 6);
        assert_eq!(w.question, "Where does the next queen go? The search fills column b next, from the top.");
        assert_eq!(w.answer, "b4");
        assert_eq!(w.why, "Column b from the top: b6 is attacked by a6, b5 by a6, so b4 is the first safe square.");
        let first = words(&question(Asked::Place, a6, &[]), Order::Columns, 6);
        assert_eq!(first.why, "Column a from the top: a6 is the first square, and no queen attacks it.");
    }

    #[test]
    fn dead_ends_and_blind_steps_give_their_reasons() {
        let (a6, c5) = (Square::new(0, 0), Square::new(1, 2));
        let mut q = question(Asked::DeadEnd(Line::Column(3)), c5, &[a6]);
        q.links = vec![(Square::new(0, 3), a6), (Square::new(1, 3), c5), (Square::new(2, 3), c5)];
        let w = words(&q, Order::Columns, 6);
        assert_eq!(w.question, "Next: a queen on c5. Which column runs out of safe squares?");
        assert_eq!(w.answer, "column d");
        assert_eq!(w.why, "Every square of column d is attacked: d5, d4 by c5; d6 by a6.");
        let blind = words(&question(Asked::Blind(Line::Column(5)), Square::new(3, 4), &[a6]), Order::Columns, 6);
        assert_eq!(blind.question, "Column f already has no safe square. Where does the search put its next queen?");
        assert!(blind.why.starts_with("The search does not look ahead: it fills column e before it gets to column f."));
    }
}
