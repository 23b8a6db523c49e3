package judged

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/evalpress/evalpress/internal/diag"
)

const goodFixtureLabels = "## T1\nLABELLED_AT: 2026-06-25T08:00:00Z\n=== VERDICTS ===\n" + goodVerdicts +
	"## T2\nLABELLED_AT: 2026-06-25T08:30:00Z\n=== VERDICTS ===\n" + goodVerdicts

func TestLoadFixtureLabels(t *testing.T) {
	t.Parallel()
	tier, err := Load(tree("judged/fixtures/labels/author.md", goodFixtureLabels), "in", testSections)
	if err != nil {
		t.Fatal(err)
	}
	var author *Labeller
	for i := range tier.Labellers {
		if tier.Labellers[i].ID == "author" {
			author = &tier.Labellers[i]
		}
	}
	if author == nil || len(author.FixtureLabels) != 2 {
		t.Fatalf("author's fixture labels: %+v", author)
	}
	got := author.FixtureLabels[1]
	if got.Fixture != "T2" || !got.LabelledAt.Equal(time.Date(2026, 6, 25, 8, 30, 0, 0, time.UTC)) || got.Verdicts.Coverage.N != 9 ||
		filepath.ToSlash(author.FixtureFile) != "in/judged/fixtures/labels/author.md" {
		t.Errorf("T2's label: %+v (file %s)", got, author.FixtureFile)
	}
	if len(tier.Diagnostics) != 0 {
		t.Errorf("warnings: %v", tier.Diagnostics)
	}
	// A labeller who labelled the fixtures only is kept.
	tier, err = Load(tree("judged/labels/second.md", "", "judged/fixtures/labels/second.md",
		strings.ReplaceAll(goodFixtureLabels, goodVerdicts, "C1_COVERAGE: 4 of 5\nC2_DEVELOPMENT: -\nC4_ADDITIONS: FAIL\nC6_ON_BRIEF: -\nAMBIGUOUS: NONE\n")), "in", testSections)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(tier.Labellers); n != 2 || len(tier.Labellers[1].FixtureLabels) != 2 {
		t.Errorf("a labeller of the fixtures only was dropped: %+v", tier.Labellers)
	}
}

func TestFixtureLabelErrors(t *testing.T) {
	t.Parallel()
	const f = "judged/fixtures/labels/author.md"
	tests := []struct {
		name string
		edit []string
		want string
		hint bool
	}{
		{"no time", []string{f, "## T1\n=== VERDICTS ===\n" + goodVerdicts}, `in/judged/fixtures/labels/author.md:1: the label on fixture "T1" has no LABELLED_AT line`, true},
		{"time twice", []string{f, "## T1\nLABELLED_AT: 2026-06-25T08:00:00Z\nLABELLED_AT: 2026-06-25T09:00:00Z\n=== VERDICTS ===\n" + goodVerdicts},
			`in/judged/fixtures/labels/author.md:3: the label on fixture "T1": LABELLED_AT repeated (first at line 2)`, false},
		{"bad time", []string{f, "## T1\nLABELLED_AT: yesterday\n=== VERDICTS ===\n" + goodVerdicts}, `in/judged/fixtures/labels/author.md:2: LABELLED_AT `, false},
		{"no verdicts", []string{f, "## T1\nLABELLED_AT: 2026-06-25T08:00:00Z\n"}, `in/judged/fixtures/labels/author.md:1: the label on fixture "T1" has no verdict block`, false},
		{"unknown labeller", []string{"judged/fixtures/labels/third.md", goodFixtureLabels},
			`in/judged/fixtures/labels/third.md: labeller "third" has no [[labeller]] entry in labellers.toml`, true},
		{"no labellers.toml", []string{"judged/labellers.toml", "", "judged/labels/author.md", "", "judged/labels/second.md", "", f, goodFixtureLabels},
			`in/judged/fixtures/labels/author.md: labels without labellers.toml: who labelled is not described`, true},
	}
	for _, tt := range tests {
		_, err := Load(tree(tt.edit...), "in", testSections)
		if err == nil {
			t.Errorf("%s: no error, want %q", tt.name, tt.want)
			continue
		}
		if got := filepath.ToSlash(err.Error()); strings.Contains(got, "\n") || !strings.HasPrefix(got, tt.want) {
			t.Errorf("%s: error\n  %q\nwant one line starting\n  %q", tt.name, got, tt.want)
		}
		if tt.hint && diag.Hint(err) == "" {
			t.Errorf("%s: no hint", tt.name)
		}
	}
}
