// Package publictest helps tests that make public views' contents by hand:
// it gives hand-made cells the outcomes their numbers have.
package publictest

import (
	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/reports/criteria"
)

// JudgeCell gives c the outcomes its numbers have under the C5 thresholds
// th; its words count as written words too (G1 unscored: no targets).
func JudgeCell(c *public.Cell, th public.Thresholds) {
	s := criteria.Settings{C5: criteria.C5Thresholds{MaxRun: th.MaxRun, MaxOverlap: th.MaxOverlap, NGram: th.NGram}}
	c.Outcomes = criteria.Judge(&s, &criteria.Measurements{Section: c.Section, Written: c.Words, HasExample: c.HasExample,
		Words: c.Words, Run: c.Run, Overlap: c.Overlap, Shared: c.Shared, Distinct: c.Distinct})
}

// Judge judges every cell of p under its thresholds and counts the outcomes
// per writer and overall, as the findings do. It returns p.
func Judge(p *public.Public) *public.Public {
	p.Tallies = nil
	for i := range p.Writers {
		p.Writers[i].Tallies = nil
	}
	for i := range p.Cells {
		c := &p.Cells[i]
		JudgeCell(c, p.Thresholds)
		p.Tallies.AddAll(c.Outcomes)
		for w := range p.Writers {
			if p.Writers[w].Alias == c.Writer {
				p.Writers[w].Tallies.AddAll(c.Outcomes)
			}
		}
	}
	return p
}
