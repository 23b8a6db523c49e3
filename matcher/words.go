package matcher

import "unicode/utf8"

// HardBreak separates pieces of a text that no term or passage spans: the
// leak scan joins the strings of a file that stand alone with it.
const HardBreak = 0

// largeText is the size from which a folded text's buffers go with it
// rather than back to a pool.
const largeText = 1 << 20

// EachWord calls fn with the hash and byte offset of every word of text: a
// maximal run of letters and digits (combining marks included), folded as
// the matcher folds them, so that case, compatibility forms, accents and
// punctuation do not hide a passage; and with hash 0 at a HardBreak, which
// no passage spans.
func EachWord(text string, fn func(h uint64, at int)) {
	h, in, start := uint64(fnvOffset), false, 0
	kind := kindLetter
	for i := 0; i < len(text); {
		c := text[i]
		if c < utf8.RuneSelf {
			if a := asciiFold[c]; a != 0 {
				if in && kind != kindLetter {
					fn(h, start)
					in = false
				}
				if !in {
					h, in, start, kind = fnvOffset, true, i, kindLetter
				}
				h = (h ^ uint64(a)) * fnvPrime
			} else {
				if in {
					fn(h, start)
					in = false
				}
				if c == HardBreak {
					fn(0, i) // no passage spans it
				}
				if c == '[' {
					i += max(FootnoteRef(text[i:]), 1) // a footnote mark reads as a gap
					continue
				}
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(text[i:])
		out, k := reading(r, false)
		k &^= kindSyllable // a passage's words are as a reader's tools split them
		switch k &^ kindPunct {
		case kindMark:
		case kindGap:
			if in {
				fn(h, start)
				in = false
			}
		default:
			if in && (kind != k&^kindPunct || k&kindPunct != 0) {
				fn(h, start)
				in = false
			}
			if !in {
				h, in, start, kind = fnvOffset, true, i, k&^kindPunct
			}
			for k := 0; k < len(out); k++ {
				h = (h ^ uint64(out[k])) * fnvPrime
			}
			if k&kindPunct != 0 {
				fn(h, start)
				in = false
			}
		}
		i += size
	}
	if in {
		fn(h, start)
	}
}

// A word's hash is 64-bit FNV-1a of its folded bytes.
const fnvOffset, fnvPrime = 14695981039346656037, 1099511628211

// WordHash hashes a folded word (QuickText.Word) as EachWord does.
func WordHash(folded []byte) uint64 {
	h := uint64(fnvOffset)
	for _, c := range folded {
		h = (h ^ uint64(c)) * fnvPrime
	}
	return h
}
