#!/usr/bin/env bash
# Upload benchmark: COUNT files of SIZE_MB MB sent to a loopback receiver by HTTPUploadDestination
# (multipart, file parts streamed from disk) and, for comparison, as whole in-memory bodies, both
# CONCURRENCY at a time. Prints a Markdown table with wall time, rate and peak RSS (VmHWM).
# Usage: Benchmarks/upload.sh [COUNT (default 12)] [SIZE_MB (default 24)] [CONCURRENCY (default 6)]
# CONFIGURATION=debug uses a debug build (default release). Only 127.0.0.1 is ever contacted.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
COUNT=${1:-12}
SIZE=${2:-24}
CONCURRENCY=${3:-6}
CONFIGURATION=${CONFIGURATION:-release}
swift build -c "$CONFIGURATION" --product upload-bench >/dev/null
BENCH="$(swift build -c "$CONFIGURATION" --show-bin-path)/upload-bench"
echo "| mode | files | in flight | time | rate | peak RSS before | peak RSS after |"
echo "|---|---|---|---|---|---|---|"
for mode in stream memory; do "$BENCH" "$COUNT" "$SIZE" "$CONCURRENCY" "$mode" 2>/dev/null; done
