package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strings"
	"syscall"
	"testing"

	"github.com/evalpress/evalpress/internal/testtree"
	"github.com/evalpress/evalpress/reports/criteria"
)

func readArchive(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// newSite writes the basic artifact (with overrides) into a temporary folder.
func newSite(t *testing.T, overrides map[string]string) string {
	t.Helper()
	return testtree.Write(t, t.TempDir(), readArchive(t, "basic.txtar"), overrides)
}

func buildSite(t *testing.T, dir string, extra ...string) (int, string) {
	t.Helper()
	return buildSiteWith(t, criteria.Default(), dir, extra...)
}

// buildSiteWith builds the site of dir judged by the criteria crit.
func buildSiteWith(t *testing.T, crit criteria.Set, dir string, extra ...string) (int, string) {
	t.Helper()
	args := append([]string{"build", "--config", filepath.Join(dir, "config.toml")}, extra...)
	var stdout, stderr bytes.Buffer
	code := runWith(context.Background(), args, &stdout, &stderr, crit)
	return code, stderr.String()
}

func results(t *testing.T, out string) map[string]any {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(out, "data", "results.json"))
	if err != nil {
		t.Fatal(err)
	}
	var r map[string]any
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatal(err)
	}
	return r
}

func TestBuildBasicSite(t *testing.T) {
	t.Parallel()
	dir := newSite(t, nil)
	code, stderr := buildSite(t, dir)
	if code != 0 {
		t.Fatalf("build failed (%d): %s", code, stderr)
	}
	if !strings.Contains(stderr, "built ") || !strings.Contains(stderr, " pages in ") {
		t.Errorf("no summary line: %q", stderr)
	}
	out := filepath.Join(dir, "public")
	files := testtree.Read(t, out)
	for _, want := range []string{"index.html", "findings.html", "results.html", "method.html", "changes.html",
		"cells/model-2--intro.html", "cells/model-3--middle.html", "data/results.json", "data/results.csv",
		"docs/index.md", "docs/findings.md", "assets/vendor/echarts/echarts.min.js", "assets/vendor/echarts/LICENSE",
		"assets/vendor/echarts/NOTICE", "assets/style.css", "assets/site.js", "assets/highlight.css", "favicon.ico"} {
		if _, ok := files[want]; !ok {
			t.Errorf("missing %s", want)
		}
	}
	index := files["index.html"]
	for _, want := range []string{
		"3 of 6 sections fail; the limit is 12 words.",
		"Model 2's INTRO run: 24 words (FAIL).",
		"H1 is refuted.",
		`<a href="findings.html#per-writer">findings</a>`,
		"<code>{{not a placeholder}}</code>",
		`<link rel="icon" href="favicon.ico"`,
		`{{count fails}} stays literal`,
		`class="hl-`, // highlighted code
		`class="anchor"`,
		`href="docs/index.md" download`,
	} {
		if !strings.Contains(index, want) {
			t.Errorf("index.html lacks %q", want)
		}
	}
	findings := files["findings.html"]
	for _, want := range []string{`id="hypothesis-h1"`, `badge-refuted`, `class="chart"`, `data-option="{`, "Model 3", "<td>66.7%</td>"} {
		if !strings.Contains(findings, want) {
			t.Errorf("findings.html lacks %q", want)
		}
	}
	if strings.Contains(findings, "EVALPRESSBLOCK") {
		t.Error("a block placeholder was left in the page")
	}
	r := results(t, out)
	cells := r["cells"].([]any)
	if len(cells) != 6 {
		t.Fatalf("%d cells in results.json, want 6", len(cells))
	}
	first := cells[0].(map[string]any)
	if first["model"] != "Model 2" || first["section"] != "INTRO" || first["verdict"] != "FAIL" { // by alias
		t.Errorf("first cell %v", first)
	}
	hyps := r["hypotheses"].([]any)
	if v := hyps[0].(map[string]any)["verdict"]; v != "refuted" {
		t.Errorf("H1 verdict %v, want refuted", v)
	}
}

