package redact

import (
	"fmt"

	"github.com/evalpress/evalpress/internal/parallel"
	"github.com/evalpress/evalpress/internal/slug"
	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/reports/c5"
	"github.com/evalpress/evalpress/reports/findings"
)

// cells makes the view's cells: each cell's numbers under its writer's
// alias and its section's public name, a slug, and its excerpt, texts,
// runs and diff as the audience may see them.
func (r *redactor) cells() ([]public.Cell, error) {
	f := r.in.Findings
	slugs := map[string]int{}
	cells := make([]public.Cell, len(f.Cells))
	for i, c := range f.Cells {
		pc := public.Cell{
			Index: i, Writer: r.alias[c.Script], Section: r.cellSection[i], HasExample: c.HasExample, HeadlineID: r.headlineID,
			Words: c.Words, Run: c.Comparison.Run, Shared: c.Shared, Distinct: c.Distinct, Overlap: c.Overlap,
			Variants: c.Variants, Outcomes: r.outcomes(c.Outcomes),
		}
		if c.HasExample {
			pc.Variant = c.Worst + 1
		}
		if r.repeats != nil {
			pc.Episode, pc.Repeat = c.Episode+1, c.Repeat+1
		}
		pc.Slug = slug.Unique(slugs, slug.Make(pc.Writer)+"--"+slug.Make(pc.Section))
		cells[i] = pc
	}
	excerpts, err := r.excerpts()
	if err != nil {
		return nil, err
	}
	// Excerpts, texts, runs and diffs: independent per cell, so on all cores.
	_ = parallel.For(len(f.Cells), func(i int) error {
		r.cellTexts(&f.Cells[i], &cells[i], excerpts)
		return nil
	})
	return cells, nil
}

// excerpts returns the excerpts a public view shows, exactly those the
// leak scan permits (CellExcerpts, cell by cell), or nil when it shows
// none.
func (r *redactor) excerpts() ([]string, error) {
	f := r.in.Findings
	if !r.masked || !r.in.Config.Publish.Excerpts {
		return nil, nil
	}
	excerpts := r.in.Excerpts
	if excerpts == nil {
		excerpts = FindingsExcerpts(r.in.Folder, f)
	}
	if len(excerpts) != len(f.Cells) {
		return nil, fmt.Errorf("%d excerpts for %d cells", len(excerpts), len(f.Cells))
	}
	return excerpts, nil
}

// cellTexts gives pc its excerpt, and when c has both texts its runs, its
// texts laid out and its diff.
func (r *redactor) cellTexts(c *findings.Cell, pc *public.Cell, excerpts []string) {
	switch {
	case !r.masked && c.HasExample:
		pc.Excerpt = Excerpt(r.m, cellRun(c))
	case excerpts != nil:
		pc.Excerpt = excerpts[pc.Index]
	}
	if c.SectionText == nil || c.ExampleText == nil {
		return
	}
	pc.RunView = true
	pc.Runs = publicRuns(c.Runs, c.SectionText, r.masked, pc.Excerpt)
	pc.SectionText, pc.ExampleText, pc.Diff = cellTexts(c.SectionText, c.ExampleText, c.Runs, r.masked)
}

// publicRuns returns a cell's runs as its view shows them: with their
// words (from section) only for the internal audience, and in a public
// view only the permitted excerpt, as the longest run's.
func publicRuns(runs []c5.Run, section *findings.Text, masked bool, excerpt string) []public.Run {
	var out []public.Run
	for k, r := range runs {
		pr := public.Run{ID: k + 1, Words: r.Words, SectionAt: r.SectionAt, ExampleAt: r.ExampleAt}
		if !masked {
			pr.Text = section.Tokens.Words(r.SectionAt, r.SectionAt+r.Words)
		} else if k == 0 && excerpt != "" {
			pr.Text = excerpt
		}
		out = append(out, pr)
	}
	return out
}

// cellTexts lays out a cell's section and example, each word marked with
// its run, and diffs them. The runs lie within the texts.
func cellTexts(section, example *findings.Text, runs []c5.Run, masked bool) (sectionText, exampleText *public.TextView, diff []public.DiffOp) {
	runOfSection := make([]int, section.Tokens.Len())
	runOfExample := make([]int, example.Tokens.Len())
	for k, r := range runs {
		for w := range r.Words {
			runOfSection[r.SectionAt+w] = k + 1
			runOfExample[r.ExampleAt+w] = k + 1
		}
	}
	return layout(section, runOfSection, masked), layout(example, runOfExample, masked), wordDiff(example, section, runs, masked)
}
