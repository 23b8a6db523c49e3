package findings

import (
	"context"
	"sync"

	"github.com/evalpress/evalpress/internal/parallel"
	"github.com/evalpress/evalpress/reports/pairs"
)

// SectionPairs are writer against writer on one section of one run: C5's
// comparison between every two writers' versions.
type SectionPairs struct {
	Unit
	Name string
	// Pairs hold indexes into Findings.Writers, A before B, in the
	// writers' order.
	Pairs []pairs.Pair
}

// measurers recycles the pairs' scratch memory.
var measurers = sync.Pool{New: func() any { return new(pairs.Measurer) }}

// measurePairs measures every pair of writers on each section of each
// run, from the texts loadTexts kept (one dictionary a section of an
// episode), on all cores.
func (f *Findings) measurePairs(ctx context.Context) ([]SectionPairs, error) {
	col := f.columns()
	type place struct {
		unit Unit
		name string
	}
	at := map[place]int{}
	var out []SectionPairs
	var texts [][]pairs.Text
	for i := range f.Cells {
		c := &f.Cells[i]
		if c.SectionText == nil {
			continue
		}
		p := place{Unit{c.Episode, c.Repeat}, c.Name}
		k, ok := at[p]
		if !ok {
			k = len(out)
			at[p] = k
			out = append(out, SectionPairs{Unit: p.unit, Name: c.Name})
			texts = append(texts, nil)
		}
		t := pairs.Text{Writer: col[c.Script], Section: &c.SectionText.Tokens}
		if c.ExampleText != nil {
			t.Example = &c.ExampleText.Tokens
		}
		texts[k] = append(texts[k], t)
	}
	n := f.Criteria.NGram()
	err := parallel.For(len(out), func(k int) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		m := measurers.Get().(*pairs.Measurer)
		defer measurers.Put(m)
		out[k].Pairs = m.Section(texts[k], n)
		return nil
	})
	return out, err
}
