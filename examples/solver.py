#!/usr/bin/env python3
"""A plain-Python N-Queens solver (no packages) that prints its run as JSON Lines for queens.

    python3 examples/solver.py 6 | queens render - -o output/mine.gif

Line 1 is the header {"n": N, "algorithm": "..."}; then one event per line: place and remove
(row and col 0-based, row 0 the top row) and solution (queens[col] = row). With --all it keeps
searching after each solution.
"""
import json
import sys


def solve(n, find_all, emit):
    queens = []  # queens[col] = row

    def safe(row, col):
        return all(r != row and abs(r - row) != col - c for c, r in enumerate(queens))

    def place(col):
        if col == n:
            emit({"event": "solution", "queens": list(queens)})
            return not find_all
        for row in range(n):
            if safe(row, col):
                queens.append(row)
                emit({"event": "place", "row": row, "col": col})
                if place(col + 1):
                    return True
                queens.pop()
                emit({"event": "remove", "row": row, "col": col})
        return False

    place(0)


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    n = int(args[0]) if args else 6
    out = sys.stdout
    out.write(json.dumps({"n": n, "algorithm": "python backtracking"}) + "\n")
    solve(n, "--all" in sys.argv, lambda event: out.write(json.dumps(event) + "\n"))


if __name__ == "__main__":
    try:
        main()
    except BrokenPipeError:
        sys.exit(0)
