"""Types of the native module (queens._native); import them from `queens`."""

import os
from typing import Any, Callable, Final, Literal, Optional, Sequence, Union

Theme = Union[str, dict[str, Any]]  # a name in THEMES, or a theme as a dict or JSON text: {"base": "gray", "queen": "#000033"}
PathLike = Union[str, "os.PathLike[str]"]
AnimationFormat = Literal["gif", "webp", "apng", "mp4", "webm", "svg", "html", "pdf"]

THEMES: Final[list[str]]
ALGORITHMS: Final[list[str]]

class QueensError(ValueError):
    """A value queens cannot draw or solve; the message says what to change."""

class QueensOSError(OSError):
    """A file, folder or program (ffmpeg) queens could not use."""

class Run:
    """A recorded solving run and how to draw it; shows itself as the player in a notebook."""

    @property
    def n(self) -> int: ...
    @property
    def algorithm(self) -> str: ...
    @property
    def events(self) -> list[dict[str, Any]]:
        """The events as a trace file holds them: {"event": "place", "row": 0, "col": 0}, ..."""
    def __len__(self) -> int:
        """Frames: the empty board plus one per event."""
    def frame(self, k: int) -> bytes:
        """Frame k (0 is the empty board; negative counts from the end) as PNG bytes."""
    def to_json(self) -> str:
        """The trace as JSON text (what `queens trace` writes; `queens render` reads it)."""
    def to_bytes(self, format: AnimationFormat = "gif") -> bytes: ...
    def save(self, path: PathLike, format: Optional[AnimationFormat] = None) -> int:
        """Write the run in the format the extension names; returns the bytes written."""
    def _repr_html_(self) -> str: ...
    def _repr_png_(self) -> bytes: ...
    result: Any
    """What the solver returned, on a Run made by queens.trace (a generator's items as a list)."""

def animate(
    n: int,
    *,
    until: Union[Literal["first", "all"], int, None] = None,
    algorithm: str = "backtrack",
    detail: Literal["placements", "checks"] = "placements",
    theme: Optional[Theme] = None,
    why: bool = False,
    code: bool = False,
    tree: bool = False,
    motion: Optional[Literal["none", "smooth"]] = None,
    fps: Literal[30, 60] = 60,
    square: Optional[int] = None,
    coords: bool = True,
    delay_ms: Optional[int] = None,
    seed: Optional[int] = None,
    max_frames: int = 100000,
) -> Run:
    """Solve an n x n board and record the run (nothing is drawn until asked)."""

class Recorder:
    """Your own solver's steps as a Run: place, remove, dead_end, solution, then run()."""

    def __init__(self, n: int, algorithm: str = "my solver", *, max_frames: int = 100000) -> None: ...
    def place(self, row: int, col: int) -> None: ...
    def remove(self, row: int, col: int) -> None: ...
    def dead_end(self, row: int) -> None: ...
    def solution(self) -> None: ...
    def __len__(self) -> int: ...
    def run(
        self,
        *,
        theme: Optional[Theme] = None,
        why: bool = False,
        code: bool = False,
        tree: bool = False,
        motion: Optional[Literal["none", "smooth"]] = None,
        fps: Literal[30, 60] = 60,
        square: Optional[int] = None,
        coords: bool = True,
        delay_ms: Optional[int] = None,
    ) -> Run: ...

class Picture:
    """A still (a board or a sheet): png(), svg(), save(path); shows itself in a notebook."""

    def png(self) -> bytes: ...
    def svg(self) -> str: ...
    def save(self, path: PathLike, format: Optional[Literal["png", "svg", "pdf"]] = None) -> int: ...
    def _repr_png_(self) -> bytes: ...

def board(
    n: int, queens: Sequence[int], *, theme: Optional[Theme] = None, square: Optional[int] = None, coords: bool = True
) -> Picture:
    """One board, queens[col] = row (rows from 0 at the top)."""

def sheet(
    n: int,
    *,
    unique: bool = False,
    columns: Optional[int] = None,
    theme: Optional[Theme] = None,
    square: Optional[int] = None,
    coords: bool = True,
    max_boards: int = 1000,
) -> Picture:
    """Every solution (or one per symmetry class) numbered on one sheet."""

def solve(
    n: int,
    *,
    all: bool = False,
    unique: bool = False,
    algorithm: str = "backtrack",
    limit: Optional[int] = None,
    seed: Optional[int] = None,
) -> list[list[int]]:
    """Solutions as lists queens[col] = row: the first, or every one (in the algorithm's order)."""

def trace(
    solver: Callable[..., Any],
    *args: Any,
    board: Optional[str] = None,
    n: Optional[int] = None,
    orient: Optional[Literal["col", "row"]] = None,
    max_events: int = 1000000,
    **kwargs: Any,
) -> Run:
    """Call solver(*args, **kwargs) under a tracer and return its board's changes as a Run
    (run.result: what the solver returned). Defined in queens._trace; listed here with the rest."""

def count(n: int, *, unique: bool = False) -> int:
    """Solutions of the n x n board (OEIS A000170), or up to symmetry (A002562)."""

class Puzzle:
    """A region or completion puzzle: parse, generate, solve, hint, animate."""

    @staticmethod
    def parse(text: str) -> "Puzzle": ...
    @staticmethod
    def generate(
        n: int, *, seed: int = 0, kind: Literal["regions", "completion"] = "regions", hard: bool = False
    ) -> "Puzzle": ...
    @property
    def n(self) -> int: ...
    @property
    def kind(self) -> Literal["regions", "completion"]: ...
    @property
    def warnings(self) -> list[str]: ...
    def solve(self, *, all: bool = False, limit: Optional[int] = None) -> list[list[int]]: ...
    def hint(self) -> str: ...
    def animate(
        self,
        *,
        algorithm: Optional[str] = None,
        until: Optional[str] = None,
        theme: Optional[Theme] = None,
        why: bool = False,
        code: bool = False,
        tree: bool = False,
        motion: Optional[Literal["none", "smooth"]] = None,
        fps: Literal[30, 60] = 60,
        square: Optional[int] = None,
        coords: bool = True,
        delay_ms: Optional[int] = None,
        max_frames: int = 100000,
    ) -> Run: ...
    def _repr_png_(self) -> bytes: ...
