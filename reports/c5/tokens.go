// Package c5 computes the C5 paraphrase measurement: how closely a generated
// section reproduces the outline's example prose, as the longest verbatim run
// of words and the share of the section's distinct n-grams that also occur in
// the example. The numbers equal those of the published reference script on
// every well-formed input.
//
// Texts are normalised as the reference normalises them (JavaScript
// lowercase, mandated phrases stripped, every character other than a-z and
// 0-9 a separator) and tokenised once into integer word IDs that keep byte
// offsets into the original text. A suffix automaton over the example gives
// the longest run in linear time, and hashed n-grams give the overlap.
//
// The package is pure: no I/O, no formatting beyond numbers.
package c5

import (
	"bytes"
	"encoding/binary"
	"sort"
	"unicode/utf8"

	"github.com/evalpress/evalpress/internal/jscompat"
)

// Span is a byte range [Start, End) of a text.
type Span struct{ Start, End int }

// Tokens is a normalised text: its words, as IDs from a Dict, with where each
// word lies in the original text, and the ranges of the original text that
// were stripped as mandated phrases.
type Tokens struct {
	IDs []int32
	// Start and End give each word's byte range in the original text. A word
	// can cover more bytes than letters: "İ" lowercases to "i" plus a mark.
	Start, End []int32
	// Stripped lists the original ranges of mandated phrases, merged and sorted.
	Stripped []Span

	low         []byte  // the normalised lowercase text
	src, spare  []int32 // for each byte of low, where it came from (see origin)
	lowStart    []int32
	lowEnd      []int32
	spareLow    []byte
	strippedRaw []Span
}

// Compact releases the scratch memory tokenising needed, keeping the words
// and offsets; call it on tokens that are kept but not tokenised into again.
func (t *Tokens) Compact() {
	t.src, t.spare, t.spareLow, t.strippedRaw = nil, nil, nil, nil
}

// Len returns the number of words.
func (t *Tokens) Len() int { return len(t.IDs) }

// Word returns the i-th word in normalised form.
func (t *Tokens) Word(i int) string { return string(t.low[t.lowStart[i]:t.lowEnd[i]]) }

// Words returns words [from, to) joined by single spaces, as the reference
// prints a run.
func (t *Tokens) Words(from, to int) string {
	if from >= to {
		return ""
	}
	var b bytes.Buffer
	for i := from; i < to; i++ {
		if i > from {
			b.WriteByte(' ')
		}
		b.Write(t.low[t.lowStart[i]:t.lowEnd[i]])
	}
	return b.String()
}

// Dict assigns small integer IDs to words. Two texts are comparable only when
// tokenised with the same Dict.
//
// It is an open-addressing hash table over an arena of word bytes: interning
// is the hottest loop of a measurement, and this avoids a string allocation
// per new word and the generic map's overhead.
type Dict struct {
	slots []dictSlot
	arena []byte
	words []Span // arena range of each ID
	mask  uint64
}

type dictSlot struct {
	hash uint64 // 0 when empty
	id   int32
}

// NewDict returns an empty Dict.
func NewDict() *Dict {
	d := &Dict{}
	d.Reset()
	return d
}

// Reset forgets every word, keeping the memory.
func (d *Dict) Reset() {
	if d.slots == nil {
		d.slots = make([]dictSlot, 1024)
	}
	clear(d.slots)
	d.mask = uint64(len(d.slots) - 1)
	d.arena, d.words = d.arena[:0], d.words[:0]
}

// Len returns the number of distinct words seen since the last Reset.
func (d *Dict) Len() int { return len(d.words) }

// hashWord hashes a word eight bytes at a time. The result is odd, so never
// the empty-slot 0.
func hashWord(w []byte) uint64 {
	h := 0x9E3779B97F4A7C15 ^ uint64(len(w))*0xC4CEB9FE1A85EC53
	for len(w) >= 8 {
		h = (h ^ binary.LittleEndian.Uint64(w)) * 0xFF51AFD7ED558CCD
		h ^= h >> 29
		w = w[8:]
	}
	var tail uint64
	for _, c := range w {
		tail = tail<<8 | uint64(c)
	}
	h = (h ^ tail) * 0xC4CEB9FE1A85EC53
	h ^= h >> 32
	return h | 1
}

// idHashed returns the ID of word, whose hash (made odd, so never the
// empty-slot 0) the caller computed while scanning it. Equal hashes are
// confirmed byte by byte, so a collision cannot merge two words.
func (d *Dict) idHashed(word []byte, h uint64) int32 {
	i := h >> 7 & d.mask // h is already mixed
	for ; d.slots[i].hash != 0; i = (i + 1) & d.mask {
		if s := d.slots[i]; s.hash == h {
			if w := d.words[s.id]; bytes.Equal(d.arena[w.Start:w.End], word) {
				return s.id
			}
		}
	}
	id := int32(len(d.words))
	start := len(d.arena)
	d.arena = append(d.arena, word...)
	d.words = append(d.words, Span{Start: start, End: len(d.arena)})
	d.slots[i] = dictSlot{hash: h, id: id}
	if 2*len(d.words) > len(d.slots) {
		d.grow()
	}
	return id
}