// TestBuildIsDeterministic builds the same inputs twice into different
// folders and compares every byte.
func TestBuildIsDeterministic(t *testing.T) {
	t.Parallel()
	dir := newSite(t, nil)
	var trees []map[string]string
	for _, out := range []string{"one", "two"} {
		if code, stderr := buildSite(t, dir, "--out", filepath.Join(dir, out)); code != 0 {
			t.Fatalf("build: %s", stderr)
		}
		trees = append(trees, testtree.Read(t, filepath.Join(dir, out)))
	}
	if len(trees[0]) != len(trees[1]) {
		t.Fatalf("%d files against %d", len(trees[0]), len(trees[1]))
	}
	for name, a := range trees[0] {
		if trees[1][name] != a {
			t.Errorf("%s differs between two builds of the same inputs", name)
		}
	}
}

func TestThresholdChangeRebuild(t *testing.T) {
	t.Parallel()
	dir := newSite(t, nil)
	if code, stderr := buildSite(t, dir); code != 0 {
		t.Fatal(stderr)
	}
	out := filepath.Join(dir, "public")
	code, stderr := buildSite(t, dir, "--set", "c5.max_run=30", "--set", "c5.max_overlap=1")
	if code != 0 {
		t.Fatal(stderr)
	}
	// One line after the build's says what flipped, naming the cells.
	if !strings.Contains(stderr, "warning: --set changes thresholds for which no registered ones are declared: max_run 30 (the file: 12), max_overlap 100% (the file: 10%)") {
		t.Errorf("no warning for a --set without registered thresholds: %q", stderr)
	}
	if !strings.Contains(stderr, "\n3 verdicts changed since the previous build: ") || !strings.Contains(stderr, " FAIL → pass") {
		t.Errorf("no summary of the flipped verdicts: %q", stderr)
	}
	r := results(t, out)
	if th := r["thresholds"].(map[string]any); th["max_run"] != 30.0 {
		t.Errorf("thresholds %v", th)
	}
	changes := r["changes"].([]any)
	if len(changes) != 3 {
		t.Fatalf("changes %v, want both INTRO cells and Model 3's MIDDLE to flip", changes)
	}
	ch := changes[0].(map[string]any)
	if ch["before"] != "FAIL" || ch["after"] != "pass" {
		t.Errorf("change %v", ch)
	}
	page, _ := os.ReadFile(filepath.Join(out, "changes.html"))
	for _, want := range []string{"3 cells changed their verdicts.", "2 thresholds changed", "<strong>30</strong> (changed)",
		"results.json</code> had SHA-256", "≤ 30 words: pass; overlap 100% ≤ 100%", `href="cells/`} {
		if !bytes.Contains(page, []byte(want)) {
			t.Errorf("changes page lacks %q", want)
		}
	}
	if bytes.Contains(page, []byte("--set")) || bytes.Contains(page, []byte("--baseline")) {
		t.Errorf("changes page names a command-line flag")
	}
	index, _ := os.ReadFile(filepath.Join(out, "index.html"))
	if !bytes.Contains(index, []byte("0 of 6 sections fail; the limit is 30 words.")) {
		t.Errorf("prose placeholders did not follow the new thresholds")
	}
	findings, _ := os.ReadFile(filepath.Join(out, "findings.html"))
	// No [c5.registered]: nothing claims a registered value, and the
	// change is stated against the file's own thresholds.
	if !bytes.Contains(findings, []byte("none declared (no [c5.registered] block")) || bytes.Contains(findings, []byte("This build's thresholds differ:")) ||
		!bytes.Contains(findings, []byte("set for this build; the config file sets")) {
		t.Errorf("the hypotheses claim registered thresholds, or the change goes unsaid")
	}
	// A rebuild with nothing changed says so.
	if code, stderr := buildSite(t, dir, "--set", "c5.max_run=30", "--set", "c5.max_overlap=1"); code != 0 {
		t.Fatal(stderr)
	}
	page, _ = os.ReadFile(filepath.Join(out, "changes.html"))
	if !bytes.Contains(page, []byte("No cell changed its verdict")) || !bytes.Contains(page, []byte("No threshold changed")) {
		t.Errorf("changes page after an identical rebuild: %s", page)
	}
}

func TestBuildErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		overrides map[string]string
		args      []string
		code      int
		want      string // substring of the first stderr line
	}{
		{"unknown config key", map[string]string{"config.toml": readConfig(t) + "\n[c5x]\nfoo = 1\n"}, nil, 1, `config.toml:30: unknown key "c5x"`},
		{"config syntax", map[string]string{"config.toml": "title = \n"}, nil, 1, "config.toml:1:"},
		{"unknown --set key", nil, []string{"--set", "c5.max_runs=3"}, 2, "--set c5.max_runs: unknown key"},
		{"--set wrong type", nil, []string{"--set", "c5.max_run=abc"}, 2, "--set c5.max_run=abc: want a whole number"},
		{"--set out of range", nil, []string{"--set", "c5.max_overlap=2"}, 2, "--set c5.max_overlap=2: [c5] max overlap 2 is outside 0..1"},
		{"--set bad audience", nil, []string{"--set", "publish.audience=everyone"}, 2, `audience "everyone"`},
		{"value out of range in the file", map[string]string{"config.toml": strings.Replace(readConfig(t), "max_run = 12", "max_run = -3", 1)}, nil, 1, "config.toml:6: [c5] max run -3 is negative"},
		{"unwritable out folder", map[string]string{"blocker": "a file where the out folder's parent should be"}, []string{"--out", "BLOCKER/site"}, 1, "blocker/site: cannot use as the output folder: not a directory"},
		{"unknown field", map[string]string{"content/findings.md": "# F\n\ntext {{count bananas}}\n"}, nil, 1, `findings.md:3:14: {{count bananas}}: count: unknown field "bananas"`},
		{"unknown function", map[string]string{"content/findings.md": "# F\n\ntext {{median(run)}}\n"}, nil, 1, `findings.md:3:8: {{median(run)}}: unknown function "median"`},
		{"wrong argument count", map[string]string{"content/findings.md": "# F\n\n{{max(run, overlap)}}\n"}, nil, 1, `findings.md:3:3: {{max(run, overlap)}}: max takes 1 argument, not 2`},
		{"wrong argument type", map[string]string{"content/findings.md": "# F\n\n{{if max(run) > 10%}}x{{end}}\n"}, nil, 1, `findings.md:3:6: {{if max(run) > 10%}}: max(run) > 10% compares a whole number (max(run)) with a share (10%)`},
		{"unknown writer filter", map[string]string{"content/findings.md": "# F\n\n{{count(fails, writer=\"Model 9\")}}\n"}, nil, 1, `findings.md:3:16: {{count(fails, writer="Model 9")}}: count: no writer "Model 9"`},
		{"unknown section filter", map[string]string{"content/findings.md": "# F\n\n{{max(run, section=CODA)}}\n"}, nil, 1, `findings.md:3:12: {{max(run, section=CODA)}}: max: no section "CODA"`},
		{"unclosed block", map[string]string{"content/findings.md": "# F\n\n{{if count(fails) > 0}}\n\ntext\n"}, nil, 1, `findings.md:3:1: {{if}} is not closed by {{end}}`},
		{"stray block", map[string]string{"content/findings.md": "# F\n\ntext\n\n{{end}}\n"}, nil, 1, `findings.md:5:1: {{end}} without an {{if}} before it`},
		{"missing document link", map[string]string{"content/findings.md": "# F\n\nsee [x](nothere.md)\n"}, nil, 1, `findings.md:3: link to a missing document "nothere.md"`},
		{"link leaving the site", map[string]string{"content/findings.md": "# F\n\n[x](../../etc/passwd)\n"}, nil, 1, "leaves the site folder"},
		{"markdown not UTF-8", map[string]string{"content/findings.md": "# F\n\nbad \xff\n"}, nil, 1, "findings.md:3: bytes that are not UTF-8"},
		{"NUL byte in a document", map[string]string{"content/findings.md": "# F\n\nbad \x00 byte\n"}, nil, 1, "content/findings.md:3: a NUL byte, which no text document holds"},
		{"missing content folder", map[string]string{"config.toml": strings.Replace(readConfig(t), `content_dir = "content"`, `content_dir = "nope"`, 1)}, nil, 1, `config.toml:2: content_dir "nope": the folder `},
		{"sections.md holds only a byte-order mark", map[string]string{"private/sections.md": "\ufeff"}, nil, 1, "sections.md:1: warning: byte-order mark ignored"},
		{"unknown writer in hypothesis", map[string]string{"config.toml": strings.Replace(readConfig(t), `model = "Model 3"`, `model = "Model 9"`, 1)}, nil, 1, `config.toml:15: hypothesis "H1" predicts about a writer by a name that is no alias (writers: "Model 2", "Model 3")`},
		{"template error", map[string]string{"templates/doc.html": "{{.Nope"}, nil, 1, "template error"},
		{"alias is a private term", map[string]string{"private/models.toml": "[aliases]\n\"Beta Scribe\" = \"Harbourline Holdings\"\n"}, nil, 1, "models.toml:2: this alias is itself a private term"},
		{"baseline not results.json", nil, []string{"--baseline", "config.toml"}, 1, "not a results.json"},
		{"content file over a generated page", map[string]string{"content/results.html": "<p>mine</p>"}, nil, 1, "content/results.html: this file would replace the page evalpress writes"},
	}
	// mustNot lists, by case, what its whole stderr must not hold.
	mustNot := map[string][]string{
		// This error named the site's copy of the document and suggested
		// publish.unscanned, which would publish it unread.
		"NUL byte in a document": {"unscanned", "public/"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := newSite(t, tc.overrides)
			args := tc.args
			for i, a := range args {
				switch {
				case a == "config.toml":
					args[i] = filepath.Join(dir, a)
				case strings.HasPrefix(a, "BLOCKER/"):
					args[i] = filepath.Join(dir, "blocker", strings.TrimPrefix(a, "BLOCKER/"))
				}
			}
			code, stderr := buildSite(t, dir, args...)
			first, rest, _ := strings.Cut(stderr, "\n")
			if strings.Contains(first, "warning: byte-order mark") && !strings.Contains(rest, "sections.md:1: no sections found: the file holds nothing but a byte-order mark") {
				t.Errorf("after the warning, stderr %q", rest)
			}
			if code != tc.code || !strings.Contains(first, tc.want) {
				t.Fatalf("exit %d, stderr %q; want exit %d and %q", code, stderr, tc.code, tc.want)
			}
			for _, word := range mustNot[tc.name] {
				if strings.Contains(stderr, word) {
					t.Errorf("stderr %q holds %q", stderr, word)
				}
			}
			if _, err := os.Stat(filepath.Join(dir, "public")); err == nil {
				t.Errorf("a failed build left an output folder")
			}
		})
	}
}

