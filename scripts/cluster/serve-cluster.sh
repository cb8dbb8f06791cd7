#!/usr/bin/env bash
# make serve-cluster: two `photosource serve` instances and nginx in front, on 127.0.0.1, for a
# person to try (docs/deployment.md). Prints nginx's address; Ctrl-C stops everything.
#   serve-cluster.sh BINARY
# Environment: PORT (nginx's port, default 8088), INSTANCES (2), PHOTOSOURCE_API_KEY (else a key printed once),
# PHOTOSOURCE_CLUSTER_DIR (the folder for state, shared files and nginx; default a new temp folder,
# deleted at the end).
# The store: a PostgreSQL of its own (initdb in the folder, 127.0.0.1 on PG_PORT (default
# PORT+1), as `postgres` through setpriv when run as root), or PHOTOSOURCE_DATABASE_URL when set;
# each instance has its own state folder. SQLITE=1 instead shares one state folder and its
# SQLite file between the instances (one machine only).
set -euo pipefail
binary=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
port=${PORT:-8088}
instances=${INSTANCES:-2}
folder=${PHOTOSOURCE_CLUSTER_DIR:-$(mktemp -d /tmp/photosource-cluster.XXXXXX)}
mkdir -p "$folder"
key=${PHOTOSOURCE_API_KEY:-psk_cluster_$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')}
hash=$(printf %s "$key" | sha256sum | cut -d' ' -f1)
signing=$(head -c 32 /dev/urandom | base64)
sealing=$(head -c 32 /dev/urandom | base64)
pids=()

stop_all() {
  trap - INT TERM EXIT
  # Instances and nginx first, PostgreSQL (started before them) last.
  for ((i = ${#pids[@]} - 1; i >= 0; i--)); do kill -TERM "${pids[i]}" 2>/dev/null || true; wait "${pids[i]}" 2>/dev/null || true; done
  [ -n "${PHOTOSOURCE_CLUSTER_DIR:-}" ] || rm -rf "$folder"
  echo "serve-cluster: stopped" >&2
}
trap stop_all INT TERM EXIT

# One demo cloud for both instances (the `demo-cloud` source would start one inside each).
"$binary" demo-cloud > "$folder/cloud.address" 2>/dev/null &
pids+=($!)
for _ in $(seq 100); do [ -s "$folder/cloud.address" ] && break; sleep 0.1; done
cloud=$(head -1 "$folder/cloud.address")

database_member=""
if [ -z "${SQLITE:-}" ] && [ -z "${PHOTOSOURCE_DATABASE_URL:-}" ]; then
  pgbin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
  pg_port=${PG_PORT:-$((port + 1))}
  mkdir -p "$folder/pg"
  as_pg=()
  if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$folder/pg"; chmod 0755 "$folder"; as_pg=(setpriv --reuid=postgres --regid=postgres --init-groups --); fi
  pg_user=$([ "$(id -u)" = 0 ] && echo postgres || id -un)
  "${as_pg[@]}" "$pgbin/initdb" -D "$folder/pg/data" -U "$pg_user" --auth=trust -E UTF8 --no-instructions > "$folder/pg/initdb.log"
  "${as_pg[@]}" "$pgbin/postgres" -D "$folder/pg/data" -p "$pg_port" -k "$folder/pg" -c listen_addresses=127.0.0.1 > "$folder/pg/postgres.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 100); do "$pgbin/pg_isready" -q -h 127.0.0.1 -p "$pg_port" && break; sleep 0.1; done
  PHOTOSOURCE_DATABASE_URL="postgres://$pg_user@127.0.0.1:$pg_port/postgres?sslmode=disable"
fi
[ -n "${PHOTOSOURCE_DATABASE_URL:-}" ] && database_member="\"database\": \"$PHOTOSOURCE_DATABASE_URL\","
upstreams=()
for name in $(echo a b c d e f g h | cut -d' ' -f1-"$instances"); do
  state="$folder/state"
  [ -n "$database_member" ] && state="$folder/state-$name"
  mkdir -p "$state"
  cat > "$folder/config-$name.json" <<JSON
{ $database_member
  "sources": ["demo", "cloud:$cloud"], "allowedSourceOrigins": ["$cloud"],
  "apiKeyHashes": ["sha256:$hash"], "signingKeys": ["$signing"], "sealingKey": "$sealing",
  "stateDirectory": "$state", "sharedDirectory": "$folder/shared",
  "publicBaseURL": "http://127.0.0.1:$port",
  "traffic": {"trustedProxies": ["127.0.0.1"]},
  "destinations": [{"id": "shop-folder", "kind": "folder", "root": "$folder/orders"}] }
JSON
  "$binary" serve --config "$folder/config-$name.json" --host 127.0.0.1 --port 0 > "$folder/$name.out" 2> "$folder/$name.log" &
  pids+=($!)
  for _ in $(seq 300); do grep -q '^listening on' "$folder/$name.out" 2>/dev/null && break; sleep 0.1; done
  address=$(head -1 "$folder/$name.out" | sed 's|^listening on http://||')
  [ -n "$address" ] || { echo "serve-cluster: instance $name did not start; see $folder/$name.log" >&2; exit 1; }
  upstreams+=("$address")
done

mkdir -p "$folder/nginx"
"$here/nginx-config.sh" "$folder/nginx" "$port" "${upstreams[@]}" > "$folder/nginx/nginx.conf"
nginx -p "$folder/nginx" -c "$folder/nginx/nginx.conf" -e "$folder/nginx/error.log" &
pids+=($!)
sleep 0.5
kill -0 "${pids[-1]}" 2>/dev/null || { cat "$folder/nginx/error.log" >&2; exit 1; }

cat <<TEXT
serve-cluster: nginx on http://127.0.0.1:$port in front of ${upstreams[*]}
  API key: $key
  try:     curl -s -X POST -H "Authorization: Bearer $key" http://127.0.0.1:$port/v1/sessions
  store:   ${PHOTOSOURCE_DATABASE_URL:-SQLite in $folder/state}
  files:   $folder (logs a.log, b.log, nginx/error.log; shared files in shared/)
Ctrl-C stops the instances, the demo cloud, nginx and PostgreSQL.
TEXT
wait
