// Package pairs measures writer against writer: for one section, C5's
// comparison between every two writers' versions (the longest run they
// share and the share of each one's n-grams found in the other's), and
// whether what they share is the example's words, which both took from the
// outline, or words of their own, which one could only have from the
// other (or both from a common source that is not the example).
//
// Measurement is pure: tokens in, numbers out.
package pairs

import "github.com/evalpress/evalpress/reports/c5"

// Text is one writer's version of a section: its tokens, and the tokens of
// the example variant it was measured against (nil without example), all
// from one dictionary.
type Text struct {
	Writer  int // the writer's index in the list of writers
	Section *c5.Tokens
	Example *c5.Tokens
}

// Pair is the measurement between the versions of writers A and B (A < B).
type Pair struct {
	A, B int
	// Run is the longest run of words the two share.
	Run int
	// OverlapA is the share of A's distinct n-grams found in B's text;
	// OverlapB of B's in A's.
	OverlapA, OverlapB float64
	// Own is the longest run they share outside the example's words: the
	// words of each version within an n-gram its example holds are left
	// out. Run and Own equal: the shared run is their own; Own much
	// shorter than Run: they share the example's words.
	Own int
}

// Origin names where a shared run comes from, as pages say it.
type Origin string

// Origins.
const (
	// FromExample: what the two share past the limit is the example's
	// words; each took them from the outline.
	FromExample Origin = "example"
	// FromEachOther: they share a run past the limit of words that are
	// not the example's.
	FromEachOther Origin = "each other"
)

// Origin says where the pair's shared run comes from, judged against a
// run limit: FromEachOther when the run outside the example's words is
// past it, else FromExample; "" when the pair shares no run past it.
func (p Pair) Origin(maxRun int) Origin {
	switch {
	case p.Own > maxRun:
		return FromEachOther
	case p.Run > maxRun:
		return FromExample
	}
	return ""
}

// Measurer holds scratch memory; one per goroutine.
type Measurer struct {
	cmp     c5.Comparer
	example c5.Example
	covered []bool
}

// Section measures every pair of texts (each a different writer's version
// of one section) with n-grams of n words, in the order of texts: (0, 1),
// (0, 2), ..., (1, 2), ... Each text is prepared as the example side of
// the comparisons once as written and once as its own words, one at a
// time, and every other text compared with it: a section of w versions
// costs 2w preparations, and holds one prepared text at a time however
// long the texts are (a 30 MB section is several hundred MB prepared).
func (m *Measurer) Section(texts []Text, n int) []Pair {
	w := len(texts)
	if w < 2 {
		return nil
	}
	// Each text's own words, the example's replaced by a word of its own
	// that no other text has and no dictionary made.
	var top int32
	for _, t := range texts {
		for _, id := range t.Section.IDs {
			top = max(top, id)
		}
	}
	own := make([]*c5.Tokens, w)
	for i, t := range texts {
		own[i] = m.ownWords(t, n, top+1+int32(i))
	}
	out := make([]Pair, 0, w*(w-1)/2)
	for i := range texts {
		for j := i + 1; j < w; j++ {
			out = append(out, Pair{A: texts[i].Writer, B: texts[j].Writer})
		}
	}
	at := func(i, j int) *Pair { return &out[i*(2*w-i-1)/2+j-i-1] } // i < j
	for k := range texts {
		m.example.Prepare(texts[k].Section)
		for i := range texts {
			switch r := m.cmp.Compare(texts[i].Section, &m.example, n); {
			case i < k: // i's n-grams found in k's text: the pair's A side
				at(i, k).Run, at(i, k).OverlapA = r.Run, r.Overlap
			case i > k:
				at(k, i).OverlapB = r.Overlap
			}
		}
		if k == 0 {
			continue
		}
		m.example.Prepare(own[k])
		for i := range k {
			at(i, k).Own = m.cmp.Compare(own[i], &m.example, n).Run
		}
	}
	return out
}

// ownWords returns t's section with each word it shares with its example
// in a run of at least n words replaced by sep, a word no other text has:
// no shared run can pass through one.
func (m *Measurer) ownWords(t Text, n int, sep int32) *c5.Tokens {
	out := &c5.Tokens{IDs: append([]int32(nil), t.Section.IDs...)}
	if t.Example == nil || t.Example.Len() == 0 {
		return out
	}
	m.example.Prepare(t.Example)
	m.cmp.Compare(t.Section, &m.example, n)
	m.covered = m.cmp.Covered(t.Section.Len(), n, m.covered)
	for i, c := range m.covered {
		if c {
			out.IDs[i] = sep
		}
	}
	return out
}
