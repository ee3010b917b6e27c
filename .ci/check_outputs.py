"""Independent decoders check what `queens` writes: Pillow here, gifsicle and ImageMagick from
.ci/decoders.sh. Usage: check_outputs.py DIR (holding the files decoders.sh generated)."""

import json
import sys
from pathlib import Path

from PIL import Image

DIR = Path(sys.argv[1])
QUEEN = (0x1A, 0x1A, 0x1A)
LIGHT, DARK = (0xF3, 0xEC, 0xDC), (0xCF, 0xBE, 0x9F)
LIGHT_ATTACKED, DARK_ATTACKED = (0xE2, 0xB4, 0xA8), (0xB3, 0x86, 0x7C)
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


def expected(queens, row, col):
    if (row, col) in queens:
        return QUEEN
    attacked = any(r == row or c == col or abs(r - row) == abs(c - col) for r, c in queens)
    dark = (row + col) % 2 == 1
    return [[LIGHT, DARK], [LIGHT_ATTACKED, DARK_ATTACKED]][attacked][dark]


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
    for row in range(6):
        for col in range(6):
            got = img.getpixel((col * 40 + 20, row * 40 + 20))
            check(got == expected(queens, row, col), f"frame {k} square {row},{col}: {got}")
    last = k == len(gif) - 1
    want = 3000 if last else (1500 if k > 0 and trace["events"][k - 1]["event"] == "solution" else 250)
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
