#!/usr/bin/env bash
# Regenerates the README pictures with the current build: bash docs/make.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
q=target/release/queens
$q animate 6 -q -o docs/queens-6x6.gif
$q animate 6 --theme auto -q -o docs/queens-6x6.svg
for a in backtrack grid forward shuffle permutations min-conflicts; do
  $q animate 6 --algorithm "$a" --square 32 --coords outside -q -o "docs/alg-$a.gif"
done
for t in default gray dark print; do
  $q board 6 5,3,1,6,4 --coords --square 36 --theme "$t" -q -o "docs/theme-$t.png"
done
$q sheet 8 --unique --square 30 -q -o docs/sheet-8x8-unique.png
$q frames 5 --columns 7 --gap 8 --square 40 -q -o docs/frames-5x5.png
$q animate 6 --tree -q -o docs/tree-6x6.gif
$q frames 6 --code --frames 25 -q -o docs/code-6x6.png
$q frames 6 --why --frames 3-10 --columns 4 --gap 8 --square 36 -q -o docs/why-6x6.png
$q race 8 backtrack forward --square 36 --coords outside -q -o docs/race-8x8-backtrack-forward.gif
$q heatmap 8 -q -o docs/heatmap-8x8.png
$q sheet 8 --classes --square 24 -q -o docs/classes-8x8.png
$q puzzle generate --size 7 --seed 38 > docs/puzzle-7x7.txt
$q animate --puzzle docs/puzzle-7x7.txt --square 48 --hold 2000 -q -o docs/puzzle-7x7.gif
$q puzzle hint docs/puzzle-7x7.txt --square 48 -o docs/puzzle-hint-7x7.png > /dev/null
# A handout page (PDF rendered by poppler's pdftocairo, then reduced to a small palette PNG).
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
$q animate 6 --handout -q -o "$tmp/handout.pdf"
pdftocairo -r 60 -f 1 -l 1 -png -singlefile "$tmp/handout.pdf" "$tmp/handout"
convert "$tmp/handout.png" +dither -colors 64 -define png:compression-level=9 docs/handout-6x6.png
$q animate 6 --handout --quiz dead-ends -q -o "$tmp/worksheet.pdf"
pdftocairo -r 60 -f 1 -l 1 -png -singlefile "$tmp/worksheet.pdf" "$tmp/worksheet"
convert "$tmp/worksheet.png" +dither -colors 64 -define png:compression-level=9 docs/worksheet-6x6.png
# Motion: one placement's pictures (--motion smooth, 60 fps): the frame before, her silhouette,
# her landing and the shading growing out along her rays, taken from the MP4 by ffmpeg.
$q animate 6 --bare --square 40 --motion smooth --fps 60 -q -o "$tmp/motion.mp4"
ffmpeg -nostdin -v error -y -i "$tmp/motion.mp4" -vf "select='between(t\,1.09\,1.36)',pad=iw+8:ih:0:0:white,tile=6x1" \
  -fps_mode passthrough -frames:v 1 "$tmp/motion.png"
convert "$tmp/motion.png" +dither -colors 32 -define png:compression-level=9 docs/motion-strip-6x6.png
# A min-conflicts move's pictures: her silhouette slides from g6 to g3 (step 5: 2.0 s to 2.13 s).
$q animate 8 --algorithm min-conflicts --bare --square 26 --motion smooth --fps 60 -q -o "$tmp/slide.mp4"
ffmpeg -nostdin -v error -y -i "$tmp/slide.mp4" -vf "select='between(t\,1.99\,2.14)',pad=iw+8:ih:0:0:white,tile=9x1" \
  -fps_mode passthrough -frames:v 1 "$tmp/slide.png"
convert "$tmp/slide.png" +dither -colors 32 -define png:compression-level=9 docs/motion-slide-8x8.png
# From Python: one notebook cell and its output (the player, Run._repr_html_), built from a fresh
# venv with the package installed from python/, screenshot by headless Chromium.
python3 -m venv "$tmp/venv"
"$tmp/venv/bin/pip" install -q ./python
"$tmp/venv/bin/python" docs/notebook_shot.py "$tmp/notebook.html"
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=560,690 \
  --screenshot="$tmp/notebook.png" "file://$tmp/notebook.html" 2>/dev/null
convert "$tmp/notebook.png" +dither -colors 64 -define png:compression-level=9 docs/python-notebook.png
# A student's mistake traced by queens.trace: the board the buggy solver returns, its attacks drawn.
"$tmp/venv/bin/python" docs/trace_mistake.py "$tmp/mistake.png"
convert "$tmp/mistake.png" +dither -colors 32 -define png:compression-level=9 docs/python-trace-mistake.png
