// Package worddiff diffs two texts given as word ids (a tokeniser's
// dictionary ids, small and dense), anchored on stretches already known to
// be shared. Between the anchors, the words found once on each side anchor
// the diff too (patience diff), recursively; go-diff, with no time limit so
// the result never depends on the machine, aligns the short stretches left.
// That keeps it fast on long texts and makes every anchor an unbroken equal
// stretch.
package worddiff

import (
	"iter"
	"sort"
	"unicode/utf8"

	"github.com/sergi/go-diff/diffmatchpatch"
)

// Kind says what a step does.
type Kind byte

// The kinds of step, spelled as a unified diff's marks.
const (
	Equal  Kind = '=' // words of both texts
	Insert Kind = '+' // words of b only
	Delete Kind = '-' // words of a only
)

// Step is n words of one kind: an Equal step's are b[B:B+N] (and
// a[A:A+N]), an Insert's b[B:B+N], a Delete's a[A:A+N].
type Step struct {
	Kind Kind
	A, B int
	N    int
}

// Anchor is a stretch of N words shared at A in a and at B in b.
type Anchor struct{ A, B, N int }

// Diff yields the steps that turn a into b, in text order, never one of no
// words. The anchors (longest first) that keep their order in both texts
// are kept as equal stretches; an anchor that crosses another is dropped.
func Diff(a, b []int32, anchors []Anchor) iter.Seq[Step] {
	return func(yield func(Step) bool) {
		d := differ{a: a, b: b, yield: yield, p: patiencePool.Get().(*patience)}
		defer patiencePool.Put(d.p)
		ai, bi := 0, 0
		for _, r := range chain(anchors) {
			d.gap(ai, r.A, bi, r.B)
			d.emit(Equal, r.A, r.B, r.N)
			ai, bi = r.A+r.N, r.B+r.N
		}
		d.gap(ai, len(a), bi, len(b))
	}
}

// differ holds one diff's texts and where its steps go.
type differ struct {
	a, b    []int32
	yield   func(Step) bool
	stopped bool
	p       *patience
	dmp     *diffmatchpatch.DiffMatchPatch
}

func (d *differ) emit(k Kind, ai, bi, n int) {
	if n == 0 || d.stopped {
		return
	}
	d.stopped = !d.yield(Step{Kind: k, A: ai, B: bi, N: n})
}

// gap diffs a[ai:aj] against b[bi:bj], which lie between two anchors.
func (d *differ) gap(ai, aj, bi, bj int) {
	switch {
	case ai == aj:
		d.emit(Insert, ai, bi, bj-bi)
		return
	case bi == bj:
		d.emit(Delete, ai, bi, aj-ai)
		return
	case (aj-ai)*(bj-bi) <= 64:
		d.diff(ai, aj, bi, bj) // short: cheaper than counting words
		return
	}
	anchors, shared := d.p.anchors(d.a[ai:aj], d.b[bi:bj])
	switch {
	case !shared:
		// No word in common: what go-diff would find, without the search
		// that costs it the square of the length.
		d.emit(Delete, ai, bi, aj-ai)
		d.emit(Insert, aj, bi, bj-bi)
		return
	case len(anchors) == 0:
		d.diff(ai, aj, bi, bj)
		return
	}
	a0, b0 := ai, bi
	for _, an := range anchors {
		a, b := a0+an[0], b0+an[1]
		d.gap(ai, a, bi, b)
		d.emit(Equal, a, b, 1)
		ai, bi = a+1, b+1
	}
	d.gap(ai, aj, bi, bj)
}

// diff aligns a[ai:aj] and b[bi:bj] with go-diff.
func (d *differ) diff(ai, aj, bi, bj int) {
	if d.dmp == nil {
		d.dmp = diffmatchpatch.New()
		d.dmp.DiffTimeout = 0
	}
	for _, df := range d.dmp.DiffMainRunes(asRunes(d.a[ai:aj]), asRunes(d.b[bi:bj]), false) {
		n := utf8.RuneCountInString(df.Text)
		switch df.Type {
		case diffmatchpatch.DiffEqual:
			d.emit(Equal, ai, bi, n)
			ai += n
			bi += n
		case diffmatchpatch.DiffInsert:
			d.emit(Insert, ai, bi, n)
			bi += n
		case diffmatchpatch.DiffDelete:
			d.emit(Delete, ai, bi, n)
			ai += n
		}
	}
}

// asRunes spells word ids as runes past the Basic Multilingual Plane, one
// rune a word, for go-diff.
func asRunes(ids []int32) []rune {
	rs := make([]rune, len(ids))
	for i, id := range ids {
		rs[i] = rune(0x10000 + id)
	}
	return rs
}

// chain picks, longest first, the anchors that keep their order in both
// texts, and returns them in text order.
func chain(anchors []Anchor) []Anchor {
	var out []Anchor // sorted by B
	for _, r := range anchors {
		i := sort.Search(len(out), func(i int) bool { return out[i].B > r.B })
		if i > 0 && out[i-1].A+out[i-1].N > r.A {
			continue
		}
		if i < len(out) && r.A+r.N > out[i].A {
			continue
		}
		out = append(out, Anchor{})
		copy(out[i+1:], out[i:])
		out[i] = r
	}
	return out
}
