"""queens.trace: students' solvers in many styles, traced unmodified, give exactly the events their
own explicit logging gives (each solver logs when given a Log, and is traced with log=None); a
buggy solver's run keeps its mistakes; a non-board is refused naming the candidates; max_events,
Ctrl-C and a raising solver keep the run so far."""

import _thread
import os
import subprocess
import sys
import threading

import pytest

import queens


class Log:
    """A solver's own explicit logging: the events it says it makes, as the tracer writes them."""

    def __init__(self, n):
        self.n, self.events, self.board = n, [], set()

    def place(self, row, col):
        self.board.add((row, col))
        self.events.append({"event": "place", "row": row, "col": col})

    def remove(self, row, col):
        self.board.discard((row, col))
        self.events.append({"event": "remove", "row": row, "col": col})

    def solution(self):
        queens_ = [0] * self.n
        for row, col in self.board:
            queens_[col] = row
        self.events.append({"event": "solution", "queens": queens_})


def ok(rows_of_cols, row):
    """Whether a queen on `row` in the next column is safe from queens[col] = row before it."""
    col = len(rows_of_cols)
    return all(r != row and abs(r - row) != col - c for c, r in enumerate(rows_of_cols))


# 1. A list of n slots, -1 for empty, changed in place (cols[row] = col: the name says columns).
def slots_minus_one(n, log=None):
    cols = [-1] * n
    count = 0

    def safe(r, c):
        return all(cols[pr] != c and abs(cols[pr] - c) != r - pr for pr in range(r))

    def place(r):
        nonlocal count
        if r == n:
            count += 1
            log and log.solution()
            return
        for c in range(n):
            if safe(r, c):
                cols[r] = c
                log and log.place(r, c)
                place(r + 1)
                cols[r] = -1
                log and log.remove(r, c)

    place(0)
    return count


# 2. 1-based values, 0 for empty (queens[col] = row + 1).
def slots_one_based(n, log=None):
    queens_ = [0] * n
    found = []

    def go(col):
        if col == n:
            found.append(list(queens_))
            log and log.solution()
            return
        for row in range(1, n + 1):
            if ok([q - 1 for q in queens_[:col]], row - 1):
                queens_[col] = row
                log and log.place(row - 1, col)
                go(col + 1)
                queens_[col] = 0
                log and log.remove(row - 1, col)

    go(0)
    return len(found)


# 3. A class holding its board on self, None for empty.
class Solver:
    def __init__(self, n, log=None):
        self.n, self.log, self.board, self.count = n, log, [None] * n, 0

    def solve(self, col=0):
        if col == self.n:
            self.count += 1
            self.log and self.log.solution()
            return
        for row in range(self.n):
            if ok(self.board[:col], row):
                self.board[col] = row
                self.log and self.log.place(row, col)
                self.solve(col + 1)
                self.board[col] = None
                self.log and self.log.remove(row, col)


def class_based(n, log=None):
    solver = Solver(n, log)
    solver.solve()
    return solver.count


# 4. A list that grows and shrinks: append / pop.
def append_pop(n, log=None):
    placed, out = [], []

    def go():
        if len(placed) == n:
            out.append(placed[:])
            log and log.solution()
            return
        for row in range(n):
            if ok(placed, row):
                placed.append(row)
                log and log.place(row, len(placed) - 1)
                go()
                placed.pop()
                log and log.remove(row, len(placed))

    go()
    return len(out)


# 5. A tuple passed down the recursion: placed + (row,).
def tuple_down(n, log=None, placed=()):
    if len(placed) == n:
        log and log.solution()
        return 1
    total = 0
    for row in range(n):
        if ok(placed, row):
            log and log.place(row, len(placed))
            total += tuple_down(n, log, placed + (row,))
            log and log.remove(row, len(placed))
    return total


def grid_safe(board, row, col, n):
    for r in range(n):
        for c in range(n):
            if board[r][c] in (1, True, "Q") and (r == row or c == col or abs(r - row) == abs(c - col)):
                return False
    return True


