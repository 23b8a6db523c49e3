#!/usr/bin/env bash
# Times evalpress against the C5 reference and against Debian's hugo on the
# 100-episode corpus, side by side in one run, and prints the figures the
# issues set as targets. Needs node, python3, hugo and ../shared.
#
#   bench/bench.sh [EPISODES]      (default 100)
#
# EVALPRESS=path/to/binary times that binary rather than one built from
# this checkout (to compare with an older build); SHARED names the folder
# holding reference/ and tools/ (default ../shared).
set -euo pipefail
cd "$(dirname "$0")/.."
episodes=${1:-100}
shared=${SHARED:-../shared}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
corpus=$work/corpus
python3 "$shared/tools/gen_corpus.py" "$corpus" "$episodes" >/dev/null
bin=${EVALPRESS:-}
if [ -z "$bin" ]; then
	bin=$work/evalpress
	go build -o "$bin" ./cmd/evalpress
fi

now() { date +%s.%N; }
# timed CMD...: the wall time of one run, in seconds.
timed() { local s e; s=$(now); "$@" >/dev/null 2>&1; e=$(now); awk -v s="$s" -v e="$e" 'BEGIN { print e - s }'; }
# best N CMD...: the best wall time of N runs.
best() {
	local n=$1 b=999999 t; shift
	for _ in $(seq "$n"); do
		t=$(timed "$@")
		b=$(awk -v t="$t" -v b="$b" 'BEGIN { print (t < b ? t : b) }')
	done
	printf '%.4f' "$b"
}
ratio() { awk -v a="$1" -v b="$2" -v f="$3" 'BEGIN { printf f, a / b }'; }
rm -rf "$HOME/.cache/hugo_cache" 2>/dev/null || true

echo "corpus: $episodes episodes, $(du -sh --apparent-size "$corpus" | cut -f1), $(grep -c '^## ' "$corpus/sections.md") sections"
ref=$(best 3 bash "$shared/reference/run-reference.sh" "$corpus")
mea=$(best 5 "$bin" measure --inputs "$corpus")
bash "$shared/reference/run-reference.sh" "$corpus" > "$work/ref.txt"
"$bin" measure --inputs "$corpus" > "$work/got.txt"
cmp -s "$work/ref.txt" "$work/got.txt" && same=identical || same=DIFFERENT
echo "reference measure:  ${ref}s"
echo "evalpress measure:  ${mea}s  (output $same)  -> $(ratio "$ref" "$mea" "%.1f")x faster than the reference (target >= 50x)"

# A cold build into a new folder, and hugo building as many pages into a
# new folder, interleaved so that both meet the same machine: first on the
# disk, then on tmpfs (/dev/shm), where creating files costs little. On the
# disks seen here, creating files slows down the more were made in the
# last minutes (2,700 files of 24 KB: 0.13 s, then 1.7 s), so the disk's
# figures vary from run to run far more than the CPU's.
cfg=$work/bench-config
mkdir -p "$cfg" && cp -r bench/config.toml bench/content "$cfg"/
n=0
build() { n=$((n + 1)); "$bin" build --config "$cfg/config.toml" --inputs "$corpus" --out "$1/site-$n"; }
# settle: untimed, before each timed build: the disk writes back what the
# run before wrote, and a cache an older evalpress kept beside the config
# (.evalpress-cache) goes, so that every build is a cold one.
settle() { rm -rf "$cfg/.evalpress-cache" "$cfg"/site-* "${shm:-/nonexistent}"/site-*; sync; }
build "$cfg" >/dev/null 2>&1
pages=$(find "$cfg/site-1" -name '*.html' | wc -l)
# cputimed CMD...: the wall and the CPU time (user and system) of one run,
# in seconds: on a machine others load, the CPU time is the steadier.
cputimed() {
	local wall user sys
	/usr/bin/time -f "%e %U %S" -o "$work/time" "$@" >/dev/null 2>&1
	read -r wall user sys < "$work/time"
	awk -v w="$wall" -v u="$user" -v s="$sys" 'BEGIN { print w, u + s }'
}
# lower A B: the lower of two times.
lower() { awk -v a="$1" -v b="$2" 'BEGIN { print (a < b ? a : b) }'; }
# compare WHERE LABEL: five interleaved runs of each, the best wall time
# and the best CPU time of each.
compare() {
	local where=$1 label=$2 bld=999999 bcpu=999999 hug=999999 hcpu=999999 t c hpages
	for _ in 1 2 3 4 5; do
		settle
		read -r t c < <(cputimed "$bin" build --config "$cfg/config.toml" --inputs "$corpus" --out "$where/site-timed")
		bld=$(lower "$t" "$bld") bcpu=$(lower "$c" "$bcpu")
		settle
		read -r t hpages c < <(TMPDIR=$where bash bench/hugo.sh "$corpus" "$pages" 1)
		hug=$(lower "$t" "$hug") hcpu=$(lower "$c" "$hcpu")
	done
	bld=$(printf '%.4f' "$bld") hug=$(printf '%.4f' "$hug")
	echo "$label: evalpress build (cold, into a new folder, $pages pages): ${bld}s -> $(ratio "$ref" "$bld" "%.1f")x faster than the reference measuring alone (target >= 3x)"
	echo "$label: hugo (into a new folder, $hpages pages): ${hug}s -> evalpress takes $(ratio "$bld" "$hug" "%.2f")x hugo's time (target <= 1.5x)"
	echo "$label: CPU time: evalpress ${bcpu}s, hugo ${hcpu}s -> $(ratio "$bcpu" "$hcpu" "%.2f")x hugo's CPU (target <= 2x)"
}
compare "$cfg" disk
if [ -d /dev/shm ]; then
	shm=$(mktemp -d /dev/shm/evalpress-bench.XXXX)
	trap 'rm -rf "$work" "$shm"' EXIT
	compare "$shm" tmpfs
fi
settle
/usr/bin/time -f "%M" -o "$work/peak" "$bin" build --config "$cfg/config.toml" --inputs "$corpus" --out "$cfg/site-peak" >/dev/null 2>&1
echo "evalpress build peak memory: $(($(cat "$work/peak") / 1024)) MB (target < 300 MB)"
# A threshold change rebuilds into the same folder, replacing the site.
settle
build "$cfg" >/dev/null 2>&1
rb=$(best 3 "$bin" build --config "$cfg/config.toml" --inputs "$corpus" --out "$cfg/site-$n" --set c5.max_run=20)
echo "rebuild after a threshold change (replacing the site): ${rb}s"
echo "bytes written: evalpress $(du -sb "$cfg/site-$n" | cut -f1), pages $pages"
