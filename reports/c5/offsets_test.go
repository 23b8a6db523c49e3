package c5

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/evalpress/evalpress/internal/jscompat"
)

// perByteOffsets is how the offsets were first computed, and the simplest
// way: an origin for every byte of the lowercase text (jscompat.LowerMapped),
// carried through each phrase's stripping, read at each word's first and
// last byte. Tokens keeps the origins as stretches instead; the two must give
// the same words, offsets and stripped ranges.
func perByteOffsets(text string, phrases []string) (words []string, start, end []int32, stripped []Span) {
	low, src := jscompat.LowerMapped(text, nil, []int32{})
	var raw []Span
	origin := func(v int32) (int32, int32) {
		if v < 0 {
			return int32(raw[-v-1].Start), int32(raw[-v-1].End)
		}
		_, size := utf8.DecodeRuneInString(text[v:])
		return v, v + int32(size)
	}
	for _, phrase := range phrases {
		p := []byte(jscompat.Lower(phrase))
		if len(p) == 0 {
			continue
		}
		var nl []byte
		var ns []int32
		rest := 0
		for {
			k := bytes.Index(low[rest:], p)
			if k < 0 {
				break
			}
			at := rest + k
			s, _ := origin(src[at])
			_, e := origin(src[at+len(p)-1])
			raw = append(raw, Span{int(s), int(e)})
			nl = append(append(nl, low[rest:at]...), ' ')
			ns = append(append(ns, src[rest:at]...), -int32(len(raw)))
			rest = at + len(p)
		}
		low, src = append(nl, low[rest:]...), append(ns, src[rest:]...)
	}
	for i := 0; i < len(low); {
		if !wordByte[low[i]] {
			i++
			continue
		}
		j := i + 1
		for j < len(low) && wordByte[low[j]] {
			j++
		}
		s, _ := origin(src[i])
		_, e := origin(src[j-1])
		words, start, end = append(words, string(low[i:j])), append(start, s), append(end, e)
		i = j
	}
	return words, start, end, mergeSpans(nil, raw)
}

func TestOffsetsMatchPerByteOrigins(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	pieces := []string{"word", "Word", "WORD", " ", "  ", "\n", ", ", "é", "École", "İ", "İstanbul", "\u212Aelvin",
		"\u2126", "Ⱥx", "ΟΔΟΣ", "Σ", "ß", "ẞ", "日本", "Ａ", "’", "\u0307", "a1", "9",
		// Bytes that are not UTF-8 (each lowercased to a three-byte U+FFFD),
		// and characters whose lowercase is longer or two characters.
		"\xff", "\xc3", "\xe2\x80", "\xed\xa0\x80", "\uFFFD", "ǅ", "ΐ", "ᾼ", "\u0130\u0307"}
	text := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		return b.String()
	}
	tests := []struct {
		name    string
		text    string
		phrases []string
	}{
		{"empty", "", nil},
		{"ascii", "The cart, the CART.", nil},
		{"phrase", "Hi, BRAND show!\nÉcole İs here.", []string{"brand show"}},
		{"phrase after an expansion", "İbrand show İ brand show", []string{"i\u0307brand", "show"}},
		{"phrase inside an expansion", "aİb İİ", []string{"\u0307b"}},
		{"phrases overlap after stripping", "abc def abcdef", []string{"c d", "ab", "b  e"}},
		{"kelvin and ohm", "\u212A\u2126 \u212Aelvin ohm\u2126s", []string{"k"}},
	}
	for i := range 400 {
		tc := tests[0]
		tc.name, tc.text = "random", text(rng.IntN(40))
		for range rng.IntN(3) {
			ws := strings.Fields(text(1 + rng.IntN(3)))
			if len(ws) > 0 {
				tc.phrases = append(tc.phrases, strings.Join(ws, " "))
			}
		}
		if i%7 == 0 { // a phrase cut out of the text itself
			if n := len(tc.text); n > 2 {
				a := rng.IntN(n - 1)
				b := a + 1 + rng.IntN(n-a-1)
				if p := strings.ToValidUTF8(tc.text[a:b], ""); strings.TrimSpace(p) != "" {
					tc.phrases = append(tc.phrases, p)
				}
			}
		}
		tests = append(tests, tc)
	}
	var tok Tokens // reused, as measurement workers reuse theirs
	for _, tc := range tests {
		words, start, end, stripped := perByteOffsets(tc.text, tc.phrases)
		NewNormaliser(tc.phrases).TokeniseWithOffsets(tc.text, NewDict(), &tok)
		var got []string
		for i := range tok.Len() {
			got = append(got, tok.Word(i))
		}
		if !slices.Equal(got, words) || !slices.Equal(tok.Start, start) || !slices.Equal(tok.End, end) || !slices.Equal(tok.Stripped, stripped) {
			t.Fatalf("%s: %q stripping %q:\n got %q %v %v %v\nwant %q %v %v %v", tc.name, tc.text, tc.phrases,
				got, tok.Start, tok.End, tok.Stripped, words, start, end, stripped)
		}
		if n := len(words); n > 0 {
			from := rng.IntN(n)
			to := from + rng.IntN(n-from+1)
			if w := tok.Words(from, to); w != strings.Join(words[from:to], " ") {
				t.Fatalf("%s: Words(%d, %d) = %q, want %q", tc.name, from, to, w, strings.Join(words[from:to], " "))
			}
		}
	}
}

