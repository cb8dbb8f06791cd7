#!/usr/bin/env bash
# Thumbnail benchmark: our batch thumbnailer side by side with vipsthumbnail, Pillow (draft +
# LANCZOS), ImageMagick and a bare libturbojpeg 1/8 decode loop, on a generated corpus.
# Prints a Markdown table. Usage: Benchmarks/run.sh [FILES_PER_CLASS (default 10)]
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
COUNT=${1:-10}
SIZE=256
RUNS=${RUNS:-5}
OUT=${BENCH_OUT:-Benchmarks/out}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)

# Our side runs through `thumbnail-bench ours`: the same BatchThumbnailer that `photosource
# thumbnail` wraps, without building the whole CLI (and its HTTP server stack) in release mode.
if [ -z "${SKIP_BUILD:-}" ]; then swift build -c release --product thumbnail-bench >/dev/null 2>&1; fi
TB=.build/release/thumbnail-bench

"$TB" corpus "$OUT/corpus" "$COUNT" | tail -1

# best CMD… : best wall time of $RUNS runs (default 5) and the peak RSS (MiB) of that run -> "seconds rss"
best() {
  local best_s="" best_rss=""
  for ((run = 0; run < RUNS; run++)); do
    rm -rf "$OUT/thumbs" && mkdir -p "$OUT/thumbs"
    local line
    /usr/bin/time -f "%e %M" -o "$OUT/time.txt" "$@" >/dev/null 2>&1 || { echo "failed: $*" >&2; return 1; }
    line=$(tail -1 "$OUT/time.txt")
    local s=${line% *} rss=${line#* }
    if [ -z "$best_s" ] || awk "BEGIN{exit !($s < $best_s)}"; then best_s=$s; best_rss=$rss; fi
  done
  echo "$best_s $((best_rss / 1024))"
}

magick_loop() { for f in "$@"; do convert -define jpeg:size=$((SIZE * 2))x$((SIZE * 2)) "$f" -thumbnail ${SIZE}x${SIZE} "$OUT/thumbs/$(basename "${f%.*}")_im.jpg"; done; }
export -f magick_loop; export OUT SIZE

ratio() { awk "BEGIN{ if ($2 == 0) print \"-\"; else printf \"%.2f\", $1 / $2 }"; }
rate() { awk "BEGIN{ printf \"%.2f\", $1 / $2 }"; }

echo
echo "| class | limit img/s | ours 1 job | ours 2 jobs | 2j/1j | vipsthumbnail | Pillow draft | ImageMagick | ours/limit | ours/vips | ours/Pillow | ours/IM | RSS ours MiB | RSS vips | RSS Pillow | PSNR ours dB | PSNR Pillow dB | PSNR vips dB |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
for dir in "$OUT"/corpus/*/; do
  class=$(basename "$dir")
  files=("$dir"*)
  n=${#files[@]}
  case "$class" in png*) limit=$("$TB" limit-png "${files[@]}") ;; *) limit=$("$TB" limit-jpeg "${files[@]}") ;; esac
  read -r s1 rss1 < <(best "$TB" ours 1 $SIZE "$OUT/thumbs" jpeg "${files[@]}")
  read -r s2 _ < <(best "$TB" ours 2 $SIZE "$OUT/thumbs" jpeg "${files[@]}")
  read -r sv rssv < <(best env VIPS_CONCURRENCY=1 vipsthumbnail "${files[@]}" -s $SIZE -o "$OUT/thumbs/%s_vips.jpg")
  read -r sp rssp < <(best /usr/bin/python3 Benchmarks/pillow_thumbs.py $SIZE "$OUT/thumbs" jpg "${files[@]}")
  read -r sm _ < <(best bash -c 'magick_loop "$@"' _ "${files[@]}")
  r1=$(rate "$n" "$s1"); r2=$(rate "$n" "$s2"); rv=$(rate "$n" "$sv"); rp=$(rate "$n" "$sp"); rm_=$(rate "$n" "$sm")

  # Quality: lossless outputs vs full decode + Lanczos-3.
  q=$OUT/quality/$class; rm -rf "$q"; mkdir -p "$q"
  "$TB" ours 1 $SIZE "$q" png "${files[@]:0:3}" >/dev/null
  /usr/bin/python3 Benchmarks/pillow_thumbs.py $SIZE "$q" png "${files[@]:0:3}"
  VIPS_CONCURRENCY=1 vipsthumbnail "${files[@]:0:3}" -s $SIZE -o "$q/%s_vips.png"
  pairs() { for f in "${files[@]:0:3}"; do b=$(basename "${f%.*}"); echo "$f" "$q/${b}_$1.png"; done; }
  po=$("$TB" psnr $SIZE $(pairs thumb)); pp=$("$TB" psnr $SIZE $(pairs pil)); pv=$("$TB" psnr $SIZE $(pairs vips))

  echo "| $class | $limit | $r1 | $r2 | $(ratio "$r2" "$r1") | $rv | $rp | $rm_ | $(ratio "$r1" "$limit") | $(ratio "$r1" "$rv") | $(ratio "$r1" "$rp") | $(ratio "$r1" "$rm_") | $rss1 | $rssv | $rssp | $po | $pp | $pv |"
done

echo
sample=$(ls "$OUT"/corpus/jpeg-12mp/* | head -1)
"$TB" cache "$sample"
