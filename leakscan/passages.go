package leakscan

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/evalpress/evalpress/matcher"
)

// A passage of the private texts is found as a reader recognises one: a
// copy, or a copy with a word inserted, dropped or changed every few words
// (WCopyfind's imperfect matches, passim's alignments). The private texts
// are indexed by their seeds, every SeedWords words in a row, each with its
// place; a page's seeds found there are chained, in the page's order, when
// each is a few words on from the last in the page and in the private text,
// nearly on the same diagonal. A chain is a passage when
//
//   - it holds a run of PassageWords or more words in a row of the private
//     text (a copy), or
//   - it holds NearWords or more words of the private text (each in a seed),
//     and those are at least a share NearDensity of the words it spans, on
//     the page and in the private text (a near copy).
//
// The thresholds are measured (docs/confidentiality.md, TestNearPassages*):
// no alarm on other prose of the same topic, every edited copy caught.
const (
	// PassageWords is the shortest run of private words in a row the scan
	// reports in a public build.
	PassageWords = 8
	// SeedWords is how many words in a row a seed is: three, so that a
	// copy with every fourth word changed still has one in every four.
	SeedWords = 3
	// NearWords is the fewest words of a private text, in seeds, that a
	// near copy holds.
	NearWords = 20
	// NearDensity is the least share of the words a near copy spans that
	// are in its seeds, on the page and in the private text.
	NearDensity = 0.5
	// maxStep is the most words from one seed of a chain to the next, on
	// either side; maxShift the most the two steps may differ (the words
	// inserted on one side or dropped on the other in between).
	maxStep, maxShift = 9, 3
	// maxPlaces is the most places of the private texts a seed is looked
	// up at: a seed more common than that ("one of the", a line a judge
	// repeats in every reply) is kept at its first maxPlaces places, where
	// a copy of the text around it is found as well as at any other.
	maxPlaces = 24
)

// passageIndex collects the seeds of private texts, each with its place.
type passageIndex struct {
	seeds []uint64 // seed hash << 32 | place
	place uint32   // the place of the next word
	vocab wordFilter
	words []uint64 // scratch: a text's words
}

// add indexes text. Its words that public passages (nil: none) align
// with are left out: a judge's analysis quoting the published prompt or a
// fixture holds no private passage there.
func (p *passageIndex) add(text string, public *seedSet) {
	ws := p.words[:0]
	matcher.EachWord(text, func(h uint64, _ int) { ws = append(ws, h) })
	if public != nil {
		public.maskAligned(ws)
	}
	p.words = ws
	for k, h := range ws {
		if h == 0 {
			p.place += maxStep + 1 // no chain spans a break
			continue
		}
		p.vocab.add(h)
		if k >= SeedWords-1 && ws[k-1] != 0 && ws[k-2] != 0 {
			p.seeds = append(p.seeds, uint64(seedHash(ws[k-2], ws[k-1], h))<<32|uint64(p.place+uint32(k)-2))
		}
	}
	p.place += uint32(len(ws)) + maxStep + 1
}

// set returns the seeds collected as a set.
func (p *passageIndex) set() *seedSet {
	s := newSeedSet(p.seeds)
	p.seeds, p.words = nil, nil // the set has them
	s.vocab = &p.vocab
	return s
}

// seedHash hashes three words in a row.
func seedHash(a, b, c uint64) uint32 {
	g := uint64(0x9E3779B97F4A7C15)
	for _, w := range [3]uint64{a, b, c} {
		g = (g ^ w) * 0x100000001B3
		g ^= g >> 29
	}
	return uint32(g>>32) | 1
}

// seedSet holds the seeds of the private texts, sorted (hash, then place),
// with an index of where each value of the hash's top 16 bits starts.
// Sorting is much faster than inserting millions of seeds into a hash
// table, whose every insertion is a cache miss.
type seedSet struct {
	sorted []uint64
	index  [1<<16 + 1]uint32
	vocab  *wordFilter // the words of the seeds; nil: any word
}

