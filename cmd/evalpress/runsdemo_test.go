package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// TestRunsDemoFigures builds demo/runs (three runs on each of two
// outlines) and recomputes its figures from the private files with code of
// its own, as the reference script measures (lower case, letters and
// digits, the longest common word run by dynamic programming, the share of
// distinct 8-grams), never through evalpress's packages: every cell's run
// and overlap, each cell's spread and failing runs, each writer's pass
// rate and interval over runs, and the run-to-run share of the variance.
func TestRunsDemoFigures(t *testing.T) {
	t.Parallel()
	src := filepath.Join("..", "..", "demo", "runs")
	dir := t.TempDir()
	copyTree(t, src, dir)
	out := filepath.Join(dir, "public")
	if code, stderr := buildSite(t, dir, "--out", out); code != 0 {
		t.Fatalf("the runs demo does not build (%d):\n%s", code, stderr)
	}
	var got runsResults
	data, err := os.ReadFile(filepath.Join(out, "data", "results.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	want := recomputeRuns(t, filepath.Join(src, "private"))
	if len(got.Cells) != len(want.cells) {
		t.Fatalf("%d cells published, %d recomputed", len(got.Cells), len(want.cells))
	}
	for _, c := range got.Cells {
		w, ok := want.cells[fmt.Sprintf("%s|%s", c.Model, c.Section)]
		if !ok {
			t.Errorf("published cell %s, %s is none of the recomputed", c.Model, c.Section)
			continue
		}
		if c.Run != w.longest || math.Abs(c.Overlap-w.overlap) > 1e-9 || (c.Verdict == "FAIL") != w.fail() {
			t.Errorf("%s, %s: run %d, overlap %v, %s; recomputed %d, %v", c.Model, c.Section, c.Run, c.Overlap, c.Verdict, w.longest, w.overlap)
		}
	}
	for _, rc := range got.Repeats.Cells {
		runs := want.byCell[fmt.Sprintf("%d|%s|%s", rc.Episode, rc.Model, rc.Section)]
		if len(runs) != 3 {
			t.Fatalf("episode %d, %s, %s: %d runs recomputed", rc.Episode, rc.Model, rc.Section, len(runs))
		}
		values, fails := []float64{}, 0
		for _, m := range runs {
			values = append(values, float64(m.longest))
			if m.fail() {
				fails++
			}
		}
		sort.Float64s(values)
		if rc.Run.Min != values[0] || rc.Run.Median != values[1] || rc.Run.Max != values[2] || rc.Failing["C5"].Fail != fails || rc.Failing["C5"].Scored != 3 {
			t.Errorf("episode %d, %s, %s over runs: %+v, C5 %+v; recomputed runs %v, %d failing", rc.Episode, rc.Model, rc.Section, rc.Run, rc.Failing["C5"], values, fails)
		}
	}
	for _, w := range got.Repeats.Writers {
		rates := want.passRates(w.Model, w.Episode)
		mean, low, high := meanInterval(rates)
		r := w.Rates["C5"]
		if r.Runs != len(rates) || math.Abs(r.Mean-mean) > 6e-4 || math.Abs(r.Low-low) > 6e-4 || math.Abs(r.High-high) > 6e-4 {
			t.Errorf("%s, episode %d: pass rate %+v; recomputed %v [%v, %v] over %d runs", w.Model, w.Episode, r, mean, low, high, len(rates))
		}
	}
	if got.Repeats.Split == nil {
		t.Fatalf("no run-to-run split: %s", got.Repeats.SplitNote)
	}
	if s, want := got.Repeats.Split.Run.RunToRun, want.withinShare(); math.Abs(s-want) > 6e-4 {
		t.Errorf("run-to-run share of the longest run %v, recomputed %v", s, want)
	}
	checkPairs(t, got, want)
	for _, name := range []string{"canal", "ferry", "first", "second", "third"} {
		if strings.Contains(string(data), name) {
			t.Errorf("results.json holds the private label %q", name)
		}
	}
}

type runsResults struct {
	Cells []struct {
		Model, Section, Verdict string
		Run                     int
		Overlap                 float64
	} `json:"cells"`
	Repeats struct {
		Cells []struct {
			Episode        int
			Model, Section string
			Run            struct{ Min, Median, Max float64 }
			Failing        map[string]struct{ Fail, Scored int }
		} `json:"cells"`
		Writers []struct {
			Model   string
			Episode int
			Rates   map[string]struct {
				Runs            int
				Mean, Low, High float64
			} `json:"pass_rates"`
		} `json:"writers"`
		Split *struct {
			Run struct {
				RunToRun float64 `json:"run_to_run_share"`
			} `json:"run"`
		} `json:"split"`
		SplitNote string `json:"split_note"`
	} `json:"repeats"`
	Pairs []struct {
		Section, Origin string
		A               string `json:"model"`
		B               string `json:"other_model"`
		Run             int
		OwnRun          int `json:"own_run"`
	} `json:"pairs"`
}

// checkPairs recomputes the longest run every two writers share on each
// section of each run, and holds the demo's planted copy (Model 3 took 16
// of Model 1's own words in BODY of episode 2, run 2) to be the one pair
// said to share words of their own.
func checkPairs(t *testing.T, got runsResults, want *recomputedSet) {
	t.Helper()
	if len(got.Pairs) != len(want.cells) { // three writers: three pairs a section, as many as cells
		t.Errorf("%d pairs published, want %d", len(got.Pairs), len(want.cells))
	}
	for _, p := range got.Pairs {
		a, b := want.cells[p.A+"|"+p.Section], want.cells[p.B+"|"+p.Section]
		if run := longestRun(a.words, b.words); p.Run != run {
			t.Errorf("%s and %s, %s: run %d, recomputed %d", p.A, p.B, p.Section, p.Run, run)
		}
		planted := p.A == "Model 1" && p.B == "Model 3" && p.Section == "BODY · episode 2, run 2"
		if (p.Origin == "each other") != planted {
			t.Errorf("%s and %s, %s: origin %q (own run %d of %d)", p.A, p.B, p.Section, p.Origin, p.OwnRun, p.Run)
		}
	}
}

// measured is one recomputed cell.
type measured struct {
	episode, run   int // 1-based
	model, section string
	words          []string
	longest        int
	overlap        float64
}

func (m measured) fail() bool { return m.longest > 12 || m.overlap > 0.10 }

// The recomputation's own parsing: the demo's files have no variants and
// no mandated phrases.
var (
	nonWord = regexp.MustCompile(`[^a-z0-9\s]`)
	aliasRe = regexp.MustCompile(`^"(.+)" = "(.+)"$`)
)

func recomputeRuns(t *testing.T, private string) *recomputedSet {
	t.Helper()
	alias := map[string]string{}
	models, err := os.ReadFile(filepath.Join(private, "models.toml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(models), "\n") {
		if m := aliasRe.FindStringSubmatch(line); m != nil {
			alias[m[1]] = m[2]
		}
	}
	set := &recomputedSet{cells: map[string]measured{}, byCell: map[string][]measured{}}
	episodes := subdirs(t, filepath.Join(private, "episodes"))
	for e, ep := range episodes {
		examples := blocks(t, filepath.Join(private, "episodes", ep, "examples.md"))[""]
		runs := subdirs(t, filepath.Join(private, "episodes", ep, "runs"))
		for r, run := range runs {
			for script, secs := range blocks(t, filepath.Join(private, "episodes", ep, "runs", run, "sections.md")) {
				for name, text := range secs {
					a, b := tokens(text), tokens(examples[name])
					m := measured{episode: e + 1, run: r + 1, model: alias[script], section: name, words: a}
					m.longest, m.overlap = longestRun(a, b), overlap8(a, b)
					set.add(m, len(episodes) > 1, len(runs) > 1)
				}
			}
		}
	}
	return set
}

type recomputedSet struct {
	cells  map[string]measured   // by "alias|public section"
	byCell map[string][]measured // by "episode|alias|section"
	all    []measured
}

func (s *recomputedSet) add(m measured, episodes, runs bool) {
	label := m.section + " · "
	if episodes {
		label += fmt.Sprintf("episode %d", m.episode)
	}
	if runs {
		label += fmt.Sprintf(", run %d", m.run)
	}
	s.cells[m.model+"|"+label] = m
	k := fmt.Sprintf("%d|%s|%s", m.episode, m.model, m.section)
	s.byCell[k] = append(s.byCell[k], m)
	s.all = append(s.all, m)
}

// passRates are the writer's C5 pass rates, one a run, of episode e (all
// episodes when e is 0).
func (s *recomputedSet) passRates(model string, e int) []float64 {
	pass, n := map[[2]int]int{}, map[[2]int]int{}
	for _, m := range s.all {
		if m.model != model || e != 0 && m.episode != e {
			continue
		}
		k := [2]int{m.episode, m.run}
		n[k]++
		if !m.fail() {
			pass[k]++
		}
	}
	keys := make([][2]int, 0, len(n))
	for k := range n {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i][0]*100+keys[i][1] < keys[j][0]*100+keys[j][1] })
	var rates []float64
	for _, k := range keys {
		rates = append(rates, float64(pass[k])/float64(n[k]))
	}
	return rates
}

// withinShare is the share of the longest run's sum of squares within
// cells (episode, writer, section) over all values.
func (s *recomputedSet) withinShare() float64 {
	var sum float64
	for _, m := range s.all {
		sum += float64(m.longest)
	}
	mean := sum / float64(len(s.all))
	var total, within float64
	for _, runs := range s.byCell {
		var cell float64
		for _, m := range runs {
			cell += float64(m.longest)
		}
		cell /= float64(len(runs))
		for _, m := range runs {
			total += (float64(m.longest) - mean) * (float64(m.longest) - mean)
			within += (float64(m.longest) - cell) * (float64(m.longest) - cell)
		}
	}
	return within / total
}

// meanInterval is the mean with Student's t interval at 95%, clamped to
// [0, 1]: t for 2 and 5 degrees of freedom, the demo's.
func meanInterval(xs []float64) (mean, low, high float64) {
	for _, x := range xs {
		mean += x
	}
	mean /= float64(len(xs))
	var ss float64
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	t := map[int]float64{2: 4.302653, 5: 2.570582}[len(xs)-1]
	half := t * math.Sqrt(ss/float64(len(xs)-1)/float64(len(xs)))
	return mean, math.Max(0, mean-half), math.Min(1, mean+half)
}

func tokens(s string) []string {
	return strings.Fields(nonWord.ReplaceAllString(strings.ToLower(s), " "))
}

func longestRun(a, b []string) int {
	best := 0
	prev := make([]int, len(b)+1)
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		for j := 1; j <= len(b); j++ {
			if a[i-1] == b[j-1] {
				cur[j] = prev[j-1] + 1
				best = max(best, cur[j])
			}
		}
		prev = cur
	}
	return best
}

