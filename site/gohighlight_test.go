package site

import (
	"bytes"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/alecthomas/chroma/v2"
)

func TestGoTokensKeepTheSource(t *testing.T) {
	sources := []string{
		"package c5\n\nimport \"sort\"\n\n// Run is a run.\ntype Run struct{ A, B int }\n\nfunc f(x []int) int { return len(x) + 0x1F }\n",
		"package p\r\n/* a\r\nblock */\r\nvar s = `raw\r\nstring` // trailing\r\nconst c = 'x' + 1.5i\n",
		"package p\nfunc g() { a := []string{\"x\", `y`}; _ = a; for i := range 3 { println(i) } }",
		"package p\n// unterminated at the end",
		"",
		// Bytes that are not UTF-8 (go/scanner's token for one says U+FFFD,
		// three bytes for the source's one), a NUL, characters Go has not,
		// an unterminated string: a document's code block need not be Go.
		"\xff\n", "a\xfe", "x := 1 \xff\n", "s := \"\xc3\" + `\xe2\x82` // \xf0\n", "@#$ ? \x00 \u00e9t\u00e9", "\"open",
	}
	for _, src := range sources {
		var b strings.Builder
		for _, tok := range goTokens(src) {
			b.WriteString(tok.Value)
		}
		if b.String() != src {
			t.Errorf("tokens join to %q, want %q", b.String(), src)
		}
		out, err := highlightGo(src)
		if err != nil {
			t.Fatal(err)
		}
		text := html.UnescapeString(regexp.MustCompile(`<[^>]*>`).ReplaceAllString(string(out), ""))
		if text != src {
			t.Errorf("highlighted text %q, want the source %q", text, src)
		}
	}
}

// FuzzGoTokensKeepTheSource: a document's code block marked Go may hold
// anything; its tokens join to it, without a panic.
func FuzzGoTokensKeepTheSource(f *testing.F) {
	f.Add("package p\nfunc f() { return `x` }\n")
	f.Add("x := 1 \xff\n")
	f.Add("/* \r\n */ '\\'' \"\x00")
	f.Fuzz(func(t *testing.T, src string) {
		var b strings.Builder
		for _, tok := range goTokens(src) {
			b.WriteString(tok.Value)
		}
		if b.String() != src {
			t.Fatalf("tokens join to %q, want %q", b.String(), src)
		}
	})
}

func TestGoTokenTypes(t *testing.T) {
	src := "package p\n\nfunc f(n int) error {\n\tif n > 0 { return nil }\n\tx := len(\"s\") // c\n\treturn g(x)\n}\n"
	want := map[string]chroma.TokenType{
		"package": chroma.KeywordNamespace, "func": chroma.KeywordDeclaration, "f": chroma.NameFunction,
		"int": chroma.KeywordType, "error": chroma.KeywordType, "if": chroma.Keyword, "nil": chroma.KeywordConstant,
		"len": chroma.NameBuiltin, `"s"`: chroma.LiteralString, "// c": chroma.CommentSingle, "g": chroma.NameFunction,
		"x": chroma.NameOther, ":=": chroma.Operator, "(": chroma.Punctuation, "0": chroma.LiteralNumberInteger,
	}
	got := map[string]chroma.TokenType{}
	for _, tok := range goTokens(src) {
		if _, seen := got[tok.Value]; !seen {
			got[tok.Value] = tok.Type
		}
	}
	for text, typ := range want {
		if got[text] != typ {
			t.Errorf("%q is %v, want %v", text, got[text], typ)
		}
	}
}

// TestHighlightGoIsChromas: highlightGo writes what chroma's HTML formatter
// (chromaFormatter) writes for the same tokens, on sources with every kind
// of line end, on the project's own Go files (the method page publishes
// some), and on every cut of one of them.
func TestHighlightGoIsChromas(t *testing.T) {
	sources := []string{
		"", "\n", "\n\n", "x", "package p", "package p\n", "package p\n\n\n",
		"package p\r\n/* a\r\nblock */\r\nvar s = `raw\r\n\r\nstring` // trailing\r\nconst c = 'x' + 1.5i\n",
		"package p\n/* one\n\ntwo\n*/ var _ = \"<&'\\\"\"\n\t\n",
		"package p\n// unterminated at the end",
	}
	files, _ := filepath.Glob(filepath.Join("..", "reports", "*", "*.go"))
	more, _ := filepath.Glob("*.go")
	for _, f := range append(files, more...) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sources = append(sources, string(data))
	}
	if len(sources) < 40 {
		t.Fatalf("%d sources: the test reads too few", len(sources))
	}
	cut := sources[len(sources)-1]
	for i := 0; i < len(cut); i += 1 + len(cut)/300 {
		sources = append(sources, cut[:i], cut[i:])
	}
	for _, src := range sources {
		var want bytes.Buffer
		if err := chromaFormatter.Format(&want, lightStyle, chroma.Literator(goTokens(src)...)); err != nil {
			t.Fatal(err)
		}
		got, err := highlightGo(src)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != want.String() {
			t.Fatalf("highlightGo differs from chroma for %q:\n got %q\nwant %q", src[:min(len(src), 80)], got[:min(len(got), 400)], want.String()[:min(want.Len(), 400)])
		}
	}
}

func BenchmarkHighlightGo(b *testing.B) {
	files, _ := filepath.Glob(filepath.Join("..", "reports", "c5", "*.go"))
	var src strings.Builder
	for _, f := range files {
		data, _ := os.ReadFile(f)
		src.Write(data)
	}
	b.SetBytes(int64(src.Len()))
	for b.Loop() {
		highlightGo(src.String())
	}
}