// newSeedSet returns the set of seeds, each at its first maxPlaces places
// at most. The seeds are bucketed by their hash's top 16 bits (a counting
// sort, one pass), then each bucket, a few dozen seeds, is sorted: three
// times faster than sorting the millions of seeds as one slice.
func newSeedSet(seeds []uint64) *seedSet {
	s := new(seedSet)
	for _, v := range seeds {
		s.index[v>>48+1]++
	}
	for top := range 1 << 16 {
		s.index[top+1] += s.index[top]
	}
	sorted := make([]uint64, len(seeds))
	next := s.index // each bucket's next free slot
	for _, v := range seeds {
		sorted[next[v>>48]] = v
		next[v>>48]++
	}
	// Each bucket sorted, its duplicates and a hash's places past
	// maxPlaces dropped, moved down to where the kept seeds end.
	kept := 0
	for top := range 1 << 16 {
		bucket := sorted[s.index[top]:s.index[top+1]]
		start := kept
		s.index[top] = uint32(start)
		slices.Sort(bucket)
		for _, v := range bucket {
			switch {
			case kept > start && sorted[kept-1] == v:
				continue
			case kept-start >= maxPlaces && sorted[kept-maxPlaces]>>32 == v>>32:
				continue // the hash's first maxPlaces places are kept
			}
			sorted[kept] = v // at or below v's own slot
			kept++
		}
	}
	s.index[1<<16] = uint32(kept)
	s.sorted = slices.Clip(sorted[:kept])
	return s
}

// places returns the seeds of hash h, sorted by place (each seed hash <<
// 32 | place).
func (s *seedSet) places(h uint32) []uint64 {
	top := h >> 16
	bucket := s.sorted[s.index[top]:s.index[top+1]]
	i, _ := slices.BinarySearch(bucket, uint64(h)<<32)
	j := i
	for j < len(bucket) && uint32(bucket[j]>>32) == h {
		j++
	}
	return bucket[i:j]
}

// maskAligned sets to 0 (a break) every word of ws that is in a passage of
// the set's texts (words of a seed of a chain that is a passage).
func (s *seedSet) maskAligned(ws []uint64) {
	a := alignerPool.Get().(*aligner)
	defer alignerPool.Put(a)
	var spans [][2]int32
	a.align(s, nil, ws, true, func(c *chain) bool {
		for _, r := range c.runs {
			spans = append(spans, [2]int32{r.i, r.i + r.n})
		}
		return true
	})
	for _, sp := range spans {
		for k := sp[0]; k < sp[1]; k++ {
			ws[k] = 0
		}
	}
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
		matcher.EachWord(e, func(h uint64, _ int) {
			if h != 0 {
				seq = append(seq, h)
			}
		})
		s.allowed.add(seq)
	}
}

// PermitUnder permits excerpts in the files under dir only (a
// slash-separated prefix of their names, "releases/v1/"), beside what
// Permit permits everywhere; call it after Permit. An earlier release's
// excerpts were published with it and stand in its files, but nowhere
// else: a release's results.json edited to hold a private passage must
// not open the rest of the site to it.
func (s *Scanner) PermitUnder(dir string, excerpts ...string) {
	if s.allowed == nil {
		return
	}
	set := &permitSet{}
	for _, seq := range s.allowed.seqs {
		set.add(seq)
	}
	for _, e := range excerpts {
		var seq []uint64
		matcher.EachWord(e, func(h uint64, _ int) {
			if h != 0 {
				seq = append(seq, h)
			}
		})
		set.add(seq)
	}
	s.scoped = append(s.scoped, scopedPermits{dir: dir, set: set})
}

// scopedPermits are the excerpts permitted in the files under dir.
type scopedPermits struct {
	dir string
	set *permitSet
}

// permitsFor returns the excerpts permitted in the file name.
func (s *Scanner) permitsFor(name string) *permitSet {
	for _, sp := range s.scoped {
		if strings.HasPrefix(name, sp.dir) {
			return sp.set
		}
	}
	return s.allowed
}

// permitSet holds the permitted excerpts as sequences of words.
type permitSet struct {
	seqs [][]uint64
	at   map[uint64][]permitRef // where each word is in the sequences
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
	for k, w := range seq {
		p.at[w] = append(p.at[w], permitRef{int32(len(p.seqs)), int32(k)})
	}
	p.seqs = append(p.seqs, seq)
}

// stretch reports whether words, in a row, are a stretch of one permitted
// excerpt.
func (p *permitSet) stretch(words []uint64) bool {
	if p == nil || len(words) == 0 {
		return false
	}
	for _, ref := range p.at[words[0]] {
		seq := p.seqs[ref.seq][ref.pos:]
		if len(seq) >= len(words) && slices.Equal(seq[:len(words)], words) {
			return true
		}
	}
	return false
}

