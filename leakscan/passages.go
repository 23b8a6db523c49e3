package leakscan

import (
	"fmt"
	"slices"

	"github.com/evalpress/evalpress/matcher"
)

// PassageWords is the shortest run of private words the scan reports in a
// public build.
const PassageWords = 8

// passageIndex collects the passages of private texts and their words.
type passageIndex struct {
	grams []uint64
	vocab wordFilter
}

func (p *passageIndex) add(text string) {
	var r gramRoller
	matcher.EachWord(text, func(h uint64, at int) {
		if h == 0 {
			r.n = 0
			return
		}
		p.vocab.add(h)
		if g, ok := r.push(h, at); ok {
			p.grams = append(p.grams, g)
		}
	})
}

// set returns the passages collected as a set.
func (p *passageIndex) set() *gramSet {
	s := newGramSet(p.grams)
	p.grams = nil // the set has them
	s.vocab = &p.vocab
	return s
}

// Permit adds excerpts that the build may show: each is no leak as the
// whole string it is, but a passage that runs on beyond an excerpt, or
// joins two overlapping excerpts into a longer one, is.
func (s *Scanner) Permit(excerpts ...string) {
	if s.allowed == nil { // a scanner for terms only: nothing to permit
		return
	}
	for _, e := range excerpts {
		var seq []uint64
		forEachGram(e, func(h uint64, _ int) {
			if h != 0 {
				seq = append(seq, h)
			}
		})
		s.allowed.add(seq)
	}
}

// permitSet holds the permitted excerpts as sequences of grams.
type permitSet struct {
	seqs [][]uint64
	at   map[uint64][]permitRef // where each gram is in the sequences
}

// permitRef is a place in a permitted sequence.
type permitRef struct{ seq, pos int32 }

func (p *permitSet) add(seq []uint64) {
	if len(seq) == 0 {
		return
	}
	if p.at == nil {
		p.at = map[uint64][]permitRef{}
	}
	for k, g := range seq {
		p.at[g] = append(p.at[g], permitRef{int32(len(p.seqs)), int32(k)})
	}
	p.seqs = append(p.seqs, seq)
}

// permitRun follows a run of consecutive private grams (each gram the next
// word on from the one before) through the permitted sequences: the run is
// permitted while it is a stretch of one sequence.
type permitRun struct {
	live []permitRef
	on   bool // a run is being followed
}

// next adds the run's next gram, or starts a run, and reports whether the
// run so far lies within one permitted excerpt.
func (r *permitRun) next(p *permitSet, g uint64) bool {
	if p == nil {
		return false
	}
	if !r.on {
		r.on = true
		r.live = append(r.live[:0], p.at[g]...)
		return len(r.live) > 0
	}
	live := r.live[:0]
	for _, ref := range r.live {
		if seq := p.seqs[ref.seq]; int(ref.pos)+1 < len(seq) && seq[ref.pos+1] == g {
			live = append(live, permitRef{ref.seq, ref.pos + 1})
		}
	}
	r.live = live
	return len(live) > 0
}

// end ends the run: the next gram starts a new one.
func (r *permitRun) end() { r.on, r.live = false, r.live[:0] }

// forEachGram calls fn with the hash of every PassageWords words in a row
// of text, and the offset of the first.
func forEachGram(text string, fn func(h uint64, at int)) {
	var r gramRoller
	matcher.EachWord(text, func(h uint64, at int) {
		if h == 0 { // a hard break: the grams start again
			r.n = 0
			fn(0, at)
			return
		}
		if g, ok := r.push(h, at); ok {
			fn(g, r.start())
		}
	})
}

// gramRoller hashes the last PassageWords words pushed.
type gramRoller struct {
	words  [PassageWords]uint64
	starts [PassageWords]int
	n      int
}

// push adds a word (its hash and offset) and returns the hash of the last
// PassageWords words, once there are that many.
func (r *gramRoller) push(h uint64, at int) (uint64, bool) {
	r.add(h, at)
	if r.n < PassageWords {
		return 0, false
	}
	return r.gram(), true
}

