#!/usr/bin/env python3
"""Turns the half-block output of the REPL's `view` (ANSI 24-bit or 256-colour escapes, one
character = two pixels) back into a PNG, enlarged 4x, so a terminal picture can be checked or
shown in the docs. Needs Pillow (python3-pil). docs/images/view-welcome.png was made with:
  (sleep 3; echo "view 8"; sleep 10; echo quit) | COLORTERM=truecolor \
    script -qec "stty cols 80; .build/debug/photosource browse demo" /dev/null > view.txt
  scripts/ansi-to-png.py view.txt docs/images/view-welcome.png
"""
import re, sys
from PIL import Image
data = open(sys.argv[1], encoding='utf-8', errors='replace').read().replace('\r', '')
rows = []
for line in data.split('\n'):
    if '▀' not in line: continue
    fg = bg = (0, 0, 0); row = []
    for m in re.finditer(r'\x1b\[([0-9;]*)m|(▀)', line):
        if m.group(2):
            row.append((fg, bg)); continue
        p = [int(x) for x in m.group(1).split(';') if x != '']
        if p[:2] == [38, 2]: fg = tuple(p[2:5])
        elif p[:2] == [48, 2]: bg = tuple(p[2:5])
        elif p[:2] == [38, 5] or p[:2] == [48, 5]:
            i = p[2]
            if i >= 232: v = 8 + (i - 232) * 10; c = (v, v, v)
            else:
                i -= 16; lv = [0, 95, 135, 175, 215, 255]; c = (lv[i // 36], lv[(i // 6) % 6], lv[i % 6])
            if p[0] == 38: fg = c
            else: bg = c
    rows.append(row)
w = max(len(r) for r in rows); img = Image.new('RGB', (w, 2 * len(rows)))
for y, r in enumerate(rows):
    for x, (f, b) in enumerate(r):
        img.putpixel((x, 2 * y), f); img.putpixel((x, 2 * y + 1), b)
img = img.resize((w * 4, 2 * len(rows) * 4), Image.NEAREST)
img.save(sys.argv[2]); print(img.size)
