package main

import (
	"encoding/json"
	"os"
	"path/filepath"
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
