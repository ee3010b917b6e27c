"""``queens.trace``: a student's own solver, unmodified, run under a tracer and turned into a ``Run``.

Contract: ``trace(solver, *args, **kwargs)`` calls ``solver(*args, **kwargs)`` (a generator it
returns is run to the end, its items listed) while ``_monitor`` follows the frames of the student's
own code (not the standard library, installed packages or queens). The tracer looks at a frame's
structures that could be the board (see ``_shapes.py``) when one may have changed: as a function
starts (when it takes a board as an argument, or its names are still being searched), at the line
after a line that may change one (a subscript or attribute store, a mutating method, a board's name
rebound), and at a return after such a line; each look copies what changed. At the end it picks
the structure that is a board (views of it, such as a helper's argument holding a slice, set
aside) and makes its changes ``place``/``remove`` events, a ``solution`` whenever n non-attacking
queens stand. A function that changed no board in its first ``QUIET_LINES`` lines (or starts) is
not followed any more. Mistakes stay in the run (attacking queens, queens never taken off); only
a run with no board in it, or two boards that disagree, raises ``QueensError``. At most
``max_events`` events: past them the solver is stopped and ``QueensError`` raised with what was
recorded as its ``run``; an exception from the solver (``KeyboardInterrupt`` included) is re-raised
with the run so far as its ``run`` attribute.
"""

import dis
import inspect
import json
import os
import sys
import sysconfig

from . import _monitor, _shapes

QUIET_LINES = 500
"""Lines a function runs without changing the board before its lines are no longer followed."""

DISCOVER_LOOKS = 200
"""Looks at a function's frames during which its names are searched for new boards."""

_CONTAINERS = (list, tuple, set, frozenset, dict)
_HERE = os.path.dirname(os.path.abspath(__file__))
_LIBRARY = tuple(
    os.path.abspath(p) + os.sep
    for p in {sysconfig.get_paths().get(k) for k in ("stdlib", "platstdlib", "purelib", "platlib")} | {_HERE}
    if p
)


class _Stop(BaseException):
    """Raised inside the solver when max_events is reached (a BaseException: `except Exception` lets it by)."""


class _Candidate:
    """One binding that may be the board: a local name, `self.attr` or a global."""

    __slots__ = ("name", "where", "attr", "code", "last", "obj", "saved", "states", "ticks", "dead", "what", "globals")

    def __init__(self, name, where, attr, value, code=None, globals_=None):
        self.name, self.where, self.attr, self.code, self.globals = name, where, attr, code, globals_
        self.last, self.obj, self.saved, self.states, self.ticks, self.dead = None, value, None, [], [], None
        self.what = _shapes.describe(value)


_GENERATOR = inspect.CO_GENERATOR | inspect.CO_COROUTINE | inspect.CO_ASYNC_GENERATOR

_MUTATORS = frozenset(
    "append pop insert remove extend clear add discard update sort reverse shuffle fill setdefault popitem "
    "difference_update intersection_update symmetric_difference_update __setitem__ __delitem__ put itemset "
    "copyto appendleft popleft extendleft rotate".split()
)
_STORES = frozenset(["STORE_FAST", "STORE_NAME", "STORE_DEREF"])
_CHANGES = frozenset(
    "STORE_SUBSCR DELETE_SUBSCR STORE_SLICE DELETE_SLICE STORE_ATTR DELETE_ATTR STORE_GLOBAL DELETE_GLOBAL".split()
)
_NAMED = frozenset(["LOAD_METHOD", "LOAD_ATTR", "LOAD_GLOBAL", "LOAD_NAME"])


