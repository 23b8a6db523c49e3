package site

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/reports/criteria"
)

// pageBody renders the body of the page template name over p, as Render
// does before the layout wraps it.
func pageBody(t *testing.T, p *public.Public, name string) string {
	t.Helper()
	crit := criteria.Default()
	tmpl, err := parseTemplates(Options{Templates: os.DirFS("../templates"), TemplatesLabel: "templates"}, crit)
	if err != nil {
		t.Fatal(err)
	}
	sd := &siteData{crit: crit, Title: p.Title, Public: p, Charts: map[string]chart{}}
	if err := sd.prepare(nil); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := tmpl.ExecuteTemplate(&b, name, &pageData{Site: sd, Path: name}); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

var (
	sameFragment = regexp.MustCompile(`href="#([^"]+)"`)
	anyID        = regexp.MustCompile(` id="([^"]+)"`)
)

// danglingFragments lists the links of body to an anchor of its own page
// that no element of it has.
func danglingFragments(body string) []string {
	ids := map[string]bool{}
	for _, m := range anyID.FindAllStringSubmatch(body, -1) {
		ids[m[1]] = true
	}
	var out []string
	for _, m := range sameFragment.FindAllStringSubmatch(body, -1) {
		if !ids[m[1]] {
			out = append(out, m[1])
		}
	}
	return out
}

// TestJudgedPageLinksOnlyToItsSections: the judged page links to its
// diagnostic section only when a judge is shown there.
func TestJudgedPageLinksOnlyToItsSections(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name       string
		diagnostic bool
	}{{"a judge is diagnostic", true}, {"every judge is valid", false}} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			p := judgedFixture()
			// The fixture's family-2 is no result either, with no verdicts.
			p.Judged.Diagnostic = append(p.Judged.Diagnostic, public.DiagnosticJudge{Judge: "family-2", Name: "Model 2's family judge", Reasons: []string{"missed T3"}})
			if !tc.diagnostic {
				p.Judged.Diagnostic = nil
				p.Judged.Judges = p.Judged.Judges[:1]
			}
			body := pageBody(t, p, "judged.html")
			if got := strings.Contains(body, `href="#diagnostic"`); got != tc.diagnostic {
				t.Errorf("links to #diagnostic: %v, want %v", got, tc.diagnostic)
			}
			if d := danglingFragments(body); len(d) > 0 {
				t.Errorf("links to anchors the page lacks: %q", d)
			}
		})
	}
}
