#!/usr/bin/env bash
# Print-file benchmark: PrintFileRenderer (`thumbnail-bench print`) against vipsthumbnail doing the
# same job, on one core each (taskset, VIPS_CONCURRENCY=1): camera-like 4:2:0 JPEGs of 12 and 24 MP
# with an embedded Adobe RGB profile, rendered to fill a 4×6 (1800×1200: crop + resize) and a 16×20
# (crop only: no upscaling) at 300 dpi, converted to sRGB (relative colorimetric), written as
# quality-95 4:4:4 JPEGs. Each tool runs RUNS times (default 7) in alternating rounds; a cell is the
# wall time of one whole batch (process start included) over its files, "median (min–max)" ms per
# image; the ratio is vips's median over ours (> 1: ours is faster). Prints one Markdown table.
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

echo "| photos | print | ours ms/photo | vips ms/photo | speed vs vips |"
echo "|---|---|---|---|---|"
for class in jpeg-12mp-420 jpeg-24mp-420; do
  for job in 4x6 16x20; do
    read -r om omin omax <<<"$(stats "$OUT/times/ours-$class-$job" "$COUNT")"
    read -r vm vmin vmax <<<"$(stats "$OUT/times/vips-$class-$job" "$COUNT")"
    ratio=$(awk -v o="$om" -v v="$vm" 'BEGIN { printf "%.2f×", v / o }')
    echo "| $class | $job fill | $om ($omin–$omax) | $vm ($vmin–$vmax) | $ratio |"
  done
done
