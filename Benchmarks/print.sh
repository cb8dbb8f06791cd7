#!/usr/bin/env bash
# Print-file benchmark: PrintFileRenderer (`thumbnail-bench print`) against vipsthumbnail doing the
# same job, on one core each (taskset, VIPS_CONCURRENCY=1): camera-like 4:2:0 JPEGs of 12 and 24 MP
# with an embedded Adobe RGB profile, rendered to fill a 4×6 (1800×1200: crop + resize) and a 16×20
# (crop only: no upscaling) at 300 dpi, converted to sRGB (relative colorimetric), written as
# quality-95 4:4:4 JPEGs. Each tool runs RUNS times (default 7) in alternating rounds; a cell is the
# wall time of one whole batch (process start included) over its files, "median (min–max)" ms per
# image; the ratio is vips's median over ours (> 1: ours is faster).
# Quality: each tool's output of each job (one more run, untimed) against a float reference of the
# same job made with vips in float: the photo converted to sRGB by Little CMS at 16 bits
# (icc_transform --depth 16, relative colorimetric, the embedded profile), scaled to 0–255 floats,
# cropped to the print's aspect (centred; a half-pixel centre rounded either way, each tool keeping
# its better figure), resized with lanczos3 in float (when it shrinks), never rounded to 8 bits. Both tools do the same steps in 8 bits (and JPEG-encode at Q95 4:4:4), so the
# reference favours neither; PSNR = 10·log10(255² / MSE) over all pixels and channels, the mean
# over the photos of a class (higher is closer). Prints one Markdown table.
# Usage: Benchmarks/print.sh [FILES_PER_CLASS (default 3)]   RUNS=7  SKIP_BUILD=1  BENCH_OUT=Benchmarks/out
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
COUNT=${1:-3}
RUNS=${RUNS:-7}
OUT=${BENCH_OUT:-Benchmarks/out}
PROFILE=/usr/share/color/icc/ghostscript/a98.icc
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
[ -f "$PROFILE" ] || { echo "print.sh needs $PROFILE (apt-get install libgs-common)" >&2; exit 1; }
if [ -z "${SKIP_BUILD:-}" ]; then swift build -c release --product thumbnail-bench >/dev/null 2>&1; fi
TB=$(pwd)/.build/release/thumbnail-bench
"$TB" corpus "$OUT/corpus" "$COUNT" | tail -1

