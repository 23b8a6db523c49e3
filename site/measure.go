package site

import (
	"github.com/evalpress/evalpress/internal/numfmt"
	"github.com/evalpress/evalpress/redact/public"
)

// measureRow is one writer's C5 measures when C5 is a measurement only:
// the longest run and the overlap over its sections with an example, as
// minimum, median and maximum.
type measureRow struct {
	Writer                                string
	Sections                              int
	RunMin, RunMedian, RunMax             string
	OverlapMin, OverlapMedian, OverlapMax string
}

// measureRows returns each writer's measures, by alias; nil unless C5 is a
// measurement only.
func measureRows(p *public.Public) []measureRow {
	var out []measureRow
	for _, m := range p.Measures {
		r, o := m.Run, m.Overlap
		out = append(out, measureRow{Writer: m.Writer, Sections: r.N,
			RunMin: numfmt.Stat(r.Min), RunMedian: numfmt.Stat(r.Median), RunMax: numfmt.Stat(r.Max),
			OverlapMin: numfmt.Percent(o.Min), OverlapMedian: numfmt.Percent(o.Median), OverlapMax: numfmt.Percent(o.Max)})
	}
	return out
}
