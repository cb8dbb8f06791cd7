#!/usr/bin/env bash
# Instruction counts (valgrind's callgrind: exact and repeatable, unlike times on a shared
# machine) of our thumbnail path against the bare decode, per image, on the benchmark corpus.
# "ours" is `thumbnail-bench render` (read, render, write each file on one thread: the work of
# one job without the batch's task group, which valgrind cannot run); "limit" is the same bare
# decode as run.sh's. Each is run over 1 and over 3 files, so the per-image figure is the
# difference over 2 files, free of process start. Prints one Markdown table.
# Usage: Benchmarks/callgrind.sh  (CLASSES="jpeg-12mp-420 …", SKIP_BUILD=1, BENCH_OUT=Benchmarks/out;
#        run Benchmarks/run.sh first, or `thumbnail-bench corpus`, for the corpus)
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
OUT=${BENCH_OUT:-Benchmarks/out}
OUT=$(cd "$OUT" && pwd)
scripts/ensure-packages.sh valgrind
if [ -z "${SKIP_BUILD:-}" ]; then swift build -c release --product thumbnail-bench >/dev/null 2>&1; fi
# valgrind 3.19 cannot read the DWARF 5 debug info Swift's clang writes: profile a stripped copy.
TB=$OUT/thumbnail-bench-stripped
strip --strip-debug -o "$TB" .build/release/thumbnail-bench
"$TB" corpus "$OUT/corpus" 3 | tail -1

# count ARGS…: instructions of one run of thumbnail-bench ARGS.
count() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$TB" "$@" 2>&1 >/dev/null \
    | awk '/Collected :/ { print $4 }'
}
mega() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", (b - a) / 2 / 1e6 }'; }

classes=${CLASSES:-jpeg-24mp-420 jpeg-12mp-420 progressive-12mp-420 jpeg-24mp-444 jpeg-12mp-444 progressive-12mp-444 png-6mp-rgb png-4mp-rgba}
echo "| class | limit M instr/image | ours M instr/image | ours/limit | start-up M instr (ours) |"
echo "|---|---|---|---|---|"
mkdir -p "$OUT/callgrind-thumbs"
for class in $classes; do
  files=("$OUT/corpus/$class"/*)
  case "$class" in png*) limit=limit-png ;; *) limit=limit-jpeg ;; esac
  # limit-* decodes its first file once more to warm up: 2 decodes for 1 file, 4 for 3.
  l1=$(count "$limit" "${files[0]}"); l3=$(count "$limit" "${files[@]:0:3}")
  o1=$(count render 256 "$OUT/callgrind-thumbs" "${files[0]}"); o3=$(count render 256 "$OUT/callgrind-thumbs" "${files[@]:0:3}")
  lm=$(mega "$l1" "$l3"); om=$(mega "$o1" "$o3")
  start=$(awk -v a="$o1" -v b="$o3" 'BEGIN { printf "%.1f", (a - (b - a) / 2) / 1e6 }')
  echo "| $class | $lm | $om | $(awk -v a="$lm" -v b="$om" 'BEGIN { printf "%.3f", a / b }') | $start |"
done