// chain is a chain of a page's seeds found in the private texts.
type chain struct {
	lastI, lastQ int32 // the last seed's word on the page and place
	firstI       int32 // its first word on the page
	firstQ       int32
	endI, endQ   int32 // one past the last word of a seed, on each side
	matched      int32 // words of the page in its seeds
	matchedQ     int32 // places of the private texts in its seeds
	runs         []run // its runs of words in a row on both sides
}

// run is a stretch of a chain in a row on both sides: n words from word i
// of the page.
type run struct{ i, n int32 }

// aligner chains a page's seeds; its buffers are kept for the next page.
type aligner struct {
	live  []*chain
	spare []*chain
	// seen, when set (by a test), is called with every chain finished.
	seen func(*chain)
}

var alignerPool = sync.Pool{New: func() any { return new(aligner) }}

// align chains the seeds of words (a page's word hashes, 0 at a break)
// found in s and calls leak with each chain that is a passage and not
// permitted, until it returns false. With all, every chain that is a
// passage is passed, permitted or not.
func (a *aligner) align(s *seedSet, permits *permitSet, words []uint64, all bool, leak func(*chain) bool) {
	defer a.reset()
	start := 0 // of the piece between two breaks
	for k := 0; k <= len(words); k++ {
		if k < len(words) && words[k] != 0 {
			continue
		}
		for i := start; i+SeedWords <= k; i++ {
			if !a.expire(int32(i), permits, words, all, leak) {
				return
			}
			w0, w1, w2 := words[i], words[i+1], words[i+2]
			if v := s.vocab; v != nil && !(v.has(w0) && v.has(w1) && v.has(w2)) {
				continue
			}
			for _, e := range s.places(seedHash(w0, w1, w2)) {
				a.hit(int32(i), int32(uint32(e)))
			}
		}
		if !a.finishAll(permits, words, all, leak) { // no chain spans a break
			return
		}
		start = k + 1
	}
}

// hit adds a seed at word i of the page and place q to the chain it
// continues, or starts a chain.
func (a *aligner) hit(i, q int32) {
	var best *chain
	for _, c := range a.live {
		di, dq := i-c.lastI, q-c.lastQ
		if di < 1 || dq < 1 || dq > maxStep || abs32(dq-di) > maxShift {
			continue
		}
		if dq == di && di <= SeedWords { // the same run: the best there is
			best = c
			break
		}
		if best == nil || c.matched > best.matched {
			best = c
		}
	}
	if best == nil {
		best = a.newChain()
		*best = chain{lastI: i, lastQ: q, firstI: i, firstQ: q, endI: i + SeedWords, endQ: q + SeedWords,
			matched: SeedWords, matchedQ: SeedWords, runs: append(best.runs[:0], run{i, SeedWords})}
		a.live = append(a.live, best)
		return
	}
	c := best
	if r := &c.runs[len(c.runs)-1]; q-c.lastQ == i-c.lastI && i <= c.endI {
		r.n = i + SeedWords - r.i
	} else {
		start := max(i, c.endI) // a run starts where the last ends, at most
		c.runs = append(c.runs, run{start, i + SeedWords - start})
	}
	c.matched += i + SeedWords - max(i, c.endI)
	c.matchedQ += q + SeedWords - max(q, c.endQ)
	c.lastI, c.lastQ = i, q
	c.endI, c.endQ = max(c.endI, i+SeedWords), max(c.endQ, q+SeedWords)
}

func (a *aligner) newChain() *chain {
	if n := len(a.spare); n > 0 {
		c := a.spare[n-1]
		a.spare = a.spare[:n-1]
		return c
	}
	return new(chain)
}

// expire finishes the chains that no seed from word i on can continue.
func (a *aligner) expire(i int32, permits *permitSet, words []uint64, all bool, leak func(*chain) bool) bool {
	live := a.live[:0]
	ok := true
	for _, c := range a.live {
		if i-c.lastI <= maxStep+maxShift {
			live = append(live, c)
			continue
		}
		a.finish(c, permits, words, all, leak, &ok)
	}
	clear(a.live[len(live):])
	a.live = live
	return ok
}

// finishAll finishes every chain, at a break or the end of the page.
func (a *aligner) finishAll(permits *permitSet, words []uint64, all bool, leak func(*chain) bool) bool {
	ok := true
	// The page's order, so that the first leak reported is the first.
	slices.SortFunc(a.live, func(x, y *chain) int { return int(x.firstI - y.firstI) })
	for _, c := range a.live {
		a.finish(c, permits, words, all, leak, &ok)
	}
	clear(a.live)
	a.live = a.live[:0]
	return ok
}