func readConfig(t *testing.T) string {
	return testtree.Parse(readArchive(t, "basic.txtar"))["config.toml"]
}

// TestFailedBuildKeepsPreviousSite makes the second build fail (a template
// that prints a private term, caught by the leak scan) and checks that the
// first site is still there, byte for byte, and no temporary folder is left.
func TestFailedBuildKeepsPreviousSite(t *testing.T) {
	t.Parallel()
	dir := newSite(t, nil)
	if code, stderr := buildSite(t, dir); code != 0 {
		t.Fatal(stderr)
	}
	before := testtree.Read(t, filepath.Join(dir, "public"))
	leaky := strings.Replace(string(mustRead(t, "../../templates/doc.html")), "{{.Body}}", "{{.Body}}<p>by BETA&#32;scribe</p>", 1)
	testtree.Write(t, dir, "", map[string]string{"templates/doc.html": leaky})
	code, stderr := buildSite(t, dir)
	if code != 1 || !strings.Contains(stderr, "leak scan:") || !strings.Contains(stderr, "a model name from sections.md:") {
		t.Fatalf("exit %d, stderr %q; want the leak scan to fail the build", code, stderr)
	}
	if strings.Contains(stderr, "Beta Scribe") || strings.Contains(stderr, "Be*") {
		t.Errorf("the error message repeats the private term: %q", stderr)
	}
	// Every document leaks: one line names the first by path and counts the
	// rest, the same on every run although the files are scanned in parallel.
	if !strings.Contains(stderr, "(and ") {
		t.Errorf("the report does not count the other leaks: %q", stderr)
	}
	if _, again := buildSite(t, dir); again != stderr {
		t.Errorf("the leak report changed between runs:\n%s\n%s", stderr, again)
	}
	after := testtree.Read(t, filepath.Join(dir, "public"))
	if len(after) != len(before) {
		t.Fatalf("previous site changed: %d files, was %d", len(after), len(before))
	}
	for name, content := range before {
		if after[name] != content {
			t.Errorf("%s changed", name)
		}
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".public.") && e.Name() != ".public.lock" {
			t.Errorf("temporary folder %s left behind", e.Name())
		}
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestInternalBuildRefusesToReplacePublic(t *testing.T) {
	t.Parallel()
	dir := newSite(t, nil)
	if code, stderr := buildSite(t, dir); code != 0 {
		t.Fatal(stderr)
	}
	code, stderr := buildSite(t, dir, "--set", "publish.audience=internal")
	if code != 1 || !strings.Contains(stderr, "refusing to replace a public build with an internal one") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	code, stderr = buildSite(t, dir, "--set", "publish.audience=internal", "--out", filepath.Join(dir, "internal"))
	if code != 0 {
		t.Fatal(stderr)
	}
	page := string(mustRead(t, filepath.Join(dir, "internal", "cells", "model-2--intro.html")))
	for _, want := range []string{"Internal build: do not publish.", "The harbour lights came on one by one"} {
		if !strings.Contains(page, want) {
			t.Errorf("internal cell page lacks %q", want)
		}
	}
	if code, stderr := buildSite(t, dir, "--set", "publish.audience=internal", "--force"); code != 0 {
		t.Fatalf("--force: %s", stderr)
	}
}

func TestOutFolderNotMadeByEvalpressIsRefused(t *testing.T) {
	t.Parallel()
	dir := newSite(t, map[string]string{"public/precious.txt": "mine"})
	code, stderr := buildSite(t, dir)
	if code != 1 || !strings.Contains(stderr, "was not built by evalpress") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if got := string(mustRead(t, filepath.Join(dir, "public", "precious.txt"))); got != "mine" {
		t.Fatal("the folder was touched")
	}
}

// TestOutFolderThatIsALinkIsRefused: the swap would replace the link, not
// the site it names, so a build refuses it before any work, in one line,
// and leaves the link and its folder as they were.
func TestOutFolderThatIsALinkIsRefused(t *testing.T) {
	t.Parallel()
	dir := newSite(t, nil)
	if code, stderr := buildSite(t, dir); code != 0 {
		t.Fatal(stderr)
	}
	link := filepath.Join(dir, "pub")
	if err := os.Symlink(filepath.Join(dir, "public"), link); err != nil {
		t.Fatal(err)
	}
	code, stderr := runChild(t, "", "build", "--config", filepath.Join(dir, "config.toml"), "--out", link)
	if code != 1 || !strings.Contains(stderr, "the output folder is a link") || strings.Contains(stderr, "built ") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if info, err := os.Lstat(link); err != nil || info.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link was replaced: %v", err)
	}
}