class _Code:
    """What the tracer knows of one code object: the student's or not, which of its lines may change
    a board (``changes``: subscript and attribute stores, mutating methods; ``stores``: the names
    a line binds), and how often it changed the board."""

    __slots__ = (
        "student", "lines", "looks", "changed", "quiet", "names", "changes", "stores", "generator", "watched", "args",
        "version", "needs",
    )

    def __init__(self, code, student):
        self.student, self.lines, self.looks, self.changed, self.quiet = student, 0, 0, 0, False
        self.watched, self.version, self.needs = False, -1, True
        count = code.co_argcount + code.co_kwonlyargcount
        count += bool(code.co_flags & inspect.CO_VARARGS) + bool(code.co_flags & inspect.CO_VARKEYWORDS)
        self.args = frozenset(code.co_varnames[:count])
        self.generator = bool(code.co_flags & _GENERATOR)
        self.names = set()
        self.changes, self.stores = set(), {}
        if not student:
            return
        lines = {start: line for start, line in dis.findlinestarts(code) if line is not None}
        line = None
        for ins in dis.get_instructions(code):
            line = lines.get(ins.offset, line)
            if ins.opname in _CHANGES or (ins.opname in _NAMED and ins.argval in _MUTATORS):
                self.changes.add(line)
            elif ins.opname in _STORES:
                self.stores.setdefault(line, set()).add(ins.argval)


