package site

import (
	"slices"
	"strconv"
	"strings"

	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/reports/criteria"
)

// sensitivity is how many sections fail per writer as one threshold varies
// and the other stays as configured.
type sensitivity struct {
	Run     []sensitivityPoint // max_run from 4 words to past the longest run measured
	Overlap []sensitivityPoint // max_overlap from 0 to past the largest overlap measured
}

type sensitivityPoint struct {
	Label      string // a plain decimal: "12", "7.5"
	Value      float64
	Configured bool
	Fails      []int // per writer, in p.Writers order
}

// sweepPoints is about how many points a sweep has.
const sweepPoints = 40

func computeSensitivity(p *public.Public, crit criteria.Set) sensitivity {
	var s sensitivity
	scored, h := scoredC5(p), crit.Headline()
	longest, largest := 0, 0.0
	for _, c := range p.Cells {
		if c.HasExample {
			longest, largest = max(longest, c.Run), max(largest, c.Overlap)
		}
	}
	// max_run: every step words from 4 until a value no run exceeds, so
	// the last point passes every run.
	top := max(40, longest)
	step := max(2, (top-4+sweepPoints-1)/sweepPoints)
	runs := []int{p.Thresholds.MaxRun}
	for r := 4; ; r += step {
		runs = append(runs, r)
		if r >= top {
			break
		}
	}
	slices.Sort(runs)
	runs = slices.Compact(runs)
	for _, r := range runs {
		s.Run = append(s.Run, point(p, h, scored, strconv.Itoa(r), float64(r), r == p.Thresholds.MaxRun, criteria.LimitMaxRun))
	}
	// max_overlap in tenths of a percentage point, so labels are exact:
	// steps of 2.5% up to 50%, or of 5% when the overlaps reach past 50%.
	// The configured share is a point of its own unless it is on the sweep.
	stepTenths, topTenths := 25, 500
	if largest > 0.5 {
		stepTenths, topTenths = 50, 1000
	}
	configured := p.Thresholds.MaxOverlap
	placed := false
	add := func(label string, o float64) {
		isConfigured := o == configured
		placed = placed || isConfigured
		s.Overlap = append(s.Overlap, point(p, h, scored, label, o, isConfigured, criteria.LimitMaxOverlap))
	}
	for t := 0; ; t += stepTenths {
		o := float64(t) / 1000
		if !placed && configured < o {
			add(strings.TrimSuffix(sharePercent(configured), "%"), configured)
		}
		add(tenthsLabel(t), o)
		if t >= topTenths || o >= largest && t >= 500 {
			break
		}
	}
	if !placed {
		add(strings.TrimSuffix(sharePercent(configured), "%"), configured)
	}
	return s
}

// tenthsLabel writes a percentage given in tenths as a plain decimal: 75
// is "7.5", 100 is "10".
func tenthsLabel(t int) string {
	if t%10 == 0 {
		return strconv.Itoa(t / 10)
	}
	return strconv.Itoa(t/10) + "." + strconv.Itoa(t%10)
}

// writerOutcome is a cell's scored C5 outcome and its writer's index.
type writerOutcome struct {
	writer  int
	outcome criteria.Outcome
}

// scoredC5 returns the scored C5 outcome of every cell that has one, with
// its writer's index in p.Writers.
func scoredC5(p *public.Public) []writerOutcome {
	index := map[string]int{}
	for i, w := range p.Writers {
		index[w.Alias] = i
	}
	var out []writerOutcome
	for _, c := range p.Cells {
		if o := c.Headline(); o.Scored() {
			out = append(out, writerOutcome{index[c.Writer], o})
		}
	}
	return out
}

// point counts, per writer, the scored outcomes that fail judged again
// with the limit named limit set to value.
func point(p *public.Public, h *criteria.Criterion, scored []writerOutcome, label string, value float64, configured bool, limit string) sensitivityPoint {
	pt := sensitivityPoint{Label: label, Value: value, Configured: configured, Fails: make([]int, len(p.Writers))}
	for _, c := range scored {
		if h.FailsWithLimit(c.outcome, limit, value) {
			pt.Fails[c.writer]++
		}
	}
	return pt
}
