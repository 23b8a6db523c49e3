package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/evalpress/evalpress/internal/testtree"
	"github.com/evalpress/evalpress/pipeline"
)

// TestThresholdOnlyRebuildKeepsCellPages rebuilds after changing only the
// verdict thresholds, which keeps the cell pages' bodies from the build
// before, and builds the same thresholds again from nothing: the two sites
// are byte for byte the same, for both audiences and for thresholds that
// flip verdicts both ways (and so the permitted excerpts).
func TestThresholdOnlyRebuildKeepsCellPages(t *testing.T) {
	// Names that need escaping everywhere they appear: in titles, text,
	// attributes and links.
	hostile := func(t *testing.T, dir string) {
		alias := `M<3> & \"co\" 'x' +` // as TOML writes it
		for file, names := range map[string][][2]string{
			"private/sections.md": {{"## MIDDLE", `## MIDDLE <b>&amp; "q" 'x' +1 #2 ?%41 ☃`}},
			"private/examples.md": {{"## MIDDLE", `## MIDDLE <b>&amp; "q" 'x' +1 #2 ?%41 ☃`}},
			"private/models.toml": {{"[aliases]", "[aliases]\n\"Alpha Writer 9000\" = \"" + alias + "\""}},
			"config.toml":         {{`model = "Model 3"`, `model = "` + alias + `"`}},
		} {
			path := filepath.Join(dir, file)
			text := string(mustRead(t, path))
			for _, n := range names {
				text = strings.ReplaceAll(text, n[0], n[1])
			}
			os.WriteFile(path, []byte(text), 0o644)
		}
	}
	for _, names := range []string{"plain", "hostile"} {
		for _, audience := range []string{"public", "internal"} {
			for _, change := range [][]string{
				{"c5.max_run=3"},
				{"c5.max_run=40", "c5.max_overlap=0.9"},
				{"c5.max_overlap=0.01"},
			} {
				t.Run(names+" "+audience+" "+strings.Join(change, " "), func(t *testing.T) {
					newSite := func(t *testing.T, overrides map[string]string) string {
						dir := newSite(t, overrides)
						if names == "hostile" {
							hostile(t, dir)
						}
						return dir
					}
					dir := newSite(t, nil)
					set := []string{"--set", "publish.audience=" + audience}
					if code, stderr := buildSite(t, dir, set...); code != 0 {
						t.Fatal(stderr)
					}
					baseline := filepath.Join(t.TempDir(), "results.json")
					os.WriteFile(baseline, mustRead(t, filepath.Join(dir, "public", "data", "results.json")), 0o644)
					for _, c := range change {
						set = append(set, "--set", c)
					}
					set = append(set, "--baseline", baseline)
					code, stderr := buildSite(t, dir, set...)
					if code != 0 || !strings.Contains(stderr, "cell pages kept from the last build") {
						t.Fatalf("exit %d, the rebuild kept no cell page: %s", code, stderr)
					}
					fresh := newSite(t, nil)
					if code, stderr := buildSite(t, fresh, set...); code != 0 || strings.Contains(stderr, "kept from the last build") {
						t.Fatalf("exit %d: %s", code, stderr)
					}
					kept, made := testtree.Read(t, filepath.Join(dir, "public")), testtree.Read(t, filepath.Join(fresh, "public"))
					if len(kept) != len(made) {
						t.Fatalf("%d files after the rebuild, %d from nothing", len(kept), len(made))
					}
					for name, want := range made {
						if kept[name] != want {
							t.Errorf("%s differs between the rebuild and a build from nothing", name)
						}
					}
					if names == "hostile" && !strings.Contains(made["results.html"], "M&lt;3&gt; &amp;") {
						t.Error("the hostile names are not in the site")
					}
				})
			}
		}
	}
}

// TestDamagedPageCacheIsNotUsed: a cache entry whose bytes changed is a
// miss; the build renders every page again and is still right.
func TestDamagedPageCacheIsNotUsed(t *testing.T) {
	dir := newSite(t, nil)
	if code, stderr := buildSite(t, dir); code != 0 {
		t.Fatal(stderr)
	}
	entries, _ := filepath.Glob(filepath.Join(dir, pipeline.CacheDir, "pages-*.bin"))
	if len(entries) != 1 {
		t.Fatalf("page cache: %v", entries)
	}
	data := mustRead(t, entries[0])
	// A leak planted in a cached body must never be published.
	doctored := strings.Replace(string(data), "Runs are numbered longest first.", "Client: Quayside Foods Ltd, yes.", 1)
	if doctored == string(data) {
		t.Fatal("no cell body in the cache")
	}
	os.WriteFile(entries[0], []byte(doctored), 0o644)
	code, stderr := buildSite(t, dir, "--set", "c5.max_run=5")
	if code != 0 || strings.Contains(stderr, "kept from the last build") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for name, page := range testtree.Read(t, filepath.Join(dir, "public")) {
		if strings.Contains(page, "Quayside") {
			t.Errorf("%s holds the text planted in the cache", name)
		}
	}
}

// TestCachedScannerCatchesLeaks: the leak scanner a rebuild makes from the
// cached index of private passages finds a passage planted in a document.
func TestCachedScannerCatchesLeaks(t *testing.T) {
	dir := newSite(t, nil)
	if code, stderr := buildSite(t, dir); code != 0 {
		t.Fatal(stderr)
	}
	if cached, _ := filepath.Glob(filepath.Join(dir, pipeline.CacheDir, "scanner-*.bin")); len(cached) != 1 {
		t.Fatalf("scanner index cache: %v", cached)
	}
	doc := filepath.Join(dir, "content", "leak.md")
	os.WriteFile(doc, []byte("# Notes\n\nthe fishing boats returned with empty nets and tired crews\n"), 0o644)
	code, stderr := buildSite(t, dir, "--set", "c5.max_run=5")
	if code != 1 || !strings.Contains(stderr, "leak scan: ") || !strings.Contains(stderr, "leak.md") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
}
