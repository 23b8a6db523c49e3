package redact

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/evalpress/evalpress/reports/c5"
	"github.com/evalpress/evalpress/reports/findings"
)

// TestWordDiffRebuildsBothTexts diffs random texts that share copied
// stretches and checks that the diff's kept and added words are exactly the
// section's words, its kept and dropped words exactly the example's, and
// that the runs given as anchors stay whole.
func TestWordDiffRebuildsBothTexts(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 3))
	vocab := strings.Fields("the a harbour boat quiet week sun chief promised stayed and of in tide Rope, gull. lamp")
	random := func(n int) []string {
		w := make([]string, n)
		for i := range w {
			w[i] = vocab[rng.IntN(len(vocab))]
		}
		return w
	}
	norm := c5.NewNormaliser(nil)
	for i := range 300 {
		example := random(rng.IntN(60))
		section := random(rng.IntN(20))
		if len(example) > 10 {
			at := rng.IntN(len(example) - 10)
			section = append(section, example[at:at+10]...) // a copied stretch
		}
		section = append(section, random(rng.IntN(20))...)
		dict := c5.NewDict()
		text := func(words []string) *findings.Text {
			tx := &findings.Text{Raw: strings.Join(words, " ") + "\n"}
			norm.TokeniseWithOffsets(tx.Raw, dict, &tx.Tokens)
			return tx
		}
		ex, sec := text(example), text(section)
		var runs []c5.Run
		if len(example) > 10 {
			// The copied stretch as a run, found by brute force.
			for s := 0; s+10 <= sec.Tokens.Len() && runs == nil; s++ {
				for e := 0; e+10 <= ex.Tokens.Len(); e++ {
					if slices.Equal(sec.Tokens.IDs[s:s+10], ex.Tokens.IDs[e:e+10]) {
						runs = []c5.Run{{Words: 10, SectionAt: s, ExampleAt: e}}
						break
					}
				}
			}
		}
		ops := wordDiff(ex, sec, runs, false)
		var gotSection, gotExample []int32
		kept := 0
		for _, op := range ops {
			var tok c5.Tokens
			norm.Tokenise(op.Text, dict, &tok)
			switch op.Op {
			case "=":
				gotSection = append(gotSection, tok.IDs...)
				gotExample = append(gotExample, tok.IDs...)
				kept = max(kept, tok.Len())
			case "+":
				gotSection = append(gotSection, tok.IDs...)
			case "-":
				gotExample = append(gotExample, tok.IDs...)
			}
		}
		if !slices.Equal(gotSection, sec.Tokens.IDs) || !slices.Equal(gotExample, ex.Tokens.IDs) {
			t.Fatalf("case %d: the diff does not rebuild the texts\nexample %q\nsection %q\nops %q", i, ex.Raw, sec.Raw, ops)
		}
		if runs != nil && kept < 10 {
			t.Fatalf("case %d: the 10-word run is not one kept stretch: %q", i, ops)
		}
	}
}

func TestPatienceAnchors(t *testing.T) {
	for _, tc := range []struct {
		a, b []int32
		want [][2]int
	}{
		{[]int32{1, 2, 3}, []int32{1, 2, 3}, [][2]int{{0, 0}, {1, 1}, {2, 2}}},
		{[]int32{1, 2, 3}, []int32{3, 2, 1}, [][2]int{{2, 0}}},            // one of the three keeps order
		{[]int32{5, 1, 5, 2}, []int32{1, 5, 2}, [][2]int{{1, 0}, {3, 2}}}, // 5 repeats in a
		{[]int32{1, 2}, []int32{3, 4}, nil},
		{nil, []int32{1}, nil},
	} {
		var p patience
		if got := p.anchors(tc.a, tc.b); !slices.Equal(got, tc.want) {
			t.Errorf("anchors(%v, %v) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}
