"""queens: N-Queens solving runs as pictures, in Python and Jupyter.

``queens.animate(6)`` records a solving run; in a notebook it shows as a one-file player
(``Run._repr_html_``), and ``run.save("run.gif")`` writes GIF, WebP, APNG, MP4, WebM, SVG, HTML
or PDF. ``queens.board``, ``queens.sheet`` draw stills; ``queens.solve`` and ``queens.count``
solve without drawing; ``queens.Recorder`` turns your own solver's steps into a ``Run``;
``queens.Puzzle`` reads, generates, solves, hints and animates puzzles.

Rows and columns count from 0 at the top left; a solution is a sequence ``queens[col] = row``.
Errors are ``QueensError`` (a ``ValueError``) or ``QueensOSError`` (an ``OSError``) with the
command line's one-line messages.
"""

from ._native import (
    ALGORITHMS,
    THEMES,
    Picture,
    Puzzle,
    QueensError,
    QueensOSError,
    Recorder,
    Run,
    animate,
    board,
    count,
    sheet,
    solve,
)
from ._trace import trace

__version__ = "0.1.0"

__all__ = [
    "ALGORITHMS",
    "THEMES",
    "Picture",
    "Puzzle",
    "QueensError",
    "QueensOSError",
    "Recorder",
    "Run",
    "animate",
    "board",
    "count",
    "sheet",
    "solve",
    "trace",
]
