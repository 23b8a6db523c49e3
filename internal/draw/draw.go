// Package draw is evalpress's one source of random draws: the shuffles of
// the permutation tests and the resamples of the bootstrap. It draws from
// PCG, whose output Go specifies, with bounded draws and a shuffle of its
// own, so that a figure depends on its seed alone, never on how a Go
// release implements rand.IntN or rand.Shuffle.
package draw

import (
	"math"
	"math/rand/v2"
)

// stream is PCG's second seed, the same for every Source.
const stream = 0x65766c7072657373 // "evlpress"

// Source is a seeded stream of draws; one per goroutine.
type Source struct {
	pcg rand.PCG
}

// New returns the source of seed.
func New(seed uint64) *Source {
	s := new(Source)
	s.pcg.Seed(seed, stream)
	return s
}

// Below returns a uniform integer in [0, n), n > 0: a draw of 64 bits
// taken modulo n, drawn again when it falls past the largest multiple of
// n (rejection, so that no value is likelier than another).
func (s *Source) Below(n int) int {
	bound := limit(uint64(n))
	for {
		if x := s.pcg.Uint64(); x < bound {
			return int(x % uint64(n))
		}
	}
}

// limit returns the largest multiple of n that fits in 64 bits.
func limit(n uint64) uint64 { return math.MaxUint64 - math.MaxUint64%n }

// Shuffle puts xs in a uniformly random order (Fisher and Yates).
func (s *Source) Shuffle(xs []float64) {
	for i := len(xs) - 1; i > 0; i-- {
		j := s.Below(i + 1)
		xs[i], xs[j] = xs[j], xs[i]
	}
}