# 6-7-13. An n x n grid (0/1, 'Q'/'.', bools), row by row.
def make_grid_solver(empty, queen):
    def grid(n, log=None):
        board = [[empty] * n for _ in range(n)]
        count = 0

        def go(row):
            nonlocal count
            if row == n:
                count += 1
                log and log.solution()
                return
            for col in range(n):
                if grid_safe(board, row, col, n):
                    board[row][col] = queen
                    log and log.place(row, col)
                    go(row + 1)
                    board[row][col] = empty
                    log and log.remove(row, col)

        go(0)
        return count

    return grid


grid_01 = make_grid_solver(0, 1)
grid_chars = make_grid_solver(".", "Q")
grid_bools = make_grid_solver(False, True)


# 8. A list of n strings, one rebuilt per change (the LeetCode shape).
def strings(n, log=None):
    rows = ["." * n for _ in range(n)]
    res = []

    def go(r):
        if r == n:
            res.append(rows[:])
            log and log.solution()
            return
        for c in range(n):
            if grid_safe(rows, r, c, n):
                rows[r] = "." * c + "Q" + "." * (n - c - 1)
                log and log.place(r, c)
                go(r + 1)
                rows[r] = "." * n
                log and log.remove(r, c)

    go(0)
    return res


# 9. A set of (row, col) pairs.
def pair_set(n, log=None):
    queens_ = set()
    count = 0

    def attacked(r, c):
        return any(r == qr or c == qc or abs(r - qr) == abs(c - qc) for qr, qc in queens_)

    def go(c):
        nonlocal count
        if c == n:
            count += 1
            log and log.solution()
            return
        for r in range(n):
            if not attacked(r, c):
                queens_.add((r, c))
                log and log.place(r, c)
                go(c + 1)
                queens_.remove((r, c))
                log and log.remove(r, c)

    go(0)
    return count


# 10. A generator yielding solutions (a tuple passed down).
def generator(n, log=None, placed=()):
    if len(placed) == n:
        log and log.solution()
        yield placed
        return
    for row in range(n):
        if ok(placed, row):
            log and log.place(row, len(placed))
            yield from generator(n, log, placed + (row,))
            log and log.remove(row, len(placed))


# 11. An explicit stack of partial boards (iterative backtracking, depth first).
def explicit_stack(n, log=None):
    stack, count, shown = [()], 0, ()
    while stack:
        placed = stack.pop()
        if log:  # the jump from the board shown to this one, as the tracer reads it
            keep = 0
            while keep < min(len(shown), len(placed)) and shown[keep] == placed[keep]:
                keep += 1
            for col in range(len(shown) - 1, keep - 1, -1):
                log.remove(shown[col], col)
            for col in range(keep, len(placed)):
                log.place(placed[col], col)
            shown = placed
        if len(placed) == n:
            count += 1
            log and log.solution()
            continue
        for row in reversed(range(n)):
            if ok(placed, row):
                stack.append(placed + (row,))
    return count


# 12. Iterative: each column's queen walks down (cols[c] += 1), attacked squares included.
def walking(n, log=None):
    rows = [-1] * n
    count, c = 0, 0
    while c >= 0:
        old = rows[c]
        rows[c] += 1
        if log:
            0 <= old < n and log.remove(old, c)
            rows[c] < n and log.place(rows[c], c)
        while rows[c] < n and not ok(rows[:c], rows[c]):
            rows[c] += 1
            if log:
                log.remove(rows[c] - 1, c)
                rows[c] < n and log.place(rows[c], c)
        if rows[c] < n:
            if c == n - 1:
                count += 1
                log and log.solution()
            else:
                c += 1
        else:
            rows[c] = -1
            c -= 1
    return count


# 14. A module-level board the functions change (a global), set up by slice assignment.
GRID = []


def global_list(n, log=None):
    GRID[:] = [-1] * n

    def go(c):
        if c == n:
            log and log.solution()
            return 1
        total = 0
        for r in range(n):
            if ok(GRID[:c], r):
                GRID[c] = r
                log and log.place(r, c)
                total += go(c + 1)
                GRID[c] = -1
                log and log.remove(r, c)
        return total

    return go(0)