// finish reports chain c if it is a passage and *ok (leak returns whether
// to go on) and keeps it for a later chain.
func (a *aligner) finish(c *chain, permits *permitSet, words []uint64, all bool, leak func(*chain) bool, ok *bool) {
	if a.seen != nil {
		a.seen(c)
	}
	if *ok && a.passage(c, permits, words, all) {
		*ok = leak(c)
	}
	a.spare = append(a.spare, c)
}

func (a *aligner) reset() {
	a.spare = append(a.spare, a.live...)
	clear(a.live)
	a.live = a.live[:0]
}

// passage reports whether chain c is a passage that is not permitted
// (with all, whether it is a passage).
func (a *aligner) passage(c *chain, permits *permitSet, words []uint64, all bool) bool {
	longRun := false
	for _, r := range c.runs {
		longRun = longRun || r.n >= PassageWords
	}
	if !longRun && c.matched < NearWords {
		return false
	}
	// The words of runs that are stretches of a permitted excerpt are
	// permitted: they count for nothing.
	counted := int32(0)
	for _, r := range c.runs {
		if !all && permits.stretch(words[r.i:r.i+r.n]) {
			continue
		}
		if r.n >= PassageWords {
			return true
		}
		counted += r.n
	}
	return counted >= NearWords &&
		float64(c.matched) >= NearDensity*float64(c.endI-c.firstI) &&
		float64(c.matchedQ) >= NearDensity*float64(c.endQ-c.firstQ)
}

func abs32(x int32) int32 {
	if x < 0 {
		return -x
	}
	return x
}

// pageWords recycles the word hashes of the views.
var pageWords = sync.Pool{New: func() any { return new([]uint64) }}

// mayLeakPassage reports whether the words of q (a page without its tags,
// folded) hold a private passage that is not permitted. A seed is looked
// up only when all its words are private words.
func (s *Scanner) mayLeakPassage(q *matcher.QuickText, allowed *permitSet) bool {
	buf := pageWords.Get().(*[]uint64)
	defer pageWords.Put(buf)
	ws := (*buf)[:0]
	for k := range q.Words() {
		if q.BreakBefore(k) {
			ws = append(ws, 0)
		}
		ws = append(ws, matcher.WordHash(q.Word(k)))
	}
	*buf = ws
	found := false
	a := alignerPool.Get().(*aligner)
	defer alignerPool.Put(a)
	a.align(s.passages, allowed, ws, false, func(*chain) bool {
		found = true
		return false
	})
	return found
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

// scanPassages reports each private passage of text (a view), one leak a
// passage, at its first word: the chains of places of the private texts
// that overlap on the page (a section, and a judge's analysis quoting it)
// are one passage.
func (s *Scanner) scanPassages(name string, v *scanView, text string) []Leak {
	var ws []uint64
	var at []int
	matcher.EachWord(text, func(h uint64, off int) {
		ws, at = append(ws, h), append(at, off)
	})
	type found struct {
		first, end, matched int32
		copy                bool // holds a run of PassageWords
	}
	var all []found
	a := alignerPool.Get().(*aligner)
	defer alignerPool.Put(a)
	a.align(s.passages, s.permitsFor(name), ws, false, func(c *chain) bool {
		all = append(all, found{c.firstI, c.endI, c.matched, c.hasRun(PassageWords)})
		return true
	})
	slices.SortFunc(all, func(x, y found) int { return int(x.first - y.first) })
	var leaks []Leak
	for k := 0; k < len(all); {
		p := all[k]
		for k++; k < len(all) && all[k].first < p.end; k++ {
			p.end, p.matched, p.copy = max(p.end, all[k].end), max(p.matched, all[k].matched), p.copy || all[k].copy
		}
		line, col := v.location(at[p.first])
		what := fmt.Sprintf("a passage of %d or more words of the private texts", PassageWords)
		if !p.copy {
			what = fmt.Sprintf("a near copy of a passage of the private texts (%d of its words)", p.matched)
		}
		leaks = append(leaks, Leak{File: name, Line: line, Column: col, What: what})
	}
	return leaks
}

// hasRun reports whether c holds a run of n or more words in a row.
func (c *chain) hasRun(n int32) bool {
	for _, r := range c.runs {
		if r.n >= n {
			return true
		}
	}
	return false
}
