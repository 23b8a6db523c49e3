package redact

import (
	"context"
	"github.com/evalpress/evalpress/reports/criteria"
	"path/filepath"
	"strings"
	"testing"

	"github.com/evalpress/evalpress/config"
	"github.com/evalpress/evalpress/reports/findings"
	"github.com/evalpress/evalpress/reports/inputs"
)

// TestViewShowsTheExcerptsItIsGiven: a view made with the build's
// excerpts (Input.Excerpts) shows them cell by cell, as it shows those it
// makes itself without them; excerpts for another number of cells are an
// error.
func TestViewShowsTheExcerptsItIsGiven(t *testing.T) {
	dir := filepath.Join("..", "demo", "private")
	folder, err := inputs.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Load(filepath.Join("..", "config.toml"), []string{"publish.excerpts=true", "c5.max_run=3"}, criteria.Default())
	if err != nil {
		t.Fatal(err)
	}
	f, err := findings.Build(context.Background(), folder, findings.Settings{Criteria: cfg.Criteria, MinRun: cfg.MinRunWords(), Hypotheses: cfg.Hypotheses, ConfigFile: cfg.File}, nil,
		findings.Options{Key: []byte("a fixed key for the demo's aliases")})
	if err != nil {
		t.Fatal(err)
	}
	made := FindingsExcerpts(folder, f)
	marked := make([]string, len(made))
	shown := 0
	for i, e := range made {
		if e != "" {
			marked[i] = "given " + e
			shown++
		}
	}
	if shown == 0 {
		t.Fatal("no cell has an excerpt: the test shows nothing")
	}
	for _, tc := range []struct {
		name     string
		excerpts []string
		want     []string
	}{
		{"made by the view", nil, made},
		{"given", marked, marked},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, err := New(Input{Config: cfg, Findings: f, Folder: folder, Excerpts: tc.excerpts})
			if err != nil {
				t.Fatal(err)
			}
			for i, c := range v.Public().Cells {
				if c.Excerpt != tc.want[i] {
					t.Fatalf("cell %d shows %q, want %q", i, c.Excerpt, tc.want[i])
				}
			}
		})
	}
	if _, err := New(Input{Config: cfg, Findings: f, Folder: folder, Excerpts: made[1:]}); err == nil || !strings.Contains(err.Error(), "excerpts for") {
		t.Fatalf("excerpts for too few cells: %v", err)
	}
}
