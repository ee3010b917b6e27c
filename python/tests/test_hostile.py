"""Issue 53, finding 15: the binding's calls are bounded and interruptible like the command line's.
Before the fixes: solve(15, all=True) built 2.3 M lists; count(19) and solve(16, all=True) held
Ctrl-C until they returned; solve(-1) raised OverflowError, solve(2.5) TypeError; a theme dict of
any size was turned into JSON; Puzzle.animate(until=2) raised TypeError."""

import _thread
import threading
import time

import pytest

import queens


def interrupted_within(seconds, call):
    """Run `call` with Ctrl-C sent after 0.3 s; it must raise KeyboardInterrupt within `seconds`."""
    timer = threading.Timer(0.3, _thread.interrupt_main)
    started = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            call()
    finally:
        timer.cancel()
    assert time.monotonic() - started < seconds


def test_solve_all_without_a_limit_is_bounded():
    with pytest.raises(queens.QueensError, match="more than 1000000 solutions.*limit=K"):
        queens.solve(15, all=True)
    assert len(queens.solve(15, all=True, limit=10)) == 10
    assert len(queens.solve(12, all=True)) == 14200


def test_a_long_solve_and_count_stop_at_ctrl_c():
    interrupted_within(5, lambda: queens.solve(18, all=True, limit=10**9))
    interrupted_within(5, lambda: queens.count(19))
    interrupted_within(5, lambda: queens.count(19, unique=True))
    # A split count gives the same numbers as the whole one.
    assert queens.count(15) == 2279184
    assert queens.count(15, unique=True) == 285053


@pytest.mark.parametrize("n", [-1, 0, 2.5, "8", True, 10**30])
def test_bad_board_sizes_are_queens_errors(n):
    with pytest.raises(queens.QueensError, match="n must be"):
        queens.solve(n)
    with pytest.raises(queens.QueensError, match="n must be"):
        queens.count(n)


@pytest.mark.parametrize("n", [-1, 2.5, 10**30])
def test_bad_animate_sizes_are_queens_errors(n):
    with pytest.raises(queens.QueensError):
        queens.animate(n)


def test_a_huge_theme_dict_is_refused():
    theme = {f"key{i}": "#000000" for i in range(100_000)}
    with pytest.raises(queens.QueensError, match="at most 256 keys"):
        queens.board(6, [1, 3, 5, 0, 2, 4], theme=theme)
    with pytest.raises(queens.QueensError, match="at most 64 KiB"):
        queens.board(6, [1, 3, 5, 0, 2, 4], theme='{"queen": "#000000", "name": "' + "x" * 70_000 + '"}')


def test_puzzle_animate_takes_until_as_an_int():
    puzzle = queens.Puzzle.generate(6, seed=1, kind="completion")
    run = puzzle.animate(algorithm="backtrack", until=1)
    assert len(run) > 1


def test_save_never_writes_onto_standard_input(tmp_path):
    """Before: run.save("/dev/stdin") under `python script.py < input.txt` replaced input.txt."""
    import subprocess
    import sys

    precious = tmp_path / "input.txt"
    precious.write_text("precious input\n")
    script = (
        "import queens\n"
        "try:\n"
        "    queens.animate(6).save('/dev/stdin')\n"
        "except queens.QueensOSError as e:\n"
        "    print('refused:', e)\n"
        "try:\n"
        "    queens.board(6, [1, 3, 5, 0, 2, 4]).save('/proc/self/fd/0')\n"
        "except queens.QueensOSError as e:\n"
        "    print('refused:', e)\n"
    )
    with precious.open() as stdin:
        out = subprocess.run([sys.executable, "-c", script], stdin=stdin, capture_output=True, text=True)
    assert out.stdout.count("refused:") == 2 and "standard input of Python" in out.stdout, out.stdout + out.stderr
    assert precious.read_text() == "precious input\n"


def test_a_full_disk_is_an_os_error():
    """Before: saving onto /dev/full raised QueensError (a value error) for a failed write."""
    with pytest.raises(queens.QueensOSError, match="No space left"):
        queens.animate(6).save("/dev/full")


def test_a_recorder_holds_a_bounded_number_of_steps():
    """Before: Recorder(6, max_frames=10**12) was taken, and a runaway loop grew without a bound."""
    with pytest.raises(queens.QueensError, match="max_frames must be from 1 to 10000000"):
        queens.Recorder(6, max_frames=10**12)
    recorder = queens.Recorder(6, max_frames=50)
    with pytest.raises(queens.QueensError, match="reached 50 frames"):
        while True:
            recorder.place(0, 0)
            recorder.remove(0, 0)
