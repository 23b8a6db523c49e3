#!/usr/bin/env bash
# Builds, with Debian's hugo, as many pages as evalpress builds for the
# same corpus (one page per cell, the section's text as its markdown, plus
# the index), into a new folder, and prints the best wall time of RUNS
# (default 3), the number of pages built and the best CPU time (user and
# system).
# bench/bench.sh runs it beside evalpress; it can also run alone:
#
#   bench/hugo.sh CORPUS_DIR [PAGES [RUNS]]   (a folder gen_corpus.py wrote; PAGES,
#                                       evalpress's page count, adds plain
#                                       pages up to it)
#
# Needs hugo (apt-get install hugo) and python3.
set -euo pipefail
corpus=$1
pages=${2:-0}
runs=${3:-3}
command -v hugo >/dev/null || { echo "hugo.sh: hugo is not installed (apt-get install hugo)" >&2; exit 1; }
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
site=$work/site
mkdir -p "$site/content/cells" "$site/layouts/_default"
cat > "$site/hugo.toml" <<'TOML'
baseURL = "/"
title = "Benchmark corpus"
disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]
relativeURLs = true
TOML
cat > "$site/layouts/_default/baseof.html" <<'HTML'
<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title></head>
<body><nav><a href="{{ "/" | relURL }}">Home</a></nav><main>{{ block "main" . }}{{ end }}</main></body></html>
HTML
cat > "$site/layouts/_default/single.html" <<'HTML'
{{ define "main" }}<h1>{{ .Title }}</h1><p>{{ .WordCount }} words</p>{{ .Content }}{{ end }}
HTML
cat > "$site/layouts/_default/list.html" <<'HTML'
{{ define "main" }}<h1>{{ .Title }}</h1><ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>{{ end }}
HTML
cp "$site/layouts/_default/list.html" "$site/layouts/index.html"
# One content file per section of sections.md, named after its script and
# heading, holding the section's text.
python3 - "$corpus/sections.md" "$site/content/cells" "$pages" <<'PY'
import os, re, sys
src, out, want = sys.argv[1], sys.argv[2], int(sys.argv[3])
script, name, body, n = None, None, [], 0
def flush():
    global n
    if script is None or name is None:
        return
    n += 1
    slug = re.sub(r"[^a-z0-9]+", "-", f"{script} {name}".lower()).strip("-")
    with open(os.path.join(out, slug + ".md"), "w") as f:
        f.write(f'---\ntitle: "{script} / {name}"\n---\n\n' + "".join(body))
for line in open(src, encoding="utf-8"):
    if line.startswith("# "):
        flush(); script, name, body = line[2:].strip(), None, []
    elif line.startswith("## "):
        flush(); name, body = line[3:].strip(), []
    else:
        body.append(line)
flush()
# The home page and the cells list are pages too.
for i in range(n + 2, want):
    with open(os.path.join(os.path.dirname(out), f"page-{i}.md"), "w") as f:
        f.write(f'---\ntitle: "Page {i}"\n---\n\nA page.\n')
PY
best=999999 cpu=999999
for i in $(seq "$runs"); do
	rm -rf "$work"/out-*; sync
	/usr/bin/time -f "%e %U %S" -o "$work/time" hugo --quiet --source "$site" --destination "$work/out-$i" >/dev/null
	read -r wall user sys < "$work/time"
	best=$(awk -v t="$wall" -v b="$best" 'BEGIN { print (t < b ? t : b) }')
	cpu=$(awk -v u="$user" -v s="$sys" -v b="$cpu" 'BEGIN { t = u + s; print (t < b ? t : b) }')
done
built=$(find "$work/out-$runs" -name '*.html' | wc -l)
printf '%s %d %s\n' "$(printf '%.4f' "$best")" "$built" "$(printf '%.2f' "$cpu")"
