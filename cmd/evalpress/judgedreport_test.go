package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
