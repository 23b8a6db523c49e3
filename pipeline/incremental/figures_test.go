package incremental

import (
	"reflect"
	"strconv"
	"testing"

	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/redact/public/publictest"
	"github.com/evalpress/evalpress/site/figures"
)

func figuresView(maxRun int) *public.Public {
	p := &public.Public{Thresholds: public.Thresholds{MaxRun: maxRun, MaxOverlap: 0.1, NGram: 8}}
	for w := range 3 {
		p.Writers = append(p.Writers, public.Writer{Alias: "Model " + strconv.Itoa(w+1)})
	}
	for s := range 40 {
		p.Sections = append(p.Sections, "S"+strconv.Itoa(s))
		for w := range 3 {
			c := public.Cell{Writer: p.Writers[w].Alias, Section: p.Sections[s], HasExample: s != 7, Run: (s*7 + w*13) % 30, Overlap: float64((s*11+w*5)%70) / 100}
			publictest.JudgeCell(&c, p.Thresholds)
			p.Cells = append(p.Cells, c)
		}
	}
	return p
}

// TestFiguresCacheKeepsTheFigures stores the figures of a view and reads
// them back for a view that differs only in its thresholds; a view with
// another run has another key.
func TestFiguresCacheKeepsTheFigures(t *testing.T) {
	dir, seal := t.TempDir(), []byte("seal")
	p := figuresView(12)
	want := figures.Compute(p)
	if !want.Run.OK || !want.Overlap.OK || len(want.Omitted) != 1 {
		t.Fatalf("the view should have figures and one section left out: %+v", want)
	}
	key := figuresKey(p)
	if got := cachedFigures(dir, seal, key); got != nil {
		t.Fatalf("figures from an empty cache: %+v", got)
	}
	if err := storeFigures(dir, seal, key, want); err != nil {
		t.Fatal(err)
	}
	again := figuresView(20)
	if figuresKey(again) != key {
		t.Fatal("a threshold change changed the figures' key")
	}
	got := cachedFigures(dir, seal, figuresKey(again))
	if got == nil || !reflect.DeepEqual(*got, want) {
		t.Fatalf("cached figures %+v, want %+v", got, want)
	}
	if cachedFigures(dir, []byte("other seal"), key) != nil {
		t.Error("figures read back with another seal")
	}
	if f := OpenFigures(dir, seal, figuresView(30)); f.Cached == nil || f.Store(figures.Spreads{}) != nil {
		t.Error("OpenFigures did not read the figures stored for the view")
	}
	if got := cachedFigures(dir, seal, key); got == nil || !reflect.DeepEqual(*got, want) {
		t.Error("Store replaced figures read from the cache")
	}
	other := figuresView(12)
	other.Cells[5].Run++
	if figuresKey(other) == key {
		t.Error("a changed run kept the figures' key")
	}
}
