package findings

import (
	"context"
	"reflect"
	"testing"
	"testing/fstest"

	"github.com/evalpress/evalpress/reports/inputs"
	"github.com/evalpress/evalpress/reports/measure"
)

func TestTextsFromTheMeasurementAreTheTextsTokenisedAgain(t *testing.T) {
	folder, err := inputs.OpenFS(fstest.MapFS{
		inputs.SectionsFile: {Data: []byte("# SCRIPT A\n## ONE\nthe quick brown fox jumps over the lazy dog near the river bank today, and then some\n" +
			"## TWO\nSay İstanbul: please subscribe now, café owners agree with the plan\n## THREE\nno example here\n" +
			"# SCRIPT B\n## ONE\na slow green turtle walks under the busy bridge by the old mill, the quick brown fox jumps\n")},
		inputs.ExamplesFile: {Data: []byte("## ONE\n### VARIANT 1\nthe quick brown fox jumps over the lazy dog near the river\n" +
			"### VARIANT 2\na slow green turtle walks under the busy bridge by the mill\n## TWO\nSay Istanbul and café owners agree with the plan\n")},
		inputs.PhrasesFile: {Data: []byte("please subscribe now\n")},
	}, "in")
	if err != nil {
		t.Fatal(err)
	}
	s := Settings{MinRun: 2}
	ctx := context.Background()
	m, err := measure.Run(ctx, folder, s.Criteria.NGram())
	if err != nil {
		t.Fatal(err)
	}
	again, err := Build(ctx, folder, s, m, Options{Key: testKey})
	if err != nil {
		t.Fatal(err)
	}
	mt, tokens, err := measure.RunWithTexts(ctx, folder, s.Criteria.NGram())
	if err != nil {
		t.Fatal(err)
	}
	kept, err := Build(ctx, folder, s, mt, Options{Tokens: tokens, Key: testKey})
	if err != nil {
		t.Fatal(err)
	}
	runs := 0
	for i, c := range kept.Cells {
		a := again.Cells[i]
		runs += len(c.Runs)
		if !reflect.DeepEqual(c.Runs, a.Runs) || c.SectionText.Raw != a.SectionText.Raw ||
			!reflect.DeepEqual(c.SectionText.Tokens.Start, a.SectionText.Tokens.Start) ||
			!reflect.DeepEqual(c.SectionText.Tokens.End, a.SectionText.Tokens.End) {
			t.Errorf("%s/%s: with the measurement's tokens %+v, tokenised again %+v", c.Script, c.Name, c.Runs, a.Runs)
		}
		if (c.ExampleText == nil) != (a.ExampleText == nil) || c.ExampleText != nil && (c.ExampleText.Raw != a.ExampleText.Raw ||
			!reflect.DeepEqual(c.ExampleText.Tokens.Start, a.ExampleText.Tokens.Start) ||
			c.ExampleText.Tokens.Words(0, c.ExampleText.Tokens.Len()) != a.ExampleText.Tokens.Words(0, a.ExampleText.Tokens.Len())) {
			t.Errorf("%s/%s: the example texts differ", c.Script, c.Name)
		}
	}
	if runs < 3 {
		t.Errorf("%d runs: the folder should have runs to compare", runs)
	}

	// Without the words (a public build): the same runs and offsets, and no
	// text's words, with the measurement's tokens and tokenised again.
	mt, tokens, err = measure.RunWithTexts(ctx, folder, s.Criteria.NGram())
	if err != nil {
		t.Fatal(err)
	}
	for name, opt := range map[string]Options{"kept": {Tokens: tokens, DropWords: true, Key: testKey}, "again": {DropWords: true, Key: testKey}} {
		dropped, err := Build(ctx, folder, s, mt, opt)
		if err != nil {
			t.Fatal(err)
		}
		for i, c := range dropped.Cells {
			a := again.Cells[i]
			if !reflect.DeepEqual(c.Runs, a.Runs) || c.SectionText.Tokens.Len() != a.SectionText.Tokens.Len() ||
				!reflect.DeepEqual(c.SectionText.Tokens.Start, a.SectionText.Tokens.Start) ||
				!reflect.DeepEqual(c.SectionText.Tokens.End, a.SectionText.Tokens.End) {
				t.Errorf("%s, %s/%s: without the words, runs %+v, want %+v", name, c.Script, c.Name, c.Runs, a.Runs)
			}
			if n := c.SectionText.Tokens.Len(); n > 0 && c.SectionText.Tokens.Words(0, n) != "" {
				t.Errorf("%s, %s/%s: the section's words are kept", name, c.Script, c.Name)
			}
			if c.ExampleText != nil && c.ExampleText.Tokens.Words(0, c.ExampleText.Tokens.Len()) != "" {
				t.Errorf("%s, %s/%s: the example's words are kept", name, c.Script, c.Name)
			}
		}
	}
}
