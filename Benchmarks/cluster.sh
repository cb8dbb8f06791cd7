#!/usr/bin/env bash
# Cluster benchmark: wrk through nginx (scripts/cluster/nginx-config.sh) to one instance and to
# two (scripts/cluster/serve-cluster.sh with INSTANCES=1 and 2), on a route nginx does not cache:
# GET /v1/sources/demo/items (a listing page with signed URLs, one session). On a 2-core machine
# two instances cannot be faster than one (nginx, wrk and the instances share the cores): the
# figures measure the overhead of the second instance and of round-robin, not a speed-up.
# ROUNDS rounds alternate 1 and 2 instances; prints the median requests/s with min–max, and p99.
# Only 127.0.0.1 is contacted.
# Environment: BIN (.build/release/photosource; build it first), ROUNDS (3), DURATION (10s),
# CONNECTIONS (16), PORT (18088).
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-.build/release/photosource}
ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-16}
PORT=${PORT:-18088}
for tool in wrk nginx curl jq; do command -v "$tool" >/dev/null || { echo "cluster.sh needs $tool (make bench-deps)" >&2; exit 1; }; done
[ -x "$BIN" ] || { echo "no $BIN: swift build -c release --product photosource" >&2; exit 1; }
key=psk_cluster_bench_0123456789
results=$(mktemp)

one_run() {  # INSTANCES → "rps p99ms"
  local folder; folder=$(mktemp -d /tmp/cluster-bench.XXXXXX)
  PORT=$PORT INSTANCES=$1 PHOTOSOURCE_API_KEY=$key PHOTOSOURCE_CLUSTER_DIR=$folder PHOTOSOURCE_REQUESTS_PER_MINUTE=100000000 \
    scripts/cluster/serve-cluster.sh "$BIN" > "$folder/cluster.out" 2>&1 &
  local cluster=$!
  for _ in $(seq 300); do grep -q "^serve-cluster: nginx on" "$folder/cluster.out" 2>/dev/null && break; sleep 0.1; done
  local base=http://127.0.0.1:$PORT
  local token; token=$(curl -s -X POST -H "Authorization: Bearer $key" "$base/v1/sessions" | jq -r .token)
  curl -s -o /dev/null -H "Authorization: Bearer $token" "$base/v1/sources/demo/items"  # warm
  wrk -t2 -c"$CONNECTIONS" -d"$DURATION" --latency -H "Authorization: Bearer $token" "$base/v1/sources/demo/items" > "$folder/wrk.txt"
  local rps p99
  rps=$(awk '/^Requests\/sec/ {print $2}' "$folder/wrk.txt")
  p99=$(awk '$1=="99%" {print $2}' "$folder/wrk.txt")
  grep -q "Non-2xx" "$folder/wrk.txt" && echo "warning: non-2xx answers in run with $1 instance(s)" >&2
  kill -TERM "$cluster"; wait "$cluster" 2>/dev/null || true
  rm -rf "$folder"
  echo "$1 $rps $p99" >> "$results"
}

for _ in $(seq "$ROUNDS"); do one_run 1; one_run 2; done
echo "| instances behind nginx | requests/s (median of $ROUNDS, min–max) | p99 of the median run |"
echo "|---|---|---|"
for n in 1 2; do
  grep "^$n " "$results" | sort -k2 -n | awk -v n="$n" '{r[NR]=$2; p[NR]=$3} END {m=int((NR+1)/2); printf "| %s | %s (%s–%s) | %s |\n", n, r[m], r[1], r[NR], p[m]}'
done
echo
echo "Conditions: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at the end, $DURATION per run, $CONNECTIONS connections, $BIN."
rm -f "$results"
