package prose

import (
	"bytes"
	"fmt"
	"github.com/evalpress/evalpress/reports/criteria"
	"strconv"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"

	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/redact/public/publictest"
)

var twenty = 0.2

func fixture() *public.Public {
	return publictest.Judge(&public.Public{
		Thresholds:  public.Thresholds{MaxRun: 12, MaxOverlap: 0.1, NGram: 8, MinRun: 8},
		Registered:  &public.Thresholds{MaxRun: 10, MaxOverlap: 0.125, NGram: 8},
		G1Tolerance: 0.15, RegisteredG1Tolerance: &twenty,
		Writers:  []public.Writer{{Alias: "Model 1"}, {Alias: "Model 2"}},
		Sections: []string{"HOOK", "ACT 1"},
		Cells: []public.Cell{
			{Writer: "Model 1", Section: "HOOK", HasExample: true, Words: 30, Run: 4, Distinct: 23},
			{Writer: "Model 1", Section: "ACT 1", HasExample: true, Words: 80, Run: 40, Overlap: 0.5, Shared: 36, Distinct: 72},
			{Writer: "Model 2", Section: "HOOK", HasExample: true, Words: 31, Run: 11, Overlap: 0.125, Shared: 3, Distinct: 24},
			{Writer: "Model 2", Section: "ACT 1", HasExample: true, Words: 82, Run: 82, Overlap: 1, Shared: 75, Distinct: 75},
		},
		Hypotheses:      []public.Hypothesis{{ID: "H1", Verdict: "refuted", RegisteredVerdict: "supported", Statement: "Model 2 copies least.", Registered: "2026-07-01"}},
		MandatedPhrases: 3,
	})
}

// render renders md with the extension and returns the HTML and outcome.
func render(t *testing.T, md string) (string, *Doc) {
	t.Helper()
	doc := &Doc{}
	m := goldmark.New(goldmark.WithExtensions(extension.GFM, New(fixture(), criteria.Default(), map[string]bool{"summary": true}, doc)))
	root := m.Parser().Parse(text.NewReader([]byte(md)))
	var b bytes.Buffer
	if err := m.Renderer().Render(&b, []byte(md), root); err != nil {
		t.Fatal(err)
	}
	return b.String(), doc
}

// problems writes doc's problems as "line:col: message", one a line.
func problems(md string, doc *Doc) string {
	var out []string
	for _, p := range doc.Problems {
		line := 1 + strings.Count(md[:p.Offset], "\n")
		col := p.Offset - strings.LastIndex(md[:p.Offset], "\n")
		out = append(out, fmt.Sprintf("%d:%d: %s", line, col, p.Msg))
	}
	return strings.Join(out, "\n")
}

func TestValues(t *testing.T) {
	tests := []struct{ in, want string }{
		// The forms of the first placeholder table keep working.
		{"{{count fails}} of {{count cells}}", "3 of 4"},
		{"{{ count  passes }}", "1"},
		{"{{threshold max_run}} / {{threshold max_overlap}} / {{threshold ngram}} / {{threshold min_run}}", "12 / 10% / 8 / 8"},
		{`{{writer "Model 2" fails}} of {{writer "Model 2" sections}} ({{writer "Model 1" fail_rate}})`, "2 of 2 (50%)"},
		{`{{cell "Model 2" "HOOK" overlap}} {{cell "Model 2" "HOOK" rules}} {{cell "Model 2" "HOOK" verdict}}`, "12.5% overlap FAIL"},
		{`{{cell "Model 1" HOOK rules}} {{cell "Model 1" HOOK run}}`, "none 4"},
		{"{{hypothesis H1 verdict}} / {{hypothesis H1 verdict_registered}}", "refuted / supported"},
		{"{{count writers}} {{count sections}} {{count mandated_phrases}} {{count no_example}}", "2 2 3 0"},
		// max_run and max_overlap differ from the registered ones, and so does
		// G1's tolerance (15% against 20%): every criterion counts.
		{"{{count changed_thresholds}}", "3"},
		{"{{count(changed_thresholds, criterion=C5)}} {{count(changed_thresholds, criterion=G1)}}", "2 1"},
		// Three C5 thresholds and G1's tolerance are registered.
		{"{{count registered_thresholds}} {{count(registered_thresholds, criterion=C5)}} {{count(registered_thresholds, criterion=G1)}}", "4 3 1"},
		// Registered thresholds are their own.
		{"{{registered max_run}} {{registered max_overlap}} {{registered(ngram)}}", "10 12.5% 8"},
		{"{{threshold tolerance}} {{registered tolerance}}", "15% 20%"},
		// Expressions over filtered cells.
		{`{{count(fails, section=HOOK)}} {{count(verdict=pass, section=HOOK)}}`, "1 1"},
		{`{{count(rules=overlap)}} {{count(rule=overlap)}} {{count(rules="run,overlap")}}`, "1 3 2"},
		{`{{min(run, section=HOOK)}}..{{max(run, section=HOOK)}}`, "4..11"},
		{`{{max(overlap, writer="Model 1")}} {{min(overlap)}}`, "50% 0%"},
		{`{{count(writers, verdict=fail, section=HOOK)}} {{count(sections, verdict=fail, writer="Model 2")}}`, "1 2"},
		{`{{max(run, verdict=no_example)}}`, "n/a"},
		{"`{{count fails}}` and \\{{literal}}", "<code>{{count fails}}</code> and {{literal}}"},
	}
	for _, tc := range tests {
		got, doc := render(t, tc.in+"\n")
		if p := problems(tc.in, doc); p != "" {
			t.Errorf("%s: %s", tc.in, p)
			continue
		}
		if got = strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(got), "<p>"), "</p>"); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.in, got, tc.want)
		}
	}
}

