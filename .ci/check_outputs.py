"""Independent decoders check what `queens` writes: Pillow here, gifsicle and ImageMagick from
.ci/decoders.sh. Usage: check_outputs.py DIR (holding the files decoders.sh generated)."""

import json
import sys
from pathlib import Path

from PIL import Image

DIR = Path(sys.argv[1])
QUEEN = (0x00, 0x00, 0x00)
LIGHT, DARK = (0xF0, 0xD9, 0xB5), (0xB5, 0x88, 0x63)
LIGHT_ATTACKED, DARK_ATTACKED = (0xC4, 0xB2, 0x9A), (0x8A, 0x76, 0x63)
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)


def frames(path):
    im = Image.open(path)
    out = []
    for k in range(im.n_frames):
        im.seek(k)
        out.append((im.convert("RGB"), im.info.get("duration"), im.info.get("loop")))
    return out


def attacked(queens, row, col):
    return any(r == row or c == col or abs(r - row) == abs(c - col) for r, c in queens if (r, c) != (row, col))


def expected(queens, row, col, solved):
    """The colour at a square's centre: the queen's ink, else the square's ground (a solution's
    frame is drawn without attack shading)."""
    if (row, col) in queens:
        return QUEEN
    shaded = attacked(queens, row, col) and not solved
    dark = (row + col) % 2 == 1
    return [[LIGHT, DARK], [LIGHT_ATTACKED, DARK_ATTACKED]][shaded][dark]


def dead_end(queens, n):
    """After a placement: the first empty column has every square attacked (backtrack's dead end)."""
    cols = {c for _, c in queens}
    empty = next((c for c in range(n) if c not in cols), None)
    return empty is not None and all(attacked(queens, r, empty) for r in range(n))


# The bare 6x6 run at 40 px: every frame probed at every square centre against the trace.
trace = json.loads((DIR / "six.json").read_text())
gif = frames(DIR / "six-bare.gif")
check(len(gif) == len(trace["events"]) + 1, f"six-bare.gif has {len(gif)} frames")
queens = set()
for k, (img, duration, loop) in enumerate(gif):
    if k > 0:
        e = trace["events"][k - 1]
        if e["event"] == "place":
            queens.add((e["row"], e["col"]))
        elif e["event"] == "remove":
            queens.discard((e["row"], e["col"]))
    check(img.size == (240, 240), f"frame {k} size {img.size}")
    event = trace["events"][k - 1]["event"] if k > 0 else None
    # Drawn solved on the solution's own frame only (the placement before it stays shaded).
    solved = event == "solution" and len(queens) == 6 and not any(attacked(queens, r, c) for r, c in queens)
    for row in range(6):
        for col in range(6):
            got = img.getpixel((col * 40 + 20, row * 40 + 20))
            check(got == expected(queens, row, col, solved), f"frame {k} square {row},{col}: {got}")
    last = k == len(gif) - 1
    # Holds: the last frame, frame 0, solutions, then dead ends (defaults 3000, 1000, 1500, 500).
    want = 250
    if last:
        want = 3000
    elif k == 0:
        want = 1000
    elif event == "solution":
        want = 1500
    elif event == "place" and dead_end(queens, 6):
        want = 500
    check(duration == want, f"frame {k} duration {duration}, want {want}")
check(gif[0][2] == 0, f"loop forever expected, got {gif[0][2]}")

# Play-once GIF has no loop extension.
once = Image.open(DIR / "once.gif")
check("loop" not in once.info, f"once.gif loop info {once.info.get('loop')}")

# Sheet and atlas: each board's queens are where the atlas says.
atlas = json.loads((DIR / "atlas.json").read_text())
sheet = Image.open(DIR / "sheet.png")
check(sheet.mode == "P", f"sheet is a palette PNG, mode {sheet.mode}")
sheet = sheet.convert("RGB")
check(len(atlas["boards"]) == 92, f"atlas lists {len(atlas['boards'])} boards")
px = atlas["square"]
for b in atlas["boards"]:
    for col, row in enumerate(b["queens"]):
        centre = (b["x"] + col * px + px // 2, b["y"] + row * px + px // 2)
        # The queen's ink reaches the square's centre column somewhere around the middle.
        column = [sheet.getpixel((centre[0], centre[1] + dy)) for dy in range(-px // 4, px // 4)]
        check(QUEEN in column, f"sheet board {b['index']} col {col}: no queen")

if failures:
    print(f"{len(failures)} checks failed, first ones:")
    for f in failures[:20]:
        print("  ", f)
    sys.exit(1)
print(f"Pillow: all checks passed ({len(gif)} frames, {len(atlas['boards'])} sheet boards)")
