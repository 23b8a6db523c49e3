package site

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/reports/criteria"
	"github.com/evalpress/evalpress/reports/stats"
)

// TestScorecardColumns: the measured quality criteria, then each criterion
// of each judge whose verdicts are results (never a diagnostic judge's),
// then the gates apart; a row per writer, each figure its FAILs of the
// sections scored, linked to its detail.
func TestScorecardColumns(t *testing.T) {
	t.Parallel()
	p := judgedFixture()
	p.Judged.Rates = append(p.Judged.Rates,
		publicRate("primary", "Model 1", "C4", 1, 1, 0), publicRate("primary", "Model 2", "C4", 2, 0, 1),
		publicRate("family-1", "Model 1", "C4", 0, 2, 0)) // diagnostic: no column
	// The findings compute the intervals; the scorecard quotes them.
	for w := range p.Writers {
		for i := range p.Writers[w].Tallies {
			p.Writers[w].Tallies[i].FailLow, p.Writers[w].Tallies[i].FailHigh = 0.1*float64(w+1), 0.9
		}
	}
	sc := buildScorecard(p, criteria.Default())
	var heads, gates []string
	for _, c := range sc.Quality {
		heads = append(heads, c.Heading())
	}
	for _, c := range sc.Gates {
		gates = append(gates, c.Heading())
	}
	if want := []string{"C5 paraphrase distance", "C4 additions, Primary judge"}; !slices.Equal(heads, want) {
		t.Errorf("quality columns %q, want %q", heads, want)
	}
	if want := []string{"G1 length"}; !slices.Equal(gates, want) {
		t.Errorf("gate columns %q, want %q", gates, want)
	}
	for _, tc := range []struct {
		row, col             int
		gate                 bool
		text, interval, link string
	}{
		{0, 0, false, "1 of 2 FAIL", "50%, CI 10% to 90%", "results.html#summary"},
		{1, 0, false, "2 of 2 FAIL", "100%, CI 20% to 90%", "results.html#summary"},
		{0, 1, false, "1 of 2 FAIL", "50%, CI 9.5% to 90.5%", "judged.html#judge-primary"},
		{1, 1, false, "0 of 2 FAIL", "0%, CI 0% to 65.8%; 1 ambiguous", "judged.html#judge-primary"},
		{0, 0, true, "1 of 1 FAIL", "100%, CI 10% to 90%", "results.html#gate-g1"},
		{1, 0, true, "1 of 2 FAIL", "50%, CI 20% to 90%", "results.html#gate-g1"},
	} {
		cells := sc.Rows[tc.row].Quality
		if tc.gate {
			cells = sc.Rows[tc.row].Gates
		}
		c := cells[tc.col]
		if c.Text() != tc.text || c.Interval() != tc.interval || c.Link != tc.link {
			t.Errorf("%s, column %d (gate %v): %q, %q, %q; want %q, %q, %q", sc.Rows[tc.row].Writer, tc.col, tc.gate,
				c.Text(), c.Interval(), c.Link, tc.text, tc.interval, tc.link)
		}
	}
}

// TestScorecardOfAMeasurement: with C5 a measurement only, the scorecard
// has no C5 column: there is no FAIL to count.
func TestScorecardOfAMeasurement(t *testing.T) {
	t.Parallel()
	p := fixture()
	p.C5Measure = true
	sc := buildScorecard(p, criteria.Default())
	for _, c := range sc.Quality {
		if c.ID == "C5" {
			t.Errorf("a C5 column in measure mode: %q", c.Heading())
		}
	}
	if len(sc.Gates) != 1 || len(sc.Rows) != 2 {
		t.Errorf("%d gates, %d rows; want G1 and 2 writers", len(sc.Gates), len(sc.Rows))
	}
}

// TestScorecardOnThePage: the overview's scorecard has a sortable column
// per figure, every figure linked, and nothing that adds criteria up.
func TestScorecardOnThePage(t *testing.T) {
	t.Parallel()
	p := judgedFixture()
	p.Judged.Rates = append(p.Judged.Rates, publicRate("primary", "Model 1", "C4", 1, 1, 0))
	body := pageBody(t, p, "overview.html")
	start := strings.Index(body, `<table class="scorecard sortable"`)
	if start < 0 {
		t.Fatalf("no scorecard on the overview:\n%s", body)
	}
	table := body[start : start+strings.Index(body[start:], "</table>")]
	if n := strings.Count(table, `<td data-value=`); n != 2*3 {
		t.Errorf("%d figures, want 6 (2 writers, 3 columns):\n%s", n, table)
	}
	if n := len(regexp.MustCompile(`<td data-value="[^"]*"[^>]*><a href="(results|judged)\.html#`).FindAllString(table, -1)); n != 6 {
		t.Errorf("%d linked figures, want 6", n)
	}
	// No column pools criteria: every heading is a criterion's or a group's.
	for _, m := range regexp.MustCompile(`<th scope="col"[^>]*>([^<]*)`).FindAllStringSubmatch(table, -1) {
		if h := strings.TrimSpace(m[1]); h != "Writer" && !regexp.MustCompile(`^[CG]\d+$`).MatchString(h) {
			t.Errorf("a column headed %q: only criteria have columns", h)
		}
	}
}

// publicRate is a judge's calls on a writer's sections under a
// criterion, with the interval the findings give them.
func publicRate(judge, writer, crit string, pass, fail, ambiguous int) public.JudgedRate {
	lo, hi := stats.Wilson(fail, pass+fail)
	return public.JudgedRate{Judge: judge, Writer: writer, Criterion: crit, Pass: pass, Fail: fail, Ambiguous: ambiguous, FailLow: lo, FailHigh: hi}
}
