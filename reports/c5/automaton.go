package c5

// automaton is a suffix automaton over a sequence of word IDs: the smallest
// automaton that accepts exactly the sequence's contiguous subsequences. It is
// built in linear time and answers, for every prefix of another sequence, the
// longest suffix of that prefix that occurs in this one.
//
// Transitions live in one open-addressing hash table keyed by (state, word),
// plus a per-state edge list so that a state can be cloned. Two shortcuts
// serve the common lookups without hashing: the root's transitions sit in an
// array indexed by word ID (IDs are small and dense), and a state with exactly
// one transition, most states of a text's automaton, keeps it inline.
type automaton struct {
	root     []int32 // root transitions by word ID, -1 when absent
	degree   []int32 // number of transitions of each state
	length   []int32 // longest string of each state
	link     []int32 // suffix link; -1 for the root
	firstEnd []int32 // end index (inclusive) of the state's first occurrence
	head     []int32 // first outgoing edge of each state, -1 if none

	edgeWord []int32
	edgeTo   []int32
	edgeNext []int32

	slots []uint64 // key (state+1)<<32 | word, 0 when empty
	vals  []int32  // edge index for the key in the same slot
	mask  uint64
	used  int
}

func (a *automaton) reset(capacityHint int) {
	a.length, a.link, a.firstEnd, a.head = a.length[:0], a.link[:0], a.firstEnd[:0], a.head[:0]
	a.degree = a.degree[:0]
	for i := range a.root {
		a.root[i] = -1
	}
	a.edgeWord, a.edgeTo, a.edgeNext = a.edgeWord[:0], a.edgeTo[:0], a.edgeNext[:0]
	size := 16
	for size < 4*capacityHint+16 { // up to 3n transitions, kept under 3/4 full
		size <<= 1
	}
	if cap(a.slots) >= size {
		a.slots = a.slots[:size]
		a.vals = a.vals[:size]
		clear(a.slots)
	} else {
		a.slots = make([]uint64, size)
		a.vals = make([]int32, size)
	}
	a.mask = uint64(size - 1)
	a.used = 0
	a.addState(0, -1, -1)
}

func (a *automaton) addState(length, link, firstEnd int32) int32 {
	a.length = append(a.length, length)
	a.link = append(a.link, link)
	a.firstEnd = append(a.firstEnd, firstEnd)
	a.head = append(a.head, -1)
	a.degree = append(a.degree, 0)
	return int32(len(a.length) - 1)
}

func key(state, word int32) uint64 { return uint64(state+1)<<32 | uint64(uint32(word)) }

func (a *automaton) slot(k uint64) uint64 {
	h := k * 0x9E3779B97F4A7C15
	return (h ^ h>>29) & a.mask
}

// next returns the state reached from state by word, or -1.
func (a *automaton) next(state, word int32) int32 {
	if state == 0 {
		if int(word) < len(a.root) {
			return a.root[word]
		}
		return -1
	}
	switch a.degree[state] {
	case 0:
		return -1
	case 1:
		if e := a.head[state]; a.edgeWord[e] == word {
			return a.edgeTo[e]
		}
		return -1
	}
	k := key(state, word)
	for i := a.slot(k); ; i = (i + 1) & a.mask {
		switch a.slots[i] {
		case k:
			return a.edgeTo[a.vals[i]]
		case 0:
			return -1
		}
	}
}

// set adds or redirects the transition from state by word. The root's
// transitions live only in the root array: the root is never cloned, so they
// never need enumerating.
func (a *automaton) set(state, word, to int32) {
	if state == 0 {
		for int(word) >= len(a.root) {
			a.root = append(a.root, -1)
		}
		a.root[word] = to
		return
	}
	k := key(state, word)
	i := a.slot(k)
	for ; a.slots[i] != 0; i = (i + 1) & a.mask {
		if a.slots[i] == k {
			a.edgeTo[a.vals[i]] = to
			return
		}
	}
	if 4*(a.used+1) > 3*len(a.slots) {
		a.grow()
		a.set(state, word, to)
		return
	}
	e := int32(len(a.edgeTo))
	a.edgeWord = append(a.edgeWord, word)
	a.edgeTo = append(a.edgeTo, to)
	a.edgeNext = append(a.edgeNext, a.head[state])
	a.head[state] = e
	a.degree[state]++
	a.slots[i], a.vals[i] = k, e
	a.used++
}

func (a *automaton) grow() {
	oldSlots, oldVals := a.slots, a.vals
	a.slots = make([]uint64, 2*len(oldSlots))
	a.vals = make([]int32, 2*len(oldSlots))
	a.mask = uint64(len(a.slots) - 1)
	for j, k := range oldSlots {
		if k == 0 {
			continue
		}
		i := a.slot(k)
		for a.slots[i] != 0 {
			i = (i + 1) & a.mask
		}
		a.slots[i], a.vals[i] = k, oldVals[j]
	}
}

// build constructs the automaton of words, or stops with errStopped once
// done is closed.
func (a *automaton) build(done <-chan struct{}, words []int32) error {
	a.reset(len(words))
	last := int32(0)
	for pos, w := range words {
		if pos%stopEvery == 0 && stopped(done) {
			return errStopped
		}
		cur := a.addState(a.length[last]+1, -1, int32(pos))
		p := last
		for p != -1 && a.next(p, w) == -1 {
			a.set(p, w, cur)
			p = a.link[p]
		}
		switch {
		case p == -1:
			a.link[cur] = 0
		case a.length[a.next(p, w)] == a.length[p]+1:
			a.link[cur] = a.next(p, w)
		default:
			q := a.next(p, w)
			clone := a.addState(a.length[p]+1, a.link[q], a.firstEnd[q])
			for e := a.head[q]; e != -1; e = a.edgeNext[e] {
				a.set(clone, a.edgeWord[e], a.edgeTo[e])
			}
			for p != -1 && a.next(p, w) == q {
				a.set(p, w, clone)
				p = a.link[p]
			}
			a.link[q] = clone
			a.link[cur] = clone
		}
		last = cur
	}
	return nil
}

// match computes matching statistics: for every i, the length of the longest
// suffix of words[:i+1] that occurs in the automaton's sequence (into ms), and
// the end index of that suffix's first occurrence there (into at).
// match runs words through the automaton, following the longest run of
// words ending at each position that occurs in the example (its matching
// statistic). It returns the longest such run: its length, where it first
// ends in words and where its first occurrence ends in the example. It sets
// bit i of long (zeroed, a bit per word) when the run ending at word i has at
// least n words, that is, when the n words ending there occur in the example.
func (a *automaton) match(done <-chan struct{}, words []int32, n int32, long []uint64) (run, end, exampleEnd int32, err error) {
	state, length := int32(0), int32(0)
	for i, w := range words {
		if i%stopEvery == 0 && stopped(done) {
			return 0, 0, 0, errStopped
		}
		for state != 0 && a.next(state, w) == -1 {
			state = a.link[state]
			length = a.length[state]
		}
		if to := a.next(state, w); to != -1 {
			state = to
			length++
		} else {
			state, length = 0, 0
		}
		if length > run {
			run, end, exampleEnd = length, int32(i), a.firstEnd[state]
		}
		if length >= n {
			long[i/64] |= 1 << (i % 64)
		}
	}
	return run, end, exampleEnd, nil
}
