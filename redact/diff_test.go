package redact

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/sergi/go-diff/diffmatchpatch"

	"github.com/evalpress/evalpress/redact/public"
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

func TestWordDiffOfTextsWithNoWordInCommon(t *testing.T) {
	norm := c5.NewNormaliser(nil)
	dict := c5.NewDict()
	text := func(s string) *findings.Text {
		tx := &findings.Text{Raw: s}
		norm.TokeniseWithOffsets(s, dict, &tx.Tokens)
		return tx
	}
	ex := text(strings.Repeat("tide gull rope lamp ", 10))
	sec := text(strings.Repeat("boat quiet sun harbour ", 10))
	got := wordDiff(ex, sec, nil, false)
	want := []public.DiffOp{{Op: "-", Text: ex.Raw}, {Op: "+", Text: sec.Raw}}
	// What go-diff itself answers for two sequences with nothing in common.
	runes := func(ids []int32) []rune {
		rs := make([]rune, len(ids))
		for i, id := range ids {
			rs[i] = rune(0x10000 + id)
		}
		return rs
	}
	dmp := diffmatchpatch.New()
	dmp.DiffTimeout = 0
	d := dmp.DiffMainRunes(runes(ex.Tokens.IDs), runes(sec.Tokens.IDs), false)
	if len(d) != 2 || d[0].Type != diffmatchpatch.DiffDelete || d[1].Type != diffmatchpatch.DiffInsert {
		t.Fatalf("go-diff answers %v, not delete-all then insert-all", d)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("wordDiff = %q, want %q", got, want)
	}
}
