#!/usr/bin/env bash
# Thumbnail quality on real photographs: luma PSNR of our thumbnail and of Pillow's draft() +
# thumbnail(LANCZOS) against full decode + Lanczos-3, one row per photo. Exits non-zero when
# ours is below Pillow's on any photo.
#
# The photos come from packages, installed the ordinary way:
#  - scikit-image's data folder (pip download of the wheel, no install; only skimage/data is
#    unpacked): rocket.jpg (640×427, the odd-height case), hubble_deep_field.jpg, retina.jpg
#    as shipped, and the PNG photos astronaut, chelsea, coffee, motorcycle_left re-encoded
#    as JPEG q92 4:2:0 by Pillow;
#  - Debian's lomiri-wallpapers-20.04: large real JPEGs (4096×2304 to 6028×3391) as shipped.
# FORMAT=jpeg compares JPEG thumbnails at quality 80 instead (ours through the planar YCbCr path,
# Pillow's save at 80): what a shop serves, with JPEG's own loss in both.
# Usage: Benchmarks/real-photos.sh   (SIZE=256, FORMAT=png|jpeg, BENCH_OUT=Benchmarks/out, SKIP_BUILD=1, TB=path)
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
SIZE=${SIZE:-256}
FORMAT=${FORMAT:-png}
case "$FORMAT" in png) ext=png ;; jpeg) ext=jpg ;; *) echo "FORMAT must be png or jpeg" >&2; exit 2 ;; esac
SKIMAGE_VERSION=0.26.0
OUT=${BENCH_OUT:-Benchmarks/out}/real
mkdir -p "$OUT/skimage" "$OUT/photos"
OUT=$(cd "$OUT" && pwd)

scripts/ensure-packages.sh python3-pil python3-pip unzip lomiri-wallpapers-20.04
if [ -z "${SKIP_BUILD:-}" ]; then swift build -c release --product thumbnail-bench >/dev/null 2>&1; fi
TB=${TB:-.build/release/thumbnail-bench}

data=$OUT/skimage/skimage/data
if [ ! -f "$data/rocket.jpg" ]; then
  /usr/bin/python3 -m pip download -q --no-deps --only-binary=:all: -d "$OUT/skimage" "scikit-image==$SKIMAGE_VERSION"
  (cd "$OUT/skimage" && unzip -o -q scikit_image-"$SKIMAGE_VERSION"-*.whl 'skimage/data/*')
fi
for name in rocket hubble_deep_field retina; do cp "$data/$name.jpg" "$OUT/photos/$name.jpg"; done
/usr/bin/python3 - "$data" "$OUT/photos" <<'PY'
import sys
from PIL import Image
data, out = sys.argv[1], sys.argv[2]
for name in ["astronaut", "chelsea", "coffee", "motorcycle_left"]:
    Image.open(f"{data}/{name}.png").convert("RGB").save(f"{out}/{name}.jpg", quality=92, subsampling=2)
PY
for f in /usr/share/backgrounds/*.jpg; do cp "$f" "$OUT/photos/"; done

q=$OUT/thumbs; rm -rf "$q"; mkdir -p "$q"
echo "| photo | pixels | ours dB | Pillow draft dB | ours − Pillow |"
echo "|---|---|---|---|---|"
failed=0
for f in "$OUT"/photos/*.jpg; do
  b=$(basename "${f%.*}")
  "$TB" ours 1 "$SIZE" "$q" "$FORMAT" "$f" >/dev/null
  /usr/bin/python3 Benchmarks/pillow_thumbs.py "$SIZE" "$q" "$ext" "$f"
  pixels=$(/usr/bin/python3 -c 'import sys; from PIL import Image; w, h = Image.open(sys.argv[1]).size; print(f"{w}×{h}")' "$f")
  ours=$("$TB" psnr "$SIZE" "$f" "$q/${b}_thumb.$ext")
  pil=$("$TB" psnr "$SIZE" "$f" "$q/${b}_pil.$ext")
  diff=$(awk "BEGIN{ printf \"%+.1f\", $ours - $pil }")
  awk "BEGIN{ exit !($ours < $pil) }" && failed=1
  echo "| $b | $pixels | $ours | $pil | $diff |"
done
[ "$failed" -eq 0 ] && echo "ours >= Pillow draft on every photo" || { echo "ours < Pillow draft on some photo" >&2; exit 1; }
