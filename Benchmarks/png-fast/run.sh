#!/usr/bin/env bash
# PNG fast path benchmark: the two PNG classes of Benchmarks/run.sh (6 MP RGB, 4 MP RGBA).
#  1. decode only (png-fast-bench.c): libpng's simplified API (run.sh's "decode limit"), the
#     shim's libpng reader, the fast path with SSE2 and with portable unfiltering; medians;
#  2. the whole thumbnailer against the decode limit, RUNS interleaved runs: median and range of
#     `thumbnail-bench ours 1 256` and `thumbnail-bench limit-png`, and of their ratio;
#  3. callgrind instruction counts (stable on a busy machine) of one decode per path (valgrind
#     3.19 crashes inside libdispatch on the Swift thumbnailer, so only the C decodes are counted).
# Usage: Benchmarks/png-fast/run.sh [FILES_PER_CLASS (default 5)]
#   RUNS (default 7); TB (default .build/release/thumbnail-bench, built unless SKIP_BUILD=1);
#   TB_BEFORE: an older thumbnail-bench to measure side by side ("before").
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="/opt/swift/usr/bin:$PATH"
COUNT=${1:-5}
RUNS=${RUNS:-7}
OUT=${BENCH_OUT:-Benchmarks/out}
mkdir -p "$OUT/png-fast"
OUT=$(cd "$OUT" && pwd)
TB=${TB:-.build/release/thumbnail-bench}
if [ -z "${SKIP_BUILD:-}" ]; then swift build -c release --product thumbnail-bench >/dev/null; fi

cc -O2 -std=c11 -D_POSIX_C_SOURCE=199309L -ISources/CImagingShim/include Benchmarks/png-fast/png-fast-bench.c \
  Sources/CImagingShim/CImagingShim.c Sources/CImagingShim/PNGFast*.c $(pkg-config --cflags --libs libpng) -ldeflate -lpthread \
  -o "$OUT/png-fast/png-fast-bench"
"$TB" corpus "$OUT/corpus" "$COUNT" | tail -1

# stats V… -> "median [min–max]"
stats() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { printf "%.2f [%.2f–%.2f]", v[int((NR + 1) / 2)], v[1], v[NR] }'; }
# ours BIN FILES… -> images per second of one `ours` run (1 job, 256 px, JPEG out)
ours() {
  local bin=$1; shift
  rm -rf "$OUT/png-fast/thumbs" && mkdir -p "$OUT/png-fast/thumbs"
  "$bin" ours 1 256 "$OUT/png-fast/thumbs" jpeg "$@" | awk -v n=$# '{ printf "%.3f", n / $3 }'
}
# instructions CMD… -> callgrind's total instruction count
instructions() {
  valgrind --tool=callgrind --callgrind-out-file="$OUT/png-fast/callgrind.out" "$@" >/dev/null 2>&1
  awk '/^(summary|totals):/ { print $2; exit }' "$OUT/png-fast/callgrind.out"
}

for class in png-6mp-rgb png-4mp-rgba; do
  files=("$OUT/corpus/$class/"*)
  echo
  echo "### $class ($COUNT files)"
  echo
  RUNS=$RUNS "$OUT/png-fast/png-fast-bench" "${files[@]}"
  limit=() after=() before=() ratio=() ratio_before=()
  for ((run = 0; run < RUNS; run++)); do
    l=$("$TB" limit-png "${files[@]}")
    a=$(ours "$TB" "${files[@]}")
    limit+=("$l"); after+=("$a"); ratio+=("$(awk "BEGIN { print $a / $l }")")
    if [ -n "${TB_BEFORE:-}" ]; then
      b=$(ours "$TB_BEFORE" "${files[@]}")
      before+=("$b"); ratio_before+=("$(awk "BEGIN { print $b / $l }")")
    fi
  done
  echo
  echo "| images/s, median [range] of $RUNS | value |"
  echo "|---|---|"
  echo "| libpng decode limit | $(stats "${limit[@]}") |"
  [ -n "${TB_BEFORE:-}" ] && echo "| ours before (TB_BEFORE) | $(stats "${before[@]}") |"
  echo "| ours | $(stats "${after[@]}") |"
  [ -n "${TB_BEFORE:-}" ] && echo "| ours before / limit | $(stats "${ratio_before[@]}") |"
  echo "| ours / limit | $(stats "${ratio[@]}") |"
  echo
  echo "| callgrind, one file | instructions |"
  echo "|---|---|"
  for path in limit shim fast; do
    echo "| decode only: $path | $(CHECK=0 ONLY=$path RUNS=1 instructions "$OUT/png-fast/png-fast-bench" "${files[0]}") |"
  done
done
