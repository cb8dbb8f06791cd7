#!/usr/bin/env bash
# Listing benchmark: does page 999 of a 100,000-photo folder cost what page 1 costs?
#
# Builds the CLI in release, generates a folder of FILES small JPEGs plus FILES/100 text files
# named .jpg (which must be dropped by their magic bytes), then times
#   photosource ls local:DIR --page N --count 100 --json
# RUNS times for each page and prints the median wall time, its ratio to page 1, and the peak
# resident memory (/usr/bin/time -v, Debian package `time`).
#
# Every run is a new process, so every run builds the folder index (readdir + 16-byte sniff of
# each file) and reads the headers of one page: the ratio shows that paging is not linear in
# the page number. Environment: FILES (100000), RUNS (5), PAGES ("1 500 999"),
# DIR (a folder under $TMPDIR, kept for reruns; KEEP=0 removes it at the end), CONFIG (release;
# debug only checks that the script works, its times mean little).
set -euo pipefail

cd "$(dirname "$0")/.."
export PATH=/opt/swift/usr/bin:$PATH
FILES=${FILES:-100000}
RUNS=${RUNS:-5}
PAGES=${PAGES:-"1 500 999"}
DIR=${DIR:-${TMPDIR:-/tmp}/photosource-listing-$FILES}
KEEP=${KEEP:-1}
CONFIG=${CONFIG:-release}

[ -x /usr/bin/time ] || { echo "listing.sh needs /usr/bin/time (apt-get install time)" >&2; exit 1; }

echo "Building photosource ($CONFIG)…" >&2
swift build -c "$CONFIG" --product photosource >&2
BIN="$(swift build -c "$CONFIG" --show-bin-path)/photosource"

# A 64×48 baseline JPEG (made with PhotoImaging's ImageEncoder), copied FILES times.
TEMPLATE_BASE64='/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCAAwAEADASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwDhFi9qmWL2qysXtUyxe1fSSqHPSqlZYvapliqysXtUqxe1YyqHp0qpXWL2qZYvarCxe1TLF7VhKoelSqldYvapli9qsLF7VMsXtWMqh6VKqYixe1TLF7VZWL2qZYvatJVD81pVSssXtUyxe1WFi9qmWL2rCVQ9KlVK6xe1TLF7VYWKpli9qxlUPTpVSusXtUqxe1WVi9qmWL2rGVQ9KlVMRYqmWL2qysXtUqxe1XKofmtKqV1i9qmWL2qwsXtUyxe1YyqHpUqpXWL2qZYvarCxVMsXtWMqh6VKqVli9qmWKrKxe1TLF7VjKoenSqn/2Q=='

if [ ! -f "$DIR/.complete" ]; then
    echo "Generating $FILES files in $DIR…" >&2
    rm -rf "$DIR.partial"
    mkdir -p "$DIR.partial"
    echo "$TEMPLATE_BASE64" | base64 -d > "$DIR.partial/.template.jpg"
    printf 'not a photo\n' > "$DIR.partial/.template.txt"
    texts=$((FILES / 100))
    ( cd "$DIR.partial"
      seq -f 'IMG_%.0f.jpg' 1 "$FILES" | xargs -n 2000 sh -c 'tee "$@" < .template.jpg > /dev/null' sh
      [ "$texts" -eq 0 ] || seq -f 'notes_%.0f.jpg' 1 "$texts" | xargs -n 2000 sh -c 'tee "$@" < .template.txt > /dev/null' sh
      touch .complete )
    rm -rf "$DIR"
    mv "$DIR.partial" "$DIR"
fi
photos=$FILES

run_ms() {  # prints the wall time of one listing in milliseconds
    local start end
    start=$(date +%s%N)
    "$BIN" ls "local:$DIR" --page "$1" --count 100 --json > /dev/null
    end=$(date +%s%N)
    echo $(((end - start) / 1000000))
}

"$BIN" ls "local:$DIR" --page 1 --count 100 --json > /dev/null  # warm the page cache
printf '%-6s %10s %12s %14s\n' page "ms p50" "vs page 1" "peak RSS MiB"
base=""
for page in $PAGES; do
    if [ $(((page - 1) * 100)) -ge "$photos" ]; then echo "page $page is past the end ($photos photos)" >&2; continue; fi
    times=()
    for _ in $(seq "$RUNS"); do times+=("$(run_ms "$page")"); done
    p50=$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(((RUNS + 1) / 2))p")
    rss_kb=$(/usr/bin/time -v "$BIN" ls "local:$DIR" --page "$page" --count 100 --json 2>&1 >/dev/null \
        | awk -F: '/Maximum resident set size/ { gsub(/ /, "", $2); print $2 }')
    base=${base:-$p50}
    ratio=$(awk -v a="$p50" -v b="$base" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
    printf '%-6s %10s %12s %14s\n' "$page" "$p50" "$ratio" "$(awk -v k="$rss_kb" 'BEGIN { printf "%.1f", k / 1024 }')"
done

# Check that paging is exact: the last page holds the last photos in natural order.
last=$(((photos + 99) / 100))
"$BIN" ls "local:$DIR" --page "$last" --count 100 --json | grep -q "\"IMG_$photos.jpg\"" \
    || { echo "page $last does not end with IMG_$photos.jpg" >&2; exit 1; }

[ "$KEEP" = 1 ] || rm -rf "$DIR"
