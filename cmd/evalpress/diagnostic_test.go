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

// resultTables are the HTML tables that hold judged verdicts, or records
// made of them, as results: the judged page's rate, section, additions,
// disagreement and ambiguity-log tables and a cell page's judged table. A
// diagnostic's own tables carry the class diagnostic-cells.
var resultTables = regexp.MustCompile(`(?s)<table class="(judged-rates sortable|judged-cells sortable|judged-cell|additions sortable|disagreements sortable|ambiguity-log sortable)"[^>]*>.*?</table>`)

// diagnosticSection is the one place an invalid judge's verdicts appear.
var diagnosticSection = regexp.MustCompile(`(?s)<section class="diagnostic".*?</section>`)

// diagnosticReplies are the two judges' replies of the diagnostic tree:
// each finds one candidate addition (the primary on Model 3's MIDDLE, the
// family judge on Model 2's), which the author classifies, and each
// answers AMBIGUOUS on C6 once.
func diagnosticReplies() map[string]string {
	reply := func(c1, c2, c4, amb, step3 string) string {
		return "=== ANALYSIS ===\nThe harbour lights passage covers the opening beat.\n" + step3 + "=== VERDICTS ===\nC1_COVERAGE: " + c1 +
			"\nC2_DEVELOPMENT: " + c2 + "\nC4_ADDITIONS: " + c4 + "\nC6_ON_BRIEF: PASS\nAMBIGUOUS: " + amb + "\n"
	}
	creep := "STEP 3 - Additions.\n- a closing line that teases the next act: SCOPE_CREEP\n"
	bridge := "STEP 3 - Additions.\n- a bridge between the two beats: TRANSITION\n"
	return map[string]string{
		"private/judged/primary.md": "# Alpha Writer 9000\n## INTRO\n" + reply("5 of 6", "1 of 4", "PASS", "NONE", "") + "## MIDDLE\n" + reply("4 of 6", "2 of 4", "FAIL", "NONE", creep) +
			"# Beta Scribe\n## INTRO\n" + reply("6 of 6", "0 of 4", "PASS", "NONE", "") + "## MIDDLE\n" + reply("5 of 6", "1 of 4", "PASS", "C6", ""),
		"private/judged/fam-b.md": "# Alpha Writer 9000\n## INTRO\n" + reply("4 of 6", "2 of 4", "FAIL", "C6", "") +
			"# Beta Scribe\n## INTRO\n" + reply("6 of 6", "0 of 4", "PASS", "NONE", "") + "## MIDDLE\n" + reply("6 of 6", "0 of 4", "PASS", "NONE", bridge),
		"private/judged/additions.toml": "[[addition]]\nscript = \"Alpha Writer 9000\"\nsection = \"MIDDLE\"\njudge = \"primary\"\ncandidate = 1\nclass = \"scope_creep\"\nby = \"author\"\n" +
			"[[addition]]\nscript = \"Beta Scribe\"\nsection = \"MIDDLE\"\njudge = \"fam-b\"\ncandidate = 1\nclass = \"transition\"\nby = \"author\"\n",
	}
}

