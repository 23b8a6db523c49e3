package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// measureConfig writes demo/runs' config in measure mode, its hypotheses
// replaced by hyps, and returns the line of the first hypothesis.
func measureConfig(t *testing.T, dir, hyps string) int {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "config.toml"))
	if err != nil {
		t.Fatal(err)
	}
	cfg := string(data)
	cfg = strings.Replace(cfg, "ngram = 8\n", "ngram = 8\nmode = \"measure\"\n", 1)
	cfg = cfg[:strings.Index(cfg, "[[hypothesis]]")] + hyps
	if err := os.WriteFile(filepath.Join(dir, "config.toml"), []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	return strings.Count(cfg[:strings.Index(cfg, "[[hypothesis]]")], "\n") + 1
}

const medianOrder = `[[hypothesis]]
id = "H1"
registered = 2026-11-02
statement = "Model 2 copies the shortest runs, Model 1 the longest."
[hypothesis.prediction]
kind = "median_order"
order = ["Model 2", "Model 3", "Model 1"]
measure = "run"
runs = "pooled"
`

// TestMeasureMode: with [c5] mode = "measure" a build reports C5's run
// and overlap as numbers, with no pass line, no FAIL and no verdict
// counts, and decides a hypothesis on the order of medians; a hypothesis
// or a placeholder that counts C5 FAILs is an error with its line.
func TestMeasureMode(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, hyps, doc string
		wantErr         string
	}{
		{name: "numbers, no verdicts", hyps: medianOrder},
		{name: "a hypothesis counting FAILs", hyps: "[[hypothesis]]\nid = \"H9\"\nregistered = 2026-11-02\nstatement = \"s\"\n[hypothesis.prediction]\nkind = \"fails_at_most\"\nfails = 3\nruns = \"pooled\"\n",
			wantErr: `config.toml:LINE: hypothesis "H9" counts C5 FAILs, and with [c5] mode = "measure" C5 has none`},
		{name: "a placeholder counting FAILs", hyps: medianOrder, doc: "# Notes\n\nSome text.\n\n{{count fails}} sections fail.\n",
			wantErr: `notes.md:5:3: {{count fails}}: count: C5 is a measurement here`},
		{name: "a placeholder naming a verdict", hyps: medianOrder, doc: "# Notes\n\n{{writer(\"Model 1\", fail_rate)}}\n",
			wantErr: `notes.md:3:3: {{writer("Model 1", fail_rate)}}: writer: C5 is a measurement here`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			copyTree(t, filepath.Join("..", "..", "demo", "runs"), dir)
			line := measureConfig(t, dir, tc.hyps)
			if tc.doc != "" {
				if err := os.WriteFile(filepath.Join(dir, "content", "notes.md"), []byte(tc.doc), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			out := filepath.Join(dir, "public")
			code, stderr := buildSite(t, dir, "--out", out)
			if tc.wantErr != "" {
				want := strings.Replace(tc.wantErr, "LINE", strconv.Itoa(line), 1)
				if code == 0 || !strings.Contains(filepath.ToSlash(stderr), want) {
					t.Fatalf("exit %d, stderr\n%s\nwant an error containing %q", code, stderr, want)
				}
				return
			}
			if code != 0 {
				t.Fatalf("exit %d:\n%s", code, stderr)
			}
			page, err := os.ReadFile(filepath.Join(out, "results.html"))
			if err != nil {
				t.Fatal(err)
			}
			for _, banned := range []string{"✗ FAIL", "C5 failures per writer", "fails above", "FAIL count per writer", "C5 verdict", "Failed rule", ">MEASURED<"} {
				if strings.Contains(string(page), banned) {
					t.Errorf("results.html says %q in measure mode", banned)
				}
			}
			if !strings.Contains(string(page), "C5 as a measurement") {
				t.Error("results.html has no table of the measures")
			}
			// The table of every cell has as many cells a row as heads.
			table := string(page)[strings.Index(string(page), `id="results-table"`):]
			heads := strings.Count(table[:strings.Index(table, "</thead>")], "<th ")
			body := table[strings.Index(table, "<tbody>"):]
			row := body[strings.Index(body, "<tr "):strings.Index(body, "</tr>")]
			if cells := strings.Count(row, "<td"); cells != heads {
				t.Errorf("the table of every cell has %d heads and %d cells in a row", heads, cells)
			}
			var r struct {
				Mode  string `json:"c5_mode"`
				Cells []struct {
					Verdict string
					Fail    bool
				}
				Hypotheses []struct{ Verdict, Reason string }
			}
			data, err := os.ReadFile(filepath.Join(out, "data", "results.json"))
			if err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(data, &r); err != nil {
				t.Fatal(err)
			}
			if r.Mode != "measure" || len(r.Hypotheses) != 1 || r.Hypotheses[0].Verdict != "supported" {
				t.Errorf("mode %q, hypotheses %+v", r.Mode, r.Hypotheses)
			}
			for _, c := range r.Cells {
				if c.Fail || c.Verdict != "MEASURED" {
					t.Fatalf("a cell in measure mode: %+v", c)
				}
			}
		})
	}
}