class _Tracer:
    def __init__(self, n, board, max_events):
        self.n, self.board, self.max_events = n, board, max_events
        self.codes = {}
        self.kept = []
        self.candidates = {}
        self.live = []
        self.names = set()
        self.pending = False
        self.stopped = False
        self.tick = 0
        self.quiet_lines = QUIET_LINES
        self.version = 0  # counts changes to the live candidates
        self.arg_codes = set()  # ids of the codes that take a followed board as an argument

    # --- which frames are the student's, and when to look at their boards ---------------------
    def code(self, code):
        info = self.codes.get(id(code))
        if info is None:
            path = code.co_filename
            student = not (path.startswith("<frozen") or os.path.abspath(path).startswith(_LIBRARY))
            info = self.codes[id(code)] = _Code(code, student)
            self.kept.append(code)  # its id stays its own while the tracer runs
        return info

    def on_call(self, frame, event, arg):
        info = self.codes.get(id(frame.f_code)) or self.code(frame.f_code)
        if not info.student or info.quiet:
            return None
        if info.generator and _monitor.resumed(frame):
            return self.on_line  # a generator resumed: its board is the one it left
        if self.starting(frame, info):
            caller = frame.f_back
            caller = caller is not None and self.codes.get(id(caller.f_code))
            if caller and caller.student:
                caller.changed += 1  # the arguments the caller passed changed the board
        return self.on_line

    def on_line(self, frame, event, arg):
        info = self.codes[id(frame.f_code)]
        if event == "line":
            info.lines += 1
            if self.pending:
                self.pending = False
                if self.look(frame, info):
                    info.changed += 1
            line = frame.f_lineno
            if line in info.changes:
                self.pending = True
            else:
                names = info.stores.get(line)
                if names is not None and not names.isdisjoint(self.names):
                    self.pending = True
            if info.lines > QUIET_LINES and not info.changed and not self.pending:
                info.quiet = True
                return None
        elif event == "return" and self.pending:
            self.pending = False
            if info.generator and _monitor.yielding(frame):
                return self.on_line  # a yield passed up a `yield from` chain changes no board
            if self.look(frame, info):
                info.changed += 1
        return self.on_line

    def starting(self, frame, info):
        """Look at a function's frame as it starts, when it may bring a board: it takes one as an
        argument, or its names are still being searched. True when a board changed."""
        if self.pending or info.looks < DISCOVER_LOOKS or id(frame.f_code) in self.arg_codes:
            self.pending = False
            return self.look(frame, info)
        return False

    # --- the board's candidates --------------------------------------------------------------
    def look(self, frame, info):
        """Copy every candidate that changed; True when one did."""
        info.looks += 1
        self.tick += 1
        code = frame.f_code
        if info.looks < DISCOVER_LOOKS or self.needs_locals(code, info):
            local = frame.f_locals
            if info.looks < DISCOVER_LOOKS and not info.names.issuperset(local.keys()):
                self.discover(frame, local, info)
        else:
            local = {}  # every board this code holds is a closure's list: followed as an object
        changed = False
        for cand in self.live:
            where = cand.where
            if where == "local":
                value = local.get(cand.name, cand) if cand.code is code else cand
            elif where == "self":
                owner = local.get("self", cand)
                value = getattr(owner, cand.attr, cand) if owner is not cand else cand
            else:
                value = cand.globals.get(cand.name, cand)
            if value is cand:
                value = cand.obj
                if type(value) is tuple or type(value) is frozenset:
                    continue
            saved = cand.saved
            if value is cand.obj and saved is not _shapes.FRESH and value == saved:
                continue
            if self.copy(cand, value):
                changed = True
        return changed

    def needs_locals(self, code, info):
        """Whether a look at this code's frame must read its names: a board it binds itself, unless
        that board is a mutable closure variable (the same object in every frame, and
        rebinding it is a change of line the look follows anyway); a board on self."""
        if info.version != self.version:
            info.version = self.version
            info.needs = any(
                (c.code is code and not (c.name in code.co_freevars and type(c.obj) in (list, dict, set)))
                or c.where == "self"
                for c in self.live
            )
        return info.needs

    def copy(self, cand, value):
        """Take a snapshot of `value` for `cand`; True when it differs from the last one."""
        try:
            snap = _shapes.snapshot(value, self.n)
        except _shapes.NotBoard as fault:
            if value is None:
                return False
            if len(cand.states) < 2:  # never changed like a board: not one
                cand.dead = str(fault)
            self.live.remove(cand)  # a board that became something else: its run so far stands
            self.version += 1
            return False
        cand.obj, cand.saved = value, _shapes.shallow_copy(value)
        if snap == cand.last:
            return False
        cand.last = snap
        cand.states.append(snap)
        cand.ticks.append(self.tick)
        if len(cand.states) > self.max_events:
            self.stopped = True
            raise _Stop()
        return True

    def discover(self, frame, local, info):
        for name, value in list(local.items()):
            info.names.add(name)
            if isinstance(value, _CONTAINERS) or type(value).__module__ == "numpy":
                self.add(name, "local", None, value, frame.f_code)
        owner = local.get("self")
        attrs = getattr(owner, "__dict__", None)
        if isinstance(attrs, dict):
            for attr, value in list(attrs.items()):
                if isinstance(value, _CONTAINERS) or type(value).__module__ == "numpy":
                    self.add(f"self.{attr}", "self", attr, value)
        globals_ = frame.f_globals
        for name in frame.f_code.co_names:
            value = globals_.get(name)
            if isinstance(value, _CONTAINERS) and name not in local:
                self.add(name, "global", None, value, None, globals_)

    def add(self, name, where, attr, value, code=None, globals_=None):
        key = (code, name)
        if key in self.candidates or (self.board is not None and name != self.board):
            return
        if type(value) is not tuple and type(value) is not frozenset and any(c.obj is value for c in self.live):
            return  # the same list (set, array) as a board already followed, under another name
        cand = self.candidates[key] = _Candidate(name, where, attr, value, code, globals_)
        if where == "local":
            self.names.add(name)
            if name in self.codes[id(code)].args:
                self.arg_codes.add(id(code))
        self.live.append(cand)
        self.version += 1
        self.copy(cand, value)

    # --- the run -----------------------------------------------------------------------------------
    def events(self, orient):
        """The board's events: the one candidate that reads as a board (or all of them agree)."""
        boards, faults = [], []
        for cand in self.candidates.values():
            if cand.dead:
                faults.append(f"{cand.name} ({cand.dead})")
                continue
            try:
                states = _shapes.interpret(cand.name, cand.states, self.n, orient)
            except _shapes.NotBoard as fault:
                faults.append(f"{cand.name} ({fault})")
                continue
            if not any(states):
                faults.append(f"{cand.name} ({cand.what}: never held a queen)")
                continue
            boards.append((cand, states, _shapes.events(states, self.n, self.max_events)))
        # A structure whose every state is part of another's at the same moment (a helper's argument,
        # a slice of the board) is a view of that board, not a second board.
        if len(boards) > 1:
            boards = [b for j, b in enumerate(boards) if not any(_view(a, i, b, j) for i, a in enumerate(boards))]
        if len(boards) == 1 or len({json.dumps(ev) for _, _, ev in boards}) == 1:
            return boards[0][2]
        if not boards:
            seen = "; ".join(faults) if faults else "none"
            named = f" named {self.board!r}" if self.board else ""
            raise _error(
                f"no board{named} found in the solver: a board is a list of the queens' rows (or columns), "
                f"an n x n grid, or a set of (row, col) pairs; candidates seen: {seen}"
            )
        names = ", ".join(dict.fromkeys(cand.name for cand, _, _ in boards))
        raise _error(f"several structures change like a board: {names}; name the board with board=\"NAME\"")


