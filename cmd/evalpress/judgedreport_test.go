package main

import (
	"encoding/json"
	htmlstd "html"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/evalpress/evalpress/internal/testtree"
)

// demoBuild builds a copy of the demo with args and returns its folder,
// the output folder and stderr; the build must succeed.
func demoBuild(t *testing.T, edit func(dir string), args ...string) (dir, out, stderr string) {
	t.Helper()
	dir = copyDemo(t)
	if edit != nil {
		edit(dir)
	}
	out = filepath.Join(dir, "out")
	code, stderr := buildSite(t, dir, append([]string{"--out", out}, args...)...)
	if code != 0 {
		t.Fatalf("build failed (%d): %s", code, stderr)
	}
	return dir, out, stderr
}

// TestRankingPassesAreTheReportedRates: every judge's ranking counts, per
// criterion and writer, the passes and the scored calls its pass rates
// count (on C4, the human's classification of its candidates), and so
// does every self-preference figure.
func TestRankingPassesAreTheReportedRates(t *testing.T) {
	t.Parallel()
	_, out, _ := demoBuild(t, nil)
	data, err := os.ReadFile(filepath.Join(out, "data", "results.json"))
	if err != nil {
		t.Fatal(err)
	}
	var r struct {
		Judged struct {
			Rates []struct {
				Judge, Model, Criterion string
				Pass, Fail              int
			}
		}
		Ranking struct {
			Judges []struct {
				Judge        string
				PerCriterion map[string][]struct {
					Model          string
					Passes, Scored int
				} `json:"per_criterion"`
			}
		}
	}
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatal(err)
	}
	type key struct{ judge, model, criterion string }
	rates := map[key][2]int{}
	for _, p := range r.Judged.Rates {
		rates[key{p.Judge, p.Model, p.Criterion}] = [2]int{p.Pass, p.Pass + p.Fail}
	}
	checked := 0
	for _, j := range r.Ranking.Judges {
		for crit, standings := range j.PerCriterion {
			for _, s := range standings {
				want, ok := rates[key{j.Judge, s.Model, crit}]
				if !ok {
					t.Errorf("%s ranks %s on %s, which has no pass rate", j.Judge, s.Model, crit)
					continue
				}
				if got := [2]int{s.Passes, s.Scored}; got != want {
					t.Errorf("%s on %s: ranking counts %s %d/%d, the pass rates %d/%d", j.Judge, crit, s.Model, got[0], got[1], want[0], want[1])
				}
				checked++
			}
		}
	}
	if checked == 0 {
		t.Fatal("no ranking to check")
	}
}

