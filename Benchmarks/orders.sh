#!/usr/bin/env bash
# Order benchmark: originals from the demo cloud through `photosource serve`'s order pipeline
# (materialise into the asset store: MD5, SHA-256, header check; then folder delivery: copies and
# a manifest, fsynced) against `curl --parallel` of the same originals from the same cloud into
# a folder followed by `md5sum` of them (the goal's peer), and the same peer made durable as a
# delivery is (`sync -f` of its folder's file system, timed from the same start). ROUNDS rounds
# alternate the two; cells are "median (min–max)"; the ratio is the speed ratio of the medians
# (> 1: the service is faster).
# Also the service's peak RSS during each order (VmHWM, reset before it). Two corpora:
# 200 × ~6 MB 12 MP JPEGs and 20 × ~25 MB 24 MP JPEGs (4:2:0, generated once into CORPUS_DIR).
# Prints a Markdown table. Only 127.0.0.1 is contacted.
# Environment: SKIP_BUILD=1, BUILD_PATH (.build), ROUNDS (3), CONFIG (release), CORPUS_DIR (Benchmarks/out/orders-corpus),
#   SMALL=200 LARGE=20 (file counts), KEEP=1 (keep each run's temp folder).
#   FETCH_CONCURRENCY=N sets orders.fetchConcurrency (the service default, 4, when unset).
#   FILES=print: the folder destination asks for print files ("files": "print"): each line is also
#   rendered for PRODUCT (8x10) into the asset store and delivered as a print file; same peer.
#   BIN=path runs that photosource binary instead of the build (e.g. an older build, to compare).
#   REST=seconds: a pause after the sync that precedes each timed side (default 0; see orders_bench.py).
#   WORK_DIR=folder: where the service's state, asset store, order folder and curl's files go
#   (default the system's temporary folder); /dev/shm takes the disk out of the comparison.
#   Each round prints its phase split (materialising, delivering) on stderr.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
ROUNDS=${ROUNDS:-3}
CONFIG=${CONFIG:-release}
CORPUS_DIR=${CORPUS_DIR:-Benchmarks/out/orders-corpus}
SMALL=${SMALL:-200}
LARGE=${LARGE:-20}
PY="/usr/bin/python3 Benchmarks/orders_bench.py"  # Debian's python3, where python3-pil lives
for tool in curl md5sum /usr/bin/python3; do
    command -v "$tool" >/dev/null || { echo "orders.sh needs $tool (make bench-deps)" >&2; exit 1; }
done
if [ -z "${SKIP_BUILD:-}" ]; then
    echo "Building photosource ($CONFIG)…" >&2
    swift build -c "$CONFIG" --product photosource --scratch-path "${BUILD_PATH:-.build}" >&2
fi
BIN="${BIN:-$PWD/${BUILD_PATH:-.build}/$CONFIG/photosource}"
[ -x "$BIN" ] || { echo "no $CONFIG build at $BIN" >&2; exit 1; }

$PY corpus "$CORPUS_DIR/6mb" "$SMALL" 4000 3000 93 18
$PY corpus "$CORPUS_DIR/25mb" "$LARGE" 6000 4000 98 40
echo "load average at the start: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
if [ "${FILES:-originals}" = print ]; then
    echo "| corpus | photosource serve: print-file order (${PRODUCT:-8x10}) → delivered | curl --parallel + md5sum | ratio | … then sync -f (durable) | ratio | service peak RSS |"
else
    echo "| corpus | photosource serve: order → delivered | curl --parallel + md5sum | ratio | … then sync -f (durable) | ratio | service peak RSS |"
fi
echo "|---|---|---|---|---|---|---|"
$PY run "$BIN" "$PWD/$CORPUS_DIR/6mb" "$ROUNDS" "12 MP JPEG"
$PY run "$BIN" "$PWD/$CORPUS_DIR/25mb" "$ROUNDS" "24 MP JPEG"
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
