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
type Dict struct {
	ids map[string]int32
}

// NewDict returns an empty Dict.
func NewDict() *Dict { return &Dict{ids: map[string]int32{}} }

// Reset forgets every word, keeping the memory.
func (d *Dict) Reset() { clear(d.ids) }

func (d *Dict) id(word []byte) int32 {
	if id, ok := d.ids[string(word)]; ok {
		return id
	}
	id := int32(len(d.ids))
	d.ids[string(word)] = id
	return id
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

// Tokenise normalises text into t, reusing t's memory, with word IDs from dict.
func (n *Normaliser) Tokenise(text string, dict *Dict, t *Tokens) {
	t.IDs, t.Start, t.End = t.IDs[:0], t.Start[:0], t.End[:0]
	t.lowStart, t.lowEnd = t.lowStart[:0], t.lowEnd[:0]
	t.Stripped, t.strippedRaw = t.Stripped[:0], t.strippedRaw[:0]

	identity := isASCII(text)
	if identity {
		t.low = appendASCIILower(t.low[:0], text)
		t.src = t.src[:0]
	} else {
		t.low, t.src = jscompat.LowerMapped(text, t.low[:0], t.src[:0])
	}
	for _, p := range n.phrases {
		if bytes.Index(t.low, p) < 0 {
			continue
		}
		if identity {
			t.src = t.src[:0]
			for i := range t.low {
				t.src = append(t.src, int32(i))
			}
			identity = false
		}
		t.strip(text, p)
	}

	low := t.low
	for i := 0; i < len(low); {
		if !isWordByte(low[i]) {
			i++
			continue
		}
		j := i + 1
		for j < len(low) && isWordByte(low[j]) {
			j++
		}
		t.IDs = append(t.IDs, dict.id(low[i:j]))
		t.lowStart = append(t.lowStart, int32(i))
		t.lowEnd = append(t.lowEnd, int32(j))
		if identity {
			t.Start = append(t.Start, int32(i))
			t.End = append(t.End, int32(j))
		} else {
			t.Start = append(t.Start, t.originStart(t.src[i]))
			t.End = append(t.End, t.originEnd(text, t.src[j-1]))
		}
		i = j
	}
	t.Stripped = mergeSpans(t.Stripped, t.strippedRaw)
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
// text.split(p).join(" ") does, keeping origins.
func (t *Tokens) strip(text string, p []byte) {
	low, src := t.spareLow[:0], t.spare[:0]
	rest := 0
	for {
		k := bytes.Index(t.low[rest:], p)
		if k < 0 {
			break
		}
		at := rest + k
		low = append(low, t.low[rest:at]...)
		src = append(src, t.src[rest:at]...)
		span := Span{Start: int(t.originStart(t.src[at])), End: int(t.originEnd(text, t.src[at+len(p)-1]))}
		t.strippedRaw = append(t.strippedRaw, span)
		low = append(low, ' ')
		src = append(src, -int32(len(t.strippedRaw)))
		rest = at + len(p)
	}
	low = append(low, t.low[rest:]...)
	src = append(src, t.src[rest:]...)
	t.spareLow, t.low = t.low, low
	t.spare, t.src = t.src, src
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

func isWordByte(c byte) bool { return ('a' <= c && c <= 'z') || ('0' <= c && c <= '9') }

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func appendASCIILower(dst []byte, s string) []byte {
	start := len(dst)
	dst = append(dst, s...)
	for i := start; i < len(dst); i++ {
		if c := dst[i]; 'A' <= c && c <= 'Z' {
			dst[i] = c + 'a' - 'A'
		}
	}
	return dst
}
