#!/usr/bin/env bash
# A fuzzing campaign longer than `make fuzz`: each harness for its own time, one after another
# (one libFuzzer process, no -jobs/-workers), at nice 19 so it only takes idle CPU. The corpus
# grows in .build-fuzz/corpus/NAME (shared with `make fuzz`), logs go to .build-fuzz/campaign/,
# crashes to Fuzz/Crashes/NAME/. A crash ends that harness's run, not the campaign.
#
#   make fuzz-campaign FUZZ_CAMPAIGN="jpeg=600 png=600 signed-url=300"
#   Fuzz/campaign.sh jpeg=600 png=600            (after `make fuzz-build`)
#
# `shim` is the C shim's own libFuzzer target (`make fuzz-shim` builds .build-fuzz/shim-fuzz),
# seeded from the jpeg, png and png-fast corpora.
#
# Prints one Markdown table row per harness (docs/fuzzing.md keeps the results):
# seconds, executions, exec/s, coverage (edges) and features at start → end, corpus files
# at start → end, new units, peak RSS, and what it found (crash, timeout, OOM or nothing).
set -uo pipefail
cd "$(dirname "$0")/.."
bin=${FUZZ_BIN:-.build-fuzz/debug/photosource-fuzz}
logs=.build-fuzz/campaign
shim=${SHIM_FUZZ_BIN:-.build-fuzz/shim-fuzz}
mkdir -p "$logs"

# The last value of `key: N` on libFuzzer's status lines matching `pattern`.
status() { grep -a "$1" "$2" | tail -1 | sed -n "s/.*$3: \([0-9]*\).*/\1/p"; }

echo "| harness | seconds | executions | exec/s | coverage (edges) | features | corpus files | new units | peak RSS MB | found |"
echo "|---|---:|---:|---:|---|---|---|---:|---:|---|"
for spec in "$@"; do
    name=${spec%%=*}
    seconds=${spec#*=}
    [ "$seconds" = "$spec" ] && seconds=${FUZZ_SECONDS:-60}
    target=$bin seeds=("Fuzz/Corpus/$name")
    [ "$name" = shim ] && target=$shim seeds=(Fuzz/Corpus/jpeg Fuzz/Corpus/png Fuzz/Corpus/png-fast)
    [ -x "$target" ] || { echo "campaign: build $target first (make fuzz-build, make fuzz-shim)" >&2; exit 2; }
    mkdir -p "Fuzz/Crashes/$name" ".build-fuzz/corpus/$name"
    log=$logs/$name.log
    before=$(ls ".build-fuzz/corpus/$name" | wc -l)
    start=$(date +%s)
    SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 FUZZ_HARNESS=$name nice -n 19 "$target" \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=256 -max_len=65536 \
        -print_final_stats=1 -artifact_prefix="Fuzz/Crashes/$name/" \
        ".build-fuzz/corpus/$name" "${seeds[@]}" >"$log" 2>&1
    took=$(( $(date +%s) - start ))
    after=$(ls ".build-fuzz/corpus/$name" | wc -l)
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    found=nothing
    if grep -aq 'ALARM: working on the last Unit' "$log"; then found=timeout
    elif grep -aq 'out-of-memory' "$log"; then found=OOM
    elif grep -aq 'Test unit written to\|==ERROR\|deadly signal' "$log"; then found=crash
    fi
    [ "$found" != nothing ] && found="$found: $(grep -ao "Test unit written to [^ ]*" "$log" | tail -1 | sed 's/Test unit written to //')"
    echo "| $name | $took | ${runs:-?} | $(( ${runs:-0} / (took > 0 ? took : 1) )) |" \
        "$(status INITED "$log" cov) → $(status 'cov:' "$log" cov) | $(status INITED "$log" ft) → $(status 'ft:' "$log" ft) |" \
        "$before → $after | $(sed -n 's/^stat::new_units_added: *//p' "$log") | $(sed -n 's/^stat::peak_rss_mb: *//p' "$log") | $found |"
done