// Placeholders in every kind of code goldmark knows are left alone, and the
// same text outside code is resolved.
func TestCodeIsLeftAlone(t *testing.T) {
	tests := []struct{ name, md string }{
		{"code span", "a `{{count fails}}` b"},
		{"double-backtick span", "a ``x {{count fails}} ` y`` b"},
		{"fenced", "```\n{{count fails}}\n```"},
		{"tilde fence", "~~~text\n{{count fails}}\n~~~"},
		{"indented", "para\n\n    {{count fails}}"},
		{"fenced in a list", "- item\n\n  ```\n  {{count fails}}\n  ```"},
		{"indented in a list", "- item\n\n      {{count fails}}"},
		{"fenced in a quote", "> ```\n> {{count fails}}\n> ```"},
		{"indented in a quote", "> para\n>\n>     {{count fails}}"},
		{"fenced in a quote in a list", "- > ```\n  > {{nonsense here}}\n  > ```"},
		{"code span in a table", "| a |\n| --- |\n| `{{count fails}}` |"},
		{"code span in a heading", "# x `{{count fails}}`"},
	}
	for _, tc := range tests {
		got, doc := render(t, tc.md+"\n\noutside {{count fails}}\n")
		if p := problems(tc.md, doc); p != "" {
			t.Errorf("%s: %s", tc.name, p)
			continue
		}
		if !strings.Contains(got, "{{count fails}}") && !strings.Contains(got, "{{nonsense here}}") {
			t.Errorf("%s: the placeholder in code was replaced:\n%s", tc.name, got)
		}
		if !strings.Contains(got, "outside 3") {
			t.Errorf("%s: the placeholder outside code was not resolved:\n%s", tc.name, got)
		}
		// Outside code, the same text is resolved.
		if tc.name == "fenced in a quote in a list" {
			continue
		}
		plain := strings.NewReplacer("```", "", "~~~text", "", "~~~", "", "`", "").Replace(tc.md)
		plain = strings.ReplaceAll(plain, "    {{", "{{")
		plain = strings.ReplaceAll(plain, "  {{", "{{")
		got, _ = render(t, plain+"\n")
		if strings.Contains(got, "{{count fails}}") {
			t.Errorf("%s: outside code the placeholder stayed:\n%s", tc.name, got)
		}
	}
}

