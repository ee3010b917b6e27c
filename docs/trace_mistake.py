"""The README's picture of a student's mistake, traced: python docs/trace_mistake.py OUT.png

A solver whose safety test forgets one diagonal, traced by queens.trace unmodified; the frame is
the last: the board the solver returns as a solution, two pairs of its queens joined by lines in the
alarm colour, and "solutions: 0" under it.
"""

import sys

import queens


def solve(n):
    queens_ = []

    def place():
        if len(queens_) == n:
            return True
        for row in range(n):
            # The mistake: only one diagonal is checked (row - r), never the other (r - row).
            if all(row != r and row - r != len(queens_) - c for c, r in enumerate(queens_)):
                queens_.append(row)
                if place():
                    return True
                queens_.pop()
        return False

    place()
    return queens_


if __name__ == "__main__":
    run = queens.trace(solve, 6)
    with open(sys.argv[1], "wb") as out:
        out.write(run.frame(-1))
    print(f"{sys.argv[1]}: the last of {len(run)} frames; the solver returned {run.result}")
