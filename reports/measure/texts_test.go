package measure

import (
	"context"
	"reflect"
	"testing"
	"testing/fstest"

	"github.com/evalpress/evalpress/reports/c5"
	"github.com/evalpress/evalpress/reports/inputs"
)

// textsFolder has two scripts, a section with two example variants (the
// scripts' worst ones differ), one with a mandated phrase and non-ASCII
// letters, and one without example.
func textsFolder() (sections, examples, phrases string) {
	sections = "# SCRIPT A\n## ONE\nthe quick brown fox jumps over the lazy dog near the river bank today\n" +
		"## TWO\nSay İstanbul Straße: please subscribe now, and café owners agree with the plan\n" +
		"## THREE\nno example for this one at all\n" +
		"# SCRIPT B\n## ONE\na slow green turtle walks under the busy bridge by the old mill\n" +
		"## TWO\nplease  subscribe\nnow; owners of the café agree\n"
	examples = "## ONE\n### VARIANT 1\nthe quick brown fox jumps over the lazy dog near the river\n" +
		"### VARIANT 2\na slow green turtle walks under the busy bridge by the mill\n" +
		"## TWO\nSay Istanbul Strasse and café owners agree with the plan\n"
	return sections, examples, "please subscribe now\n"
}

func TestRunWithTextsKeepsWhatItMeasured(t *testing.T) {
	sections, examples, phrases := textsFolder()
	folder := openFS(t, sections, examples, phrases)
	plain, err := Run(context.Background(), folder, 3)
	if err != nil {
		t.Fatal(err)
	}
	got, texts, err := RunWithTexts(context.Background(), folder, 3)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, plain) {
		t.Errorf("RunWithTexts measured\n%+v\nRun measured\n%+v", got.Cells, plain.Cells)
	}
	if len(texts.Section) != len(got.Cells) || len(texts.Example) != len(got.Cells) {
		t.Fatalf("%d section and %d example tokens for %d cells", len(texts.Section), len(texts.Example), len(got.Cells))
	}
	same := func(what string, kept *c5.Tokens, text string) {
		t.Helper()
		var want c5.Tokens
		c5.NewNormaliser([]string{"please subscribe now"}).TokeniseWithOffsets(text, c5.NewDict(), &want)
		if kept.Words(0, kept.Len()) != want.Words(0, want.Len()) || !reflect.DeepEqual(kept.Start, want.Start) ||
			!reflect.DeepEqual(kept.End, want.End) || !reflect.DeepEqual(kept.Stripped, want.Stripped) {
			t.Errorf("%s: kept %q %v %v %v, tokenised alone %q %v %v %v", what, kept.Words(0, kept.Len()), kept.Start, kept.End, kept.Stripped,
				want.Words(0, want.Len()), want.Start, want.End, want.Stripped)
		}
	}
	worst := map[string]bool{}
	for i, c := range got.Cells {
		text, err := folder.SectionText(c.Section)
		if err != nil {
			t.Fatal(err)
		}
		same(c.Script+"/"+c.Name, texts.Section[i], text)
		if !c.HasExample {
			if texts.Example[i] != nil {
				t.Errorf("%s/%s: example tokens without an example", c.Script, c.Name)
			}
			continue
		}
		ex, err := folder.VariantText(folder.ExampleOf(c.Section).Variants[c.Worst])
		if err != nil {
			t.Fatal(err)
		}
		same(c.Script+"/"+c.Name+" worst variant", texts.Example[i], ex)
		worst[c.Name+string(rune('0'+c.Worst))] = true
	}
	if !worst["ONE0"] || !worst["ONE1"] {
		t.Errorf("the folder should make the scripts' worst variants of ONE differ: %v", worst)
	}
}

// openFS opens an inputs folder of the three files' contents.
func openFS(t *testing.T, sections, examples, phrases string) *inputs.Folder {
	t.Helper()
	fsys := fstest.MapFS{
		inputs.SectionsFile: {Data: []byte(sections)},
		inputs.ExamplesFile: {Data: []byte(examples)},
	}
	if phrases != "" {
		fsys[inputs.PhrasesFile] = &fstest.MapFile{Data: []byte(phrases)}
	}
	f, err := inputs.OpenFS(fsys, "in")
	if err != nil {
		t.Fatal(err)
	}
	return f
}