# The corpus's 4:2:0 JPEGs re-encoded as a camera in Adobe RGB mode would write them.
for class in jpeg-12mp-420 jpeg-24mp-420; do
  mkdir -p "$OUT/print-corpus/$class"
  for file in "$OUT/corpus/$class"/*.jpg; do
    target="$OUT/print-corpus/$class/$(basename "$file")"
    [ -f "$target" ] || vips jpegsave "$file" "$target" --Q 92 --profile "$PROFILE" --subsample-mode on
  done
done

timed() {
  local name=$1; shift
  rm -rf "$OUT/prints" && mkdir -p "$OUT/prints"
  /usr/bin/python3 Benchmarks/timed.py "$OUT/times/$name" "$@" || { echo "failed: $*" >&2; return 1; }
}
stats() {
  awk '{ print $1 }' "$1" | sort -g | awk -v n="$2" '{ v[NR] = $1 * 1000 / n } END {
    m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
    printf "%.0f %.0f %.0f", m, v[1], v[NR] }'
}

rm -rf "$OUT/times" && mkdir -p "$OUT/times"
declare -A SIZES=([4x6]=1800x1200 [16x20]=5000x4000)
for run in $(seq "$RUNS"); do
  for class in jpeg-12mp-420 jpeg-24mp-420; do
    files=("$OUT/print-corpus/$class"/*.jpg)
    for job in 4x6 16x20; do
      size=${SIZES[$job]}
      [ "$class" = jpeg-12mp-420 ] && [ "$job" = 16x20 ] && size=3750x3000
      timed "ours-$class-$job" taskset -c 1 "$TB" print "$job" "$OUT/prints" "${files[@]}"
      timed "vips-$class-$job" taskset -c 1 env VIPS_CONCURRENCY=1 vipsthumbnail --size "$size" --smartcrop centre \
        --export-profile srgb --intent relative -o "$OUT/prints/%s.jpg[Q=95,subsample-mode=off,profile=srgb]" "${files[@]}"
    done
  done
done

# reference PHOTO JOB OUTPUT.v [ROUND]: the float reference of JOB (4x6 or 16x20 at 300 dpi, fill,
# landscape). The centred crop's offset is rounded down (ROUND 0, default) or up (ROUND 1) when the
# centre falls between pixels: that is a choice of grid, not of quality, so each tool is measured
# against both and keeps its better figure (the same when the centre is a whole pixel).
reference() {
  local photo=$1 job=$2 out=$3 round=${4:-0} w h pw ph
  w=$(vipsheader -f width "$photo"); h=$(vipsheader -f height "$photo")
  if [ "$job" = 4x6 ]; then pw=1800; ph=1200; else pw=6000; ph=4800; fi
  [ -f "$OUT/q/float.v" ] || {
    vips icc_transform "$photo" "$OUT/q/icc.v" srgb --embedded --intent relative --depth 16
    vips linear "$OUT/q/icc.v" "$OUT/q/float.v" 0.0038910505836575876 0   # 1/257: 0–65535 → 0–255
  }
  # The largest centred crop of the print's aspect, then down (never up) to the print's pixels.
  read -r cw ch cl ct <<<"$(awk -v w="$w" -v h="$h" -v pw="$pw" -v ph="$ph" -v r="$round" 'BEGIN {
    if (w / h > pw / ph) { ch = h; cw = int(h * pw / ph + 0.5) } else { cw = w; ch = int(w * ph / pw + 0.5) }
    printf "%d %d %d %d", cw, ch, int((w - cw) / 2 + r * 0.5), int((h - ch) / 2 + r * 0.5) }')"
  vips crop "$OUT/q/float.v" "$OUT/q/crop.v" "$cl" "$ct" "$cw" "$ch"
  if [ "$cw" -gt "$pw" ]; then
    vips resize "$OUT/q/crop.v" "$out" "$(awk -v a="$pw" -v b="$cw" 'BEGIN { print a / b }')" \
      --vscale "$(awk -v a="$ph" -v b="$ch" 'BEGIN { print a / b }')" --kernel lanczos3
  else
    mv "$OUT/q/crop.v" "$out"
  fi
}
# psnr IMAGE REFERENCE.v: PSNR in dB of an 8-bit image against the float reference.
psnr() {
  local a b
  a=$(vipsheader -f width "$1")x$(vipsheader -f height "$1"); b=$(vipsheader -f width "$2")x$(vipsheader -f height "$2")
  [ "$a" = "$b" ] || { echo "size mismatch: $1 is $a, the reference $b" >&2; echo nan; return; }
  vips subtract "$1" "$2" "$OUT/q/diff.v"
  vips multiply "$OUT/q/diff.v" "$OUT/q/diff.v" "$OUT/q/square.v"
  vips avg "$OUT/q/square.v" | awk '{ printf "%.2f", ($1 > 0 ? 10 * log(255 * 255 / $1) / log(10) : 99) }'
}
declare -A PSNR
rm -rf "$OUT/q" && mkdir -p "$OUT/q/ours" "$OUT/q/vips"
for class in jpeg-12mp-420 jpeg-24mp-420; do
  files=("$OUT/print-corpus/$class"/*.jpg)
  for job in 4x6 16x20; do
    size=${SIZES[$job]}
    [ "$class" = jpeg-12mp-420 ] && [ "$job" = 16x20 ] && size=3750x3000
    "$TB" print "$job" "$OUT/q/ours" "${files[@]}"
    VIPS_CONCURRENCY=1 vipsthumbnail --size "$size" --smartcrop centre --export-profile srgb --intent relative \
      -o "$OUT/q/vips/%s.jpg[Q=95,subsample-mode=off,profile=srgb]" "${files[@]}"
    ours=() theirs=()
    for file in "${files[@]}"; do
      rm -f "$OUT/q/float.v"
      reference "$file" "$job" "$OUT/q/reference-0.v" 0
      reference "$file" "$job" "$OUT/q/reference-1.v" 1
      best() { printf '%s\n%s\n' "$(psnr "$1" "$OUT/q/reference-0.v")" "$(psnr "$1" "$OUT/q/reference-1.v")" | sort -g | tail -1; }
      ours+=("$(best "$OUT/q/ours/$(basename "$file")")")
      theirs+=("$(best "$OUT/q/vips/$(basename "$file")")")
    done
    PSNR[ours-$class-$job]=$(printf '%s\n' "${ours[@]}" | awk '{ s += $1 } END { printf "%.1f", s / NR }')
    PSNR[vips-$class-$job]=$(printf '%s\n' "${theirs[@]}" | awk '{ s += $1 } END { printf "%.1f", s / NR }')
  done
done
rm -f "$OUT/q"/*.v

echo "| photos | print | ours ms/photo | vips ms/photo | speed vs vips | ours PSNR dB | vips PSNR dB |"
echo "|---|---|---|---|---|---|---|"
for class in jpeg-12mp-420 jpeg-24mp-420; do
  for job in 4x6 16x20; do
    read -r om omin omax <<<"$(stats "$OUT/times/ours-$class-$job" "$COUNT")"
    read -r vm vmin vmax <<<"$(stats "$OUT/times/vips-$class-$job" "$COUNT")"
    ratio=$(awk -v o="$om" -v v="$vm" 'BEGIN { printf "%.2f×", v / o }')
    echo "| $class | $job fill | $om ($omin–$omax) | $vm ($vmin–$vmax) | $ratio | ${PSNR[ours-$class-$job]} | ${PSNR[vips-$class-$job]} |"
  done
done
