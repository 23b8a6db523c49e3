package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/evalpress/evalpress/internal/testtree"
)

// resultTables are the HTML tables that hold judged verdicts as results:
// the judged page's rate and section tables and a cell page's judged
// table. A diagnostic's own tables carry the class diagnostic-cells.
var resultTables = regexp.MustCompile(`(?s)<table class="(judged-rates sortable|judged-cells sortable|judged-cell)">.*?</table>`)

// diagnosticSection is the one place an invalid judge's verdicts appear.
var diagnosticSection = regexp.MustCompile(`(?s)<section class="diagnostic".*?</section>`)

// TestInvalidJudgeIsNoResultAnywhere builds a judged tree in which one judge
// fails a condition of reporting (the family judge misses the breadth-padded
// fixture; then the primary judge does) and checks every published file:
// its verdicts are in no result table of any page, in no row of the CSV, in
// no rate, cell, ranking or self-preference of results.json, in no RESULTS
// or ranking line of the reporting template, and the hypothesis naming it is
// not decidable; they are only in the judged page's diagnostic section and
// in results.json's judged.diagnostic, marked as no result.
func TestInvalidJudgeIsNoResultAnywhere(t *testing.T) {
	for _, tc := range []struct {
		name, judge, display string
		fixtures             string // its fixture replies: it misses T3
	}{
		{"family judge", "fam-b", "Zephyr Check", fixtureReplies([2]string{"12", "0"}, [2]string{"3", "1"}, [2]string{"12", "1"})},
		{"primary judge", "primary", "Zephyr Check", fixtureReplies([2]string{"12", "0"}, [2]string{"3", "1"}, [2]string{"12", "1"})},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := judgedTree(t, map[string]string{
				"private/judged/fixtures/" + tc.judge + ".md": tc.fixtures,
				"content/protocol.md": "# Protocol\n\n{{reporting template}}\n\n{{reporting template text}}\n\n{{agreement}}\n\n{{fixtures}}\n\n" +
					"Count: {{count(fails, criterion=C1, judge=\"" + tc.judge + "\")}}.\n",
				"content/hypotheses.md": "# Hypotheses\n\n{{hypotheses}}\n",
			})
			rewrite(t, dir, "private/judged/judges.toml", `id = "`+tc.judge+`"`, `id = "`+tc.judge+`"`+"\nname = \""+tc.display+"\"")
			appendTo(t, dir, "config.toml", "[[hypothesis]]\nid = \"H9\"\nregistered = 2026-07-01\nstatement = \"Model 2 fails C1 least.\"\n"+
				"[hypothesis.prediction]\nkind = \"fewest_fails\"\nmodel = \"Model 2\"\ncriterion = \"C1\"\njudge = \""+tc.judge+"\"\n")
			code, stderr := buildSite(t, dir)
			if code != 0 {
				t.Fatalf("build failed (%d): %s", code, stderr)
			}
			if !strings.Contains(stderr, `judge "`+tc.judge+`"'s verdicts are no result (missed T3`) {
				t.Errorf("no warning that %s's verdicts are no result:\n%s", tc.judge, stderr)
			}
			out := filepath.Join(dir, "public")
			files := testtree.Read(t, out)
			name := tc.display
			seenDiagnostic := false
			for path, text := range files {
				if !strings.HasSuffix(path, ".html") {
					continue
				}
				for _, table := range resultTables.FindAllString(text, -1) {
					if strings.Contains(table, name) {
						t.Errorf("%s: a result table shows %s's verdicts:\n%s", path, name, table)
					}
				}
				if path == "judged.html" {
					d := diagnosticSection.FindString(text)
					seenDiagnostic = strings.Contains(d, name) && strings.Contains(d, "missed T3") && strings.Contains(d, "Diagnostic, not results")
				}
			}
			if !seenDiagnostic {
				t.Errorf("judged.html has no diagnostic section for %s:\n%s", name, files["judged.html"])
			}
			// The reporting template: no RESULTS or ranking line reports it.
			template := between(files["protocol.html"], `<pre class="reporting-template-text"`, "</pre>")
			results := between(template, "RESULTS", "RANKING STABILITY")
			for _, line := range strings.Split(results, "\n") {
				if tc.judge == "primary" && (strings.Contains(line, "pass;") || strings.Contains(line, "FAIL (")) && !strings.Contains(line, "words /") {
					t.Errorf("a RESULTS line under an invalid primary: %s", line)
				}
			}
			if tc.judge == "primary" && !strings.Contains(results, "the primary judge&#39;s verdicts are no result") {
				t.Errorf("the RESULTS slots do not say the primary's verdicts are no result:\n%s", results)
			}
			for _, line := range strings.Split(between(template, "RANKING STABILITY", "\x00"), "\n") {
				if strings.Contains(line, name) && !strings.Contains(line, "not ranked") && !strings.Contains(line, "not measured") {
					t.Errorf("a ranking line reports %s: %s", name, line)
				}
			}
			if !strings.Contains(files["protocol.html"], "Count: n/a.") {
				t.Error("a document counts the invalid judge's FAILs")
			}
			// The CSV holds no row by it.
			for _, row := range strings.Split(files["data/judged.csv"], "\n") {
				if strings.Contains(row, ","+tc.judge+",") {
					t.Errorf("judged.csv reports %s: %s", tc.judge, row)
				}
			}
			// results.json: only judged.diagnostic holds its verdicts.
			var r struct {
				Cells []struct {
					Judged []struct {
						By string `json:"by"`
					} `json:"judged"`
					Criteria map[string]struct {
						Judges map[string]json.RawMessage `json:"judges"`
					} `json:"criteria"`
				} `json:"cells"`
				Judged struct {
					Rates []struct {
						Judge string `json:"judge"`
					} `json:"rates"`
					Diagnostic []struct {
						Judge, Status string
						Cells         []json.RawMessage
					} `json:"diagnostic"`
				} `json:"judged"`
				Ranking struct {
					Judges []struct {
						Judge string `json:"judge"`
					} `json:"judges"`
					SelfPreference []struct {
						Judge       string   `json:"judge"`
						Effect      *float64 `json:"effect"`
						NotMeasured string   `json:"not_measured"`
					} `json:"self_preference"`
				} `json:"ranking"`
				Hypotheses []struct {
					ID, Verdict, Reason string
				} `json:"hypotheses"`
			}
			if err := json.Unmarshal([]byte(files["data/results.json"]), &r); err != nil {
				t.Fatal(err)
			}
			judgedOutcomes := 0
			for _, c := range r.Cells {
				for _, g := range c.Judged {
					if g.By == tc.judge {
						t.Errorf("results.json: a cell holds %s's grade", tc.judge)
					}
				}
				for id, rec := range c.Criteria {
					judgedOutcomes += len(rec.Judges)
					if _, ok := rec.Judges[tc.judge]; ok {
						t.Errorf("results.json: a cell's %s outcomes hold %s's verdict", id, tc.judge)
					}
				}
			}
			if judgedOutcomes == 0 {
				t.Error("results.json: no cell holds the valid judge's outcomes either")
			}
			for _, rate := range r.Judged.Rates {
				if rate.Judge == tc.judge {
					t.Errorf("results.json: a rate of %s", tc.judge)
				}
			}
			for _, rk := range r.Ranking.Judges {
				if rk.Judge == tc.judge {
					t.Errorf("results.json: %s is ranked", tc.judge)
				}
			}
			for _, sp := range r.Ranking.SelfPreference {
				if sp.Effect != nil && (sp.Judge == tc.judge || tc.judge == "primary") {
					t.Errorf("results.json: a self-preference measured with %s: %+v", tc.judge, sp)
				}
			}
			if len(r.Judged.Diagnostic) != 1 || r.Judged.Diagnostic[0].Judge != tc.judge || r.Judged.Diagnostic[0].Status != "diagnostic only: no result" ||
				len(r.Judged.Diagnostic[0].Cells) == 0 {
				t.Errorf("results.json diagnostic: %+v", r.Judged.Diagnostic)
			}
			decided := false
			for _, h := range r.Hypotheses {
				if h.ID == "H9" {
					decided = h.Verdict == "not decidable" && strings.Contains(h.Reason, "missed T3")
				}
			}
			if !decided {
				t.Errorf("the hypothesis naming %s: %+v", tc.judge, r.Hypotheses)
			}
			if page := files["hypotheses.html"]; !strings.Contains(page, "not decidable") {
				t.Errorf("hypotheses.html does not say H9 is not decidable")
			}
		})
	}
}

// between returns the text of s after the first start and before the next
// end (or to its end).
func between(s, start, end string) string {
	_, after, ok := strings.Cut(s, start)
	if !ok {
		return ""
	}
	before, _, _ := strings.Cut(after, end)
	return before
}

// rewrite replaces the first old in the file name of dir by new.
func rewrite(t *testing.T, dir, name, old, new string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(name))
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), old) {
		t.Fatalf("%s holds no %q", name, old)
	}
	if err := os.WriteFile(p, []byte(strings.Replace(string(data), old, new, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
}
