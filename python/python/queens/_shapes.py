"""The board shapes ``queens.trace`` reads in a student's solver, and the events their changes make.

Contract: ``snapshot(value, n)`` copies what a value holds now into a tagged, immutable snapshot,
or says why it cannot be an n x n board (``NotBoard``); ``interpret(name, states, n, orient)`` turns
a candidate's snapshots, in the order they were seen, into sets of squares ``(row, col)`` (or says
why not); ``events(states, n)`` turns those into ``place``/``remove`` events, a ``solution`` after
every change that leaves n queens standing with no two attacking. Squares count from 0 at the top
left. A change removes before it places, the last placed first; a square changing in place
(``cols[3] = 5`` over ``cols[3] = 2``) is a remove and a place.
"""

QUEEN_CELLS = frozenset([1, True, "Q", "q", "1", "\u265b", "\u2655", b"Q"[0]])
EMPTY_CELLS = frozenset([0, False, None, ".", "-", "_", " ", "0", "", b"."[0]])
FLAT_TYPES = (list, tuple)
SET_TYPES = (set, frozenset)


class NotBoard(Exception):
    """A value that cannot be a board; the message says what it holds."""


def describe(value):
    """A few words for what a value is: "a list of 8 ints", "a dict"."""
    kind = type(value).__name__
    try:
        size = len(value)
    except TypeError:
        return f"a {kind}"
    kinds = sorted({type(x).__name__ for x in list(value)[:50]}) if not isinstance(value, dict) else []
    inner = f" of {size} {'/'.join(kinds)}" if kinds else f" of {size}"
    return f"a {kind}{inner}"


def _numpy(value):
    """A numpy array as nested lists (numpy is never imported here: only arrays already made)."""
    tolist = getattr(value, "tolist", None)
    if tolist is not None and type(value).__module__ == "numpy":
        return tolist()
    return value


def shallow_copy(value):
    """A copy of `value` that `==` compares with it later to tell whether it changed (lists of
    lists one level deeper; numpy arrays as lists)."""
    kind = type(value)
    if kind is list:
        return [x[:] if type(x) is list else x for x in value] if value and type(value[0]) is list else value[:]
    if kind is set or kind is dict:
        return kind(value)
    if kind.__module__ == "numpy":
        return FRESH
    return value


FRESH = object()
"""The copy of a value that is never compared (a numpy array: its snapshot is taken afresh every time)."""


_SCALARS = frozenset([int, type(None)])


def snapshot(value, n):
    """What `value` holds now, tagged "grid" (queen cells), "set" (pairs) or "flat" (a tuple)."""
    kind = type(value)
    if (kind is list or kind is tuple) and len(value) <= n and set(map(type, value)) <= _SCALARS:
        return ("flat", tuple(value))
    value = _numpy(value)
    kind = type(value)
    if kind in SET_TYPES:
        items = frozenset(value)
        for item in items:
            if not _pair(item):
                raise NotBoard(f"{describe(value)}: a set holds (row, col) pairs")
        return ("set", items)
    if kind not in FLAT_TYPES and not isinstance(value, FLAT_TYPES):
        raise NotBoard(describe(value))
    if len(value) > n:
        raise NotBoard(f"{describe(value)}: more than {n} entries")
    first = value[0] if len(value) else None
    if len(value) == n and isinstance(first, (list, tuple, str, bytes, bytearray)) and len(first) == n and n != 2:
        cells = []
        for row, line in enumerate(value):
            if not isinstance(line, (list, tuple, str, bytes, bytearray)) or len(line) != n:
                raise NotBoard(f"{describe(value)}: row {row} is not {n} cells")
            for col, cell in enumerate(line):
                if cell in QUEEN_CELLS and type(cell) is not float:
                    cells.append((row, col))
                elif cell not in EMPTY_CELLS or type(cell) is float:
                    raise NotBoard(f"{describe(value)}: cell ({row}, {col}) holds {cell!r}, not a queen or empty")
        return ("grid", frozenset(cells))
    out = []
    for item in value:
        if item is None or type(item) is int:
            out.append(item)
        elif _pair(item):
            out.append(tuple(item))
        elif type(item) is bool:
            raise NotBoard(f"{describe(value)}: True/False flags, not queens")
        elif hasattr(item, "__index__") and type(item).__module__ == "numpy":
            out.append(int(item))
        else:
            raise NotBoard(f"{describe(value)}: holds {type(item).__name__} values")
    return ("flat", tuple(out))


def _pair(item):
    return isinstance(item, (tuple, list)) and len(item) == 2 and all(type(x) is int for x in item)


