package c5

import "slices"

// Comparison is the C5 measurement of one section against one example text.
type Comparison struct {
	Words int // words in the normalised section
	// Run is the longest verbatim run in words. RunSectionAt and
	// RunExampleAt are the word indexes where it starts in the section and in
	// the example: the earliest-ending run in the section, as the reference
	// reports it, and its first occurrence in the example.
	Run          int
	RunSectionAt int
	RunExampleAt int
	// Distinct is the number of distinct n-grams of the section, Shared the
	// number of those that also occur in the example; Overlap is
	// Shared/Distinct (0 when the section has no n-gram).
	Shared   int
	Distinct int
	Overlap  float64
}

// Worse reports whether c is a worse result than other, the order the
// reference uses to pick among example variants: a longer run, or an equal
// run with a larger overlap. Ties keep the earlier variant.
func (c Comparison) Worse(other Comparison) bool {
	return c.Run > other.Run || (c.Run == other.Run && c.Overlap > other.Overlap)
}

// Example is an example text prepared for comparison: its words and suffix
// automaton. Prepare it once and compare every section against it.
type Example struct {
	words []int32
	sam   automaton
}

// Prepare builds e from the tokens of an example text.
func (e *Example) Prepare(t *Tokens) {
	e.words = append(e.words[:0], t.IDs...)
	e.sam.build(e.words)
}

// Len returns the number of words of the example.
func (e *Example) Len() int { return len(e.words) }

// Comparer holds the scratch memory for comparisons; one per goroutine.
type Comparer struct {
	ms, at []int32
	slots  []uint64 // hash of an n-gram, 0 when empty
	starts []int32  // start index of the n-gram in the slot
}

// Compare measures section against example with n-grams of n words.
func (c *Comparer) Compare(section *Tokens, example *Example, n int) Comparison {
	words := section.IDs
	r := Comparison{Words: len(words)}
	c.ms = slices.Grow(c.ms[:0], len(words))[:len(words)]
	c.at = slices.Grow(c.at[:0], len(words))[:len(words)]
	example.sam.match(words, c.ms, c.at)
	for i, l := range c.ms {
		if int(l) > r.Run {
			r.Run = int(l)
			r.RunSectionAt = i - int(l) + 1
			r.RunExampleAt = int(c.at[i]) - int(l) + 1
		}
	}
	r.Distinct, r.Shared = c.countNGrams(words, n)
	if r.Distinct > 0 {
		r.Overlap = float64(r.Shared) / float64(r.Distinct)
	}
	return r
}

// countNGrams counts the distinct n-grams of words and how many of them end
// at a position whose matching statistic (c.ms) is at least n, that is, occur
// in the example. N-grams are hashed with a rolling polynomial hash; equal
// hashes are confirmed word by word, so a collision cannot change a count.
func (c *Comparer) countNGrams(words []int32, n int) (distinct, shared int) {
	count := len(words) - n + 1
	if n < 1 || count <= 0 {
		return 0, 0
	}
	size := 16
	for size < 2*count {
		size <<= 1
	}
	if cap(c.slots) >= size {
		c.slots, c.starts = c.slots[:size], c.starts[:size]
		clear(c.slots)
	} else {
		c.slots, c.starts = make([]uint64, size), make([]int32, size)
	}
	mask := uint64(size - 1)

	const base = 0x100000001B3
	var pow uint64 = 1 // base^(n-1)
	for range n - 1 {
		pow *= base
	}
	var h uint64
	for i := range n {
		h = h*base + uint64(words[i]) + 1
	}
	for start := 0; start < count; start++ {
		if start > 0 {
			h = (h-(uint64(words[start-1])+1)*pow)*base + uint64(words[start+n-1]) + 1
		}
		key := h | 1 // never 0, which marks an empty slot
		i := mix(key) & mask
		found := false
		for ; c.slots[i] != 0; i = (i + 1) & mask {
			if c.slots[i] == key && slices.Equal(words[c.starts[i]:int(c.starts[i])+n], words[start:start+n]) {
				found = true
				break
			}
		}
		if found {
			continue
		}
		c.slots[i], c.starts[i] = key, int32(start)
		distinct++
		if int(c.ms[start+n-1]) >= n {
			shared++
		}
	}
	return distinct, shared
}

func mix(h uint64) uint64 {
	h ^= h >> 33
	h *= 0xFF51AFD7ED558CCD
	h ^= h >> 33
	return h
}
