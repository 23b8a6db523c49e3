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
	for _, tt := range []struct {
		name  string
		edits []string
	}{
		{"with labellers", []string{"judged/fixture-labels.md", goodFixtureLabels}},
		{"without labellers", []string{"judged/fixture-labels.md", goodFixtureLabels, "judged/labellers.toml", "", "judged/labels/author.md", "",
			"judged/labels/second.md", "", "judged/additions.toml", ""}},
	} {
		tier, err := Load(tree(tt.edits...), "in", testSections)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if len(tier.FixtureLabels) != 2 {
			t.Fatalf("%s: fixture labels %+v", tt.name, tier.FixtureLabels)
		}
		got := tier.FixtureLabels[1]
		if got.Fixture != "T2" || !got.LabelledAt.Equal(time.Date(2026, 6, 25, 8, 30, 0, 0, time.UTC)) || got.Verdicts.Coverage.N != 9 ||
			filepath.ToSlash(tier.FixtureLabelsFile) != "in/judged/fixture-labels.md" {
			t.Errorf("%s: T2's label: %+v (file %s)", tt.name, got, tier.FixtureLabelsFile)
		}
		if len(tier.Diagnostics) != 0 {
			t.Errorf("%s: warnings: %v", tt.name, tier.Diagnostics)
		}
	}
}

func TestFixtureLabelErrors(t *testing.T) {
	t.Parallel()
	const f = "judged/fixture-labels.md"
	tests := []struct {
		name, text, want string
		hint             bool
	}{
		{"no time", "## T1\n=== VERDICTS ===\n" + goodVerdicts, `in/judged/fixture-labels.md:1: the label on fixture "T1" has no LABELLED_AT line`, true},
		{"time twice", "## T1\nLABELLED_AT: 2026-06-25T08:00:00Z\nLABELLED_AT: 2026-06-25T09:00:00Z\n=== VERDICTS ===\n" + goodVerdicts,
			`in/judged/fixture-labels.md:3: the label on fixture "T1": LABELLED_AT repeated (first at line 2)`, false},
		{"bad time", "## T1\nLABELLED_AT: yesterday\n=== VERDICTS ===\n" + goodVerdicts, `in/judged/fixture-labels.md:2: LABELLED_AT `, false},
		{"no verdicts", "## T1\nLABELLED_AT: 2026-06-25T08:00:00Z\n", `in/judged/fixture-labels.md:1: the label on fixture "T1" has no verdict block`, false},
	}
	for _, tt := range tests {
		_, err := Load(tree(f, tt.text), "in", testSections)
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