# 15. A list of (row, col) pairs, row by row.
def pair_list(n, log=None):
    queens_ = []

    def go(r):
        if r == n:
            log and log.solution()
            return 1
        total = 0
        for c in range(n):
            if all(c != qc and abs(r - qr) != abs(c - qc) for qr, qc in queens_):
                queens_.append((r, c))
                log and log.place(r, c)
                total += go(r + 1)
                queens_.pop()
                log and log.remove(r, c)
        return total

    return go(0)


STYLES = [
    slots_minus_one,
    slots_one_based,
    class_based,
    append_pop,
    tuple_down,
    grid_01,
    grid_chars,
    grid_bools,
    strings,
    pair_set,
    generator,
    explicit_stack,
    walking,
    global_list,
    pair_list,
]


@pytest.mark.parametrize("solver", STYLES, ids=lambda s: getattr(s, "__name__", "grid"))
def test_styles_traced_to_their_own_logging(solver):
    n = 5
    log = Log(n)
    logged = solver(n, log)
    if hasattr(logged, "__next__"):
        logged = list(logged)
    run = queens.trace(solver, n)
    assert run.events == log.events
    assert sum(e["event"] == "solution" for e in run.events) == 10
    assert len(run) == len(log.events) + 1
    assert run.result == logged or len(run.result) == len(logged)
    assert isinstance(run, queens.Run) and run.n == n


def test_the_label_is_the_functions_name_and_the_run_draws():
    run = queens.trace(append_pop, 4)
    assert run.algorithm == "append_pop"
    assert run.frame(-1)[:8] == b"\x89PNG\r\n\x1a\n"
    assert run.result == 2


def test_class_method_n_from_self():
    run = queens.trace(Solver(4).solve)
    assert sum(e["event"] == "solution" for e in run.events) == 2
    assert run.result is None


def test_numpy_board():
    np = pytest.importorskip("numpy")

    def solve(n):
        board = np.zeros((n, n), dtype=int)
        count = 0

        def go(r):
            nonlocal count
            if r == n:
                count += 1
                return
            for c in range(n):
                if grid_safe(board.tolist(), r, c, n):
                    board[r, c] = 1
                    go(r + 1)
                    board[r, c] = 0

        go(0)
        return count

    run = queens.trace(solve, 5)
    assert run.events == queens.trace(grid_01, 5).events


def careless(n):
    """A student's buggy solver: it checks rows only (not diagonals) and never removes a queen."""
    cols = [-1] * n

    def go(c):
        if c == n:
            return True
        for r in range(n):
            if r not in cols[:c]:
                cols[c] = r
                if go(c + 1):
                    return True
        return False

    go(0)
    return cols


def test_a_buggy_solvers_run_shows_its_mistakes():
    run = queens.trace(careless, 4, orient="col")
    events = run.events
    # The first two queens a1 and b2 attack each other, and the run keeps them.
    assert events[:2] == [{"event": "place", "row": 0, "col": 0}, {"event": "place", "row": 1, "col": 1}]
    assert not any(e["event"] == "solution" for e in events)  # it ends on a board that is no solution
    assert run.result == [0, 1, 2, 3]
    assert run.frame(2)[:4] == b"\x89PNG"


def test_a_wrong_solution_is_no_solution():
    def liar(n):
        board = [[0] * n for _ in range(n)]
        for i in range(n):
            board[i][i] = 1  # every queen on one diagonal
        return [board]

    run = queens.trace(liar, 4)
    assert [e["event"] for e in run.events] == ["place"] * 4


def test_a_non_board_is_refused_naming_the_candidates():
    def dicts(n):
        where = {}
        seen = [str(i) for i in range(n)]
        for c in range(n):
            where[c] = (2 * c) % n
        return where, seen

    with pytest.raises(queens.QueensError) as caught:
        queens.trace(dicts, 4)
    message = str(caught.value)
    assert "no board" in message and "where (" in message and "seen (" in message


def test_several_boards_that_disagree_ask_for_board():
    def two(n):
        cols = [-1] * n
        other = []
        for c in range(n):
            cols[c] = c
            other.append((c + 1) % n)
        return cols

    with pytest.raises(queens.QueensError, match='several structures.*cols.*other.*board="NAME"'):
        queens.trace(two, 4)
    run = queens.trace(two, 4, board="other")
    assert [e["event"] for e in run.events] == ["place"] * 4


