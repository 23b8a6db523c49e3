package c5

import (
	"context"
	"errors"
	"slices"
)

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
func (e *Example) Prepare(t *Tokens) { e.PrepareContext(context.Background(), t) }

// PrepareContext is Prepare, stopping with ctx's error once ctx is done:
// an example of millions of words takes seconds. A stopped e is left
// empty.
func (e *Example) PrepareContext(ctx context.Context, t *Tokens) error {
	e.words = append(e.words[:0], t.IDs...)
	if err := e.sam.build(ctx.Done(), e.words); err != nil {
		e.words = e.words[:0]
		e.sam.build(nil, nil)
		return ctx.Err()
	}
	return nil
}

// stopEvery is how many words a long loop handles between two looks at
// whether to stop (stopped): a look costs a few nanoseconds, and the
// slowest loop (the automaton's build) takes about a millisecond for
// this many words of a large example.
const stopEvery = 1 << 12

// errStopped says a loop saw its done channel closed.
var errStopped = errors.New("stopped")

// stopped reports whether done is closed; a nil done never is.
func stopped(done <-chan struct{}) bool {
	select {
	case <-done:
		return true
	default:
		return false
	}
}

// Len returns the number of words of the example.
func (e *Example) Len() int { return len(e.words) }

// Comparer holds the scratch memory for comparisons; one per goroutine. It
// takes a bit and an n-gram key per word of the section: a section of
// millions of words is compared in a few bytes a word.
type Comparer struct {
	long  []uint64 // bit i: the n words ending at word i occur in the example
	keys  []uint64 // each n-gram's hash (high half) and start (low half)
	slots []uint64 // the set of keys of a few n-grams; 0 when empty
	reps  []int    // the distinct n-grams among sorted keys of one hash
}

// Compare measures section against example with n-grams of n words.
func (c *Comparer) Compare(section *Tokens, example *Example, n int) Comparison {
	r, _ := c.CompareContext(context.Background(), section, example, n)
	return r
}

// CompareContext is Compare, stopping with ctx's error once ctx is done: a
// section of millions of words takes seconds.
func (c *Comparer) CompareContext(ctx context.Context, section *Tokens, example *Example, n int) (Comparison, error) {
	words := section.IDs
	r := Comparison{Words: len(words)}
	bits := (len(words) + 63) / 64
	c.long = slices.Grow(c.long[:0], bits)[:bits]
	clear(c.long)
	done := ctx.Done()
	run, end, exampleEnd, err := example.sam.match(done, words, int32(max(n, 1)), c.long)
	if err != nil {
		return Comparison{}, ctx.Err()
	}
	if run > 0 {
		r.Run = int(run)
		r.RunSectionAt = int(end - run + 1)
		r.RunExampleAt = int(exampleEnd - run + 1)
	}
	if r.Distinct, r.Shared, err = c.countNGrams(done, words, n); err != nil {
		return Comparison{}, ctx.Err()
	}
	if r.Distinct > 0 {
		r.Overlap = float64(r.Shared) / float64(r.Distinct)
	}
	return r, nil
}

// sortAbove is the number of n-grams above which countNGrams sorts them
// rather than putting them in a hash set: the set is faster, the sort needs
// no memory beyond the keys, where the set needs two to four times more.
const sortAbove = 1 << 16

// countNGrams counts the distinct n-grams of words and how many of them end
// at a word whose bit in c.long is set, that is, occur in the example.
// N-grams are hashed with a rolling polynomial hash, each keyed by its hash
// (the high half) and its start (the low half), and the keys put in a set or
// sorted; n-grams of one hash are compared word by word, so a collision
// cannot change a count.
func (c *Comparer) countNGrams(done <-chan struct{}, words []int32, n int) (distinct, shared int, err error) {
	count := len(words) - n + 1
	if n < 1 || count <= 0 {
		return 0, 0, nil
	}
	c.keys = slices.Grow(c.keys[:0], count)[:count]
	const base = 0x100000001B3
	var pow uint64 = 1 // base^(n-1)
	for range n - 1 {
		pow *= base
	}
	var h uint64
	for i := range n {
		h = h*base + uint64(words[i]) + 1
	}
	for start := range count {
		if start%stopEvery == 0 && stopped(done) {
			return 0, 0, errStopped
		}
		if start > 0 {
			h = (h-(uint64(words[start-1])+1)*pow)*base + uint64(words[start+n-1]) + 1
		}
		c.keys[start] = mix(h)&^0xFFFFFFFF | uint64(start)
	}
	if count > sortAbove {
		return c.countSorted(done, words, n)
	}
	distinct, shared = c.countInSet(words, n)
	return distinct, shared, nil
}

