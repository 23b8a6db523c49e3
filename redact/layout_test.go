package redact

import (
	"fmt"
	"strings"
	"testing"

	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/reports/c5"
	"github.com/evalpress/evalpress/reports/findings"
)

// TestLayoutMarksEveryStrippedPhrase lays out texts with mandated phrases
// at the start, between words, twice in a row and at the end, some inside
// a run: each gap that overlaps a stripped phrase, and only such a gap,
// is a stripped segment, wherever the phrases fall.
func TestLayoutMarksEveryStrippedPhrase(t *testing.T) {
	norm := c5.NewNormaliser([]string{"stay curious", "subscribe now"})
	tests := []struct {
		text string
		want string // segments as kind:text, unmasked: t text, m stripped
	}{
		{"Stay curious, the river runs.", "m:Stay curious, |t:the river runs."},
		{"the river, stay curious, runs on", "t:the river|m:, stay curious, |t:runs on"},
		{"one subscribe now two stay curious three", "t:one|m: subscribe now |t:two|m: stay curious |t:three"},
		// A phrase with two spaces inside is not the phrase: not stripped.
		{"one Subscribe Now  stay  curious two", "t:one|m: Subscribe Now  |t:stay  curious two"},
		{"the end, subscribe now", "t:the end|m:, subscribe now"},
		{"subscribe now stay curious subscribe now", "m:subscribe now stay curious subscribe now"},
		{"no phrase here at all", "t:no phrase here at all"},
	}
	for _, tt := range tests {
		txt := &findings.Text{Raw: tt.text}
		norm.TokeniseWithOffsets(tt.text, c5.NewDict(), &txt.Tokens)
		tv := layout(txt, make([]int, txt.Tokens.Len()), false)
		var got []string
		for _, seg := range tv.Segments {
			got = append(got, seg.Kind+":"+seg.Text)
		}
		if g := strings.Join(got, "|"); g != tt.want {
			t.Errorf("%q:\n got %s\nwant %s", tt.text, g, tt.want)
		}
		// Masked, the same gaps are stripped.
		masked := layout(txt, make([]int, txt.Tokens.Len()), true)
		if a, b := kinds(tv), kinds(masked); a != b {
			t.Errorf("%q: masked kinds %s, unmasked %s", tt.text, b, a)
		}
	}
}

func kinds(tv *public.TextView) string {
	var b strings.Builder
	for _, s := range tv.Segments {
		fmt.Fprintf(&b, "%s ", s.Kind)
	}
	return b.String()
}

func BenchmarkLayout(b *testing.B) {
	var words []string
	for i := range 20000 {
		switch i % 97 {
		case 13:
			words = append(words, "stay curious,")
		case 50:
			words = append(words, "subscribe now.")
		default:
			words = append(words, fmt.Sprintf("w%d", i%251))
		}
	}
	text := strings.Join(words, " ")
	txt := &findings.Text{Raw: text}
	c5.NewNormaliser([]string{"stay curious", "subscribe now"}).TokeniseWithOffsets(text, c5.NewDict(), &txt.Tokens)
	runOf := make([]int, txt.Tokens.Len())
	for i := range runOf {
		if i%40 < 12 {
			runOf[i] = i/40 + 1
		}
	}
	for b.Loop() {
		layout(txt, runOf, true)
	}
}