// add adds a word.
func (r *gramRoller) add(h uint64, at int) {
	r.words[r.n%PassageWords], r.starts[r.n%PassageWords] = h, at
	r.n++
}

// gram returns the hash of the last PassageWords words added; there must be
// that many.
func (r *gramRoller) gram() uint64 {
	g := uint64(0x9E3779B97F4A7C15)
	for k := r.n - PassageWords; k < r.n; k++ {
		g = (g ^ r.words[k%PassageWords]) * 0x100000001B3
		g ^= g >> 29
	}
	return g | 1
}

// start returns the offset of the first word of the last gram.
func (r *gramRoller) start() int { return r.starts[r.n%PassageWords] }

// mayLeakPassage reports whether the words of q (a page without its tags,
// folded) hold a private passage that is not permitted. A gram is looked up
// only when all its words are private words.
func (s *Scanner) mayLeakPassage(q *matcher.QuickText) bool {
	var r gramRoller
	var run permitRun
	streak := 0 // private words in a row
	for k := range q.Words() {
		if q.BreakBefore(k) { // the grams start again
			r.n, streak = 0, 0
			run.end()
		}
		h := matcher.WordHash(q.Word(k))
		r.add(h, 0)
		if !s.passages.vocab.has(h) {
			streak = 0
			run.end()
			continue
		}
		if streak++; streak >= PassageWords {
			g := r.gram()
			if !s.passages.has(g) {
				run.end()
				continue
			}
			if !run.next(s.allowed, g) {
				return true
			}
		}
	}
	return false
}

// wordFilter is a set of word hashes that may say yes wrongly, never no
// wrongly: a bit per hash, in 128 KB, which stays in the processor's cache.
type wordFilter struct{ bits [1 << 20 / 64]uint64 }

func (f *wordFilter) add(h uint64) {
	h = h * 0x9E3779B97F4A7C15 >> 44
	f.bits[h/64] |= 1 << (h % 64)
}

// has reports whether h may have been added; a nil filter has everything.
func (f *wordFilter) has(h uint64) bool {
	if f == nil {
		return true
	}
	h = h * 0x9E3779B97F4A7C15 >> 44
	return f.bits[h/64]&(1<<(h%64)) != 0
}

func (s *Scanner) scanPassages(name string, v *scanView, text string) []Leak {
	var leaks []Leak
	var run permitRun
	inPassage := false // the previous gram was private and reported
	forEachGram(text, func(h uint64, at int) {
		switch {
		case h == 0 || !s.passages.has(h):
			inPassage = false
			run.end()
		case inPassage:
			// One leak per passage.
		case run.next(s.allowed, h):
			// Within a permitted excerpt.
		default:
			inPassage = true
			line, col := v.location(at)
			leaks = append(leaks, Leak{File: name, Line: line, Column: col,
				What: fmt.Sprintf("a passage of %d or more words of the private texts", PassageWords)})
		}
	})
	return leaks
}

// gramSet is a set of many hashes: sorted, with an index of where each
// value of the top 16 bits starts, so that a lookup searches a few dozen.
// Sorting is much faster than inserting millions of hashes into a hash
// table, whose every insertion is a cache miss.
type gramSet struct {
	sorted []uint64
	index  [1<<16 + 1]uint32
	vocab  *wordFilter // the words of the grams; nil: any word
}

// newGramSet returns the set of hashes, which it sorts in place.
func newGramSet(hashes []uint64) *gramSet {
	slices.Sort(hashes)
	return sortedGramSet(slices.Compact(hashes))
}

// sortedGramSet returns the set of hashes, which are sorted and distinct.
func sortedGramSet(hashes []uint64) *gramSet {
	s := &gramSet{sorted: hashes}
	k := 0
	for top := range 1 << 16 {
		for k < len(hashes) && int(hashes[k]>>48) < top {
			k++
		}
		s.index[top] = uint32(k)
	}
	s.index[1<<16] = uint32(len(hashes))
	return s
}

func (s *gramSet) has(h uint64) bool {
	if s == nil {
		return false
	}
	top := h >> 48
	bucket := s.sorted[s.index[top]:s.index[top+1]]
	_, found := slices.BinarySearch(bucket, h)
	return found
}