// TestPublicSiteHoldsNoPrivateText checks the built demo-like site with a
// naive scan of its own: no private term, whatever the escaping, and no
// private text but the permitted excerpts.
func TestPublicSiteHoldsNoPrivateText(t *testing.T) {
	t.Parallel()
	dir := newSite(t, nil)
	if code, stderr := buildSite(t, dir); code != 0 {
		t.Fatal(stderr)
	}
	terms := []string{"alpha writer 9000", "beta scribe", "say hello to brightwave studios", "harbourline holdings"}
	files := testtree.Read(t, filepath.Join(dir, "public"))
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		text := lettersOnly(name + " " + files[name])
		for _, term := range terms {
			if strings.Contains(text, lettersOnly(term)) {
				t.Errorf("%s holds %q", name, term)
			}
		}
		// Private text of a passing cell, which has no permitted excerpt.
		if strings.Contains(text, lettersOnly("even the harbour chief had promised a quiet week")) {
			t.Errorf("%s holds private text", name)
		}
	}
}

func lettersOnly(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if ('a' <= r && r <= 'z') || ('0' <= r && r <= '9') {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func TestBuildCommandHelp(t *testing.T) {
	t.Parallel()
	code, stdout, _ := runCLI(t, "build", "--help")
	if code != 0 || !strings.Contains(stdout, "-set key=value") {
		t.Fatalf("exit %d: %s", code, stdout)
	}
}

var _ = context.Background

// TestBuildKeepsNothingOutsideTheSite: beside the config, a build leaves
// its site and the site's lock, and nothing else: no cache of private
// data. A cache an older evalpress kept is named, and left as it was.
func TestBuildKeepsNothingOutsideTheSite(t *testing.T) {
	t.Parallel()
	dir := newSite(t, nil)
	before, _ := os.ReadDir(dir)
	for range 2 {
		if code, stderr := buildSite(t, dir, "--set", "c5.max_run=13"); code != 0 {
			t.Fatal(stderr)
		}
	}
	after, _ := os.ReadDir(dir)
	var added []string
	for _, e := range after {
		if !slices.ContainsFunc(before, func(b os.DirEntry) bool { return b.Name() == e.Name() }) {
			added = append(added, e.Name())
		}
	}
	if !slices.Equal(added, []string{".public.lock", "public"}) {
		t.Errorf("a build added %v beside the config", added)
	}
	old := filepath.Join(dir, ".evalpress-cache")
	testtree.Write(t, old, "", map[string]string{"measure-1.bin": "private"})
	code, stderr := buildSite(t, dir)
	if code != 0 || !strings.Contains(stderr, old+": note: evalpress no longer keeps a cache") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if got := testtree.Read(t, old); !reflect.DeepEqual(got, map[string]string{"measure-1.bin": "private"}) {
		t.Errorf("the old cache changed: %v", got)
	}
}

// Every false claim of a build is reported, one a line, and nothing is written.
func TestFalseClaimsAreReportedTogether(t *testing.T) {
	t.Parallel()
	dir := newSite(t, map[string]string{
		"content/findings.md": "# F\n\nNo section fails.{{claim count(fails) == 0}}\n\n{{claim max(run) <= threshold(max_run)}}\n",
		"content/extra.md":    "# E\n\n{{claim count(passes) > 1000}}\n",
	})
	code, stderr := buildSite(t, dir)
	lines := strings.Split(strings.TrimSpace(stderr), "\n")
	var claims []string
	for _, l := range lines {
		if strings.Contains(l, "claim does not hold") {
			claims = append(claims, l)
		}
	}
	if code != 1 || len(claims) != 3 {
		t.Fatalf("exit %d, stderr:\n%s\nwant exit 1 and three claims", code, stderr)
	}
	for i, want := range []string{
		"extra.md:3:1: claim does not hold: count(passes) > 1000 (count(passes) = ",
		"findings.md:3:18: claim does not hold: count(fails) == 0 (count(fails) = ",
		"findings.md:5:1: claim does not hold: max(run) <= threshold(max_run) (max(run) = ",
	} {
		if !strings.HasPrefix(claims[i], "evalpress: ") || !strings.Contains(claims[i], want) {
			t.Errorf("claim %d: %q, want %q", i, claims[i], want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "public")); err == nil {
		t.Errorf("a build with false claims wrote its site")
	}
}

// A placeholder that does not parse, a broken link and a false claim, in
// one document and in two, are all reported by one build.
func TestEveryProblemOfABuildIsReported(t *testing.T) {
	t.Parallel()
	dir := newSite(t, map[string]string{
		"content/findings.md": "# F\n\n{{count bananas}}\n\nNo section fails.{{claim count(fails) == 0}}\n\n[gone](#nowhere)\n",
		"content/extra.md":    "# E\n\n{{claim count(passes) > 1000}}\n\n{{if count(fails) > 0}}\n",
	})
	code, stderr := buildSite(t, dir)
	if code != 1 {
		t.Fatalf("exit %d:\n%s", code, stderr)
	}
	for _, want := range []string{
		"findings.md:3:9: {{count bananas}}: count: unknown field \"bananas\"",
		"findings.md:5:18: claim does not hold: count(fails) == 0",
		"extra.md:3:1: claim does not hold: count(passes) > 1000",
		"extra.md:5:1: {{if}} is not closed",
	} {
		found := false
		for _, l := range strings.Split(stderr, "\n") {
			if strings.HasPrefix(l, "evalpress: ") && strings.Contains(l, want) {
				found = true
			}
		}
		if !found {
			t.Errorf("the build did not report %q:\n%s", want, stderr)
		}
	}
	// Without the placeholder, the broken link is reported with the claim.
	os.WriteFile(filepath.Join(dir, "content", "findings.md"), []byte("# F\n\nNo section fails.{{claim count(fails) == 0}}\n\n[gone](#nowhere)\n"), 0o644)
	code, stderr = buildSite(t, dir)
	if code != 1 || !strings.Contains(stderr, "findings.md:3:18: claim does not hold") || !strings.Contains(stderr, `findings.md:5: link to a missing anchor "#nowhere"`) {
		t.Errorf("exit %d: a false claim and a broken link in one document:\n%s", code, stderr)
	}
}

// TestEveryBrokenInputIsReported: one build reports every input file that
// does not parse, each on its own line, and the false claims of the
// documents when the inputs they need parsed (the judged tier's files are
// not needed by a claim on C5); it writes nothing.
func TestEveryBrokenInputIsReported(t *testing.T) {
	t.Parallel()
	claim := map[string]string{"content/findings.md": "# F\n\nNo section fails.{{claim count(fails) == 0}}\n"}
	for _, tc := range []struct {
		name   string
		broken map[string]string
		want   []string
	}{
		{"models.toml and labellers.toml", map[string]string{"private/models.toml": "[aliases\n", "private/judged/labellers.toml": "[[labeller]]\nid = \n"},
			[]string{"private/models.toml:1:", "private/judged/labellers.toml:2:"}},
		{"examples.md and models.toml", map[string]string{"private/examples.md": "\xef\xbb\xbf## INTRO\n\xff\n", "private/models.toml": "[aliases\n"},
			[]string{"private/examples.md:", "private/models.toml:1:"}},
		{"two judged files and a false claim", map[string]string{"private/judged/judges.toml": "[[judge]\n", "private/judged/labellers.toml": "[[labeller]]\nid = \n"},
			[]string{"private/judged/judges.toml:1:", "private/judged/labellers.toml:2:", "findings.md:3:18: claim does not hold: count(fails) == 0"}},
		{"a reply file and a labels file", map[string]string{"private/judged/primary.md": "# Alpha Writer 9000\n## INTRO\n=== VERDICTS ===\n",
			"private/judged/labels/author.md": "# Nobody\n## INTRO\nSAMPLE: validation\n"},
			[]string{"private/judged/primary.md:", "private/judged/labels/author.md:1:", "findings.md:3:18: claim does not hold"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := maps.Clone(claim)
			maps.Copy(files, tc.broken)
			dir := judgedTree(t, files)
			code, stderr := buildSite(t, dir)
			if code != 1 {
				t.Fatalf("exit %d, want 1:\n%s", code, stderr)
			}
			var errs []string
			for _, l := range strings.Split(stderr, "\n") {
				if strings.HasPrefix(l, "evalpress: ") && !strings.Contains(l, "warning:") {
					errs = append(errs, l)
				}
			}
			if len(errs) != len(tc.want) {
				t.Errorf("%d errors, want %d:\n%s", len(errs), len(tc.want), stderr)
			}
			for _, want := range tc.want {
				if !slices.ContainsFunc(errs, func(l string) bool { return strings.Contains(l, want) }) {
					t.Errorf("no line names %q:\n%s", want, stderr)
				}
			}
			if _, err := os.Stat(filepath.Join(dir, "public")); err == nil {
				t.Errorf("a build with broken inputs wrote its site")
			}
		})
	}
}

// TestFailedBuildKeepsThePublishedBaseline: a build that fails on a leak
// publishes nothing, so the next build compares with the results the one
// before it published.
func TestFailedBuildKeepsThePublishedBaseline(t *testing.T) {
	t.Parallel()
	dir := newSite(t, nil)
	if code, stderr := buildSite(t, dir, "--set", "c5.max_run=40", "--set", "c5.max_overlap=0.9"); code != 0 {
		t.Fatal(stderr)
	}
	doc := filepath.Join(dir, "content", "leak.md")
	os.WriteFile(doc, []byte("# Notes\n\nthe fishing boats returned with empty nets and tired crews\n"), 0o644)
	if code, stderr := buildSite(t, dir, "--set", "c5.max_run=3"); code != 1 || !strings.Contains(stderr, "leak scan: ") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	os.Remove(doc)
	code, stderr := buildSite(t, dir, "--set", "c5.max_run=3")
	if code != 0 {
		t.Fatal(stderr)
	}
	changes, _ := results(t, filepath.Join(dir, "public"))["changes"].([]any)
	if len(changes) == 0 {
		t.Fatalf("no change recorded against the published build: %s", stderr)
	}
}

// TestATemplatesFolderThatCannotBeReadFails: a templates folder beside the
// config that is there but cannot be read (a link to itself, a file, a
// folder its reader may not list) fails the build with an error naming
// it, rather than a site made with the built-in templates.
func TestATemplatesFolderThatCannotBeReadFails(t *testing.T) {
	t.Parallel()
	cases := map[string]func(path string) error{
		"a link to itself": func(path string) error { return os.Symlink(path, path) },
		"a dangling link":  func(path string) error { return os.Symlink(path+"-gone", path) },
		"a file":           func(path string) error { return os.WriteFile(path, []byte("<p>x</p>"), 0o644) },
	}
	if os.Geteuid() != 0 { // root reads every folder
		cases["not listable"] = func(path string) error {
			if err := os.Mkdir(path, 0o755); err != nil {
				return err
			}
			t.Cleanup(func() { os.Chmod(path, 0o755) })
			return os.Chmod(path, 0o300)
		}
	} else {
		t.Run("not listable", runAsNobody)
	}
	for name, make := range cases {
		t.Run(name, func(t *testing.T) {
			dir := newSite(t, nil)
			templates := filepath.Join(dir, "templates")
			if err := make(templates); err != nil {
				t.Fatal(err)
			}
			code, stderr := buildSite(t, dir)
			if code != 1 || !strings.HasPrefix(stderr, "evalpress: "+templates+": ") || strings.Count(stderr, "\n") != 1 {
				t.Fatalf("exit %d, stderr %q", code, stderr)
			}
			if _, err := os.Stat(filepath.Join(dir, "public")); err == nil {
				t.Error("a site was written")
			}
		})
	}
}

// nobodyRun marks the environment of the test binary runAsNobody starts.
const nobodyRun = "EVALPRESS_TEST_AS_NOBODY"

// runAsNobody runs the test t again, in a copy of the test binary, as the
// user nobody (65534), for a case that root would pass by reading every
// folder. The copy, a copy of testdata (its working folder) and its TMPDIR
// are in a fresh folder nobody can use. t fails unless the copy ran t and
// it passed.
func runAsNobody(t *testing.T) {
	if os.Getenv(nobodyRun) != "" {
		t.Fatal("still root in the run as nobody")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir, err := os.MkdirTemp("", "evalpress-nobody-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	bin, tmp := filepath.Join(dir, "evalpress.test"), filepath.Join(dir, "tmp")
	data, err := os.ReadFile(exe)
	if err != nil {
		t.Fatal(err)
	}
	if err := errors.Join(
		os.WriteFile(bin, data, 0o755),
		os.CopyFS(filepath.Join(dir, "testdata"), os.DirFS("testdata")),
		os.Mkdir(tmp, 0o755),
	); err != nil {
		t.Fatal(err)
	}
	// Modes set after making, which the umask (077 for some) does not cut.
	err = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		mode := os.FileMode(0o644)
		switch {
		case p == tmp:
			mode = 0o1777
		case d.IsDir() || p == bin:
			mode = 0o755
		}
		return os.Chmod(p, mode)
	})
	if err != nil {
		t.Fatal(err)
	}
	var run []string
	for _, name := range strings.Split(t.Name(), "/") {
		run = append(run, "^"+regexp.QuoteMeta(name)+"$")
	}
	cmd := exec.Command(bin, "-test.run", strings.Join(run, "/"), "-test.count=1", "-test.v")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp, nobodyRun+"=1")
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("as nobody: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "--- PASS: "+t.Name()) {
		t.Fatalf("as nobody, %s did not run and pass:\n%s", t.Name(), out)
	}
}

// TestBuildNamesItsFolderOnce: the line of a build names the output
// folder as it is, however --out spells it, with one slash after it.
func TestBuildNamesItsFolderOnce(t *testing.T) {
	t.Parallel()
	dir := newSite(t, nil)
	out := filepath.Join(dir, "site")
	for _, spelt := range []string{out + "/", out + "/."} {
		code, stderr := buildSite(t, dir, "--out", spelt)
		if code != 0 || !strings.Contains(stderr, "-> "+out+"/\n") {
			t.Errorf("--out %s: exit %d, want the line to end in %q\n%s", spelt, code, out+"/", stderr)
		}
	}
}
