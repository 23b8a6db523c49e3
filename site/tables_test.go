package site

import (
	"encoding/json"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/redact/public/publictest"
	"github.com/evalpress/evalpress/reports/criteria"
)

func TestGrid(t *testing.T) {
	p := fixture()
	p.Cells[1].RunView, p.Cells[1].Slug = true, "model-1-act-1"
	g := buildGrid(p)
	rows := g.Rows()
	if !reflect.DeepEqual(g.Writers, []string{"Model 1", "Model 2"}) || len(rows) != 2 || rows[1].Section != "ACT 1" {
		t.Fatalf("grid shape: %+v", rows)
	}
	// Made a piece at a time, the rows are the same.
	if pieces := append(gridRowsOf(p, g.places, 0, 1), gridRowsOf(p, g.places, 1, 2)...); !reflect.DeepEqual(pieces, rows) {
		t.Errorf("rows made a piece at a time %+v, whole %+v", pieces, rows)
	}
	c := rows[1].Cells[0]
	want := gridCell{Present: true, HasExample: true, Writer: "Model 1", Section: "ACT 1", Run: 40, Overlap: "50%",
		RunFails: true, OverlapFail: true, Fail: true, Page: "cells/model-1-act-1.html"}
	if c != want {
		t.Errorf("ACT 1 / Model 1 = %+v, want %+v", c, want)
	}
	if h := rows[0].Cells[1]; h.RunFails || !h.OverlapFail || h.Run != 11 || h.Overlap != "12.5%" {
		t.Errorf("HOOK / Model 2 = %+v", h)
	}
}

func TestSectionRows(t *testing.T) {
	rows := buildSectionRows(fixture())
	want := []sectionRow{
		{Section: "HOOK", Fails: 1, Measured: 2, ShortRun: 4, LongRun: 11, MaxOverlap: "12.5%", Present: true, ShortestBy: "Model 1", LongBy: "Model 2"},
		{Section: "ACT 1", Fails: 2, Measured: 2, ShortRun: 40, LongRun: 82, MaxOverlap: "100%", Present: true, ShortestBy: "Model 1", LongBy: "Model 2"},
	}
	if !reflect.DeepEqual(rows, want) {
		t.Errorf("section rows\n got %+v\nwant %+v", rows, want)
	}
}

func TestRuleTable(t *testing.T) {
	rt := buildRuleTable(fixture(), criteria.Default())
	got := map[string]int{}
	for _, r := range append(rt.Rows, rt.Totals...) {
		got[r.Label] = r.Cells
	}
	want := map[string]int{
		"FAIL on the longest run over 12 words alone":  0,
		"FAIL on the overlap over 10% alone":           1,
		"FAIL on both":                                 2,
		"pass on both":                                 1,
		"All cells with the longest run over 12 words": 2,
		"All cells with the overlap over 10%":          3,
	}
	if !reflect.DeepEqual(got, want) || rt.Measured != 4 {
		t.Errorf("rule table %v (measured %d), want %v", got, rt.Measured, want)
	}
}

func TestSharePercent(t *testing.T) {
	for _, tc := range []struct {
		fails, sections int
		want            string
	}{{7, 9, "77.8%"}, {8, 9, "88.9%"}, {0, 9, "0%"}, {2, 3, "66.7%"}, {1, 2, "50%"}, {1, 0, "–"}} {
		if got := sharePct(tc.fails, tc.sections); got != tc.want {
			t.Errorf("sharePct(%d, %d) = %q, want %q", tc.fails, tc.sections, got, tc.want)
		}
	}
}

