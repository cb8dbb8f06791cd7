#!/usr/bin/env bash
# CPU time per warm signed-thumbnail GET: the service process's user + system time (from
# /proc/PID/stat, which the machine's other load does not change much, unlike wall time) over
# the requests wrk completed against one warm signed thumbnail URL. valgrind 3.19 cannot run the
# service (it crashes when the Swift runtime starts threads) and perf has no hardware counters in
# containers, so this is the per-request measure that works on a shared machine.
# Prints one line. Only 127.0.0.1 is contacted.
# Environment: BIN (.build/release/photosource if built, else .build/debug/photosource),
# DURATION (5s), CONNECTIONS (8), PHOTO (a JPEG; default: the largest demo-library photo).
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-$( [ -x .build/release/photosource ] && echo .build/release/photosource || echo .build/debug/photosource )}
DURATION=${DURATION:-5s}
CONNECTIONS=${CONNECTIONS:-8}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/photosource-warm-cpu.XXXXXX")
SERVICE=""
cleanup() { if [ -n "$SERVICE" ]; then kill -TERM "$SERVICE" 2>/dev/null || true; wait "$SERVICE" 2>/dev/null || true; fi; rm -rf "$WORK"; }
trap cleanup EXIT
mkdir -p "$WORK/photos" "$WORK/state"
if [ -n "${PHOTO:-}" ]; then cp "$PHOTO" "$WORK/photos/photo.jpg"; else
    "$BIN" ls demo >/dev/null  # generates the demo library
    cp "$(find "${XDG_CACHE_HOME:-$HOME/.cache}/photosource" -name '*.jpg' -size +100k | head -1)" "$WORK/photos/photo.jpg"
fi
KEY="psk_cpu_$RANDOM"
/usr/bin/python3 Benchmarks/service_bench.py config "$WORK/config.json" "$KEY" "$WORK/state" "local:$WORK/photos"
"$BIN" serve --config "$WORK/config.json" >"$WORK/serve.log" 2>&1 &
SERVICE=$!
for _ in $(seq 200); do grep -q '^listening on' "$WORK/serve.log" && break; sleep 0.05; done
ORIGIN=$(sed -n 's/^listening on \(http:[^ ]*\).*/\1/p' "$WORK/serve.log" | head -1)
[ -n "$ORIGIN" ] || { cat "$WORK/serve.log" >&2; echo "the service did not start" >&2; exit 1; }
TOKEN=$(curl -sSf -X POST -H "Authorization: Bearer $KEY" "$ORIGIN/v1/sessions" | /usr/bin/python3 -c 'import json, sys; print(json.load(sys.stdin)["token"])')
URL=$(curl -sSf -H "Authorization: Bearer $TOKEN" "$ORIGIN/v1/sources/local-1/items" | /usr/bin/python3 Benchmarks/service_bench.py thumbnail-urls "$ORIGIN" | head -1)
curl -sSf -o "$WORK/first.jpg" "$URL"  # rendered now; warm from here on
wrk -t1 -c"$CONNECTIONS" -d1s "$URL" >/dev/null  # connections and caches settle
ticks() { awk '{ print $14 + $15 }' "/proc/$SERVICE/stat"; }
before=$(ticks)
requests=$(wrk -t1 -c"$CONNECTIONS" -d"$DURATION" "$URL" | awk '/requests in/ { print $1 }')
after=$(ticks)
hz=$(getconf CLK_TCK)
echo "warm signed thumbnail: $(( (after - before) * 1000000 / hz / requests )) µs of service CPU per request ($requests requests, $(( (after - before) * 1000 / hz )) ms CPU, $(stat -c %s "$WORK/first.jpg")-byte thumbnail, $CONNECTIONS connections, load $(cut -d' ' -f1 /proc/loadavg), $BIN)"
