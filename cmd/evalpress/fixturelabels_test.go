package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFixtureLabels: the author's blind labels of the fixtures are shown
// beside the judges' verdicts, with their times; a label made after a
// judge replied is warned of and shown as not blind.
func TestFixtureLabels(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, at string
		want     string // on the fixtures page and T1's page
		warn     string // on stderr
	}{
		{"blind", "2026-06-28T09:00:00Z", "(labelled 2026-06-28T09:00:00Z, before any judge replied)", ""},
		{"after a judge", "2026-07-03T09:00:00Z", "(labelled 2026-07-03T09:00:00Z, after a judge had replied: not blind)",
			`fixture-labels.md:1: warning: fixture "T1" was labelled at 2026-07-03T09:00:00Z, not before the first judge's reply (2026-07-02T09:00:00Z): the label is not blind`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := copyDemo(t)
			labels := filepath.Join(dir, "demo", "private", "judged", "fixture-labels.md")
			data := mustRead(t, labels)
			os.WriteFile(labels, []byte(strings.Replace(string(data), "2026-06-28T09:00:00Z", tt.at, 1)), 0o644)
			code, _, stderr := runCLI(t, "build", "--config", filepath.Join(dir, "config.toml"))
			if code != 0 {
				t.Fatalf("build: exit %d\n%s", code, stderr)
			}
			if tt.warn != "" && !strings.Contains(stderr, tt.warn) || tt.warn == "" && strings.Contains(stderr, "not blind") {
				t.Errorf("stderr, want %q:\n%s", tt.warn, stderr)
			}
			for _, page := range []string{"04-fixtures.html", "fixtures/T1.html"} {
				text := pageText(t, filepath.Join(dir, "public", page))
				if !strings.Contains(text, "C1 pass as expected; C2 pass as expected "+tt.want) {
					t.Errorf("%s does not show the author's label of T1 %s:\n%s", page, tt.want, text)
				}
			}
		})
	}
}
