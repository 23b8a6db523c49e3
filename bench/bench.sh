#!/usr/bin/env bash
# Times evalpress against the C5 reference on the 100-episode corpus and prints
# the ratios the issues set as targets. Needs node, python3 and ../shared.
#
#   bench/bench.sh [EPISODES]      (default 100)
set -euo pipefail
cd "$(dirname "$0")/.."
episodes=${1:-100}
shared=${SHARED:-../shared}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
corpus=$work/corpus
python3 "$shared/tools/gen_corpus.py" "$corpus" "$episodes" >/dev/null
go build -o "$work/evalpress" ./cmd/evalpress

# best wall time of N runs, in seconds
best() {
	local n=$1; shift
	local b=999999
	for _ in $(seq "$n"); do
		local s e t
		s=$(date +%s.%N); "$@" >/dev/null 2>&1; e=$(date +%s.%N)
		b=$(awk -v s="$s" -v e="$e" -v b="$b" 'BEGIN { t = e - s; print (t < b ? t : b) }')
	done
	printf '%.4f' "$b"
}

ratio() { awk -v a="$1" -v b="$2" -v f="$3" 'BEGIN { printf f, a / b }'; }

echo "corpus: $episodes episodes, $(du -sh --apparent-size "$corpus" | cut -f1), $(grep -c '^## ' "$corpus/sections.md") sections"
ref=$(best 1 bash "$shared/reference/run-reference.sh" "$corpus")
mea=$(best 5 "$work/evalpress" measure --inputs "$corpus")
wcw=$(best 5 wc -w "$corpus/sections.md" "$corpus/examples.md")
bash "$shared/reference/run-reference.sh" "$corpus" > "$work/ref.txt"
"$work/evalpress" measure --inputs "$corpus" > "$work/got.txt"
cmp -s "$work/ref.txt" "$work/got.txt" && same=identical || same=DIFFERENT
echo "reference measure:  ${ref}s"
echo "evalpress measure:  ${mea}s  (output $same)  -> $(ratio "$ref" "$mea" "%.1f")x faster than the reference (target >= 50x)"
echo "wc -w (both files): ${wcw}s  -> measure takes $(ratio "$mea" "$wcw" "%.2f")x wc -w (target <= 3x)"
/usr/bin/time -f "evalpress measure peak memory: %M KB" "$work/evalpress" measure --inputs "$corpus" >/dev/null
if "$work/evalpress" build --help >/dev/null 2>&1 && [ -f config.toml ]; then
	bld=$(best 3 "$work/evalpress" build --config config.toml --inputs "$corpus" --out "$work/site")
	echo "evalpress build:    ${bld}s  -> $(ratio "$ref" "$bld" "%.1f")x faster than the reference measuring alone (target >= 5x)"
	warm=$(best 3 "$work/evalpress" build --config config.toml --inputs "$corpus" --out "$work/site" --set c5.max_run=20)
	echo "threshold-only rebuild (warm cache): ${warm}s  -> $(ratio "$warm" "$bld" "%.2f") of the cold build (target <= 0.33)"
fi