// TestNothingClaimsRegisteredThresholdsWithoutABlock: with the demo's
// registered blocks removed (its registered(...) quotes turned into
// threshold(...)), a --set still gets its warning and the page note, and no
// sentence of the demo calls this build's thresholds the registered ones;
// with the blocks, the same sentences do.
func TestNothingClaimsRegisteredThresholdsWithoutABlock(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name       string
		registered bool
		want, not  map[string][]string // page -> phrases
	}{
		{"declared", true,
			map[string][]string{"index.html": {"sections fail C5 at the registered thresholds:"}, "00-findings.html": {"The C5 thresholds are the ones the rubric registered:"}},
			map[string][]string{"index.html": {"no C5 thresholds were registered"}, "00-findings.html": {"No C5 thresholds were registered"}}},
		{"none declared", false,
			map[string][]string{
				"index.html":       {"sections fail C5 at this build's thresholds (no C5 thresholds were registered):", "no registered thresholds are declared for them"},
				"00-findings.html": {"No C5 thresholds were registered, so these are the build's own:", "no registered thresholds are declared for them"},
			},
			map[string][]string{
				"index.html":       {"at the registered thresholds:", "which differ from the registered ones"},
				"00-findings.html": {"ones the rubric registered", "other than the registered ones"},
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			edit := func(dir string) {
				if tc.registered {
					return
				}
				for _, block := range []string{
					"[c5.registered]                 # what the rubric registered: quoted as registered, never follows --set\nmax_run = 12\nmax_overlap = 0.10\nngram = 8\n",
					"[judged.registered]             # as the rubric registered them; quoted apart, never follow --set\nc1_min_present = 10\nc2_max_undeveloped = 0.3333\n",
				} {
					rewrite(t, dir, "config.toml", block, "")
				}
				docs, _ := filepath.Glob(filepath.Join(dir, "content", "*.md"))
				for _, doc := range docs {
					data, err := os.ReadFile(doc)
					if err != nil {
						t.Fatal(err)
					}
					text := strings.NewReplacer("{{registered ", "{{threshold ", "registered(", "threshold(").Replace(string(data))
					if err := os.WriteFile(doc, []byte(text), 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
			var args []string
			if !tc.registered {
				args = []string{"--set", "c5.max_run=20"}
			}
			_, out, stderr := demoBuild(t, edit, args...)
			if !tc.registered && !strings.Contains(stderr, "--set changes thresholds for which no registered ones are declared: max_run 20 (the file: 12)") {
				t.Errorf("no warning of the --set against the file:\n%s", stderr)
			}
			for page, phrases := range tc.want {
				text := pageText(t, filepath.Join(out, page))
				for _, p := range phrases {
					if !strings.Contains(text, p) {
						t.Errorf("%s does not say %q:\n%s", page, p, text)
					}
				}
			}
			for page, phrases := range tc.not {
				text := pageText(t, filepath.Join(out, page))
				for _, p := range phrases {
					if strings.Contains(text, p) {
						t.Errorf("%s says %q", page, p)
					}
				}
			}
		})
	}
}

// graderIDs are distinctive ids the demo's judges and labellers get in
// TestNoFileHoldsAGraderID, so that a file holding one is found.
var graderIDs = map[string]string{
	"primary": "jdgprimx", "family-1": "jdgfamx1", "family-2": "jdgfamx2", "family-3": "jdgfamx3",
	"author": "labauthx", "second": "labsecx",
}

// renameGraders gives the demo copy in dir the ids of graderIDs: in the
// judged tier's files and file names. The documents' placeholders and the
// config's hypotheses name graders by their published ids, which do not
// change.
func renameGraders(t *testing.T, dir string) { t.Helper(); renameGradersTo(t, dir, graderIDs) }

// renameGradersTo gives the demo copy in dir the grader ids of ids.
func renameGradersTo(t *testing.T, dir string, graderIDs map[string]string) {
	t.Helper()
	key := regexp.MustCompile(`(?m)^(id|judge|by|labeller) = "([^"]+)"`)
	rename := func(s string) string {
		return key.ReplaceAllStringFunc(s, func(m string) string {
			sub := key.FindStringSubmatch(m)
			if id, ok := graderIDs[sub[2]]; ok {
				return sub[1] + ` = "` + id + `"`
			}
			return m
		})
	}
	judgedDir := filepath.Join(dir, "demo", "private", "judged")
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		text := string(data)
		if strings.HasSuffix(path, ".toml") && strings.HasPrefix(path, judgedDir) {
			text = rename(text) // config.toml names judges by their published ids
		}
		target := path
		if strings.HasPrefix(path, judgedDir) && strings.HasSuffix(path, ".md") {
			if id, ok := graderIDs[strings.TrimSuffix(filepath.Base(path), ".md")]; ok {
				target = filepath.Join(filepath.Dir(path), id+".md")
				if err := os.Remove(path); err != nil {
					return err
				}
			}
		}
		return os.WriteFile(target, []byte(text), 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestNoFileHoldsAGraderID: the author's ids of judges and labellers
// name files and may name a model ("haiku", "4o-mini"); evalpress makes
// the ids it publishes from roles and aliases. The demo's graders get
// distinctive ids, and no published file, nor any file's name, holds one:
// not a page, an anchor, the search index, judged.csv's by column,
// results.json or the method page's list of inputs.
func TestNoFileHoldsAGraderID(t *testing.T) {
	t.Parallel()
	_, out, _ := demoBuild(t, func(dir string) { renameGraders(t, dir) })
	files := testtree.Read(t, out)
	if len(files) < 20 {
		t.Fatalf("only %d files read", len(files))
	}
	for path, text := range files {
		for _, id := range graderIDs {
			if i := strings.Index(path+"\n"+text, id); i >= 0 {
				t.Errorf("%s holds the author's id %s", path, id)
			}
		}
	}
	for file, want := range map[string][]string{
		"judged.html":       {`id="judge-primary"`, `href="#judge-family-of-model-1"`},
		"method.html":       {"judged/family-of-model-3.md", "judged/labels/labeller-2.md", "judged/fixtures/primary.md"},
		"data/judged.csv":   {",primary,judge,", ",family-of-model-1,judge,", ",labeller-1,labeller,"},
		"data/results.json": {`"family-of-model-1"`, `"labeller-2"`},
	} {
		for _, w := range want {
			if !strings.Contains(files[file], w) {
				t.Errorf("%s has no %q", file, w)
			}
		}
	}
}

// TestStatusStandsWhereverVerdictsAre: a primary judge that is not
// independent, answered in a fixed order and was tuned on the validation
// sample is valid, and its status with every note stands beside its
// verdicts wherever they appear (the judged page, a cell page, the
// hypothesis block, the reporting template's RESULTS and ranking slots),
// each linked to the agreement table; the tuning is warned about.
func TestStatusStandsWhereverVerdictsAre(t *testing.T) {
	t.Parallel()
	dir := judgedTree(t, map[string]string{
		"content/protocol.md":   "# Protocol\n\n{{reporting template}}\n\n{{reporting template text}}\n",
		"content/hypotheses.md": "# Hypotheses\n\n{{hypotheses}}\n",
	})
	rewrite(t, dir, "private/judged/judges.toml", `family = "Neutralfam"`, `family = "betafam"`)
	rewrite(t, dir, "private/judged/judges.toml", "iterations = 0\norder = \"randomised\"", "iterations = 2\ntuned_on = \"validation\"\norder = \"fixed\"")
	appendTo(t, dir, "config.toml", "[[hypothesis]]\nid = \"H9\"\nregistered = 2026-07-01\nstatement = \"Model 2 fails C1 least.\"\n"+
		"[hypothesis.prediction]\nkind = \"fewest_fails\"\nmodel = \"Model 2\"\ncriterion = \"C1\"\njudge = \"primary\"\n")
	code, stderr := buildSite(t, dir)
	if code != 0 {
		t.Fatalf("build failed (%d): %s", code, stderr)
	}
	if !strings.Contains(stderr, `warning: this judge's prompt was iterated twice on the validation sample: its agreement is measured on the set it was tuned on`) {
		t.Errorf("no warning of the tuning on the validation sample:\n%s", stderr)
	}
	notes := []string{
		"its prompt was iterated twice on the validation sample: its agreement is measured on the set it was tuned on",
		"answer order fixed on comparative calls",
		"not independent: the primary judge belongs to a writer's family",
	}
	files := testtree.Read(t, filepath.Join(dir, "public"))
	var cell string
	for path, text := range files {
		if strings.HasPrefix(path, "cells/") && strings.Contains(text, `<table class="judged-cell">`) {
			cell = path
		}
	}
	protocol := htmlstd.UnescapeString(files["protocol.html"])
	places := map[string]string{
		"judged page":    between(htmlstd.UnescapeString(files["judged.html"]), `<h2 id="judge-primary">`, "</table>"),
		"cell page":      between(htmlstd.UnescapeString(files[cell]), `<section class="judged"`, "</section>"),
		"hypothesis":     between(htmlstd.UnescapeString(files["hypotheses.html"]), `<p class="hyp-judge">`, "</p>"),
		"RESULTS slot":   between(between(protocol, "<table class=\"reporting-template\"", "</table>"), "C1 outline coverage", "</tr>"),
		"ranking slot":   between(between(protocol, "<table class=\"reporting-template\"", "</table>"), "ranking under primary judge", "</tr>"),
		"RESULTS (text)": between(between(protocol, `<pre class="reporting-template-text"`, "</pre>"), "C1 outline coverage", "C2 development"),
		"ranking (text)": between(between(protocol, `<pre class="reporting-template-text"`, "</pre>"), "ranking under primary judge", "ranking under each family judge"),
	}
	for place, text := range places {
		if text == "" {
			t.Errorf("%s: not found", place)
			continue
		}
		for _, n := range notes {
			if !strings.Contains(text, n) {
				t.Errorf("%s does not state %q:\n%s", place, n, text)
			}
		}
		if !strings.Contains(text, "judged.html#agreement") && !strings.Contains(text, `href="#agreement"`) {
			t.Errorf("%s does not link to the agreement table:\n%s", place, text)
		}
		if place != "judged page" && place != "cell page" && !strings.Contains(text, "κ") {
			t.Errorf("%s gives no kappa:\n%s", place, text)
		}
	}
}
