package redact

import (
	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/reports/findings"
)

// publicRepeats returns the results over runs by number and alias, or nil
// with one run of one episode.
func publicRepeats(f *findings.Findings, alias, publicName map[string]string) *public.Repeats {
	r := f.Repeats
	if r == nil {
		return nil
	}
	p := &public.Repeats{Runs: append([]int{}, r.Runs...), Run: r.Run, Overlap: r.Overlap, SplitOK: r.SplitOK, SplitWhy: r.SplitWhy}
	for _, c := range r.Cells {
		p.Cells = append(p.Cells, public.RepeatCell{Episode: c.Episode + 1, Writer: alias[c.Script], Section: publicName[c.Name],
			HasExample: c.HasExample, Run: c.Run, Overlap: c.Overlap, Shares: c.Shares})
	}
	for _, w := range r.Writers {
		pw := public.RepeatWriter{Writer: w.Alias, Episode: w.Episode + 1}
		for _, rate := range w.Rates {
			pw.Rates = append(pw.Rates, public.PassRate{Key: rate.Key, Interval: rate.Interval})
		}
		p.Writers = append(p.Writers, pw)
	}
	return p
}

// runSections returns the public names of the sections of every run, by
// episode and run, each named with its run ("HOOK · episode 1, run 2"),
// and the name of each cell's section (by cell). With one run of one
// episode they are the sections' public names.
func runSections(f *findings.Findings, rep *public.Repeats, publicName map[string]string) (sections, byCell []string) {
	byCell = make([]string, len(f.Cells))
	if rep == nil {
		for i, c := range f.Cells {
			byCell[i] = publicName[c.Name]
		}
		for _, s := range f.SectionNames {
			sections = append(sections, publicName[s])
		}
		return sections, byCell
	}
	type place struct {
		unit findings.Unit
		name string
	}
	has := map[place]bool{}
	for i, c := range f.Cells {
		byCell[i] = publicName[c.Name] + " · " + rep.Label(c.Episode+1, c.Repeat+1)
		has[place{findings.Unit{Episode: c.Episode, Repeat: c.Repeat}, c.Name}] = true
	}
	for e, runs := range rep.Runs {
		for r := range runs {
			for _, s := range f.SectionNames {
				if has[place{findings.Unit{Episode: e, Repeat: r}, s}] {
					sections = append(sections, publicName[s]+" · "+rep.Label(e+1, r+1))
				}
			}
		}
	}
	return sections, byCell
}

// publicPairs returns writer against writer by alias and public section
// name (cellSection names each cell's; the pairs follow the cells).
func publicPairs(f *findings.Findings, cellSection []string) []public.SectionPairs {
	name := map[findings.Unit]map[string]string{}
	for i, c := range f.Cells {
		u := findings.Unit{Episode: c.Episode, Repeat: c.Repeat}
		if name[u] == nil {
			name[u] = map[string]string{}
		}
		name[u][c.Name] = cellSection[i]
	}
	maxRun := f.Criteria.C5().MaxRun
	var out []public.SectionPairs
	for _, sp := range f.Pairs {
		ps := public.SectionPairs{Section: name[sp.Unit][sp.Name]}
		for _, p := range sp.Pairs {
			ps.Pairs = append(ps.Pairs, public.Pair{A: f.Writers[p.A].Alias, B: f.Writers[p.B].Alias, Run: p.Run, Own: p.Own,
				OverlapA: p.OverlapA, OverlapB: p.OverlapB, Origin: string(p.Origin(maxRun))})
		}
		out = append(out, ps)
	}
	return out
}