// TestInvalidJudgeIsNoResultAnywhere builds a judged tree in which one judge
// fails one condition of reporting, for every condition (it fails the dense
// control T1, misses the padded T2 or T3, is not blind, or ran with another
// prompt), the family judge and then the primary judge, and checks every
// published file: its verdicts are in no result table of any page (rates,
// sections, a cell's table, the additions, the disagreement register, the
// ambiguity log), in no row of either CSV, in no rate, cell, ranking or
// self-preference of results.json, in no RESULTS or ranking line of the
// reporting template, in no count of a document, and the hypothesis naming
// it is not decidable, with why; they are only in the judged page's
// diagnostic section and in results.json's judged.diagnostic, marked as no
// result.
func TestInvalidJudgeIsNoResultAnywhere(t *testing.T) {
	t.Parallel()
	type judge struct {
		id, pub, display string // pub: the id it is published under
		// row is the writer and section of its candidate addition, as a
		// table's row reads.
		row string
	}
	judges := []judge{{"fam-b", "family-of-model-2", "Zephyr Check", "Model 2 MIDDLE"}, {"primary", "primary", "Zephyr Check", "Model 3 MIDDLE"}}
	for _, rule := range []struct {
		name string
		// edit makes the judge fail the rule.
		edit func(t *testing.T, dir, judge string)
		// warn is the build's warning, reason the reason pages state.
		warn, reason string
	}{
		{"fails the dense control T1", func(t *testing.T, dir, judge string) {
			writeFile(t, dir, "private/judged/fixtures/"+judge+".md", fixtureReplies([2]string{"12", "4"}, [2]string{"3", "1"}, [2]string{"12", "4"}))
		}, `'s verdicts are no result (does not separate the control T1 from the padded fixtures`, "does not separate the control T1"},
		{"misses the padded T2", func(t *testing.T, dir, judge string) {
			writeFile(t, dir, "private/judged/fixtures/"+judge+".md", fixtureReplies([2]string{"12", "0"}, [2]string{"12", "1"}, [2]string{"12", "4"}))
		}, `'s verdicts are no result (missed T2`, "missed T2"},
		{"misses the padded T3", func(t *testing.T, dir, judge string) {
			writeFile(t, dir, "private/judged/fixtures/"+judge+".md", fixtureReplies([2]string{"12", "0"}, [2]string{"3", "1"}, [2]string{"12", "1"}))
		}, `'s verdicts are no result (missed T3`, "missed T3"},
		{"not blind", func(t *testing.T, dir, judge string) {
			rewriteIn(t, dir, "private/judged/judges.toml", `id = "`+judge+`"`, "run = 2026-07-02T", "run = 2026-06-19T")
		}, `: 1 validation label(s) were made at or after its first output`, "not blind"},
		{"prompt changed", func(t *testing.T, dir, judge string) {
			rewriteIn(t, dir, "private/judged/judges.toml", `id = "`+judge+`"`, judgedDigest, strings.Repeat("0", 64))
		}, ` ran with a prompt whose digest differs from the published`, "ran with another prompt"},
	} {
		for _, jd := range judges {
			t.Run(jd.id+" "+rule.name, func(t *testing.T) {
				extra := diagnosticReplies()
				extra["content/protocol.md"] = "# Protocol\n\n{{reporting template}}\n\n{{reporting template text}}\n\n{{agreement}}\n\n{{fixtures}}\n\n" +
					"Count: {{count(fails, criterion=C1, judge=\"" + jd.pub + "\")}}.\n"
				extra["content/hypotheses.md"] = "# Hypotheses\n\n{{hypotheses}}\n"
				dir := judgedTree(t, extra)
				rule.edit(t, dir, jd.id)
				rewrite(t, dir, "private/judged/judges.toml", `id = "`+jd.id+`"`, `id = "`+jd.id+`"`+"\nname = \""+jd.display+"\"")
				appendTo(t, dir, "config.toml", "[[hypothesis]]\nid = \"H9\"\nregistered = 2026-07-01\nstatement = \"Model 2 fails C1 least.\"\n"+
					"[hypothesis.prediction]\nkind = \"fewest_fails\"\nmodel = \"Model 2\"\ncriterion = \"C1\"\njudge = \""+jd.pub+"\"\n")
				code, stderr := buildSite(t, dir)
				if code != 0 {
					t.Fatalf("build failed (%d): %s", code, stderr)
				}
				if !strings.Contains(stderr, `this judge`+rule.warn) {
					t.Errorf("no warning that %s's verdicts are no result:\n%s", jd.id, stderr)
				}
				other := judges[0]
				if other.id == jd.id {
					other = judges[1]
				}
				checkNoResult(t, filepath.Join(dir, "public"), jd.pub, jd.display, jd.row, other.row, rule.reason)
			})
		}
	}
}

