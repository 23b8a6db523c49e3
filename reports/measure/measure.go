// Package measure runs the measurement over a whole private inputs folder:
// C5's comparison of every section of every script against every variant of
// its example, the worst variant kept, and the text measures the criteria
// need of each section as written (criteria.Set.TextMeasures: G1's word count,
// a criterion's own), on all cores. Cells come back in the order the
// reference reports them.
package measure

import (
	"context"
	"fmt"
	"sync"

	"github.com/evalpress/evalpress/internal/parallel"
	"github.com/evalpress/evalpress/reports/c5"
	"github.com/evalpress/evalpress/reports/criteria"
	"github.com/evalpress/evalpress/reports/inputs"
)

// Cell is the measurement of one section of one script.
type Cell struct {
	inputs.Section
	// HasExample is false when examples.md has no text for the section.
	HasExample bool
	// Variants is the number of example variants; Worst is the 0-based index
	// of the one kept (the longest run, then the largest overlap).
	Variants int
	Worst    int
	c5.Comparison
	// RunText is the longest run's words, normalised and joined by spaces.
	RunText string
	// Measures are the text measures the criteria need of the section as
	// written (criteria.Set.TextMeasures): G1's word count, and any other.
	Measures []criteria.Named
}

// Result is the measurement of a folder.
type Result struct {
	NGram int
	Cells []Cell
}

// Texts are the tokens a measurement made of the texts it compared, with
// their byte offsets (RunWithTexts), by cell: the section's, and the worst
// example variant's (nil without example), which the cells of a section
// with the same worst variant share. A build that shows the runs needs
// them, and would otherwise tokenise every text a second time.
type Texts struct {
	Section, Example []*c5.Tokens
}

// Run measures every section of folder with n-grams of ngram words, and
// with measures, the text measures the criteria need (a criteria.Set's
// TextMeasures; none for C5 alone).
func Run(ctx context.Context, folder *inputs.Folder, ngram int, measures ...criteria.TextMeasure) (*Result, error) {
	res, _, err := run(ctx, folder, ngram, measures, false)
	return res, err
}

// RunWithTexts is Run that also returns the tokens of the texts compared,
// with byte offsets. Tokenising with offsets costs more, so Run, which
// `evalpress measure` uses, does not.
func RunWithTexts(ctx context.Context, folder *inputs.Folder, ngram int, measures ...criteria.TextMeasure) (*Result, *Texts, error) {
	return run(ctx, folder, ngram, measures, true)
}

func run(ctx context.Context, folder *inputs.Folder, ngram int, measures []criteria.TextMeasure, keep bool) (*Result, *Texts, error) {
	if ngram < 1 {
		return nil, nil, fmt.Errorf("n-gram size %d is less than 1", ngram)
	}
	cells := folder.Cells()
	res := &Result{NGram: ngram, Cells: make([]Cell, len(cells))}
	var texts *Texts
	if keep {
		texts = &Texts{Section: make([]*c5.Tokens, len(cells)), Example: make([]*c5.Tokens, len(cells))}
	}
	// A group is one section of one episode: its example is prepared once
	// for every writer and every run.
	groups := map[group][]int{}
	var order []group
	for i, s := range cells {
		res.Cells[i].Section = s
		g := group{s.Episode, s.Name}
		if _, ok := groups[g]; !ok {
			order = append(order, g)
		}
		groups[g] = append(groups[g], i)
	}

	phrases := make([]string, len(folder.Phrases))
	for i, p := range folder.Phrases {
		phrases[i] = p.Text
	}
	norm := c5.NewNormaliser(phrases)

	// Each worker keeps its scratch memory (dictionary, automata, buffers)
	// across the groups it takes.
	var (
		mu   sync.Mutex
		pool []*worker
	)
	err := parallel.For(len(order), func(i int) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		mu.Lock()
		var w *worker
		if n := len(pool); n > 0 {
			w, pool = pool[n-1], pool[:n-1]
		} else {
			w = newWorker(folder, norm, ngram, measures)
		}
		w.texts = texts
		mu.Unlock()
		err := w.measureGroup(ctx, order[i], groups[order[i]], res.Cells)
		mu.Lock()
		pool = append(pool, w)
		mu.Unlock()
		return err
	})
	if err != nil {
		return nil, nil, err
	}
	return res, texts, nil
}

