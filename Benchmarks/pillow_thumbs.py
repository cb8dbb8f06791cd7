"""The Pillow peer of the thumbnail benchmark, exactly: im.draft("RGB", (s, s)) (DCT scaling for
JPEG), im.thumbnail((s, s), Image.LANCZOS), then save; JPEG at quality 80 (Pillow's default
4:2:0 chroma there, like ours), or PNG for the quality comparison.

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
            im = im.convert("RGB")  # RGBA PNGs: JPEG has no alpha
        im.save(os.path.join(out, f"{name}_pil.{ext}"), quality=80)
