#!/usr/bin/env bash
# Service benchmark: `photosource serve` (release) against its yardsticks, in one run.
#   1. Cold page: the 50 signed thumbnailURLs of one listing page of 12 MP phone-like JPEGs
#      (q90, 4:2:0), fetched with `curl --parallel --parallel-max 8` from a service with a fresh
#      state folder (cold cache), vs `photosource thumbnail FILES --size 256 --jobs 2` on the
#      same files. ROUNDS rounds alternate the two (the machine may be shared); best of each.
#   2. Warm thumbnails: wrk (-t2 -c32 -d DURATION) cycling through the same 50 signed URLs vs
#      nginx serving the exact bytes the service returned, as static files on 127.0.0.1.
#      WRK_ROUNDS rounds alternate the two; best requests/s of each, with that run's p99.
#   3. Listing: GET /v1/sources/{id}/items?page=500&count=100 of a 100,000-photo folder with a
#      customer token: the first request (builds the folder index), then LISTING_REQUESTS
#      sequential requests, p50/p99.
#   Peak RSS of the serve process (VmHWM, reset between loads through /proc/PID/clear_refs).
# Prints a Markdown table. Only 127.0.0.1 is contacted.
#
# Environment: SKIP_BUILD=1 (use the existing release build), ROUNDS (3), WRK_ROUNDS (2),
# DURATION (10s), CONNECTIONS (32), LISTING_REQUESTS (200), FILES (100000),
# CORPUS (Benchmarks/out/service-corpus: generated once, kept for reruns), KEEP=1 (keep the
# run's temp folder: configs, logs, state, nginx root), CONFIG (release; debug only checks that
# the script works, its figures mean little).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
ROUNDS=${ROUNDS:-3}
WRK_ROUNDS=${WRK_ROUNDS:-2}
DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-32}
LISTING_REQUESTS=${LISTING_REQUESTS:-200}
FILES=${FILES:-100000}
CONFIG=${CONFIG:-release}
PHOTOS=50
CORPUS=${CORPUS:-Benchmarks/out/service-corpus}
PY="/usr/bin/python3 Benchmarks/service_bench.py"  # Debian's python3, where python3-pil lives
for tool in wrk nginx curl /usr/bin/python3; do
    command -v "$tool" >/dev/null || { echo "service.sh needs $tool (make bench-deps)" >&2; exit 1; }
done

if [ -z "${SKIP_BUILD:-}" ]; then
    echo "Building photosource ($CONFIG)…" >&2
    swift build -c "$CONFIG" --product photosource >&2
fi
BIN=".build/$CONFIG/photosource"  # not --show-bin-path: it waits for the build lock
[ -x "$BIN" ] || { echo "no $CONFIG build at $BIN" >&2; exit 1; }

WORK=$(mktemp -d "${TMPDIR:-/tmp}/photosource-service-bench.XXXXXX")
chmod 755 "$WORK"  # nginx workers may run as nobody
SERVICE="" NGINX=""
stop_service() { if [ -n "$SERVICE" ]; then kill -TERM "$SERVICE" 2>/dev/null || true; wait "$SERVICE" 2>/dev/null || true; SERVICE=""; fi; }
stop_nginx() { if [ -n "$NGINX" ]; then kill -QUIT "$NGINX" 2>/dev/null || true; wait "$NGINX" 2>/dev/null || true; NGINX=""; fi; }
cleanup() {
    stop_service
    stop_nginx
    if [ "${KEEP:-0}" = 1 ]; then echo "kept $WORK" >&2; else rm -rf "$WORK"; fi
}
trap cleanup EXIT
trap 'echo "service.sh: line $LINENO failed: $BASH_COMMAND" >&2' ERR
trap 'echo "service.sh: interrupted" >&2; exit 130' INT TERM
LOAD_START=$(cut -d' ' -f1-3 /proc/loadavg)

