package redact

import (
	"context"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/evalpress/evalpress/config"
	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/reports/findings"
	"github.com/evalpress/evalpress/reports/inputs"
	"github.com/evalpress/evalpress/reports/judged"
)

// TestTextsMadeWhenAskedForAreTheTextsHeld builds the demo's public view
// from findings with their texts and from findings with their runs only
// (findings.Options.RunsOnly), at several run limits: the second holds no
// texts, yet every cell's texts, made when asked for, and its runs are the
// first's. An internal view cannot be made from runs only.
func TestTextsMadeWhenAskedForAreTheTextsHeld(t *testing.T) {
	dir := filepath.Join("..", "demo", "private")
	folder, err := inputs.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	tier, err := judged.Attach(folder, dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		sets []string
	}{
		{"as configured", nil},
		{"short runs", []string{"runs.min_words=2"}},
		{"excerpts", []string{"publish.excerpts=true", "runs.min_words=3"}},
	} {
		cfg, err := config.Load(filepath.Join("..", "config.toml"), tt.sets)
		if err != nil {
			t.Fatal(err)
		}
		view := func(runsOnly bool) *public.Public {
			t.Helper()
			f, err := findings.Build(context.Background(), folder, cfg, nil, findings.Options{Texts: true, RunsOnly: runsOnly, Judged: tier})
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range f.Cells {
				if runsOnly && (c.SectionText != nil || c.ExampleText != nil) {
					t.Fatalf("%s: findings with runs only hold a cell's texts", tt.name)
				}
			}
			v, err := New(Input{Config: cfg, Findings: f, Folder: folder})
			if err != nil {
				t.Fatal(err)
			}
			return v.Public()
		}
		held, made := view(false), view(true)
		withTexts := 0
		for i, h := range held.Cells {
			m := made.Cells[i]
			if m.SectionText != nil || m.ExampleText != nil || m.Diff != nil {
				t.Fatalf("%s: %s / %s: the view holds texts it should make when asked", tt.name, m.Writer, m.Section)
			}
			if h.HasTexts() != m.HasTexts() || h.RunView != m.RunView || !reflect.DeepEqual(h.Runs, m.Runs) {
				t.Errorf("%s: %s / %s: run view %v, %v texts, runs %v; held %v, %v, %v", tt.name, m.Writer, m.Section, m.RunView, m.HasTexts(), m.Runs, h.RunView, h.HasTexts(), h.Runs)
				continue
			}
			if !h.HasTexts() {
				continue
			}
			withTexts++
			want, err := h.Texts()
			if err != nil {
				t.Fatal(err)
			}
			got, err := m.Texts()
			if err != nil {
				t.Fatalf("%s: %s / %s: %v", tt.name, m.Writer, m.Section, err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s: %s / %s: texts made when asked for differ from those held\n got %+v\nwant %+v", tt.name, m.Writer, m.Section, got, want)
			}
		}
		if withTexts == 0 {
			t.Fatalf("%s: no cell has texts", tt.name)
		}
	}
	cfg, err := config.Load(filepath.Join("..", "config.toml"), []string{"publish.audience=internal"})
	if err != nil {
		t.Fatal(err)
	}
	f, err := findings.Build(context.Background(), folder, cfg, nil, findings.Options{Texts: true, RunsOnly: true, Judged: tier})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := New(Input{Config: cfg, Findings: f, Folder: folder}); err == nil {
		t.Error("an internal view was made from findings without texts")
	}
}