func overlap8(a, b []string) float64 {
	grams := func(ws []string) map[string]bool {
		s := map[string]bool{}
		for i := 0; i+8 <= len(ws); i++ {
			s[strings.Join(ws[i:i+8], " ")] = true
		}
		return s
	}
	ga, gb := grams(a), grams(b)
	if len(ga) == 0 {
		return 0
	}
	hit := 0
	for g := range ga {
		if gb[g] {
			hit++
		}
	}
	return float64(hit) / float64(len(ga))
}

// blocks reads a file of "# SCRIPT" and "## SECTION" headings: script ->
// section -> text ("" for a file without scripts).
func blocks(t *testing.T, path string) map[string]map[string]string {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]map[string]string{}
	script, section := "", ""
	for _, line := range strings.Split(string(data), "\n") {
		switch {
		case strings.HasPrefix(line, "## "):
			section = strings.TrimSpace(line[3:])
			if out[script] == nil {
				out[script] = map[string]string{}
			}
		case strings.HasPrefix(line, "# "):
			script, section = strings.TrimSpace(line[2:]), ""
		case section != "":
			out[script][section] += line + "\n"
		}
	}
	return out
}

func subdirs(t *testing.T, dir string) []string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		if e.IsDir() {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names) // the demo's names sort the same naturally
	return names
}

// TestRunsRefuseTheJudgedTier: a judge's reply names a writer and a
// section, not a run; with several runs the tier is refused, with the
// folder named, rather than counted once for every run.
func TestRunsRefuseTheJudgedTier(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	copyTree(t, filepath.Join("..", "..", "demo", "runs"), dir)
	copyTree(t, filepath.Join("..", "..", "demo", "private", "judged"), filepath.Join(dir, "private", "judged"))
	code, stderr := buildSite(t, dir, "--out", filepath.Join(dir, "public"))
	want := filepath.Join("private", "judged") + ": the judged tier grades one run of one episode, and these inputs hold several"
	if code == 0 || !strings.Contains(stderr, want) {
		t.Fatalf("exit %d, stderr\n%s\nwant %q", code, stderr, want)
	}
}
