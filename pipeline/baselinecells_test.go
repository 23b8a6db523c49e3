package pipeline

import (
	"math/rand"
	"reflect"
	"testing"
	"testing/quick"

	"github.com/evalpress/evalpress/reports/criteria"
	"github.com/evalpress/evalpress/site"
)

// readCells reads every cell of data as cachedBaseline does.
func readCells(data []byte) ([]site.ResultsCell, error) {
	r := cellReader{b: data}
	var cells []site.ResultsCell
	for len(r.b) > 0 {
		cells = append(cells, r.cell())
	}
	return cells, r.err
}

// TestBaselineCellsCodecKnowsEveryField: cells filled at random, every
// field of every type inside them set (testing/quick), read back as the
// baseline keeps them (site.Results.Baseline). A field a baseline keeps
// that the codec does not write, added to a cell, a criterion's record or
// a judge's grade, fails it.
func TestBaselineCellsCodecKnowsEveryField(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	n := 3
	var cells []site.ResultsCell
	for range 200 {
		v, ok := quick.Value(reflect.TypeFor[site.ResultsCell](), rng)
		if !ok {
			t.Fatal("quick cannot make a cell")
		}
		cells = append(cells, v.Interface().(site.ResultsCell))
	}
	// nil and empty lists and maps, apart; a judge's record inside a record.
	cells = append(cells,
		site.ResultsCell{Model: "m", Verdict: "pass"},
		site.ResultsCell{Model: "m", Verdict: "FAIL", Rules: []string{}, Judged: []site.ResultsGrade{{By: "j", Criteria: map[string]site.ResultsJudgedCall{}}},
			Criteria: map[string]criteria.Record{}},
		site.ResultsCell{Model: "m", Verdict: "FAIL", Judged: []site.ResultsGrade{{By: "j", Criteria: map[string]site.ResultsJudgedCall{"C1": {Verdict: "pass", N: &n}}}},
			Criteria: map[string]criteria.Record{"C1": {Verdict: "pass", Rules: []string{}, Values: map[string]float64{}, Judges: map[string]criteria.Record{"j": {Verdict: "FAIL", Values: map[string]float64{"n": 2}}}}}},
	)
	want := (&site.Results{Cells: cells}).Baseline().Cells
	var data []byte
	for i := range want {
		data = appendBaselineCell(data, &want[i])
	}
	got, err := readCells(data)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		for i := range want {
			if i >= len(got) || !reflect.DeepEqual(got[i], want[i]) {
				t.Fatalf("cell %d read back\n%+v\nwritten\n%+v", i, got[min(i, len(got)-1)], want[i])
			}
		}
		t.Fatalf("%d cells read back, %d written", len(got), len(want))
	}
}

// TestDamagedBaselineCellsNeverPanic: the cells cut short at every byte,
// or a byte changed, read as damage or as fewer cells, never a panic.
func TestDamagedBaselineCellsNeverPanic(t *testing.T) {
	n := 7
	c := site.ResultsCell{Model: "Model 1", Section: "ACT 1", Verdict: "FAIL", Rules: []string{"run"}, Run: 14, Overlap: 0.25,
		Judged:   []site.ResultsGrade{{By: "judge", Sample: "s", Criteria: map[string]site.ResultsJudgedCall{"C1": {Verdict: "pass", N: &n}}}},
		Criteria: map[string]criteria.Record{"C5": {Verdict: "FAIL", Rules: []string{"run"}, Values: map[string]float64{"run": 14}, Limits: map[string]float64{"run": 12}}}}
	one := appendBaselineCell(nil, &c)
	data := appendBaselineCell(one, &c)
	for cut := range len(data) {
		cells, err := readCells(data[:cut])
		if err == nil && !(cut == 0 && len(cells) == 0 || cut == len(one) && len(cells) == 1) {
			t.Errorf("cut at %d of %d: %d cells and no damage", cut, len(data), len(cells))
		}
	}
	for at := range data {
		for _, b := range []byte{0, 1, 0x7f, 0xff} {
			damaged := append([]byte(nil), data...)
			damaged[at] = b
			readCells(damaged) // must not panic
		}
	}
}