func TestConditionals(t *testing.T) {
	tests := []struct{ name, md, want string }{
		{"inline true", "A {{if count(fails) > 2}}many{{else}}few{{end}} fail.", "<p>A many fail.</p>"},
		{"inline false", "A {{if count(fails) > 3}}many{{else}}few{{end}} fail.", "<p>A few fail.</p>"},
		{"inline elif", "{{if count(fails) == 0}}none{{elif count(fails) == 3}}three{{else}}other{{end}}", "<p>three</p>"},
		{"inline no else", "x{{if count(fails) == 0}} none{{end}}.", "<p>x.</p>"},
		{"nested", "{{if count(fails) > 0}}some{{if max(run, section=HOOK) > threshold(max_run)}} hooks too{{else}}, hooks pass{{end}}{{end}}", "<p>some, hooks pass</p>"},
		{"block", "{{if count(fails, section=HOOK) == 0}}\n\nEvery hook passes.\n\n{{else}}\n\nA hook fails: {{count(fails, section=HOOK)}}.\n\n{{end}}", "<p>A hook fails: 1.</p>"},
		{"block with a list", "{{if not count(fails) == 0 and threshold(max_overlap) < 50%}}\n\n- one\n- two\n\n{{end}}", "<ul>\n<li>one</li>\n<li>two</li>\n</ul>"},
		{"block in a quote", "> {{if count(fails) < 1}}\n>\n> hidden\n>\n> {{end}}\n>\n> shown", "<blockquote>\n<p>shown</p>\n</blockquote>"},
		{"lines of one paragraph", "{{if count(fails) == 3}}\nThree fail.\n{{end}}", "<p>\nThree fail.\n</p>"},
		{"claims render nothing", "Three fail.{{claim count(fails) == 3}}\n\n{{claim count(passes) >= 1}}", "<p>Three fail.</p>"},
	}
	for _, tc := range tests {
		got, doc := render(t, tc.md+"\n")
		if p := problems(tc.md, doc); p != "" || len(doc.Claims) > 0 {
			t.Errorf("%s: %s %v", tc.name, p, doc.Claims)
			continue
		}
		if strings.TrimSpace(got) != tc.want {
			t.Errorf("%s: got\n%s\nwant\n%s", tc.name, got, tc.want)
		}
	}
}

