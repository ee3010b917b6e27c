"""Stills, solving, counting, a student's own solver through Recorder, puzzles."""

import io
import itertools

import pytest
from PIL import Image

import queens

A000170 = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724]
A002562 = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92]


def safe(solution):
    return all(
        a != b and abs(a - b) != j - i for (i, a), (j, b) in itertools.combinations(enumerate(solution), 2)
    )


def region_safe(solution):
    """Region puzzles' rules: one queen a row and column, no two touching (diagonals may see)."""
    rows_distinct = len(set(solution)) == len(solution)
    return rows_distinct and all(abs(a - b) > 1 for a, b in zip(solution, solution[1:]))


def test_counts_are_oeis():
    assert [queens.count(n) for n in range(1, 11)] == A000170
    assert [queens.count(n, unique=True) for n in range(1, 11)] == A002562


def test_solve_lists_valid_distinct_solutions():
    every = queens.solve(8, all=True)
    assert len(every) == 92 and len({tuple(s) for s in every}) == 92
    assert all(safe(s) for s in every)
    assert every == sorted(every)  # backtracking order is lexicographic
    assert queens.solve(8) == [every[0]] == [[0, 4, 7, 5, 2, 6, 1, 3]]
    assert len(queens.solve(8, all=True, unique=True)) == 12
    assert len(queens.solve(10, all=True, limit=5)) == 5
    assert not any(0 in (s[0], s[-1]) or 5 in (s[0], s[-1]) for s in queens.solve(6, all=True))  # no corner
    with pytest.raises(ValueError, match="between 1 and 32"):
        queens.count(33)


def test_board_and_sheet_pictures():
    picture = queens.board(8, [0, 4, 7, 5, 2, 6, 1, 3])
    png = Image.open(io.BytesIO(picture.png()))
    assert png.size[0] > 300 and png.size == Image.open(io.BytesIO(picture._repr_png_())).size
    assert "<svg" in picture.svg()
    sheet = Image.open(io.BytesIO(queens.sheet(6).png()))
    unique = Image.open(io.BytesIO(queens.sheet(8, unique=True).png()))
    assert unique.size[0] > sheet.size[0]
    with pytest.raises(ValueError, match="row 9 is off the 8x8 board"):
        queens.board(8, [9])
    with pytest.raises(queens.QueensError, match="boards"):
        queens.sheet(12, max_boards=100)


def test_a_theme_may_be_a_dict_or_json_text():
    navy = {"base": "gray", "queen": "#000033"}
    as_dict = queens.board(6, [1, 3, 5, 0, 2, 4], theme=navy).png()
    assert as_dict == queens.board(6, [1, 3, 5, 0, 2, 4], theme='{"base": "gray", "queen": "#000033"}').png()
    assert as_dict != queens.board(6, [1, 3, 5, 0, 2, 4], theme="gray").png()
    with pytest.raises(ValueError, match="theme must be a name"):
        queens.board(6, [], theme=42)
    with pytest.raises(ValueError, match="unknown theme key 'queen_colour'"):
        queens.animate(5, theme={"queen_colour": "#000000"})


def test_picture_save_by_extension(tmp_path):
    picture = queens.board(6, [1, 3, 5, 0, 2, 4], theme="print")
    for ext in ("png", "svg", "pdf"):
        assert picture.save(tmp_path / f"b.{ext}") > 0
    with pytest.raises(queens.QueensError):
        picture.save(tmp_path / "b.gif")


def backtrack(n, rec, queens_so_far=()):
    """A student's backtracker: column by column, rows top to bottom."""
    col = len(queens_so_far)
    if col == n:
        rec.solution()
        return True
    for row in range(n):
        if all(row != r and abs(row - r) != col - c for c, r in enumerate(queens_so_far)):
            rec.place(row, col)
            if backtrack(n, rec, queens_so_far + (row,)):
                return True
            rec.remove(row, col)
    return False


def test_a_students_solver_becomes_the_same_run(tmp_path):
    rec = queens.Recorder(6, "my backtracking")
    assert backtrack(6, rec)
    run = rec.run()
    assert len(run) == len(rec) + 1 == len(queens.animate(6))
    assert run.events == queens.animate(6).events
    assert run.algorithm == "my backtracking"
    run.save(tmp_path / "mine.gif")
    assert Image.open(tmp_path / "mine.gif").n_frames == len(run)


def test_the_recorder_refuses_impossible_steps():
    rec = queens.Recorder(4)
    with pytest.raises(ValueError, match=r"\(4, 0\) is off the 4x4 board"):
        rec.place(4, 0)
    rec.place(0, 0)
    with pytest.raises(ValueError, match="column 0 already holds a queen"):
        rec.place(1, 0)
    with pytest.raises(ValueError, match="no queen stands on"):
        rec.remove(2, 1)
    with pytest.raises(ValueError, match="3 column"):
        rec.solution()
    for row, col in [(1, 1), (2, 2), (3, 3)]:
        rec.place(row, col)
    with pytest.raises(ValueError, match="attack each other"):
        rec.solution()
    small = queens.Recorder(4, max_frames=3)
    small.place(0, 0)
    small.remove(0, 0)
    with pytest.raises(ValueError, match="max_frames"):
        small.place(0, 0)
    with pytest.raises(ValueError):
        queens.Recorder(0)


def test_puzzles_generate_solve_hint_and_animate():
    puzzle = queens.Puzzle.generate(8, seed=3)
    assert (puzzle.n, puzzle.kind) == (8, "regions")
    (solution,) = puzzle.solve(all=True)
    assert region_safe(solution)
    assert queens.Puzzle.parse(str(puzzle)).solve() == [solution]
    assert puzzle.hint() and not puzzle.hint().startswith("no solution")
    run = puzzle.animate(why=True)
    assert run.algorithm == "deduce" and run.events[-1] == {"event": "solution", "queens": solution}
    assert Image.open(io.BytesIO(puzzle._repr_png_())).size[0] > 200
    completion = queens.Puzzle.generate(6, seed=1, kind="completion")
    assert completion.kind == "completion" and len(completion.solve(all=True)) == 1
    with pytest.raises(queens.QueensError, match="line 1"):
        queens.Puzzle.parse("this is not a puzzle\n")
