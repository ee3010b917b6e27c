//! Events applied to a [`Board`]: each one done, or refused with the [`TraceFault`] that makes it
//! impossible on the board as it stands (a solution that does not match, a dead end with a free
//! square, a check whose verdict is wrong, a puzzle event on a square that is not open, a caption
//! too long to draw).
//!
//! Contract: [`Board::apply`] changes the board only when the event can happen; a refused event
//! may have changed it partly (the replay stops there).

use super::Board;
use crate::error::TraceFault;
use crate::trace::{Event, Square};

impl Board {
    /// True when the board holds exactly the solution `queens` (`queens[col] = row`), and it is one.
    pub fn matches_solution(&self, queens: &[usize]) -> Result<(), TraceFault> {
        if queens.len() != self.n {
            return Err(TraceFault::SolutionLength { listed: queens.len(), n: self.n });
        }
        if self.queen_count != self.n {
            return Err(TraceFault::SolutionQueens { queens: self.queen_count, n: self.n });
        }
        if let Some((col, &row)) =
            queens.iter().enumerate().find(|&(col, &row)| row >= self.n || !self.has_queen(Square::new(row, col)))
        {
            return Err(TraceFault::SolutionMismatch { col, row });
        }
        if let Some((a, b)) = self.conflicts().first() {
            return Err(TraceFault::SolutionConflict { a: a.name(self.n), b: b.name(self.n) });
        }
        Ok(())
    }

    /// Apply one event, or say why it cannot happen on this board.
    pub fn apply(&mut self, event: &Event) -> Result<(), TraceFault> {
        if let Some(fault) = event.caption_fault() {
            return Err(fault);
        }
        match event {
            Event::Place { row, col } => self.place(Square::new(*row, *col)),
            Event::Remove { row, col } => self.remove(Square::new(*row, *col)),
            Event::Solution { queens } => self.matches_solution(queens),
            Event::Check { row, col, safe, attacker } => self.verify_check(Square::new(*row, *col), *safe, *attacker),
            Event::Layout { queens, .. } => self.set_layout(queens),
            Event::Move { from, to } => self.move_queen(*from, *to),
            Event::Deadend { row } => self.verify_deadend(*row),
            _ if self.puzzle.is_none() => Err(TraceFault::PuzzleEvent { event: event.name() }),
            Event::Deduce { row, col, .. } => self.place(Square::new(*row, *col)),
            Event::Guess { row, col } => self.guess(Square::new(*row, *col)),
            Event::Undo { queens, reopened, .. } => self.undo(queens, reopened),
            Event::Eliminate { squares, used, .. } => {
                used.iter().try_for_each(|&sq| self.check_on_board(sq))?;
                squares.iter().try_for_each(|&sq| self.eliminate(sq))
            }
        }
    }

    /// Place a guessed queen on `sq` (a puzzle's board).
    fn guess(&mut self, sq: Square) -> Result<(), TraceFault> {
        self.place(sq)?;
        self.puzzle.as_deref_mut().expect("puzzle events need a puzzle").set_guessed(sq, true);
        Ok(())
    }

    /// Take `queens` off and reopen `reopened` (a puzzle's board).
    fn undo(&mut self, queens: &[Square], reopened: &[Square]) -> Result<(), TraceFault> {
        queens.iter().try_for_each(|&sq| self.remove(sq))?;
        for &sq in reopened {
            self.check_on_board(sq)?;
            let p = self.puzzle.as_deref_mut().expect("puzzle events need a puzzle");
            if !p.set_eliminated(sq, false) {
                return Err(TraceFault::NotRuledOut { square: sq.name(self.n) });
            }
        }
        Ok(())
    }

    /// Rule `sq` out: it must be open but for attacks (no queen, not blocked, not ruled out yet).
    fn eliminate(&mut self, sq: Square) -> Result<(), TraceFault> {
        self.check_on_board(sq)?;
        let has_queen = self.has_queen(sq);
        let p = self.puzzle.as_deref_mut().expect("puzzle events need a puzzle");
        let why = if has_queen {
            "holds a queen"
        } else if p.is_blocked(sq) {
            "is blocked"
        } else if !p.set_eliminated(sq, true) {
            "is ruled out already"
        } else {
            return Ok(());
        };
        Err(TraceFault::NotOpen { square: sq.name(self.n), why })
    }

    /// Replace every queen by `queens[col] = row` (at most n columns).
    pub fn set_layout(&mut self, queens: &[usize]) -> Result<(), TraceFault> {
        if queens.len() > self.n {
            return Err(TraceFault::LayoutLength { listed: queens.len(), n: self.n });
        }
        // A puzzle's givens stay; the layout lists them too.
        let mut board = self.clone();
        for sq in self.queens().filter(|&sq| !self.puzzle().is_some_and(|p| p.is_given(sq))) {
            board.remove(sq)?;
        }
        for (col, &row) in queens.iter().enumerate() {
            let sq = Square::new(row, col);
            if !(row < self.n && self.puzzle().is_some_and(|p| p.is_given(sq))) {
                board.place(sq)?;
            }
        }
        *self = board;
        Ok(())
    }

    fn move_queen(&mut self, from: Square, to: Square) -> Result<(), TraceFault> {
        self.remove(from)?;
        self.place(to)
    }

    fn verify_deadend(&self, row: usize) -> Result<(), TraceFault> {
        if row >= self.n {
            return Err(TraceFault::DeadendOffBoard { row, n: self.n });
        }
        if self.row_has_queen(row) || self.free_in_row(row) > 0 {
            return Err(TraceFault::DeadendWrong { row });
        }
        Ok(())
    }

    fn verify_check(&self, sq: Square, safe: bool, attacker: Option<Square>) -> Result<(), TraceFault> {
        self.check_on_board(sq)?;
        let attacked = self.is_attacked(sq);
        if safe == attacked {
            return Err(TraceFault::CheckVerdict { square: sq.name(self.n), safe });
        }
        match attacker {
            Some(_) if safe => Err(TraceFault::SafeWithAttacker),
            Some(q) if !self.contains(q) || !self.has_queen(q) => {
                Err(TraceFault::AttackerMissing { row: q.row, col: q.col })
            }
            Some(q) if !self.attacks(q, sq) => {
                Err(TraceFault::NotAttacking { attacker: q.name(self.n), square: sq.name(self.n) })
            }
            _ => Ok(()),
        }
    }
}