def interpret(name, states, n, orient=None):
    """Each snapshot as a dict {square: order} (order: which was placed first), or NotBoard."""
    tags = {tag for tag, _ in states}
    flats = [data for tag, data in states if tag == "flat"]
    items = set()  # every value any state held (few: rows, markers, pairs)
    for data in flats:
        items.update(data)
    kinds = set(map(type, items))
    if tags == {"grid"}:
        return [{sq: sq for sq in data} for _, data in states]
    pairs = kinds <= {tuple}
    if tags <= {"set", "flat"} and pairs and (items or "set" in tags):
        coords = [c for _, data in states for p in data for c in p]
        one = bool(coords) and min(coords) >= 1 and max(coords) == n
        out = []
        for tag, data in states:
            seq = sorted(data) if tag == "set" else list(data)
            squares = {}
            for k, (row, col) in enumerate(seq):
                row, col = (row - 1, col - 1) if one else (row, col)
                if not (0 <= row < n and 0 <= col < n):
                    raise NotBoard(f"{name}: the pair {(row, col)} is off the {n}x{n} board")
                squares.setdefault((row, col), k)
            out.append(squares)
        return out
    if tags != {"flat"} or not kinds <= {int, type(None)}:
        raise NotBoard(f"{name}: mixes shapes ({', '.join(sorted(tags))})")
    if orient is None:
        low = name.rsplit(".", 1)[-1].lower().lstrip("_")
        orient = "row" if low.startswith("col") else "col"
    if orient not in ("row", "col"):
        raise NotBoard(f'orient must be "col" or "row", not {orient!r}')
    ints = [x for x in items if x is not None]
    sizes = {len(data) for data in flats if data}  # an empty list before the slots are made
    slots = sizes == {n}
    if slots:
        if None in items or any(x < 0 for x in ints):
            lo, hi = 0, n - 1
        elif ints and max(ints) == n or (flats and not any(flats[0])):
            lo, hi = 1, n
        else:
            lo, hi = 0, n - 1
    else:
        if any(x is None or x < 0 or x > n for x in items):
            raise NotBoard(f"{name}: a list that grows holds values from 0 to {n - 1} (or 1 to {n})")
        lo, hi = (1, n) if ints and min(ints) >= 1 and max(ints) == n else (0, n - 1)
        if hi == n - 1 and ints and max(ints) >= n:
            raise NotBoard(f"{name}: values reach {max(ints)} on a {n}x{n} board")
    square = {}  # (index, value) -> its square, each made once
    for value in ints:
        if lo <= value <= hi:
            for index in range(n):
                line = value - lo
                square[index, value] = (line, index) if orient == "col" else (index, line)
    out = []
    for data in flats:
        out.append({square[iv]: iv[0] for iv in enumerate(data) if iv in square})
    return out


def attacking(squares):
    """The first two squares that attack each other, or None."""
    seen_rows, seen_cols, seen_d, seen_a = {}, {}, {}, {}
    for sq in sorted(squares):
        row, col = sq
        for table, key in ((seen_rows, row), (seen_cols, col), (seen_d, row - col), (seen_a, row + col)):
            if key in table:
                return table[key], sq
            table[key] = sq
    return None


def events(states, n, limit=None):
    """The place/remove/solution events the states go through (at most `limit` of them)."""
    out = []
    before = {}
    for now in states:
        gone = [sq for sq in before if sq not in now]
        new = [sq for sq in now if sq not in before]
        if len(gone) > 1:
            gone.sort(key=before.__getitem__, reverse=True)
        if len(new) > 1:
            new.sort(key=now.__getitem__)
        for row, col in gone:
            out.append({"event": "remove", "row": row, "col": col})
        for row, col in new:
            out.append({"event": "place", "row": row, "col": col})
        if (gone or new) and len(now) == n and attacking(now) is None:
            queens = [0] * n
            for row, col in now:
                queens[col] = row
            out.append({"event": "solution", "queens": queens})
        before = now
        if limit is not None and len(out) >= limit:
            return out[:limit]
    return out


def covers(ticks_a, states_a, ticks_b, states_b):
    """Whether each state of board b (seen at ticks_b) holds only queens board a held at that
    moment (its latest state seen at or before the same tick)."""
    j = -1
    for tick, squares in zip(ticks_b, states_b):
        while j + 1 < len(ticks_a) and ticks_a[j + 1] <= tick:
            j += 1
        if not squares.keys() <= (states_a[j].keys() if j >= 0 else set()):
            return False
    return True
