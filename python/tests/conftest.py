"""Shared helpers for the binding's tests: the queens command line to compare against, and the
rule that a missing outside program skips (or fails under QUEENS_REQUIRE_TOOLS=1)."""

import os
import shutil
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def need(what, found):
    """Skip with a printed reason when `what` is missing; fail instead under QUEENS_REQUIRE_TOOLS=1."""
    if found:
        return found
    reason = f"{what} is not installed"
    if os.environ.get("QUEENS_REQUIRE_TOOLS") == "1":
        pytest.fail(f"{reason} (QUEENS_REQUIRE_TOOLS=1)")
    print(f"skipped: {reason}")
    pytest.skip(reason)


@pytest.fixture
def cli():
    """The queens command line built from this repository (release, else debug)."""
    for profile in ("release", "debug"):
        path = REPO / "target" / profile / "queens"
        if path.is_file() and os.access(path, os.X_OK):
            return str(path)
    return need("the queens command line (cargo build at the repository's top)", shutil.which("queens"))
