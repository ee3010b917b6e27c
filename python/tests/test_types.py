"""The typed stub (_native.pyi) says what the module takes: same names, same parameters."""

import ast
import inspect
from pathlib import Path

import queens
from queens import _native

STUB = Path(queens.__file__).with_name("_native.pyi")


def stub_parameters(node):
    args = node.args
    names = [a.arg for a in args.posonlyargs + args.args + args.kwonlyargs]
    return [n for n in names if n not in ("self", "cls")]


def runtime_parameters(obj):
    star = (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD)
    return [p.name for p in inspect.signature(obj).parameters.values() if p.name not in ("self", "cls") and p.kind not in star]


def test_the_stub_matches_the_module():
    tree = ast.parse(STUB.read_text())
    checked = 0
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            function = getattr(_native, node.name, None) or getattr(queens, node.name)  # trace is Python
            assert stub_parameters(node) == runtime_parameters(function), node.name
            checked += 1
        if isinstance(node, ast.ClassDef):
            cls = getattr(_native, node.name)
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and not item.name.startswith("_"):
                    decorators = {d.id for d in item.decorator_list if isinstance(d, ast.Name)}
                    if "property" in decorators:
                        assert hasattr(cls, item.name), (node.name, item.name)
                        continue
                    assert stub_parameters(item) == runtime_parameters(getattr(cls, item.name)), (node.name, item.name)
                    checked += 1
    assert checked >= 20
    assert sorted(queens.__all__) == sorted(
        n.name if not isinstance(n, ast.AnnAssign) else n.target.id
        for n in tree.body
        if isinstance(n, (ast.FunctionDef, ast.ClassDef)) or (isinstance(n, ast.AnnAssign) and n.target.id.isupper())
    )


def test_everything_public_has_a_docstring():
    for name in queens.__all__:
        obj = getattr(queens, name)
        if callable(obj):
            assert (obj.__doc__ or "").strip(), name
