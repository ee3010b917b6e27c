"""Writes the page docs/make.sh screenshots for the README's "From Python" picture: one notebook
cell (its code, then its output as Jupyter shows it: the player from Run._repr_html_, at a step
chosen by the player's #frame= address, so the page is written beside it as OUT.html.player.html).

python docs/notebook_shot.py OUT.html  (with the queens package installed: pip install ./python)"""

import html
import re
import sys
from pathlib import Path

import queens

CODE = 'import queens\nqueens.animate(6, why=True)'
run = queens.animate(6, why=True)
page = f"""<!doctype html><meta charset="utf-8"><title>queens in a notebook</title>
<body style="margin:0;padding:16px 20px;background:#fff;font:14px/1.5 system-ui,sans-serif;color:#222">
<div style="display:flex;gap:10px"><span style="color:#307fc1;font-family:monospace">[1]:</span>
<pre style="margin:0;flex:1;padding:6px 10px;background:#f5f5f5;border:1px solid #e0e0e0;border-radius:2px">{html.escape(CODE)}</pre></div>
<div style="display:flex;gap:10px;margin-top:8px"><span style="color:#d84315;font-family:monospace">[1]:</span>
<div>{{player}}</div></div></body>"""
out = Path(sys.argv[1])
frame = run._repr_html_()
srcdoc = html.unescape(re.search(r'srcdoc="([^"]*)"', frame).group(1))
player = out.with_name(out.name + ".player.html")
player.write_text(srcdoc, encoding="utf-8")
shown = re.sub(r'srcdoc="[^"]*"', f'src="{player.name}#frame=12"', frame)
out.write_text(page.replace("{player}", shown), encoding="utf-8")
