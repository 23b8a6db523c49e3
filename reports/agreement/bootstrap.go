package agreement

import (
	"sort"

	"github.com/evalpress/evalpress/internal/draw"
)

// Resamples is the number of bootstrap resamples behind an interval.
const Resamples = 2000

// Seed is the fixed seed of every bootstrap: the same verdicts give the same
// interval in every build.
const Seed uint64 = 0x6576616c7072 // "evalpr"

// Interval is a 95% bootstrap interval for kappa.
type Interval struct {
	Low, High float64
	// Defined is false when kappa itself is undefined or no resample had a
	// defined kappa.
	Defined bool
	// Resamples is the number drawn; Undefined the number whose kappa was
	// undefined (every resampled item in one cell of agreement), which the
	// interval leaves out.
	Resamples, Undefined int
}

// Bootstrap draws resamples of the items (each cell one item, in the order
// given), with replacement and of the same size, computes kappa on each and
// returns the 2.5th and 97.5th percentiles (nearest rank) of the defined
// ones. It is undefined when kappa of the items themselves is undefined.
func Bootstrap(cells []Cell, resamples int, seed uint64) Interval {
	iv := Interval{Resamples: resamples}
	if _, ok := TableOf(cells).Kappa(); !ok || resamples <= 0 {
		return iv
	}
	rng := draw.New(seed)
	kappas := make([]float64, 0, resamples)
	n := len(cells)
	for range resamples {
		var t Table
		for range n {
			t.addCell(cells[rng.Below(n)])
		}
		if k, ok := t.Kappa(); ok {
			kappas = append(kappas, k)
		} else {
			iv.Undefined++
		}
	}
	if len(kappas) == 0 {
		return iv
	}
	sort.Float64s(kappas)
	iv.Low = kappas[nearestRank(0.025, len(kappas))]
	iv.High = kappas[nearestRank(0.975, len(kappas))]
	iv.Defined = true
	return iv
}

// nearestRank is the 0-based index of the p-th percentile of m sorted
// values by the nearest-rank method: the smallest value with at least p*m
// values at or below it.
func nearestRank(p float64, m int) int {
	// ceil(p*m) in whole numbers of thousandths, so 0.025*2000 is exactly 50.
	perMille := int(p*1000 + 0.5)
	r := (perMille*m + 999) / 1000
	return min(max(r, 1), m) - 1
}
