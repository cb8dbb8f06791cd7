"""Pillow's fastest good thumbnail path: draft() (DCT scaling for JPEG) + thumbnail(LANCZOS).

usage: pillow_thumbs.py SIZE OUTDIR EXT FILE...
"""
import os
import sys

from PIL import Image

size, out, ext = int(sys.argv[1]), sys.argv[2], sys.argv[3]
for path in sys.argv[4:]:
    with Image.open(path) as im:
        im.draft("RGB", (size, size))
        im.thumbnail((size, size), Image.LANCZOS)
        name = os.path.splitext(os.path.basename(path))[0]
        if ext == "jpg" and im.mode not in ("RGB", "L"):
            im = im.convert("RGB")
        im.save(os.path.join(out, f"{name}_pil.{ext}"), quality=80)
