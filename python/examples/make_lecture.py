import nbformat as nbf

nb = nbf.v4.new_notebook()
md, code = nbf.v4.new_markdown_cell, nbf.v4.new_code_cell
nb.cells = [
    md("# Eight queens, step by step\n\nA lecture on backtracking with `queens`: each cell's output is a "
       "picture or a player you can step through (keys: space, arrows, `s`/`d` for the next solution or "
       "dead end, `?` for help)."),
    code("import queens"),
    md("## 1. Column by column\n\nPlace a queen in each column from the left, trying rows top to bottom; "
       "when a column has no safe square, take the last queen back. On 5x5 the first try works: "
       "no backtracking at all."),
    code("queens.animate(5)"),
    md("On 6x6 the search must turn back: watch the removals."),
    code("queens.animate(6)"),
    md("## 2. Why does it turn back?\n\n`why=True` writes a sentence under each step: which square "
       "is attacked by which queen, and which column runs out of safe squares."),
    code("queens.animate(6, why=True)"),
    md("## 3. Your own solver\n\nA `Recorder` turns the steps of a solver you write into the same "
       "player. Here is a backtracker in a few lines:"),
    code("def solve(n, rec, placed=()):\n"
         "    col = len(placed)\n"
         "    if col == n:\n"
         "        rec.solution()\n"
         "        return True\n"
         "    for row in range(n):\n"
         "        if all(row != r and abs(row - r) != col - c for c, r in enumerate(placed)):\n"
         "            rec.place(row, col)\n"
         "            if solve(n, rec, placed + (row,)):\n"
         "                return True\n"
         "            rec.remove(row, col)\n"
         "    return False\n"
         "\n"
         "rec = queens.Recorder(6, \"my backtracker\")\n"
         "solve(6, rec)\n"
         "rec.run()"),
    md("## 4. The answer, and all of them\n\nThe first solution of 8x8, then the 12 solutions that "
       "are different up to rotation and reflection (of 92 in all)."),
    code("first = queens.solve(8)[0]\nprint(first, queens.count(8), queens.count(8, unique=True))\n"
         "queens.board(8, first)"),
    code("queens.sheet(8, unique=True)"),
    md("## 5. A puzzle\n\nOne queen in every row, column and coloured region, no two touching. "
       "The hint names the next deduction; `animate()` shows every one, in words under the board."),
    code("puzzle = queens.Puzzle.generate(7, seed=4)\nprint(puzzle.hint())\npuzzle"),
    code("puzzle.animate()"),
]
nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
nbf.write(nb, "examples/lecture.ipynb")