# The corpus: 50 photos for the page, a 100,000-photo folder for the listing.
if [ ! -f "$CORPUS/.complete-$FILES" ]; then
    echo "Generating $PHOTOS 12 MP JPEGs and a $FILES-photo folder in $CORPUS (once)…" >&2
    $PY photos "$CORPUS/photos" "$PHOTOS"
    rm -rf "$CORPUS/folder"
    $PY folder "$CORPUS/folder" "$FILES"
    touch "$CORPUS/.complete-$FILES"
fi
PHOTO_DIR="$(cd "$CORPUS/photos" && pwd)"
FOLDER_DIR="$(cd "$CORPUS/folder" && pwd)"
cat "$PHOTO_DIR"/*.jpg > /dev/null  # both sides read from the page cache

API_KEY="psk_bench_$RANDOM$RANDOM"
now_ms() { echo $(($(date +%s%N) / 1000000)); }
hwm_kb() { awk '/^VmHWM/ { print $2 }' "/proc/$SERVICE/status"; }
reset_hwm() { echo 5 > "/proc/$SERVICE/clear_refs" 2>/dev/null || echo "cannot reset VmHWM; peaks are cumulative" >&2; }

# Starts the service on a fresh state folder; sets SERVICE, ORIGIN and TOKEN.
start_service() {
    local run=$WORK/service-$1
    mkdir -p "$run"
    $PY config "$run/config.json" "$API_KEY" "$run/state" "local:$PHOTO_DIR" "local:$FOLDER_DIR"
    "$BIN" serve --config "$run/config.json" >"$run/serve.log" 2>&1 &
    SERVICE=$!
    for _ in $(seq 200); do grep -q '^listening on' "$run/serve.log" && break; sleep 0.05; done
    ORIGIN=$(sed -n 's/^listening on \(http:[^ ]*\).*/\1/p' "$run/serve.log" | head -1)
    [ -n "$ORIGIN" ] || { cat "$run/serve.log" >&2; echo "the service did not start" >&2; exit 1; }
    TOKEN=$(curl -sSf -X POST -H "Authorization: Bearer $API_KEY" "$ORIGIN/v1/sessions" \
        | /usr/bin/python3 -c 'import json, sys; print(json.load(sys.stdin)["token"])')
}

