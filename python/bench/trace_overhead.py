"""How much queens.trace slows a student's solver: an 8x8 all-solutions backtracker (a list of
slots, -1 for empty, changed in place; its safety test a helper function), timed untraced and
traced, each the best of several runs on this machine, in CPU time (steadier than wall time on a shared machine). Issue 54 asks for at most 10x and a traced
run back in at most 2 s.

    python bench/trace_overhead.py [N] [REPEATS]
"""

import sys
import time

import queens


def solve(n):
    cols = [-1] * n
    count = 0

    def safe(r, c):
        for pr in range(r):
            pc = cols[pr]
            if pc == c or abs(pc - c) == r - pr:
                return False
        return True

    def place(r):
        nonlocal count
        if r == n:
            count += 1
            return
        for c in range(n):
            if safe(r, c):
                cols[r] = c
                place(r + 1)
                cols[r] = -1

    place(0)
    return count


def best(call, repeats):
    times = []
    for _ in range(repeats):
        start = time.process_time()
        out = call()
        times.append(time.process_time() - start)
    return min(times), out


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 8
    repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    plain, count = best(lambda: solve(n), repeats)
    traced, run = best(lambda: queens.trace(solve, n), repeats)
    solutions = sum(e["event"] == "solution" for e in run.events)
    assert run.result == count == solutions, (run.result, count, solutions)
    print(f"{n}x{n} all solutions ({count}), Python {sys.version.split()[0]}, best of {repeats}")
    print(f"untraced: {plain * 1000:.1f} ms")
    print(f"traced:   {traced * 1000:.1f} ms ({len(run.events)} events, the Run included)")
    print(f"overhead: {traced / plain:.1f}x")


if __name__ == "__main__":
    main()
