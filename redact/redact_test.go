package redact

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"github.com/evalpress/evalpress/matcher"
)

var testTerms = []matcher.Term{
	{Text: "Quillion 2.5 Pro", Kind: matcher.KindModel, Source: "sections.md:1"},
	{Text: "Larkspur-3 Turbo", Kind: matcher.KindModel, Source: "sections.md:9"},
	{Text: "I'm Juniper Vale", Kind: matcher.KindMandated, Source: "mandated_phrases.txt:2"},
	{Text: "Stay curious, Tidewater crew", Kind: matcher.KindMandated, Source: "mandated_phrases.txt:3"},
	{Text: "Northwind Média", Kind: matcher.KindRedact, Source: "redact.txt:1"},
}

// spell returns a random spelling of term a reader would still recognise.
func spell(rng *rand.Rand, term string) string {
	var b strings.Builder
	for _, r := range term {
		switch {
		case r == ' ':
			b.WriteString([]string{" ", "  ", "\n", "\t", "\u00a0", " \r\n ", "-"}[rng.IntN(7)])
		case r == '\'':
			b.WriteString([]string{"'", "’", "‘", ""}[rng.IntN(4)])
		case unicode.IsLetter(r) && rng.IntN(3) == 0:
			b.WriteRune(unicode.ToUpper(r))
		case unicode.IsLetter(r) && rng.IntN(3) == 0:
			b.WriteRune(unicode.ToLower(r))
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// escape writes s as some page or file might: plain, HTML entities, URL or
// JSON escaping, or with markup inside.
func escape(rng *rand.Rand, s string) string {
	switch rng.IntN(6) {
	case 1:
		var b strings.Builder
		for _, r := range s {
			if rng.IntN(2) == 0 {
				fmt.Fprintf(&b, "&#%d;", r)
			} else {
				b.WriteRune(r)
			}
		}
		return b.String()
	case 2:
		return url.PathEscape(s)
	case 3:
		var b strings.Builder
		for _, r := range s {
			if r < 0x10000 && rng.IntN(2) == 0 {
				fmt.Fprintf(&b, "\\u%04x", r)
			} else {
				b.WriteRune(r)
			}
		}
		return b.String()
	case 4:
		rs := []rune(s)
		k := 1 + rng.IntN(len(rs)-1)
		return "<b>" + string(rs[:k]) + "</b><i>" + string(rs[k:]) + "</i>"
	case 5:
		return strings.ReplaceAll(s, " ", "&nbsp;")
	}
	return s
}

var filler = strings.Fields("the clerk counted every household along the canal and wrote each answer in a ledger " +
	"with a green cover while the council argued about soot theft and late returns of borrowed volumes")

func randomText(rng *rand.Rand, n int) string {
	ws := make([]string, n)
	for i := range ws {
		ws[i] = filler[rng.IntN(len(filler))]
	}
	return strings.Join(ws, " ")
}

// TestScannerCatchesEscapedTermsInFilesAndNames writes a folder in which every
// file holds a planted term in a random spelling and escaping, or names one,
// and a clean file; the scan reports every planted file and not the clean one.
func TestScannerCatchesEscapedTermsInFilesAndNames(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 1))
	s := &Scanner{terms: matcher.New(testTerms)}
	for round := range 30 {
		dir := t.TempDir()
		want := map[string]bool{}
		for k := range 8 {
			term := testTerms[rng.IntN(len(testTerms))].Text
			planted := escape(rng, spell(rng, term))
			name := fmt.Sprintf("page-%d.html", k)
			if k%4 == 3 {
				name = fmt.Sprintf("%s.html", strings.Map(func(r rune) rune {
					if r == '/' || r == '\\' || r == 0 {
						return '-'
					}
					return r
				}, url.PathEscape(spell(rng, term))))
				planted = "nothing to see"
			}
			content := randomText(rng, 20) + " " + planted + " " + randomText(rng, 20)
			if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
				t.Fatal(err)
			}
			want[name] = true
		}
		os.WriteFile(filepath.Join(dir, "clean.html"), []byte("<p>"+randomText(rng, 50)+"</p>"), 0o644)
		leaks, err := s.ScanDir(context.Background(), dir)
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]bool{}
		for _, l := range leaks {
			got[l.File] = true
			if strings.Contains(l.What, "Quillion") || strings.Contains(l.What, "Juniper") {
				t.Errorf("the report repeats a term: %s", l)
			}
		}
		for name := range want {
			if !got[name] {
				t.Errorf("round %d: leak in %s not reported (got %v)", round, name, leaks)
			}
		}
		if got["clean.html"] {
			t.Errorf("round %d: false alarm on clean.html", round)
		}
	}
}

func TestSlugIsSafeAndStable(t *testing.T) {
	for in, want := range map[string]string{"Model 1": "model-1", "ACT 1: Nobody": "act-1-nobody", "Überblick!": "überblick", "---": "x"} {
		if got := Slug(in); got != want {
			t.Errorf("Slug(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestRendererCannotReachPrivateFindings: the renderer (site and every
// package under it) depends on the public view and on pure helpers only,
// never on a package that holds or builds from private data: the inputs,
// the measurement, the findings, the judged tier's replies, the config, or
// the redact package's private side.
func TestRendererCannotReachPrivateFindings(t *testing.T) {
	const mod = "github.com/evalpress/evalpress/"
	out, err := exec.Command("go", "list", "-deps", mod+"site/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 10 {
		t.Fatalf("go list returned too little: %q", deps)
	}
	forbidden := map[string]string{
		"reports/inputs": "the private inputs", "reports/c5": "the measurement", "reports/measure": "the measurement",
		"reports/c5report": "the measurement's report", "reports/findings": "the private findings",
		"reports/judged": "the judges' replies", "reports/validation": "the judged tier's private labels",
		"config": "the config", "redact": "the redaction's private side", "pipeline": "the whole build",
	}
	// Pure packages the renderer may use: they hold no private data.
	allowed := map[string]bool{"redact/public": true, "redact/internal/seal": true, "reports/criteria": true, "config/audience": true,
		"reports/stats": true, "internal/diag": true, "internal/parallel": true, "internal/numfmt": true}
	seen := map[string]bool{}
	for _, dep := range deps {
		rel, ok := strings.CutPrefix(dep, mod)
		if !ok {
			continue
		}
		seen[rel] = true
		switch {
		case forbidden[rel] != "":
			t.Errorf("site depends on %s, %s", rel, forbidden[rel])
		case rel == "site" || strings.HasPrefix(rel, "site/") || allowed[rel]:
		default:
			t.Errorf("site depends on %s: allow it here only if it holds and builds from no private data", rel)
		}
	}
	if !seen["redact/public"] || !seen["site/prose"] {
		t.Errorf("site does not take its input from redact/public; the test is not looking at the right packages")
	}
	for rel := range forbidden {
		if _, err := exec.Command("go", "list", mod+rel).Output(); err != nil {
			t.Errorf("forbidden package %s does not exist: the list is stale", rel)
		}
	}
}
