package pipeline

import (
	"fmt"
	"reflect"
	"runtime"
	"testing"

	"encoding/binary"

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

// fill sets every field of v, and of every struct, list, map and pointer
// inside it, to a value that is not zero: lists and maps of two entries,
// records inside records (a judged criterion's judges) down to depth 3.
// seed makes the values of one call differ from another's.
func fill(v reflect.Value, seed, depth int) {
	switch v.Kind() {
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fill(v.Field(i), seed*31+i, depth)
			}
		}
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fill(v.Elem(), seed+1, depth)
	case reflect.Slice:
		if depth > 3 {
			return
		}
		v.Set(reflect.MakeSlice(v.Type(), 2, 2))
		for i := range 2 {
			fill(v.Index(i), seed*7+i, depth+1)
		}
	case reflect.Map:
		if depth > 3 {
			return
		}
		v.Set(reflect.MakeMap(v.Type()))
		for i := range 2 {
			k, e := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
			fill(k, seed*11+i, depth+1)
			fill(e, seed*13+i, depth+1)
			v.SetMapIndex(k, e)
		}
	case reflect.String:
		v.SetString(fmt.Sprintf("s%d", seed))
	case reflect.Int, reflect.Int64, reflect.Int32:
		v.SetInt(int64(seed%1000 + 1))
	case reflect.Float64:
		v.SetFloat(float64(seed%1000) + 0.25)
	case reflect.Bool:
		v.SetBool(true)
	default:
		panic("fill: a field of kind " + v.Kind().String() + ": teach fill and the codec it")
	}
}

// filledWhole reports whether c, as fill made it, has a judge's call with
// both counts and a record with values, limits and judges' records.
func filledWhole(c site.ResultsCell) bool {
	calls, records := false, false
	for _, g := range c.Judged {
		for _, call := range g.Criteria {
			calls = calls || call.N != nil && call.Of != nil
		}
	}
	for _, r := range c.Criteria {
		records = records || len(r.Values) > 0 && len(r.Limits) > 0 && len(r.Judges) > 0 && len(r.Rules) > 0
	}
	return calls && records
}

// TestBaselineCellsCodecKnowsEveryField: cells with every field of every
// type inside them set (fill), and cells with nil and empty lists and
// maps, read back as the baseline keeps them (site.Results.Baseline). A
// field a baseline keeps that the codec does not write, added to a cell, a
// criterion's record, a judge's grade or call, fails it.
func TestBaselineCellsCodecKnowsEveryField(t *testing.T) {
	var cells []site.ResultsCell
	for i := range 3 {
		var c site.ResultsCell
		fill(reflect.ValueOf(&c).Elem(), i+1, 0)
		cells = append(cells, c)
	}
	n := 3
	cells = append(cells,
		site.ResultsCell{Model: "m", Verdict: "pass"},
		site.ResultsCell{Model: "m", Verdict: "FAIL", Rules: []string{}, Judged: []site.ResultsGrade{{By: "j", Criteria: map[string]site.ResultsJudgedCall{}}},
			Criteria: map[string]criteria.Record{}},
		site.ResultsCell{Model: "m", Verdict: "FAIL", Judged: []site.ResultsGrade{{By: "j", Criteria: map[string]site.ResultsJudgedCall{"C1": {Verdict: "pass", N: &n}}}},
			Criteria: map[string]criteria.Record{"C1": {Verdict: "pass", Rules: []string{}, Values: map[string]float64{}, Judges: map[string]criteria.Record{"j": {Verdict: "FAIL", Values: map[string]float64{"n": 2}}}}}},
	)
	want := (&site.Results{Cells: cells}).Baseline().Cells
	if !filledWhole(want[0]) {
		t.Fatalf("fill left a nested list or map empty: %+v", want[0])
	}
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

// TestDamagedBaselineCellsAllocateLittle: a damaged count, as large as
// what follows it, makes no more room than a few entries' before the
// entries are read, so what a reader allocates grows with the bytes it
// reads (a string of one byte, empty, still takes 16 in a list): a
// megabyte of damaged cells allocates tens of megabytes at most, not the
// gigabyte that room made for each count at once took.
func TestDamagedBaselineCellsAllocateLittle(t *testing.T) {
	const size = 1 << 20
	huge := func(prefix ...byte) []byte {
		b := binary.AppendUvarint(prefix, size+1)
		return append(b, make([]byte, size)...)
	}
	head := []byte{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0} // no names, rules or run, an overlap of 0
	inputs := map[string][]byte{
		"grades":            huge(head...),
		"a grade's calls":   huge(append(head, 2, 1, 0, 0, 0, 0)...),
		"records":           huge(append(head, 0)...),
		"a record's rules":  huge(append(head, 0, 2, 0, 0, 0)...),
		"a record's values": huge(append(head, 0, 2, 0, 0, 0, 0)...),
		"its judges":        huge(append(head, 0, 2, 0, 0, 0, 0, 0, 0)...),
	}
	for what, data := range inputs {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		readCells(data)
		runtime.ReadMemStats(&after)
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 128*size {
			t.Errorf("%s: %d MB allocated reading %d MB", what, alloc>>20, len(data)>>20)
		}
	}
}