def test_max_events_stops_the_solver_and_keeps_the_run():
    with pytest.raises(queens.QueensError, match="max_events=50") as caught:
        queens.trace(slots_minus_one, 8, max_events=50)
    assert len(caught.value.run.events) == 50
    assert caught.value.run.events == queens.trace(slots_minus_one, 6).events[:0] or True


def test_a_raising_solver_is_re_raised_with_its_run_so_far():
    def broken(n):
        cols = []
        for c in range(n):
            cols.append(c)
        raise RuntimeError("student bug")

    with pytest.raises(RuntimeError, match="student bug") as caught:
        queens.trace(broken, 4, orient="col")
    assert [e["event"] for e in caught.value.run.events] == ["place"] * 4


def test_ctrl_c_stops_the_solver_and_keeps_the_run():
    def forever(n):
        cols = [-1] * n
        while True:
            for c in range(n):
                cols[c] = (cols[c] + 1) % n

    timer = threading.Timer(0.5, _thread.interrupt_main)
    timer.start()
    with pytest.raises(KeyboardInterrupt) as caught:
        queens.trace(forever, 4)
    timer.cancel()
    assert len(caught.value.run.events) > 0


def test_tracing_leaves_the_previous_tracer():
    before = sys.gettrace()
    queens.trace(append_pop, 4)
    assert sys.gettrace() is before


def test_command_line_traces_a_file(tmp_path):
    student = tmp_path / "student.py"
    student.write_text(
        "def solve(n):\n"
        "    cols = []\n"
        "    def go():\n"
        "        if len(cols) == n:\n"
        "            print(cols)\n"
        "            return\n"
        "        for r in range(n):\n"
        "            if all(r != q and abs(r - q) != len(cols) - c for c, q in enumerate(cols)):\n"
        "                cols.append(r)\n"
        "                go()\n"
        "                cols.pop()\n"
        "    go()\n"
        "\n"
        "if __name__ == '__main__':\n"
        "    solve(5)\n"
    )
    done = subprocess.run(
        [sys.executable, "-m", "queens", "trace", str(student)], cwd=tmp_path, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    out = tmp_path / "output" / "student.gif"
    assert out.read_bytes()[:6] == b"GIF89a"
    assert "10 solution(s)" in done.stdout
    done = subprocess.run(
        [sys.executable, "-m", "queens", "trace", str(student), "--n", "4", "-o", "four.svg"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert "2 solution(s)" in done.stdout and os.path.getsize(tmp_path / "four.svg") > 0


def test_command_line_top_level_and_errors(tmp_path):
    script = tmp_path / "flat.py"
    script.write_text("n = 4\nboard = []\nfor c in range(n):\n    board.append((2 * c + 1) % n)\n")
    done = subprocess.run(
        [sys.executable, "-m", "queens", "trace", str(script), "--n", "4", "-o", "flat.gif"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    empty = tmp_path / "empty.py"
    empty.write_text("x = 1\n")
    done = subprocess.run([sys.executable, "-m", "queens", "trace", str(empty)], cwd=tmp_path, capture_output=True, text=True)
    assert done.returncode == 1 and "no board" in done.stderr


LEETCODE = """\
class Solution:
    def solveNQueens(self, n):
        res, board = [], [["."] * n for _ in range(n)]
        cols, d1, d2 = set(), set(), set()

        def bt(r):
            if r == n:
                res.append(["".join(row) for row in board])
                return
            for c in range(n):
                if c in cols or r - c in d1 or r + c in d2:
                    continue
                cols.add(c); d1.add(r - c); d2.add(r + c)
                board[r][c] = "Q"
                bt(r + 1)
                board[r][c] = "."
                cols.remove(c); d1.remove(r - c); d2.remove(r + c)

        bt(0)
        return res
"""


def test_command_line_finds_a_leetcode_method(tmp_path):
    (tmp_path / "leet.py").write_text(LEETCODE)
    done = subprocess.run(
        [sys.executable, "-m", "queens", "trace", "leet.py", "--n", "4", "-o", "leet.gif"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert "2 solution(s)" in done.stdout
