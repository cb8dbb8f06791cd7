#!/usr/bin/env bash
# Queue benchmark: orders per second the order queue moves on PostgreSQL and on SQLite, with 1
# and with 2 workers (one instance's `orders.workers`; 2 is the default). Each run writes ORDERS
# orders (one line, one destination) with their jobs into a fresh database, then the workers
# claim and complete every job through the store protocol as OrderPipeline does (queue-bench,
# Benchmarks/QueueBenchmark: no sources, files or labs, so the figure is the queue's).
# PostgreSQL is the script's own: initdb in a temporary folder, 127.0.0.1 on a free port, as
# `postgres` (setpriv) when run as root, default settings (fsync and synchronous_commit on, as
# SQLite's WAL commits are durable too); stopped and the folder removed at the end, whatever happens.
# Prints a Markdown table: median orders/s over ROUNDS with min–max, claim latency p50/p99 of the
# median run, and how fast that run wrote its orders (one createOrder at a time). Only 127.0.0.1 is contacted.
# Environment: BIN (a built queue-bench; else it is built with CONFIGURATION, default release),
# ORDERS (500), ROUNDS (3), WORKERS ("1 2"), QUEUE_DIR (where both databases live, default /tmp;
# /dev/shm takes the disk's fsync out of the figures, leaving the engines' own costs).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
ORDERS=${ORDERS:-500}
ROUNDS=${ROUNDS:-3}
WORKERS=${WORKERS:-1 2}
if [ -z "${BIN:-}" ]; then
  CONFIGURATION=${CONFIGURATION:-release}
  swift build -c "$CONFIGURATION" --product queue-bench >/dev/null
  BIN="$(swift build -c "$CONFIGURATION" --show-bin-path)/queue-bench"
fi
[ -x "$BIN" ] || { echo "queue.sh: no $BIN (swift build -c release --product queue-bench)" >&2; exit 1; }
BIN=$(realpath "$BIN")
pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -n "$pgbin" ] && [ -x "$pgbin/initdb" ] || { echo "queue.sh needs PostgreSQL (apt-get install postgresql)" >&2; exit 1; }

folder=$(mktemp -d "${QUEUE_DIR:-/tmp}/queue-bench.XXXXXX")
pg_pid=""
cleanup() {
  trap - EXIT INT TERM
  if [ -n "$pg_pid" ]; then kill -INT "$pg_pid" 2>/dev/null || true; wait "$pg_pid" 2>/dev/null || true; fi
  rm -rf "$folder"
}
trap cleanup EXIT INT TERM

mkdir "$folder/pg" "$folder/tmp"
as_pg=()
pg_user=$(id -un)
if [ "$(id -u)" = 0 ]; then
  chmod 0755 "$folder"
  chown postgres:postgres "$folder/pg"
  as_pg=(setpriv --reuid=postgres --regid=postgres --init-groups --)
  pg_user=postgres
fi
"${as_pg[@]}" "$pgbin/initdb" -D "$folder/pg/data" -U "$pg_user" --auth=trust -E UTF8 --no-instructions > "$folder/pg/initdb.log"
for _ in 1 2 3; do  # a free port can be taken between the probe and the server's bind: try another
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  "${as_pg[@]}" "$pgbin/postgres" -D "$folder/pg/data" -p "$port" -k "$folder/pg" -c listen_addresses=127.0.0.1 \
    > "$folder/pg/postgres.log" 2>&1 &
  pg_pid=$!
  for _ in $(seq 300); do
    "$pgbin/pg_isready" -q -h 127.0.0.1 -p "$port" && break
    kill -0 "$pg_pid" 2>/dev/null || break
    sleep 0.1
  done
  "$pgbin/pg_isready" -q -h 127.0.0.1 -p "$port" && break
  wait "$pg_pid" 2>/dev/null || true
  pg_pid=""
done
[ -n "$pg_pid" ] || { echo "queue.sh: PostgreSQL did not start:" >&2; cat "$folder/pg/postgres.log" >&2; exit 1; }

results="$folder/results"
run=0
for _ in $(seq "$ROUNDS"); do
  for workers in $WORKERS; do
    for engine in sqlite postgres; do
      run=$((run + 1))
      url=""
      if [ "$engine" = postgres ]; then
        "$pgbin/createdb" -h 127.0.0.1 -p "$port" -U "$pg_user" "queue$run"
        url="postgres://$pg_user@127.0.0.1:$port/queue$run?sslmode=disable"
      fi
      TMPDIR="$folder/tmp" "$BIN" "$engine" "$ORDERS" "$workers" $url >> "$results"
      [ "$engine" = postgres ] && "$pgbin/dropdb" -h 127.0.0.1 -p "$port" -U "$pg_user" "queue$run"
    done
  done
done

echo "| engine | workers | orders/s (median of $ROUNDS, min–max) | claim p50 / p99 (median run) | orders written/s (median run) |"
echo "|---|---|---|---|---|"
for engine in postgres sqlite; do
  for workers in $WORKERS; do
    # Columns: engine workers orders enqueue_s drain_s orders_per_s claim_p50_ms claim_p99_ms
    awk -F'\t' -v e="$engine" -v w="$workers" '$1 == e && $2 == w' "$results" | sort -t$'\t' -k6 -g | awk -F'\t' '
      { rate[NR] = $6; p50[NR] = $7; p99[NR] = $8; written[NR] = $3 / $4; name = ($1 == "postgres" ? "PostgreSQL" : "SQLite"); w = $2 }
      END {
        m = int((NR + 1) / 2)
        printf "| %s | %s | %.0f (%.0f–%.0f) | %.1f ms / %.1f ms | %.0f |\n", name, w, rate[m], rate[1], rate[NR], p50[m], p99[m], written[m]
      }'
  done
done
echo
echo "Conditions: $(date -u +%F), databases on $(df --output=fstype "$folder" | tail -1) ($(dirname "$folder")), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at the end, $ORDERS orders per run," \
  "PostgreSQL $("$pgbin/postgres" --version | awk '{print $3}') (default settings), $BIN."