func (d *Dict) grow() {
	old := d.slots
	d.slots = make([]dictSlot, 2*len(old))
	d.mask = uint64(len(d.slots) - 1)
	for _, s := range old {
		if s.hash == 0 {
			continue
		}
		i := s.hash >> 7 & d.mask
		for d.slots[i].hash != 0 {
			i = (i + 1) & d.mask
		}
		d.slots[i] = s
	}
}

// Normaliser turns texts into Tokens the way the reference's normalise
// function does, with a fixed list of mandated phrases.
type Normaliser struct {
	phrases [][]byte
}

// NewNormaliser returns a Normaliser that strips the given mandated phrases,
// in order, as the reference does (each lowercased, every occurrence replaced
// by a space before the next phrase is looked for).
func NewNormaliser(phrases []string) *Normaliser {
	n := &Normaliser{}
	for _, p := range phrases {
		if p != "" {
			n.phrases = append(n.phrases, []byte(jscompat.Lower(p)))
		}
	}
	return n
}

// Tokenise normalises text into t, reusing t's memory, with word IDs from
// dict. It records no byte offsets: t.Start, t.End and t.Stripped stay empty.
func (n *Normaliser) Tokenise(text string, dict *Dict, t *Tokens) {
	n.tokenise(text, dict, t, false)
}

// TokeniseWithOffsets is Tokenise that also records where each word and each
// stripped phrase lies in text, for showing runs in the original.
func (n *Normaliser) TokeniseWithOffsets(text string, dict *Dict, t *Tokens) {
	n.tokenise(text, dict, t, true)
}

func (n *Normaliser) tokenise(text string, dict *Dict, t *Tokens, offsets bool) {
	t.IDs, t.Start, t.End = t.IDs[:0], t.Start[:0], t.End[:0]
	t.lowStart, t.lowEnd = t.lowStart[:0], t.lowEnd[:0]
	t.Stripped, t.strippedRaw = t.Stripped[:0], t.strippedRaw[:0]

	var src []int32
	if offsets {
		src = t.src[:0]
		if src == nil {
			src = make([]int32, 0, len(text))
		}
	}
	t.low, t.src = jscompat.LowerMapped(text, t.low[:0], src)
	for _, p := range n.phrases {
		if bytes.Index(t.low, p) >= 0 {
			t.strip(text, p, offsets)
		}
	}

	low := t.low
	ids, starts, ends := t.IDs, t.lowStart, t.lowEnd
	for i := 0; i < len(low); {
		if !wordByte[low[i]] {
			i++
			continue
		}
		j := i + 1
		for j < len(low) && wordByte[low[j]] {
			j++
		}
		ids = append(ids, dict.idHashed(low[i:j], hashWord(low[i:j])))
		starts = append(starts, int32(i))
		ends = append(ends, int32(j))
		if offsets {
			t.Start = append(t.Start, t.originStart(t.src[i]))
			t.End = append(t.End, t.originEnd(text, t.src[j-1]))
		}
		i = j
	}
	t.IDs, t.lowStart, t.lowEnd = ids, starts, ends
	if offsets {
		t.Stripped = mergeSpans(t.Stripped, t.strippedRaw)
	}
}

// The origin of a byte of the normalised text is the offset of the original
// character it came from, or, for the space that replaced a stripped phrase
// k, the negative number -(k+1).
func (t *Tokens) originStart(v int32) int32 {
	if v < 0 {
		return int32(t.strippedRaw[-v-1].Start)
	}
	return v
}

func (t *Tokens) originEnd(text string, v int32) int32 {
	if v < 0 {
		return int32(t.strippedRaw[-v-1].End)
	}
	_, size := utf8.DecodeRuneInString(text[v:])
	return v + int32(size)
}

// strip replaces every occurrence of p in t.low by one space, as
// text.split(p).join(" ") does, keeping origins when offsets is set.
func (t *Tokens) strip(text string, p []byte, offsets bool) {
	low, src := t.spareLow[:0], t.spare[:0]
	rest := 0
	for {
		k := bytes.Index(t.low[rest:], p)
		if k < 0 {
			break
		}
		at := rest + k
		low = append(low, t.low[rest:at]...)
		low = append(low, ' ')
		if offsets {
			src = append(src, t.src[rest:at]...)
			span := Span{Start: int(t.originStart(t.src[at])), End: int(t.originEnd(text, t.src[at+len(p)-1]))}
			t.strippedRaw = append(t.strippedRaw, span)
			src = append(src, -int32(len(t.strippedRaw)))
		}
		rest = at + len(p)
	}
	low = append(low, t.low[rest:]...)
	t.spareLow, t.low = t.low, low
	if offsets {
		src = append(src, t.src[rest:]...)
		t.spare, t.src = t.src, src
	}
}

func mergeSpans(dst, spans []Span) []Span {
	sorted := append([]Span(nil), spans...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Start < sorted[j].Start })
	for _, s := range sorted {
		if n := len(dst); n > 0 && s.Start <= dst[n-1].End {
			dst[n-1].End = max(dst[n-1].End, s.End)
			continue
		}
		dst = append(dst, s)
	}
	return dst
}

// wordByte marks the bytes that make up words: a-z and 0-9.
var wordByte = func() (t [256]bool) {
	for c := 'a'; c <= 'z'; c++ {
		t[c] = true
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = true
	}
	return t
}()