// occurs reports whether the n-gram at start occurs in the example.
func (c *Comparer) occurs(start, n int) bool {
	end := start + n - 1
	return c.long[end/64]&(1<<(end%64)) != 0
}

// countInSet counts the distinct n-grams of c.keys with an open-addressing
// hash set of keys, at most half full.
func (c *Comparer) countInSet(words []int32, n int) (distinct, shared int) {
	size := 16
	for size < 2*len(c.keys) {
		size <<= 1
	}
	c.slots = slices.Grow(c.slots[:0], size)[:size]
	clear(c.slots)
	mask := uint64(size - 1)
	for _, k := range c.keys {
		start := int(uint32(k))
		i := k >> 32 & mask
		found := false
		for ; c.slots[i] != 0; i = (i + 1) & mask {
			if s := c.slots[i]; s>>32 == k>>32 {
				at := int(uint32(s)) - 1
				if slices.Equal(words[at:at+n], words[start:start+n]) {
					found = true
					break
				}
			}
		}
		if found {
			continue
		}
		c.slots[i] = k + 1 // the start + 1, so that no slot in use is 0
		distinct++
		if c.occurs(start, n) {
			shared++
		}
	}
	return distinct, shared
}

// countSorted counts the distinct n-grams of c.keys by sorting them in
// place: equal n-grams have equal hashes, so they are neighbours.
func (c *Comparer) countSorted(done <-chan struct{}, words []int32, n int) (distinct, shared int, err error) {
	if err := sortKeys(done, c.keys); err != nil {
		return 0, 0, err
	}
	for i := 0; i < len(c.keys); {
		if i%stopEvery == 0 && stopped(done) {
			return 0, 0, errStopped
		}
		j := i + 1
		for j < len(c.keys) && c.keys[j]>>32 == c.keys[i]>>32 {
			j++
		}
		c.reps = c.reps[:0]
	group:
		for _, k := range c.keys[i:j] {
			start := int(uint32(k))
			for _, r := range c.reps {
				if slices.Equal(words[r:r+n], words[start:start+n]) {
					continue group
				}
			}
			c.reps = append(c.reps, start)
			distinct++
			if c.occurs(start, n) {
				shared++
			}
		}
		i = j
	}
	return distinct, shared, nil
}

// sortKeys sorts keys in place, looking at done between pieces: one pass
// puts each key in the bucket of its top byte (an American flag sort);
// the keys' high half is a mixed hash, so the 256 buckets are even, and
// each is sorted on its own, a few milliseconds for millions of keys.
func sortKeys(done <-chan struct{}, keys []uint64) error {
	var start, end [256]int
	for _, k := range keys {
		end[k>>56]++
	}
	sum := 0
	for b := range 256 {
		start[b], sum = sum, sum+end[b]
		end[b] = sum
	}
	next := start
	for b := range 256 {
		if stopped(done) {
			return errStopped
		}
		for next[b] < end[b] {
			k := keys[next[b]]
			if d := k >> 56; int(d) != b {
				keys[next[b]], keys[next[d]] = keys[next[d]], k
				next[d]++
				continue
			}
			next[b]++
		}
	}
	for b := range 256 {
		if stopped(done) {
			return errStopped
		}
		slices.Sort(keys[start[b]:end[b]])
	}
	return nil
}

func mix(h uint64) uint64 {
	h ^= h >> 33
	h *= 0xFF51AFD7ED558CCD
	h ^= h >> 33
	return h
}

// Covered marks, after Compare measured a section of words words with
// n-grams of n words, each word of the section that lies in an n-gram
// occurring in the example: the words the section shares with it in runs
// of at least n words. into is reused when large enough.
func (c *Comparer) Covered(words, n int, into []bool) []bool {
	into = slices.Grow(into[:0], words)[:words]
	clear(into)
	if n < 1 {
		return into
	}
	last := -1 // the last word marked
	for end := n - 1; end < words && end/64 < len(c.long); end++ {
		if c.long[end/64]&(1<<(end%64)) == 0 {
			continue
		}
		for i := max(end-n+1, last+1); i <= end; i++ {
			into[i] = true
		}
		last = end
	}
	return into
}
