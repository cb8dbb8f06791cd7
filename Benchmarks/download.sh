#!/usr/bin/env bash
# Download benchmark: COUNT thumbnail-sized files served over loopback, fetched at CONCURRENCY
# in flight by HTTPClient (download-bench) and by `curl --parallel --parallel-max CONCURRENCY`;
# then the per-call cost of the address policy. Prints a Markdown table.
# Usage: Benchmarks/download.sh [COUNT (default 1000)] [CONCURRENCY (default 16)]
# Only 127.0.0.1 is ever contacted.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
COUNT=${1:-1000}
CONCURRENCY=${2:-16}
OUT=Benchmarks/out/download
rm -rf "$OUT/files" && mkdir -p "$OUT/files"

# 1. The corpus: COUNT files of 8-24 KiB (thumbnail-sized), deterministic bytes.
python3 - "$OUT/files" "$COUNT" <<'PY'
import os, random, sys
folder, count = sys.argv[1], int(sys.argv[2])
rng = random.Random(42)
for i in range(count):
    with open(os.path.join(folder, f"thumb-{i:04d}.jpg"), "wb") as f:
        f.write(bytes(rng.getrandbits(8) for _ in range(rng.randint(8 << 10, 24 << 10))))
PY

# 2. The Swift side: the download-bench product, in release.
swift build -c release --product download-bench >/dev/null
BENCH="$(swift build -c release --show-bin-path)/download-bench"

# 3. The server: Python's threading http.server (HTTP/1.1, keep-alive) on 127.0.0.1, an ephemeral port.
python3 -u -m http.server 0 -p HTTP/1.1 --bind 127.0.0.1 --directory "$OUT/files" >"$OUT/server.log" 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null || true' EXIT
for _ in $(seq 50); do grep -q "port" "$OUT/server.log" && break; sleep 0.1; done
PORT=$(sed -n 's/.*port \([0-9]*\).*/\1/p' "$OUT/server.log" | head -1)
ORIGIN="http://127.0.0.1:$PORT"
ls "$OUT/files" | sed "s|^|$ORIGIN/|" >"$OUT/urls.txt"
awk '{ print "url = \"" $0 "\"\noutput = \"/dev/null\"" }' "$OUT/urls.txt" >"$OUT/curl.cfg"

# 4. Rounds alternate between the two clients (the machine may be shared); best wall time of
#    each, with the CPU seconds (user+sys) of that run.
measure() { /usr/bin/time -o "$OUT/time.txt" -f "%e %U %S" "$@" >/dev/null 2>&1; awk '{ printf "%s %.2f\n", $1, $2 + $3 }' "$OUT/time.txt"; }
OURS="" CURL=""
for _ in 1 2 3; do
    OURS+="$(measure "$BENCH" fetch "$OUT/urls.txt" "$ORIGIN" "$CONCURRENCY")"$'\n'
    CURL+="$(measure curl -s --fail --parallel --parallel-max "$CONCURRENCY" -K "$OUT/curl.cfg")"$'\n'
done
read -r OURS_S OURS_CPU < <(printf "%s" "$OURS" | sort -n | head -1)
read -r CURL_S CURL_CPU < <(printf "%s" "$CURL" | sort -n | head -1)
rate() { awk "BEGIN{ printf \"%.0f\", $COUNT / $1 }"; }
echo
echo "| client ($COUNT files, $CONCURRENCY in flight, loopback) | best wall s | requests/s | CPU s | throughput vs curl |"
echo "|---|---|---|---|---|"
echo "| HTTPClient (download-bench) | $OURS_S | $(rate "$OURS_S") | $OURS_CPU | $(awk "BEGIN{ printf \"%.2f\", $CURL_S / $OURS_S }")x |"
echo "| curl --parallel | $CURL_S | $(rate "$CURL_S") | $CURL_CPU | 1.00x |"
echo
echo "Address policy, per call (pure computation):"
"$BENCH" policy 1000000 | sed 's/^/- /'
