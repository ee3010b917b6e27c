#!/usr/bin/env bash
# Checks generated GIFs and PNGs with decoders other than the Rust ones: Pillow (in a venv made
# here), gifsicle --info and ImageMagick identify (installed when missing).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=target/debug/queens
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

if ! command -v gifsicle >/dev/null || ! command -v identify >/dev/null; then
  if command -v apt-get >/dev/null; then
    SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
    $SUDO apt-get update -qq >/dev/null || true
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq gifsicle imagemagick >/dev/null
  fi
fi
if [ ! -x .ci/venv/bin/python ]; then
  python3 -m venv .ci/venv
  .ci/venv/bin/pip install -q pillow
fi

$bin trace 6 -o "$out/six.json"
$bin render "$out/six.json" --bare --square 40 -o "$out/six-bare.gif" -q
$bin animate 5 --no-loop -o "$out/once.gif" -q
$bin animate 8 -o "$out/eight.gif" -q
$bin sheet 8 --square 20 -o "$out/sheet.png" --atlas "$out/atlas.json" -q
$bin board 8 5,8,6,4,7,3,2,1 --coords -o "$out/board.png" -q

.ci/venv/bin/python .ci/check_outputs.py "$out"

# Capture before grepping: `grep -q` closing the pipe early would fail the pipeline under pipefail.
six_info=$(gifsicle --info "$out/six-bare.gif")
once_info=$(gifsicle --info "$out/once.gif")
eight_info=$(gifsicle --info "$out/eight.gif")
frames=$(head -1 <<<"$six_info" | grep -o '[0-9]* images' | cut -d' ' -f1)
events=$(grep -c '"event"' "$out/six.json")
[ "$frames" = "$((events + 1))" ] || { echo "gifsicle: $frames frames, want $((events + 1))"; exit 1; }
grep -q "loop forever" <<<"$six_info" || { echo "gifsicle: no loop forever"; exit 1; }
if grep -q "loop" <<<"$once_info"; then echo "gifsicle: once.gif loops"; exit 1; fi
grep -q "220 images" <<<"$eight_info" || { echo "gifsicle: eight.gif frame count"; exit 1; }
echo "gifsicle: frame counts and loop flags agree"

[ "$(identify "$out/six-bare.gif" | wc -l)" = "$((events + 1))" ] || { echo "identify: frame count"; exit 1; }
[ "$(identify -format '%w %h' "$out/six-bare.gif[0]")" = "240 240" ] || { echo "identify: bare size"; exit 1; }
identify "$out/sheet.png" >/dev/null && identify "$out/board.png" >/dev/null
sheet_type=$(identify -format '%[type]' "$out/sheet.png")
grep -qi palette <<<"$sheet_type" || { echo "identify: sheet is $sheet_type, not a palette PNG"; exit 1; }
echo "identify: frame counts, sizes and PNG types agree"
echo "decoders: 3 passed, 0 failed"