func TestClaims(t *testing.T) {
	md := "Hooks pass.{{claim count(fails, section=HOOK) == 0}}\n\n{{claim max(run) <= threshold(max_run)}}\n\n{{if count(fails) == 0}}{{claim count(fails) == 9}}{{end}}\n"
	_, doc := render(t, md)
	if p := problems(md, doc); p != "" {
		t.Fatal(p)
	}
	var got []string
	for _, c := range doc.Claims {
		line := 1 + strings.Count(md[:c.Offset], "\n")
		got = append(got, fmt.Sprintf("%d: %s (%s)", line, c.Condition, strings.Join(c.Values, ", ")))
	}
	want := []string{
		"1: count(fails, section=HOOK) == 0 (count(fails, section=HOOK) = 1)",
		"3: max(run) <= threshold(max_run) (max(run) = 82, threshold(max_run) = 12)",
		// The claim in the branch not taken is not checked.
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("claims:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// Bad input is one problem each, at its line and column.
func TestProblems(t *testing.T) {
	tests := []struct{ md, want string }{
		{"x {{nosuch(1)}}", `1:5: {{nosuch(1)}}: unknown function "nosuch"`},
		{"x {{count bananas}}", `1:11: {{count bananas}}: count: unknown field "bananas"`},
		{"x {{max(height)}}", `1:9: {{max(height)}}: max: unknown field "height"`},
		{"x {{max(run, colour=red)}}", `1:14: {{max(run, colour=red)}}: max: unknown filter "colour"`},
		{"x {{max(run, run)}}", `1:5: {{max(run, run)}}: max takes 1 argument, not 2`},
		{"x {{threshold}}", `1:5: {{threshold}}: threshold takes 1 argument, not 0`},
		{"x {{cell(\"Model 1\", HOOK)}}", `1:5: {{cell("Model 1", HOOK)}}: cell takes 3 arguments, not 2`},
		{"\nx {{count(fails, writer=\"Model 9\")}}", "2:18: {{count(fails, writer=\"Model 9\")}}: count: no writer \"Model 9\""},
		{"x {{max(run, section=CODA)}}", `1:14: {{max(run, section=CODA)}}: max: no section "CODA"`},
		{"x {{max(run, verdict=maybe)}}", `1:14: {{max(run, verdict=maybe)}}: max: unknown verdict "maybe"`},
		{"x {{count(rule=length)}}", `1:11: {{count(rule=length)}}: count: C5 has no rule "length"`},
		{"x {{max(overlap) > 12}}", `1:5: {{max(overlap) > 12}}: max(overlap) > 12 compares a share (max(overlap)) with a whole number (12)`},
		{"x {{if count(fails)}}y{{end}}", `1:8: {{if count(fails)}}: if needs a condition (a comparison), but count(fails) is a whole number`},
		{"x {{count(fails) > 1}}", `1:3: {{count(fails) > 1}} is a condition and shows nothing`},
		{"x {{count(fails) >}}", `1:19: {{count(fails) >}}: expected a value, found the end`},
		{"x {{count fails", `1:3: placeholder "{{" is not closed`},
		{"para {{if count(fails) > 0}} open", `1:6: {{if}} is not closed by {{end}} in the same paragraph`},
		{"a\n\n{{if count(fails) > 0}}\n\nb", `3:1: {{if}} is not closed by {{end}} in the same list item, quote or document`},
		{"a\n\n{{end}}", `3:1: {{end}} without an {{if}} before it`},
		{"a {{else}} b", `1:3: {{else}} without an {{if}} before it`},
		{"- {{summary}}", `1:3: block placeholder {{summary}} must stand alone`},
		{"x {{registered(c9)}}", `1:16: {{registered(c9)}}: registered: unknown field "c9"`},
		{"x {{registered(min_run)}}", `1:16: {{registered(min_run)}}: registered: unknown field "min_run"`},
	}
	for _, tc := range tests {
		_, doc := render(t, tc.md+"\n")
		got := problems(tc.md+"\n", doc)
		if !strings.HasPrefix(got, tc.want) || strings.Count(got, "\n") > 0 {
			t.Errorf("%q:\n got %s\nwant %s", tc.md, got, tc.want)
		}
	}
}

func TestDownload(t *testing.T) {
	md := "# T\n\n{{count fails}} fail{{claim count(fails) == 3}}.\n\n{{if count(fails, section=HOOK) == 0}}\n\nEvery hook passes.\n\n{{else}}\n\nA hook fails.\n\n{{end}}\n\n> {{if count(fails) > 100}}\n>\n> gone\n>\n> {{end}}\n\nInline {{if count(passes) == 1}}one{{else}}other{{end}} pass.\n\n{{summary}}\n\n`{{count fails}}` stays\n"
	_, doc := render(t, md)
	if p := problems(md, doc); p != "" {
		t.Fatal(p)
	}
	got := doc.Markdown(md, func(name string) string { return "[" + name + "]\n" })
	want := "# T\n\n3 fail.\n\nA hook fails.\n\nInline one pass.\n\n[summary]\n\n`{{count fails}}` stays\n"
	if got != want {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
}

// Judged criteria are filtered by judge; their thresholds are quoted as
// applied and as registered.
func TestJudgedFilters(t *testing.T) {
	p := fixture()
	p.Judged = &public.Judged{Criteria: []string{"C1", "C2"}, Judges: []public.JudgedJudge{{ID: "primary", Valid: true}, {ID: "diag"}}, Labellers: []string{"author"},
		C1MinPresent: 10, RegisteredC1MinPresent: 9, RegisteredDeclared: true, C2MaxUndeveloped: 0.3333, RegisteredC2MaxUndeveloped: 0.3333}
	publictest.Thresholds(p)
	grade := func(by string, missing bool, verdicts ...string) public.JudgedGrade {
		g := public.JudgedGrade{By: by, Missing: missing}
		for i, v := range verdicts {
			g.Outcomes = append(g.Outcomes, public.JudgedOutcome{Criterion: []string{"C1", "C2"}[i], Verdict: v})
		}
		return g
	}
	p.Cells[1].Judged = []public.JudgedGrade{grade("primary", false, "pass", "FAIL"), grade("author", false, "pass", "pass")}
	p.Cells[3].Judged = []public.JudgedGrade{grade("primary", false, "FAIL", "ambiguous"), grade("author", true)}
	tests := []struct{ in, want string }{
		{`{{count(fails, criterion=C2, judge=primary)}} {{count(criterion=C2, judge=primary)}} {{count(verdict=ambiguous, criterion=C2, judge=primary)}}`, "1 1 1"},
		{`{{count(fails, criterion=C1, judge=primary)}} {{count(criterion=C1, judge=author)}} {{count(verdict=missing, criterion=C1, judge=author)}}`, "1 1 1"},
		{`{{max(run, verdict=fail, criterion=C1, judge=primary)}}`, "82"},
		// An invalid judge's verdicts are counted nowhere: nothing, not 0.
		{`{{count(fails, criterion=C1, judge=diag)}} {{count(criterion=C1, judge=diag)}}`, "n/a n/a"},
		// G1, a measured gate on the same seam: no targets, so unscored.
		{`{{count(criterion=G1)}} {{count(verdict=unscored, criterion=G1)}} {{count(fails, criterion=G1, section=HOOK)}}`, "0 4 0"},
		{`{{threshold c1_min_present}} {{registered c1_min_present}} {{registered(c2_max_undeveloped)}}`, "10 9 33.33%"},
		// C1's N drifted too: the two C5 limits, G1's tolerance and C1.
		{`{{count changed_thresholds}}`, "4"},
		{`{{count(changed_thresholds, criterion=C1)}} {{count(changed_thresholds, criterion=C2)}}`, "1 0"},
	}
	for _, tc := range tests {
		doc := &Doc{}
		m := goldmark.New(goldmark.WithExtensions(New(p, criteria.Default(), nil, doc)))
		var b bytes.Buffer
		if err := m.Convert([]byte(tc.in), &b); err != nil {
			t.Fatal(err)
		}
		if pr := problems(tc.in, doc); pr != "" {
			t.Errorf("%s: %s", tc.in, pr)
			continue
		}
		if got := strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(b.String()), "<p>"), "</p>"); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.in, got, tc.want)
		}
	}
	for _, tc := range []struct{ in, want string }{
		{"{{count(criterion=C2)}}", "criterion=C2 needs judge= (whose verdicts: primary, diag, author)"},
		{"{{count(judge=primary)}}", "judge= needs a judged criterion= (C1, C2)"},
		{"{{count(criterion=G1, judge=primary)}}", "judge= needs a judged criterion= (C1, C2)"},
		{"{{count(criterion=G1, verdict=no_example)}}", `unknown verdict "no_example" for G1 (one of: pass, fail, unscored)`},
		{"{{count(criterion=G1, rule=run)}}", `G1 has no rule "run" (rules: short, long)`},
		{"{{count(criterion=C2, judge=nobody)}}", `no judge or labeller "nobody" (primary, diag, author)`},
		{"{{count(verdict=no_example, criterion=C2, judge=primary)}}", `unknown verdict "no_example" for C2 (one of: pass, fail, ambiguous, unscored, missing)`},
		{"{{count(criterion=C9)}}", `unknown criterion "C9" (criteria: ` + measuredIDs() + `, C1, C2)`},
		{"{{count(changed_thresholds, criterion=C9)}}", `unknown criterion "C9" (criteria: ` + measuredIDs() + `, C1, C2)`},
		{"{{count(changed_thresholds, writer=\"Model 1\")}}", "count(changed_thresholds) takes one filter, criterion="},
		{"{{count(changed_thresholds, criterion=C5, criterion=G1)}}", "count(changed_thresholds) takes one filter, criterion="},
		{"{{count(registered_thresholds, section=HOOK)}}", "count(registered_thresholds) takes one filter, criterion="},
	} {
		doc := &Doc{}
		m := goldmark.New(goldmark.WithExtensions(New(p, criteria.Default(), nil, doc)))
		var b bytes.Buffer
		_ = m.Convert([]byte(tc.in), &b)
		if pr := problems(tc.in, doc); !strings.Contains(pr, tc.want) {
			t.Errorf("%s: %q, want %q", tc.in, pr, tc.want)
		}
	}
	// Without [judged.registered] nothing quotes a registered N.
	p.Judged.RegisteredDeclared = false
	doc := &Doc{}
	_ = goldmark.New(goldmark.WithExtensions(New(p, criteria.Default(), nil, doc))).Convert([]byte("{{registered(c1_min_present)}}"), &bytes.Buffer{})
	if pr := problems("{{registered(c1_min_present)}}", doc); !strings.Contains(pr, "the config declares no [judged.registered] thresholds") {
		t.Errorf("registered N without a block: %q", pr)
	}
}

