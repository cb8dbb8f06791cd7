#!/usr/bin/env bash
# Thumbnail benchmark: our batch thumbnailer side by side with Pillow (draft + LANCZOS),
# vipsthumbnail and the bare decode (libjpeg-turbo at 1/8, libpng whole) on a generated corpus:
# 4:2:0 and 4:4:4 JPEGs (baseline 12 and 24 MP, progressive 12 MP) and PNGs. 256 px long side.
#
# Every tool runs RUNS times (default 7) in rounds (limit, ours 1 job, ours 2 jobs, Pillow, vips,
# then again), so a burst of load from elsewhere hits all of them alike; each time is the wall
# time of one whole batch (process start included, except for the limit, which is one in-memory
# pass after a warm-up) divided by the files. Cells are "median (min–max)" ms per image; ratios
# are speed ratios of the medians (> 1: ours is faster). Prints one Markdown table.
# Usage: Benchmarks/run.sh [FILES_PER_CLASS (default 10)]
#   RUNS=7  CLASSES="jpeg-12mp-420 png-6mp-rgb" (a subset)  SKIP_BUILD=1  BENCH_OUT=Benchmarks/out
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
COUNT=${1:-10}
SIZE=256
RUNS=${RUNS:-7}
OUT=${BENCH_OUT:-Benchmarks/out}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)

# Our side runs through `thumbnail-bench ours`: the same BatchThumbnailer that `photosource
# thumbnail` wraps, without building the whole CLI (and its HTTP server stack) in release mode.
if [ -z "${SKIP_BUILD:-}" ]; then swift build -c release --product thumbnail-bench >/dev/null 2>&1; fi
TB=.build/release/thumbnail-bench

"$TB" corpus "$OUT/corpus" "$COUNT" | tail -1

# timed NAME CMD…: runs CMD on a clean output folder; appends "wall-s cpu-s peak-RSS-KiB" to $OUT/times/NAME.
timed() {
  local name=$1; shift
  rm -rf "$OUT/thumbs" && mkdir -p "$OUT/thumbs"
  /usr/bin/python3 Benchmarks/timed.py "$OUT/times/$name" "$@" || { echo "failed: $*" >&2; return 1; }
}

# stats FILE COLUMN N: "median min max" of a column of FILE divided by N, in ms.
stats() {
  awk -v c="$2" '{ print $c }' "$1" | sort -g | awk -v n="$3" '{ v[NR] = $1 * 1000 / n } END {
    m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
    printf "%.3f %.3f %.3f\n", m, v[1], v[NR] }'
}
median() { stats "$@" | cut -d' ' -f1; }
cell() { printf "%.1f (%.1f–%.1f)" "$1" "$2" "$3"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
max_mib() { awk '{ print $3 }' "$1" | sort -g | tail -1 | awk '{ printf "%d", $1 / 1024 }'; }

classes=${CLASSES:-jpeg-24mp-420 jpeg-12mp-420 progressive-12mp-420 jpeg-24mp-444 jpeg-12mp-444 progressive-12mp-444 png-6mp-rgb png-4mp-rgba}

echo
echo "| class | decode limit | ours 1 job | ours 2 jobs | Pillow-draft | vipsthumbnail | ours/limit | ours/Pillow | ours/vips | 2 jobs/1 job | CPU: ours/limit, /Pillow, /vips | peak RSS ours, Pillow, vips MiB | PSNR ours, Pillow, vips dB |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|"
for class in $classes; do
  files=("$OUT/corpus/$class"/*)
  n=${#files[@]}
  case "$class" in png*) limit=limit-png ;; *) limit=limit-jpeg ;; esac
  rm -rf "$OUT/times" && mkdir -p "$OUT/times"
  ours1=("$TB" ours 1 $SIZE "$OUT/thumbs" jpeg "${files[@]}")
  ours2=("$TB" ours 2 $SIZE "$OUT/thumbs" jpeg "${files[@]}")
  pillow=(/usr/bin/python3 Benchmarks/pillow_thumbs.py $SIZE "$OUT/thumbs" jpg "${files[@]}")
  vips=(env VIPS_CONCURRENCY=1 vipsthumbnail "${files[@]}" -s $SIZE -o "$OUT/thumbs/%s_vips.jpg")
  # One untimed round: files in the page cache, binaries and libraries loaded.
  "${ours1[@]}" >/dev/null; "${pillow[@]}"; "${vips[@]}"
  for ((run = 0; run < RUNS; run++)); do
    "$TB" "$limit" "${files[@]}" | awk '{ print $1, $2, 0 }' >>"$OUT/times/limit"
    timed ours1 "${ours1[@]}"
    timed ours2 "${ours2[@]}"
    timed pillow "${pillow[@]}"
    timed vips "${vips[@]}"
  done
  read -r lm lmin lmax < <(stats "$OUT/times/limit" 1 "$n")
  read -r o1 o1min o1max < <(stats "$OUT/times/ours1" 1 "$n")
  read -r o2 o2min o2max < <(stats "$OUT/times/ours2" 1 "$n")
  read -r pm pmin pmax < <(stats "$OUT/times/pillow" 1 "$n")
  read -r vm vmin vmax < <(stats "$OUT/times/vips" 1 "$n")
  lc=$(median "$OUT/times/limit" 2 "$n"); oc=$(median "$OUT/times/ours1" 2 "$n")
  pc=$(median "$OUT/times/pillow" 2 "$n"); vc=$(median "$OUT/times/vips" 2 "$n")

  # Quality: lossless outputs vs full decode + Lanczos-3 (luma PSNR, worst of the first 3 files).
  q=$OUT/quality/$class; rm -rf "$q"; mkdir -p "$q"
  "$TB" ours 1 $SIZE "$q" png "${files[@]:0:3}" >/dev/null
  /usr/bin/python3 Benchmarks/pillow_thumbs.py $SIZE "$q" png "${files[@]:0:3}"
  VIPS_CONCURRENCY=1 vipsthumbnail "${files[@]:0:3}" -s $SIZE -o "$q/%s_vips.png"
  pairs() { for f in "${files[@]:0:3}"; do b=$(basename "${f%.*}"); echo "$f" "$q/${b}_$1.png"; done; }
  po=$("$TB" psnr $SIZE $(pairs thumb)); pp=$("$TB" psnr $SIZE $(pairs pil)); pv=$("$TB" psnr $SIZE $(pairs vips))

  echo "| $class | $(cell "$lm" "$lmin" "$lmax") | $(cell "$o1" "$o1min" "$o1max") | $(cell "$o2" "$o2min" "$o2max")" \
    "| $(cell "$pm" "$pmin" "$pmax") | $(cell "$vm" "$vmin" "$vmax")" \
    "| $(ratio "$lm" "$o1") | $(ratio "$pm" "$o1") | $(ratio "$vm" "$o1") | $(ratio "$o1" "$o2")" \
    "| $(ratio "$lc" "$oc"), $(ratio "$pc" "$oc"), $(ratio "$vc" "$oc")" \
    "| $(max_mib "$OUT/times/ours1"), $(max_mib "$OUT/times/pillow"), $(max_mib "$OUT/times/vips")" \
    "| $po, $pp, $pv |"
done

echo
echo "Wall ms per image, median (min–max) of $RUNS runs of $COUNT files; ratios are speed ratios of the medians"
echo "(> 1: ours faster); CPU: the same ratios of user + system CPU time (the limit: its decode loop alone)."
sample=$(ls "$OUT"/corpus/jpeg-12mp-420/* | head -1)
"$TB" cache "$sample"
