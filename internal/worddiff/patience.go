package worddiff

import (
	"sort"
	"sync"
)

// patience finds the anchors of patience diff: the words that occur exactly
// once on each side, in the longest chain that keeps their order on both.
// Words are a text's dictionary ids, small and dense, so the counts are
// slices indexed by id, kept zero between calls.
type patience struct {
	a, b []int32 // id -> its position + 1, or -1 when repeated
}

// patiencePool recycles the counts, zero between calls, from one diff to
// the next: made anew for each, they were a twentieth of what a cold build
// of the bench allocated.
var patiencePool = sync.Pool{New: func() any { return new(patience) }}

// anchors returns the pairs of positions (in a, in b) of the chain, and
// whether a and b have any word in common.
func (p *patience) anchors(a, b []int32) (anchors [][2]int, shared bool) {
	if len(a) == 0 || len(b) == 0 {
		return nil, false
	}
	count(&p.a, a)
	count(&p.b, b)
	defer func() {
		for _, w := range a {
			p.a[w] = 0
		}
		for _, w := range b {
			p.b[w] = 0
		}
	}()
	// Pairs in the order of a; the longest increasing run of their positions
	// in b, by patience sorting.
	var pairs [][2]int
	for i, w := range a {
		if int(w) < len(p.b) && p.b[w] != 0 {
			shared = true
			if p.a[w] > 0 && p.b[w] > 0 {
				pairs = append(pairs, [2]int{i, int(p.b[w] - 1)})
			}
		}
	}
	if len(pairs) == 0 {
		return nil, shared
	}
	return longestChain(pairs), true
}

// count records in seen each word's position + 1, or -1 when it repeats.
func count(seen *[]int32, words []int32) {
	for i, w := range words {
		if int(w) >= len(*seen) {
			*seen = append(*seen, make([]int32, int(w)+1-len(*seen))...)
		}
		if (*seen)[w] != 0 {
			(*seen)[w] = -1
		} else {
			(*seen)[w] = int32(i + 1)
		}
	}
}

// longestChain returns the longest run of pairs (in the order given) whose
// second positions increase, by patience sorting.
func longestChain(pairs [][2]int) [][2]int {
	tails := []int{}                // tails[k]: index in pairs of the smallest tail of a chain of length k+1
	prev := make([]int, len(pairs)) // the pair before each in its chain
	for k, pr := range pairs {
		n := sort.Search(len(tails), func(i int) bool { return pairs[tails[i]][1] >= pr[1] })
		prev[k] = -1
		if n > 0 {
			prev[k] = tails[n-1]
		}
		if n == len(tails) {
			tails = append(tails, k)
		} else {
			tails[n] = k
		}
	}
	chain := make([][2]int, len(tails))
	for i, k := len(tails)-1, tails[len(tails)-1]; i >= 0; i, k = i-1, prev[k] {
		chain[i] = pairs[k]
	}
	return chain
}