// A footnote referenced only from a branch not taken is not listed.
func TestFootnotesOfBranchesNotTaken(t *testing.T) {
	md := "a {{if count(fails) > 100}}b[^x]{{end}} c[^y]\n\n[^x]: gone\n[^y]: kept\n"
	doc := &Doc{}
	m := goldmark.New(goldmark.WithExtensions(extension.GFM, extension.Footnote, New(fixture(), criteria.Default(), nil, doc)))
	var b bytes.Buffer
	if err := m.Convert([]byte(md), &b); err != nil {
		t.Fatal(err)
	}
	if got := b.String(); strings.Contains(got, "gone") || !strings.Contains(got, "kept") {
		t.Errorf("footnotes:\n%s", got)
	}
	md = "a {{if count(fails) > 100}}b[^x]{{end}} c\n\n[^x]: gone\n"
	b.Reset()
	if err := m.Convert([]byte(md), &b); err != nil {
		t.Fatal(err)
	}
	if got := b.String(); strings.Contains(got, "footnotes") {
		t.Errorf("an empty footnote list:\n%s", got)
	}
}

// TestThresholdCountsWithoutARegisteredBlock: with nothing registered, no
// threshold counts as registered, nor as changed from a registered one,
// whatever --set moved: a document asks registered_thresholds first.
func TestThresholdCountsWithoutARegisteredBlock(t *testing.T) {
	p := fixture()
	p.Registered, p.RegisteredG1Tolerance = nil, nil
	publictest.Thresholds(p)
	p.SetChanges = []public.Drift{{Criterion: "C5", Name: "max_run", Key: "c5.max_run"}}
	for _, tc := range []struct{ in, want string }{
		{"{{count registered_thresholds}} {{count(registered_thresholds, criterion=C5)}}", "0 0"},
		{"{{count changed_thresholds}} {{count(changed_thresholds, criterion=C5)}} {{count(changed_thresholds, criterion=G1)}}", "0 0 0"},
		{"{{if count(registered_thresholds, criterion=C5) == 0}}none registered{{elif count(changed_thresholds, criterion=C5) == 0}}registered{{else}}changed{{end}}", "none registered"},
	} {
		doc := &Doc{}
		m := goldmark.New(goldmark.WithExtensions(New(p, criteria.Default(), nil, doc)))
		var b bytes.Buffer
		if err := m.Convert([]byte(tc.in), &b); err != nil {
			t.Fatal(err)
		}
		if pr := problems(tc.in, doc); pr != "" {
			t.Errorf("%s: %s", tc.in, pr)
			continue
		}
		if got := strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(b.String()), "<p>"), "</p>"); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.in, got, tc.want)
		}
	}
}

