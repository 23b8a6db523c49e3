package c5report_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/evalpress/evalpress/reports/c5report"
	"github.com/evalpress/evalpress/reports/criteria"
	"github.com/evalpress/evalpress/reports/inputs"
	"github.com/evalpress/evalpress/reports/measure"
)

// measureFS measures the folder fsys at the rubric's thresholds.
func measureFS(t *testing.T, fsys fstest.MapFS) c5report.Report {
	t.Helper()
	folder, err := inputs.OpenFS(fsys, "in", inputs.WithoutDigests())
	if err != nil {
		t.Fatal(err)
	}
	res, err := measure.Run(context.Background(), folder, criteria.DefaultC5.NGram)
	if err != nil {
		t.Fatal(err)
	}
	return c5report.Report{Result: res, Thresholds: criteria.DefaultC5, Layered: folder.Layered()}
}

// TestLayeredText: with several runs, each run's report is, after the line
// that numbers it, what the reference prints for that run's files alone
// (which the golden tests hold to the reference).
func TestLayeredText(t *testing.T) {
	t.Parallel()
	copied := "one two three four five six seven eight nine ten eleven twelve thirteen fourteen"
	examples := map[string]string{
		"a": "## HOOK\n" + copied + "\n## ACT\nsomething else entirely for the act\n",
		"b": "## HOOK\nanother outline altogether\n",
	}
	runs := map[string]string{
		"a/1": "# W\n## HOOK\nsaid " + copied + " then\n## ACT\nfree words\n# V\n## HOOK\nnothing copied\n",
		"a/2": "# W\n## HOOK\nnothing at all\n# V\n## HOOK\n" + copied + "\n",
		"b/1": "# V\n## HOOK\nanother outline again\n",
	}
	fsys := fstest.MapFS{}
	for e, ex := range examples {
		fsys["episodes/"+e+"/examples.md"] = &fstest.MapFile{Data: []byte(ex)}
	}
	for k, s := range runs {
		e, r, _ := strings.Cut(k, "/")
		fsys["episodes/"+e+"/runs/"+r+"/sections.md"] = &fstest.MapFile{Data: []byte(s)}
	}
	var got bytes.Buffer
	if err := c5report.Text(&got, measureFS(t, fsys)); err != nil {
		t.Fatal(err)
	}
	var want strings.Builder
	for i, k := range []string{"a/1", "a/2", "b/1"} {
		e, _, _ := strings.Cut(k, "/")
		var one bytes.Buffer
		single := fstest.MapFS{inputs.ExamplesFile: {Data: []byte(examples[e])}, inputs.SectionsFile: {Data: []byte(runs[k])}}
		if err := c5report.Text(&one, measureFS(t, single)); err != nil {
			t.Fatal(err)
		}
		if i > 0 {
			want.WriteString("\n")
		}
		want.WriteString([]string{"== episode 1, run 1 ==\n", "== episode 1, run 2 ==\n", "== episode 2, run 1 ==\n"}[i])
		want.WriteString(one.String())
	}
	if got.String() != want.String() {
		t.Errorf("got\n%s\nwant\n%s", got.String(), want.String())
	}
	var csvOut bytes.Buffer
	if err := c5report.CSV(&csvOut, measureFS(t, fsys)); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&csvOut).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	last := rows[len(rows)-1]
	if head := rows[0]; head[len(head)-2] != "episode" || head[len(head)-1] != "repeat" || last[len(last)-2] != "2" || last[len(last)-1] != "1" {
		t.Errorf("CSV header %q, last row %q: want episode and repeat numbered", rows[0], last)
	}
}
