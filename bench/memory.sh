#!/usr/bin/env bash
# Measures evalpress builds' peak memory and time per page with
# /usr/bin/time -v on generated inputs, against the targets in
# bench/README.md:
#   - 2,700 sections: the size of a large study;
#   - 20,000 tiny sections: under 1 GB;
#   - one 30 MB section: under 400 MB.
#
#   bench/memory.sh [SIZES...]     (default: 2700 20000 30mb)
#
# The machine's load changes the times: run it on a quiet machine, or read
# the times as an upper bound.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
if [ -n "${EVALPRESS:-}" ]; then cp "$EVALPRESS" "$work/evalpress"; else go build -o "$work/evalpress" ./cmd/evalpress; fi
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(2700 20000 30mb)
for size in "${sizes[@]}"; do
	dir=$work/$size
	if [ "$size" = 30mb ]; then
		# One writer, one section of about 30 MB (5 million words), against
		# an example of 300 words.
		bench/gen-corpus.sh "$dir" 1 5000000 1 300
	else
		bench/gen-corpus.sh "$dir" "$size" 3 1
	fi
	/usr/bin/time -v "$work/evalpress" build --config "$dir/config.toml" 2>"$work/time.txt" >/dev/null || { cat "$work/time.txt"; exit 1; }
	pages=$(sed -n 's/^built \([0-9]*\) pages.*/\1/p' "$work/time.txt")
	kb=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$work/time.txt")
	wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$work/time.txt")
	secs=$(awk -v t="$wall" 'BEGIN { n = split(t, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; print s }')
	echo "$size: $pages pages, peak $((kb / 1024)) MB, $wall wall, $(awk -v s="$secs" -v p="$pages" 'BEGIN { printf "%.3f", 1000 * s / p }') ms per page"
	rm -rf "$dir"
done
