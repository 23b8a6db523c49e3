package judged

import (
	"testing"

	"github.com/evalpress/evalpress/reports/inputs"
)

// TestPrimaryJudgeOfAWritersLabIsPrivate: a primary judge whose lab made a
// writer (Gemma with a Gemini writer: Google) has its model kept private,
// as a family judge's is; a judge of another lab keeps it public.
func TestPrimaryJudgeOfAWritersLabIsPrivate(t *testing.T) {
	t.Parallel()
	folder := &inputs.Folder{Sections: []inputs.Section{{Script: "Gemini 2.5 Pro", Name: "ACT 1"}}}
	labs := WriterLabs(folder)
	if got := labs["Gemini 2.5 Pro"]; len(got) != 1 || got[0] != "Google" {
		t.Fatalf("WriterLabs = %v, want Google for the Gemini writer", labs)
	}
	for _, c := range []struct {
		model   string
		private bool
	}{{"Gemma 3 27B", true}, {"Qwen3 235B", false}, {"Mistral Large 2", false}} {
		tier := &Tier{Judges: []Judge{{ID: "p", Role: Primary, Model: c.model}}}
		terms := tier.PrivateTerms(WriterFamilies(folder), labs)
		if (len(terms) == 1) != c.private {
			t.Errorf("%s: private terms %+v, want private %v", c.model, terms, c.private)
		}
	}
}