// group names the cells that share an example: one section's in one episode.
type group struct {
	episode int
	name    string
}

// worker measures the cells of one section name at a time: it prepares the
// example's variants once and compares each script's section against them.
type worker struct {
	folder   *inputs.Folder
	norm     *c5.Normaliser
	ngram    int
	dict     *c5.Dict
	tokens   c5.Tokens
	examples []c5.Example
	cmp      c5.Comparer
	// texts, when set, keeps the tokens of every text, with offsets.
	texts *Texts
	// variants are the current group's example variants' tokens, kept.
	variants []*c5.Tokens
	// measures are the text measures the criteria need.
	measures []criteria.TextMeasure
}

func newWorker(folder *inputs.Folder, norm *c5.Normaliser, ngram int, measures []criteria.TextMeasure) *worker {
	return &worker{folder: folder, norm: norm, ngram: ngram, dict: c5.NewDict(), measures: measures}
}

// measureGroup measures the cells cellIdx of one section of one episode,
// stopping with ctx's error once ctx is done, within a large example or
// section.
func (w *worker) measureGroup(ctx context.Context, g group, cellIdx []int, cells []Cell) error {
	var ex *inputs.Example
	if g.episode < len(w.folder.Episodes) {
		ex = w.folder.Episodes[g.episode].Examples[g.name]
	}
	w.dict.Reset()
	if ex == nil || len(ex.Variants) == 0 {
		// No example to compare with: the section still counts its words.
		for _, ci := range cellIdx {
			cell := &cells[ci]
			tokens, err := w.section(cell)
			if err != nil {
				return err
			}
			cell.Words = tokens.Len()
			if w.texts != nil {
				tokens.Compact()
				w.texts.Section[ci] = tokens
			}
		}
		return nil
	}
	if cap(w.examples) < len(ex.Variants) {
		w.examples = make([]c5.Example, len(ex.Variants))
	}
	w.examples = w.examples[:len(ex.Variants)]
	w.variants = w.variants[:0]
	for i, v := range ex.Variants {
		text, err := w.folder.VariantText(v)
		if err != nil {
			return err
		}
		tokens := w.tokenise(text)
		if err := w.examples[i].PrepareContext(ctx, tokens); err != nil {
			return err
		}
		if w.texts != nil {
			w.variants = append(w.variants, tokens)
		}
	}
	for _, ci := range cellIdx {
		cell := &cells[ci]
		tokens, err := w.section(cell)
		if err != nil {
			return err
		}
		cell.HasExample = true
		cell.Variants = len(w.examples)
		for i := range w.examples {
			r, err := w.cmp.CompareContext(ctx, tokens, &w.examples[i], w.ngram)
			if err != nil {
				return err
			}
			if i == 0 || r.Worse(cell.Comparison) {
				cell.Comparison, cell.Worst = r, i
			}
		}
		cell.RunText = tokens.Words(cell.RunSectionAt, cell.RunSectionAt+cell.Run)
		if w.texts != nil {
			tokens.Compact()
			w.texts.Section[ci], w.texts.Example[ci] = tokens, w.variants[cell.Worst]
		}
	}
	if w.texts != nil {
		for _, v := range w.variants {
			v.Compact() // the worst variants are kept; the others go
		}
	}
	return nil
}

// section reads cell's section, measures its text measures (G1's count)
// and returns its tokens.
func (w *worker) section(cell *Cell) (*c5.Tokens, error) {
	text, err := w.folder.SectionText(cell.Section)
	if err != nil {
		return nil, err
	}
	if len(w.measures) > 0 {
		cell.Measures = make([]criteria.Named, len(w.measures))
		for i, m := range w.measures {
			cell.Measures[i] = criteria.Named{Name: m.Name, Value: m.Of(text)}
		}
	}
	return w.tokenise(text), nil
}

// tokenise tokenises text with the worker's dictionary: into the worker's
// own tokens, or, when it keeps the texts, into new tokens with offsets.
func (w *worker) tokenise(text string) *c5.Tokens {
	if w.texts == nil {
		w.norm.Tokenise(text, w.dict, &w.tokens)
		return &w.tokens
	}
	t := new(c5.Tokens)
	w.norm.TokeniseWithOffsets(text, w.dict, t)
	return t
}