// TestWordsAcrossMarks reads words far from the marked ones, across the
// marks, in a text of many words.
func TestWordsAcrossMarks(t *testing.T) {
	var ws []string
	for i := range 5*markEvery + 3 {
		ws = append(ws, strings.Repeat(string(rune('a'+i%26)), 1+i%5))
	}
	var tok Tokens
	NewNormaliser(nil).Tokenise(" ,"+strings.Join(ws, " -- ")+"!", NewDict(), &tok)
	tests := []struct{ from, to int }{
		{0, 0}, {0, 1}, {markEvery - 1, markEvery + 1}, {markEvery, markEvery}, {2*markEvery + 5, 4*markEvery + 2},
		{len(ws) - 1, len(ws)}, {0, len(ws)},
	}
	for _, tc := range tests {
		if got, want := tok.Words(tc.from, tc.to), strings.Join(ws[tc.from:tc.to], " "); got != want {
			t.Errorf("Words(%d, %d) = %q, want %q", tc.from, tc.to, got, want)
		}
	}
	// Sized for the words counted (up to the allocator's size class), not
	// grown by doubling.
	if tok.Len() != len(ws) || cap(tok.IDs) > len(ws)+len(ws)/4 {
		t.Errorf("%d words in a slice of %d, want %d in at most %d", tok.Len(), cap(tok.IDs), len(ws), len(ws)+len(ws)/4)
	}
}

func TestCountWordsMatchesByteByByte(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 11))
	alphabet := []byte("az09AZ`{/:@[ -\x7f\x80\xc3\xa9\xffbq5")
	for range 2000 {
		low := make([]byte, rng.IntN(40))
		for i := range low {
			low[i] = alphabet[rng.IntN(len(alphabet))]
		}
		want := 0
		for i := range low {
			if wordByte[low[i]] && (i == 0 || !wordByte[low[i-1]]) {
				want++
			}
		}
		if got := countWords(low); got != want {
			t.Fatalf("countWords(%q) = %d, want %d", low, got, want)
		}
	}
}

func TestDropWordsKeepsOffsets(t *testing.T) {
	var tok Tokens
	NewNormaliser([]string{"brand"}).TokeniseWithOffsets("The BRAND cart, İs here", NewDict(), &tok)
	ids, start, end := slices.Clone(tok.IDs), slices.Clone(tok.Start), slices.Clone(tok.End)
	if tok.Words(0, tok.Len()) != "the cart i s here" {
		t.Fatalf("words %q", tok.Words(0, tok.Len()))
	}
	tok.DropWords()
	if got := tok.Words(0, tok.Len()); got != "" {
		t.Errorf("words %q after DropWords, want none", got)
	}
	if !slices.Equal(tok.IDs, ids) || !slices.Equal(tok.Start, start) || !slices.Equal(tok.End, end) || tok.Len() != 5 {
		t.Errorf("DropWords changed the words' IDs or offsets")
	}
}