// measuredIDs lists the evaluation's measured criteria as messages do, so
// that a criterion added to them breaks no test.
func measuredIDs() string {
	var ids []string
	for _, c := range criteria.Default().All() {
		if !c.Judged {
			ids = append(ids, string(c.ID))
		}
	}
	return strings.Join(ids, ", ")
}

// TestClaimOperators holds every comparison a claim can make at a value
// less than, equal to and greater than the other side: an operator that
// gets equality wrong (<= read as <) fails here.
func TestClaimOperators(t *testing.T) {
	t.Parallel()
	html, _ := render(t, "{{count(fails)}}")
	n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(html, "<p>"), "</p>\n"))
	if err != nil {
		t.Fatalf("count(fails) renders %q", html)
	}
	holds := map[string][3]bool{ // at less, equal, greater
		"<": {true, false, false}, "<=": {true, true, false}, ">": {false, false, true},
		">=": {false, true, true}, "==": {false, true, false}, "!=": {true, false, true},
	}
	for op, want := range holds {
		for i, rel := range []string{"less", "equal", "greater"} {
			right := n + 1 - i // count(fails) is less than, equal to, greater than it
			md := fmt.Sprintf("x{{claim count(fails) %s %d}}\n", op, right)
			_, doc := render(t, md)
			if p := problems(md, doc); p != "" {
				t.Fatalf("%s: %s", md, p)
			}
			if held := len(doc.Claims) == 0; held != want[i] {
				t.Errorf("count(fails) = %d %s %d (%s): claim held %v, want %v", n, op, right, rel, held, want[i])
			}
		}
	}
}