// checkNoResult checks the site in out for the invalid judge id (named
// display on pages, its candidate addition on row; the valid judge's on
// validRow) whose reason pages state.
func checkNoResult(t *testing.T, out, id, display, row, validRow, reason string) {
	t.Helper()
	files := testtree.Read(t, out)
	seenDiagnostic, seenAdditions := false, false
	for path, text := range files {
		if !strings.HasSuffix(path, ".html") {
			continue
		}
		for _, table := range resultTables.FindAllString(text, -1) {
			if strings.Contains(table, display) {
				t.Errorf("%s: a result table shows %s's verdicts:\n%s", path, display, table)
			}
			if strings.HasPrefix(table, `<table class="additions`) {
				read := spaces.ReplaceAllString(tags.ReplaceAllString(table, " "), " ")
				if strings.Contains(read, row) {
					t.Errorf("%s: the additions table holds %s's candidate (%s):\n%s", path, display, row, table)
				}
				seenAdditions = seenAdditions || strings.Contains(read, validRow)
			}
		}
		if path == "judged.html" {
			d := diagnosticSection.FindString(text)
			seenDiagnostic = strings.Contains(d, display) && strings.Contains(d, reason) && strings.Contains(d, "Diagnostic, not results")
		}
	}
	if !seenDiagnostic {
		t.Errorf("judged.html has no diagnostic section for %s stating %q:\n%s", display, reason, files["judged.html"])
	}
	if !seenAdditions {
		t.Errorf("no additions table holds the valid judge's candidate (%s)", validRow)
	}
	// The disagreement register lists the valid judge's disagreements, not
	// the invalid one's.
	register := between(files["judged.html"], `<table class="disagreements sortable"`, "</table>")
	if register == "" || strings.Contains(register, display) {
		t.Errorf("the disagreement register (valid judges) %q", register)
	}
	// The reporting template: no RESULTS or ranking line reports it.
	template := between(files["protocol.html"], `<pre class="reporting-template-text"`, "</pre>")
	results := between(template, "RESULTS", "RANKING STABILITY")
	for _, line := range strings.Split(results, "\n") {
		if id == "primary" && (strings.Contains(line, "pass;") || strings.Contains(line, "FAIL (")) && !strings.Contains(line, "words /") {
			t.Errorf("a RESULTS line under an invalid primary: %s", line)
		}
	}
	if id == "primary" && !strings.Contains(results, "the primary judge&#39;s verdicts are no result") {
		t.Errorf("the RESULTS slots do not say the primary's verdicts are no result:\n%s", results)
	}
	for _, line := range strings.Split(between(template, "RANKING STABILITY", "\x00"), "\n") {
		if strings.Contains(line, display) && !strings.Contains(line, "not ranked") && !strings.Contains(line, "not measured") {
			t.Errorf("a ranking line reports %s: %s", display, line)
		}
	}
	if !strings.Contains(files["protocol.html"], "Count: n/a.") {
		t.Error("a document counts the invalid judge's FAILs")
	}
	// Neither CSV holds a row by it; results.csv holds no judged verdict.
	for _, row := range strings.Split(files["data/judged.csv"], "\n") {
		if strings.Contains(row, ","+id+",") {
			t.Errorf("judged.csv reports %s: %s", id, row)
		}
	}
	csv := files["data/results.csv"]
	if csv == "" || strings.Contains(csv, id) || strings.Contains(csv, display) || strings.Contains(strings.SplitN(csv, "\n", 2)[0], "c1") {
		t.Errorf("results.csv reports a judge's verdicts:\n%s", csv)
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
		Agreement struct {
			AmbiguityLog []struct {
				Labeller string
				Judge    bool
			} `json:"ambiguity_log"`
			Disagreements []struct {
				Judge, Status string
			} `json:"disagreements"`
		} `json:"agreement"`
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
			if g.By == id {
				t.Errorf("results.json: a cell holds %s's grade", id)
			}
		}
		for crit, rec := range c.Criteria {
			judgedOutcomes += len(rec.Judges)
			if _, ok := rec.Judges[id]; ok {
				t.Errorf("results.json: a cell's %s outcomes hold %s's verdict", crit, id)
			}
		}
	}
	if judgedOutcomes == 0 {
		t.Error("results.json: no cell holds the valid judge's outcomes either")
	}
	for _, rate := range r.Judged.Rates {
		if rate.Judge == id {
			t.Errorf("results.json: a rate of %s", id)
		}
	}
	for _, rk := range r.Ranking.Judges {
		if rk.Judge == id {
			t.Errorf("results.json: %s is ranked", id)
		}
	}
	for _, sp := range r.Ranking.SelfPreference {
		if sp.Effect != nil && (sp.Judge == id || id == "primary") {
			t.Errorf("results.json: a self-preference measured with %s: %+v", id, sp)
		}
	}
	for _, a := range r.Agreement.AmbiguityLog {
		if a.Judge && a.Labeller == display {
			t.Errorf("results.json: the ambiguity log holds %s's answer", display)
		}
	}
	for _, d := range r.Agreement.Disagreements {
		if d.Judge == id && d.Status == "" {
			t.Errorf("results.json: a disagreement of %s not marked as its diagnostic: %+v", id, d)
		}
	}
	if len(r.Judged.Diagnostic) != 1 || r.Judged.Diagnostic[0].Judge != id || r.Judged.Diagnostic[0].Status != "diagnostic only: no result" ||
		len(r.Judged.Diagnostic[0].Cells) == 0 {
		t.Errorf("results.json diagnostic: %+v", r.Judged.Diagnostic)
	}
	decided := false
	for _, h := range r.Hypotheses {
		if h.ID == "H9" {
			decided = h.Verdict == "not decidable" && strings.Contains(h.Reason, reason) && strings.Contains(h.Reason, display)
		}
	}
	if !decided {
		t.Errorf("the hypothesis naming %s: %+v", id, r.Hypotheses)
	}
	if page := files["hypotheses.html"]; !strings.Contains(page, "not decidable") {
		t.Errorf("hypotheses.html does not say H9 is not decidable")
	}
}

// writeFile writes text to the file name of dir.
func writeFile(t *testing.T, dir, name, text string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(name)), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// rewriteIn replaces the first old after anchor in the file name of dir by
// new.
func rewriteIn(t *testing.T, dir, name, anchor, old, new string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(name))
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	i := strings.Index(text, anchor)
	if i < 0 || !strings.Contains(text[i:], old) {
		t.Fatalf("%s holds no %q after %q", name, old, anchor)
	}
	text = text[:i] + strings.Replace(text[i:], old, new, 1)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
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
