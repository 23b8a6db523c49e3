package redact

import (
	"errors"
	"strings"
	"testing"

	"github.com/evalpress/evalpress/internal/diag"
	"github.com/evalpress/evalpress/matcher"
	"github.com/evalpress/evalpress/reports/inputs"
)

// TestPrivateTermInADocumentIsAnError: an author's document with a private
// term stops the build at its file, line and column, naming the kind of
// term and the alias to write, never a letter of the term; a phrase the
// author confirmed, and ordinary words, build.
func TestPrivateTermInADocumentIsAnError(t *testing.T) {
	t.Parallel()
	folder := &inputs.Folder{
		Sections:  []inputs.Section{{Script: "Claude Opus 4.1", Name: "ACT 1"}, {Script: "Gemini 2.5 Pro", Name: "ACT 1"}},
		Phrases:   []inputs.Term{{Text: "stay curious", File: "mandated_phrases.txt", Line: 2}},
		Confirmed: []inputs.Term{{Text: "Claude Monet", Line: 1}, {Text: "Claude 4.1", Line: 2}},
	}
	m := matcher.New(matcher.Terms(folder))
	alias := map[string]string{"Claude Opus 4.1": "Model 1", "Gemini 2.5 Pro": "Model 2"}
	for _, tc := range []struct {
		doc, want string // want: the error, "" to build
	}{
		{"# Findings\n\nA painting by Claude Monet hangs here.\n", ""},
		{"A llama grazed; the command line; metadata; O(1).\n", ""},
		{"# Findings\n\nModel 1 (Claude 4.1) led.\n", `content/findings.md:3:10: 10 characters here are a family word of the writer Model 1; write the alias "Model 1"`},
		{"Intro.\n\nThe 2.5 Pro wrote most, and Gemini too.\n", `content/findings.md:3:5: 7 characters here are a short form of its name (the writer Model 2); write the alias "Model 2"; 1 more in this document`},
		{"Gemini, born under gemini.\n", `content/findings.md:1:1: 6 characters here are a family word of the writer Model 2`},
		{"We stay curious.\n", `content/findings.md:1:4: 12 characters here are a mandated phrase from mandated_phrases.txt:2; rewrite the sentence without it`},
		{"— クロード wrote it\n", `content/findings.md:1:3: 4 characters here are its lab's or family's name in another script (the writer Model 1)`},
	} {
		err := CheckDocuments(m, []RawDocument{{Path: "findings.md", Markdown: tc.doc}}, "content", alias)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%q: %v, want it to build", tc.doc, err)
		case tc.want != "" && (err == nil || !strings.HasPrefix(err.Error(), tc.want)):
			t.Errorf("%q:\n got %v\nwant %s...", tc.doc, err, tc.want)
		case err != nil:
			for _, private := range []string{"Claude", "Gemini", "2.5", "curious", "クロード"} {
				if strings.Contains(err.Error(), private) {
					t.Errorf("%q: the error quotes %q: %v", tc.doc, private, err)
				}
			}
		}
	}
}

// TestFalseAlarmsStopOnceAndAreConfirmed: the ordinary phrases that hold a
// lab's word each stop the build with one line, and build once the author
// confirms them; the confirmation covers the phrase, not the word alone.
func TestFalseAlarmsStopOnceAndAreConfirmed(t *testing.T) {
	t.Parallel()
	phrases := []string{"Claude Monet", "born under gemini", "Leonardo da Vinci", "Amazon river", "Nova Scotia", "phi coefficient"}
	sections := []inputs.Section{{Script: "Claude Opus 4.1"}, {Script: "Gemini 2.5 Pro"}, {Script: "GPT-5"}, {Script: "Nova Pro"}, {Script: "Phi-4"}}
	alias := map[string]string{"Claude Opus 4.1": "Model 1", "Gemini 2.5 Pro": "Model 2", "GPT-5": "Model 3", "Nova Pro": "Model 4", "Phi-4": "Model 5"}
	var confirmed []inputs.Term
	for i, p := range phrases {
		confirmed = append(confirmed, inputs.Term{Text: p, Line: i + 1})
	}
	plain := matcher.New(matcher.Terms(&inputs.Folder{Sections: sections}))
	withList := matcher.New(matcher.Terms(&inputs.Folder{Sections: sections, Confirmed: confirmed}))
	for _, p := range phrases {
		doc := []RawDocument{{Path: "notes.md", Markdown: "We saw " + p + " there.\n"}}
		err := CheckDocuments(plain, doc, "content", alias)
		var d *diag.Diagnostic
		if !errors.As(err, &d) || strings.Contains(err.Error(), "\n") || !strings.HasPrefix(err.Error(), "content/notes.md:1:") ||
			!strings.Contains(d.Hint, "confirmed.txt") {
			t.Errorf("%q: %v; want one line at content/notes.md:1 with the hint to confirm it", p, err)
		}
		if err := CheckDocuments(withList, doc, "content", alias); err != nil {
			t.Errorf("%q confirmed: %v", p, err)
		}
	}
	// The word alone, or in another phrase, is still an error.
	if err := CheckDocuments(withList, []RawDocument{{Path: "notes.md", Markdown: "Claude wrote it.\n"}}, "content", alias); err == nil {
		t.Error("a confirmed phrase let its word through alone")
	}
}
