"""``python -m queens trace FILE.py``: a student's solver file, unmodified, traced and written as a run.

Contract: ``trace FILE.py [--function NAME] [--n N] [--board VAR] [--orient col|row] [-o OUT]
[--format F] [--max-events K]`` loads FILE (its ``if __name__ == "__main__":`` block not run) and
traces ``NAME(N)`` (``Class.method``: on an instance made without arguments); without
``--function``, the one top-level function (or method of such a class, LeetCode's
``Solution.solveNQueens``) taking one argument, and when there is none (or several), the file's
top level run as ``__main__``. ``--n`` defaults to
the number the file itself passes to that function (``solve(8)``), else 8. The run is written like
``queens animate`` writes one: ``-o OUT`` in the format its extension names (or ``--format``),
by default ``output/<FILE stem>.gif``. Exit codes: 0 written; 1 the solver raised, no board was
found, or the file could not be written; 2 bad arguments; 130 after Ctrl-C.
"""

import argparse
import ast
import os
import sys

from . import QueensError, QueensOSError
from ._trace import trace

FORMATS = ["gif", "webp", "apng", "mp4", "webm", "svg", "html", "pdf"]


def _parser():
    parser = argparse.ArgumentParser(prog="python -m queens", description="queens from Python")
    sub = parser.add_subparsers(dest="command", required=True)
    t = sub.add_parser("trace", help="trace a student's solver file and write its run")
    t.add_argument("file", help="the student's Python file")
    t.add_argument("--function", help="the function to call as NAME(N)")
    t.add_argument("--n", type=int, help="board size (default: the number the file passes, else 8)")
    t.add_argument("--board", help="the board's variable (VAR or self.ATTR) when there are several")
    t.add_argument("--orient", choices=["col", "row"], help="a list's index is the column (col) or row (row)")
    t.add_argument("-o", "--output", help="the file to write (default: output/<FILE stem>.gif)")
    t.add_argument("--format", choices=FORMATS, help="the format (default: from -o's extension, else gif)")
    t.add_argument("--max-events", type=int, default=1_000_000, help="stop the solver after this many events")
    return parser


def _required(node):
    args = node.args
    return len(args.posonlyargs) + len(args.args) - len(args.defaults) + len(args.kwonlyargs) - sum(
        d is not None for d in args.kw_defaults
    )


def _one_arg_functions(tree):
    """Top-level functions taking exactly one argument without a default, and methods taking one
    besides self (``Solution.solveNQueens``) of classes made without arguments."""
    names = []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and _required(node) == 1:
            names.append(node.name)
        if isinstance(node, ast.ClassDef):
            init = [m for m in node.body if isinstance(m, ast.FunctionDef) and m.name == "__init__"]
            if init and _required(init[0]) != 1:
                continue
            for method in node.body:
                if isinstance(method, ast.FunctionDef) and not method.name.startswith("_") and _required(method) == 2:
                    names.append(f"{node.name}.{method.name}")
    return names


def _resolve(namespace, name):
    """`name` in the file's namespace: a function, or Class.method on a fresh instance."""
    first, *rest = name.split(".")
    obj = namespace.get(first)
    for part in rest:
        obj = getattr(obj() if isinstance(obj, type) else obj, part, None)
    return obj


def _literal_n(tree, name):
    """The int the file passes to `name` (or to any call, when name is None), if it passes one."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            func = node.func
            called = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
            value = node.args[0].value
            if (name is None or called == name) and type(value) is int and value > 0:
                return value
    return None


def trace_file(args):
    with open(args.file, encoding="utf-8") as f:
        source = f.read()
    tree = ast.parse(source, filename=args.file)
    code = compile(tree, os.path.abspath(args.file), "exec")
    stem = os.path.splitext(os.path.basename(args.file))[0]
    function = args.function
    if function is None:
        candidates = _one_arg_functions(tree)
        function = candidates[0] if len(candidates) == 1 else None
    sys.path.insert(0, os.path.dirname(os.path.abspath(args.file)))
    if function is not None:
        namespace = {"__name__": f"__queens_trace_{stem}__", "__file__": args.file}
        exec(code, namespace)
        solver = _resolve(namespace, function)
        if not callable(solver):
            raise QueensError(f"{args.file} has no function {function!r}")
        n = args.n or _literal_n(tree, function.rsplit(".", 1)[-1]) or 8
        call_args = (n,)
    else:
        namespace = {"__name__": "__main__", "__file__": args.file}
        n = args.n or _literal_n(tree, None) or 8

        def solver():
            exec(code, namespace)

        solver.__qualname__ = stem
        call_args = ()
    run = trace(solver, *call_args, board=args.board, n=n, orient=args.orient, max_events=args.max_events)
    out = args.output
    if out is None:
        os.makedirs("output", exist_ok=True)
        out = os.path.join("output", f"{stem}.{args.format or 'gif'}")
    written = run.save(out, format=args.format)
    solutions = sum(1 for e in run.events if e["event"] == "solution")
    print(f"{out}: {len(run)} frames, {solutions} solution(s), {written} bytes")


def main(argv=None):
    args = _parser().parse_args(argv)
    try:
        trace_file(args)
    except KeyboardInterrupt:
        print("stopped (Ctrl-C)", file=sys.stderr)
        return 130
    except (QueensError, QueensOSError, OSError, SyntaxError) as error:
        print(f"queens trace: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