def _view(a, i, b, j):
    """Whether board b (found j-th) is a view of board a (found i-th): each of its states part of
    a's at that moment, with fewer events (or as many, found later)."""
    if i == j or len(a[2]) < len(b[2]) or (len(a[2]) == len(b[2]) and i > j):
        return False
    return _shapes.covers(a[0].ticks, a[1], b[0].ticks, b[1])


def _error(message):
    from ._native import QueensError

    return QueensError(message)


def _guess_n(solver, args, kwargs):
    """The board size from the call: the one int argument, else the solver's self.n (or size)."""
    ints = [a for a in list(args) + list(kwargs.values()) if type(a) is int and a > 0]
    if len(ints) == 1:
        return ints[0]
    owner = getattr(solver, "__self__", None)
    for attr in ("n", "N", "size", "board_size"):
        value = getattr(owner, attr, None)
        if type(value) is int and value > 0:
            return value
    raise _error("queens.trace could not tell the board size from the call: pass n=N")


def _label(solver):
    name = getattr(solver, "__qualname__", None) or getattr(solver, "__name__", None) or type(solver).__name__
    return name.replace(".<locals>.", ".")[:60]


def trace(solver, *args, board=None, n=None, orient=None, max_events=1_000_000, **kwargs):
    """Run ``solver(*args, **kwargs)`` and watch its board: returns a ``Run`` (``run.result`` is
    what the solver returned; a generator's items as a list)."""
    from ._native import traced_run

    if not callable(solver):
        raise _error(f"queens.trace needs a function to call, not {type(solver).__name__}")
    if orient not in (None, "col", "row"):
        raise _error(f'orient must be "col" or "row", not {orient!r}')
    if type(max_events) is not int or max_events < 1:
        raise _error(f"max_events must be a positive number, not {max_events!r}")
    n = _guess_n(solver, args, kwargs) if n is None else n
    if type(n) is not int or n < 1:
        raise _error(f"n must be a positive board size, not {n!r}")
    tracer = _Tracer(n, board, max_events)

    def finish():
        events = tracer.events(orient)
        run = traced_run(n, _label(solver), json.dumps(events), max(len(events) + 1, 100_000))
        return run

    engine = _monitor.follow(tracer)
    engine.start()
    try:
        result = solver(*args, **kwargs)
        if inspect.isgenerator(result):
            result = list(result)
    except _Stop:
        result = None
    except BaseException as exc:
        engine.stop()
        try:
            exc.run = finish()
        except Exception:  # no board yet: the solver's own exception is the one to see
            exc.run = None
        raise
    finally:
        engine.stop()
    if tracer.stopped:
        error = _error(
            f"the solver changed the board more than max_events={max_events} times and was stopped; "
            "the run so far is this error's .run (pass max_events=... for more)"
        )
        error.run = finish()
        raise error
    run = finish()
    run.result = result
    return run
