package site

import (
	"sort"
	"strconv"

	"github.com/evalpress/evalpress/redact/public"
)

// sensitivity is how many sections fail per writer as one threshold varies
// and the other stays as configured.
type sensitivity struct {
	Run     []sensitivityPoint // max_run from 4 to 40 words
	Overlap []sensitivityPoint // max_overlap from 0 to 50%
}

type sensitivityPoint struct {
	Label      string
	Value      float64
	Configured bool
	Fails      []int // per writer, in p.Writers order
}

func computeSensitivity(p *public.Public) sensitivity {
	var s sensitivity
	runs := []int{p.Thresholds.MaxRun}
	for r := 4; r <= 40; r += 2 {
		if r != p.Thresholds.MaxRun {
			runs = append(runs, r)
		}
	}
	sort.Ints(runs)
	for _, r := range runs {
		s.Run = append(s.Run, point(p, strconv.Itoa(r), float64(r), r == p.Thresholds.MaxRun, func(c public.Cell) bool {
			return c.Run > r || c.Overlap > p.Thresholds.MaxOverlap
		}))
	}
	overlaps := []float64{p.Thresholds.MaxOverlap}
	for k := 0; k <= 20; k++ {
		if o := float64(k) * 0.025; o != p.Thresholds.MaxOverlap {
			overlaps = append(overlaps, o)
		}
	}
	sort.Float64s(overlaps)
	for _, o := range overlaps {
		s.Overlap = append(s.Overlap, point(p, strconv.FormatFloat(o*100, 'f', -1, 64), o, o == p.Thresholds.MaxOverlap, func(c public.Cell) bool {
			return c.Run > p.Thresholds.MaxRun || c.Overlap > o
		}))
	}
	return s
}

func point(p *public.Public, label string, value float64, configured bool, fails func(public.Cell) bool) sensitivityPoint {
	pt := sensitivityPoint{Label: label, Value: value, Configured: configured, Fails: make([]int, len(p.Writers))}
	index := map[string]int{}
	for i, w := range p.Writers {
		index[w.Alias] = i
	}
	for _, c := range p.Cells {
		if c.HasExample && fails(c) {
			pt.Fails[index[c.Writer]]++
		}
	}
	return pt
}
