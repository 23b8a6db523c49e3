package redact

import (
	"github.com/evalpress/evalpress/internal/worddiff"
	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/reports/c5"
	"github.com/evalpress/evalpress/reports/findings"
)

// wordDiff diffs the example's words against the section's (by normalised
// word, as C5 compares them, anchored on the shared runs found) and shows
// each word with the whitespace after it, or masked. Consecutive words of
// one kind make one step.
func wordDiff(example, section *findings.Text, runs []c5.Run, masked bool) []public.DiffOp {
	anchors := make([]worddiff.Anchor, len(runs))
	for i, r := range runs {
		anchors[i] = worddiff.Anchor{A: r.ExampleAt, B: r.SectionAt, N: r.Words}
	}
	var out []public.DiffOp
	var cur []byte // the text of the step being built
	var curOp worddiff.Kind
	for s := range worddiff.Diff(example.Tokens.IDs, section.Tokens.IDs, anchors) {
		if s.Kind != curOp && len(cur) > 0 {
			out = append(out, public.DiffOp{Op: string(curOp), Text: string(cur)})
			cur = cur[:0]
		}
		curOp = s.Kind
		t, from := section, s.B
		if s.Kind == worddiff.Delete {
			t, from = example, s.A
		}
		cur = appendWords(cur, t, from, s.N, masked)
	}
	if len(cur) > 0 {
		out = append(out, public.DiffOp{Op: string(curOp), Text: string(cur)})
	}
	return out
}

// appendWords appends n words of t from its word from, each with the
// whitespace after it, or masked and followed by one space.
func appendWords(b []byte, t *findings.Text, from, n int, masked bool) []byte {
	if masked {
		for i := from; i < from+n; i++ {
			b = append(b, mask(t.Raw[t.Tokens.Start[i]:t.Tokens.End[i]])...)
			b = append(b, ' ')
		}
		return b
	}
	end := len(t.Raw)
	if from+n < t.Tokens.Len() {
		end = int(t.Tokens.Start[from+n])
	}
	return append(b, t.Raw[t.Tokens.Start[from]:end]...)
}
