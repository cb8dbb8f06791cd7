#!/usr/bin/env bash
# Runs schemathesis against a live `photosource serve` on 127.0.0.1 (an ephemeral port), with the
# repository's openapi.yaml as the contract: no 5xx, every status, header and body as the spec says,
# 405 + Allow for undeclared methods. Bounded: at most $EXAMPLES cases per operation and $MAX_TIME
# seconds in all.
#
# So that it exercises the operations rather than their refusals, it first seeds real data
# (scripts/schemathesis_seed.py): the API key and a customer session for the two security schemes,
# a photo's signed thumbnail and original URLs, an order, and a demo-cloud sign-in's state and code;
# these go into schemathesis.toml as parameter values (mixed with generated ones where a wrong value
# is worth trying too). The run fails on schemathesis' warnings that say it did not get through:
# an operation that only answered 401/403 (missing_auth) or only 404 (missing_test_data).
# getCatalogIcon runs only in the second, unseeded pass (forged URLs: 403): a real icon URL from
# GET /v1/catalog names Photopea's https icon, and the no-config service would fetch it, so the
# stateful pass must never follow one there (nothing in the tests leaves 127.0.0.1; the icon path is
# CatalogIconsTests' job, against a loopback icon server).
# The hand-off preflights (OPTIONS) also run only there: without an allowed Origin (schemathesis
# sends none) they are 403 by design, which the seeded pass would count as "only 401/403".
# Usage: scripts/schemathesis.sh [path/to/photosource]   (make test runs it after the Swift tests)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${1:-.build/debug/photosource}
EXAMPLES=${EXAMPLES:-25}
MAX_TIME=${MAX_TIME:-120}
UNSEEDED_TIME=${UNSEEDED_TIME:-30}  # the two operations the seed cannot reach, run apart (below)
command -v schemathesis >/dev/null || python3 -m pip install -q schemathesis

work=$(mktemp -d)
server=""
cleanup() {
  [ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

key="psk_schemathesis_$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')"
# The no-config default (demo library, demo cloud, default products, a folder destination), with its
# state in the scratch folder and a rate limit high enough that fuzzing measures the API, not the limiter.
PHOTOSOURCE_REQUESTS_PER_MINUTE=100000 PHOTOSOURCE_API_KEY=$key PHOTOSOURCE_STATE_DIR=$work/state XDG_STATE_HOME=$work XDG_DATA_HOME=$work \
  "$BIN" serve --host 127.0.0.1 --port 0 >"$work/out" 2>"$work/err" &
server=$!
for _ in $(seq 1 300); do
  grep -q '^listening on ' "$work/out" 2>/dev/null && break
  kill -0 "$server" 2>/dev/null || { cat "$work/err" >&2; exit 1; }
  sleep 0.1
done
base=$(head -1 "$work/out" | sed 's/^listening on //')
[ -n "$base" ] || { echo "schemathesis.sh: the service did not start" >&2; cat "$work/err" >&2; exit 1; }
python3 scripts/schemathesis_seed.py "$base" "$key" >"$work/schemathesis.toml" || { cat "$work/err" >&2; exit 1; }

echo "schemathesis against $base (at most $EXAMPLES examples per operation, ${MAX_TIME}s)"
spec=$PWD/openapi.yaml
# Raw bytes for tus upload chunks (application/offset+octet-stream): scripts/schemathesis_hooks.py.
export SCHEMATHESIS_HOOKS=schemathesis_hooks PYTHONPATH="$PWD/scripts${PYTHONPATH:+:$PYTHONPATH}"
cd "$work"  # schemathesis keeps a .schemathesis/ folder in the working directory
checks=not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance,response_headers_conformance,unsupported_method,allow_header_conformance
# Asset URLs are made only for a print-lab destination, and lab callbacks need one too (and a
# signature over each body): the no-config service has none, so these two operations can only be
# refused (403, 404). They run apart, for the checks alone, so their refusals do not hide behind
# the warnings that fail the main run.
# DELETE /v1/sessions/current revokes the seeded session that every customer operation runs with:
# it runs in that second run too, after the main one, so it cannot cut the others off.
# The no-config service has no webhook, so a ping can only be refused (409) and no event can be
# redelivered (404): these two run apart as well.
unseeded=(--include-operation-id getOrderAsset --include-operation-id printLabCallback --include-operation-id revokeSession
  --include-operation-id pingWebhook --include-operation-id redeliverWebhookEvent --include-operation-id getCatalogIcon
  --include-operation-id preflightHandoffImage --include-operation-id preflightHandoffReturn)
schemathesis --config-file "$work/schemathesis.toml" run "$spec" --url "$base" --checks "$checks" \
  --exclude-operation-id getOrderAsset --exclude-operation-id printLabCallback --exclude-operation-id revokeSession \
  --exclude-operation-id pingWebhook --exclude-operation-id redeliverWebhookEvent \
  --exclude-operation-id getCatalogIcon --exclude-operation-id preflightHandoffImage --exclude-operation-id preflightHandoffReturn \
  --max-examples "$EXAMPLES" --max-time "$MAX_TIME" --seed 9 \
  --generation-database none --request-timeout 20 --no-color
schemathesis --config-file "$work/schemathesis.toml" run "$spec" --url "$base" --checks "$checks" "${unseeded[@]}" --warnings off \
  --max-examples "$EXAMPLES" --max-time "$UNSEEDED_TIME" --seed 9 \
  --generation-database none --request-timeout 20 --no-color
