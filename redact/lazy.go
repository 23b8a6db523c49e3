package redact

import (
	"fmt"
	"sync"

	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/reports/c5"
	"github.com/evalpress/evalpress/reports/findings"
	"github.com/evalpress/evalpress/reports/inputs"
)

// lazyTexts makes the run view texts of a public view whose findings kept
// their runs but not their texts (findings.Options.RunsOnly): each time a
// page asks for them (public.Cell.Texts), from the private inputs, as New
// lays them out from the findings' texts. A 200,000-cell view's texts,
// laid out all at once, took 90 MB; a page's go with it. Per cell it keeps
// where its two texts lie in the inputs (32 bytes); the runs are the
// view's own.
type lazyTexts struct {
	folder *inputs.Folder
	norm   *c5.Normaliser
	spans  []textSpans // by cell index
	dicts  sync.Pool   // *c5.Dict, one per page being made
	make   func(*public.Cell) (public.CellTexts, error)
}

// textSpans are where a cell's section and its worst example variant lie
// in sections.md and examples.md.
type textSpans struct{ section, example inputs.Span }

func newLazyTexts(folder *inputs.Folder, f *findings.Findings) (*lazyTexts, error) {
	phrases := make([]string, len(f.Phrases))
	for i, p := range f.Phrases {
		phrases[i] = p.Text
	}
	l := &lazyTexts{folder: folder, norm: c5.NewNormaliser(phrases), spans: make([]textSpans, len(f.Cells)),
		dicts: sync.Pool{New: func() any { return c5.NewDict() }}}
	for i, c := range f.Cells {
		if !c.HasExample {
			continue
		}
		ex := folder.Examples[c.Name]
		if ex == nil || c.Worst < 0 || c.Worst >= len(ex.Variants) {
			return nil, fmt.Errorf("%w: %s / %s", findings.ErrStaleMeasurement, c.Script, c.Name)
		}
		l.spans[i] = textSpans{section: c.Section.Body, example: ex.Variants[c.Worst].Body}
	}
	l.make = l.texts // one function for every cell
	return l, nil
}

// texts reads a cell's section and example variant, tokenises them as the
// findings do and lays them out with the cell's runs (cellTexts).
func (l *lazyTexts) texts(pc *public.Cell) (public.CellTexts, error) {
	if pc.Index < 0 || pc.Index >= len(l.spans) {
		return public.CellTexts{}, fmt.Errorf("%s, %s: no texts for cell %d", pc.Writer, pc.Section, pc.Index)
	}
	spans := l.spans[pc.Index]
	raw, err := l.folder.SectionText(inputs.Section{Body: spans.section})
	if err != nil {
		return public.CellTexts{}, err
	}
	exRaw, err := l.folder.VariantText(inputs.Variant{Body: spans.example})
	if err != nil {
		return public.CellTexts{}, err
	}
	dict := l.dicts.Get().(*c5.Dict)
	defer l.dicts.Put(dict)
	dict.Reset()
	st, et := &findings.Text{Raw: raw}, &findings.Text{Raw: exRaw}
	l.norm.TokeniseWithOffsets(exRaw, dict, &et.Tokens)
	l.norm.TokeniseWithOffsets(raw, dict, &st.Tokens)
	runs := make([]c5.Run, len(pc.Runs))
	for k, r := range pc.Runs {
		if r.Words < 0 || r.SectionAt < 0 || r.ExampleAt < 0 || r.SectionAt+r.Words > st.Tokens.Len() || r.ExampleAt+r.Words > et.Tokens.Len() {
			return public.CellTexts{}, fmt.Errorf("%s, %s: %w", pc.Writer, pc.Section, findings.ErrStaleMeasurement)
		}
		runs[k] = c5.Run{SectionAt: r.SectionAt, ExampleAt: r.ExampleAt, Words: r.Words}
	}
	return cellTexts(st, et, runs, true), nil
}
