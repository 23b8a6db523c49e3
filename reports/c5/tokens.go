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
	"math/bits"
	"slices"
	"sort"
	"unicode/utf8"

	"github.com/evalpress/evalpress/internal/jscompat"
)

// Span is a byte range [Start, End) of a text.
type Span struct{ Start, End int }

// Tokens is a normalised text: its words, as IDs from a Dict, with where each
// word lies in the original text, and the ranges of the original text that
// were stripped as mandated phrases.
//
// A text of 30 MB has millions of words, so the slices are sized exactly (the
// words are counted first), the normalised text's offsets into the original
// are kept as stretches (jscompat.Origins) rather than one per byte, and
// where each word lies in the normalised text is kept for one word in
// markEvery: the others are found from it.
type Tokens struct {
	IDs []int32
	// Start and End give each word's byte range in the original text. A word
	// can cover more bytes than letters: "İ" lowercases to "i" plus a mark.
	Start, End []int32
	// Stripped lists the original ranges of mandated phrases, merged and sorted.
	Stripped []Span

	low         []byte           // the normalised lowercase text
	org, spare  jscompat.Origins // where the bytes of low came from (see origin)
	marks       []int32          // where word i*markEvery starts in low
	spareLow    []byte
	strippedRaw []Span
}

// markEvery is how many words apart Tokens marks a word's place in the
// normalised text: finding a word costs skipping at most markEvery-1 others.
const markEvery = 32

// Compact releases the scratch memory tokenising needed, keeping the words
// and offsets; call it on tokens that are kept but not tokenised into again.
func (t *Tokens) Compact() {
	t.org, t.spare, t.spareLow, t.strippedRaw = nil, nil, nil, nil
}

// DropWords releases the normalised text that Word and Words read (as
// many bytes as the text): call it on tokens whose words are not read
// again. Word and Words then return "".
func (t *Tokens) DropWords() {
	t.low, t.marks, t.spareLow = nil, nil, nil
}

// Len returns the number of words.
func (t *Tokens) Len() int { return len(t.IDs) }

// Word returns the i-th word in normalised form.
func (t *Tokens) Word(i int) string { return t.Words(i, i+1) }

// Words returns words [from, to) joined by single spaces, as the reference
// prints a run.
func (t *Tokens) Words(from, to int) string {
	if from >= to || t.low == nil {
		return ""
	}
	var b bytes.Buffer
	i := int(t.marks[from/markEvery])
	for w := from - from%markEvery; w < to; w++ {
		start, end := nextWord(t.low, i)
		if w > from {
			b.WriteByte(' ')
		}
		if w >= from {
			b.Write(t.low[start:end])
		}
		i = end
	}
	return b.String()
}

// nextWord returns the range of the first word of low at or after i.
func nextWord(low []byte, i int) (start, end int) {
	for i < len(low) && !wordByte[low[i]] {
		i++
	}
	start = i
	for i < len(low) && wordByte[low[i]] {
		i++
	}
	return start, i
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
	t.Stripped, t.strippedRaw = t.Stripped[:0], t.strippedRaw[:0]
	low := t.low[:0]
	if cap(low) < len(text) {
		low = make([]byte, 0, len(text)) // the lowercase is rarely longer
	}
	if offsets {
		t.low, t.org = jscompat.LowerOrigins(text, low, t.org[:0])
	} else {
		t.low, _ = jscompat.LowerMapped(text, low, nil)
	}
	for _, p := range n.phrases {
		if bytes.Index(t.low, p) >= 0 {
			t.strip(text, p, offsets)
		}
	}

	low = t.low
	words := countWords(low)
	t.IDs = slices.Grow(t.IDs[:0], words)[:words]
	t.marks = slices.Grow(t.marks[:0], (words+markEvery-1)/markEvery)[:(words+markEvery-1)/markEvery]
	t.Start, t.End = t.Start[:0], t.End[:0]
	if offsets {
		t.Start = slices.Grow(t.Start, words)[:words]
		t.End = slices.Grow(t.End, words)[:words]
	}
	k := 0 // the stretch of t.org the words are in
	for w, i := 0, 0; w < words; w++ {
		start, end := nextWord(low, i)
		t.IDs[w] = dict.idHashed(low[start:end], hashWord(low[start:end]))
		if w%markEvery == 0 {
			t.marks[w/markEvery] = int32(start)
		}
		if offsets {
			t.Start[w] = t.originStart(t.org.At(low, start, &k))
			t.End[w] = t.originEnd(text, t.org.At(low, end-1, &k))
		}
		i = end
	}
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
	low, org := t.spareLow[:0], t.spare[:0]
	rest, k := 0, 0 // k: the stretch of t.org at rest
	for {
		i := bytes.Index(t.low[rest:], p)
		if i < 0 {
			break
		}
		at := rest + i
		if offsets {
			org = t.org.Copy(org, rest, at, len(low), &k)
			span := Span{Start: int(t.originStart(t.org.At(t.low, at, &k))), End: int(t.originEnd(text, t.org.At(t.low, at+len(p)-1, &k)))}
			t.strippedRaw = append(t.strippedRaw, span)
			org = append(org, jscompat.Origin{Low: int32(len(low) + at - rest), Src: -int32(len(t.strippedRaw)), Whole: true})
		}
		low = append(low, t.low[rest:at]...)
		low = append(low, ' ')
		rest = at + len(p)
	}
	if offsets {
		org = t.org.Copy(org, rest, len(t.low), len(low), &k)
		t.spare, t.org = t.org, org
	}
	low = append(low, t.low[rest:]...)
	t.spareLow, t.low = t.low, low
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

// countWords counts the words of low, eight bytes at a time: a word starts
// at each word byte that does not follow one.
func countWords(low []byte) int {
	const ones, high = 0x0101010101010101, 0x8080808080808080
	n, prev := 0, uint64(0) // prev: the high bit of the last byte's flag
	i := 0
	for ; i+8 <= len(low); i += 8 {
		x := binary.LittleEndian.Uint64(low[i:])
		t := x &^ high // so that the sums below carry into no other byte
		letter := (t + ones*(0x80-'a')) &^ (t + ones*(0x80-'z'-1))
		digit := (t + ones*(0x80-'0')) &^ (t + ones*(0x80-'9'-1))
		word := (letter | digit) & high &^ x
		n += bits.OnesCount64(word &^ (word<<8 | prev))
		prev = word >> 56
	}
	after := prev != 0
	for ; i < len(low); i++ {
		w := wordByte[low[i]]
		if w && !after {
			n++
		}
		after = w
	}
	return n
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
