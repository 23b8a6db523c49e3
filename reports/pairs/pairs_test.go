package pairs

import (
	"fmt"
	"strings"
	"testing"

	"github.com/evalpress/evalpress/reports/c5"
)

const (
	example = "the lock keeper opened the sluice gate at dawn while the barges waited in a long line below the old stone bridge"
	shared  = "every house on the lane kept a lamp burning for the ferry that never came back across"
)

// tokenise tokenises texts with one dictionary.
func tokenise(texts ...string) []*c5.Tokens {
	norm, dict := c5.NewNormaliser(nil), c5.NewDict()
	out := make([]*c5.Tokens, len(texts))
	for i, s := range texts {
		out[i] = new(c5.Tokens)
		norm.Tokenise(s, dict, out[i])
		out[i] = &c5.Tokens{IDs: append([]int32(nil), out[i].IDs...)}
	}
	return out
}

func TestSection(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		a, b     string
		run, own int
		overlapA float64
		origin   Origin
	}{
		{"both copy the example", "quiet words here " + example[:70] + " and more of mine",
			"other writing entirely " + example[:70] + " then something else", 13, 0, 0, FromExample},
		{"they share words of their own", "to begin " + shared + " and so on",
			"at the start " + shared + " as told", 17, 17, 0, FromEachOther},
		{"nothing shared", "one two three four five six seven eight nine", "ten eleven twelve", 0, 0, 0, ""},
		{"a is all in b", "alpha beta gamma delta epsilon zeta eta theta iota", "x alpha beta gamma delta epsilon zeta eta theta iota y", 9, 9, 1, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			tok := tokenise(tc.a, tc.b, example)
			var m Measurer
			ps := m.Section([]Text{{Writer: 0, Section: tok[0], Example: tok[2]}, {Writer: 1, Section: tok[1], Example: tok[2]}}, 8)
			if len(ps) != 1 {
				t.Fatalf("%d pairs, want 1", len(ps))
			}
			p := ps[0]
			if p.Run != tc.run || p.Own != tc.own || p.Origin(12) != tc.origin {
				t.Errorf("run %d, own %d, origin %q; want %d, %d, %q", p.Run, p.Own, p.Origin(12), tc.run, tc.own, tc.origin)
			}
			if tc.overlapA != 0 && p.OverlapA != tc.overlapA {
				t.Errorf("overlap of A in B %v, want %v", p.OverlapA, tc.overlapA)
			}
			if want := longestRun(strings.Fields(tok0(tc.a)), strings.Fields(tok0(tc.b))); p.Run != want {
				t.Errorf("run %d, the plain dynamic programme finds %d", p.Run, want)
			}
		})
	}
}

// TestSectionOrder: every pair once, in the order of the texts.
func TestSectionOrder(t *testing.T) {
	t.Parallel()
	tok := tokenise("a b c", "b c d", "c d e", example)
	var m Measurer
	var texts []Text
	for i := range 3 {
		texts = append(texts, Text{Writer: i, Section: tok[i], Example: tok[3]})
	}
	var got [][2]int
	for _, p := range m.Section(texts, 8) {
		got = append(got, [2]int{p.A, p.B})
	}
	if want := [][2]int{{0, 1}, {0, 2}, {1, 2}}; len(got) != 3 || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
		t.Errorf("pairs %v, want %v", got, want)
	}
}

func tok0(s string) string { return strings.ToLower(s) }

// longestRun is the reference's dynamic programme, the oracle.
func longestRun(a, b []string) int {
	best := 0
	prev := make([]int, len(b)+1)
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		for j := 1; j <= len(b); j++ {
			if a[i-1] == b[j-1] {
				cur[j] = prev[j-1] + 1
				best = max(best, cur[j])
			}
		}
		prev = cur
	}
	return best
}

// BenchmarkSection measures one section of 30 writers' versions of 400
// words, each with a stretch of the example: 435 pairs.
func BenchmarkSection(b *testing.B) {
	words := func(seed, n int) string {
		ws := make([]string, n)
		for i := range ws {
			ws[i] = fmt.Sprintf("w%d", (seed*7919+i*104729)%3000)
		}
		return strings.Join(ws, " ")
	}
	ex := words(1, 400)
	texts := []string{ex}
	for w := range 30 {
		texts = append(texts, words(100+w, 350)+" "+ex[:300])
	}
	tok := tokenise(texts...)
	var in []Text
	for w := range 30 {
		in = append(in, Text{Writer: w, Section: tok[w+1], Example: tok[0]})
	}
	var m Measurer
	for b.Loop() {
		m.Section(in, 8)
	}
}