# 1. Cold page vs the batch CLI, alternating.
CLI_TIMES=() API_TIMES=() LIST_COLD_TIMES=()
for round in $(seq "$ROUNDS"); do
    rm -rf "$WORK/cli-out"
    start=$(now_ms)
    "$BIN" thumbnail "$PHOTO_DIR"/*.jpg --size 256 --out "$WORK/cli-out" --jobs 2 >/dev/null
    CLI_TIMES+=($(($(now_ms) - start)))

    stop_service
    start_service "$round"
    start=$(now_ms)
    curl -sSf -H "Authorization: Bearer $TOKEN" "$ORIGIN/v1/sources/local-1/items?count=$PHOTOS" >"$WORK/page.json"
    LIST_COLD_TIMES+=($(($(now_ms) - start)))
    $PY thumbnail-urls "$ORIGIN" <"$WORK/page.json" >"$WORK/urls.txt"
    [ "$(wc -l <"$WORK/urls.txt")" -eq "$PHOTOS" ] || { echo "the page has $(wc -l <"$WORK/urls.txt") thumbnail URLs, not $PHOTOS" >&2; exit 1; }
    rm -rf "$WORK/www" && mkdir -p "$WORK/www/t"
    awk -v dir="$WORK/www/t" '{ printf "url = \"%s\"\noutput = \"%s/%03d.jpg\"\n", $0, dir, NR - 1 }' "$WORK/urls.txt" >"$WORK/curl.cfg"
    reset_hwm
    start=$(now_ms)
    curl -sSf --no-progress-meter --parallel --parallel-max 8 -K "$WORK/curl.cfg"
    API_TIMES+=($(($(now_ms) - start)))
    HWM_COLD=$(hwm_kb)
done
[ "$(find "$WORK/www/t" -name '*.jpg' -size +1k | wc -l)" -eq "$PHOTOS" ] || { echo "not every thumbnail came back" >&2; exit 1; }
best() { printf '%s\n' "$@" | sort -n | head -1; }
CLI_MS=$(best "${CLI_TIMES[@]}")
API_MS=$(best "${API_TIMES[@]}")
LIST_COLD_MS=$(best "${LIST_COLD_TIMES[@]}")

# 2. Warm thumbnails: the service (cache now warm) vs nginx on the bytes it returned.
NGINX_PORT=$($PY free-port)
mkdir -p "$WORK/nginx/tmp"
cat >"$WORK/nginx/nginx.conf" <<EOF
worker_processes auto;
error_log $WORK/nginx/error.log warn;
pid $WORK/nginx/nginx.pid;
events { worker_connections 1024; }
http {
    types { image/jpeg jpg; }
    access_log off;
    sendfile on;
    tcp_nopush on;
    keepalive_requests 1000000;
    client_body_temp_path $WORK/nginx/tmp/body;
    proxy_temp_path $WORK/nginx/tmp/proxy;
    fastcgi_temp_path $WORK/nginx/tmp/fastcgi;
    server {
        listen 127.0.0.1:$NGINX_PORT;
        root $WORK/www;
        add_header Cache-Control "public, max-age=31536000, immutable";
    }
}
EOF
nginx -p "$WORK/nginx" -c "$WORK/nginx/nginx.conf" -g 'daemon off;' 2>>"$WORK/nginx/error.log" &
NGINX=$!
for _ in $(seq 100); do curl -sf -o /dev/null "http://127.0.0.1:$NGINX_PORT/t/000.jpg" && break; sleep 0.05; done
sed "s|^$ORIGIN||" "$WORK/urls.txt" >"$WORK/service-paths.txt"
(cd "$WORK/www" && ls t/*.jpg | sed 's|^|/|') >"$WORK/nginx-paths.txt"
# Same bytes: every service response equals the file nginx serves.
index=0
while read -r path; do
    curl -sSf "$ORIGIN$path" | cmp -s - "$WORK/www/t/$(printf '%03d' "$index").jpg" \
        || { echo "the service's bytes for thumbnail $index changed between requests" >&2; exit 1; }
    index=$((index + 1))
done <"$WORK/service-paths.txt"
reset_hwm
run_wrk() {  # run_wrk PATHS ORIGIN: prints "requests/s p50-µs p99-µs non-2xx errors"
    WRK_PATHS=$1 wrk -t2 -c"$CONNECTIONS" -d"$DURATION" -s Benchmarks/service_wrk.lua "$2" | awk '/^WRK / { print $2, $3, $4, $5, $6 }'
}
SVC_RUNS="" NGX_RUNS=""
for _ in $(seq "$WRK_ROUNDS"); do
    SVC_RUNS+="$(run_wrk "$WORK/service-paths.txt" "$ORIGIN")"$'\n'
    NGX_RUNS+="$(run_wrk "$WORK/nginx-paths.txt" "http://127.0.0.1:$NGINX_PORT")"$'\n'
done
HWM_WARM=$(hwm_kb)
stop_nginx
read -r SVC_RPS SVC_P50 SVC_P99 SVC_BAD SVC_ERR < <(printf '%s' "$SVC_RUNS" | sort -k1,1 -gr | head -1)
read -r NGX_RPS NGX_P50 NGX_P99 NGX_BAD NGX_ERR < <(printf '%s' "$NGX_RUNS" | sort -k1,1 -gr | head -1)
[ "$SVC_BAD" = 0 ] && [ "$NGX_BAD" = 0 ] || echo "warning: non-2xx answers under wrk (service $SVC_BAD, nginx $NGX_BAD)" >&2

# 3. Listing page 500 of the 100,000-photo folder.
reset_hwm
LIST_URL="$ORIGIN/v1/sources/local-2/items?page=500&count=100"
list_ms() {
    local status seconds
    read -r status seconds < <(curl -s -o "$WORK/list.json" -w '%{http_code} %{time_total}\n' -H "Authorization: Bearer $TOKEN" "$LIST_URL")
    [ "$status" = 200 ] || { echo "listing page 500 answered $status: $(head -c 300 "$WORK/list.json")" >&2; return 1; }
    awk -v s="$seconds" 'BEGIN { printf "%.2f\n", s * 1000 }'
}
LIST_FIRST_MS=$(list_ms)
grep -q "\"IMG_$((499 * 100 + 1)).jpg\"" "$WORK/list.json" || { echo "page 500 does not start with IMG_49901.jpg" >&2; exit 1; }
for _ in $(seq "$LISTING_REQUESTS"); do list_ms; done >"$WORK/list-times.txt"
read -r LIST_P50 LIST_P99 < <($PY percentiles 50 99 <"$WORK/list-times.txt")
HWM_LIST=$(hwm_kb)
LOAD_END=$(cut -d' ' -f1-3 /proc/loadavg)

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }
ms() { awk -v us="$1" 'BEGIN { printf "%.2f", us / 1000 }'; }
mib() { awk -v kb="$1" 'BEGIN { printf "%.0f", kb / 1024 }'; }
verdict() { awk -v r="$1" -v g="$3" -v op="$2" 'BEGIN { print ((op == ">=" ? r >= g : r <= g) ? "met" : "missed") }'; }
WARM_RATIO=$(ratio "$SVC_RPS" "$NGX_RPS")
COLD_RATIO=$(ratio "$API_MS" "$CLI_MS")
echo
echo "| measure | service | yardstick | ratio | goal |"
echo "|---|---|---|---|---|"
echo "| warm thumbnail GETs, req/s (wrk -t2 -c$CONNECTIONS -d$DURATION, 50 URLs, best of $WRK_ROUNDS) | $SVC_RPS | nginx $NGX_RPS | ${WARM_RATIO}x | ≥ 0.6x: $(verdict "$WARM_RATIO" ">=" 0.6) |"
echo "| warm thumbnail p50 / p99 latency, ms (those runs) | $(ms "$SVC_P50") / $(ms "$SVC_P99") | nginx $(ms "$NGX_P50") / $(ms "$NGX_P99") | $(ratio "$SVC_P99" "$NGX_P99")x (p99) | — |"
echo "| cold page: 50 thumbnails of 12 MP JPEGs, s (curl 8 in flight; best of $ROUNDS) | $(ratio "$API_MS" 1000) | CLI --jobs 2: $(ratio "$CLI_MS" 1000) | ${COLD_RATIO}x | ≤ 1.2x: $(verdict "$COLD_RATIO" "<=" 1.2) |"
echo "| cold listing of that page (50 photos, fresh service), ms | $LIST_COLD_MS | — | — | — |"
echo "| page 500 of $FILES photos, first request (builds the index), ms | $LIST_FIRST_MS | — | — | — |"
echo "| page 500 of $FILES photos, p50 / p99 of $LISTING_REQUESTS requests, ms | $LIST_P50 / $LIST_P99 | — | — | — |"
echo "| service peak RSS (VmHWM), MiB: cold page / warm wrk / listing | $(mib "$HWM_COLD") / $(mib "$HWM_WARM") / $(mib "$HWM_LIST") | — | — | — |"
echo
echo "All rounds, ms: CLI ${CLI_TIMES[*]}; API ${API_TIMES[*]}. wrk req/s: service $(printf '%s' "$SVC_RUNS" | awk '{ printf "%s ", $1 }'); nginx $(printf '%s' "$NGX_RUNS" | awk '{ printf "%s ", $1 }')"
echo "Load average (1/5/15 min): $LOAD_START at the start, $LOAD_END at the end ($(nproc) cores)."