func TestPredictionWords(t *testing.T) {
	three, one := 3, 1
	for _, tc := range []struct {
		h    public.Hypothesis
		want string
	}{
		{public.Hypothesis{Kind: "fewest_fails", Model: "Model 2"}, "Model 2 has strictly the fewest FAILs: fewer than every other writer."},
		{public.Hypothesis{Kind: "most_fails", Model: "Model 1"}, "Model 1 has strictly the most FAILs: more than every other writer."},
		{public.Hypothesis{Kind: "fails_at_least", Fails: &three}, "At least 3 sections fail for all writers together."},
		{public.Hypothesis{Kind: "fails_at_most", Model: "Model 3", Fails: new(int)}, "At most 0 sections fail for Model 3."},
		{public.Hypothesis{Kind: "fails_at_most", Model: "Model 1", Fails: &one}, "At most 1 section fails for Model 1."},
	} {
		if got := predictionWords(tc.h); got != tc.want {
			t.Errorf("predictionWords(%+v) = %q, want %q", tc.h, got, tc.want)
		}
	}
	for in, want := range map[string]string{"predicted at least 3": "Predicted at least 3.", "Done.": "Done.", "": ""} {
		if got := sentence(in); got != want {
			t.Errorf("sentence(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestTableMarkdown(t *testing.T) {
	p := fixture()
	grid := tableMarkdown("grid", p, criteria.Default())
	for _, want := range []string{"| Section | Model 1 | Model 2 |", "| HOOK | 4 / 0% pass | 11 / **12.5%** ✗ FAIL |", "| ACT 1 | **40** / **50%** ✗ FAIL |"} {
		if !strings.Contains(grid, want) {
			t.Errorf("grid markdown lacks %q:\n%s", want, grid)
		}
	}
	if rules := tableMarkdown("rules", p, criteria.Default()); !strings.Contains(rules, "| FAIL on the overlap over 10% alone | 1 |") {
		t.Errorf("rules markdown:\n%s", rules)
	}
	if s := tableMarkdown("sections", p, criteria.Default()); !strings.Contains(s, "| ACT 1 | 2 of 2 | 40 | 82 | 100% |") {
		t.Errorf("sections markdown:\n%s", s)
	}
}

func TestCompareBuilds(t *testing.T) {
	p := fixture()
	p.Cells[2].RunView, p.Cells[2].Slug = true, "model-2-hook"
	base := &Results{SHA256: "abc", Thresholds: ResultsThresholds{{"max_run", 12}, {"max_overlap", 0.2}, {"ngram", 8}}, Cells: []ResultsCell{
		{Model: "Model 1", Section: "HOOK", Verdict: "pass", Run: 4},
		{Model: "Model 2", Section: "HOOK", Verdict: "pass", Run: 11, Overlap: 0.125},
	}}
	c := compareBuilds(p, criteria.Default(), base, changesSince(p, criteria.Default(), base))
	if c.SHA256 != "abc" || c.Changed != 1 || len(c.Thresholds) != 3 || c.Thresholds[1].Before != "20%" || c.Thresholds[1].Now != "10%" {
		t.Errorf("thresholds %+v (changed %d)", c.Thresholds, c.Changed)
	}
	if len(c.Cells) != 1 {
		t.Fatalf("cells %+v", c.Cells)
	}
	got := c.Cells[0]
	after := "longest run 11 ≤ 12 words: pass; overlap 12.5% > 10% (3 of 24 distinct 8-grams): FAIL"
	if got.BeforeLine != "run 11 ≤ 12, overlap 12.5% ≤ 20%" || got.AfterLine != after || got.Rules != "overlap" || got.Page != "cells/model-2-hook.html" {
		t.Errorf("changed cell %+v", got)
	}
	// A baseline that records its outcomes is stated from them, as the
	// cell page states them.
	base.Cells[1].Criteria = map[string]criteria.Record{"C5": {Verdict: "pass", Rules: []string{},
		Values: map[string]float64{"run": 11, "overlap": 0.125, "shared": 3, "distinct": 24},
		Limits: map[string]float64{"max_run": 12, "max_overlap": 0.2, "ngram": 8}}}
	got = compareBuilds(p, criteria.Default(), base, changesSince(p, criteria.Default(), base)).Cells[0]
	if want := "longest run 11 ≤ 12 words: pass; overlap 12.5% ≤ 20% (3 of 24 distinct 8-grams): pass"; got.BeforeLine != want {
		t.Errorf("before, from the recorded outcome: %q, want %q", got.BeforeLine, want)
	}
}

func TestChangesSummary(t *testing.T) {
	ch := func(m string) Change { return Change{Model: m, Section: "ACT 1", Before: "FAIL", After: "pass"} }
	for _, tc := range []struct {
		changes []Change
		want    string
	}{
		{nil, "no verdict changed since the previous build"},
		{[]Change{ch("A")}, "1 verdict changed since the previous build: A / ACT 1 FAIL → pass"},
		{[]Change{ch("A"), ch("B"), ch("C"), ch("D"), ch("E")}, "5 verdicts changed since the previous build: A / ACT 1 FAIL → pass, B / ACT 1 FAIL → pass, C / ACT 1 FAIL → pass, and 2 more (see changes.html)"},
	} {
		if got := ChangesSummary(tc.changes); got != tc.want {
			t.Errorf("got %q\nwant %q", got, tc.want)
		}
	}
	if got := joinWords([]string{"run", "overlap"}); got != "run and overlap" {
		t.Errorf("joinWords: %q", got)
	}
}

func TestSensitivitySweeps(t *testing.T) {
	p := fixture()
	p.Thresholds.MaxOverlap = 0.123
	s := computeSensitivity(p, criteria.Default())
	labels := func(pts []sensitivityPoint) (out []string, configured []string) {
		for _, pt := range pts {
			out = append(out, pt.Label)
			if pt.Configured {
				configured = append(configured, pt.Label)
			}
		}
		return out, configured
	}
	run, runConf := labels(s.Run)
	overlap, overlapConf := labels(s.Overlap)
	if !reflect.DeepEqual(runConf, []string{"12"}) || !reflect.DeepEqual(overlapConf, []string{"12.3"}) {
		t.Errorf("configured points: run %v, overlap %v", runConf, overlapConf)
	}
	for _, l := range append(run, overlap...) {
		if len(l) > 4 || strings.Count(l, ".") > 1 {
			t.Errorf("label %q is not a plain decimal", l)
		}
	}
	if !slices.Contains(overlap, "95") {
		t.Errorf("overlap sweep %v: overlaps past 50%% want steps of 5", overlap)
	}
	// Overlaps up to 50%: steps of 2.5, written exactly.
	small := fixture()
	small.Cells[3].Overlap = 0.5
	fine, _ := labels(computeSensitivity(small, criteria.Default()).Overlap)
	if !slices.Contains(fine, "7.5") || !slices.Contains(fine, "12.5") || fine[len(fine)-1] != "50" {
		t.Errorf("overlap sweep %v lacks 7.5 or 12.5, or does not end at 50", fine)
	}
	// The longest run is 82 and the largest overlap 100%: the last points
	// pass every cell.
	last := s.Run[len(s.Run)-1]
	if last.Value < 82 {
		t.Errorf("run sweep ends at %v, before the longest run 82", last.Value)
	}
	if lo := s.Overlap[len(s.Overlap)-1]; lo.Value < 1 || lo.Label != "100" {
		t.Errorf("overlap sweep ends at %+v", lo)
	}
}

func TestDocumentsLinkToGeneratedPages(t *testing.T) {
	docs := map[string]bool{"d.md": true, "sub/e.md": true}
	md := "See the [C5 results page](results.html#sensitivity) and the [changes](changes.html).\n"
	pg, _, err := renderMarkdown(public.Document{Path: "d.md", Markdown: md}, "content/d.md", docs, nil, fixture(), criteria.Default())
	if err != nil || !strings.Contains(string(pg.Body), `href="results.html#sensitivity"`) {
		t.Fatalf("link to results.html: %v", err)
	}
	if _, _, err := renderMarkdown(public.Document{Path: "sub/e.md", Markdown: "[up](../results.html)\n"}, "content/sub/e.md", docs, nil, fixture(), criteria.Default()); err != nil {
		t.Errorf("link from a subfolder to results.html: %v", err)
	}
	if _, _, err := renderMarkdown(public.Document{Path: "d.md", Markdown: "[x](resultz.html)\n"}, "content/d.md", docs, nil, fixture(), criteria.Default()); err == nil {
		t.Error("a link to a page evalpress does not write passed")
	}
}

// The changes page compares every criterion's thresholds: G1's tolerance
// and targets (section by section, from the cells' recorded limits) and
// the judged tier's, not only C5's.
func TestCompareBuildsEveryCriterion(t *testing.T) {
	judge := func(p *public.Public, tolerance float64, targets map[string]int) {
		s, _ := criteria.Settings{}.With(criteria.Default().Lookup(criteria.G1), criteria.G1Settings{Tolerance: tolerance, Targets: targets})
		for i := range p.Cells {
			c := &p.Cells[i]
			m := &criteria.Measurements{Section: c.Section, Numbers: []criteria.Named{{Name: criteria.MeasureWritten, Value: float64(c.Words)}}}
			if c.HasExample {
				m.Numbers = append(m.Numbers, criteria.Comparison(c.Run, c.Overlap, c.Shared, c.Distinct)...)
			}
			c.Outcomes = s.Judge(m)
		}
		p.G1Tolerance = tolerance
	}
	before := fixture()
	judge(before, 0.15, map[string]int{"HOOK": 30})
	before.Judged = &public.Judged{C1MinPresent: 0, C2MaxUndeveloped: 0.3333}
	publictest.Thresholds(before)
	base, err := ParseBaseline(encodeResults(t, before))
	if err != nil {
		t.Fatal(err)
	}
	rows := func(c comparison) map[string]thresholdChange {
		out := map[string]thresholdChange{}
		for _, th := range c.Thresholds {
			out[th.Name] = th
		}
		return out
	}

	same := fixture()
	judge(same, 0.15, map[string]int{"HOOK": 30})
	same.Judged = &public.Judged{C1MinPresent: 0, C2MaxUndeveloped: 0.3333}
	publictest.Thresholds(same)
	if c := compareBuilds(same, criteria.Default(), base, changesSince(same, criteria.Default(), base)); c.Changed != 0 || len(c.Thresholds) != 8 {
		t.Errorf("same thresholds: %d changed of %+v", c.Changed, c.Thresholds)
	}

	now := fixture()
	judge(now, 0.2, map[string]int{"HOOK": 31, "ACT 1": 80})
	now.Judged = &public.Judged{C1MinPresent: 9, C2MaxUndeveloped: 0.3333}
	publictest.Thresholds(now)
	c := compareBuilds(now, criteria.Default(), base, changesSince(now, criteria.Default(), base))
	got := rows(c)
	for name, want := range map[string][3]string{
		"G1 length tolerance":          {"15%", "20%", "true"},
		"G1 targets":                   {"1 section with a target", "2 sections with a target, 2 differ", "true"},
		"C1 present beats needed":      {"not set", "9", "true"},
		"C2 undeveloped share allowed": {"33.33%", "33.33%", "false"},
		"C5 longest run limit (words)": {"12", "12", "false"},
	} {
		r := got[name]
		if r.Before != want[0] || r.Now != want[1] || strconv.FormatBool(r.Changed) != want[2] {
			t.Errorf("%s: %+v, want %v", name, r, want)
		}
	}
	if c.Changed != 3 {
		t.Errorf("changed %d, want 3", c.Changed)
	}
}

func encodeResults(t *testing.T, p *public.Public) []byte {
	t.Helper()
	data, err := json.Marshal(buildResults(p, criteria.Default(), nil))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestTablesOfAViewlessSiteAreEmpty: the rows made on demand (for a
// template of the user's too) are none, not a panic, for site data without
// a view, as the fields they replaced were.
func TestTablesOfAViewlessSiteAreEmpty(t *testing.T) {
	sd := &siteData{}
	for name, n := range map[string]int{"results": len(sd.Results()), "sections": len(sd.Sections()), "grid": len(sd.Grid.Rows())} {
		if n != 0 {
			t.Errorf("%s: %d rows without a view", name, n)
		}
	}
}
