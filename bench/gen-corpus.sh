#!/usr/bin/env bash
# Writes a generated artifact into DIR for bench/memory.sh: SECTIONS
# sections of WORDS words each (from a small vocabulary, fixed seeds) over
# SCRIPTS writers, an examples.md to match, a config and one document.
#
#   bench/gen-corpus.sh DIR SECTIONS [WORDS] [SCRIPTS] [EXAMPLE_WORDS]
set -euo pipefail
dir=$1; n=$2; w=${3:-3}; scripts=${4:-1}; ew=${5:-$w}
mkdir -p "$dir/private" "$dir/content"
printf '# Memory\n\nGenerated.\n' > "$dir/content/index.md"
printf 'title = "Memory"\ncontent_dir = "content"\n[inputs]\ndir = "private"\n[publish]\nout = "public"\n' > "$dir/config.toml"
awk -v n="$n" -v w="$w" -v s="$scripts" 'BEGIN {
  split("harbour light boat net crew storm tide rope sail gull mast quay salt fog bell lamp dock wave shore reef", v, " ");
  srand(7);
  for (k = 1; k <= s; k++) {
    printf "# Writer %d\n", k;
    for (i = 0; i < n / s; i++) {
      printf "## S%d\n", i;
      for (j = 0; j < w; j++) printf "%s%s", v[int(rand() * 20) + 1], (j % 20 == 19 ? "\n" : " ");
      print "";
    }
  }
}' > "$dir/private/sections.md"
awk -v n="$n" -v w="$ew" -v s="$scripts" 'BEGIN {
  split("harbour light boat net crew storm tide rope sail gull mast quay salt fog bell lamp dock wave shore reef", v, " ");
  srand(8);
  for (i = 0; i < n / s; i++) {
    printf "## S%d\n", i;
    for (j = 0; j < w; j++) printf "%s%s", v[int(rand() * 20) + 1], (j % 20 == 19 ? "\n" : " ");
    print "";
  }
}' > "$dir/private/examples.md"
